// SPDX-License-Identifier: MIT
/*
 * The soft-off sleep type (S5) from the DSDT's AML, as small kernels find
 * it: by a byte-pattern scan, not an AML interpreter. The encoding is ACPI
 * 6.5 §20.2: DefName := NameOp (0x08) NameString DataRefObject, where a
 * NameString is a 4-character NameSeg, here "_S5_", optionally after the
 * root prefix '\\'; DefPackage := PackageOp (0x12) PkgLength NumElements
 * PackageElementList (§20.2.5.4); PkgLength is 1-4 bytes, the lead byte's
 * bits 7:6 counting the bytes that follow (§20.2.4); the integers are
 * ZeroOp 0x00, OneOp 0x01, OnesOp 0xff, or BytePrefix 0x0a, WordPrefix
 * 0x0b, DWordPrefix 0x0c, QWordPrefix 0x0e followed by 1, 2, 4 or 8 bytes
 * (§20.2.3). The package's first two elements are SLP_TYPa and SLP_TYPb
 * (§7.4.2, \_Sx).
 *
 * Limits: an \_S5 that is a Method returning the package, one whose values
 * are names or expressions evaluated at run time, and one inside an If the
 * firmware means to be skipped on this machine are not handled (the first
 * two give -EINVAL, the last a possibly wrong answer); "_S5_" bytes that
 * happen to follow a 0x08 inside some other object could be taken for the
 * name, which is why the package must decode fully within the table. Real
 * firmware nearly always writes Name (_S5, Package () { a, b, ... }), which
 * is what QEMU, Bochs and the PCs this kernel is tried on use.
 */
#include <kernel/acpi.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define AML_NAME_OP 0x08
#define AML_ROOT_CHAR 0x5c
#define AML_PACKAGE_OP 0x12
#define AML_ZERO_OP 0x00
#define AML_ONE_OP 0x01
#define AML_ONES_OP 0xff
#define AML_BYTE_PREFIX 0x0a
#define AML_WORD_PREFIX 0x0b
#define AML_DWORD_PREFIX 0x0c
#define AML_QWORD_PREFIX 0x0e
#define SLP_TYP_MAX 7 /* a 3-bit field of PM1 control (§4.8.3.2.1) */

/* Decodes the integer at *p (< end); false if it is not one. */
static bool aml_integer(const u8 **p, const u8 *end, u64 *v)
{
	static const u8 sizes[] = { [AML_BYTE_PREFIX] = 1,
				    [AML_WORD_PREFIX] = 2,
				    [AML_DWORD_PREFIX] = 4,
				    [AML_QWORD_PREFIX] = 8 };
	u8 op = **p;
	size_t n;

	if (op == AML_ZERO_OP || op == AML_ONE_OP || op == AML_ONES_OP) {
		*v = op == AML_ONES_OP ? ~0ull : op;
		(*p)++;
		return true;
	}
	if (op >= sizeof(sizes) || !sizes[op])
		return false;
	n = sizes[op];
	if ((size_t)(end - *p) < 1 + n)
		return false;
	*v = 0;
	for (size_t i = 0; i < n; i++)
		*v |= (u64)(*p)[1 + i] << (8 * i); /* AML integers are little-endian */
	*p += 1 + n;
	return true;
}

/* Decodes the package after "_S5_" at p; 0 or -EINVAL. */
static int decode_s5_package(const u8 *p, const u8 *end, u8 *a, u8 *b)
{
	const u8 *pkg_end;
	size_t pkg_len, follow;
	u64 v[2];

	if (end - p < 3 || p[0] != AML_PACKAGE_OP)
		return -EINVAL;
	p++;
	follow = p[0] >> 6;
	if ((size_t)(end - p) < 1 + follow)
		return -EINVAL;
	if (follow == 0) {
		pkg_len = p[0] & 0x3f;
	} else {
		pkg_len = p[0] & 0x0f;
		for (size_t i = 0; i < follow; i++)
			pkg_len |= (size_t)p[1 + i] << (4 + 8 * i);
	}
	/* PkgLength counts itself and what follows it, not the PackageOp. */
	if (pkg_len < 1 + follow + 1 || pkg_len > (size_t)(end - p))
		return -EINVAL;
	pkg_end = p + pkg_len;
	p += 1 + follow;
	if (*p++ < 2) /* NumElements */
		return -EINVAL;
	for (int i = 0; i < 2; i++) {
		if (p >= pkg_end || !aml_integer(&p, pkg_end, &v[i]) || v[i] > SLP_TYP_MAX)
			return -EINVAL;
	}
	*a = (u8)v[0];
	*b = (u8)v[1];
	return 0;
}

int acpi_find_s5(const u8 *aml, size_t len, u8 *slp_typa, u8 *slp_typb)
{
	int ret = -ENOENT;

	for (size_t i = 1; i + 4 <= len; i++) {
		bool named;

		if (memcmp(aml + i, "_S5_", 4))
			continue;
		named = aml[i - 1] == AML_NAME_OP ||
			(i >= 2 && aml[i - 1] == AML_ROOT_CHAR && aml[i - 2] == AML_NAME_OP);
		if (!named)
			continue;
		ret = decode_s5_package(aml + i + 4, aml + len, slp_typa, slp_typb);
		if (ret == 0)
			return 0;
	}
	return ret;
}

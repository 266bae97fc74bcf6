// SPDX-License-Identifier: MIT
/*
 * The \_S5 scan of AML byte code (kernel/fw/acpi_s5.c), on hand-assembled
 * AML (ACPI 6.5 §20.2): the package QEMU's DSDT has, Bochs-style byte
 * constants after a root prefix, a two-byte PkgLength, every integer
 * encoding, and what must be refused -- a name without NameOp, a method,
 * values wider than SLP_TYP's 3 bits, a package cut off by the table's end.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <kernel/acpi.h>
#include <uapi/linux/errno.h>

#define S5 '_', 'S', '5', '_'

static int scan(const u8 *aml, size_t len, u8 *a, u8 *b)
{
	*a = *b = 0xee;
	return acpi_find_s5(aml, len, a, b);
}

/* QEMU: Name (_S5, Package (0x04) { Zero, Zero, Zero, Zero }) inside a scope. */
static void test_qemu_package(void **state)
{
	const u8 aml[] = { 0x10, 0x20, '\\', 0x08, S5, 0x12, 0x06, 0x04, 0x00, 0x00, 0x00, 0x00 };
	u8 a, b;

	(void)state;
	assert_int_equal(scan(aml, sizeof(aml), &a, &b), 0);
	assert_int_equal(a, 0);
	assert_int_equal(b, 0);
}

/* Name (\_S5, Package () { 0x07, 0x05 }) with BytePrefix constants. */
static void test_root_prefix_byte_constants(void **state)
{
	const u8 aml[] = { 0x08, '\\', S5, 0x12, 0x06, 0x02, 0x0a, 0x07, 0x0a, 0x05 };
	u8 a, b;

	(void)state;
	assert_int_equal(scan(aml, sizeof(aml), &a, &b), 0);
	assert_int_equal(a, 7);
	assert_int_equal(b, 5);
}

/* OneOp, WordPrefix, DWordPrefix and a PkgLength of two bytes (0x40 | low nibble, high byte). */
static void test_encodings_and_long_pkglength(void **state)
{
	u8 aml[80] = { 0x08, S5, 0x12, 0x40 | 0x0a, 0x04, 0x03, 0x01, 0x0b, 0x06, 0x00 };
	u8 a, b;

	(void)state;
	/* PkgLength 0x04a = 74: two length bytes, NumElements, 3 bytes of values, the rest padding. */
	assert_int_equal(scan(aml, 6 + 74, &a, &b), 0);
	assert_int_equal(a, 1);
	assert_int_equal(b, 6);

	const u8 dword[] = { 0x08, S5, 0x12, 0x0c, 0x02, 0x0c, 0x03, 0, 0, 0, 0x0c, 0x04, 0, 0, 0 };

	assert_int_equal(scan(dword, sizeof(dword), &a, &b), 0);
	assert_int_equal(a, 3);
	assert_int_equal(b, 4);
}

/* "_S5_" not after NameOp (a string, a reference) is not the object. */
static void test_without_nameop_not_found(void **state)
{
	const u8 aml[] = { 0x0d, S5, 0x00, 0x70, S5, 0x60, 0x12, 0x04, 0x02, 0x00, 0x00 };
	u8 a, b;

	(void)state;
	assert_int_equal(scan(aml, sizeof(aml), &a, &b), -ENOENT);
	assert_int_equal(scan(aml, 0, &a, &b), -ENOENT);
}

/* Method (_S5, 0) { ... }: MethodOp 0x14, not NameOp: the scan does not evaluate methods. */
static void test_method_not_handled(void **state)
{
	const u8 aml[] = { 0x14, 0x09, S5, 0x00, 0xa4, 0x12, 0x04, 0x02, 0x00, 0x00 };
	u8 a, b;

	(void)state;
	assert_int_equal(scan(aml, sizeof(aml), &a, &b), -ENOENT);
}

/* SLP_TYP is 3 bits: 8 and OnesOp are refused; so is a package of one element. */
static void test_bad_values_einval(void **state)
{
	const u8 big[] = { 0x08, S5, 0x12, 0x06, 0x02, 0x0a, 0x08, 0x0a, 0x00 };
	const u8 ones[] = { 0x08, S5, 0x12, 0x04, 0x02, 0xff, 0x00 };
	const u8 one_element[] = { 0x08, S5, 0x12, 0x03, 0x01, 0x00 };
	const u8 name_ref[] = { 0x08, S5, 0x12, 0x0a, 0x02, 'S', 'L', 'P', 'A', 'S', 'L', 'P', 'B' };
	u8 a, b;

	(void)state;
	assert_int_equal(scan(big, sizeof(big), &a, &b), -EINVAL);
	assert_int_equal(scan(ones, sizeof(ones), &a, &b), -EINVAL);
	assert_int_equal(scan(one_element, sizeof(one_element), &a, &b), -EINVAL);
	assert_int_equal(scan(name_ref, sizeof(name_ref), &a, &b), -EINVAL);
	assert_int_equal(a, 0xee); /* nothing stored on failure */
}

/* A PkgLength past the table's end, or values past the package's, are refused. */
static void test_truncated_einval(void **state)
{
	const u8 aml[] = { 0x08, S5, 0x12, 0x06, 0x04, 0x0a, 0x05, 0x0a, 0x05, 0x00 };
	const u8 short_pkg[] = { 0x08, S5, 0x12, 0x04, 0x02, 0x0a, 0x05, 0x0a, 0x05 };
	u8 a, b;

	(void)state;
	assert_int_equal(scan(aml, sizeof(aml), &a, &b), 0);
	assert_int_equal(scan(aml, sizeof(aml) - 2, &a, &b), -EINVAL); /* one short of PkgLength */
	assert_int_equal(scan(aml, 7, &a, &b), -EINVAL);	       /* ends after PkgLength */
	assert_int_equal(scan(aml, 6, &a, &b), -EINVAL);	       /* ends at the PkgLength */
	assert_int_equal(scan(short_pkg, sizeof(short_pkg), &a, &b), -EINVAL);
}

/* A bogus match first (bad package), the real object later: the real one wins. */
static void test_second_match_used(void **state)
{
	const u8 aml[] = { 0x08, S5, 0x0a, 0x01, 0x08, S5, 0x12, 0x05, 0x02, 0x0a, 0x05, 0x01 };
	u8 a, b;

	(void)state;
	assert_int_equal(scan(aml, sizeof(aml), &a, &b), 0);
	assert_int_equal(a, 5);
	assert_int_equal(b, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_qemu_package),
		cmocka_unit_test(test_root_prefix_byte_constants),
		cmocka_unit_test(test_encodings_and_long_pkglength),
		cmocka_unit_test(test_without_nameop_not_found),
		cmocka_unit_test(test_method_not_handled),
		cmocka_unit_test(test_bad_values_einval),
		cmocka_unit_test(test_truncated_einval),
		cmocka_unit_test(test_second_match_used),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

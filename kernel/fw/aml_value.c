// SPDX-License-Identifier: MIT
/*
 * The values AML methods compute with (include/kernel/aml.h, struct
 * aml_value): integers as wide as the DSDT's revision makes them
 * (§5.2.11.1), references, an operand's conversion to an integer
 * (§19.3.5.7), the data objects Buffer and Package built from their AML
 * (§19.6.10, §19.6.101), and a named object's value -- a Name's data
 * decoded the first time it is read, a field read, a method run.
 */
#include <kernel/aml_internal.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define AML_MAX_ELEMENTS 4096 /* in one package */
#define AML_MAX_BUFFER 65536  /* bytes in one buffer */

u64 aml_ones(const struct aml_exec *ex)
{
	return ex->ns->int32 ? 0xffffffffull : ~0ull;
}

void aml_set_int(struct aml_value *v, u64 x)
{
	memset(v, 0, sizeof(*v));
	v->type = AML_INTEGER;
	v->integer = x;
}

void aml_set_ref(struct aml_value *v, u8 kind, struct aml_value *elems, u8 *bytes, u32 index,
		 struct aml_node *node)
{
	memset(v, 0, sizeof(*v));
	v->type = AML_REF;
	v->ref_kind = kind;
	v->elems = elems;
	v->bytes = bytes;
	v->len = index;
	v->node = node;
}

bool aml_fits(const u8 *p, const u8 *end, size_t n)
{
	return p <= end && (size_t)(end - p) >= n;
}

u64 aml_little_endian(const u8 *p, size_t n)
{
	u64 v = 0;

	for (size_t i = 0; i < n; i++)
		v |= (u64)p[i] << (8 * i);
	return v;
}

int aml_to_int(struct aml_exec *ex, const struct aml_value *v, u64 *out)
{
	size_t n;

	switch (v->type) {
	case AML_INTEGER:
		*out = v->integer & aml_ones(ex);
		return 0;
	case AML_BUFFER: /* the first 8 (4) bytes, little-endian (§19.3.5.7) */
		n = v->len < (ex->ns->int32 ? 4u : 8u) ? v->len : (ex->ns->int32 ? 4u : 8u);
		*out = aml_little_endian(v->bytes, n);
		return 0;
	case AML_STRING: /* hexadecimal digits up to the first other character */
		*out = 0;
		for (u32 i = 0; i < v->len && i < 16; i++) {
			u8 c = v->bytes[i] | 0x20;
			unsigned int d;

			if (v->bytes[i] >= '0' && v->bytes[i] <= '9')
				d = v->bytes[i] - '0';
			else if (c >= 'a' && c <= 'f')
				d = c - 'a' + 10;
			else
				break;
			*out = *out << 4 | d;
		}
		*out &= aml_ones(ex);
		return 0;
	case AML_UNINIT:
		return aml_fail(ex->ns, -EINVAL, "an uninitialized operand");
	default:
		return aml_fail(ex->ns, -EOPNOTSUPP, "an operand of type %u, not an integer",
				v->type);
	}
}

/* Decodes a lazy Name's data the first time it is used. */
int aml_materialize(struct aml_exec *ex, struct aml_node *node)
{
	struct aml_frame *saved = ex->frame, f;
	const u8 *p = node->value.bytes;
	struct aml_value v;
	int ret;

	memset(&f, 0, sizeof(f));
	f.scope = node->parent;
	ex->frame = &f;
	ret = aml_eval_arg(ex, &p, node->value.bytes + node->value.len, &v);
	ex->frame = saved;
	if (ret)
		return ret;
	node->type = v.type == AML_REF ? AML_UNINIT : v.type;
	node->value = v;
	return 0;
}

int aml_node_value(struct aml_exec *ex, struct aml_node *node, struct aml_value *out)
{
	int ret;

	if (node->type == AML_LAZY && (ret = aml_materialize(ex, node)))
		return ret;
	switch (node->type) {
	case AML_UNINIT:
	case AML_INTEGER:
	case AML_STRING:
	case AML_BUFFER:
	case AML_PACKAGE:
		*out = node->value;
		return 0;
	case AML_FIELD_UNIT:
		aml_set_int(out, 0);
		return aml_field_read(ex, node, &out->integer);
	case AML_METHOD:
		return aml_call_method(ex, node, NULL, 0, out);
	default:
		aml_set_ref(out, AML_REF_NODE, NULL, NULL, 0, node);
		return 0;
	}
}

/* Buffer (BufferSize) {ByteList} (§19.6.10): zero-filled past the list. */
int aml_eval_buffer(struct aml_exec *ex, const u8 **p, const u8 *end, struct aml_value *out)
{
	const u8 *pkg_end;
	u64 size;
	size_t list;
	int ret = aml_pkg_length(ex->ns, p, end, &pkg_end);

	if (ret || (ret = aml_eval_int(ex, p, pkg_end, &size)))
		return ret;
	list = (size_t)(pkg_end - *p);
	if (size < list)
		size = list;
	if (size > AML_MAX_BUFFER)
		return aml_fail(ex->ns, -EOPNOTSUPP, "a buffer of %lu bytes", (unsigned long)size);
	memset(out, 0, sizeof(*out));
	out->type = AML_BUFFER;
	out->len = (u32)size;
	out->bytes = aml_alloc(ex->ns, size ? size : 1);
	if (!out->bytes)
		return -ENOMEM;
	memcpy(out->bytes, *p, list);
	*p = pkg_end;
	return 0;
}

/* Package/VarPackage (§19.6.101): elements are data or names (references). */
int aml_eval_package(struct aml_exec *ex, bool var, const u8 **p, const u8 *end,
		     struct aml_value *out)
{
	const u8 *pkg_end;
	u64 count;
	u32 i = 0;
	int ret = aml_pkg_length(ex->ns, p, end, &pkg_end);

	if (ret)
		return ret;
	if (var) {
		if ((ret = aml_eval_int(ex, p, pkg_end, &count)))
			return ret;
	} else {
		if (*p >= pkg_end)
			return aml_fail(ex->ns, -EINVAL, "Package without NumElements");
		count = *(*p)++;
	}
	if (count > AML_MAX_ELEMENTS)
		return aml_fail(ex->ns, -EOPNOTSUPP, "a package of %lu elements",
				(unsigned long)count);
	memset(out, 0, sizeof(*out));
	out->type = AML_PACKAGE;
	out->len = (u32)count;
	out->elems = aml_alloc(ex->ns, (count ? count : 1) * sizeof(struct aml_value));
	if (!out->elems)
		return -ENOMEM;
	for (; *p < pkg_end; i++) {
		struct aml_value *e = &out->elems[i];

		if (i >= count)
			return aml_fail(ex->ns, -EINVAL, "more package elements than NumElements");
		if (aml_is_name_start(**p)) {
			struct aml_name n;
			struct aml_node *node;

			if ((ret = aml_name_string(ex->ns, p, pkg_end, &n)))
				return ret;
			node = aml_resolve(ex->ns, ex->frame->scope, &n);
			if (node)
				aml_set_ref(e, AML_REF_NODE, NULL, NULL, 0, node);
		} else if ((ret = aml_eval_arg(ex, p, pkg_end, e))) {
			return ret;
		}
	}
	*p = pkg_end;
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * Loading a definition block (ACPI 6.5 §5.2.11, the DSDT and SSDTs) into
 * the namespace: the named objects and namespace modifiers of §20.2.5.1
 * and §20.2.5.2. Methods are recorded, not run; a Name's data is decoded
 * when first used (AML_LAZY), so a table's thousands of packages cost
 * nothing until a method reads one. Module-level If/Else (code outside any
 * method, §5.2.11) is evaluated as ACPICA does. Any other opcode at the
 * top of a table stops the table: without a PkgLength it cannot be
 * skipped safely.
 */
#include <kernel/aml_internal.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define AML_ALIAS_OP 0x06
#define AML_NAME_OP 0x08
#define AML_SCOPE_OP 0x10
#define AML_METHOD_OP 0x14
#define AML_EXTERNAL_OP 0x15
#define AML_IF_OP 0xa0
#define AML_ELSE_OP 0xa1
#define AML_EXT_PREFIX 0x5b
/* After the 0x5b prefix (§20.2.5.2). */
#define AML_MUTEX_OP 0x01
#define AML_EVENT_OP 0x02
#define AML_REGION_OP 0x80
#define AML_FIELD_OP 0x81
#define AML_DEVICE_OP 0x82
#define AML_PROCESSOR_OP 0x83
#define AML_POWER_RES_OP 0x84
#define AML_THERMAL_ZONE_OP 0x85
#define AML_INDEX_FIELD_OP 0x86
#define AML_BANK_FIELD_OP 0x87

/* FieldList elements (§20.2.5.2). */
#define AML_RESERVED_FIELD 0x00
#define AML_ACCESS_FIELD 0x01
#define AML_CONNECT_FIELD 0x02
#define AML_EXTENDED_ACCESS_FIELD 0x03

/* The length of the DataRefObject at p (§20.2.3), for a lazy Name. */
static int data_length(struct aml_ns *ns, const u8 *p, const u8 *end, size_t *len)
{
	const u8 *q = p, *pkg_end;
	struct aml_name n;
	int ret;

	if (p >= end)
		return aml_fail(ns, -EINVAL, "Name without data");
	switch (*p) {
	case 0x00: /* Zero */
	case 0x01: /* One */
	case 0xff: /* Ones */
		*len = 1;
		return 0;
	case 0x0a: /* BytePrefix */
		*len = 2;
		break;
	case 0x0b: /* WordPrefix */
		*len = 3;
		break;
	case 0x0c: /* DWordPrefix */
		*len = 5;
		break;
	case 0x0e: /* QWordPrefix */
		*len = 9;
		break;
	case 0x0d: /* String: ASCII up to a NUL */
		for (q = p + 1; q < end && *q; q++)
			;
		if (q >= end)
			return aml_fail(ns, -EINVAL, "String without its NUL");
		*len = (size_t)(q + 1 - p);
		return 0;
	case 0x11: /* Buffer */
	case 0x12: /* Package */
	case 0x13: /* VarPackage */
		q = p + 1;
		ret = aml_pkg_length(ns, &q, end, &pkg_end);
		if (ret)
			return ret;
		*len = (size_t)(pkg_end - p);
		return 0;
	case AML_EXT_PREFIX:
		if (end - p >= 2 && p[1] == 0x30) { /* RevisionOp */
			*len = 2;
			return 0;
		}
		return aml_fail(ns, -EOPNOTSUPP, "Name of opcode 0x5b%02x",
				end - p >= 2 ? p[1] : 0);
	default:
		if (!aml_is_name_start(*p))
			return aml_fail(ns, -EOPNOTSUPP, "Name of opcode %#x", *p);
		ret = aml_name_string(ns, &q, end, &n);
		if (ret)
			return ret;
		*len = (size_t)(q - p);
		return 0;
	}
	if ((size_t)(end - p) < *len)
		return aml_fail(ns, -EINVAL, "integer past the end");
	return 0;
}

/* The FieldList of a Field, IndexField or BankField: one field unit per NamedField. */
static int load_fields(struct aml_exec *ex, struct aml_node *scope, const u8 *p, const u8 *end,
		       struct aml_field proto)
{
	struct aml_ns *ns = ex->ns;
	u32 bit = 0;

	while (p < end) {
		const u8 *q;
		size_t width;
		int ret;

		if (*p == AML_RESERVED_FIELD || (*p == '_' || (*p >= 'A' && *p <= 'Z'))) {
			struct aml_name n = { .nsegs = 1, .segs = p };
			bool reserved = *p == AML_RESERVED_FIELD;
			struct aml_node *node;

			q = p + (reserved ? 1 : 4);
			if (q > end)
				return aml_fail(ns, -EINVAL, "NamedField past the end");
			/* The bit width is encoded as a PkgLength (§20.2.5.2). */
			width = 0;
			{
				size_t follow = q < end ? *q >> 6 : 0;

				if (q >= end || (size_t)(end - q) < 1 + follow)
					return aml_fail(ns, -EINVAL, "field width past the end");
				width = follow ? (*q & 0x0f) : (*q & 0x3f);
				for (size_t i = 0; i < follow; i++)
					width |= (size_t)q[1 + i] << (4 + 8 * i);
				q += 1 + follow;
			}
			if (!reserved) {
				ret = aml_create(ns, scope, &n, AML_FIELD_UNIT, &node);
				if (ret)
					return ret;
				node->field = proto;
				node->field.bit_offset = bit;
				node->field.bit_width = (u32)width;
			}
			bit += (u32)width;
			p = q;
		} else if (*p == AML_ACCESS_FIELD) {
			if (end - p < 3)
				return aml_fail(ns, -EINVAL, "AccessField past the end");
			proto.flags = (u8)((proto.flags & ~0x0f) | (p[1] & 0x0f));
			p += 3;
		} else if (*p == AML_EXTENDED_ACCESS_FIELD) {
			if (end - p < 4)
				return aml_fail(ns, -EINVAL, "ExtendedAccessField past the end");
			proto.flags = (u8)((proto.flags & ~0x0f) | (p[1] & 0x0f));
			p += 4;
		} else if (*p == AML_CONNECT_FIELD) {
			return aml_fail(ns, -EOPNOTSUPP,
					"Connection in a field list (GPIO/serial bus)");
		} else {
			return aml_fail(ns, -EINVAL, "bad field list byte %#x", *p);
		}
	}
	return 0;
}

/* Evaluates the node the NameString at *p names; an error if there is none. */
static int name_node(struct aml_exec *ex, struct aml_node *scope, const u8 **p, const u8 *end,
		     struct aml_node **out)
{
	struct aml_name n;
	int ret = aml_name_string(ex->ns, p, end, &n);

	if (ret)
		return ret;
	*out = aml_resolve(ex->ns, scope, &n);
	if (!*out)
		return aml_fail(ex->ns, -ENOENT, "name %.4s not found",
				n.nsegs ? (const char *)n.segs + 4 * (n.nsegs - 1) : "\\");
	return 0;
}

/* A named object with a PkgLength and a TermList after fixed bytes (Device, Processor, ...). */
static int load_container(struct aml_exec *ex, struct aml_node *scope, const u8 **p, const u8 *end,
			  u8 type, size_t fixed)
{
	const u8 *pkg_end;
	struct aml_name n;
	struct aml_node *node;
	int ret = aml_pkg_length(ex->ns, p, end, &pkg_end);

	if (ret || (ret = aml_name_string(ex->ns, p, pkg_end, &n)))
		return ret;
	if ((size_t)(pkg_end - *p) < fixed)
		return aml_fail(ex->ns, -EINVAL, "object past its PkgLength");
	ret = aml_create(ex->ns, scope, &n, type, &node);
	if (ret)
		return ret;
	ret = aml_load_list(ex, node, *p + fixed, pkg_end);
	*p = pkg_end;
	return ret;
}

static int load_ext(struct aml_exec *ex, struct aml_node *scope, const u8 **p, const u8 *end)
{
	struct aml_ns *ns = ex->ns;
	const u8 *q = *p + 2, *pkg_end;
	struct aml_field proto = { 0 };
	struct aml_node *node;
	struct aml_name n;
	int ret;

	switch ((*p)[1]) {
	case AML_MUTEX_OP:
	case AML_EVENT_OP:
		/* Acquire/Release and Signal/Wait need nothing on one CPU under the big lock. */
		ret = aml_name_string(ns, &q, end, &n);
		if (ret)
			return ret;
		if ((*p)[1] == AML_MUTEX_OP && q++ >= end) /* SyncFlags */
			return aml_fail(ns, -EINVAL, "Mutex past the end");
		ret = aml_create(ns, scope, &n, (*p)[1] == AML_MUTEX_OP ? AML_MUTEX : AML_EVENT,
				 &node);
		break;
	case AML_REGION_OP: {
		u64 offset, length;
		u8 space;

		ret = aml_name_string(ns, &q, end, &n);
		if (ret)
			return ret;
		if (q >= end)
			return aml_fail(ns, -EINVAL, "OperationRegion past the end");
		space = *q++;
		if ((ret = aml_eval_int(ex, &q, end, &offset)) ||
		    (ret = aml_eval_int(ex, &q, end, &length)) ||
		    (ret = aml_create(ns, scope, &n, AML_REGION, &node)))
			return ret;
		node->space = space;
		node->offset = offset;
		node->length = length;
		break;
	}
	case AML_FIELD_OP:
	case AML_INDEX_FIELD_OP:
	case AML_BANK_FIELD_OP: {
		u8 op = (*p)[1];

		ret = aml_pkg_length(ns, &q, end, &pkg_end);
		if (ret || (ret = name_node(ex, scope, &q, pkg_end, &proto.region)))
			return ret;
		if (op == AML_FIELD_OP || op == AML_BANK_FIELD_OP) {
			proto.kind = op == AML_FIELD_OP ? AML_FIELD_PLAIN : AML_FIELD_BANK;
			if (proto.region->type != AML_REGION)
				return aml_fail(ns, -EINVAL, "field of %.4s, not a region",
						proto.region->name);
		} else {
			proto.kind = AML_FIELD_INDEX;
		}
		if (op != AML_FIELD_OP) {
			ret = name_node(ex, scope, &q, pkg_end, &proto.other);
			if (ret)
				return ret;
			if (proto.other->type != AML_FIELD_UNIT ||
			    (op == AML_INDEX_FIELD_OP && proto.region->type != AML_FIELD_UNIT))
				return aml_fail(ns, -EINVAL, "index or bank register not a field");
		}
		if (op == AML_BANK_FIELD_OP &&
		    (ret = aml_eval_int(ex, &q, pkg_end, &proto.bank_value)))
			return ret;
		if (q >= pkg_end)
			return aml_fail(ns, -EINVAL, "field without its flags");
		proto.flags = *q++;
		ret = load_fields(ex, scope, q, pkg_end, proto);
		q = pkg_end;
		break;
	}
	case AML_DEVICE_OP:
		*p += 2;
		return load_container(ex, scope, p, end, AML_DEVICE, 0);
	case AML_PROCESSOR_OP: /* ProcID, PblkAddr (4), PblkLen */
		*p += 2;
		return load_container(ex, scope, p, end, AML_PROCESSOR, 6);
	case AML_POWER_RES_OP: /* SystemLevel, ResourceOrder (2) */
		*p += 2;
		return load_container(ex, scope, p, end, AML_POWER, 3);
	case AML_THERMAL_ZONE_OP:
		*p += 2;
		return load_container(ex, scope, p, end, AML_THERMAL, 0);
	default:
		return AML_NOT_NAMED;
	}
	*p = q;
	return ret;
}

int aml_load_object(struct aml_exec *ex, struct aml_node *scope, const u8 **p, const u8 *end)
{
	struct aml_ns *ns = ex->ns;
	const u8 *q = *p + 1, *pkg_end;
	struct aml_node *node;
	struct aml_name n;
	size_t len;
	int ret;

	switch (**p) {
	case AML_NAME_OP:
		if ((ret = aml_name_string(ns, &q, end, &n)) ||
		    (ret = data_length(ns, q, end, &len)) ||
		    (ret = aml_create(ns, scope, &n, AML_LAZY, &node)))
			return ret;
		memset(&node->value, 0, sizeof(node->value));
		node->value.type = AML_LAZY;
		node->value.bytes = (u8 *)q; /* read, never written: aml_node_value() copies it */
		node->value.len = (u32)len;
		*p = q + len;
		return 0;
	case AML_SCOPE_OP:
		ret = aml_pkg_length(ns, &q, end, &pkg_end);
		if (ret || (ret = name_node(ex, scope, &q, pkg_end, &node)))
			return ret;
		ret = aml_load_list(ex, node, q, pkg_end);
		*p = pkg_end;
		return ret;
	case AML_METHOD_OP:
		ret = aml_pkg_length(ns, &q, end, &pkg_end);
		if (ret || (ret = aml_name_string(ns, &q, pkg_end, &n)))
			return ret;
		if (q >= pkg_end)
			return aml_fail(ns, -EINVAL, "Method without its flags");
		ret = aml_create(ns, scope, &n, AML_METHOD, &node);
		if (ret)
			return ret;
		node->method_flags = *q++;
		node->code = q;
		node->code_len = (u32)(pkg_end - q);
		*p = pkg_end;
		return 0;
	case AML_ALIAS_OP: {
		struct aml_node *source;

		if ((ret = name_node(ex, scope, &q, end, &source)) ||
		    (ret = aml_name_string(ns, &q, end, &n)) ||
		    (ret = aml_create(ns, scope, &n, AML_ALIAS, &node)))
			return ret;
		node->target = source;
		*p = q;
		return 0;
	}
	case AML_EXTERNAL_OP: /* a declaration for the compiler: nothing to load */
		if ((ret = aml_name_string(ns, &q, end, &n)))
			return ret;
		if (end - q < 2)
			return aml_fail(ns, -EINVAL, "External past the end");
		*p = q + 2;
		return 0;
	case AML_EXT_PREFIX:
		if (end - *p < 2)
			return aml_fail(ns, -EINVAL, "opcode 0x5b at the end");
		return load_ext(ex, scope, p, end);
	default:
		return AML_NOT_NAMED;
	}
}

/* Module-level If (Predicate) {TermList} [Else {TermList}] (§19.6.60). */
static int load_if(struct aml_exec *ex, struct aml_node *scope, const u8 **p, const u8 *end)
{
	const u8 *q = *p + 1, *pkg_end, *else_end;
	u64 cond;
	int ret = aml_pkg_length(ex->ns, &q, end, &pkg_end);

	if (ret || (ret = aml_eval_int(ex, &q, pkg_end, &cond)))
		return ret;
	if (cond && (ret = aml_load_list(ex, scope, q, pkg_end)))
		return ret;
	*p = pkg_end;
	if (*p < end && **p == AML_ELSE_OP) {
		q = *p + 1;
		ret = aml_pkg_length(ex->ns, &q, end, &else_end);
		if (ret)
			return ret;
		if (!cond && (ret = aml_load_list(ex, scope, q, else_end)))
			return ret;
		*p = else_end;
	}
	return 0;
}

int aml_load_list(struct aml_exec *ex, struct aml_node *scope, const u8 *p, const u8 *end)
{
	while (p < end) {
		const u8 *at = p;
		int ret = aml_step(ex);

		if (ret)
			return ret;
		if (*p == AML_IF_OP)
			ret = load_if(ex, scope, &p, end);
		else
			ret = aml_load_object(ex, scope, &p, end);
		if (ret == AML_NOT_NAMED)
			return aml_fail(ex->ns, -EOPNOTSUPP, "opcode %#x outside a method", *at);
		if (ret)
			return ret;
	}
	return 0;
}

int aml_load(struct aml_ns *ns, const u8 *aml, size_t len)
{
	struct aml_frame frame;
	struct aml_exec ex = { .ns = ns, .frame = &frame };

	memset(&frame, 0, sizeof(frame));
	frame.scope = ns->root;
	ns->error[0] = '\0';
	ns->steps = 0;
	if (!ns->root)
		return aml_fail(ns, -ENOMEM, "no room for the root");
	return aml_load_list(&ex, ns->root, aml, aml + len);
}

// SPDX-License-Identifier: MIT
/*
 * Where results go: a Target or SuperName (§20.2.2) decoded into a
 * reference -- a local, an argument, a named object, a package element, a
 * buffer byte, the Debug object, or nothing (NullName) --, reading through
 * a reference (DerefOf, §19.6.30), and Store's rules for each kind of
 * destination (§19.3.5.8): a named integer or buffer keeps its type, a
 * field unit is written to the hardware.
 */
#include <kernel/aml_internal.h>
#include <string.h>
#include <uapi/linux/errno.h>

/* What a reference points at, read. */
int aml_ref_read(struct aml_exec *ex, const struct aml_value *ref, struct aml_value *out)
{
	switch (ref->ref_kind) {
	case AML_REF_NODE:
		if (ref->node->type == AML_METHOD)
			return aml_fail(ex->ns, -EOPNOTSUPP, "DerefOf a method");
		return aml_node_value(ex, ref->node, out);
	case AML_REF_ELEMENT:
		*out = ref->elems[ref->len];
		return 0;
	case AML_REF_BYTE:
		aml_set_int(out, ref->bytes[ref->len]);
		return 0;
	default:
		return aml_fail(ex->ns, -EOPNOTSUPP, "reading the Debug object");
	}
}

/* Writes v into a named data object, keeping its type where §19.3.5.8 says so. */
static int store_node(struct aml_exec *ex, struct aml_node *node, const struct aml_value *v)
{
	struct aml_value copy = *v;
	u64 x;
	int ret;

	if (node->type == AML_LAZY && (ret = aml_materialize(ex, node)))
		return ret;
	if (v->type == AML_REF)
		return aml_fail(ex->ns, -EOPNOTSUPP, "storing a reference into %.4s", node->name);
	switch (node->type) {
	case AML_FIELD_UNIT:
		if ((ret = aml_to_int(ex, v, &x)))
			return ret;
		return aml_field_write(ex, node, x);
	case AML_INTEGER:
		if ((ret = aml_to_int(ex, v, &x)))
			return ret;
		node->value.integer = x;
		return 0;
	case AML_BUFFER: /* the buffer keeps its length: copied in, zero-padded or cut */
		if (v->type == AML_INTEGER) {
			memset(node->value.bytes, 0, node->value.len);
			for (u32 i = 0; i < node->value.len && i < 8; i++)
				node->value.bytes[i] = (u8)(v->integer >> (8 * i));
			return 0;
		}
		if (v->type != AML_BUFFER && v->type != AML_STRING)
			break;
		memset(node->value.bytes, 0, node->value.len);
		memcpy(node->value.bytes, v->bytes,
		       v->len < node->value.len ? v->len : node->value.len);
		return 0;
	case AML_UNINIT:
	case AML_STRING:
	case AML_PACKAGE:
		break;
	default:
		return aml_fail(ex->ns, -EOPNOTSUPP, "Store into %.4s of type %u", node->name,
				node->type);
	}
	if (v->type == AML_BUFFER) { /* a named buffer of its own, not an alias of v's */
		copy.bytes = aml_alloc(ex->ns, v->len ? v->len : 1);
		if (!copy.bytes)
			return -ENOMEM;
		memcpy(copy.bytes, v->bytes, v->len);
	}
	node->type = copy.type;
	node->value = copy;
	return 0;
}

int aml_store(struct aml_exec *ex, const struct aml_value *v, const struct aml_value *target)
{
	u64 x;
	int ret;

	switch (target->ref_kind) {
	case AML_REF_NULL:
		return 0;
	case AML_REF_DEBUG:
		if (ex->ns->host->debug)
			ex->ns->host->debug(ex->ns->host->ctx, v);
		return 0;
	case AML_REF_ELEMENT:
		target->elems[target->len] = *v;
		return 0;
	case AML_REF_BYTE:
		if ((ret = aml_to_int(ex, v, &x)))
			return ret;
		target->bytes[target->len] = (u8)x;
		return 0;
	default:
		return store_node(ex, target->node, v);
	}
}

/* A SuperName or Target (§20.2.2) as a reference to store to; NullName drops the result. */
int aml_parse_target(struct aml_exec *ex, const u8 **p, const u8 *end, bool may_be_null,
		     struct aml_value *out)
{
	const u8 op = *p < end ? **p : 0xff;
	struct aml_name n;
	struct aml_node *node;
	int ret;

	if (*p >= end)
		return aml_fail(ex->ns, -EINVAL, "a target past the end");
	if (op == OP_ZERO && may_be_null) {
		(*p)++;
		aml_set_ref(out, AML_REF_NULL, NULL, NULL, 0, NULL);
		return 0;
	}
	if (op >= OP_LOCAL0 && op <= OP_ARG6) {
		struct aml_value *slot = op <= OP_LOCAL7 ? &ex->frame->locals[op - OP_LOCAL0]
							 : &ex->frame->args[op - OP_ARG0];
		(*p)++;
		/* An ArgX holding a reference (RefOf) is stored through (§19.3.5.8). */
		if (op >= OP_ARG0 && slot->type == AML_REF)
			*out = *slot;
		else
			aml_set_ref(out, AML_REF_ELEMENT, slot, NULL, 0, NULL);
		return 0;
	}
	if (op == OP_EXT && aml_fits(*p, end, 2) && (*p)[1] == EXT_DEBUG) {
		*p += 2;
		aml_set_ref(out, AML_REF_DEBUG, NULL, NULL, 0, NULL);
		return 0;
	}
	if (aml_is_name_start(op)) {
		if ((ret = aml_name_string(ex->ns, p, end, &n)))
			return ret;
		node = aml_resolve(ex->ns, ex->frame->scope, &n);
		if (!node)
			return aml_fail(ex->ns, -ENOENT, "target %.4s not found",
					n.nsegs ? (const char *)n.segs + 4 * (n.nsegs - 1) : "\\");
		aml_set_ref(out, AML_REF_NODE, NULL, NULL, 0, node);
		return 0;
	}
	if (op == OP_INDEX || op == OP_DEREF_OF || op == OP_REF_OF) {
		if ((ret = aml_eval_arg(ex, p, end, out)))
			return ret;
		if (out->type != AML_REF)
			return aml_fail(ex->ns, -EINVAL, "a target that is no reference");
		return 0;
	}
	return aml_fail(ex->ns, -EOPNOTSUPP, "target opcode %#x", op);
}

int aml_eval_then_store(struct aml_exec *ex, const u8 **p, const u8 *end, u64 x,
			struct aml_value *out)
{
	struct aml_value target;
	int ret = aml_parse_target(ex, p, end, true, &target);

	aml_set_int(out, x & aml_ones(ex));
	return ret ? ret : aml_store(ex, out, &target);
}

// SPDX-License-Identifier: MIT
/*
 * Evaluating a TermArg (§20.2.5.4): constants, strings, locals and
 * arguments, names (a named object's value, or a method called with its
 * arguments), Store, RefOf, DerefOf, Index, SizeOf, ObjectType, Notify and
 * the 0x5b-prefixed operators. The integer operators are aml_math.c's
 * (which refuses every other opcode), Buffer and Package aml_value.c's.
 * Every operand is a step, and expressions nest at most AML_MAX_NEST deep.
 */
#include <kernel/aml_internal.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define AML_MAX_NEST 64 /* nested expressions */
#define AML_REVISION 1	/* what Revision returns: this interpreter's */

/* Index (Source, Index, Target): a reference to a package element or buffer byte. */
static int eval_index(struct aml_exec *ex, const u8 **p, const u8 *end, struct aml_value *out)
{
	struct aml_value src, target;
	u64 i;
	int ret;

	if ((ret = aml_eval_arg(ex, p, end, &src)))
		return ret;
	/* A name evaluates to a copy of its value; Index works on the object itself. */
	if ((ret = aml_eval_int(ex, p, end, &i)) ||
	    (ret = aml_parse_target(ex, p, end, true, &target)))
		return ret;
	if (src.type == AML_REF && src.ref_kind == AML_REF_ELEMENT)
		src = src.elems[src.len];
	if (src.type == AML_PACKAGE && i < src.len)
		aml_set_ref(out, AML_REF_ELEMENT, src.elems, NULL, (u32)i, NULL);
	else if (src.type == AML_BUFFER && i < src.len)
		aml_set_ref(out, AML_REF_BYTE, NULL, src.bytes, (u32)i, NULL);
	else if (src.type == AML_PACKAGE || src.type == AML_BUFFER)
		return aml_fail(ex->ns, -EINVAL, "Index %lu past the end (%u)", (unsigned long)i,
				src.len);
	else
		return aml_fail(ex->ns, -EOPNOTSUPP, "Index of type %u", src.type);
	return aml_store(ex, out, &target);
}

static int delay(struct aml_exec *ex, u64 us)
{
	if (us > AML_SLEEP_BUDGET_US - ex->ns->slept_us)
		return aml_fail(ex->ns, -ETIMEDOUT, "Sleep/Stall past %u us in all",
				AML_SLEEP_BUDGET_US);
	ex->ns->slept_us += (u32)us;
	if (ex->ns->host->stall_us)
		ex->ns->host->stall_us(ex->ns->host->ctx, (u32)us);
	return 0;
}

/* The 0x5b-prefixed expression opcodes. */
static int eval_ext(struct aml_exec *ex, const u8 **p, const u8 *end, struct aml_value *out)
{
	u8 op = (*p)[1];
	struct aml_value a, target;
	u64 x;
	int ret;

	*p += 2;
	aml_set_int(out, 0);
	switch (op) {
	case EXT_COND_REF_OF: {
		/* A name that does not resolve is not an error here: that is the question. */
		struct aml_name n;
		struct aml_node *node = NULL;

		if (*p < end && aml_is_name_start(**p)) {
			if ((ret = aml_name_string(ex->ns, p, end, &n)))
				return ret;
			node = aml_resolve(ex->ns, ex->frame->scope, &n);
			if (node)
				aml_set_ref(&a, AML_REF_NODE, NULL, NULL, 0, node);
		} else if ((ret = aml_parse_target(ex, p, end, false, &a))) {
			return ret;
		} else {
			node = ex->ns->root; /* locals and args always exist */
		}
		if ((ret = aml_parse_target(ex, p, end, true, &target)))
			return ret;
		if (!node)
			return 0;
		aml_set_int(out, aml_ones(ex));
		return aml_store(ex, &a, &target);
	}
	case EXT_STALL:
	case EXT_SLEEP:
		if ((ret = aml_eval_int(ex, p, end, &x)))
			return ret;
		return delay(ex, op == EXT_SLEEP ? x * 1000 : x);
	case EXT_ACQUIRE: /* Acquire (Mutex, Timeout): always got at once; Zero says so */
		if ((ret = aml_parse_target(ex, p, end, false, &a)))
			return ret;
		if (!aml_fits(*p, end, 2))
			return aml_fail(ex->ns, -EINVAL, "Acquire past the end");
		*p += 2;
		return 0;
	case EXT_WAIT: /* Wait (Event, Timeout): Zero, signalled */
		if ((ret = aml_parse_target(ex, p, end, false, &a)))
			return ret;
		return aml_eval_int(ex, p, end, &x);
	case EXT_SIGNAL:
	case EXT_RESET:
	case EXT_RELEASE:
		return aml_parse_target(ex, p, end, false, &a);
	case EXT_REVISION:
		aml_set_int(out, AML_REVISION);
		return 0;
	default:
		return aml_fail(ex->ns, -EOPNOTSUPP, "opcode 0x5b%02x", op);
	}
}

/* SizeOf and ObjectType: of the object a SuperName names. */
static int of_object(struct aml_exec *ex, u8 op, const u8 **p, const u8 *end, struct aml_value *out)
{
	struct aml_value ref, v;
	int ret = aml_parse_target(ex, p, end, false, &ref);

	if (ret)
		return ret;
	if (ref.ref_kind == AML_REF_NODE && ref.node->type == AML_LAZY &&
	    (ret = aml_materialize(ex, ref.node)))
		return ret;
	if (ref.ref_kind == AML_REF_NODE &&
	    (ref.node->type != AML_FIELD_UNIT || op == OP_OBJECT_TYPE))
		v = ref.node->type <= AML_PACKAGE ? ref.node->value
						  : (struct aml_value){ .type = ref.node->type };
	else if ((ret = aml_ref_read(ex, &ref, &v)))
		return ret;
	if (op == OP_OBJECT_TYPE) {
		aml_set_int(out, v.type == AML_REF ? 0 : v.type);
		return 0;
	}
	if (v.type != AML_STRING && v.type != AML_BUFFER && v.type != AML_PACKAGE)
		return aml_fail(ex->ns, -EINVAL, "SizeOf type %u", v.type);
	aml_set_int(out, v.len);
	return 0;
}

static int eval_name(struct aml_exec *ex, const u8 **p, const u8 *end, struct aml_value *out)
{
	struct aml_value args[7];
	struct aml_name n;
	struct aml_node *node;
	unsigned int argc;
	int ret = aml_name_string(ex->ns, p, end, &n);

	if (ret)
		return ret;
	node = aml_resolve(ex->ns, ex->frame->scope, &n);
	if (!node)
		return aml_fail(ex->ns, -ENOENT, "name %.4s not found",
				n.nsegs ? (const char *)n.segs + 4 * (n.nsegs - 1) : "\\");
	if (node->type != AML_METHOD)
		return aml_node_value(ex, node, out);
	argc = node->method_flags & 7;
	for (unsigned int i = 0; i < argc; i++)
		if ((ret = aml_eval_arg(ex, p, end, &args[i])))
			return ret;
	return aml_call_method(ex, node, args, argc, out);
}

static int eval_op(struct aml_exec *ex, const u8 **p, const u8 *end, struct aml_value *out)
{
	const u8 *at = *p;
	u8 op = *at;
	struct aml_value a, target;
	u64 x;
	int ret;

	aml_set_int(out, 0);
	if (op >= OP_LOCAL0 && op <= OP_ARG6) {
		(*p)++;
		*out = op <= OP_LOCAL7 ? ex->frame->locals[op - OP_LOCAL0]
				       : ex->frame->args[op - OP_ARG0];
		return 0;
	}
	if (aml_is_name_start(op))
		return eval_name(ex, p, end, out);
	(*p)++;
	switch (op) {
	case OP_ZERO:
	case OP_ONE:
		aml_set_int(out, op);
		return 0;
	case OP_ONES:
		aml_set_int(out, aml_ones(ex));
		return 0;
	case OP_BYTE:
	case OP_WORD:
	case OP_DWORD:
	case OP_QWORD: {
		size_t n = op == OP_BYTE ? 1 : op == OP_WORD ? 2 : op == OP_DWORD ? 4 : 8;

		if (!aml_fits(*p, end, n))
			return aml_fail(ex->ns, -EINVAL, "integer past the end");
		aml_set_int(out, aml_little_endian(*p, n));
		*p += n;
		return 0;
	}
	case OP_STRING: {
		const u8 *s = *p;

		while (*p < end && **p)
			(*p)++;
		if (*p >= end)
			return aml_fail(ex->ns, -EINVAL, "String without its NUL");
		memset(out, 0, sizeof(*out));
		out->type = AML_STRING;
		out->bytes = (u8 *)s; /* strings are never written */
		out->len = (u32)(*p - s);
		(*p)++;
		return 0;
	}
	case OP_BUFFER:
		return aml_eval_buffer(ex, p, end, out);
	case OP_PACKAGE:
	case OP_VAR_PACKAGE:
		return aml_eval_package(ex, op == OP_VAR_PACKAGE, p, end, out);
	case OP_STORE:
		if ((ret = aml_eval_arg(ex, p, end, out)) ||
		    (ret = aml_parse_target(ex, p, end, false, &target)))
			return ret;
		return aml_store(ex, out, &target);
	case OP_REF_OF:
		return aml_parse_target(ex, p, end, false, out);
	case OP_DEREF_OF:
		if ((ret = aml_eval_arg(ex, p, end, &a)))
			return ret;
		if (a.type != AML_REF)
			return aml_fail(ex->ns, -EOPNOTSUPP, "DerefOf type %u", a.type);
		return aml_ref_read(ex, &a, out);
	case OP_INDEX:
		return eval_index(ex, p, end, out);
	case OP_SIZE_OF:
	case OP_OBJECT_TYPE:
		return of_object(ex, op, p, end, out);
	case OP_NOTIFY: /* no driver listens: Notify is dropped, as §5.6.6 lets an OS do */
		if ((ret = aml_parse_target(ex, p, end, false, &target)))
			return ret;
		return aml_eval_int(ex, p, end, &x);
	case OP_EXT:
		if (*p >= end)
			return aml_fail(ex->ns, -EINVAL, "opcode 0x5b at the end");
		*p = at;
		return eval_ext(ex, p, end, out);
	default: /* an integer operator, or refused there */
		return aml_eval_integer_op(ex, op, p, end, out);
	}
}

int aml_eval_arg(struct aml_exec *ex, const u8 **p, const u8 *end, struct aml_value *out)
{
	int ret;

	if (*p >= end)
		return aml_fail(ex->ns, -EINVAL, "an operand past the end");
	if ((ret = aml_step(ex)))
		return ret;
	if (ex->nest >= AML_MAX_NEST)
		return aml_fail(ex->ns, -EOPNOTSUPP, "expressions nested %d deep", ex->nest);
	ex->nest++;
	ret = eval_op(ex, p, end, out);
	ex->nest--;
	return ret;
}

int aml_eval_int(struct aml_exec *ex, const u8 **p, const u8 *end, u64 *out)
{
	struct aml_value v;
	int ret = aml_eval_arg(ex, p, end, &v);

	return ret ? ret : aml_to_int(ex, &v, out);
}

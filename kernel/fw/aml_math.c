// SPDX-License-Identifier: MIT
/*
 * The integer operators (§19.6): Add to Xor and Mod with their optional
 * Target, Divide's remainder and quotient, Not, FindSetLeftBit,
 * FindSetRightBit, ToInteger, Increment and Decrement, and the logical
 * operators, which give Ones for true and Zero for false. Results are cut
 * to the namespace's integer width (aml_ones()).
 */
#include <kernel/aml_internal.h>
#include <string.h>
#include <uapi/linux/errno.h>

/* Add, Subtract, ..., Mod: Operand Operand Target. */
static int binary(struct aml_exec *ex, u8 op, const u8 **p, const u8 *end, struct aml_value *out)
{
	u64 a, b, r;
	int ret;

	if ((ret = aml_eval_int(ex, p, end, &a)) || (ret = aml_eval_int(ex, p, end, &b)))
		return ret;
	switch (op) {
	case OP_ADD:
		r = a + b;
		break;
	case OP_SUBTRACT:
		r = a - b;
		break;
	case OP_MULTIPLY:
		r = a * b;
		break;
	case OP_SHIFT_LEFT:
		r = b >= 64 ? 0 : a << b;
		break;
	case OP_SHIFT_RIGHT:
		r = b >= 64 ? 0 : a >> b;
		break;
	case OP_AND:
		r = a & b;
		break;
	case OP_NAND:
		r = ~(a & b);
		break;
	case OP_OR:
		r = a | b;
		break;
	case OP_NOR:
		r = ~(a | b);
		break;
	case OP_XOR:
		r = a ^ b;
		break;
	default: /* OP_MOD */
		if (!b)
			return aml_fail(ex->ns, -EINVAL, "Mod by zero");
		r = a % b;
	}
	return aml_eval_then_store(ex, p, end, r, out);
}

/* LEqual, LGreater, LLess: strings and buffers compare bytewise (§19.6.70). */
static int compare(struct aml_exec *ex, u8 op, const u8 **p, const u8 *end, struct aml_value *out)
{
	struct aml_value a, b;
	bool truth;
	int c, ret;

	if ((ret = aml_eval_arg(ex, p, end, &a)) || (ret = aml_eval_arg(ex, p, end, &b)))
		return ret;
	if ((a.type == AML_STRING || a.type == AML_BUFFER) &&
	    (b.type == AML_STRING || b.type == AML_BUFFER)) {
		u32 n = a.len < b.len ? a.len : b.len;

		c = memcmp(a.bytes, b.bytes, n);
		if (!c)
			c = a.len < b.len ? -1 : a.len > b.len;
	} else {
		u64 x, y;

		if ((ret = aml_to_int(ex, &a, &x)) || (ret = aml_to_int(ex, &b, &y)))
			return ret;
		c = x < y ? -1 : x > y;
	}
	truth = op == OP_LEQUAL ? c == 0 : op == OP_LGREATER ? c > 0 : c < 0;
	aml_set_int(out, truth ? aml_ones(ex) : 0);
	return 0;
}

int aml_eval_integer_op(struct aml_exec *ex, u8 op, const u8 **p, const u8 *end,
			struct aml_value *out)
{
	struct aml_value a, target;
	u64 x, y;
	int ret;

	switch (op) {
	case OP_ADD:
	case OP_SUBTRACT:
	case OP_MULTIPLY:
	case OP_SHIFT_LEFT:
	case OP_SHIFT_RIGHT:
	case OP_AND:
	case OP_NAND:
	case OP_OR:
	case OP_NOR:
	case OP_XOR:
	case OP_MOD:
		return binary(ex, op, p, end, out);
	case OP_DIVIDE: { /* Dividend Divisor Remainder Quotient */
		struct aml_value rem;

		if ((ret = aml_eval_int(ex, p, end, &x)) || (ret = aml_eval_int(ex, p, end, &y)))
			return ret;
		if (!y)
			return aml_fail(ex->ns, -EINVAL, "Divide by zero");
		if ((ret = aml_eval_then_store(ex, p, end, x % y, &rem)))
			return ret;
		return aml_eval_then_store(ex, p, end, x / y, out);
	}
	case OP_NOT:
	case OP_FIND_SET_LEFT_BIT:
	case OP_FIND_SET_RIGHT_BIT:
	case OP_TO_INTEGER:
		if ((ret = aml_eval_int(ex, p, end, &x)))
			return ret;
		if (op == OP_NOT) {
			x = ~x;
		} else if (op == OP_FIND_SET_LEFT_BIT) { /* 1-based, 0 when none (§19.6.49) */
			y = 0;
			for (unsigned int b = 0; b < 64; b++)
				if (x & (1ull << b))
					y = b + 1;
			x = y;
		} else if (op == OP_FIND_SET_RIGHT_BIT) {
			y = 0;
			for (unsigned int b = 64; b-- > 0;)
				if (x & (1ull << b))
					y = b + 1;
			x = y;
		}
		return aml_eval_then_store(ex, p, end, x, out);
	case OP_INCREMENT:
	case OP_DECREMENT:
		if ((ret = aml_parse_target(ex, p, end, false, &target)) ||
		    (ret = aml_ref_read(ex, &target, &a)) || (ret = aml_to_int(ex, &a, &x)))
			return ret;
		aml_set_int(out, (op == OP_INCREMENT ? x + 1 : x - 1) & aml_ones(ex));
		return aml_store(ex, out, &target);
	case OP_LAND:
	case OP_LOR:
		if ((ret = aml_eval_int(ex, p, end, &x)) || (ret = aml_eval_int(ex, p, end, &y)))
			return ret;
		aml_set_int(out, (op == OP_LAND ? x && y : x || y) ? aml_ones(ex) : 0);
		return 0;
	case OP_LNOT: /* LNotEqual, LLessEqual, LGreaterEqual are LNot of the others */
		if ((ret = aml_eval_int(ex, p, end, &x)))
			return ret;
		aml_set_int(out, x ? 0 : aml_ones(ex));
		return 0;
	case OP_LEQUAL:
	case OP_LGREATER:
	case OP_LLESS:
		return compare(ex, op, p, end, out);
	default:
		return aml_fail(ex->ns, -EOPNOTSUPP, "opcode %#x", op);
	}
}

// SPDX-License-Identifier: MIT
/*
 * Running AML control methods: the statements and expressions of ACPI 6.5
 * §20.2.5.3 and §20.2.5.4 that firmware writes in short methods like \_PTS
 * (§7.4.1), with the meaning §19.6 gives each operator. Everything else --
 * buffer fields, string conversions, Load, the Timer -- stops the method
 * with its opcode in ns->error: an interpreter that skipped what it did
 * not understand would run half a method, which is worse than none.
 *
 * Bounds: every opcode is a step (ns->step_budget), nested calls and
 * expressions are counted (AML_MAX_DEPTH, AML_MAX_NEST), Sleep and Stall
 * together wait at most AML_SLEEP_BUDGET_US, and buffers and packages come
 * from the caller's arena. Mutexes and events do nothing: one CPU runs
 * this, under the big kernel lock, with interrupts off.
 */
#include <kernel/aml_internal.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define AML_MAX_NEST 64	      /* nested expressions */
#define AML_MAX_ELEMENTS 4096 /* in one package */
#define AML_MAX_BUFFER 65536  /* bytes in one buffer */
#define AML_REVISION 1	      /* what Revision returns: this interpreter's */

/* The opcodes (§20.2), by the names the specification gives them. */
enum {
	OP_ZERO = 0x00,
	OP_ONE = 0x01,
	OP_BYTE = 0x0a,
	OP_WORD = 0x0b,
	OP_DWORD = 0x0c,
	OP_STRING = 0x0d,
	OP_QWORD = 0x0e,
	OP_BUFFER = 0x11,
	OP_PACKAGE = 0x12,
	OP_VAR_PACKAGE = 0x13,
	OP_LOCAL0 = 0x60,
	OP_LOCAL7 = 0x67,
	OP_ARG0 = 0x68,
	OP_ARG6 = 0x6e,
	OP_STORE = 0x70,
	OP_REF_OF = 0x71,
	OP_ADD = 0x72,
	OP_SUBTRACT = 0x74,
	OP_INCREMENT = 0x75,
	OP_DECREMENT = 0x76,
	OP_MULTIPLY = 0x77,
	OP_DIVIDE = 0x78,
	OP_SHIFT_LEFT = 0x79,
	OP_SHIFT_RIGHT = 0x7a,
	OP_AND = 0x7b,
	OP_NAND = 0x7c,
	OP_OR = 0x7d,
	OP_NOR = 0x7e,
	OP_XOR = 0x7f,
	OP_NOT = 0x80,
	OP_FIND_SET_LEFT_BIT = 0x81,
	OP_FIND_SET_RIGHT_BIT = 0x82,
	OP_DEREF_OF = 0x83,
	OP_MOD = 0x85,
	OP_NOTIFY = 0x86,
	OP_SIZE_OF = 0x87,
	OP_INDEX = 0x88,
	OP_OBJECT_TYPE = 0x8e,
	OP_LAND = 0x90,
	OP_LOR = 0x91,
	OP_LNOT = 0x92,
	OP_LEQUAL = 0x93,
	OP_LGREATER = 0x94,
	OP_LLESS = 0x95,
	OP_TO_INTEGER = 0x99,
	OP_CONTINUE = 0x9f,
	OP_IF = 0xa0,
	OP_ELSE = 0xa1,
	OP_WHILE = 0xa2,
	OP_NOOP = 0xa3,
	OP_RETURN = 0xa4,
	OP_BREAK = 0xa5,
	OP_BREAKPOINT = 0xcc,
	OP_ONES = 0xff,
	OP_EXT = 0x5b,
	/* After OP_EXT. */
	EXT_COND_REF_OF = 0x12,
	EXT_STALL = 0x21,
	EXT_SLEEP = 0x22,
	EXT_ACQUIRE = 0x23,
	EXT_SIGNAL = 0x24,
	EXT_WAIT = 0x25,
	EXT_RESET = 0x26,
	EXT_RELEASE = 0x27,
	EXT_REVISION = 0x30,
	EXT_DEBUG = 0x31,
};

static u64 ones(const struct aml_exec *ex)
{
	return ex->ns->int32 ? 0xffffffffull : ~0ull;
}

static void set_int(struct aml_value *v, u64 x)
{
	memset(v, 0, sizeof(*v));
	v->type = AML_INTEGER;
	v->integer = x;
}

static void set_ref(struct aml_value *v, u8 kind, struct aml_value *elems, u8 *bytes, u32 index,
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

int aml_step(struct aml_exec *ex)
{
	if (++ex->ns->steps > ex->ns->step_budget)
		return aml_fail(ex->ns, -ETIMEDOUT, "step budget of %lu opcodes spent",
				(unsigned long)ex->ns->step_budget);
	return 0;
}

static bool fetch(const u8 *p, const u8 *end, size_t n)
{
	return p <= end && (size_t)(end - p) >= n;
}

static u64 little_endian(const u8 *p, size_t n)
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
		*out = v->integer & ones(ex);
		return 0;
	case AML_BUFFER: /* the first 8 (4) bytes, little-endian (§19.3.5.7) */
		n = v->len < (ex->ns->int32 ? 4u : 8u) ? v->len : (ex->ns->int32 ? 4u : 8u);
		*out = little_endian(v->bytes, n);
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
		*out &= ones(ex);
		return 0;
	case AML_UNINIT:
		return aml_fail(ex->ns, -EINVAL, "an uninitialized operand");
	default:
		return aml_fail(ex->ns, -EOPNOTSUPP, "an operand of type %u, not an integer",
				v->type);
	}
}

/* Decodes a lazy Name's data the first time it is used. */
static int materialize(struct aml_exec *ex, struct aml_node *node)
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

static int call_method(struct aml_exec *ex, struct aml_node *m, struct aml_value *args,
		       unsigned int nr_args, struct aml_value *out);

int aml_node_value(struct aml_exec *ex, struct aml_node *node, struct aml_value *out)
{
	int ret;

	if (node->type == AML_LAZY && (ret = materialize(ex, node)))
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
		set_int(out, 0);
		return aml_field_read(ex, node, &out->integer);
	case AML_METHOD:
		return call_method(ex, node, NULL, 0, out);
	default:
		set_ref(out, AML_REF_NODE, NULL, NULL, 0, node);
		return 0;
	}
}

/* Buffer (BufferSize) {ByteList} (§19.6.10): zero-filled past the list. */
static int eval_buffer(struct aml_exec *ex, const u8 **p, const u8 *end, struct aml_value *out)
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
static int eval_package(struct aml_exec *ex, bool var, const u8 **p, const u8 *end,
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
				set_ref(e, AML_REF_NODE, NULL, NULL, 0, node);
		} else if ((ret = aml_eval_arg(ex, p, pkg_end, e))) {
			return ret;
		}
	}
	*p = pkg_end;
	return 0;
}

/* What a reference points at, read. */
static int ref_read(struct aml_exec *ex, const struct aml_value *ref, struct aml_value *out)
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
		set_int(out, ref->bytes[ref->len]);
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

	if (node->type == AML_LAZY && (ret = materialize(ex, node)))
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

static int store(struct aml_exec *ex, const struct aml_value *v, const struct aml_value *target)
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
static int parse_target(struct aml_exec *ex, const u8 **p, const u8 *end, bool may_be_null,
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
		set_ref(out, AML_REF_NULL, NULL, NULL, 0, NULL);
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
			set_ref(out, AML_REF_ELEMENT, slot, NULL, 0, NULL);
		return 0;
	}
	if (op == OP_EXT && fetch(*p, end, 2) && (*p)[1] == EXT_DEBUG) {
		*p += 2;
		set_ref(out, AML_REF_DEBUG, NULL, NULL, 0, NULL);
		return 0;
	}
	if (aml_is_name_start(op)) {
		if ((ret = aml_name_string(ex->ns, p, end, &n)))
			return ret;
		node = aml_resolve(ex->ns, ex->frame->scope, &n);
		if (!node)
			return aml_fail(ex->ns, -ENOENT, "target %.4s not found",
					n.nsegs ? (const char *)n.segs + 4 * (n.nsegs - 1) : "\\");
		set_ref(out, AML_REF_NODE, NULL, NULL, 0, node);
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

static int eval_then_store(struct aml_exec *ex, const u8 **p, const u8 *end, u64 x,
			   struct aml_value *out)
{
	struct aml_value target;
	int ret = parse_target(ex, p, end, true, &target);

	set_int(out, x & ones(ex));
	return ret ? ret : store(ex, out, &target);
}

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
	return eval_then_store(ex, p, end, r, out);
}

/* LEqual, LGreater, LLess: strings and buffers compare bytewise (§19.6.70). */
static int compare(struct aml_exec *ex, u8 op, const u8 **p, const u8 *end, struct aml_value *out)
{
	struct aml_value a, b;
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
	set_int(out, (op == OP_LEQUAL ? c == 0 : op == OP_LGREATER ? c > 0 : c < 0) ? ones(ex) : 0);
	return 0;
}

/* Index (Source, Index, Target): a reference to a package element or buffer byte. */
static int eval_index(struct aml_exec *ex, const u8 **p, const u8 *end, struct aml_value *out)
{
	struct aml_value src, target;
	u64 i;
	int ret;

	if ((ret = aml_eval_arg(ex, p, end, &src)))
		return ret;
	/* A name evaluates to a copy of its value; Index works on the object itself. */
	if ((ret = aml_eval_int(ex, p, end, &i)) || (ret = parse_target(ex, p, end, true, &target)))
		return ret;
	if (src.type == AML_REF && src.ref_kind == AML_REF_ELEMENT)
		src = src.elems[src.len];
	if (src.type == AML_PACKAGE && i < src.len)
		set_ref(out, AML_REF_ELEMENT, src.elems, NULL, (u32)i, NULL);
	else if (src.type == AML_BUFFER && i < src.len)
		set_ref(out, AML_REF_BYTE, NULL, src.bytes, (u32)i, NULL);
	else if (src.type == AML_PACKAGE || src.type == AML_BUFFER)
		return aml_fail(ex->ns, -EINVAL, "Index %lu past the end (%u)", (unsigned long)i,
				src.len);
	else
		return aml_fail(ex->ns, -EOPNOTSUPP, "Index of type %u", src.type);
	return store(ex, out, &target);
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
	set_int(out, 0);
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
				set_ref(&a, AML_REF_NODE, NULL, NULL, 0, node);
		} else if ((ret = parse_target(ex, p, end, false, &a))) {
			return ret;
		} else {
			node = ex->ns->root; /* locals and args always exist */
		}
		if ((ret = parse_target(ex, p, end, true, &target)))
			return ret;
		if (!node)
			return 0;
		set_int(out, ones(ex));
		return store(ex, &a, &target);
	}
	case EXT_STALL:
	case EXT_SLEEP:
		if ((ret = aml_eval_int(ex, p, end, &x)))
			return ret;
		return delay(ex, op == EXT_SLEEP ? x * 1000 : x);
	case EXT_ACQUIRE: /* Acquire (Mutex, Timeout): always got at once; Zero says so */
		if ((ret = parse_target(ex, p, end, false, &a)))
			return ret;
		if (!fetch(*p, end, 2))
			return aml_fail(ex->ns, -EINVAL, "Acquire past the end");
		*p += 2;
		return 0;
	case EXT_WAIT: /* Wait (Event, Timeout): Zero, signalled */
		if ((ret = parse_target(ex, p, end, false, &a)))
			return ret;
		return aml_eval_int(ex, p, end, &x);
	case EXT_SIGNAL:
	case EXT_RESET:
	case EXT_RELEASE:
		return parse_target(ex, p, end, false, &a);
	case EXT_REVISION:
		set_int(out, AML_REVISION);
		return 0;
	default:
		return aml_fail(ex->ns, -EOPNOTSUPP, "opcode 0x5b%02x", op);
	}
}

/* SizeOf and ObjectType: of the object a SuperName names. */
static int of_object(struct aml_exec *ex, u8 op, const u8 **p, const u8 *end, struct aml_value *out)
{
	struct aml_value ref, v;
	int ret = parse_target(ex, p, end, false, &ref);

	if (ret)
		return ret;
	if (ref.ref_kind == AML_REF_NODE && ref.node->type == AML_LAZY &&
	    (ret = materialize(ex, ref.node)))
		return ret;
	if (ref.ref_kind == AML_REF_NODE &&
	    (ref.node->type != AML_FIELD_UNIT || op == OP_OBJECT_TYPE))
		v = ref.node->type <= AML_PACKAGE ? ref.node->value
						  : (struct aml_value){ .type = ref.node->type };
	else if ((ret = ref_read(ex, &ref, &v)))
		return ret;
	if (op == OP_OBJECT_TYPE) {
		set_int(out, v.type == AML_REF ? 0 : v.type);
		return 0;
	}
	if (v.type != AML_STRING && v.type != AML_BUFFER && v.type != AML_PACKAGE)
		return aml_fail(ex->ns, -EINVAL, "SizeOf type %u", v.type);
	set_int(out, v.len);
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
	return call_method(ex, node, args, argc, out);
}

static int eval_op(struct aml_exec *ex, const u8 **p, const u8 *end, struct aml_value *out)
{
	const u8 *at = *p;
	u8 op = *at;
	struct aml_value a, target;
	u64 x, y;
	int ret;

	set_int(out, 0);
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
		set_int(out, op);
		return 0;
	case OP_ONES:
		set_int(out, ones(ex));
		return 0;
	case OP_BYTE:
	case OP_WORD:
	case OP_DWORD:
	case OP_QWORD: {
		size_t n = op == OP_BYTE ? 1 : op == OP_WORD ? 2 : op == OP_DWORD ? 4 : 8;

		if (!fetch(*p, end, n))
			return aml_fail(ex->ns, -EINVAL, "integer past the end");
		set_int(out, little_endian(*p, n));
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
		return eval_buffer(ex, p, end, out);
	case OP_PACKAGE:
	case OP_VAR_PACKAGE:
		return eval_package(ex, op == OP_VAR_PACKAGE, p, end, out);
	case OP_STORE:
		if ((ret = aml_eval_arg(ex, p, end, out)) ||
		    (ret = parse_target(ex, p, end, false, &target)))
			return ret;
		return store(ex, out, &target);
	case OP_REF_OF:
		return parse_target(ex, p, end, false, out);
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
		if ((ret = eval_then_store(ex, p, end, x % y, &rem)))
			return ret;
		return eval_then_store(ex, p, end, x / y, out);
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
		return eval_then_store(ex, p, end, x, out);
	case OP_INCREMENT:
	case OP_DECREMENT:
		if ((ret = parse_target(ex, p, end, false, &target)) ||
		    (ret = ref_read(ex, &target, &a)) || (ret = aml_to_int(ex, &a, &x)))
			return ret;
		set_int(out, (op == OP_INCREMENT ? x + 1 : x - 1) & ones(ex));
		return store(ex, out, &target);
	case OP_LAND:
	case OP_LOR:
		if ((ret = aml_eval_int(ex, p, end, &x)) || (ret = aml_eval_int(ex, p, end, &y)))
			return ret;
		set_int(out, (op == OP_LAND ? x && y : x || y) ? ones(ex) : 0);
		return 0;
	case OP_LNOT: /* LNotEqual, LLessEqual, LGreaterEqual are LNot of the others */
		if ((ret = aml_eval_int(ex, p, end, &x)))
			return ret;
		set_int(out, x ? 0 : ones(ex));
		return 0;
	case OP_LEQUAL:
	case OP_LGREATER:
	case OP_LLESS:
		return compare(ex, op, p, end, out);
	case OP_DEREF_OF:
		if ((ret = aml_eval_arg(ex, p, end, &a)))
			return ret;
		if (a.type != AML_REF)
			return aml_fail(ex->ns, -EOPNOTSUPP, "DerefOf type %u", a.type);
		return ref_read(ex, &a, out);
	case OP_INDEX:
		return eval_index(ex, p, end, out);
	case OP_SIZE_OF:
	case OP_OBJECT_TYPE:
		return of_object(ex, op, p, end, out);
	case OP_NOTIFY: /* no driver listens: Notify is dropped, as §5.6.6 lets an OS do */
		if ((ret = parse_target(ex, p, end, false, &target)))
			return ret;
		return aml_eval_int(ex, p, end, &x);
	case OP_EXT:
		if (*p >= end)
			return aml_fail(ex->ns, -EINVAL, "opcode 0x5b at the end");
		*p = at;
		return eval_ext(ex, p, end, out);
	default:
		return aml_fail(ex->ns, -EOPNOTSUPP, "opcode %#x", op);
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

static int exec_list(struct aml_exec *ex, const u8 *p, const u8 *end);

/* If/Else (§19.6.60, §19.6.39) and While (§19.6.156). */
static int exec_block(struct aml_exec *ex, u8 op, const u8 **p, const u8 *end)
{
	const u8 *q = *p + 1, *pkg_end, *body;
	u64 cond;
	int ret = aml_pkg_length(ex->ns, &q, end, &pkg_end);

	if (ret)
		return ret;
	body = q;
	if (op == OP_WHILE) {
		for (;;) {
			q = body;
			if ((ret = aml_eval_int(ex, &q, pkg_end, &cond)) || !cond)
				break;
			if ((ret = exec_list(ex, q, pkg_end)))
				break;
			if (ex->flow == AML_FLOW_BREAK) {
				ex->flow = AML_FLOW_NONE;
				break;
			}
			if (ex->flow == AML_FLOW_CONTINUE)
				ex->flow = AML_FLOW_NONE;
			if (ex->flow == AML_FLOW_RETURN)
				break;
		}
		*p = pkg_end;
		return ret;
	}
	if ((ret = aml_eval_int(ex, &q, pkg_end, &cond)))
		return ret;
	if (cond && (ret = exec_list(ex, q, pkg_end)))
		return ret;
	*p = pkg_end;
	if (*p < end && **p == OP_ELSE) {
		const u8 *else_end;

		q = *p + 1;
		if ((ret = aml_step(ex)) || (ret = aml_pkg_length(ex->ns, &q, end, &else_end)))
			return ret;
		if (!cond && ex->flow == AML_FLOW_NONE && (ret = exec_list(ex, q, else_end)))
			return ret;
		*p = else_end;
	}
	return 0;
}

static int exec_term(struct aml_exec *ex, const u8 **p, const u8 *end)
{
	struct aml_value v;
	u8 op = **p;
	int ret;

	switch (op) {
	case OP_IF:
	case OP_WHILE:
		if ((ret = aml_step(ex)))
			return ret;
		return exec_block(ex, op, p, end);
	case OP_ELSE:
		return aml_fail(ex->ns, -EINVAL, "Else without If");
	case OP_RETURN:
		(*p)++;
		if ((ret = aml_eval_arg(ex, p, end, &ex->ret)))
			return ret;
		ex->flow = AML_FLOW_RETURN;
		return 0;
	case OP_BREAK:
	case OP_CONTINUE:
		(*p)++;
		ex->flow = op == OP_BREAK ? AML_FLOW_BREAK : AML_FLOW_CONTINUE;
		return aml_step(ex);
	case OP_NOOP:
	case OP_BREAKPOINT:
		(*p)++;
		return aml_step(ex);
	default:
		ret = aml_load_object(ex, ex->frame->scope, p, end);
		if (ret != AML_NOT_NAMED)
			return ret;
		return aml_eval_arg(ex, p, end, &v);
	}
}

/* Runs a TermList until its end or a Return, Break or Continue. */
static int exec_list(struct aml_exec *ex, const u8 *p, const u8 *end)
{
	while (p < end && ex->flow == AML_FLOW_NONE) {
		int ret = exec_term(ex, &p, end);

		if (ret)
			return ret;
	}
	return 0;
}

static int call_method(struct aml_exec *ex, struct aml_node *m, struct aml_value *args,
		       unsigned int nr_args, struct aml_value *out)
{
	struct aml_frame *saved = ex->frame, *f;
	int ret;

	if (ex->depth >= AML_MAX_DEPTH)
		return aml_fail(ex->ns, -EOPNOTSUPP, "methods nested %d deep", ex->depth);
	f = &((struct aml_frame *)ex->ns->frames)[ex->depth++];
	memset(f, 0, sizeof(*f));
	f->scope = m;
	for (unsigned int i = 0; i < nr_args && i < 7; i++)
		f->args[i] = args[i];
	memset(&ex->ret, 0, sizeof(ex->ret));
	ex->frame = f;
	ret = exec_list(ex, m->code, m->code + m->code_len);
	ex->frame = saved;
	ex->depth--;
	*out = ex->ret;
	ex->flow = AML_FLOW_NONE;
	if (ret && !ex->ns->where[0]) /* the innermost method is where it stopped */
		aml_path(m, ex->ns->where, sizeof(ex->ns->where));
	return ret;
}

int aml_eval(struct aml_ns *ns, struct aml_node *node, const u64 *args, unsigned int nr_args,
	     struct aml_value *ret)
{
	struct aml_frame top;
	struct aml_exec ex = { .ns = ns, .frame = &top };
	struct aml_value argv[7], v;
	int r;

	ns->error[0] = ns->where[0] = '\0';
	ns->steps = 0;
	ns->slept_us = 0;
	ns->reads = ns->writes = 0;
	memset(&top, 0, sizeof(top));
	top.scope = node ? node->parent : ns->root;
	if (!ns->frames) {
		ns->frames = aml_alloc(ns, AML_MAX_DEPTH * sizeof(struct aml_frame));
		if (!ns->frames)
			return -ENOMEM;
	}
	if (!node)
		return aml_fail(ns, -ENOENT, "no such object");
	if (node->type == AML_METHOD) {
		for (unsigned int i = 0; i < nr_args && i < 7; i++)
			set_int(&argv[i], args[i]);
		r = call_method(&ex, node, argv, nr_args < 7 ? nr_args : 7, &v);
	} else {
		r = aml_node_value(&ex, node, &v);
	}
	if (!r && ret)
		*ret = v;
	return r;
}

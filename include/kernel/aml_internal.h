/* SPDX-License-Identifier: MIT */
/*
 * Between the AML interpreter's own files (kernel/fw/aml_*.c): names and
 * lengths (aml_ns.c), the loader of named objects (aml_load.c), running
 * methods and their control flow (aml_method.c), expressions (aml_expr.c),
 * the integer operators (aml_math.c), values and data objects
 * (aml_value.c), targets and Store (aml_store.c), and field access
 * (aml_field.c). Nothing else includes this.
 */
#ifndef KERNEL_AML_INTERNAL_H
#define KERNEL_AML_INTERNAL_H

#include <kernel/aml.h>

/* The opcodes methods run (§20.2), by the names the specification gives them. */
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

/* A method's arguments and locals, and the scope its names are looked up in. */
struct aml_frame {
	struct aml_value args[7], locals[8];
	struct aml_node *scope;
};

/* One evaluation: the namespace, the running frame, how deep, and control flow. */
struct aml_exec {
	struct aml_ns *ns;
	struct aml_frame *frame;
	int depth; /* method calls */
	int nest;  /* expressions */
	u8 flow;   /* AML_FLOW_* */
	struct aml_value ret;
};

#define AML_FLOW_NONE 0
#define AML_FLOW_RETURN 1
#define AML_FLOW_BREAK 2
#define AML_FLOW_CONTINUE 3

/* A NameString as encoded (§20.2.2): root or parent prefixes, then segs. */
struct aml_name {
	bool root;
	u8 parents; /* '^' prefixes */
	u8 nsegs;
	const u8 *segs; /* nsegs * 4 bytes */
};

/* Not one of the loader's opcodes (aml_load_object()). */
#define AML_NOT_NAMED 1

/* Records why the evaluation stopped (the first reason wins); returns err. */
int aml_fail(struct aml_ns *ns, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* PkgLength at *p (§20.2.4): the end of the package, checked against end. */
int aml_pkg_length(struct aml_ns *ns, const u8 **p, const u8 *end, const u8 **pkg_end);

/* NameString at *p (§20.2.2). */
int aml_name_string(struct aml_ns *ns, const u8 **p, const u8 *end, struct aml_name *n);

/* Whether the byte starts a NameString. */
bool aml_is_name_start(u8 c);

/*
 * The node the name names, seen from scope: a single relative NameSeg
 * searches scope and its parents up to the root (§5.3); NULL if none.
 */
struct aml_node *aml_resolve(struct aml_ns *ns, struct aml_node *scope, const struct aml_name *n);

/* Makes the node the name names under scope, or returns the one already there. */
int aml_create(struct aml_ns *ns, struct aml_node *scope, const struct aml_name *n, u8 type,
	       struct aml_node **out);

/* size bytes of zeroed arena, or NULL (ns->error says so). */
void *aml_alloc(struct aml_ns *ns, size_t size);

/*
 * Loads the named object or namespace modifier at *p into scope (Name,
 * Scope, Method, Device, OperationRegion, Field, ...), or returns
 * AML_NOT_NAMED leaving *p alone.
 */
int aml_load_object(struct aml_exec *ex, struct aml_node *scope, const u8 **p, const u8 *end);

/* Loads a TermList of named objects and module-level If/Else into scope. */
int aml_load_list(struct aml_exec *ex, struct aml_node *scope, const u8 *p, const u8 *end);

/* Evaluates the TermArg at *p into *out. */
int aml_eval_arg(struct aml_exec *ex, const u8 **p, const u8 *end, struct aml_value *out);

/* Evaluates the TermArg at *p as an integer. */
int aml_eval_int(struct aml_exec *ex, const u8 **p, const u8 *end, u64 *out);

/* The value of a node (reads a field, runs a method with no arguments). */
int aml_node_value(struct aml_exec *ex, struct aml_node *node, struct aml_value *out);

/* Integer conversion of an operand (§19.3.5.7). */
int aml_to_int(struct aml_exec *ex, const struct aml_value *v, u64 *out);

/* Reads or writes a field unit as an integer (at most 64 bits wide). */
int aml_field_read(struct aml_exec *ex, struct aml_node *field, u64 *out);
int aml_field_write(struct aml_exec *ex, struct aml_node *field, u64 value);

/* Counts one step; -ETIMEDOUT once the budget is spent. */
int aml_step(struct aml_exec *ex);

/* Ones: all bits of an integer, 32 or 64 of them (§5.2.11.1). */
u64 aml_ones(const struct aml_exec *ex);

/* Makes *v the integer x. */
void aml_set_int(struct aml_value *v, u64 x);

/* Makes *v a reference of kind AML_REF_* to elems[index], bytes[index] or node. */
void aml_set_ref(struct aml_value *v, u8 kind, struct aml_value *elems, u8 *bytes, u32 index,
		 struct aml_node *node);

/* Whether n bytes from p lie before end. */
bool aml_fits(const u8 *p, const u8 *end, size_t n);

/* The n-byte little-endian integer at p (AML's byte order, §20.2.3). */
u64 aml_little_endian(const u8 *p, size_t n);

/* Decodes a lazy Name's data (AML_LAZY) into the node's value. */
int aml_materialize(struct aml_exec *ex, struct aml_node *node);

/* Buffer and Package/VarPackage after their opcode (§19.6.10, §19.6.101), into the arena. */
int aml_eval_buffer(struct aml_exec *ex, const u8 **p, const u8 *end, struct aml_value *out);
int aml_eval_package(struct aml_exec *ex, bool var, const u8 **p, const u8 *end,
		     struct aml_value *out);

/*
 * The integer operator op, its opcode already read (aml_math.c); any other
 * opcode is refused with -EOPNOTSUPP, so it ends aml_expr.c's dispatch.
 */
int aml_eval_integer_op(struct aml_exec *ex, u8 op, const u8 **p, const u8 *end,
			struct aml_value *out);

/* What a reference points at, read (a named object: its value). */
int aml_ref_read(struct aml_exec *ex, const struct aml_value *ref, struct aml_value *out);

/* Stores v through the reference target (§19.3.5.8). */
int aml_store(struct aml_exec *ex, const struct aml_value *v, const struct aml_value *target);

/* The SuperName or Target at *p as a reference; may_be_null: NullName is allowed. */
int aml_parse_target(struct aml_exec *ex, const u8 **p, const u8 *end, bool may_be_null,
		     struct aml_value *out);

/* *out = x cut to the integer width, also stored to the Target at *p. */
int aml_eval_then_store(struct aml_exec *ex, const u8 **p, const u8 *end, u64 x,
			struct aml_value *out);

/* Runs method m with args[nr_args] in a new frame; its Return value in *out. */
int aml_call_method(struct aml_exec *ex, struct aml_node *m, struct aml_value *args,
		    unsigned int nr_args, struct aml_value *out);

#endif

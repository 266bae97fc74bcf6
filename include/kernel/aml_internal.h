/* SPDX-License-Identifier: MIT */
/*
 * Between the AML interpreter's own files (kernel/fw/aml_*.c): names and
 * lengths (aml_ns.c), the loader of named objects (aml_load.c), the
 * executor (aml_exec.c) and field access (aml_field.c). Nothing else
 * includes this.
 */
#ifndef KERNEL_AML_INTERNAL_H
#define KERNEL_AML_INTERNAL_H

#include <kernel/aml.h>

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

#endif

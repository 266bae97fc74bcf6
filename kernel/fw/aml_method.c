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

int aml_step(struct aml_exec *ex)
{
	if (++ex->ns->steps > ex->ns->step_budget)
		return aml_fail(ex->ns, -ETIMEDOUT, "step budget of %lu opcodes spent",
				(unsigned long)ex->ns->step_budget);
	return 0;
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

int aml_call_method(struct aml_exec *ex, struct aml_node *m, struct aml_value *args,
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
			aml_set_int(&argv[i], args[i]);
		r = aml_call_method(&ex, node, argv, nr_args < 7 ? nr_args : 7, &v);
	} else {
		r = aml_node_value(&ex, node, &v);
	}
	if (!r && ret)
		*ret = v;
	return r;
}

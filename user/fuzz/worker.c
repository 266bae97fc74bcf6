// SPDX-License-Identifier: MIT
/*
 * Generating and making the calls: the weighted choice among the
 * operations of ops_*.c, the trace, the contexts of children, and the end
 * of a context. Everything a context does comes from its PRNG.
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

struct opset {
	const struct op *ops;
	const unsigned int *n;
};

static const struct opset opsets[] = {
	{ ops_clone, &nr_ops_clone }, { ops_proc, &nr_ops_proc }, { ops_mm, &nr_ops_mm },
	{ ops_sig, &nr_ops_sig },     { ops_misc, &nr_ops_misc }, { ops_fs, &nr_ops_fs },
	{ ops_tty, &nr_ops_tty },
};

#define NSETS (sizeof(opsets) / sizeof(opsets[0]))

unsigned int fz_worker_index;

/* Weight (per thousand calls) of turning the shadow stack on in fuzz_run()'s own frame. */
#define SHSTK_ENABLE_PER_MILLE 20

void fz_trace(struct ctx *c, const char *fmt, ...)
{
	char line[256];
	va_list ap;
	int n;

	if (!c->trace)
		return;
	n = snprintf(line, sizeof(line), "fz[w%u %ld d%u #%u] ", fz_worker_index,
		     syscall0(__NR_gettid), c->depth, c->call);
	va_start(ap, fmt);
	n += vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	syscall3(__NR_write, 1, (long)line, n);
}

long fz_call(struct ctx *c, const char *name, long nr, long a0, long a1, long a2, long a3, long a4,
	     long a5)
{
	long r;

	long long t0 = c->trace ? monotonic_ns() : 0;

	fz_trace(c, "%s(%#lx, %#lx, %#lx, %#lx, %#lx, %#lx) nr %ld", name, a0, a1, a2, a3, a4, a5,
		 nr);
	if (fz_last_call) {
		size_t i = 0;

		for (; name[i] && i < FZ_CALL_NAME - 1; i++)
			(*fz_last_call)[i] = name[i];
		(*fz_last_call)[i] = '\0';
	}
	r = syscall6(nr, a0, a1, a2, a3, a4, a5);
	if (c->trace) {
		long long ms = (monotonic_ns() - t0) / 1000000;

		/* A slow call is news: the kernel does not preempt itself. */
		fz_trace(c, "  = %ld%s (%lld ms)", r, ms >= 20 ? " SLOW" : "", ms);
	}
	return r;
}

static bool op_allowed(const struct ctx *c, const struct op *op)
{
	return !op->spawns || (c->spawn > 0 && c->depth < FUZZ_MAX_DEPTH);
}

/* The next operation, by weight among those allowed here. */
static const struct op *pick_op(struct ctx *c)
{
	unsigned long total = 0, at;

	for (size_t s = 0; s < NSETS; s++)
		for (unsigned int i = 0; i < *opsets[s].n; i++)
			if (op_allowed(c, &opsets[s].ops[i]))
				total += opsets[s].ops[i].weight;
	at = rng_below(&c->rng, total);
	for (size_t s = 0; s < NSETS; s++) {
		for (unsigned int i = 0; i < *opsets[s].n; i++) {
			const struct op *op = &opsets[s].ops[i];

			if (!op_allowed(c, op))
				continue;
			if (at < op->weight)
				return op;
			at -= op->weight;
		}
	}
	return &opsets[0].ops[0];
}

uint64_t fuzz_child_seed(struct ctx *c)
{
	return (rng_next(&c->rng) & ~3ull) | (c->depth + 1);
}

void *fuzz_child_arg(struct ctx *c)
{
	return (void *)(uintptr_t)fuzz_child_seed(c);
}

void fuzz_child_ctx(struct ctx *c, uint64_t seed_and_depth)
{
	memset(c, 0, sizeof(*c));
	c->rng.s = seed_and_depth & ~3ull;
	c->depth = (unsigned int)(seed_and_depth & 3);
	c->ncalls = 1 + (unsigned int)rng_below(&c->rng, 8);
	c->spawn = c->depth < FUZZ_MAX_DEPTH ? 2 : 0;
	c->trace = cfg.trace;
}

int fuzz_child_main(void *arg)
{
	struct ctx c;

	fuzz_child_ctx(&c, (uint64_t)(uintptr_t)arg);
	fuzz_run(&c);
}

void fz_exit_now(int status)
{
	FZ_ARCH_EXIT(status);
}

/*
 * The end of a context. The worker leaves with exit_group(0): "all calls
 * made". A child ends one of the ways a program can.
 */
static void __attribute__((noreturn)) end_context(struct ctx *c)
{
	if (c->depth == 0) {
		fz_trace(c, "worker done");
		fz_exit_now(0);
	}
	switch (rng_below(&c->rng, 4)) {
	case 0:
		FZ1(c, "exit", __NR_exit, pick_int(c));
		break;
	case 1:
		FZ2(c, "kill", __NR_kill, 0, pick_sig(c));
		break;
	default:
		break;
	}
	FZ1(c, "exit_group", __NR_exit_group, rng_below(&c->rng, 256));
	fz_exit_now(0);
}

/*
 * Turning the shadow stack on leaves every frame entered before it unable
 * to return (docs/ABI.md §4.4, §5.4), so it happens here, in the frame that
 * never returns; the calls after it return normally.
 */
/*
 * The task name says where we are: "fz<worker>.<call>" in the worker, the
 * name it inherited plus "+<call>" in a child. The kernel prints it in its
 * report of a task killed by a fault and in a panic's "task:" line, so a
 * crash names the call that made it.
 */
static void name_call(struct ctx *c, char *base)
{
	char name[16];

	if (c->depth == 0)
		snprintf(name, sizeof(name), "fz%u.%u", fz_worker_index, c->call);
	else
		snprintf(name, sizeof(name), "%.10s+%u", base, c->call);
	syscall2(__NR_prctl, 15 /* PR_SET_NAME */, (long)name);
}

void fuzz_run(struct ctx *c)
{
	char base[16] = "";

	syscall2(__NR_prctl, 16 /* PR_GET_NAME */, (long)base);
	base[15] = '\0';
	for (c->call = 0; c->call < c->ncalls; c->call++) {
		if (fz_progress)
			__atomic_add_fetch(fz_progress, 1, __ATOMIC_RELAXED);
		name_call(c, base);
		/* Half the workers start with it on, the others may turn it on later. */
		bool first = c->call == 0 && c->depth == 0;

		if ((first && rng_one_in(&c->rng, 2)) ||
		    rng_below(&c->rng, 1000) < SHSTK_ENABLE_PER_MILLE) {
			uint64_t flags = rng_next(&c->rng);
			long r;

			fz_trace(c, "shadow stack enable(%#lx)", (unsigned long)flags);
			r = FZ_ARCH_SHSTK_ENABLE_FLAGS(flags);
			fz_trace(c, "  = %ld", r);
			continue;
		}

		const struct op *op = pick_op(c);

		fz_trace(c, "op %s", op->name);
		op->fn(c);
	}
	end_context(c);
}

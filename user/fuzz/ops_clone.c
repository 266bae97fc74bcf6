// SPDX-License-Identifier: MIT
/*
 * Making processes and threads: clone3 with generated clone_args, the
 * shadow-stack fields included (docs/ABI.md §2, §4.6), and legacy clone with
 * its whole 64-bit flags word.
 *
 * A child that can run code of its own (a fresh copy of the memory, or a
 * stack of the arena) runs fuzz_child_main() for a few calls; a child that
 * would share our stack leaves at once without touching memory.
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>

#define PAGE 4096ul
#define N(a) (sizeof(a) / sizeof((a)[0]))

static const uint64_t clone_flags[] = {
	CLONE_VM,
	CLONE_FS,
	CLONE_FILES,
	CLONE_SIGHAND,
	CLONE_PIDFD,
	CLONE_PTRACE,
	CLONE_VFORK,
	CLONE_PARENT,
	CLONE_THREAD,
	CLONE_NEWNS,
	CLONE_SYSVSEM,
	CLONE_SETTLS,
	CLONE_PARENT_SETTID,
	CLONE_CHILD_CLEARTID,
	CLONE_DETACHED,
	CLONE_UNTRACED,
	CLONE_CHILD_SETTID,
	CLONE_NEWCGROUP,
	CLONE_NEWUTS,
	CLONE_NEWIPC,
	CLONE_NEWUSER,
	CLONE_NEWPID,
	CLONE_NEWNET,
	CLONE_IO,
	CLONE_NEWTIME,
	CLONE_CLEAR_SIGHAND,
	CLONE_INTO_CGROUP,
};

static uint64_t pick_clone_flags(struct ctx *c, bool wild)
{
	static const uint64_t shapes[] = {
		0,
		CLONE_VM | CLONE_VFORK,
		THREAD_FLAGS,
		CLONE_VM,
		CLONE_VFORK,
		CLONE_NEWPID,
		CLONE_NEWTIME,
		CLONE_PIDFD,
		CLONE_PARENT,
		CLONE_CLEAR_SIGHAND,
		CLONE_VM | CLONE_SIGHAND,
		CLONE_THREAD | CLONE_SIGHAND | CLONE_VM,
	};
	struct rng *r = &c->rng;
	uint64_t f = shapes[rng_below(r, N(shapes))];

	if (wild && rng_one_in(r, 2))
		f |= pick_flags(c, clone_flags, N(clone_flags));
	return f;
}

static uint64_t pick_exit_signal(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t s;

	switch (rng_below(r, 8)) {
	case 0:
		s = 0;
		break;
	case 1:
		s = rng_below(r, 66);
		break;
	case 2:
		s = pick_int(c);
		break;
	case 3:
		s = SIGKILL;
		break;
	default:
		s = SIGCHLD;
		break;
	}
	return s;
}

/* The shadow_stack/shadow_stack_size pair: none, the arena's, a fresh one, or odd. */
static void pick_shadow_stack(struct ctx *c, unsigned long long *ss, unsigned long long *size)
{
	struct rng *r = &c->rng;
	long m;

	*ss = 0, *size = 0;
	switch (rng_below(r, 8)) {
	case 0:
	case 1:
	case 2:
		return;
	case 3:
		*ss = arena.ss, *size = arena.ss_size;
		return;
	case 4:
		*size = PAGE * (1 + rng_below(r, 4));
		m = FZ3(c, "map_shadow_stack", __NR_map_shadow_stack, 0, *size,
			SHADOW_STACK_SET_TOKEN);
		*ss = m < 0 && m > -4096 ? 0 : (uint64_t)m;
		return;
	case 5:
		*ss = arena.ss + rng_below(r, 16), *size = arena.ss_size - rng_below(r, 16);
		return;
	case 6:
		*ss = pick_ptr(c, 8), *size = 8 * rng_below(r, 3);
		return;
	default:
		*ss = pick_ptr(c, PAGE), *size = pick_len(c);
		return;
	}
}

/* A shadow stack that fits the rules: none, the arena's, or a fresh one with its token. */
static void pick_good_shadow_stack(struct ctx *c, unsigned long long *ss, unsigned long long *size)
{
	struct rng *r = &c->rng;
	long m;

	*ss = 0, *size = 0;
	switch (rng_below(r, 3)) {
	case 0:
		return;
	case 1:
		*ss = arena.ss, *size = arena.ss ? arena.ss_size : 0;
		return;
	default:
		*size = PAGE * (1 + rng_below(r, 4));
		m = FZ3(c, "map_shadow_stack", __NR_map_shadow_stack, 0, *size,
			SHADOW_STACK_SET_TOKEN);
		*ss = m < 0 && m > -4096 ? 0 : (uint64_t)m;
		if (!*ss)
			*size = 0;
		return;
	}
}

/* The fields op_clone3() may draw wild: all of them, or one in a well-formed struct. */
enum { F_SIZE, F_FLAGS, F_SIGNAL, F_PTRS, F_STACK, F_TLS, F_SET_TID, F_CGROUP, F_SS, NR_FIELDS };

/*
 * clone3 with generated clone_args. Half the structs are wild in every
 * field; the other half are well formed (a known flag shape, valid
 * pointers, our stack, a shadow stack that fits) with at most one field
 * drawn wild, so the calls get past the argument checks to the code behind.
 */
static void op_clone3(struct ctx *c)
{
	struct rng *r = &c->rng;
	struct clone_args *a = pick_buf(c, 2 * sizeof(*a));
	static const uint64_t sizes[] = { CLONE_ARGS_SIZE_VER0,
					  CLONE_ARGS_SIZE_VER1,
					  CLONE_ARGS_SIZE_VER2,
					  96,
					  CLONE_ARGS_SIZE_VER3,
					  CLONE_ARGS_SIZE_VER3 + 8,
					  0,
					  63,
					  PAGE,
					  PAGE + 1 };
	bool all_wild = rng_one_in(r, 2);
	unsigned int one_wild = rng_one_in(r, 2) ? (unsigned int)rng_below(r, NR_FIELDS)
						 : NR_FIELDS;
#define WILD(f) (all_wild || one_wild == (f))
	uint64_t size = WILD(F_SIZE) && rng_one_in(r, 2) ? sizes[rng_below(r, N(sizes))]
							 : CLONE_ARGS_SIZE_VER3;
	unsigned int st = (unsigned int)rng_below(r, ARENA_STACKS);
	bool own_stack = false;
	long pid;

	if (!(all_wild && rng_one_in(r, 8)))
		memset(a, 0, 2 * sizeof(*a)); /* else: the buffer's garbage in every field */
	a->flags = pick_clone_flags(c, WILD(F_FLAGS));
	if (WILD(F_SIGNAL))
		a->exit_signal = pick_exit_signal(c);
	else if (!(a->flags & (CLONE_THREAD | CLONE_PARENT)))
		a->exit_signal = SIGCHLD;
	if (a->flags & CLONE_PIDFD || rng_one_in(r, 4))
		a->pidfd = WILD(F_PTRS) ? pick_ptr(c, 4) : (uint64_t)pick_buf(c, 4);
	if (a->flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID) || rng_one_in(r, 4))
		a->child_tid = WILD(F_PTRS) ? pick_ptr(c, 4) : (uint64_t)pick_buf(c, 4);
	if (a->flags & CLONE_PARENT_SETTID || rng_one_in(r, 4))
		a->parent_tid = WILD(F_PTRS) ? pick_ptr(c, 4) : (uint64_t)pick_buf(c, 4);
	if (WILD(F_STACK) && rng_one_in(r, 2)) {
		if (rng_one_in(r, 3))
			a->stack = 0, a->stack_size = 0;
		else
			a->stack = pick_ptr(c, PAGE), a->stack_size = pick_len(c);
	} else {
		a->stack = arena.stacks[st], a->stack_size = ARENA_STACK_SIZE;
		own_stack = a->stack != 0;
	}
	if (a->flags & CLONE_SETTLS || WILD(F_TLS)) {
		a->tls = WILD(F_TLS) ? pick_ptr(c, 64) : (uint64_t)pick_buf(c, 64);
	}
	if (WILD(F_SET_TID)) {
		uint32_t *tids = pick_buf(c, 33 * 4);

		for (int i = 0; i < 33; i++)
			tids[i] = rng_one_in(r, 2) ? (uint32_t)rng_below(r, 40)
						   : (uint32_t)pick_int(c);
		a->set_tid = rng_one_in(r, 4) ? pick_ptr(c, 4) : (uint64_t)tids;
		a->set_tid_size = rng_one_in(r, 4) ? pick_int(c) : rng_below(r, 4);
	}
	if (a->flags & CLONE_INTO_CGROUP || WILD(F_CGROUP))
		a->cgroup = pick_int(c);
	if (WILD(F_SS))
		pick_shadow_stack(c, &a->shadow_stack, &a->shadow_stack_size);
	else
		pick_good_shadow_stack(c, &a->shadow_stack, &a->shadow_stack_size);
#undef WILD

	uintptr_t args = rng_one_in(r, 16) ? arena.edge - 64 - rng_below(r, 2) * 8 : (uintptr_t)a;

	if (args != (uintptr_t)a)
		memcpy((void *)args, a, 64); /* a VER0 struct at the edge: larger sizes fault */

	/* A child sharing our memory needs a stack of its own to run code. */
	bool runs = c->spawn && (own_stack || !(a->flags & CLONE_VM));

	fz_trace(c,
		 "clone3(flags %#lx sig %#lx stack %#lx+%#lx tls %#lx set_tid %#lx/%lu ss "
		 "%#lx+%#lx, size %lu)%s",
		 (unsigned long)a->flags, (unsigned long)a->exit_signal, (unsigned long)a->stack,
		 (unsigned long)a->stack_size, (unsigned long)a->tls, (unsigned long)a->set_tid,
		 (unsigned long)a->set_tid_size, (unsigned long)a->shadow_stack,
		 (unsigned long)a->shadow_stack_size, (unsigned long)size, runs ? " runs" : "");
	if (runs)
		pid = __thread_clone3((struct clone_args *)args, size, fuzz_child_main,
				      fuzz_child_arg(c));
	else
		pid = fz_arch_spawn_call(__NR_clone3, (long)args, (long)size, 0, 0, 0, 0);
	fz_trace(c, "  = %ld", pid);
	fz_spawned(c, pid);
	/* A pidfd we asked for goes to the fd pool: waitid(P_PIDFD), read, close... */
	if (pid > 0 && (a->flags & CLONE_PIDFD) && a->pidfd >= (uintptr_t)arena.buf &&
	    a->pidfd < (uintptr_t)arena.buf + ARENA_BUF_SIZE - 4)
		arena_add_fd(*(int *)(uintptr_t)a->pidfd);
}

/*
 * A chain of nested PID namespaces, each level a process that makes the
 * next: past MAX_PID_NS_LEVEL (32) clone3 must fail (ENOSPC), and the end of
 * each level's init kills the levels below it. Made in a child.
 */
static void op_ns_chain(struct ctx *c)
{
	struct clone_args a;
	unsigned int levels = 1 + (unsigned int)rng_below(&c->rng, 36);
	bool early = rng_one_in(&c->rng, 2); /* each level leaves before its child is done */
	long pid = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);

	if (pid != 0) {
		fz_trace(c, "ns chain of %u levels in child %ld", levels, pid);
		fz_spawned(c, pid);
		return;
	}
	for (unsigned int i = 0; i < levels; i++) {
		long r;
		int st;

		memset(&a, 0, sizeof(a));
		a.flags = CLONE_NEWPID | (i % 5 == 4 ? CLONE_NEWTIME : 0);
		a.exit_signal = SIGCHLD;
		r = syscall2(__NR_clone3, (long)&a, CLONE_ARGS_SIZE_VER0);
		if (r == 0)
			continue; /* the next level */
		if (r > 0 && !early)
			syscall4(__NR_wait4, r, (long)&st, 0, 0);
		break;
	}
	fz_exit_now(0);
}

/* Legacy clone(2): the whole 64-bit flags word, so bits above 31 too. */
static void op_clone(struct ctx *c)
{
	struct rng *r = &c->rng;
	struct clone_args a;
	unsigned int st = (unsigned int)rng_below(r, ARENA_STACKS);
	long pid;

	memset(&a, 0, sizeof(a));
	a.flags = pick_clone_flags(c, rng_one_in(r, 2)) | (pick_exit_signal(c) & 0xff);
	if (rng_one_in(r, 4))
		a.flags |= pick_int(c) << 32;
	a.parent_tid = rng_one_in(r, 2) ? (uint64_t)pick_buf(c, 4) : pick_ptr(c, 4);
	a.child_tid = rng_one_in(r, 2) ? (uint64_t)pick_buf(c, 4) : pick_ptr(c, 4);
	a.tls = rng_one_in(r, 2) ? (uint64_t)pick_buf(c, 64) : pick_ptr(c, 64);
	if (rng_one_in(r, 3) && arena.stacks[st]) {
		a.stack = arena.stacks[st], a.stack_size = ARENA_STACK_SIZE;
	} else if (rng_one_in(r, 2)) {
		a.stack = pick_ptr(c, 16), a.stack_size = 0;
	}

	bool runs = c->spawn && (a.stack == arena.stacks[st] || !(a.flags & CLONE_VM));

	fz_trace(c, "clone(flags %#lx stack %#lx+%#lx ptid %#lx ctid %#lx tls %#lx)%s",
		 (unsigned long)a.flags, (unsigned long)a.stack, (unsigned long)a.stack_size,
		 (unsigned long)a.parent_tid, (unsigned long)a.child_tid, (unsigned long)a.tls,
		 runs ? " runs" : "");
	if (runs)
		pid = __thread_clone(&a, fuzz_child_main, fuzz_child_arg(c));
	else
		pid = fz_arch_spawn_call(__NR_clone, (long)a.flags, (long)(a.stack + a.stack_size),
					 (long)a.parent_tid, (long)a.child_tid, (long)a.tls, 0);
	fz_trace(c, "  = %ld", pid);
	fz_spawned(c, pid);
}

const struct op ops_clone[] = {
	{ "clone3", 90, op_clone3, true },
	{ "clone", 20, op_clone, true },
	{ "ns_chain", 3, op_ns_chain, true },
};
const unsigned int nr_ops_clone = N(ops_clone);

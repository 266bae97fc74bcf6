// SPDX-License-Identifier: MIT
/*
 * Operations on processes: clone3 with generated clone_args (the
 * shadow-stack fields included), legacy clone, fork, vfork, exit, wait4,
 * waitid, execve of malformed ELF files and bad paths, exec of this very
 * program, and a child killed while it blocks.
 *
 * A child that can run code of its own (a fresh copy of the memory, or a
 * stack of the arena) runs fuzz_child_main() for a few calls; a child that
 * would share our stack leaves at once without touching memory.
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define PAGE 4096ul
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* libc's assembly halves of thread creation (libc/internal.h). */
long __thread_clone3(struct clone_args *args, size_t size, int (*fn)(void *), void *arg);
long __thread_clone(const struct clone_args *args, int (*fn)(void *), void *arg);

#define THREAD_FLAGS                                                                        \
	(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | \
	 CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID)

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
	/* An orphan's exit signal reaches the reaper: only SIGCHLD is harmless there (Linux resets it). */
	if (cfg.avoid & AVOID_EXIT_SIGNAL)
		s = s ? SIGCHLD : 0;
	return s;
}

/* The shadow_stack/shadow_stack_size pair: none, the arena's, a fresh one, or odd. */
static void pick_shadow_stack(struct ctx *c, uint64_t *ss, uint64_t *size)
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
		m = FZ3(c, "map_shadow_stack", SYS_map_shadow_stack, 0, *size,
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
static void pick_good_shadow_stack(struct ctx *c, uint64_t *ss, uint64_t *size)
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
		m = FZ3(c, "map_shadow_stack", SYS_map_shadow_stack, 0, *size,
			SHADOW_STACK_SET_TOKEN);
		*ss = m < 0 && m > -4096 ? 0 : (uint64_t)m;
		if (!*ss)
			*size = 0;
		return;
	}
}

/* Takes one child of our spawn budget and remembers its pid. */
static void spawned(struct ctx *c, long pid)
{
	if (c->spawn)
		c->spawn--;
	if (pid > 0)
		arena_add_pid((int)pid);
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
		if (cfg.avoid & AVOID_NONCANON)
			a->tls = fz_arch_canonical(a->tls);
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
	if (cfg.avoid & AVOID_VFORK_KILL) /* a parent waiting for its child might be killed */
		a->flags &= ~CLONE_VFORK;

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
		pid = fz_arch_spawn_call(SYS_clone3, (long)args, (long)size, 0, 0, 0, 0);
	fz_trace(c, "  = %ld", pid);
	spawned(c, pid);
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
	if (rng_one_in(r, 4) && !(cfg.avoid & AVOID_CLONE_HIGH))
		a.flags |= pick_int(c) << 32;
	if (cfg.avoid & AVOID_CLONE_HIGH)
		a.flags &= 0xffffffffull;
	if (cfg.avoid & AVOID_VFORK_KILL)
		a.flags &= ~CLONE_VFORK;
	/* Random flag bits may have set the exit signal's byte. */
	if (cfg.avoid & AVOID_EXIT_SIGNAL)
		a.flags = (a.flags & ~CSIGNAL) | (pick_exit_signal(c) & CSIGNAL);
	a.parent_tid = rng_one_in(r, 2) ? (uint64_t)pick_buf(c, 4) : pick_ptr(c, 4);
	a.child_tid = rng_one_in(r, 2) ? (uint64_t)pick_buf(c, 4) : pick_ptr(c, 4);
	a.tls = rng_one_in(r, 2) ? (uint64_t)pick_buf(c, 64) : pick_ptr(c, 64);
	if (cfg.avoid & AVOID_NONCANON)
		a.tls = fz_arch_canonical(a.tls);
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
		pid = fz_arch_spawn_call(SYS_clone, (long)a.flags, (long)(a.stack + a.stack_size),
					 (long)a.parent_tid, (long)a.child_tid, (long)a.tls, 0);
	fz_trace(c, "  = %ld", pid);
	spawned(c, pid);
}

static void op_fork(struct ctx *c)
{
	uint64_t seed = fuzz_child_seed(c);
	long pid;

	fz_trace(c, "fork");
	if (FZ_NR_fork >= 0 && rng_one_in(&c->rng, 2))
		pid = syscall0(FZ_NR_fork);
	else
		pid = syscall5(SYS_clone, SIGCHLD, 0, 0, 0, 0);
	if (pid == 0) {
		struct ctx k;

		fuzz_child_ctx(&k, seed);
		fuzz_run(&k);
	}
	fz_trace(c, "  = %ld", pid);
	spawned(c, pid);
}

/*
 * execve of one of the malformed ELF files (user/fuzz/host/mkelf.c) with a
 * valid argv, so the loader gets to judge it; in a child, as one that loads
 * replaces whoever execs it.
 */
static void op_exec_elf(struct ctx *c)
{
	struct rng *r = &c->rng;
	char *path = pick_buf(c, 32);
	char *argv[3] = { path, "arg", NULL };
	bool in_child = false;

	snprintf(path, 32, "/fuzz/elf/%u", (unsigned int)rng_below(r, arena.nelf + 1));
	if (rng_one_in(r, 16) && !(cfg.avoid & AVOID_NONCANON))
		snprintf(path, 32, "/fuzz/elf/entry-noncanonical");
	if (c->spawn && !rng_one_in(r, 8)) {
		long pid = syscall5(SYS_clone, SIGCHLD, 0, 0, 0, 0);

		if (pid != 0) {
			fz_trace(c, "exec of %s in child %ld", path, pid);
			spawned(c, pid);
			return;
		}
		in_child = true;
	}
	FZ3(c, "execve", SYS_execve, path, rng_one_in(r, 4) ? 0 : argv,
	    rng_one_in(r, 2) ? 0 : argv + 1);
	if (in_child)
		fz_exit_now(127);
}

/* execve of /bin/fuzz as a short child run: "exec-child seed=S calls=N". */
static void exec_self(struct ctx *c, uint64_t seed)
{
	char *s = (char *)pick_buf(c, 128);
	const char *avoid = fuzz_avoid_arg();
	char *argv[5] = { (char *)cfg.self_path, "exec-child", s, avoid[0] ? (char *)avoid : NULL,
			  NULL };
	char *envp[2] = { "FUZZ=1", NULL };

	snprintf(s, 128, "seed=%#lx", (unsigned long)seed);
	FZ3(c, "execve", SYS_execve, cfg.self_path, argv, rng_one_in(&c->rng, 2) ? envp : NULL);
}

static int exec_self_thread(void *arg)
{
	struct ctx k;

	fuzz_child_ctx(&k, (uint64_t)(uintptr_t)arg);
	exec_self(&k, (uint64_t)(uintptr_t)arg);
	return 126;
}

/*
 * vfork: the child borrows our memory and stack until it execs or exits,
 * so it never returns from here; what it does before leaving is drawn.
 */
static void op_vfork(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t seed = fuzz_child_seed(c);
	unsigned int what = (unsigned int)rng_below(r, 8);
	long pid;

	/*
	 * avoid=vfork-kill: no child that kills us, and none that could block
	 * (fuzz_run) and so be there when the nanny's sweep kills us waiting.
	 */
	if ((what == 3 || what > 5) && (cfg.avoid & AVOID_VFORK_KILL))
		what = 0;
	fz_trace(c, "vfork, child does %u", what);
	pid = vfork();
	if (pid == 0) {
		struct ctx k;

		fuzz_child_ctx(&k, seed);
		switch (what) {
		case 0:
			fz_exit_now((int)rng_below(&k.rng, 256));
		case 1:
			syscall3(SYS_execve, pick_path(&k), (long)fz_arch_kernel_addrs[0], 0);
			fz_exit_now(127);
		case 2:
			exec_self(&k, seed);
			fz_exit_now(126);
		case 3: /* the parent waits in vfork: kill it */
			syscall2(SYS_kill, syscall0(SYS_getppid), SIGKILL);
			fz_exit_now(0);
		case 4:
			syscall2(SYS_kill, syscall0(SYS_getpid), pick_sig(&k));
			fz_exit_now(125);
		case 5:
			*(volatile int *)pick_ptr(&k, 4) = 1;
			fz_exit_now(124);
		default:
			k.spawn = 0;
			fuzz_run(&k);
		}
	}
	fz_trace(c, "  = %ld", pid);
	spawned(c, pid);
}

static void op_exit(struct ctx *c)
{
	if (rng_one_in(&c->rng, 2))
		FZ1(c, "exit", SYS_exit, pick_int(c));
	else
		FZ1(c, "exit_group", SYS_exit_group, pick_int(c));
}

static void op_wait4(struct ctx *c)
{
	static const uint64_t opts[] = { WNOHANG, WUNTRACED, WCONTINUED, __WNOTHREAD,
					 __WALL,  __WCLONE,  WEXITED,	 WNOWAIT };
	struct rng *r = &c->rng;
	uint64_t o = pick_flags(c, opts, N(opts));

	if (!rng_one_in(r, 6))
		o |= WNOHANG; /* a blocking wait can stall the worker until its time-out */
	FZ4(c, "wait4", SYS_wait4, rng_one_in(r, 2) ? -1 : pick_pid(c),
	    rng_one_in(r, 2) ? (uint64_t)pick_buf(c, 4) : pick_ptr(c, 4), o,
	    rng_one_in(r, 2) ? 0 : pick_ptr(c, 144));
}

static void op_waitid(struct ctx *c)
{
	static const uint64_t opts[] = { WNOHANG, WEXITED, WSTOPPED, WCONTINUED,
					 WNOWAIT, __WALL,  __WCLONE, __WNOTHREAD };
	struct rng *r = &c->rng;
	uint64_t o = pick_flags(c, opts, N(opts));

	if (!rng_one_in(r, 6))
		o |= WNOHANG;
	FZ5(c, "waitid", SYS_waitid, rng_below(r, 5), rng_one_in(r, 2) ? pick_fd(c) : pick_pid(c),
	    rng_one_in(r, 2) ? (uint64_t)pick_buf(c, 128) : pick_ptr(c, 128), o,
	    rng_one_in(r, 2) ? 0 : pick_ptr(c, 144));
}

static bool contains(const char *s, const char *part)
{
	size_t n = strlen(part);

	for (; *s; s++)
		if (strncmp(s, part, n) == 0)
			return true;
	return false;
}

/* Whether a path string of ours names something that could run: then its argv must fault. */
static bool may_run(uintptr_t path)
{
	const char *s = (const char *)path;

	if (path < (uintptr_t)arena.buf || path >= (uintptr_t)arena.buf + ARENA_BUF_SIZE)
		return true; /* not ours to read: assume the worst */
	return contains(s, "bin") || contains(s, "init");
}

/*
 * execve of paths from the pool. A path that may name a real program gets
 * an argv that faults, so nothing but a malformed ELF can start: a test
 * program or /init running silently would only stall the worker.
 */
static void do_execve(struct ctx *c)
{
	uintptr_t path = pick_path(c);
	uintptr_t argv = pick_strv(c), envp = pick_strv(c);

	if (may_run(path))
		argv = fz_arch_kernel_addrs[rng_below(&c->rng, 2)];
	if (path >= (uintptr_t)arena.buf && path < (uintptr_t)arena.buf + ARENA_BUF_SIZE)
		fz_trace(c, "execve of \"%.60s\"", (const char *)path);
	FZ3(c, "execve", SYS_execve, path, argv, envp);
}

static void op_execve(struct ctx *c)
{
	long pid;

	if (rng_one_in(&c->rng, 8) || !c->spawn) {
		do_execve(c); /* here: a success replaces this context */
		return;
	}
	pid = syscall5(SYS_clone, SIGCHLD, 0, 0, 0, 0);
	if (pid == 0) {
		do_execve(c);
		fz_exit_now(127);
	}
	fz_trace(c, "forked %ld for execve", pid);
	spawned(c, pid);
}

/* exec of ourselves: from a thread, a vfork child or this very context. */
static void op_exec_self(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t seed = fuzz_child_seed(c);

	if (rng_one_in(r, 12) || !c->spawn) {
		exec_self(c, seed);
		return;
	}
	if (rng_one_in(r, 2)) {
		op_vfork(c); /* one time in 8 the child execs us */
		return;
	}
	/* A thread that execs while we go on: the kernel must end us (de_thread). */
	struct clone_args *a = pick_buf(c, sizeof(*a));
	unsigned int st = (unsigned int)rng_below(r, ARENA_STACKS);

	memset(a, 0, sizeof(*a));
	a->flags = THREAD_FLAGS & ~(CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID);
	a->stack = arena.stacks[st], a->stack_size = ARENA_STACK_SIZE;
	fz_trace(c, "thread to exec");
	spawned(c, __thread_clone3(a, sizeof(*a), exec_self_thread, (void *)(uintptr_t)seed));
}

/*
 * A child that blocks -- a futex wait or a sleep with no end or a far one,
 * a vfork whose child sleeps -- killed or signalled while it does.
 */
static void op_block_kill(struct ctx *c)
{
	struct rng *r = &c->rng;
	unsigned int what = (unsigned int)rng_below(r, 6);
	long pid, ts[2];
	int sig = rng_one_in(r, 2) ? SIGKILL : pick_sig(c);

	if (what == 5 && (cfg.avoid & AVOID_VFORK_KILL))
		what = 0;
	if (!(cfg.avoid & AVOID_LONG_TIMEOUT) && rng_one_in(r, 2)) {
		ts[0] = 0x7fffffffffffffffl - (long)rng_below(r, 3);
		ts[1] = 999999999;
	} else {
		ts[0] = 1000000, ts[1] = 0; /* about 11 days */
	}
	fz_trace(c, "block %u, then signal %d", what, sig);
	pid = syscall5(SYS_clone, SIGCHLD, 0, 0, 0, 0);
	if (pid == 0) {
		uint32_t word = 7;

		switch (what) {
		case 0:
			syscall4(SYS_futex, (long)&word, 0, 7, 0);
			break;
		case 1:
			syscall4(SYS_futex, (long)&word, 0, 7, (long)ts);
			break;
		case 2:
			syscall2(SYS_nanosleep, (long)ts, 0);
			break;
		case 3:
			syscall4(FZ_NR_clock_nanosleep, rng_below(r, 2), 1, (long)ts, 0);
			break;
		case 4:
			syscall4(FZ_NR_clock_nanosleep, 1, 0, (long)ts, 0);
			break;
		default:
			if (vfork() == 0) {
				syscall2(SYS_nanosleep, (long)ts, 0);
				fz_exit_now(0);
			}
			break;
		}
		fz_exit_now(0);
	}
	if (pid > 0) {
		long pause[2] = { 0, (long)rng_below(r, 3000000) };
		int status;

		syscall2(SYS_nanosleep, (long)pause, 0);
		syscall2(SYS_kill, pid, sig);
		if (sig != SIGKILL)
			syscall2(SYS_kill, pid, SIGKILL);
		syscall4(SYS_wait4, pid, (long)&status, 0, 0);
	}
	fz_trace(c, "  = %ld", pid);
}

static void op_ids(struct ctx *c)
{
	static const long nrs[] = { SYS_getpid, SYS_getppid, SYS_gettid, SYS_getuid,
				    SYS_sched_yield };

	FZ0(c, "id", nrs[rng_below(&c->rng, N(nrs))]);
}

static void op_set_tid_address(struct ctx *c)
{
	FZ1(c, "set_tid_address", SYS_set_tid_address,
	    rng_one_in(&c->rng, 2) ? (uint64_t)pick_buf(c, 4) : pick_ptr(c, 4));
}

static void op_rlimit(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t *lim = pick_buf(c, 16);
	long res = rng_one_in(r, 4) ? (long)pick_int(c) : (long)rng_below(r, 17);

	lim[0] = rng_one_in(r, 2) ? ~0ull : pick_len(c);
	lim[1] = rng_one_in(r, 2) ? ~0ull : pick_len(c);
	switch (rng_below(r, 3)) {
	case 0:
		FZ2(c, "getrlimit", SYS_getrlimit, res, pick_ptr(c, 16));
		break;
	case 1:
		FZ2(c, "setrlimit", SYS_setrlimit, res,
		    rng_one_in(r, 2) ? (uint64_t)lim : pick_ptr(c, 16));
		break;
	default:
		FZ4(c, "prlimit64", SYS_prlimit64, rng_one_in(r, 2) ? 0 : pick_pid(c), res,
		    rng_one_in(r, 2) ? (uint64_t)lim : pick_ptr(c, 16), pick_ptr(c, 16));
		break;
	}
}

const struct op ops_proc[] = {
	{ "clone3", 90, op_clone3, 0, true },
	{ "clone", 20, op_clone, 0, true },
	{ "fork", 12, op_fork, 0, true },
	{ "vfork", 14, op_vfork, 0, true },
	{ "exit", 1, op_exit, 0, false },
	{ "wait4", 25, op_wait4, 0, false },
	{ "waitid", 10, op_waitid, 0, false },
	{ "execve", 14, op_execve, 0, false },
	{ "exec_elf", 12, op_exec_elf, 0, false },
	{ "exec_self", 6, op_exec_self, 0, true },
	{ "block_kill", 8, op_block_kill, 0, true },
	{ "ids", 5, op_ids, 0, false },
	{ "set_tid_address", 4, op_set_tid_address, 0, false },
	{ "rlimit", 8, op_rlimit, 0, false },
};
const unsigned int nr_ops_proc = N(ops_proc);

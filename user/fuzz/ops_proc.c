// SPDX-License-Identifier: MIT
/*
 * Operations on processes: fork, vfork, exit, wait4, waitid, execve of
 * malformed ELF files and bad paths, exec of this very program (from a
 * thread, a vfork child or the worker itself), a child killed while it
 * blocks, identities and resource limits. clone3 and clone are in
 * ops_clone.c.
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

void fz_spawned(struct ctx *c, long pid)
{
	if (c->spawn)
		c->spawn--;
	if (pid > 0)
		arena_add_pid((int)pid);
}

static void op_fork(struct ctx *c)
{
	uint64_t seed = fuzz_child_seed(c);
	long pid;

	fz_trace(c, "fork");
	if (FZ_NR_fork >= 0 && rng_one_in(&c->rng, 2))
		pid = syscall0(FZ_NR_fork);
	else
		pid = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
	if (pid == 0) {
		struct ctx k;

		fuzz_child_ctx(&k, seed);
		fuzz_run(&k);
	}
	fz_trace(c, "  = %ld", pid);
	fz_spawned(c, pid);
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
	if (rng_one_in(r, 16))
		snprintf(path, 32, "/fuzz/elf/entry-noncanonical");
	if (c->spawn && !rng_one_in(r, 8)) {
		long pid = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);

		if (pid != 0) {
			fz_trace(c, "exec of %s in child %ld", path, pid);
			fz_spawned(c, pid);
			return;
		}
		in_child = true;
	}
	FZ3(c, "execve", __NR_execve, path, rng_one_in(r, 4) ? 0 : argv,
	    rng_one_in(r, 2) ? 0 : argv + 1);
	if (in_child)
		fz_exit_now(127);
}

/* execve of /bin/fuzz as a short child run: "exec-child seed=S calls=N". */
static void exec_self(struct ctx *c, uint64_t seed)
{
	char *s = (char *)pick_buf(c, 128);
	char *argv[4] = { (char *)cfg.self_path, "exec-child", s, NULL };
	char *envp[2] = { "FUZZ=1", NULL };

	snprintf(s, 128, "seed=%#lx", (unsigned long)seed);
	FZ3(c, "execve", __NR_execve, cfg.self_path, argv, rng_one_in(&c->rng, 2) ? envp : NULL);
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

	fz_trace(c, "vfork, child does %u", what);
	pid = vfork();
	if (pid == 0) {
		struct ctx k;

		fuzz_child_ctx(&k, seed);
		switch (what) {
		case 0:
			fz_exit_now((int)rng_below(&k.rng, 256));
		case 1:
			syscall3(__NR_execve, pick_path(&k), (long)fz_arch_kernel_addrs[0], 0);
			fz_exit_now(127);
		case 2:
			exec_self(&k, seed);
			fz_exit_now(126);
		case 3: /* the parent waits in vfork: kill it */
			syscall2(__NR_kill, syscall0(__NR_getppid), SIGKILL);
			fz_exit_now(0);
		case 4:
			syscall2(__NR_kill, syscall0(__NR_getpid), pick_sig(&k));
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
	fz_spawned(c, pid);
}

static void op_exit(struct ctx *c)
{
	if (rng_one_in(&c->rng, 2))
		FZ1(c, "exit", __NR_exit, pick_int(c));
	else
		FZ1(c, "exit_group", __NR_exit_group, pick_int(c));
}

static void op_wait4(struct ctx *c)
{
	static const uint64_t opts[] = { WNOHANG, WUNTRACED, WCONTINUED, __WNOTHREAD,
					 __WALL,  __WCLONE,  WEXITED,	 WNOWAIT };
	struct rng *r = &c->rng;
	uint64_t o = pick_flags(c, opts, N(opts));

	if (!rng_one_in(r, 6))
		o |= WNOHANG; /* a blocking wait can stall the worker until its time-out */
	FZ4(c, "wait4", __NR_wait4, rng_one_in(r, 2) ? -1 : pick_pid(c),
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
	FZ5(c, "waitid", __NR_waitid, rng_below(r, 5), rng_one_in(r, 2) ? pick_fd(c) : pick_pid(c),
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
	FZ3(c, "execve", __NR_execve, path, argv, envp);
}

static void op_execve(struct ctx *c)
{
	long pid;

	if (rng_one_in(&c->rng, 8) || !c->spawn) {
		do_execve(c); /* here: a success replaces this context */
		return;
	}
	pid = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
	if (pid == 0) {
		do_execve(c);
		fz_exit_now(127);
	}
	fz_trace(c, "forked %ld for execve", pid);
	fz_spawned(c, pid);
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
	fz_spawned(c, __thread_clone3(a, sizeof(*a), exec_self_thread, (void *)(uintptr_t)seed));
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

	if (rng_one_in(r, 2)) {
		ts[0] = 0x7fffffffffffffffl - (long)rng_below(r, 3);
		ts[1] = 999999999;
	} else {
		ts[0] = 1000000, ts[1] = 0; /* about 11 days */
	}
	fz_trace(c, "block %u, then signal %d", what, sig);
	pid = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
	if (pid == 0) {
		uint32_t word = 7;

		switch (what) {
		case 0:
			syscall4(__NR_futex, (long)&word, 0, 7, 0);
			break;
		case 1:
			syscall4(__NR_futex, (long)&word, 0, 7, (long)ts);
			break;
		case 2:
			syscall2(__NR_nanosleep, (long)ts, 0);
			break;
		case 3:
			syscall4(FZ_NR_clock_nanosleep, rng_below(r, 2), 1, (long)ts, 0);
			break;
		case 4:
			syscall4(FZ_NR_clock_nanosleep, 1, 0, (long)ts, 0);
			break;
		default:
			if (vfork() == 0) {
				syscall2(__NR_nanosleep, (long)ts, 0);
				fz_exit_now(0);
			}
			break;
		}
		fz_exit_now(0);
	}
	if (pid > 0) {
		long pause[2] = { 0, (long)rng_below(r, 3000000) };
		int status;

		syscall2(__NR_nanosleep, (long)pause, 0);
		syscall2(__NR_kill, pid, sig);
		if (sig != SIGKILL)
			syscall2(__NR_kill, pid, SIGKILL);
		syscall4(__NR_wait4, pid, (long)&status, 0, 0);
	}
	fz_trace(c, "  = %ld", pid);
}

static void op_ids(struct ctx *c)
{
	static const long nrs[] = { __NR_getpid, __NR_getppid, __NR_gettid, __NR_getuid,
				    __NR_sched_yield };

	FZ0(c, "id", nrs[rng_below(&c->rng, N(nrs))]);
}

static void op_set_tid_address(struct ctx *c)
{
	FZ1(c, "set_tid_address", __NR_set_tid_address,
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
		FZ2(c, "getrlimit", __NR_getrlimit, res, pick_ptr(c, 16));
		break;
	case 1:
		FZ2(c, "setrlimit", __NR_setrlimit, res,
		    rng_one_in(r, 2) ? (uint64_t)lim : pick_ptr(c, 16));
		break;
	default:
		FZ4(c, "prlimit64", __NR_prlimit64, rng_one_in(r, 2) ? 0 : pick_pid(c), res,
		    rng_one_in(r, 2) ? (uint64_t)lim : pick_ptr(c, 16), pick_ptr(c, 16));
		break;
	}
}

const struct op ops_proc[] = {
	{ "fork", 12, op_fork, true },
	{ "vfork", 14, op_vfork, true },
	{ "exit", 1, op_exit, false },
	{ "wait4", 25, op_wait4, false },
	{ "waitid", 10, op_waitid, false },
	{ "execve", 14, op_execve, false },
	{ "exec_elf", 12, op_exec_elf, false },
	{ "exec_self", 6, op_exec_self, true },
	{ "block_kill", 8, op_block_kill, true },
	{ "ids", 5, op_ids, false },
	{ "set_tid_address", 4, op_set_tid_address, false },
	{ "rlimit", 8, op_rlimit, false },
};
const unsigned int nr_ops_proc = N(ops_proc);

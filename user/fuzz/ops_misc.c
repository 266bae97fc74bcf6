// SPDX-License-Identifier: MIT
/*
 * The other operations: futex, sleeps, file calls with wild pointers,
 * prctl, the architecture's shadow-stack and thread-pointer controls,
 * calls that fill a structure, and random system-call numbers 0..1000
 * (and a few outside) with random arguments.
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>

#define PAGE 4096ul
#define N(a) (sizeof(a) / sizeof((a)[0]))

static void op_futex(struct ctx *c)
{
	static const uint64_t ops[] = { 0, 1, 128, 129, 256, 384, 2,  3,  4,
					5, 6, 7,   8,	9,   10,  11, 12, 13 };
	struct rng *r = &c->rng;
	uintptr_t uaddr, ts = pick_timespec(c);
	uint64_t op = rng_one_in(r, 6) ? pick_int(c) : ops[rng_below(r, N(ops))];
	uint64_t val;

	switch (rng_below(r, 4)) {
	case 0:
		uaddr = pick_ptr(c, 4);
		break;
	case 1:
		uaddr = (uintptr_t)arena.futex + 1 + rng_below(r, 3); /* misaligned */
		break;
	default:
		uaddr = (uintptr_t)arena.futex + 4 * rng_below(r, 4);
		break;
	}
	val = rng_one_in(r, 4) ? pick_int(c) : rng_below(r, 3);
	/* Without a time-out, a wait that matches would never end: keep it from matching. */
	if (!ts && (op & 0x7f) == 0 && uaddr >= (uintptr_t)arena.buf &&
	    uaddr < (uintptr_t)arena.buf + ARENA_BUF_SIZE - 4 && (uaddr & 3) == 0)
		val = *(volatile uint32_t *)uaddr + 1;
	FZ6(c, "futex", __NR_futex, uaddr, op, val, ts, pick_ptr(c, 4), pick_int(c));
}

static void op_sleep(struct ctx *c)
{
	static const uint64_t clocks[] = {
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 0x7fffffff, (uint64_t)-1, (uint64_t)-6
	};
	struct rng *r = &c->rng;

	if (rng_one_in(r, 2)) {
		FZ2(c, "nanosleep", __NR_nanosleep, pick_timespec(c),
		    rng_one_in(r, 2) ? 0 : pick_ptr(c, 16));
		return;
	}
	/* TIMER_ABSTIME (1) with a short time: already past, returns at once. */
	FZ4(c, "clock_nanosleep", FZ_NR_clock_nanosleep, clocks[rng_below(r, N(clocks))],
	    rng_one_in(r, 4) ? pick_int(c) : rng_below(r, 2), pick_timespec(c),
	    rng_one_in(r, 2) ? 0 : pick_ptr(c, 16));
}

static void op_open(struct ctx *c)
{
	static const uint64_t flags[] = { O_RDONLY, 1,	   2,	    0100,     0200,	01000,
					  02000,    04000, 0200000, 02000000, 010000000 };
	struct rng *r = &c->rng;
	uint64_t how = pick_flags(c, flags, N(flags));
	/* One that may change a file names the sandbox's (sandbox.c), from the working directory. */
	bool changes = (how & (O_ACCMODE | O_CREAT | O_TRUNC)) != 0;
	uintptr_t path = changes ? sandbox_path(c) : pick_path(c);
	long fd;

	if (FZ_NR_open >= 0 && rng_one_in(r, 3))
		fd = FZ3(c, "open", FZ_NR_open, path, how, pick_int(c));
	else
		fd = FZ4(c, "openat", __NR_openat,
			 changes || rng_one_in(r, 2) ? AT_FDCWD : pick_fd(c), path, how,
			 pick_int(c));
	arena_add_fd((int)fd);
}

static void op_rw(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t len = rng_one_in(r, 3) ? pick_len(c) : rng_below(r, 8192);
	int fd = pick_fd(c);

	/* Never the console: our output is KTAP (fds 0-2 are closed in workers). */
	if (fd >= 0 && fd <= 2 && c->trace)
		return;
	if (rng_one_in(r, 2))
		FZ3(c, "read", __NR_read, fd, pick_ptr(c, len), len);
	else
		FZ3(c, "write", __NR_write, fd, pick_ptr(c, len), len);
}

static void op_writev(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t *iov = pick_buf(c, 16 * 8);
	int fd = pick_fd(c);

	if (fd >= 0 && fd <= 2 && c->trace)
		return;
	for (int i = 0; i < 8; i++) {
		iov[2 * i + 1] = rng_one_in(r, 2) ? rng_below(r, 4096) : pick_len(c);
		iov[2 * i] = pick_ptr(c, iov[2 * i + 1]);
	}
	FZ3(c, "writev", __NR_writev, fd, rng_one_in(r, 4) ? pick_ptr(c, 16) : (uintptr_t)iov,
	    rng_one_in(r, 4) ? pick_int(c) : rng_below(r, 9));
}

static void op_close(struct ctx *c)
{
	int fd = pick_fd(c);

	if (fd >= 0 && fd <= 2 && c->trace)
		return;
	FZ1(c, "close", __NR_close, fd);
}

static void op_ioctl(struct ctx *c)
{
	/*
	 * The terminal's requests that cannot leave the console unreadable
	 * for the suites after it (no TCSETS*): TCGETS, TIOCGWINSZ, FIONREAD,
	 * TIOCSCTTY, TIOCGPGRP, TIOCSPGRP, TIOCNOTTY, TIOCGSID, TCFLSH.
	 */
	static const uint64_t cmds[] = { 0x5401, 0x5413, 0x541b, 0x540e,     0x540f, 0x5410,
					 0x5422, 0x5429, 0x540b, 0x40045431, 0 };

	FZ3(c, "ioctl", __NR_ioctl, pick_fd(c),
	    rng_one_in(&c->rng, 2) ? cmds[rng_below(&c->rng, N(cmds))] : pick_int(c),
	    pick_ptr(c, 64));
}

/* Calls that fill a structure at a pointer. */
static void op_fill(struct ctx *c)
{
	struct rng *r = &c->rng;

	switch (rng_below(r, 4)) {
	case 0:
		FZ1(c, "uname", __NR_uname, pick_ptr(c, 390));
		break;
	case 1:
		FZ1(c, "sysinfo", __NR_sysinfo, pick_ptr(c, 112));
		break;
	default:
		FZ2(c, "clock_gettime", __NR_clock_gettime,
		    rng_one_in(r, 3) ? pick_int(c) : rng_below(r, 12), pick_ptr(c, 16));
		break;
	}
}

static void op_prctl(struct ctx *c)
{
	static const uint64_t options[] = { 15 /* SET_NAME */,
					    16 /* GET_NAME */,
					    1 /* SET_PDEATHSIG */,
					    2,
					    36 /* SET_CHILD_SUBREAPER */,
					    37,
					    74,
					    75,
					    76,
					    0,
					    0x7fffffff };
	struct rng *r = &c->rng;
	uint64_t option = rng_one_in(r, 3) ? rng_below(r, 80) : options[rng_below(r, N(options))];

	/* Turning GCS on is fuzz_run()'s (worker.c); a task name stays short and printable. */
	if (option == 75)
		option = 76;
	if (option == 15) {
		char *name = pick_buf(c, 32);

		memcpy(name, "fz-renamed-with-a-long-name", 28);
		FZ2(c, "prctl", __NR_prctl, 15,
		    rng_one_in(r, 2) ? (uintptr_t)name : pick_ptr(c, 16));
		return;
	}
	FZ5(c, "prctl", __NR_prctl, option, rng_one_in(r, 2) ? pick_ptr(c, 16) : pick_int(c),
	    pick_int(c), pick_int(c), pick_int(c));
}

static void op_shstk_ctl(struct ctx *c)
{
	fz_arch_shstk_ctl(c);
}

static void op_tls(struct ctx *c)
{
	fz_arch_tls(c);
}

static long random_arg(struct ctx *c)
{
	switch (rng_below(&c->rng, 3)) {
	case 0:
		return (long)pick_ptr(c, 64);
	case 1:
		return (long)pick_len(c);
	default:
		return (long)pick_int(c);
	}
}

/*
 * Calls that make, remove, rename, truncate or re-own a name, or mount:
 * their path and directory-fd arguments must be the sandbox's (sandbox.c),
 * which random arguments are not: a random create left a file named by
 * arena bytes in the root directory, and its dentry and inode one slab
 * page that fuzz_free_pages_exact counted as a leak (2026-12-06).
 * ops_fs.c and op_open() make these calls. fchmod() and fchown() re-own
 * through a descriptor, and the arena holds one of /init: a random one
 * would leave /init with a random mode for every worker after it.
 */
static bool names_the_tree(long nr)
{
	static const long calls[] = {
		__NR_openat,   __NR_mkdirat,   __NR_mknodat,  __NR_unlinkat, __NR_renameat2,
		__NR_linkat,   __NR_symlinkat, __NR_truncate, __NR_fchmodat, __NR_fchmodat2,
		__NR_fchownat, __NR_mount,     __NR_umount2,  __NR_fchmod,   __NR_fchown,
#ifdef __NR_open
		__NR_open,     __NR_creat,     __NR_mkdir,    __NR_mknod,    __NR_rmdir,
		__NR_unlink,   __NR_rename,    __NR_link,     __NR_symlink,  __NR_chmod,
		__NR_chown,    __NR_lchown,
#endif
#ifdef __NR_renameat
		__NR_renameat,
#endif
	};

	for (size_t i = 0; i < N(calls); i++)
		if (calls[i] == nr)
			return true;
	return false;
}

/* A random number 0..1000 (some implemented, some outside the range) with random arguments. */
static void op_random(struct ctx *c)
{
	struct rng *r = &c->rng;
	long nr, a[6];

	switch (rng_below(r, 10)) {
	case 0:
	case 1:
		nr = fz_arch_implemented[rng_below(r, N(fz_arch_implemented))];
		break;
	case 2: {
		static const uint64_t odd[] = { (uint64_t)-1, 0xffffffff, 1ull << 32,
						0x40000000,   1001,	  0x8000000000000000ull };

		nr = (long)odd[rng_below(r, N(odd))] + (long)rng_below(r, 3);
		break;
	}
	default:
		nr = (long)rng_below(r, 1001);
		break;
	}
	for (int i = 0; i < 6; i++)
		a[i] = random_arg(c);
	if (FZ_NR_IS_REBOOT(nr)) {
		fz_trace(c, "random %ld: reboot, not made", nr);
		return;
	}
	/*
	 * A working directory or root outside the sandbox would let the next
	 * relative create escape it (sandbox.c): ops_fs.c makes these calls.
	 */
	if (nr == __NR_chdir || nr == __NR_fchdir || nr == __NR_chroot) {
		fz_trace(c, "random %ld: moves the working directory, not made", nr);
		return;
	}
	if (names_the_tree(nr)) {
		fz_trace(c, "random %ld: changes names outside the sandbox, not made", nr);
		return;
	}
	if (nr == __NR_execve)
		a[1] = (long)fz_arch_kernel_addrs[0]; /* no real program may start (see op_execve) */
	if (FZ_NR_IS_SPAWN(nr)) {
		fz_trace(c, "random %ld (spawn)(%#lx, %#lx, %#lx, %#lx, %#lx, %#lx)", nr, a[0],
			 a[1], a[2], a[3], a[4], a[5]);
		long ret = fz_arch_spawn_call(nr, a[0], a[1], a[2], a[3], a[4], a[5]);

		fz_trace(c, "  = %ld", ret);
		if (ret > 0)
			arena_add_pid((int)ret);
		return;
	}
	fz_call(c, "random", nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

const struct op ops_misc[] = {
	{ "futex", 25, op_futex, false },  { "sleep", 8, op_sleep, false },
	{ "open", 10, op_open, false },	   { "read_write", 15, op_rw, false },
	{ "writev", 6, op_writev, false }, { "close", 4, op_close, false },
	{ "ioctl", 4, op_ioctl, false },   { "fill", 10, op_fill, false },
	{ "prctl", 10, op_prctl, false },  { "shstk_ctl", 40, op_shstk_ctl, false },
	{ "tls", 8, op_tls, false },	   { "random", 60, op_random, false },
};
const unsigned int nr_ops_misc = N(ops_misc);

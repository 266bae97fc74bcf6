// SPDX-License-Identifier: MIT
/*
 * The file-system calls (docs/DESIGN.md §5.9): the tree's changes --
 * mkdirat, mknodat (and FIFOs: opened, used and closed at once, or a
 * child blocked opening one, woken or killed), unlinkat, renameat2, linkat, symlinkat, truncate, fchmodat,
 * fchownat, utimensat, mount, umount2 -- on the sandbox's paths
 * (sandbox.c), and the calls that only look -- getdents64, newfstatat,
 * statx, readlinkat, faccessat2, statfs, getcwd, lseek, pread64 -- on
 * every path and fd of the pools. The working directory moves only among
 * the sandbox's directories, so a relative path stays inside it. Flags are
 * the known ones ORed, sometimes with a random bit; pointers are the
 * pools' (valid, at an edge, kernel, wild).
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <uapi/linux/mount.h>
#include <uapi/linux/stat.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const uint64_t at_flags[] = { AT_SYMLINK_NOFOLLOW, AT_REMOVEDIR, AT_SYMLINK_FOLLOW,
				     AT_EMPTY_PATH,	  AT_EACCESS,	0x6000 };

/* The device and inode numbers of what fd names (struct stat starts with them on both). */
static bool fd_ident(long fd, uint64_t id[2])
{
	uint64_t st[32];

	if (syscall2(__NR_fstat, fd, (long)st) != 0)
		return false;
	id[0] = st[0];
	id[1] = st[1];
	return true;
}

/*
 * A directory fd for an *at call that changes the tree: AT_FDCWD, the
 * sandbox's, or a bad one. The sandbox's is checked before each use: a
 * close of the pool may have freed its number for a directory elsewhere.
 */
static long sandbox_dirfd(struct ctx *c)
{
	static long fd = -1;
	static uint64_t id[2];
	uint64_t now[2];
	struct rng *r = &c->rng;

	switch (rng_below(r, 6)) {
	case 0:
		if (fd >= 0 && (!fd_ident(fd, now) || now[0] != id[0] || now[1] != id[1]))
			fd = -1;
		if (fd < 0) {
			fd = syscall4(__NR_openat, AT_FDCWD, (long)sandbox_dir(),
				      O_RDONLY | O_DIRECTORY, 0);
			if (fd >= 0 && !fd_ident(fd, id))
				fd = -1;
		}
		return fd >= 0 ? fd : AT_FDCWD;
	case 1:
		return rng_one_in(r, 2) ? -1 : 1023;
	default:
		return AT_FDCWD;
	}
}

/* A directory fd for a call that only looks: any fd of the pool too. */
static long any_dirfd(struct ctx *c)
{
	return rng_one_in(&c->rng, 3) ? pick_fd(c) : sandbox_dirfd(c);
}

static uint64_t mode(struct ctx *c)
{
	return rng_one_in(&c->rng, 4) ? pick_int(c) : rng_below(&c->rng, 010000);
}

static void op_mkdir(struct ctx *c)
{
	FZ3(c, "mkdirat", __NR_mkdirat, sandbox_dirfd(c), sandbox_path(c), mode(c));
}

/*
 * The FIFO the fuzzer opens: no sandbox path names it, so no other call
 * can open it and block (a FIFO made at a sandbox path is removed at once).
 */
#define FZ_FIFO "/tmp/fuzz/fifo"

/* A mode for mknodat: every type, valid or not, with random permission bits. */
static uint64_t node_mode(struct ctx *c)
{
	static const uint64_t types[] = { 0,	    S_IFREG, S_IFCHR, S_IFBLK, S_IFIFO,
					  S_IFSOCK, S_IFDIR, S_IFLNK, 030000 };
	struct rng *r = &c->rng;

	if (rng_one_in(r, 4))
		return pick_int(c);
	return types[rng_below(r, N(types))] | rng_below(r, 010000);
}

/* A device number: /dev's drivers, one without a driver, or anything. */
static uint64_t node_dev(struct ctx *c)
{
	static const uint64_t devs[] = { 0x103, 0x105, 0x107, 0x109, 0x500, 0x501, 0xfa0000 };

	return rng_one_in(&c->rng, 3) ? pick_int(c) : devs[rng_below(&c->rng, N(devs))];
}

static void op_mknod(struct ctx *c)
{
	uint64_t m = node_mode(c);
	uintptr_t path = sandbox_path(c);
	long dfd = sandbox_dirfd(c), r;

	if (FZ_NR_mknod >= 0 && rng_one_in(&c->rng, 4)) {
		dfd = AT_FDCWD;
		r = FZ3(c, "mknod", FZ_NR_mknod, path, m, node_dev(c));
	} else {
		r = FZ4(c, "mknodat", __NR_mknodat, dfd, path, m, node_dev(c));
	}
	if (r == 0 && (m & S_IFMT) == S_IFIFO)
		syscall3(__NR_unlinkat, dfd, path, 0); /* before any blocking open can find it */
}

/* Opens FZ_FIFO without waiting, in some access mode: the fd or -errno. */
static long fifo_open_now(struct ctx *c)
{
	static const uint64_t modes[] = { O_RDONLY, O_WRONLY, O_RDWR, O_ACCMODE };

	return FZ4(c, "openat", __NR_openat, AT_FDCWD, FZ_FIFO,
		   modes[rng_below(&c->rng, N(modes))] | O_NONBLOCK |
			   (rng_one_in(&c->rng, 2) ? O_CLOEXEC : 0),
		   0);
}

/* A FIFO made, opened without waiting, written, read, polled and closed, then removed. */
static void op_fifo(struct ctx *c)
{
	struct rng *r = &c->rng;
	long fds[3];
	unsigned int n = 1 + (unsigned int)rng_below(r, 3);

	FZ4(c, "mknodat", __NR_mknodat, AT_FDCWD, FZ_FIFO, S_IFIFO | 0600, 0);
	for (unsigned int i = 0; i < n; i++)
		fds[i] = fifo_open_now(c);
	for (unsigned int i = 0; i < n; i++) {
		uint64_t len = rng_one_in(r, 3) ? pick_len(c) : rng_below(r, 8192);
		struct pollfd p = { .fd = (int)fds[i], .events = POLLIN | POLLOUT };
		long now[2] = { 0, 0 };

		FZ3(c, "write", __NR_write, fds[(i + 1) % n], pick_ptr(c, len), len);
		FZ3(c, "read", __NR_read, fds[i], pick_ptr(c, len), len);
		FZ5(c, "ppoll", __NR_ppoll, (long)&p, 1, (long)now, 0, 8);
	}
	for (unsigned int i = 0; i < n; i++)
		if (fds[i] >= 0 && rng_one_in(r, 4))
			arena_add_fd(
				(int)fds[i]); /* non-blocking: a later read or write cannot wait */
		else if (fds[i] >= 0)
			syscall1(__NR_close, fds[i]);
	syscall3(__NR_unlinkat, AT_FDCWD, (long)FZ_FIFO, 0);
}

/*
 * A child blocked opening FZ_FIFO for reading or writing: after a random
 * pause the other side opens it (the child wakes and leaves) or a signal
 * comes (SIGKILL, or any: a handled one ends the open with EINTR).
 */
static void op_fifo_block(struct ctx *c)
{
	struct rng *r = &c->rng;
	bool reader = rng_one_in(r, 2);
	long pid, fd;
	int status;

	if (syscall4(__NR_mknodat, AT_FDCWD, (long)FZ_FIFO, S_IFIFO | 0600, 0) != 0)
		return;
	fz_trace(c, "fifo: child blocks opening for %s", reader ? "reading" : "writing");
	pid = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
	if (pid == 0) {
		syscall4(__NR_openat, AT_FDCWD, (long)FZ_FIFO, reader ? O_RDONLY : O_WRONLY, 0);
		fz_exit_now(0);
	}
	fz_spawned(c, pid);
	if (pid > 0) {
		long pause[2] = { 0, (long)rng_below(r, 3000000) };
		int sig = rng_one_in(r, 3) ? SIGKILL : pick_sig(c);

		syscall2(__NR_nanosleep, (long)pause, 0);
		if (rng_one_in(r, 2)) {
			fd = syscall4(__NR_openat, AT_FDCWD, (long)FZ_FIFO,
				      (reader ? O_WRONLY : O_RDONLY) | O_NONBLOCK, 0);
			if (fd >= 0)
				syscall1(__NR_close, fd);
		} else {
			syscall2(__NR_kill, pid, sig);
		}
		syscall2(__NR_kill, pid, SIGKILL);
		syscall4(__NR_wait4, pid, (long)&status, 0, 0);
	}
	syscall3(__NR_unlinkat, AT_FDCWD, (long)FZ_FIFO, 0);
}

static void op_unlink(struct ctx *c)
{
	FZ3(c, "unlinkat", __NR_unlinkat, sandbox_dirfd(c), sandbox_path(c),
	    rng_one_in(&c->rng, 2) ? AT_REMOVEDIR : pick_flags(c, at_flags, N(at_flags)));
}

static void op_rename(struct ctx *c)
{
	static const uint64_t flags[] = { RENAME_NOREPLACE, RENAME_EXCHANGE, RENAME_WHITEOUT };
	struct rng *r = &c->rng;

	FZ5(c, "renameat2", __NR_renameat2, sandbox_dirfd(c), sandbox_path(c), sandbox_dirfd(c),
	    sandbox_path(c), rng_one_in(r, 2) ? 0 : pick_flags(c, flags, N(flags)));
}

/* A hard link's old name is the sandbox's too: a link to an image file would let it be rewritten. */
static void op_link(struct ctx *c)
{
	FZ5(c, "linkat", __NR_linkat, sandbox_dirfd(c), sandbox_path(c), sandbox_dirfd(c),
	    sandbox_path(c), pick_flags(c, at_flags, N(at_flags)));
}

static void op_symlink(struct ctx *c)
{
	struct rng *r = &c->rng;
	uintptr_t target = rng_one_in(r, 6) ? pick_ptr(c, 1) : sandbox_link_target(c);

	FZ3(c, "symlinkat", __NR_symlinkat, target, sandbox_dirfd(c), sandbox_path(c));
}

static void op_readlink(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t len = rng_one_in(r, 3) ? pick_len(c) : rng_below(r, 300);

	FZ4(c, "readlinkat", __NR_readlinkat, any_dirfd(c),
	    rng_one_in(r, 2) ? sandbox_path(c) : pick_path(c), pick_ptr(c, len), len);
}

/* truncate on a path of the sandbox, ftruncate on any fd (only the sandbox's are open for writing). */
static void op_truncate(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t len = rng_one_in(r, 2) ? rng_below(r, 3 * 4096) : pick_len(c);

	if (rng_one_in(r, 2))
		FZ2(c, "truncate", __NR_truncate, sandbox_path(c), len);
	else
		FZ2(c, "ftruncate", __NR_ftruncate, pick_fd(c), len);
}

/* Modes and owners change only in the sandbox: the image's programs keep their execute bits. */
static void op_chmod_chown(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t id = rng_one_in(r, 3) ? pick_int(c) : rng_below(r, 3) - 1; /* -1: unchanged */

	switch (rng_below(r, 4)) {
	case 0:
		FZ4(c, "fchmodat2", __NR_fchmodat2, sandbox_dirfd(c), sandbox_path(c), mode(c),
		    pick_flags(c, at_flags, N(at_flags)));
		break;
	case 1:
		FZ3(c, "fchmodat", __NR_fchmodat, sandbox_dirfd(c), sandbox_path(c), mode(c));
		break;
	default:
		FZ5(c, "fchownat", __NR_fchownat, sandbox_dirfd(c), sandbox_path(c), id,
		    rng_one_in(r, 2) ? id : pick_int(c), pick_flags(c, at_flags, N(at_flags)));
		break;
	}
}

static void op_utimensat(struct ctx *c)
{
	static const long nsecs[] = { UTIME_NOW, UTIME_OMIT, -1, 1000000000 };
	struct rng *r = &c->rng;
	long *ts = pick_buf(c, 32);

	for (int i = 0; i < 2; i++) {
		ts[2 * i] = rng_one_in(r, 4) ? (long)pick_int(c) : (long)rng_below(r, 1u << 31);
		ts[2 * i + 1] = rng_one_in(r, 2) ? nsecs[rng_below(r, N(nsecs))]
						 : (long)rng_below(r, 1000000000);
	}
	FZ4(c, "utimensat", __NR_utimensat, sandbox_dirfd(c),
	    rng_one_in(r, 8) ? 0 : sandbox_path(c),
	    rng_one_in(r, 4) ? pick_ptr(c, 32) : (uintptr_t)ts,
	    pick_flags(c, at_flags, N(at_flags)));
}

static void op_getdents(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t len = rng_one_in(r, 3) ? pick_len(c) : 24 + rng_below(r, 1024);
	long fd;

	if (rng_one_in(r, 2)) {
		fd = syscall4(__NR_openat, AT_FDCWD,
			      (long)(rng_one_in(r, 2) ? sandbox_path(c) : pick_path(c)),
			      O_RDONLY | O_DIRECTORY, 0);
		arena_add_fd((int)fd);
	} else {
		fd = pick_fd(c);
	}
	FZ3(c, "getdents64", __NR_getdents64, fd, pick_ptr(c, len), len);
	if (rng_one_in(r, 3))
		FZ3(c, "lseek", __NR_lseek, fd, rng_one_in(r, 2) ? 0 : pick_int(c),
		    rng_below(r, 6));
}

static void op_stat(struct ctx *c)
{
	struct rng *r = &c->rng;
	uintptr_t path = rng_one_in(r, 2) ? sandbox_path(c) : pick_path(c);

	switch (rng_below(r, 5)) {
	case 0:
		FZ4(c, "newfstatat", __NR_newfstatat, any_dirfd(c), path, pick_ptr(c, 144),
		    pick_flags(c, at_flags, N(at_flags)));
		break;
	case 1:
		FZ5(c, "statx", __NR_statx, any_dirfd(c), path,
		    pick_flags(c, at_flags, N(at_flags)), rng_one_in(r, 2) ? 0xfff : pick_int(c),
		    pick_ptr(c, 256));
		break;
	case 2:
		FZ4(c, "faccessat2", __NR_faccessat2, any_dirfd(c), path,
		    rng_one_in(r, 4) ? pick_int(c) : rng_below(r, 8),
		    pick_flags(c, at_flags, N(at_flags)));
		break;
	case 3:
		FZ2(c, "statfs", __NR_statfs, path, pick_ptr(c, 120));
		break;
	default:
		FZ2(c, "fstatfs", __NR_fstatfs, pick_fd(c), pick_ptr(c, 120));
		break;
	}
}

/* The working directory: only the sandbox's directories (or a failing name), then its name. */
static void op_cwd(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t len = rng_one_in(r, 3) ? pick_len(c) : rng_below(r, 64);

	switch (rng_below(r, 4)) {
	case 0:
		FZ1(c, "chdir", __NR_chdir,
		    rng_one_in(r, 8) ? pick_bad_ptr(c, 1) : sandbox_path(c));
		break;
	case 1:
		FZ1(c, "fchdir", __NR_fchdir,
		    rng_one_in(r, 2) ? sandbox_dirfd(c) : (long)rng_below(r, 3) - 1);
		break;
	default:
		FZ2(c, "getcwd", __NR_getcwd, pick_ptr(c, len), len);
		break;
	}
}

static void op_pread_pwrite(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t len = rng_one_in(r, 3) ? pick_len(c) : rng_below(r, 8192);
	uint64_t off = rng_one_in(r, 2) ? rng_below(r, 3 * 4096) : pick_int(c);
	int fd = pick_fd(c);

	if (fd >= 0 && fd <= 2 && c->trace)
		return;
	if (rng_one_in(r, 2))
		FZ4(c, "pread64", __NR_pread64, fd, pick_ptr(c, len), len, off);
	else
		FZ4(c, "pwrite64", __NR_pwrite64, fd, pick_ptr(c, len), len, off);
}

/*
 * mount and umount2 of procfs and tmpfs on the sandbox's directories
 * (sandbox_clean() unmounts what is left); umount2 also of "/", which is
 * never a mount that may go.
 */
static void op_mount(struct ctx *c)
{
	static const char *const types[] = { "tmpfs", "proc", "ramfs", "nosuchfs", "" };
	static const char *const data[] = { "size=64k", "mode=0700", "nr_inodes=3", "hidepid=2",
					    "size=-1,,=" };
	static const uint64_t mflags[] = { MS_RDONLY,	      MS_REMOUNT,	 MS_BIND,
					   MS_MOVE,	      MS_PRIVATE,	 MS_SHARED,
					   2 /* MS_NOSUID */, 8 /* MS_NOEXEC */, MS_MGC_VAL };
	static const uint64_t uflags[] = { 1 /* MNT_FORCE */, 2 /* MNT_DETACH */,
					   4 /* MNT_EXPIRE */, 8 /* UMOUNT_NOFOLLOW */ };
	struct rng *r = &c->rng;

	if (rng_one_in(r, 2)) {
		uintptr_t type = rng_one_in(r, 6) ? pick_ptr(c, 8)
						  : (uintptr_t)types[rng_below(r, N(types))];

		FZ5(c, "mount", __NR_mount, rng_one_in(r, 4) ? pick_ptr(c, 8) : (uintptr_t) "none",
		    rng_one_in(r, 8) ? pick_bad_ptr(c, 1) : sandbox_path(c), type,
		    rng_one_in(r, 2) ? 0 : pick_flags(c, mflags, N(mflags)),
		    rng_one_in(r, 2)   ? 0
		    : rng_one_in(r, 3) ? pick_ptr(c, 16)
				       : (uintptr_t)data[rng_below(r, N(data))]);
		return;
	}
	FZ2(c, "umount2", __NR_umount2, rng_one_in(r, 8) ? (uintptr_t) "/" : sandbox_path(c),
	    rng_one_in(r, 2) ? 0 : pick_flags(c, uflags, N(uflags)));
}

static void op_umask(struct ctx *c)
{
	FZ1(c, "umask", __NR_umask, rng_one_in(&c->rng, 4) ? pick_int(c) : 022);
}

const struct op ops_fs[] = {
	{ "mkdirat", 8, op_mkdir, false },
	{ "mknodat", 5, op_mknod, false },
	{ "fifo", 3, op_fifo, false },
	{ "fifo_block", 3, op_fifo_block, true },
	{ "unlinkat", 8, op_unlink, false },
	{ "renameat2", 6, op_rename, false },
	{ "linkat", 4, op_link, false },
	{ "symlinkat", 5, op_symlink, false },
	{ "readlinkat", 4, op_readlink, false },
	{ "truncate", 5, op_truncate, false },
	{ "chmod_chown", 5, op_chmod_chown, false },
	{ "utimensat", 3, op_utimensat, false },
	{ "getdents64", 6, op_getdents, false },
	{ "stat", 8, op_stat, false },
	{ "cwd", 4, op_cwd, false },
	{ "pread_pwrite", 5, op_pread_pwrite, false },
	{ "mount", 4, op_mount, false },
	{ "umask", 1, op_umask, false },
};
const unsigned int nr_ops_fs = N(ops_fs);

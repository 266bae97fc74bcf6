// SPDX-License-Identifier: MIT
/*
 * Descriptor calls with Linux's fs/file.c and fs/fcntl.c rules: dup, dup2,
 * dup3 and fcntl. fds are unsigned to these calls, as in Linux: a
 * negative one is just a huge number (EBADF).
 */
#include <asm/fcntl.h>
#include <kernel/file.h>
#include <kernel/pipe.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <uapi/linux/errno.h>

SYSCALL(dup)
{
	struct file *f = fd_get(current->files, (int)a[0]);
	int fd;

	if (!f)
		return -EBADF;
	fd = fd_install(current->files, file_get(f), false);
	if (fd < 0)
		file_put(f);
	return fd;
}

/*
 * dup3(oldfd, newfd, flags): flags other than O_CLOEXEC → EINVAL; oldfd ==
 * newfd → EINVAL; newfd at or above RLIMIT_NOFILE → EBADF; oldfd not open
 * → EBADF. Whatever newfd held is closed first.
 */
static long do_dup3(unsigned int oldfd, unsigned int newfd, int flags)
{
	struct file *f;
	int err;

	if (flags & ~O_CLOEXEC)
		return -EINVAL;
	if (oldfd == newfd)
		return -EINVAL;
	if (newfd >= fd_limit())
		return -EBADF;
	f = fd_get(current->files, (int)oldfd);
	if (!f)
		return -EBADF;
	err = fd_replace(current->files, newfd, f, flags & O_CLOEXEC);
	return err ? err : (long)newfd;
}

SYSCALL(dup3)
{
	return do_dup3((unsigned int)a[0], (unsigned int)a[1], (int)a[2]);
}

/* dup2: as dup3 without flags, except that oldfd == newfd returns newfd if it is open. */
SYSCALL(dup2)
{
	unsigned int oldfd = (unsigned int)a[0], newfd = (unsigned int)a[1];

	if (oldfd == newfd)
		return fd_get(current->files, (int)oldfd) ? (long)newfd : -EBADF;
	return do_dup3(oldfd, newfd, 0);
}

/* F_DUPFD(_CLOEXEC): the lowest free fd at or above from; from past RLIMIT_NOFILE → EINVAL. */
static long f_dupfd(unsigned int from, struct file *f, bool cloexec)
{
	int fd;

	if (from >= fd_limit())
		return -EINVAL;
	fd = fd_install_from(current->files, file_get(f), from, cloexec);
	if (fd < 0)
		file_put(f);
	return fd;
}

/*
 * The flags F_SETFL may change (Linux's SETFL_MASK); the others keep their
 * value. O_DIRECT must suit the file (pipes: packet mode; elsewhere
 * EINVAL). O_ASYNC (SIGIO) is not supported: EINVAL on the files Linux
 * would deliver SIGIO for (pipes, the console), ignored on the others as
 * on Linux, whose files without fasync ignore it.
 */
#define SETFL_MASK (O_APPEND | O_NONBLOCK | O_DIRECT | O_NOATIME)

static long setfl(struct file *f, unsigned int arg)
{
	if (f->ops->check_flags) {
		int err = f->ops->check_flags(f, arg);

		if (err)
			return err;
	} else if (arg & O_DIRECT) {
		return -EINVAL;
	}
	if ((arg & O_ASYNC) && f->ops->fasync)
		return -EINVAL;
	f->f_flags = (arg & SETFL_MASK) | (f->f_flags & ~SETFL_MASK);
	return 0;
}

/*
 * fcntl(fd, cmd, arg): the descriptor commands, the status flags, and a
 * pipe's size. Record locks, owners and signals (F_GETLK .. F_GETSIG),
 * leases, F_NOTIFY and seals are not supported: EINVAL, as Linux answers
 * an unknown command.
 */
SYSCALL(fcntl)
{
	int fd = (int)a[0];
	unsigned int cmd = (unsigned int)a[1];
	unsigned long arg = a[2];
	struct files *t = current->files;
	struct file *f = fd_get(t, fd);

	if (!f)
		return -EBADF;
	switch (cmd) {
	case F_DUPFD:
		return f_dupfd((unsigned int)arg, f, false);
	case F_DUPFD_CLOEXEC:
		return f_dupfd((unsigned int)arg, f, true);
	case F_DUPFD_QUERY: {
		struct file *other = fd_get(t, (int)arg);

		return other ? other == f : -EBADF;
	}
	case F_GETFD:
		return fd_cloexec(t, fd) ? FD_CLOEXEC : 0;
	case F_SETFD:
		fd_set_cloexec(t, fd, arg & FD_CLOEXEC);
		return 0;
	case F_GETFL:
		return f->f_flags;
	case F_SETFL:
		return setfl(f, (unsigned int)arg);
	case F_SETPIPE_SZ:
	case F_GETPIPE_SZ:
		return pipe_fcntl(f, cmd, (unsigned int)arg);
	default:
		return -EINVAL;
	}
}

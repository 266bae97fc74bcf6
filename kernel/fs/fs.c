// SPDX-License-Identifier: MIT
/*
 * File system calls over the console and the read-only initramfs. There is
 * no current directory: relative paths are taken from the root.
 */
#include <asm/fcntl.h>
#include <kernel/file.h>
#include <kernel/proc_mem.h>
#include <kernel/procfs.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/ioctls.h>
#include <uapi/linux/fs.h>
#include <uapi/linux/types.h>

#define PATH_MAX 4096
#define IOV_MAX 1024

/*
 * read/write as Linux's vfs_read()/vfs_write(): a file not open for it →
 * EBADF, a kind without the op → EINVAL, a buffer outside user space →
 * EFAULT. The call holds a reference, so another thread closing the fd
 * while it sleeps (a pipe) cannot free the file under it.
 */
SYSCALL(read)
{
	struct file *f = fd_get(current->files, (int)a[0]);
	long r;

	if (!f || !(f->fmode & FMODE_READ))
		return -EBADF;
	if (!f->ops->read)
		return -EINVAL;
	if (!access_ok((void __user *)a[1], a[2]))
		return -EFAULT;
	file_get(f);
	r = f->ops->read(f, (char __user *)a[1], a[2]);
	file_put(f);
	return r;
}

SYSCALL(write)
{
	struct file *f = fd_get(current->files, (int)a[0]);
	long r;

	if (!f || !(f->fmode & FMODE_WRITE))
		return -EBADF;
	if (!f->ops->write)
		return -EINVAL;
	if (!access_ok((const void __user *)a[1], a[2]))
		return -EFAULT;
	file_get(f);
	r = f->ops->write(f, (const char __user *)a[1], a[2]);
	file_put(f);
	return r;
}

SYSCALL(writev)
{
	struct file *f = fd_get(current->files, (int)a[0]);
	const struct iovec __user *uiov = (const struct iovec __user *)a[1];
	unsigned long n = a[2];
	long total = 0, r;

	if (!f || !(f->fmode & FMODE_WRITE))
		return -EBADF;
	if (!f->ops->write)
		return -EINVAL;
	if (n > IOV_MAX)
		return -EINVAL;
	file_get(f);
	for (unsigned long i = 0; i < n; i++) {
		struct iovec v;

		if (copy_from_user(&v, &uiov[i], sizeof(v))) {
			r = -EFAULT;
			goto out;
		}
		if (!v.iov_len)
			continue;
		if (!access_ok(v.iov_base, v.iov_len)) {
			r = -EFAULT;
			goto out;
		}
		r = f->ops->write(f, (const char __user *)v.iov_base, v.iov_len);
		if (r < 0)
			goto out;
		total += r;
		if ((unsigned long)r < v.iov_len)
			break;
	}
	r = 0;
out:
	file_put(f);
	return total ? total : r;
}

/*
 * Where Linux decides, on a read-only root: the path walk first (a missing
 * file → ENOENT, or EROFS when O_CREAT would make it), then, for a file
 * that exists, O_CREAT|O_EXCL → EEXIST, O_TRUNC or any write access →
 * EROFS, then O_DIRECT → EINVAL (no direct I/O on these files). What
 * F_GETFL reports is the flags without the open-time ones, plus
 * O_LARGEFILE, which a 64-bit open() always adds.
 */
static long open_checks(const struct file *f, int flags)
{
	if ((flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL))
		return -EEXIST;
	if ((flags & O_TRUNC) || (flags & O_ACCMODE) != O_RDONLY)
		return -EROFS;
	if (flags & O_DIRECT)
		return -EINVAL;
	(void)f;
	return 0;
}

static long do_open(const char __user *upath, int flags)
{
	char path[PATH_MAX];
	long len = strncpy_from_user(path, upath, sizeof(path));
	struct file *f;
	long err;

	if (len < 0)
		return len;
	if (len == 0)
		return -ENOENT;
	if (proc_mem_path(path)) {
		/* The one file that opens for writing: its own checks (kernel/fs/proc/proc_mem.c). */
		f = proc_mem_open(path, flags, &err);
		if (!f)
			return err;
	} else {
		f = procfs_path(path) ? procfs_open(path, &err) : file_open_initramfs(path, &err);
		if (!f)
			return (err == -ENOENT && (flags & O_CREAT)) ? -EROFS : err;
		err = open_checks(f, flags);
		if (err) {
			file_put(f);
			return err;
		}
		f->fmode = FMODE_READ; /* O_RDONLY: nothing else here opens for writing */
	}
	f->f_flags = ((unsigned int)flags & ~(O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC | O_CLOEXEC)) |
		     O_LARGEFILE;

	int fd = fd_install(current->files, f, flags & O_CLOEXEC);

	if (fd < 0)
		file_put(f);
	return fd;
}

SYSCALL(openat)
{
	int dirfd = (int)a[0];

	/* Without directories to open, only AT_FDCWD (or an absolute path) makes sense. */
	if (dirfd != AT_FDCWD && !fd_get(current->files, dirfd))
		return -EBADF;
	return do_open((const char __user *)a[1], (int)a[2]);
}

SYSCALL(open)
{
	return do_open((const char __user *)a[0], (int)a[1]);
}

SYSCALL(close)
{
	return fd_close(current->files, (int)a[0]);
}

/*
 * ioctl: the requests every file takes (Linux's do_vfs_ioctl(): FIOCLEX,
 * FIONCLEX, FIONBIO), then the file kind's own (the console's terminal
 * requests, FIONREAD on pipes and files); anything else → ENOTTY.
 */
SYSCALL(ioctl)
{
	int fd = (int)a[0];
	unsigned int cmd = (unsigned int)a[1];
	unsigned long arg = a[2];
	struct file *f = fd_get(current->files, fd);
	long r;

	if (!f)
		return -EBADF;
	switch (cmd) {
	case FIOCLEX:
		fd_set_cloexec(current->files, fd, true);
		return 0;
	case FIONCLEX:
		fd_set_cloexec(current->files, fd, false);
		return 0;
	case FIONBIO: {
		int on;

		if (get_user(on, (int __user *)arg))
			return -EFAULT;
		if (on)
			f->f_flags |= O_NONBLOCK;
		else
			f->f_flags &= ~O_NONBLOCK;
		return 0;
	}
	default:
		break;
	}
	if (!f->ops->ioctl)
		return -ENOTTY;
	file_get(f);
	r = f->ops->ioctl(f, cmd, arg);
	file_put(f);
	return r;
}

SYSCALL(lseek)
{
	struct file *f = fd_get(current->files, (int)a[0]);
	unsigned int whence = (unsigned int)a[2];

	if (!f)
		return -EBADF;
	if (whence > SEEK_MAX)
		return -EINVAL;
	if (!f->ops->llseek)
		return -ESPIPE; /* the console, pidfds, /proc snapshots */
	return f->ops->llseek(f, (long)a[1], (int)whence);
}

/*
 * pread64/pwrite64 (Linux's ksys_pread64): at pos, leaving the file's own
 * position alone. A file that cannot seek cannot take them (ESPIPE).
 */
static long rw_at(const unsigned long a[6], bool write)
{
	struct file *f = fd_get(current->files, (int)a[0]);
	long pos = (long)a[3], r;
	u64 saved;

	if (!f)
		return -EBADF;
	if (!(f->fmode & (write ? FMODE_WRITE : FMODE_READ)))
		return -EBADF;
	if (pos < 0)
		return -EINVAL;
	if (!f->ops->llseek)
		return -ESPIPE;
	if (!access_ok((const void __user *)a[1], a[2]))
		return -EFAULT;
	saved = f->pos;
	f->pos = (u64)pos;
	/* Under big_lock, and these files' read and write never sleep: no one sees pos. */
	r = write ? f->ops->write(f, (const char __user *)a[1], a[2])
		  : f->ops->read(f, (char __user *)a[1], a[2]);
	f->pos = saved;
	return r;
}

SYSCALL(pread64)
{
	return rw_at(a, false);
}

SYSCALL(pwrite64)
{
	return rw_at(a, true);
}

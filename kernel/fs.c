// SPDX-License-Identifier: MIT
/*
 * File system calls over the console and the read-only initramfs. There is
 * no current directory: relative paths are taken from the root.
 */
#include <kernel/file.h>
#include <kernel/proc_mem.h>
#include <kernel/procfs.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fs.h>
#include <uapi/linux/types.h>

#define PATH_MAX 4096
#define IOV_MAX 1024
#define TCGETS 0x5401
#define TIOCGWINSZ 0x5413

SYSCALL(read)
{
	struct file *f = fd_get(current->files, (int)a[0]);

	if (!f)
		return -EBADF;
	if (!access_ok((void __user *)a[1], a[2]))
		return -EFAULT;
	return f->ops->read(f, (char __user *)a[1], a[2]);
}

SYSCALL(write)
{
	struct file *f = fd_get(current->files, (int)a[0]);

	if (!f)
		return -EBADF;
	if (!access_ok((const void __user *)a[1], a[2]))
		return -EFAULT;
	return f->ops->write(f, (const char __user *)a[1], a[2]);
}

SYSCALL(writev)
{
	struct file *f = fd_get(current->files, (int)a[0]);
	const struct iovec __user *uiov = (const struct iovec __user *)a[1];
	unsigned long n = a[2];
	long total = 0;

	if (!f)
		return -EBADF;
	if (n > IOV_MAX)
		return -EINVAL;
	for (unsigned long i = 0; i < n; i++) {
		struct iovec v;
		long r;

		if (copy_from_user(&v, &uiov[i], sizeof(v)))
			return total ? total : -EFAULT;
		if (!v.iov_len)
			continue;
		if (!access_ok(v.iov_base, v.iov_len))
			return total ? total : -EFAULT;
		r = f->ops->write(f, (const char __user *)v.iov_base, v.iov_len);
		if (r < 0)
			return total ? total : r;
		total += r;
		if ((unsigned long)r < v.iov_len)
			break;
	}
	return total;
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
		f = proc_mem_open(path, flags, &err); /* the one file that opens for writing */
	} else {
		if ((flags & O_ACCMODE) != O_RDONLY || (flags & O_CREAT))
			return -EROFS;
		f = procfs_path(path) ? procfs_open(path, &err) : file_open_initramfs(path, &err);
		if (f)
			f->fmode = FMODE_READ; /* O_RDONLY: nothing else opens for writing */
	}
	if (!f)
		return err;

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

/* No file here is a terminal: terminal requests get ENOTTY, as on a pipe. */
SYSCALL(ioctl)
{
	if (!fd_get(current->files, (int)a[0]))
		return -EBADF;
	return -ENOTTY;
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
	/* Not preemptible, and these files' read and write never sleep: no one sees pos. */
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

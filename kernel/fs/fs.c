// SPDX-License-Identifier: MIT
/*
 * The calls every open file takes: read, write, writev, close, ioctl, lseek,
 * pread64 and pwrite64 (opening is kernel/fs/open.c).
 */
#include <asm/fcntl.h>
#include <kernel/big_lock.h>
#include <kernel/file.h>
#include <kernel/proc_mem.h>
#include <kernel/procfs.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/ioctls.h>
#include <uapi/linux/fs.h>
#include <uapi/linux/types.h>

#define IOV_MAX 1024

/*
 * read/write as Linux's vfs_read()/vfs_write(): a file not open for it →
 * EBADF, a kind without the op → EINVAL, a buffer outside user space →
 * EFAULT. The call holds a reference, so another thread closing the fd
 * while it sleeps (a pipe) cannot free the file under it.
 */
/*
 * The fd is looked up without big_lock (read and write are in
 * <kernel/syscall_unlocked.h>); a kind whose ops are not marked unlocked
 * -- all but pipes -- then takes it, as the call's entry would have.
 */
SYSCALL(read)
{
	struct file *f = fd_get_file(current->files, (int)a[0]);
	long r;

	if (!f)
		return -EBADF;
	if (!f->ops->unlocked)
		big_lock_take_late();
	if (!(f->fmode & FMODE_READ))
		r = -EBADF;
	else if (!f->ops->read)
		r = -EINVAL;
	else if (!access_ok((void __user *)a[1], a[2]))
		r = -EFAULT;
	else
		r = f->ops->read(f, (char __user *)a[1], a[2]);
	file_put_late(f);
	return r;
}

SYSCALL(write)
{
	struct file *f = fd_get_file(current->files, (int)a[0]);
	long r;

	if (!f)
		return -EBADF;
	if (!f->ops->unlocked)
		big_lock_take_late();
	if (!(f->fmode & FMODE_WRITE))
		r = -EBADF;
	else if (!f->ops->write)
		r = -EINVAL;
	else if (!access_ok((const void __user *)a[1], a[2]))
		r = -EFAULT;
	else
		r = f->ops->write(f, (const char __user *)a[1], a[2]);
	file_put_late(f);
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

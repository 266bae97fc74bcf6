// SPDX-License-Identifier: MIT
/*
 * The character devices of /dev, by Linux's numbers
 * (Documentation/admin-guide/devices.txt): 1:3 null, 1:5 zero, 1:7 full,
 * 1:8 random, 1:9 urandom (the memory devices, drivers/char/mem.c), 5:0
 * tty (the caller's controlling terminal) and 5:1 console, both the
 * console's terminal (<kernel/tty.h>). A node of any other number opens
 * with ENXIO, as Linux's for a driver it does not have.
 */
#include <kernel/file.h>
#include <kernel/syscalls.h>
#include <kernel/tty.h>
#include <kernel/vfs.h>
#include <uapi/linux/errno.h>

static long null_read(struct file *f, char __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return 0;
}

static long sink_write(struct file *f, const char __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	return (long)n;
}

static long zero_read(struct file *f, char __user *buf, size_t n)
{
	static const char zeros[256];
	size_t done = 0;

	(void)f;
	while (done < n) {
		size_t k = MIN(n - done, sizeof(zeros));

		if (copy_to_user(buf + done, zeros, k))
			return done ? (long)done : -EFAULT;
		done += k;
	}
	return (long)done;
}

static long full_write(struct file *f, const char __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return -ENOSPC;
}

/* urandom and random (no longer blocking in Linux 5.6+): getrandom(buf, n, 0). */
static long random_read(struct file *f, char __user *buf, size_t n)
{
	const unsigned long a[6] = { (unsigned long)buf, n };

	(void)f;
	return sys_getrandom(a);
}

/* Linux's null_lseek / noop_llseek: the position stays 0. */
static long zero_llseek(struct file *f, long off, int whence)
{
	(void)off;
	(void)whence;
	f->pos = 0;
	return 0;
}

static const struct file_ops null_ops = { .read = null_read,
					  .write = sink_write,
					  .llseek = zero_llseek };
static const struct file_ops zero_ops = { .read = zero_read,
					  .write = sink_write,
					  .llseek = zero_llseek };
static const struct file_ops full_ops = { .read = zero_read,
					  .write = full_write,
					  .llseek = zero_llseek };
static const struct file_ops random_ops = { .read = random_read,
					    .write = sink_write,
					    .llseek = zero_llseek };

struct file *chrdev_open(u32 rdev, int flags, long *err)
{
	const struct file_ops *ops;
	struct file *f;

	switch (rdev) {
	case MKDEV(1, 3):
		ops = &null_ops;
		break;
	case MKDEV(1, 5):
		ops = &zero_ops;
		break;
	case MKDEV(1, 7):
		ops = &full_ops;
		break;
	case MKDEV(1, 8):
	case MKDEV(1, 9):
		ops = &random_ops;
		break;
	case MKDEV(5, 0):
	case MKDEV(5, 1):
		return tty_open(rdev, flags, err);
	default:
		*err = -ENXIO;
		return NULL;
	}
	f = file_new(ops);
	if (!f)
		*err = -ENOMEM;
	return f;
}

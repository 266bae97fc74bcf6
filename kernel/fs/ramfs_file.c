// SPDX-License-Identifier: MIT
/*
 * Open files of the tree: regular files read and written at the file's
 * position (O_APPEND: always at the end, as Linux's generic_write_checks),
 * directories that only getdents64 reads (read → EISDIR), character
 * devices, whose file is the driver's (kernel/fs/devices.c), and FIFOs,
 * whose file is a pipe's (kernel/fs/pipe.c). Block devices (Umbra has no
 * block driver) and sockets open with ENXIO, as Linux's blkdev_open()
 * without a disk and no_open(). Every such
 * file holds its dentry, so an unlinked file lives on until its last
 * close. Protected by big_lock (<kernel/vfs.h>).
 */
#include <kernel/file.h>
#include <kernel/pipe.h>
#include <kernel/vfs.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/fs.h>
#include <uapi/linux/ioctls.h>
#include <asm/fcntl.h>

static struct inode *inode_of(const struct file *f)
{
	return f->dentry->inode;
}

static long reg_read(struct file *f, char __user *buf, size_t n)
{
	long r = inode_read_user(inode_of(f), f->pos, buf, n);

	if (r > 0)
		f->pos += (u64)r;
	return r;
}

static long reg_write(struct file *f, const char __user *buf, size_t n)
{
	struct inode *i = inode_of(f);
	long r;

	if (f->f_flags & O_APPEND)
		f->pos = i->size;
	r = inode_write_user(i, f->pos, buf, n);
	if (r > 0)
		f->pos += (u64)r;
	return r;
}

static long reg_llseek(struct file *f, long off, int whence)
{
	f->size = (size_t)inode_of(f)->size;
	return file_llseek_memory(f, off, whence);
}

static long reg_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	u64 size = inode_of(f)->size;

	if (cmd != FIONREAD)
		return -ENOTTY;
	return put_user((int)(f->pos < size ? size - f->pos : 0), (int __user *)arg);
}

static int reg_check_flags(struct file *f, unsigned int flags)
{
	(void)f;
	return (flags & O_DIRECT) ? -EINVAL : 0;
}

static const struct file_ops reg_ops = { .read = reg_read,
					 .write = reg_write,
					 .ioctl = reg_ioctl,
					 .check_flags = reg_check_flags,
					 .llseek = reg_llseek };

static long dir_read(struct file *f, char __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return -EISDIR;
}

/* A directory's position is a readdir cursor: any value may be set back (Linux's dcache_dir_lseek). */
static long dir_llseek(struct file *f, long off, int whence)
{
	if (whence == SEEK_CUR)
		off += (long)f->pos;
	else if (whence != SEEK_SET)
		return -EINVAL;
	if (off < 0)
		return -EINVAL;
	f->pos = (u64)off;
	return off;
}

static const struct file_ops dir_ops = { .read = dir_read,
					 .check_flags = reg_check_flags,
					 .llseek = dir_llseek };

struct dentry *file_dentry(const struct file *f)
{
	return f->dentry;
}

bool file_is_dir(const struct file *f)
{
	return f->ops == &dir_ops;
}

struct file *ramfs_open(struct dentry *d, int flags, long *err)
{
	struct inode *i = d->inode;
	struct file *f;

	if (S_ISBLK(i->mode) || S_ISSOCK(i->mode)) {
		*err = -ENXIO;
		return NULL;
	}
	if (S_ISFIFO(i->mode)) {
		f = fifo_open(i, flags, err); /* it sets the fmode */
		if (f)
			f->dentry = dentry_get(d);
		return f;
	}
	if (S_ISCHR(i->mode)) {
		f = chrdev_open(i->rdev, flags, err);
		if (!f)
			return NULL;
	} else {
		f = file_new(S_ISDIR(i->mode) ? &dir_ops : &reg_ops);
		if (!f) {
			*err = -ENOMEM;
			return NULL;
		}
	}
	f->dentry = dentry_get(d);
	/* Linux's OPEN_FMODE(): 0 reads, 1 writes, 2 both, 3 neither (ioctl only). */
	f->fmode = ((unsigned int)flags + 1) & (FMODE_READ | FMODE_WRITE);
	return f;
}

// SPDX-License-Identifier: MIT
/*
 * getdents64 on the tree's directories: ".", "..", then the entries in
 * the order they were made. A directory with procfs mounted on it, and
 * /proc's own directories, list what procfs says (its getdents op). The file's position is a cursor (the next
 * entry's serial wanted + 2), so entries removed between calls never make a
 * reader skip one that remains. Protected by big_lock (<kernel/vfs.h>).
 */
#include <kernel/file.h>
#include <kernel/procfs.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>

/* Linux's struct linux_dirent64, followed by the name and its NUL, padded to 8 bytes. */
struct dirent64_head {
	u64 d_ino;
	s64 d_off;
	u16 d_reclen;
	u8 d_type;
} __attribute__((packed));

#define DIRENT_NAME_AT 19 /* offsetof(struct linux_dirent64, d_name) */

bool dir_emit(struct dir_out *o, u64 ino, s64 next, unsigned int mode, const char *name, size_t len)
{
	size_t reclen = ALIGN_UP(DIRENT_NAME_AT + len + 1, (size_t)8);
	char rec[DIRENT_NAME_AT + NAME_MAX + 1 + 8];
	struct dirent64_head h = { .d_ino = ino,
				   .d_off = next,
				   .d_reclen = (u16)reclen,
				   .d_type = (u8)(mode >> 12 & 15) };

	if (o->used + reclen > o->size)
		return false;
	memset(rec, 0, reclen);
	memcpy(rec, &h, sizeof(h));
	memcpy(rec + DIRENT_NAME_AT, name, len);
	if (copy_to_user(o->buf + o->used, rec, reclen)) {
		o->err = -EFAULT;
		return false;
	}
	o->used += reclen;
	return true;
}

SYSCALL(getdents64)
{
	struct file *f = fd_get(current->files, (int)a[0]);
	struct dir_out o = { .buf = (char __user *)a[1], .size = a[2] };
	struct dentry *dir;

	if (!f)
		return -EBADF;
	if (f->ops->getdents) {
		long err;

		if (!access_ok(o.buf, o.size))
			return -EFAULT;
		err = f->ops->getdents(f, &o);
		return o.err ? o.err : err ? err : (long)o.used;
	}
	dir = f->dentry;
	if (!dir || !file_is_dir(f))
		return -ENOTDIR;
	if (!access_ok(o.buf, o.size))
		return -EFAULT;
	if (dir->unlinked)
		return 0; /* Linux's IS_DEADDIR */
	if (dir->inode->mounted == MNT_PROC) {
		long err = procfs_root_getdents(f, &o);

		return o.err ? o.err : err ? err : (long)o.used;
	}
	if (f->pos == 0) {
		if (!dir_emit(&o, dir->inode->ino, 1, S_IFDIR, ".", 1))
			goto done;
		f->pos = 1;
	}
	if (f->pos == 1) {
		struct dentry *up = dir == current_fs()->root || !dir->parent ? dir : dir->parent;

		if (!dir_emit(&o, up->inode->ino, 2, S_IFDIR, "..", 2))
			goto done;
		f->pos = 2;
	}
	for (struct dentry *d = dir->inode->children; d; d = d->next) {
		if (d->serial + 2 < f->pos)
			continue;
		if (!dir_emit(&o, d->inode->ino, (s64)d->serial + 3, d->inode->mode, d->name,
			      d->name_len))
			break;
		f->pos = d->serial + 3;
	}
done:
	if (o.err)
		return o.err;
	if (!o.used) {
		/* Something is left, but not even one entry fit: EINVAL, as Linux's filldir64. */
		bool left = f->pos < 2;

		for (struct dentry *d = dir->inode->children; d && !left; d = d->next)
			left = d->serial + 2 >= f->pos;
		if (left)
			return -EINVAL;
	}
	return (long)o.used;
}

// SPDX-License-Identifier: MIT
/*
 * open, openat, openat2's older siblings and creat, with Linux's order of
 * checks (fs/namei.c's path_openat, open_last_lookups, do_open, may_open):
 * the walk (ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG); O_CREAT makes a regular
 * file with mode & ~umask when the name is free, and with O_EXCL fails on
 * any existing name (EEXIST), a symlink included; O_CREAT on a directory
 * or a path ending in '/' is EISDIR; O_NOFOLLOW on a symlink is ELOOP;
 * O_DIRECTORY on a non-directory ENOTDIR; a directory opened for writing
 * EISDIR; O_TRUNC empties a regular file; O_DIRECT is EINVAL (ramfs has
 * no direct I/O). Paths under /proc go to procfs as before.
 * Protected by big_lock (<kernel/vfs.h>).
 */
#include <asm/fcntl.h>
#include <kernel/err.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/proc_mem.h>
#include <kernel/procfs.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>

/* A /proc file, with the checks the read-only root used to make (procfs is read-only). */
static struct file *open_proc(const char *path, int flags, long *err)
{
	struct file *f;
	unsigned int mode;
	unsigned long nlink, ino;
	long r = procfs_stat(path, !(flags & O_NOFOLLOW), &mode, &nlink, &ino);

	if (r == 0 && S_ISLNK(mode)) {
		*err = -ELOOP; /* O_NOFOLLOW on a link, or one that leads nowhere to open */
		return NULL;
	}
	if (r == 0 && (flags & O_DIRECTORY) && !S_ISDIR(mode)) {
		*err = -ENOTDIR;
		return NULL;
	}
	if (r == 0 && S_ISDIR(mode) && ((flags & O_CREAT) || (flags & O_ACCMODE) != O_RDONLY)) {
		*err = -EISDIR;
		return NULL;
	}
	if (proc_mem_path(path))
		return proc_mem_open(path, flags, err);
	f = procfs_open(path, !(flags & O_NOFOLLOW), err);
	if (!f)
		return NULL;
	if ((flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL))
		*err = -EEXIST;
	else if ((flags & O_TRUNC) || (flags & O_ACCMODE) != O_RDONLY)
		*err = -EACCES; /* Linux's /proc files are 0444 to their writers too */
	else
		*err = 0;
	if (*err) {
		file_put(f);
		return NULL;
	}
	f->fmode = FMODE_READ;
	return f;
}

/* O_CREAT: the dentry to open, made if missing; *created says it was. */
static struct dentry *open_create(int dirfd, const char *path, int flags, unsigned int mode,
				  char *scratch)
{
	const char *name;
	size_t len;
	bool slash;
	struct dentry *dir = walk_parent(dirfd, path, &name, &len, &slash, scratch), *d;
	struct inode *i;

	if (IS_ERR(dir))
		return dir;
	if (slash || len == 0 || (len == 1 && name[0] == '.') ||
	    (len == 2 && name[0] == '.' && name[1] == '.')) {
		dentry_put(dir);
		return ERR_PTR(-EISDIR);
	}
	d = dentry_lookup(dir, name, len);
	if (d) {
		dentry_put(dir);
		if (flags & O_EXCL)
			return ERR_PTR(-EEXIST);
		if (S_ISLNK(d->inode->mode)) {
			if (flags & O_NOFOLLOW)
				return ERR_PTR(-ELOOP);
			return walk(dirfd, path, WALK_FOLLOW, scratch);
		}
		return dentry_get(d);
	}
	if (dir->unlinked) {
		dentry_put(dir);
		return ERR_PTR(-ENOENT);
	}
	i = inode_new(S_IFREG | (mode & ~current_fs()->umask & S_IALLUGO));
	if (i) {
		inode_get(i);
		d = dentry_add(dir, name, len, i);
		if (!d)
			inode_put(i);
	}
	dentry_put(dir);
	return d ? dentry_get(d) : ERR_PTR(-ENOSPC);
}

static long open_dentry(struct dentry *d, int flags, struct file **out)
{
	struct inode *i = d->inode;
	int acc = flags & O_ACCMODE;
	long err;

	if (S_ISLNK(i->mode))
		return -ELOOP; /* O_NOFOLLOW on a symlink */
	if ((flags & O_DIRECTORY) && !S_ISDIR(i->mode))
		return -ENOTDIR;
	if (S_ISDIR(i->mode) && ((flags & O_CREAT) || acc != O_RDONLY))
		return -EISDIR;
	if ((flags & O_DIRECT) && S_ISREG(i->mode))
		return -EINVAL;
	if ((flags & O_TRUNC) && S_ISREG(i->mode)) {
		err = inode_truncate(i, 0);
		if (err)
			return err;
	}
	*out = ramfs_open(d, flags, &err);
	return *out ? 0 : err;
}

static long do_openat(int dirfd, const char __user *upath, int flags, unsigned int mode)
{
	char *path = kmalloc(2 * PATH_MAX), *scratch;
	struct dentry *d;
	struct file *f = NULL;
	long err;

	if (!path)
		return -ENOMEM;
	scratch = path + PATH_MAX;
	err = path_from_user(path, upath);
	if (err < 0)
		goto out;
	if (flags & O_CREAT)
		d = open_create(dirfd, path, flags, mode, scratch);
	else
		d = walk(dirfd, path,
			 ((flags & O_NOFOLLOW) ? 0 : WALK_FOLLOW) |
				 ((flags & O_DIRECTORY) ? WALK_DIRECTORY : 0),
			 scratch);
	if (d == ERR_PTR(-EXDEV)) {
		f = open_proc(scratch, flags, &err);
	} else if (IS_ERR(d)) {
		err = PTR_ERR(d);
	} else {
		err = open_dentry(d, flags, &f);
		dentry_put(d);
	}
	if (!f)
		goto out;
	f->f_flags = ((unsigned int)flags & ~(O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC | O_CLOEXEC)) |
		     O_LARGEFILE;
	err = fd_install(current->files, f, flags & O_CLOEXEC);
	if (err < 0)
		file_put(f);
out:
	kfree(path);
	return err;
}

SYSCALL(openat)
{
	return do_openat((int)a[0], (const char __user *)a[1], (int)a[2], (unsigned int)a[3]);
}

SYSCALL(open)
{
	return do_openat(AT_FDCWD, (const char __user *)a[0], (int)a[1], (unsigned int)a[2]);
}

SYSCALL(creat)
{
	return do_openat(AT_FDCWD, (const char __user *)a[0], O_CREAT | O_WRONLY | O_TRUNC,
			 (unsigned int)a[1]);
}

// SPDX-License-Identifier: MIT
/*
 * The calls that change names, with Linux's checks and errnos (fs/namei.c):
 * mkdir(at), mknod(at), rmdir, unlink(at), link(at), symlink(at), rename(at) and
 * renameat2, and readlink(at), which reads one. Under /proc nothing can be
 * made or removed: EPERM, as procfs has no such operations.
 * Protected by big_lock (<kernel/vfs.h>).
 */
#include <kernel/err.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/procfs.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>

/* A path split into its parent directory (held) and last name. */
struct last {
	char *buf; /* 2 * PATH_MAX: the path, then scratch */
	struct dentry *dir;
	const char *name;
	size_t len;
	bool slash; /* a '/' followed the name */
};

static bool is_dot(const struct last *l)
{
	return l->len == 1 && l->name[0] == '.';
}

static bool is_dotdot(const struct last *l)
{
	return l->len == 2 && l->name[0] == '.' && l->name[1] == '.';
}

/* The last name is not an ordinary one ("/", ".", ".."): Linux's type != LAST_NORM. */
static bool not_normal(const struct last *l)
{
	return l->len == 0 || is_dot(l) || is_dotdot(l);
}

static long last_get(int dirfd, const char __user *upath, struct last *l)
{
	long err;

	l->dir = NULL;
	l->buf = kmalloc(2 * PATH_MAX);
	if (!l->buf)
		return -ENOMEM;
	err = path_from_user(l->buf, upath);
	if (err < 0)
		return err;
	l->dir = walk_parent(dirfd, l->buf, &l->name, &l->len, &l->slash, l->buf + PATH_MAX);
	if (IS_ERR(l->dir)) {
		err = PTR_ERR(l->dir);
		l->dir = NULL;
		return err == -EXDEV ? -EPERM : err;
	}
	return 0;
}

static void last_put(struct last *l)
{
	if (l->dir)
		dentry_put(l->dir);
	kfree(l->buf);
}

static struct dentry *last_lookup(const struct last *l)
{
	return l->len ? dentry_lookup(l->dir, l->name, l->len) : NULL;
}

/* Makes inode i as l's name. */
static long create(struct last *l, struct inode *i)
{
	if (!i)
		return -ENOSPC;
	if (l->dir->unlinked) {
		inode_get(i);
		inode_put(i);
		return -ENOENT;
	}
	inode_get(i);
	if (!dentry_add(l->dir, l->name, l->len, i)) {
		inode_put(i);
		return -ENOSPC;
	}
	return 0;
}

static long do_mkdirat(int dirfd, const char __user *path, unsigned int mode)
{
	struct last l;
	long err = last_get(dirfd, path, &l);

	if (!err && (not_normal(&l) || last_lookup(&l)))
		err = -EEXIST;
	if (!err)
		err = create(&l, inode_new(S_IFDIR | (mode & (S_IALLUGO & ~(S_ISUID | S_ISGID)) &
						      ~current_fs()->umask)));
	last_put(&l);
	return err;
}

SYSCALL(mkdirat)
{
	return do_mkdirat((int)a[0], (const char __user *)a[1], (unsigned int)a[2]);
}

SYSCALL(mkdir)
{
	return do_mkdirat(AT_FDCWD, (const char __user *)a[0], (unsigned int)a[1]);
}

/*
 * mknodat's type check, before the path is even read (Linux's may_mknod()):
 * a directory is EPERM (mkdir makes those), a symlink or no type at all
 * EINVAL; 0 means a regular file.
 */
static long mknod_type_ok(unsigned int mode)
{
	switch (mode & S_IFMT) {
	case 0:
	case S_IFREG:
	case S_IFCHR:
	case S_IFBLK:
	case S_IFIFO:
	case S_IFSOCK:
		return 0;
	case S_IFDIR:
		return -EPERM;
	default:
		return -EINVAL;
	}
}

/*
 * mknodat(dirfd, path, mode, dev), in Linux's order (do_mknodat,
 * filename_create, vfs_mknod): the type (EPERM, EINVAL); the walk to the
 * parent; "/", "." or ".." or an existing name (a symlink included: it
 * is not followed) is EEXIST; a missing name with a trailing '/' ENOENT.
 * The node gets mode & ~umask; only a device keeps dev (a FIFO's or
 * socket's is 0). A device node needs CAP_MKNOD, which every process
 * holds: everything runs as root here, so EPERM for it never happens.
 */
static long do_mknodat(int dirfd, const char __user *path, unsigned int mode, unsigned int dev)
{
	struct last l;
	long err;
	struct inode *i;

	mode &= 0xffff; /* the call's mode is Linux's umode_t: 16 bits */
	err = mknod_type_ok(mode);
	if (err)
		return err;
	err = last_get(dirfd, path, &l);
	if (!err && (not_normal(&l) || last_lookup(&l)))
		err = -EEXIST;
	else if (!err && l.slash)
		err = -ENOENT;
	if (!err) {
		mode &= ~current_fs()->umask;
		if (!(mode & S_IFMT))
			mode |= S_IFREG;
		i = inode_new((mode & S_IFMT) | (mode & S_IALLUGO));
		if (i && (S_ISCHR(mode) || S_ISBLK(mode)))
			i->rdev = dev;
		err = create(&l, i);
	}
	last_put(&l);
	return err;
}

SYSCALL(mknodat)
{
	return do_mknodat((int)a[0], (const char __user *)a[1], (unsigned int)a[2],
			  (unsigned int)a[3]);
}

SYSCALL(mknod)
{
	return do_mknodat(AT_FDCWD, (const char __user *)a[0], (unsigned int)a[1],
			  (unsigned int)a[2]);
}

static bool is_busy(const struct dentry *d)
{
	return d == vfs_root || d == current_fs()->root || d->inode->mounted != MNT_NONE;
}

static long do_rmdir(int dirfd, const char __user *path)
{
	struct last l;
	long err = last_get(dirfd, path, &l);
	struct dentry *d;

	if (err)
		goto out;
	if (is_dot(&l)) {
		err = -EINVAL;
	} else if (is_dotdot(&l)) {
		err = -ENOTEMPTY;
	} else if (!l.len) {
		err = -EBUSY;
	} else if (!(d = last_lookup(&l))) {
		err = -ENOENT;
	} else if (!S_ISDIR(d->inode->mode)) {
		err = -ENOTDIR;
	} else if (is_busy(d)) {
		err = -EBUSY;
	} else if (d->inode->children) {
		err = -ENOTEMPTY;
	} else {
		dentry_unlink(d);
	}
out:
	last_put(&l);
	return err;
}

SYSCALL(rmdir)
{
	return do_rmdir(AT_FDCWD, (const char __user *)a[0]);
}

static long do_unlink(int dirfd, const char __user *path)
{
	struct last l;
	long err = last_get(dirfd, path, &l);
	struct dentry *d;

	if (err)
		goto out;
	if (not_normal(&l)) {
		err = -EISDIR;
	} else if (!(d = last_lookup(&l))) {
		err = -ENOENT;
	} else if (S_ISDIR(d->inode->mode)) {
		err = -EISDIR;
	} else if (l.slash) {
		err = -ENOTDIR;
	} else {
		dentry_unlink(d);
	}
out:
	last_put(&l);
	return err;
}

SYSCALL(unlink)
{
	return do_unlink(AT_FDCWD, (const char __user *)a[0]);
}

SYSCALL(unlinkat)
{
	unsigned int flags = (unsigned int)a[2];

	if (flags & ~AT_REMOVEDIR)
		return -EINVAL;
	if (flags & AT_REMOVEDIR)
		return do_rmdir((int)a[0], (const char __user *)a[1]);
	return do_unlink((int)a[0], (const char __user *)a[1]);
}

static long do_symlinkat(const char __user *utarget, int dirfd, const char __user *path)
{
	char *target = kmalloc(PATH_MAX);
	struct last l = { 0 };
	long err, tlen;

	if (!target)
		return -ENOMEM;
	tlen = path_from_user(target, utarget);
	err = tlen < 0 ? tlen : last_get(dirfd, path, &l);
	if (!err && (not_normal(&l) || last_lookup(&l)))
		err = -EEXIST;
	else if (!err && l.slash)
		err = -ENOENT;
	if (!err) {
		struct inode *i = inode_new(S_IFLNK | 0777);

		if (i && inode_write_kernel(i, 0, target, (size_t)tlen)) {
			inode_get(i);
			inode_put(i);
			i = NULL;
		}
		err = create(&l, i);
	}
	last_put(&l);
	kfree(target);
	return err;
}

SYSCALL(symlinkat)
{
	return do_symlinkat((const char __user *)a[0], (int)a[1], (const char __user *)a[2]);
}

SYSCALL(symlink)
{
	return do_symlinkat((const char __user *)a[0], AT_FDCWD, (const char __user *)a[1]);
}

static long do_linkat(int olddfd, const char __user *oldpath, int newdfd,
		      const char __user *newpath, unsigned int flags)
{
	char *buf;
	struct dentry *old;
	struct last l = { 0 };
	long err;

	if (flags & ~(AT_SYMLINK_FOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	buf = kmalloc(2 * PATH_MAX);
	if (!buf)
		return -ENOMEM;
	err = path_from_user(buf, oldpath);
	if (err == -ENOENT && (flags & AT_EMPTY_PATH)) {
		struct file *f = fd_get(current->files, olddfd);

		old = !f ? ERR_PTR(-EBADF) : f->dentry ? dentry_get(f->dentry) : ERR_PTR(-EXDEV);
	} else if (err < 0) {
		old = ERR_PTR(err);
	} else {
		old = walk(olddfd, buf, (flags & AT_SYMLINK_FOLLOW) ? WALK_FOLLOW : 0,
			   buf + PATH_MAX);
	}
	kfree(buf);
	if (IS_ERR(old))
		return PTR_ERR(old);
	err = last_get(newdfd, newpath, &l);
	if (err == -EPERM)
		err = -EXDEV; /* into /proc: another file system */
	if (!err && (not_normal(&l) || last_lookup(&l)))
		err = -EEXIST;
	else if (!err && l.slash)
		err = -ENOENT;
	else if (!err && S_ISDIR(old->inode->mode))
		err = -EPERM;
	else if (!err && old->unlinked)
		err = -ENOENT;
	if (!err) {
		err = create(&l, old->inode);
		if (!err)
			old->inode->nlink++;
		inode_touch(old->inode, false, true);
	}
	last_put(&l);
	dentry_put(old);
	return err;
}

SYSCALL(linkat)
{
	return do_linkat((int)a[0], (const char __user *)a[1], (int)a[2], (const char __user *)a[3],
			 (unsigned int)a[4]);
}

SYSCALL(link)
{
	return do_linkat(AT_FDCWD, (const char __user *)a[0], AT_FDCWD, (const char __user *)a[1],
			 0);
}

/* ---- rename ---- */

static long rename_checks(struct last *o, struct last *n, unsigned int flags, struct dentry **pold,
			  struct dentry **pnew)
{
	struct dentry *old, *new;

	if (not_normal(o))
		return -EBUSY;
	if (not_normal(n))
		return (flags & RENAME_NOREPLACE) ? -EEXIST : -EBUSY;
	old = last_lookup(o);
	if (!old)
		return -ENOENT;
	new = last_lookup(n);
	if ((flags & RENAME_EXCHANGE) && !new)
		return -ENOENT;
	if ((flags & RENAME_NOREPLACE) && new)
		return -EEXIST;
	if (!S_ISDIR(old->inode->mode) && (o->slash || n->slash) &&
	    !((flags & RENAME_EXCHANGE) && new &&S_ISDIR(new->inode->mode)))
		return -ENOTDIR;
	if (is_busy(old) || (new &&is_busy(new)))
		return -EBUSY;
	if (dentry_is_ancestor(old, n->dir))
		return -EINVAL; /* a directory into itself */
	if (new &&dentry_is_ancestor(new, o->dir))
		return (flags & RENAME_EXCHANGE) ? -EINVAL : -ENOTEMPTY;
	if (new && old->inode == new->inode)
		return 1; /* the same file: nothing to do */
	if (new && !(flags & RENAME_EXCHANGE)) {
		if (S_ISDIR(old->inode->mode) && !S_ISDIR(new->inode->mode))
			return -ENOTDIR;
		if (!S_ISDIR(old->inode->mode) && S_ISDIR(new->inode->mode))
			return -EISDIR;
		if (S_ISDIR(new->inode->mode) && new->inode->children)
			return -ENOTEMPTY;
	}
	*pold = old;
	*pnew = new;
	return 0;
}

static long do_renameat2(int olddfd, const char __user *oldpath, int newdfd,
			 const char __user *newpath, unsigned int flags)
{
	struct last o = { 0 }, n = { 0 };
	struct dentry *old = NULL, *new = NULL;
	long err;

	if (flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE | RENAME_WHITEOUT))
		return -EINVAL;
	if ((flags & RENAME_NOREPLACE) && (flags & RENAME_EXCHANGE))
		return -EINVAL;
	if (flags & RENAME_WHITEOUT)
		return -EINVAL; /* ramfs has no whiteouts (Linux's simple_rename) */
	err = last_get(olddfd, oldpath, &o);
	if (!err)
		err = last_get(newdfd, newpath, &n);
	if (err == -EPERM)
		err = -EXDEV; /* one side in /proc: another file system */
	if (!err)
		err = rename_checks(&o, &n, flags, &old, &new);
	if (err == 1) {
		err = 0;
	} else if (!err && (flags & RENAME_EXCHANGE)) {
		struct dentry *odir = o.dir;
		char *oname = kmalloc(o.len + 1);

		if (!oname) {
			err = -ENOMEM;
		} else {
			memcpy(oname, o.name, o.len);
			dentry_get(old);
			dentry_get(new);
			err = dentry_move(old, n.dir, n.name, n.len);
			if (!err)
				err = dentry_move(new, odir, oname, o.len);
			dentry_put(old);
			dentry_put(new);
			kfree(oname);
		}
	} else if (!err) {
		if (new)
			dentry_unlink(new);
		err = dentry_move(old, n.dir, n.name, n.len);
	}
	last_put(&o);
	last_put(&n);
	return err;
}

SYSCALL(renameat2)
{
	return do_renameat2((int)a[0], (const char __user *)a[1], (int)a[2],
			    (const char __user *)a[3], (unsigned int)a[4]);
}

SYSCALL(renameat)
{
	return do_renameat2((int)a[0], (const char __user *)a[1], (int)a[2],
			    (const char __user *)a[3], 0);
}

SYSCALL(rename)
{
	return do_renameat2(AT_FDCWD, (const char __user *)a[0], AT_FDCWD,
			    (const char __user *)a[1], 0);
}

/* ---- readlink ---- */

static long do_readlinkat(int dirfd, const char __user *upath, char __user *ubuf, int size)
{
	char *path = kmalloc(2 * PATH_MAX);
	struct dentry *d;
	long err;

	if (!path)
		return -ENOMEM;
	if (size <= 0) {
		kfree(path);
		return -EINVAL;
	}
	err = path_from_user(path, upath);
	if (err < 0)
		goto out;
	d = walk(dirfd, path, 0, path + PATH_MAX);
	if (d == ERR_PTR(-EXDEV)) {
		err = proc_readlink(path + PATH_MAX, path, PATH_MAX);
		if (err >= 0) {
			err = MIN(err, (long)size);
			if (copy_to_user(ubuf, path, (size_t)err))
				err = -EFAULT;
		}
	} else if (IS_ERR(d)) {
		err = PTR_ERR(d);
	} else {
		if (!S_ISLNK(d->inode->mode))
			err = -EINVAL;
		else
			err = inode_read_user(d->inode, 0, ubuf,
					      (size_t)MIN((u64)size, d->inode->size));
		dentry_put(d);
	}
out:
	kfree(path);
	return err;
}

SYSCALL(readlinkat)
{
	return do_readlinkat((int)a[0], (const char __user *)a[1], (char __user *)a[2], (int)a[3]);
}

SYSCALL(readlink)
{
	return do_readlinkat(AT_FDCWD, (const char __user *)a[0], (char __user *)a[1], (int)a[2]);
}

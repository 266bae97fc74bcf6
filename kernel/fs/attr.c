// SPDX-License-Identifier: MIT
/*
 * The calls that change or test an inode's attributes (Linux's fs/open.c,
 * fs/attr.c, fs/utimes.c, fs/sync.c): chmod, fchmod, fchmodat, chown,
 * lchown, fchown, fchownat, truncate, ftruncate, utimensat, access,
 * faccessat, faccessat2, fsync, fdatasync and sync. Everything runs as
 * root, so permission bits never refuse, except that executing needs an
 * execute bit somewhere (X_OK on a file without one: EACCES).
 * Protected by big_lock (<kernel/vfs.h>).
 */
#include <kernel/err.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/vfs.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>

#define S_IXUGO 0111

/*
 * The dentry (dirfd, path, follow) names, held; AT_EMPTY_PATH with "" is
 * dirfd's own file. Under /proc: ERR_PTR(-EXDEV), the caller's answer.
 */
static struct dentry *lookup_at(int dirfd, const char __user *upath, bool follow, bool empty_ok)
{
	char *path = kmalloc(2 * PATH_MAX);
	struct dentry *d;
	long err;

	if (!path)
		return ERR_PTR(-ENOMEM);
	err = path_from_user(path, upath);
	if (err == -ENOENT && empty_ok) {
		struct file *f = dirfd == AT_FDCWD ? NULL : fd_get(current->files, dirfd);

		if (dirfd == AT_FDCWD)
			d = dentry_get(current_fs()->cwd);
		else if (!f)
			d = ERR_PTR(-EBADF);
		else
			d = f->dentry ? dentry_get(f->dentry) : ERR_PTR(-EXDEV);
	} else if (err < 0) {
		d = ERR_PTR(err);
	} else {
		d = walk(dirfd, path, follow ? WALK_FOLLOW : 0, path + PATH_MAX);
	}
	kfree(path);
	return d;
}

static struct dentry *fd_dentry(int fd, long *err)
{
	struct file *f = fd_get(current->files, fd);

	*err = !f ? -EBADF : 0;
	return f ? f->dentry : NULL;
}

/* ---- chmod ---- */

static long set_mode(struct inode *i, unsigned int mode)
{
	i->mode = (i->mode & S_IFMT) | (mode & S_IALLUGO);
	inode_touch(i, false, true);
	return 0;
}

static long chmod_at(int dirfd, const char __user *path, unsigned int mode, unsigned int flags)
{
	struct dentry *d;
	long err;

	if (flags & ~AT_SYMLINK_NOFOLLOW)
		return -EINVAL;
	d = lookup_at(dirfd, path, !(flags & AT_SYMLINK_NOFOLLOW), false);
	if (d == ERR_PTR(-EXDEV))
		return -EPERM;
	if (IS_ERR(d))
		return PTR_ERR(d);
	/* A symlink's mode cannot change (Linux's fchmodat2 with AT_SYMLINK_NOFOLLOW). */
	err = S_ISLNK(d->inode->mode) ? -EOPNOTSUPP : set_mode(d->inode, mode);
	dentry_put(d);
	return err;
}

SYSCALL(fchmodat)
{
	return chmod_at((int)a[0], (const char __user *)a[1], (unsigned int)a[2], 0);
}

SYSCALL(fchmodat2)
{
	return chmod_at((int)a[0], (const char __user *)a[1], (unsigned int)a[2],
			(unsigned int)a[3]);
}

SYSCALL(chmod)
{
	return chmod_at(AT_FDCWD, (const char __user *)a[0], (unsigned int)a[1], 0);
}

SYSCALL(fchmod)
{
	long err;
	struct dentry *d = fd_dentry((int)a[0], &err);

	if (err)
		return err;
	return d ? set_mode(d->inode, (unsigned int)a[1]) : -EPERM;
}

/* ---- chown ---- */

/*
 * -1 keeps an id. Changing either clears set-user-ID, and set-group-ID
 * when group execute is set, on a non-directory (Linux's ATTR_KILL_S*ID).
 */
static long set_owner(struct inode *i, unsigned int uid, unsigned int gid)
{
	if (uid != (unsigned int)-1)
		i->uid = uid;
	if (gid != (unsigned int)-1)
		i->gid = gid;
	if ((uid != (unsigned int)-1 || gid != (unsigned int)-1) && !S_ISDIR(i->mode)) {
		i->mode &= ~S_ISUID;
		if (i->mode & 010)
			i->mode &= ~S_ISGID;
	}
	inode_touch(i, false, true);
	return 0;
}

static long chown_at(int dirfd, const char __user *path, unsigned long uid, unsigned long gid,
		     unsigned int flags)
{
	struct dentry *d;
	long err;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	d = lookup_at(dirfd, path, !(flags & AT_SYMLINK_NOFOLLOW), flags & AT_EMPTY_PATH);
	if (d == ERR_PTR(-EXDEV))
		return -EPERM;
	if (IS_ERR(d))
		return PTR_ERR(d);
	err = set_owner(d->inode, (unsigned int)uid, (unsigned int)gid);
	dentry_put(d);
	return err;
}

SYSCALL(fchownat)
{
	return chown_at((int)a[0], (const char __user *)a[1], a[2], a[3], (unsigned int)a[4]);
}

SYSCALL(chown)
{
	return chown_at(AT_FDCWD, (const char __user *)a[0], a[1], a[2], 0);
}

SYSCALL(lchown)
{
	return chown_at(AT_FDCWD, (const char __user *)a[0], a[1], a[2], AT_SYMLINK_NOFOLLOW);
}

SYSCALL(fchown)
{
	long err;
	struct dentry *d = fd_dentry((int)a[0], &err);

	if (err)
		return err;
	return d ? set_owner(d->inode, (unsigned int)a[1], (unsigned int)a[2]) : -EPERM;
}

/* ---- truncate ---- */

static long truncate_inode(struct inode *i, long length)
{
	if (length < 0)
		return -EINVAL;
	if (S_ISDIR(i->mode))
		return -EISDIR;
	if (!S_ISREG(i->mode))
		return -EINVAL;
	return inode_truncate(i, (u64)length);
}

SYSCALL(truncate)
{
	struct dentry *d = lookup_at(AT_FDCWD, (const char __user *)a[0], true, false);
	long err;

	if (d == ERR_PTR(-EXDEV))
		return -EACCES;
	if (IS_ERR(d))
		return PTR_ERR(d);
	err = truncate_inode(d->inode, (long)a[1]);
	dentry_put(d);
	return err;
}

/* ftruncate: EINVAL unless the fd is a regular file open for writing (Linux's do_ftruncate). */
SYSCALL(ftruncate)
{
	struct file *f = fd_get(current->files, (int)a[0]);

	if (!f)
		return -EBADF;
	if ((long)a[1] < 0)
		return -EINVAL;
	if (!f->dentry || !S_ISREG(f->dentry->inode->mode) || !(f->fmode & FMODE_WRITE))
		return -EINVAL;
	return truncate_inode(f->dentry->inode, (long)a[1]);
}

/* ---- utimensat ---- */

static bool time_valid(const struct timespec *t)
{
	return t->tv_nsec == UTIME_NOW || t->tv_nsec == UTIME_OMIT ||
	       (t->tv_nsec >= 0 && t->tv_nsec < 1000000000);
}

static void set_time(struct timespec *slot, const struct timespec *t, const struct timespec *now)
{
	if (t->tv_nsec == UTIME_OMIT)
		return;
	*slot = t->tv_nsec == UTIME_NOW ? *now : *t;
}

/*
 * utimensat(dirfd, path, times, flags): times NULL is "now" for both; a
 * NULL path sets dirfd's own file (Linux's do_utimes on an fd).
 */
SYSCALL(utimensat)
{
	int dirfd = (int)a[0];
	const char __user *path = (const char __user *)a[1];
	unsigned int flags = (unsigned int)a[3];
	struct timespec t[2] = { { .tv_nsec = UTIME_NOW }, { .tv_nsec = UTIME_NOW } };
	struct dentry *d;
	s64 ns = time_realtime_ns();
	struct timespec now = { .tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000 };

	if (a[2] && copy_from_user(t, (const void __user *)a[2], sizeof(t)))
		return -EFAULT;
	if (!time_valid(&t[0]) || !time_valid(&t[1]))
		return -EINVAL;
	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	if (!path) {
		long err;

		if (flags & AT_SYMLINK_NOFOLLOW)
			return -EINVAL;
		if (dirfd == AT_FDCWD)
			return -EFAULT;
		d = fd_dentry(dirfd, &err);
		if (err)
			return err;
		if (!d)
			return -EPERM;
		dentry_get(d);
	} else {
		d = lookup_at(dirfd, path, !(flags & AT_SYMLINK_NOFOLLOW), flags & AT_EMPTY_PATH);
	}
	if (d == ERR_PTR(-EXDEV))
		return -EPERM;
	if (IS_ERR(d))
		return PTR_ERR(d);
	set_time(&d->inode->atime, &t[0], &now);
	set_time(&d->inode->mtime, &t[1], &now);
	if (t[0].tv_nsec != UTIME_OMIT || t[1].tv_nsec != UTIME_OMIT)
		d->inode->ctime = now;
	dentry_put(d);
	return 0;
}

/* ---- access ---- */

static long access_at(int dirfd, const char __user *path, unsigned int mode, unsigned int flags)
{
	struct dentry *d;
	long err = 0;

	if (mode & ~(unsigned int)(R_OK | W_OK | X_OK))
		return -EINVAL;
	if (flags & ~(AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	d = lookup_at(dirfd, path, !(flags & AT_SYMLINK_NOFOLLOW), flags & AT_EMPTY_PATH);
	if (d == ERR_PTR(-EXDEV)) {
		/* /proc's files: read-only to everyone, never executable. */
		return (mode & (W_OK | X_OK)) ? -EACCES : 0;
	}
	if (IS_ERR(d))
		return PTR_ERR(d);
	/* Root may do anything but execute a file without any execute bit (Linux's generic_permission). */
	if ((mode & X_OK) && !S_ISDIR(d->inode->mode) && !(d->inode->mode & S_IXUGO))
		err = -EACCES;
	dentry_put(d);
	return err;
}

SYSCALL(faccessat2)
{
	return access_at((int)a[0], (const char __user *)a[1], (unsigned int)a[2],
			 (unsigned int)a[3]);
}

SYSCALL(faccessat)
{
	return access_at((int)a[0], (const char __user *)a[1], (unsigned int)a[2], 0);
}

SYSCALL(access)
{
	return access_at(AT_FDCWD, (const char __user *)a[0], (unsigned int)a[1], 0);
}

/* ---- sync ---- */

/* Nothing is ever dirty in memory: 0 for the tree's files, EINVAL for those without fsync (Linux). */
SYSCALL(fsync)
{
	struct file *f = fd_get(current->files, (int)a[0]);

	if (!f)
		return -EBADF;
	return f->dentry && !S_ISCHR(f->dentry->inode->mode) ? 0 : -EINVAL;
}

SYSCALL(fdatasync)
{
	return sys_fsync(a);
}

SYSCALL(sync)
{
	(void)a;
	return 0;
}

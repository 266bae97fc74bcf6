// SPDX-License-Identifier: MIT
/*
 * The stat family (Linux's fs/stat.c): stat, lstat, fstat, newfstatat,
 * statx, and statfs/fstatfs. Files of the tree report their inode; other
 * open files what Linux's would: the console a character device 5:1, a
 * pipe a FIFO, a /proc snapshot a read-only regular file of size 0.
 * Protected by big_lock (<kernel/vfs.h>).
 */
#include <asm/stat.h>
#include <kernel/err.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/pipe.h>
#include <kernel/procfs.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/shmem.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>

#define RAMFS_DEV 1 /* st_dev of the tree: 0:1 */
#define PROC_DEV 2  /* of /proc's files */
#define PIPE_DEV 3

/* What both struct stat and struct statx are filled from. */
struct kstat {
	unsigned long dev, ino, nlink, rdev, blocks;
	unsigned int mode, uid, gid;
	long size;
	struct timespec atime, mtime, ctime;
};

static void fill_inode(struct kstat *k, const struct inode *i)
{
	size_t pages = 0;

	if (i->image)
		pages = (size_t)((i->size + PAGE_SIZE - 1) / PAGE_SIZE);
	for (size_t p = 0; i->data && p < i->data->pages; p++)
		pages += shmem_lookup(i->data, p) != 0;
	*k = (struct kstat){ .dev = RAMFS_DEV,
			     .ino = i->ino,
			     .nlink = i->nlink,
			     .rdev = i->rdev,
			     .blocks = pages * (PAGE_SIZE / 512),
			     .mode = i->mode,
			     .uid = i->uid,
			     .gid = i->gid,
			     .size = (long)i->size,
			     .atime = i->atime,
			     .mtime = i->mtime,
			     .ctime = i->ctime };
	if (S_ISDIR(i->mode))
		k->size = 4096; /* as a disk file system shows a directory; ramfs says 0 */
}

/* A file not in the tree. */
static void fill_other(struct kstat *k, const struct file *f, unsigned long ino)
{
	*k = (struct kstat){ .ino = ino, .nlink = 1 };
	if (file_is_pipe(f)) {
		k->dev = PIPE_DEV;
		k->mode = S_IFIFO | 0600;
	} else if (f->ops->ioctl == console_ioctl) {
		k->dev = RAMFS_DEV;
		k->mode = S_IFCHR | 0600;
		k->rdev = MKDEV(5, 1);
	} else if (procfs_file_is_dir(f)) {
		k->dev = PROC_DEV;
		k->mode = S_IFDIR | 0555;
		k->nlink = 2;
	} else {
		k->dev = PROC_DEV;
		k->mode = S_IFREG | 0444;
	}
}

static void fill_file(struct kstat *k, const struct file *f)
{
	if (f->dentry)
		fill_inode(k, f->dentry->inode);
	else
		fill_other(k, f, (unsigned long)f >> 4 & 0xffffff);
}

/* A /proc path: its mode and numbers as procfs gives them (files of size 0), or -errno. */
static long fill_proc(struct kstat *k, const char *path, bool follow)
{
	unsigned int mode;
	unsigned long nlink, ino;
	long err = procfs_stat(path, follow, &mode, &nlink, &ino);

	if (err)
		return err;
	*k = (struct kstat){ .dev = PROC_DEV, .ino = ino, .nlink = nlink, .mode = mode };
	return 0;
}

/*
 * The kstat of what (dirfd, path, flags) names: AT_EMPTY_PATH with an empty
 * path is dirfd itself; AT_SYMLINK_NOFOLLOW stats a final symlink.
 */
static long stat_at(int dirfd, const char __user *upath, unsigned int flags, struct kstat *k)
{
	char *path = kmalloc(2 * PATH_MAX);
	long err;
	struct dentry *d;

	if (!path)
		return -ENOMEM;
	err = path_from_user(path, upath);
	if (err == -ENOENT && (flags & AT_EMPTY_PATH)) {
		struct file *f = dirfd == AT_FDCWD ? NULL : fd_get(current->files, dirfd);

		if (dirfd == AT_FDCWD) {
			fill_inode(k, current_fs()->cwd->inode);
			err = 0;
		} else if (!f) {
			err = -EBADF;
		} else {
			fill_file(k, f);
			err = 0;
		}
		goto out;
	}
	if (err < 0)
		goto out;
	d = walk(dirfd, path, (flags & AT_SYMLINK_NOFOLLOW) ? 0 : WALK_FOLLOW, path + PATH_MAX);
	if (d == ERR_PTR(-EXDEV)) {
		err = fill_proc(k, path + PATH_MAX, !(flags & AT_SYMLINK_NOFOLLOW));
	} else if (IS_ERR(d)) {
		err = PTR_ERR(d);
	} else {
		fill_inode(k, d->inode);
		dentry_put(d);
		err = 0;
	}
out:
	kfree(path);
	return err;
}

static long put_stat(const struct kstat *k, struct stat __user *u)
{
	struct stat s;

	memset(&s, 0, sizeof(s));
	s.st_dev = k->dev;
	s.st_ino = k->ino;
	s.st_nlink = k->nlink;
	s.st_mode = k->mode;
	s.st_uid = k->uid;
	s.st_gid = k->gid;
	/* new_encode_dev() for the small numbers here: major << 8 | minor. */
	s.st_rdev = k->rdev;
	s.st_size = k->size;
	s.st_blksize = PAGE_SIZE;
	s.st_blocks = (long)k->blocks;
	s.st_atime_sec = k->atime.tv_sec;
	s.st_atime_nsec = k->atime.tv_nsec;
	s.st_mtime_sec = k->mtime.tv_sec;
	s.st_mtime_nsec = k->mtime.tv_nsec;
	s.st_ctime_sec = k->ctime.tv_sec;
	s.st_ctime_nsec = k->ctime.tv_nsec;
	return copy_to_user(u, &s, sizeof(s)) ? -EFAULT : 0;
}

static long do_newfstatat(int dirfd, const char __user *path, struct stat __user *u,
			  unsigned int flags)
{
	struct kstat k;
	long err;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | AT_EMPTY_PATH))
		return -EINVAL;
	err = stat_at(dirfd, path, flags, &k);
	return err ? err : put_stat(&k, u);
}

SYSCALL(newfstatat)
{
	return do_newfstatat((int)a[0], (const char __user *)a[1], (struct stat __user *)a[2],
			     (unsigned int)a[3]);
}

SYSCALL(stat)
{
	return do_newfstatat(AT_FDCWD, (const char __user *)a[0], (struct stat __user *)a[1], 0);
}

SYSCALL(lstat)
{
	return do_newfstatat(AT_FDCWD, (const char __user *)a[0], (struct stat __user *)a[1],
			     AT_SYMLINK_NOFOLLOW);
}

SYSCALL(fstat)
{
	struct file *f = fd_get(current->files, (int)a[0]);
	struct kstat k;

	if (!f)
		return -EBADF;
	fill_file(&k, f);
	return put_stat(&k, (struct stat __user *)a[1]);
}

static struct statx_timestamp stx_time(struct timespec t)
{
	return (struct statx_timestamp){ .tv_sec = t.tv_sec, .tv_nsec = (unsigned int)t.tv_nsec };
}

/* statx(dirfd, path, flags, mask, buf): Linux's checks first, then stat_at. */
SYSCALL(statx)
{
	unsigned int flags = (unsigned int)a[2], mask = (unsigned int)a[3];
	struct statx __user *u = (struct statx __user *)a[4];
	struct statx s;
	struct kstat k;
	long err;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | AT_EMPTY_PATH | AT_STATX_SYNC_TYPE))
		return -EINVAL;
	if ((flags & AT_STATX_SYNC_TYPE) == AT_STATX_SYNC_TYPE)
		return -EINVAL;
	if (mask & STATX__RESERVED)
		return -EINVAL;
	err = stat_at((int)a[0], (const char __user *)a[1], flags, &k);
	if (err)
		return err;
	memset(&s, 0, sizeof(s));
	s.stx_mask = STATX_BASIC_STATS | STATX_MNT_ID;
	s.stx_blksize = PAGE_SIZE;
	s.stx_nlink = (unsigned int)k.nlink;
	s.stx_uid = k.uid;
	s.stx_gid = k.gid;
	s.stx_mode = (unsigned short)k.mode;
	s.stx_ino = k.ino;
	s.stx_size = (unsigned long long)k.size;
	s.stx_blocks = k.blocks;
	s.stx_atime = stx_time(k.atime);
	s.stx_mtime = stx_time(k.mtime);
	s.stx_ctime = stx_time(k.ctime);
	s.stx_rdev_major = (unsigned int)RDEV_MAJOR(k.rdev);
	s.stx_rdev_minor = (unsigned int)RDEV_MINOR(k.rdev);
	s.stx_dev_major = (unsigned int)(k.dev >> 8);
	s.stx_dev_minor = (unsigned int)(k.dev & 0xff);
	s.stx_mnt_id = k.dev == PROC_DEV ? 2 : 1;
	return copy_to_user(u, &s, sizeof(s)) ? -EFAULT : 0;
}

/* ---- statfs ---- */

static long put_statfs(bool proc, struct statfs __user *u)
{
	struct statfs s;
	size_t free_pages = page_free_count();

	memset(&s, 0, sizeof(s));
	s.f_bsize = s.f_frsize = PAGE_SIZE;
	s.f_namelen = NAME_MAX;
	if (proc) {
		s.f_type = PROC_SUPER_MAGIC;
	} else {
		/* ramfs's own answer would be all zeros; a free count is what df wants to see. */
		s.f_type = RAMFS_MAGIC;
		s.f_blocks = ramfs_pages_used() + free_pages;
		s.f_bfree = s.f_bavail = free_pages;
	}
	return copy_to_user(u, &s, sizeof(s)) ? -EFAULT : 0;
}

SYSCALL(statfs)
{
	char *path = kmalloc(2 * PATH_MAX);
	struct dentry *d;
	long err;

	if (!path)
		return -ENOMEM;
	err = path_from_user(path, (const char __user *)a[0]);
	if (err >= 0) {
		d = walk(AT_FDCWD, path, WALK_FOLLOW, path + PATH_MAX);
		if (d == ERR_PTR(-EXDEV)) {
			struct kstat k;

			err = fill_proc(&k, path + PATH_MAX, true);
			if (!err)
				err = put_statfs(true, (struct statfs __user *)a[1]);
		} else if (IS_ERR(d)) {
			err = PTR_ERR(d);
		} else {
			err = put_statfs(d->inode->mounted == MNT_PROC,
					 (struct statfs __user *)a[1]);
			dentry_put(d);
		}
	}
	kfree(path);
	return err;
}

SYSCALL(fstatfs)
{
	struct file *f = fd_get(current->files, (int)a[0]);

	if (!f)
		return -EBADF;
	return put_statfs(!f->dentry && !file_is_pipe(f) && f->ops->ioctl != console_ioctl,
			  (struct statfs __user *)a[1]);
}

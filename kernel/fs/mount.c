// SPDX-License-Identifier: MIT
/*
 * mount(2) and umount2(2) for the two file systems Umbra has besides the
 * rootfs: procfs and tmpfs. A mount covers a directory of the tree:
 * procfs marks it (the walk hands what lies below to procfs); tmpfs puts a
 * new, empty directory inode in the mount point's dentry and keeps the
 * covered one until the umount puts it back, so every walk, "..", getcwd
 * and /proc link sees the mount without knowing of it. tmpfs files take
 * pages from the same pool as every other file (ENOSPC when it is gone);
 * umount frees them all.
 *
 * Linux's checks in Linux's order (fs/namespace.c: path_mount,
 * do_new_mount, do_add_mount, ksys_umount, can_umount, do_umount):
 * the strings copied in (EFAULT, a type or source longer than a page
 * EINVAL); the target walked, symlinks followed (ENOENT, ENOTDIR, ELOOP);
 * MS_NOUSER EINVAL; a remount, bind, move or propagation change EINVAL
 * (Umbra's answer: it has nothing of them to act on); no type EINVAL, an
 * unknown one ENODEV; a target that is not a directory ENOTDIR.
 * **Differences:** a directory already mounted on is EBUSY for any type
 * (Linux stacks a second tmpfs; it says EBUSY only for the same procfs
 * twice), and MNT_DETACH of a busy mount is EBUSY (Linux detaches it
 * lazily). Every process has every capability: never EPERM.
 * umount2: unknown flags EINVAL; the target walked (UMOUNT_NOFOLLOW: a last
 * symlink not followed); not a mount point EINVAL; the root EBUSY;
 * MNT_EXPIRE with MNT_FORCE or MNT_DETACH EINVAL; something open, a
 * cwd or a root inside EBUSY.
 * Protected by big_lock (<kernel/vfs.h>).
 */
#include <kernel/err.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/mount.h>

#define MOUNT_STR_MAX 4096 /* a page, as Linux's strndup_user() for the type and source */

static struct mount *mounts; /* in the order they were made */

void mount_for_each(void (*fn)(const struct mount *m, void *ctx), void *ctx)
{
	for (const struct mount *m = mounts; m; m = m->next)
		fn(m, ctx);
}

static struct mount *mount_of(const struct dentry *d)
{
	for (struct mount *m = mounts; m; m = m->next)
		if (m->mountpoint == d)
			return m;
	return NULL;
}

static struct mount *mount_new(struct dentry *d, enum mount_kind kind, const char *source,
			       unsigned long flags)
{
	struct mount *m = kzalloc(sizeof(*m)), **pp = &mounts;

	if (!m)
		return NULL;
	m->mountpoint = dentry_get(d);
	m->kind = kind;
	m->flags = flags;
	strlcpy(m->source, source, sizeof(m->source));
	while (*pp)
		pp = &(*pp)->next;
	*pp = m;
	return m;
}

static void mount_free(struct mount *m)
{
	struct mount **pp = &mounts;

	while (*pp != m)
		pp = &(*pp)->next;
	*pp = m->next;
	dentry_put(m->mountpoint);
	kfree(m);
}

int mount_proc_at_boot(struct dentry *d)
{
	d->inode->mounted = MNT_PROC;
	return mount_new(d, MNT_PROC, "proc", 0) ? 0 : -ENOMEM;
}

/* A mount string: 0 (absent or copied) or -EFAULT; too long is -EINVAL, as strndup_user. */
static long copy_mount_string(const char __user *u, char *buf)
{
	long len;

	buf[0] = '\0';
	if (!u)
		return 0;
	len = strncpy_from_user(buf, u, MOUNT_STR_MAX);
	if (len == -ENAMETOOLONG)
		return -EINVAL;
	return len < 0 ? len : 0;
}

static long do_mount(const char *source, struct dentry *d, const char *type, bool has_type,
		     unsigned long flags)
{
	enum mount_kind kind;
	struct inode *root;

	if ((flags & MS_MGC_MSK) == MS_MGC_VAL)
		flags &= ~MS_MGC_MSK;
	if (flags & MS_NOUSER)
		return -EINVAL;
	if (flags &
	    (MS_REMOUNT | MS_BIND | MS_MOVE | MS_SHARED | MS_PRIVATE | MS_SLAVE | MS_UNBINDABLE))
		return -EINVAL;
	if (!has_type)
		return -EINVAL;
	if (strcmp(type, "proc") == 0)
		kind = MNT_PROC;
	else if (strcmp(type, "tmpfs") == 0)
		kind = MNT_TMPFS;
	else
		return -ENODEV;
	if (!S_ISDIR(d->inode->mode))
		return -ENOTDIR;
	if (d->inode->mounted != MNT_NONE || d == vfs_root)
		return -EBUSY;
	if (kind == MNT_PROC) {
		if (!mount_new(d, MNT_PROC, source[0] ? source : "none", flags))
			return -ENOMEM;
		d->inode->mounted = MNT_PROC;
		return 0;
	}
	root = inode_new(S_IFDIR | 01777); /* tmpfs's root: Linux's default mode */
	if (!root)
		return -ENOMEM;
	struct mount *m = mount_new(d, MNT_TMPFS, source[0] ? source : "none", flags);

	if (!m) {
		inode_get(root);
		inode_put(root);
		return -ENOMEM;
	}
	inode_get(root);
	root->mounted = MNT_TMPFS;
	m->covered = d->inode; /* the dentry's reference moves to the mount */
	d->inode = root;
	return 0;
}

SYSCALL(mount)
{
	const char __user *udev = (const char __user *)a[0];
	const char __user *udir = (const char __user *)a[1];
	const char __user *utype = (const char __user *)a[2];
	unsigned long flags = a[3];
	static char type[MOUNT_STR_MAX], dev[MOUNT_STR_MAX];
	char *dir = kmalloc(2 * PATH_MAX);
	struct dentry *d;
	long err;

	if (!dir)
		return -ENOMEM;
	err = copy_mount_string(utype, type);
	if (!err)
		err = copy_mount_string(udev, dev);
	/* The options page: only a fault on its very first byte fails (Linux's copy_mount_options()). */
	if (!err && a[4]) {
		char c;

		if (copy_from_user(&c, (const void __user *)a[4], 1))
			err = -EFAULT;
	}
	if (!err)
		err = path_from_user(dir, udir);
	if (err < 0)
		goto out;
	d = walk(AT_FDCWD, dir, WALK_FOLLOW, dir + PATH_MAX);
	if (d == ERR_PTR(-EXDEV)) {
		/* Inside /proc: Umbra mounts nothing on procfs's own files. */
		err = (flags & MS_NOUSER) || !utype				? -EINVAL
		      : strcmp(type, "proc") != 0 && strcmp(type, "tmpfs") != 0 ? -ENODEV
										: -EBUSY;
		goto out;
	}
	if (IS_ERR(d)) {
		err = PTR_ERR(d);
		goto out;
	}
	err = do_mount(dev, d, type, utype != NULL, flags);
	dentry_put(d);
out:
	kfree(dir);
	return err;
}

/* True when something holds a dentry below dir (an open file, a cwd, a root). */
static bool subtree_busy(const struct inode *dir)
{
	for (const struct dentry *c = dir->children; c; c = c->next) {
		if (refcount_read(&c->refs) > 1)
			return true;
		if (S_ISDIR(c->inode->mode) && subtree_busy(c->inode))
			return true;
	}
	return false;
}

/* Unlinks everything below dir, freeing the files' pages. */
static void subtree_free(struct inode *dir)
{
	while (dir->children) {
		struct dentry *c = dir->children;

		if (S_ISDIR(c->inode->mode))
			subtree_free(c->inode);
		dentry_unlink(c);
	}
}

#define MNT_FORCE 1
#define MNT_DETACH 2
#define MNT_EXPIRE 4
#define UMOUNT_NOFOLLOW 8

static long do_umount(struct dentry *d, int flags)
{
	struct mount *m = mount_of(d);
	struct inode *root;

	if (d == vfs_root || d == current_fs()->root)
		return -EBUSY;
	if (!m)
		return -EINVAL;
	if ((flags & MNT_EXPIRE) && (flags & (MNT_FORCE | MNT_DETACH)))
		return -EINVAL;
	/* Our walk's reference, the parent's and the mount's: any more is an open file or a cwd. */
	if (refcount_read(&d->refs) > 3 || (m->kind == MNT_TMPFS && subtree_busy(d->inode)))
		return -EBUSY;
	if ((flags & MNT_EXPIRE) && !m->expiry_marked) {
		m->expiry_marked = true; /* Linux: the first MNT_EXPIRE marks, the next unmounts */
		return -EAGAIN;
	}
	if (m->kind == MNT_PROC) {
		d->inode->mounted = MNT_NONE;
	} else {
		root = d->inode;
		subtree_free(root);
		d->inode = m->covered;
		inode_put(root);
	}
	mount_free(m);
	return 0;
}

SYSCALL(umount2)
{
	int flags = (int)a[1];
	char *path;
	struct dentry *d;
	long err;

	if (flags & ~(MNT_FORCE | MNT_DETACH | MNT_EXPIRE | UMOUNT_NOFOLLOW))
		return -EINVAL;
	path = kmalloc(2 * PATH_MAX);
	if (!path)
		return -ENOMEM;
	err = path_from_user(path, (const char __user *)a[0]);
	if (err >= 0) {
		d = walk(AT_FDCWD, path, (flags & UMOUNT_NOFOLLOW) ? 0 : WALK_FOLLOW,
			 path + PATH_MAX);
		if (d == ERR_PTR(-EXDEV)) {
			err = -EINVAL; /* a file of procfs is no mount point */
		} else if (IS_ERR(d)) {
			err = PTR_ERR(d);
		} else {
			err = do_umount(d, flags);
			dentry_put(d);
		}
	}
	kfree(path);
	return err;
}

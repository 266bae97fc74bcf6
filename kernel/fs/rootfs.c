// SPDX-License-Identifier: MIT
/*
 * The root file system: a ramfs the initramfs archives are unpacked into
 * at boot, as Linux's init/initramfs.c does -- directories, regular files
 * (their bytes stay in the archive until written), symlinks, hard links
 * (entries sharing an inode number with nlink > 1), device nodes, with
 * the modes, owners and times the archive gives. A later entry of the same
 * name replaces the earlier one. Then what any Linux system has whether
 * or not the archive made it: /dev with the devices of kernel/fs/devices.c
 * (as devtmpfs would), /proc with procfs mounted on it, and /tmp.
 */
#include <kernel/err.h>
#include <kernel/initramfs.h>
#include <kernel/kmem.h>
#include <kernel/printk.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>

#define HARDLINKS_MAX 64 /* archive inodes with nlink > 1 remembered for their next names */

static struct {
	u32 ino;
	struct inode *inode;
} hardlinks[HARDLINKS_MAX];
static unsigned int nr_hardlinks;

/* The directory path[0..len) names below the root, made (mode 0755) where missing. */
static struct dentry *make_dirs(const char *path, size_t len)
{
	struct dentry *dir = vfs_root;
	size_t at = 0;

	while (at < len) {
		size_t n = 0;
		struct dentry *d;

		while (at < len && path[at] == '/')
			at++;
		while (at + n < len && path[at + n] != '/')
			n++;
		if (!n)
			break;
		d = dentry_lookup(dir, path + at, n);
		if (d && !S_ISDIR(d->inode->mode)) {
			dentry_unlink(d);
			d = NULL;
		}
		if (!d) {
			struct inode *i = inode_new(S_IFDIR | 0755);

			if (!i)
				return NULL;
			inode_get(i);
			d = dentry_add(dir, path + at, n, i);
			if (!d) {
				inode_put(i);
				return NULL;
			}
		}
		dir = d;
		at += n;
	}
	return dir;
}

/* Splits path into its directory (made) and last name. NULL for the root itself or no memory. */
static struct dentry *parent_of(const char *path, size_t len, const char **name, size_t *nlen)
{
	while (len && path[len - 1] == '/')
		len--;

	size_t start = len;

	while (start && path[start - 1] != '/')
		start--;
	if (start == len)
		return NULL;
	*name = path + start;
	*nlen = len - start;
	return make_dirs(path, start);
}

/* Links inode i as path, replacing what was there (a directory is kept, merged). */
static int place(const char *path, size_t len, struct inode *i)
{
	const char *name;
	size_t nlen;
	struct dentry *dir = parent_of(path, len, &name, &nlen), *old;

	if (!dir)
		return -ENOMEM;
	if ((nlen == 1 && name[0] == '.') || (nlen == 2 && name[0] == '.' && name[1] == '.'))
		return -EINVAL;
	old = dentry_lookup(dir, name, nlen);
	if (old && S_ISDIR(old->inode->mode) && S_ISDIR(i->mode)) {
		struct inode *o = old->inode;

		o->mode = i->mode;
		o->uid = i->uid;
		o->gid = i->gid;
		o->mtime = i->mtime;
		return 0;
	}
	if (old && S_ISDIR(old->inode->mode))
		return -EEXIST; /* Linux's clean_path() leaves a non-empty directory too */
	if (old)
		dentry_unlink(old);
	inode_get(i);
	if (!dentry_add(dir, name, nlen, i)) {
		inode_put(i);
		return -ENOMEM;
	}
	return 0;
}

static struct inode *hardlink_find(u32 ino)
{
	for (unsigned int k = 0; k < nr_hardlinks; k++) {
		if (hardlinks[k].ino == ino)
			return hardlinks[k].inode;
	}
	return NULL;
}

static int unpack_entry(const struct cpio_entry *e)
{
	u32 type = e->mode & CPIO_MODE_TYPE;
	const char *name = e->name;
	size_t len = e->name_len;
	struct inode *i = NULL;
	bool fresh = true;
	int err;

	for (;;) { /* "/x" and "./x" name x, as in initramfs_lookup() */
		size_t skip = (len >= 1 && name[0] == '/')		       ? 1
			      : (len >= 2 && name[0] == '.' && name[1] == '/') ? 2
									       : 0;

		if (!skip)
			break;
		name += skip;
		len -= skip;
	}
	if (!len || (len == 1 && name[0] == '.'))
		return 0; /* the root itself */
	if (type == CPIO_MODE_REG && e->nlink > 1) {
		i = hardlink_find(e->ino);
		fresh = !i;
	}
	if (!i) {
		i = inode_new(e->mode);
		if (!i)
			return -ENOMEM;
		i->uid = e->uid;
		i->gid = e->gid;
		i->mtime = i->ctime = i->atime = (struct timespec){ .tv_sec = e->mtime };
	}
	if (type == CPIO_MODE_REG || type == CPIO_MODE_LNK) {
		if (e->size) {
			i->image = e->data;
			i->size = e->size;
		}
	} else if (type == CPIO_MODE_CHR || type == S_IFBLK) {
		i->rdev = MKDEV(e->rdev_major, e->rdev_minor);
	}
	if (fresh && type == CPIO_MODE_REG && e->nlink > 1 && nr_hardlinks < HARDLINKS_MAX) {
		hardlinks[nr_hardlinks].ino = e->ino;
		hardlinks[nr_hardlinks++].inode = i;
	}
	inode_get(i); /* held while placing */
	if (!fresh)
		i->nlink++;
	err = place(name, len, i);
	if (!fresh && err)
		i->nlink--;
	inode_put(i);
	return err;
}

int rootfs_add_image(const char *path, const void *data, size_t size, unsigned int mode)
{
	struct inode *i = inode_new(S_IFREG | (mode & S_IALLUGO));
	int err;

	if (!i)
		return -ENOMEM;
	i->image = data;
	i->size = size;
	inode_get(i);
	err = place(path, strlen(path), i);
	inode_put(i);
	return err;
}

static const struct {
	const char *name;
	u32 rdev;
	unsigned int mode;
} dev_nodes[] = {
	{ "null", MKDEV(1, 3), 0666 },	  { "zero", MKDEV(1, 5), 0666 },
	{ "full", MKDEV(1, 7), 0666 },	  { "random", MKDEV(1, 8), 0666 },
	{ "urandom", MKDEV(1, 9), 0666 }, { "tty", MKDEV(5, 0), 0666 },
	{ "console", MKDEV(5, 1), 0600 },
};

/* /dev's nodes (where the archive made none of that name), /proc, /tmp. */
static int add_system_dirs(void)
{
	struct dentry *dev = make_dirs("dev", 3), *proc = make_dirs("proc", 4), *tmp;

	tmp = make_dirs("tmp", 3);
	if (!dev || !proc || !tmp)
		return -ENOMEM;
	proc->inode->mode = S_IFDIR | 0555;
	if (mount_proc_at_boot(proc))
		return -ENOMEM;
	tmp->inode->mode = S_IFDIR | 01777;
	for (size_t k = 0; k < ARRAY_SIZE(dev_nodes); k++) {
		size_t n = strlen(dev_nodes[k].name);
		struct inode *i;

		if (dentry_lookup(dev, dev_nodes[k].name, n))
			continue;
		i = inode_new(S_IFCHR | dev_nodes[k].mode);
		if (!i)
			return -ENOMEM;
		i->rdev = dev_nodes[k].rdev;
		inode_get(i);
		if (!dentry_add(dev, dev_nodes[k].name, n, i)) {
			inode_put(i);
			return -ENOMEM;
		}
	}
	return 0;
}

int rootfs_populate(const void *archive, size_t len)
{
	const u8 *a = archive;
	size_t off = 0;
	struct cpio_entry e;
	struct inode *root = inode_new(S_IFDIR | 0755);
	int r, err;

	if (!root)
		return -ENOMEM;
	inode_get(root);
	vfs_root = dentry_new_root(root);
	if (!vfs_root)
		return -ENOMEM;
	while ((r = cpio_next(archive, len, &off, &e)) >= 0) {
		if (r == 0) {
			/* Another archive may follow the trailer after NUL padding (initramfs_init()). */
			off = ALIGN_UP((size_t)(e.data - a) + e.size, (size_t)4);
			while (off < len && a[off] == '\0')
				off++;
			nr_hardlinks = 0; /* inode numbers are per archive */
			if (len - off < 6 || memcmp(a + off, "070701", 6) != 0)
				break;
			continue;
		}
		err = unpack_entry(&e);
		if (err == -ENOMEM)
			return err;
		if (err)
			pr_warn("rootfs: %.*s not unpacked (%d)\n", (int)e.name_len, e.name, err);
	}
	if (r < 0)
		return -EINVAL;
	return add_system_dirs();
}

bool rootfs_is_file(const char *path)
{
	char *scratch = kmalloc(PATH_MAX);
	struct dentry *d;
	bool reg;

	/* Before any process: the walk starts from the first process's root. */
	d = scratch ? walk(AT_FDCWD, path, WALK_FOLLOW, scratch) : ERR_PTR(-ENOMEM);
	kfree(scratch);
	if (IS_ERR(d))
		return false;
	reg = S_ISREG(d->inode->mode);
	dentry_put(d);
	return reg;
}

// SPDX-License-Identifier: MIT
/*
 * The tree of names: each directory inode keeps a list of its entries.
 * A dentry lives while it is linked into its parent or someone holds it
 * (an open file, a cwd or root), and holds its inode while it lives.
 * Protected by big_lock (<kernel/vfs.h>).
 */
#include <kernel/big_lock.h>
#include <kernel/kmem.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>

struct dentry *vfs_root;

struct dentry *dentry_new_root(struct inode *inode)
{
	struct dentry *d = kzalloc(sizeof(*d));

	if (d)
		d->name = kzalloc(1);
	if (!d || !d->name) {
		kfree(d);
		return NULL;
	}
	d->inode = inode;
	refcount_set(&d->refs, 1); /* vfs_root's, never dropped */
	return d;
}

/*
 * The count is atomic, though the tree is big_lock's: an exit or a clone
 * that runs without the lock takes and drops its root's, cwd's and
 * program's references (dentry_put_unlocked()). Only the last put, which
 * frees, needs the lock.
 */
struct dentry *dentry_get(struct dentry *d)
{
	refcount_inc(&d->refs);
	return d;
}

void dentry_put(struct dentry *d)
{
	assert_big_lock_held();
	if (!refcount_dec_and_test(&d->refs))
		return;
	inode_put(d->inode);
	kfree(d->name);
	kfree(d);
}

/*
 * Without big_lock: a count that stays above zero drops at once -- a
 * linked dentry's parent keeps one, so this is the usual case; the last
 * one is dropped under the lock, which may free the dentry and its inode.
 */
void dentry_put_unlocked(struct dentry *d)
{
	if (refcount_dec_not_one(&d->refs))
		return;
	big_lock_retake();
	dentry_put(d);
	big_lock_drop();
}

struct dentry *dentry_lookup(struct dentry *dir, const char *name, size_t len)
{
	for (struct dentry *d = dir->inode->children; d; d = d->next) {
		if (d->name_len == len && memcmp(d->name, name, len) == 0)
			return d;
	}
	return NULL;
}

static char *copy_name(const char *name, size_t len)
{
	char *s = kmalloc(len + 1);

	if (s) {
		memcpy(s, name, len);
		s[len] = '\0';
	}
	return s;
}

/* Entries stay in the order they were linked, each with a new serial: readdir's cursor. */
static void link_into(struct dentry *d, struct dentry *dir)
{
	static u64 next_serial = 1;
	struct dentry **pp = &dir->inode->children;

	while (*pp)
		pp = &(*pp)->next;
	d->serial = next_serial++;
	d->parent = dir;
	d->next = NULL;
	*pp = d;
	if (S_ISDIR(d->inode->mode))
		dir->inode->nlink++;
	inode_touch(dir->inode, true, true);
}

static void unlink_from_parent(struct dentry *d)
{
	struct dentry **pp = &d->parent->inode->children;

	while (*pp != d)
		pp = &(*pp)->next;
	*pp = d->next;
	if (S_ISDIR(d->inode->mode))
		d->parent->inode->nlink--;
	inode_touch(d->parent->inode, true, true);
	d->next = NULL;
}

struct dentry *dentry_add(struct dentry *dir, const char *name, size_t len, struct inode *inode)
{
	struct dentry *d = kzalloc(sizeof(*d));

	if (d)
		d->name = copy_name(name, len);
	if (!d || !d->name) {
		kfree(d);
		return NULL;
	}
	d->name_len = len;
	d->inode = inode;
	refcount_set(&d->refs, 1); /* the parent's */
	link_into(d, dir);
	return d;
}

void dentry_unlink(struct dentry *d)
{
	unlink_from_parent(d);
	d->parent = NULL;
	d->unlinked = true;
	if (S_ISDIR(d->inode->mode))
		d->inode->nlink = 0;
	else
		d->inode->nlink--;
	inode_touch(d->inode, false, true);
	dentry_put(d);
}

int dentry_move(struct dentry *d, struct dentry *newdir, const char *name, size_t len)
{
	char *n = copy_name(name, len);

	if (!n)
		return -ENOMEM;
	unlink_from_parent(d);
	kfree(d->name);
	d->name = n;
	d->name_len = len;
	link_into(d, newdir);
	inode_touch(d->inode, false, true);
	return 0;
}

bool dentry_is_ancestor(const struct dentry *anc, const struct dentry *d)
{
	for (; d; d = d->parent) {
		if (d == anc)
			return true;
	}
	return false;
}

long dentry_path(struct dentry *d, struct dentry *root, char *buf, size_t size)
{
	size_t at = size;

	if (d->unlinked)
		return -ENOENT;
	if (size < 2)
		return -ENAMETOOLONG;
	buf[--at] = '\0';
	/* A dentry outside root (a chroot's cwd) shows its path from the real root, as Linux. */
	for (; d != root && d->parent; d = d->parent) {
		if (at < d->name_len + 1)
			return -ENAMETOOLONG;
		at -= d->name_len;
		memcpy(buf + at, d->name, d->name_len);
		buf[--at] = '/';
	}
	if (at == size - 1)
		buf[--at] = '/';
	memmove(buf, buf + at, size - at);
	return (long)(size - at - 1);
}

// SPDX-License-Identifier: MIT
/*
 * Each process's root, cwd and umask (Linux's fs_struct): copied by fork,
 * shared by clone(CLONE_FS), so one thread's chdir moves its sharers too.
 * Protected by big_lock (<kernel/vfs.h>); root and cwd also by the
 * struct's own lock, for a fork that copies them without big_lock.
 */
#include <kernel/big_lock.h>
#include <kernel/kmem.h>
#include <kernel/task.h>
#include <kernel/vfs.h>

/* The first process's, and what kernel threads walk from; never freed. */
static struct fs_struct init_fs = {
	.lock = SPINLOCK_INIT(LOCK_LEVEL_FS, "fs->lock"),
	.umask = 022,
};

/* init_fs at the root, once the root exists. */
static struct fs_struct *first_fs(void)
{
	if (!init_fs.root && vfs_root) {
		init_fs.root = dentry_get(vfs_root);
		init_fs.cwd = dentry_get(vfs_root);
		refcount_set(&init_fs.refs, 1);
	}
	return &init_fs;
}

struct fs_struct *fs_struct_create(void)
{
	struct fs_struct *fs = first_fs();

	refcount_inc(&fs->refs);
	return fs;
}

struct fs_struct *fs_struct_copy_into(struct fs_struct *fs, struct fs_struct *src)
{
	unsigned long flags;

	refcount_set(&fs->refs, 1);
	fs->lock = (struct spinlock)SPINLOCK_INIT(LOCK_LEVEL_FS, "fs->lock");
	/* Both whole, and each held before a chdir on another CPU could let it go. */
	flags = spin_lock_irqsave(&src->lock);
	fs->root = dentry_get(src->root);
	fs->cwd = dentry_get(src->cwd);
	spin_unlock_irqrestore(&src->lock, flags);
	fs->umask = READ_ONCE(src->umask);
	return fs;
}

void fs_struct_set_dir(struct fs_struct *fs, struct dentry **slot, struct dentry *d)
{
	unsigned long flags = spin_lock_irqsave(&fs->lock);
	struct dentry *old = *slot;

	*slot = d;
	spin_unlock_irqrestore(&fs->lock, flags);
	dentry_put(old); /* big_lock's: the dentry may go */
}

void fs_struct_put(struct fs_struct *fs)
{
	if (!fs || !refcount_dec_and_test(&fs->refs))
		return;
	dentry_put(fs->root);
	dentry_put(fs->cwd);
	kfree_after_big_lock(fs); /* the heap's lock, not taken while every CPU waits */
}

void fs_struct_put_unlocked(struct fs_struct *fs)
{
	if (!fs || !refcount_dec_and_test(&fs->refs))
		return;
	/* Nobody reaches fs now; its dentries' counts are atomic, their last put big_lock's. */
	dentry_put_unlocked(fs->root);
	dentry_put_unlocked(fs->cwd);
	kfree_after_big_lock(fs); /* kept for the grace period: a holder of big_lock may read it */
}

struct fs_struct *current_fs(void)
{
	return current->fs ? current->fs : first_fs();
}

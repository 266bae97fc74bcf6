// SPDX-License-Identifier: MIT
/*
 * /proc/PID/mounts (and /proc/mounts, a link to self/mounts) in Linux's
 * format (fs/proc_namespace.c, show_vfsmnt()): "device mountpoint type
 * options 0 0", the mount point as the process's root sees it, mounts
 * outside that root left out. Umbra's tree has two mounts: the rootfs
 * the initramfs fills (Linux's "rootfs / rootfs rw 0 0") and procfs on
 * the directory marked for it (rootfs.c makes /proc so); /dev and /tmp are
 * directories of the rootfs, not mounts of their own.
 */
#include <kernel/procfs.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <string.h>

static void show_proc_mounts(struct proc_buf *b, struct dentry *dir, struct dentry *root)
{
	char path[256];

	for (struct dentry *d = dir->inode->children; d; d = d->next) {
		if (d->inode->mounted == MNT_PROC && dentry_is_ancestor(root, d) &&
		    dentry_path(d, root, path, sizeof(path)) > 0)
			proc_printf(b, "proc %s proc rw,relatime 0 0\n", path);
	}
}

void proc_mounts_show(struct proc_buf *b, struct task *t)
{
	struct dentry *root = t->fs ? t->fs->root : NULL;

	if (!root)
		return; /* a kernel thread's: empty */
	if (root == vfs_root)
		proc_puts(b, "rootfs / rootfs rw 0 0\n");
	show_proc_mounts(b, vfs_root, root);
}

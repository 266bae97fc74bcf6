// SPDX-License-Identifier: MIT
/*
 * /proc/PID/mounts (and /proc/mounts, a link to self/mounts) in Linux's
 * format (fs/proc_namespace.c, show_vfsmnt()): "source mountpoint type
 * options 0 0", oldest first, mount points as the process's root sees
 * them, mounts outside that root left out. The rootfs the initramfs
 * fills comes first, as Linux's "rootfs / rootfs rw 0 0"; then the mounts
 * of kernel/fs/mount.c: the kernel's own procfs on /proc and what mount(2)
 * added. Options: rw or ro, nosuid, nodev, noexec as given, then relatime
 * (Linux's default atime rule; Umbra keeps no other). /dev and /tmp are
 * directories of the rootfs, not mounts of their own.
 */
#include <format.h>
#include <kernel/procfs.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/mount.h>

#define MS_NOSUID 2
#define MS_NODEV 4
#define MS_NOEXEC 8

struct mounts_ctx {
	struct proc_buf *b;
	struct dentry *root;
};

static void show_mount(const struct mount *m, void *ctx)
{
	struct mounts_ctx *c = ctx;
	char path[256];

	if (!dentry_is_ancestor(c->root, m->mountpoint) ||
	    dentry_path(m->mountpoint, c->root, path, sizeof(path)) <= 0)
		return;
	proc_printf(c->b, "%s %s %s %s%s%s%s,relatime 0 0\n", m->source, path,
		    m->kind == MNT_PROC ? "proc" : "tmpfs", (m->flags & MS_RDONLY) ? "ro" : "rw",
		    (m->flags & MS_NOSUID) ? ",nosuid" : "", (m->flags & MS_NODEV) ? ",nodev" : "",
		    (m->flags & MS_NOEXEC) ? ",noexec" : "");
}

void proc_mounts_show(struct proc_buf *b, struct task *t)
{
	struct mounts_ctx c = { .b = b, .root = t->fs ? t->fs->root : NULL };

	if (!c.root)
		return; /* a kernel thread's: empty */
	if (c.root == vfs_root)
		proc_puts(b, "rootfs / rootfs rw 0 0\n");
	mount_for_each(show_mount, &c);
}

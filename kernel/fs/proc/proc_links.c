// SPDX-License-Identifier: MIT
/*
 * /proc's symlinks, as Linux's readlink shows them: /proc/self is the
 * caller's PID, /proc/thread-self PID/task/TID, and a process's cwd, root
 * and exe the paths of those directories and its program; fd/N the path
 * of what fd N has open, "pipe:[INO]" for a pipe, "anon_inode:[pidfd]"
 * for a pidfd, /dev/console for the console; /proc/mounts is
 * "self/mounts". The walk follows cwd, root, exe and a tree file's fd/N
 * into the tree (proc_link_dentry()), as Linux's magic links.
 */
#include <format.h>
#include <kernel/file.h>
#include <kernel/pid.h>
#include <kernel/pipe.h>
#include <kernel/procfs.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/linux/errno.h>

static long path_of(struct dentry *d, char *buf, size_t size)
{
	long n = dentry_path(d, current_fs()->root, buf, size);

	if (n == -ENOENT) {
		/* Linux's d_path() of a removed file: its old name and " (deleted)". */
		n = snprintf(buf, size, "/%s (deleted)", d->name);
		return n < (long)size ? n : -ENAMETOOLONG;
	}
	return n;
}

static long fd_link(struct task *t, int fd, char *buf, size_t size)
{
	struct file *f = t->files ? fd_get(t->files, fd) : NULL;

	if (!f)
		return -ENOENT;
	if (f->dentry)
		return path_of(f->dentry, buf, size);
	if (file_is_pipe(f))
		return snprintf(buf, size, "pipe:[%lu]", (unsigned long)f >> 4 & 0xffffff);
	if (file_is_pidfd(f))
		return snprintf(buf, size, "anon_inode:[pidfd]");
	if (f->ops->ioctl == console_ioctl)
		return snprintf(buf, size, "/dev/console");
	if (procfs_file_is_dir(f))
		return snprintf(buf, size, "%s", procfs_dir_path(f));
	return snprintf(buf, size, "anon_inode:[%s]", "file");
}

long proc_link_text(const struct proc_node *n, char *buf, size_t size)
{
	struct pid_ns *ns = task_active_pid_ns(current);
	struct fs_struct *fs = n->t ? n->t->fs : NULL;
	long len;

	switch (n->sub) {
	case PROC_LINK_SELF:
		len = snprintf(buf, size, "%d", pid_nr_in(current->proc->pid, ns));
		break;
	case PROC_LINK_THREAD_SELF:
		len = snprintf(buf, size, "%d/task/%d", pid_nr_in(current->proc->pid, ns),
			       pid_nr_in(current->pid, ns));
		break;
	case PROC_LINK_MOUNTS:
		len = snprintf(buf, size, "self/mounts");
		break;
	case PROC_LINK_CWD:
	case PROC_LINK_ROOT:
		if (!fs)
			return -ENOENT;
		return path_of(n->sub == PROC_LINK_CWD ? fs->cwd : fs->root, buf, size);
	case PROC_LINK_EXE:
		return n->t->mm && n->t->mm->exe ? path_of(n->t->mm->exe, buf, size) : -ENOENT;
	case PROC_LINK_FD:
		return fd_link(n->t, n->fd, buf, size);
	default:
		return -EINVAL;
	}
	return len < (long)size ? len : (long)size; /* readlink truncates */
}

struct dentry *proc_link_dentry(const struct proc_node *n)
{
	struct fs_struct *fs = n->t ? n->t->fs : NULL;
	struct file *f;

	switch (n->sub) {
	case PROC_LINK_CWD:
		return fs ? fs->cwd : NULL;
	case PROC_LINK_ROOT:
		return fs ? fs->root : NULL;
	case PROC_LINK_EXE:
		return n->t->mm ? n->t->mm->exe : NULL;
	case PROC_LINK_FD:
		f = n->t->files ? fd_get(n->t->files, n->fd) : NULL;
		return f ? f->dentry : NULL;
	default:
		return NULL;
	}
}

long proc_readlink(const char *path, char *buf, size_t size)
{
	struct proc_node n;
	struct dentry *tree;
	const char *rest;
	int r = procfs_resolve(path, false, &n, &tree, &rest);

	if (r)
		return r;
	if (tree || n.kind != PROC_LINK)
		return -EINVAL;
	return proc_link_text(&n, buf, size);
}

// SPDX-License-Identifier: MIT
/*
 * /proc's symlinks, as Linux's readlink shows them: /proc/self is the
 * caller's PID, /proc/thread-self PID/task/TID, and a process's cwd, root
 * and exe the paths of those directories and its program; fd/N the path
 * of what fd N has open, "pipe:[INO]" for a pipe, "anon_inode:[pidfd]"
 * for a pidfd, /dev/console for the console.
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

static long fd_link(struct task *t, const char *num, char *buf, size_t size)
{
	int fd = 0;
	struct file *f;

	if (!*num || (num[0] == '0' && num[1]))
		return -ENOENT;
	for (; *num; num++) {
		if (*num < '0' || *num > '9' || fd > 100000000)
			return -ENOENT;
		fd = fd * 10 + (*num - '0');
	}
	f = t->files ? fd_get(t->files, fd) : NULL;
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
	return snprintf(buf, size, "anon_inode:[%s]", "file");
}

long proc_readlink(const char *path, char *buf, size_t size)
{
	const char *rest = path + 6; /* after "/proc/" */
	const char *slash = strchr(rest, '/');
	struct task *t;
	struct pid_ns *ns = task_active_pid_ns(current);

	if (strcmp(rest, "self") == 0)
		return snprintf(buf, size, "%d", pid_nr_in(current->proc->pid, ns));
	if (strcmp(rest, "thread-self") == 0)
		return snprintf(buf, size, "%d/task/%d", pid_nr_in(current->proc->pid, ns),
				pid_nr_in(current->pid, ns));
	if (!slash)
		return -EINVAL;
	t = proc_dir_task(rest, (size_t)(slash - rest));
	if (!t)
		return -ENOENT;
	rest = slash + 1;
	if (strcmp(rest, "cwd") == 0 || strcmp(rest, "root") == 0) {
		struct fs_struct *fs = t->fs;

		if (!fs)
			return -ENOENT;
		return path_of(rest[0] == 'c' ? fs->cwd : fs->root, buf, size);
	}
	if (strcmp(rest, "exe") == 0)
		return t->mm && t->mm->exe ? path_of(t->mm->exe, buf, size) : -ENOENT;
	if (strncmp(rest, "fd/", 3) == 0)
		return fd_link(t, rest + 3, buf, size);
	return -EINVAL;
}

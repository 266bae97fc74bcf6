// SPDX-License-Identifier: MIT
/*
 * /proc: finds the file a path names and prints it whole into a snapshot at
 * open; reads walk the snapshot. Paths are /proc/NAME for the system's
 * files and /proc/self/NAME, /proc/thread-self/NAME or /proc/PID/NAME for a
 * task's, PID as the caller's PID namespace numbers it. Each file is one
 * line of the tables below and one printer in kernel/proc_*.c.
 */
#include <format.h>
#include <kernel/cmdline.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/pid.h>
#include <kernel/procfs.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define REG 0100444 /* S_IFREG | 0444: Linux's /proc files */
#define DIR 0040555 /* S_IFDIR | 0555 */
#define LNK 0120777 /* S_IFLNK | 0777 */

/* /proc/NAME, "." and ".." apart; the PIDs follow them. */
static const struct proc_entry proc_root_files[] = {
	{ "self", LNK, NULL, PROC_LINK_SELF },
	{ "thread-self", LNK, NULL, PROC_LINK_THREAD_SELF },
	{ "sys", DIR, NULL, PROC_DIR_SYS },
	{ "cmdline", REG, proc_kernel_cmdline_show, 0 },
	{ "cpuinfo", REG, proc_cpuinfo_show, 0 },
	{ "loadavg", REG, proc_loadavg_show, 0 },
	{ "lock_stat", 0100400, proc_lock_stat_show, 0 }, /* root only, as Linux's */
	{ "meminfo", REG, proc_meminfo_show, 0 },
	{ "mounts", LNK, NULL, PROC_LINK_MOUNTS },
	{ "slabinfo", 0100400, proc_slabinfo_show, 0 }, /* root only, as Linux's */
	{ "stat", REG, proc_stat_show, 0 },
	{ "uptime", REG, proc_uptime_show, 0 },
	{ "version", REG, proc_version_show, 0 },
};

static const struct proc_entry proc_sys_files[] = {
	{ "kernel", DIR, NULL, PROC_DIR_KERNEL },
};

/* /proc/sys/kernel/NAME */
static const struct proc_entry proc_kernel_files[] = {
	{ "pid_max", REG, proc_pid_max_show, 0 }, /* read-only here */
	{ "threads-max", REG, proc_threads_max_show, 0 },
};

/* /proc/PID/NAME; a thread's directory (PID/task/TID) has the same but task. */
static const struct proc_entry proc_pid_files[] = {
	{ "cmdline", REG, proc_cmdline_show, 0 },
	{ "comm", REG, proc_comm_show, 0 },
	{ "cwd", LNK, NULL, PROC_LINK_CWD },
	{ "environ", 0100400, proc_environ_show, 0 },
	{ "exe", LNK, NULL, PROC_LINK_EXE },
	{ "fd", 0040500, NULL, PROC_DIR_FD },
	{ "maps", REG, proc_maps_show, 0 },
	{ "mem", 0100600, NULL, 0 }, /* kernel/fs/proc/proc_mem.c opens it */
	{ "mounts", REG, proc_mounts_show, 0 },
	{ "root", LNK, NULL, PROC_LINK_ROOT },
	{ "smaps", REG, proc_smaps_show, 0 },
	{ "stat", REG, proc_pid_stat_show, 0 },
	{ "statm", REG, proc_statm_show, 0 },
	{ "status", REG, proc_status_show, 0 },
	{ "syscall", 0100400, proc_syscall_show, 0 },
	{ "task", DIR, NULL, PROC_DIR_TASK },
};

/* A thread's stat is its own, not its process's sums (Linux's proc_tid_stat). */
static const struct proc_entry proc_tid_stat = { "stat", REG, proc_tid_stat_show, 0 };

/* ---- the text buffer ---- */

static void buf_putc(char c, void *ctx)
{
	struct proc_buf *b = ctx;

	if (b->failed)
		return;
	if (b->len + 1 >= b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 1024;
		char *text = kmalloc(cap);

		if (!text) {
			b->failed = true;
			return;
		}
		if (b->len)
			memcpy(text, b->text, b->len);
		kfree(b->text);
		b->text = text;
		b->cap = cap;
	}
	b->text[b->len++] = c;
}

void proc_printf(struct proc_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vformat(buf_putc, b, fmt, ap);
	va_end(ap);
}

void proc_puts(struct proc_buf *b, const char *s)
{
	while (*s)
		buf_putc(*s++, b);
}

void proc_putc(struct proc_buf *b, char c)
{
	buf_putc(c, b);
}

void proc_pad_to(struct proc_buf *b, size_t line_start, size_t col)
{
	while (b->len - line_start < col && !b->failed)
		buf_putc(' ', b);
}

/* ---- finding the file ---- */

struct task *proc_dir_task(const char *dir, size_t len)
{
	struct pid_ns *ns = task_active_pid_ns(current);
	struct task *leader;
	int nr = 0;

	if (len == 4 && memcmp(dir, "self", 4) == 0) {
		leader = current->proc->pid->task;
		return leader ? leader : current;
	}
	if (len == 11 && memcmp(dir, "thread-self", 11) == 0)
		return current;
	if (len == 0 || len > 9 || dir[0] == '0')
		return NULL;
	for (size_t i = 0; i < len; i++) {
		if (dir[i] < '0' || dir[i] > '9')
			return NULL;
		nr = nr * 10 + (dir[i] - '0');
	}

	struct pid *pid = nr < PID_MAX ? pid_find(ns, nr) : NULL;

	return pid ? proc_pid_task(pid) : NULL;
}

struct task *proc_pid_task(const struct pid *pid)
{
	const struct process *p = pid->proc;

	struct task *named = pid_task(pid);

	if (named)
		return named;
	if (p && p->pid == pid) {
		struct task *t = READ_ONCE(p->threads);

		/*
		 * A process whose first thread exited while others run on: as
		 * Linux, still there. A zombie not yet reaped, or a process
		 * whose last thread is leaving without big_lock: that thread,
		 * kept for this (state Z once the zombie is marked).
		 */
		return t ? t : READ_ONCE(p->zombie_task);
	}
	return NULL;
}

/* A number as Linux's name_to_int() takes it: digits, no leading zero, or -1. */
static long name_number(const char *name, size_t len)
{
	long nr = 0;

	if (len == 0 || len > 9 || (name[0] == '0' && len > 1))
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (name[i] < '0' || name[i] > '9')
			return -1;
		nr = nr * 10 + (name[i] - '0');
	}
	return nr;
}

static const struct proc_entry *lookup(const struct proc_entry *t, size_t n, const char *name,
				       size_t len)
{
	for (size_t i = 0; i < n; i++) {
		if (strlen(t[i].name) == len && memcmp(t[i].name, name, len) == 0)
			return &t[i];
	}
	return NULL;
}

/* The table of a directory kind, and its length. */
const struct proc_entry *proc_dir_table(int dir, size_t *n)
{
	switch (dir) {
	case PROC_DIR_ROOT:
		*n = ARRAY_SIZE(proc_root_files);
		return proc_root_files;
	case PROC_DIR_SYS:
		*n = ARRAY_SIZE(proc_sys_files);
		return proc_sys_files;
	case PROC_DIR_KERNEL:
		*n = ARRAY_SIZE(proc_kernel_files);
		return proc_kernel_files;
	case PROC_DIR_PID:
		*n = ARRAY_SIZE(proc_pid_files);
		return proc_pid_files;
	case PROC_DIR_TID:
		*n = ARRAY_SIZE(proc_pid_files) - 1; /* all but "task", the last */
		return proc_pid_files;
	default:
		*n = 0;
		return NULL;
	}
}

/* The thread tid of t's process, or NULL. */
static struct task *thread_of(const struct task *t, long tid)
{
	struct pid_ns *ns = task_active_pid_ns(current);

	for (struct task *th = t->proc->threads; th; th = th->thread_next)
		if (task_tid_in(th, ns) == tid)
			return th;
	return NULL;
}

/* One step of the walk from directory n to its entry name: 0 or -ENOENT. */
static int step(struct proc_node *n, const char *name, size_t len)
{
	const struct proc_entry *table, *e;
	size_t count;
	long nr;

	switch (n->sub) {
	case PROC_DIR_ROOT:
		nr = name_number(name, len);
		if (nr > 0) {
			n->t = proc_dir_task(name, len);
			n->sub = PROC_DIR_PID;
			return n->t ? 0 : -ENOENT;
		}
		break;
	case PROC_DIR_FD:
		nr = name_number(name, len);
		if (nr < 0 || !n->t->files || !fd_get(n->t->files, (int)nr))
			return -ENOENT;
		*n = (struct proc_node){
			.kind = PROC_LINK, .sub = PROC_LINK_FD, .t = n->t, .fd = (int)nr
		};
		return 0;
	case PROC_DIR_TASK:
		nr = name_number(name, len);
		n->t = nr > 0 ? thread_of(n->t, nr) : NULL;
		n->sub = PROC_DIR_TID;
		return n->t ? 0 : -ENOENT;
	default:
		break;
	}
	table = proc_dir_table(n->sub, &count);
	e = table ? lookup(table, count, name, len) : NULL;
	if (!e)
		return -ENOENT;
	if (n->sub == PROC_DIR_TID && e->show == proc_pid_stat_show)
		e = &proc_tid_stat;
	n->e = e;
	if (S_ISDIR(e->mode)) {
		n->sub = e->sub;
	} else if (S_ISLNK(e->mode)) {
		n->kind = PROC_LINK;
		n->sub = e->sub;
	} else {
		n->kind = PROC_FILE;
	}
	return 0;
}

/* Follows link n where it stays inside /proc; false for a link into the tree. */
static bool follow_inside(struct proc_node *n)
{
	struct task *leader = current->proc->pid->task;

	switch (n->sub) {
	case PROC_LINK_SELF:
		*n = (struct proc_node){ .kind = PROC_DIR,
					 .sub = PROC_DIR_PID,
					 .t = leader ? leader : current };
		return true;
	case PROC_LINK_THREAD_SELF:
		*n = (struct proc_node){ .kind = PROC_DIR, .sub = PROC_DIR_TID, .t = current };
		return true;
	case PROC_LINK_MOUNTS:
		*n = (struct proc_node){ .kind = PROC_DIR,
					 .sub = PROC_DIR_PID,
					 .t = leader ? leader : current };
		return step(n, "mounts", 6) == 0;
	default:
		return false;
	}
}

int procfs_resolve(const char *path, bool follow, struct proc_node *n, struct dentry **tree,
		   const char **rest)
{
	/* The directories walked through, for "..": at most root, PID, task, TID, fd. */
	struct proc_node up[8];
	unsigned int depth = 0;
	const char *p = path + 6; /* after "/proc/" */

	*n = (struct proc_node){ .kind = PROC_DIR, .sub = PROC_DIR_ROOT };
	*tree = NULL;
	for (;;) {
		size_t len = 0;

		while (*p == '/')
			p++;
		if (n->kind == PROC_LINK && (*p || follow || p[-1] == '/')) {
			/* Followed: in the middle of the path, or at its end when asked. */
			if (!follow_inside(n)) {
				*tree = proc_link_dentry(n);
				*rest = p;
				return *tree ? 0 : -ENOENT;
			}
		}
		if (!*p)
			return 0;
		while (p[len] && p[len] != '/')
			len++;
		if (n->kind == PROC_FILE)
			return -ENOTDIR;
		if (len == 1 && p[0] == '.') {
			p += len;
			continue;
		}
		if (len == 2 && p[0] == '.' && p[1] == '.') {
			if (depth)
				*n = up[--depth];
			p += len;
			continue;
		}
		if (depth < ARRAY_SIZE(up))
			up[depth++] = *n;
		if (step(n, p, len))
			return -ENOENT;
		p += len;
	}
}

static void snapshot_release(struct file *f)
{
	kfree((void *)f->data);
}

static const struct file_ops snapshot_ops = { .read = file_read_memory,
					      .write = file_write_readonly,
					      .release = snapshot_release };

static struct file *open_snapshot(const struct proc_node *n, long *err)
{
	struct proc_buf b = { 0 };
	struct file *f = kzalloc(sizeof(*f));

	if (f && n->e->show)
		n->e->show(&b, n->t);
	if (!f || b.failed) {
		kfree(b.text);
		kfree(f);
		*err = -ENOMEM;
		return NULL;
	}
	refcount_set(&f->refs, 1);
	f->ops = &snapshot_ops;
	f->size = b.len;
	f->data = b.text;
	return f;
}

struct file *procfs_open(const char *path, bool follow, long *err)
{
	struct proc_node n;
	struct dentry *tree;
	const char *rest;
	int r = procfs_resolve(path, follow, &n, &tree, &rest);

	if (!r && (tree || n.kind == PROC_LINK))
		r = -ENOENT; /* the caller's walk follows links into the tree; O_NOFOLLOW: ELOOP */
	if (r) {
		*err = r;
		return NULL;
	}
	if (n.kind == PROC_DIR)
		return proc_dir_open(&n, err);
	return open_snapshot(&n, err);
}

long procfs_stat(const char *path, bool follow, unsigned int *mode, unsigned long *nlink,
		 unsigned long *ino)
{
	struct proc_node n;
	struct dentry *tree;
	const char *rest;
	int r = procfs_resolve(path, follow, &n, &tree, &rest);

	if (r)
		return r;
	if (tree)
		return -EXDEV; /* the caller walks on into the tree */
	*nlink = 1;
	*ino = proc_node_ino(&n);
	if (n.kind == PROC_LINK && n.sub == PROC_LINK_FD) {
		/* Linux's fd links: the owner's r-x for reading, -wx for writing. */
		const struct file *f = n.t->files ? fd_get(n.t->files, n.fd) : NULL;
		unsigned int fmode = f ? f->fmode : 0;

		*mode = 0120000 | ((fmode & FMODE_READ) ? 0500 : 0) |
			((fmode & FMODE_WRITE) ? 0300 : 0);
	} else if (n.kind == PROC_LINK) {
		*mode = LNK;
	} else if (n.kind == PROC_FILE) {
		*mode = n.e->mode;
	} else {
		*mode = n.e ? n.e->mode : DIR;
		*nlink = 2;
	}
	return 0;
}

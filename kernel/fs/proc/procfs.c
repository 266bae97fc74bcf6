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
#include <string.h>
#include <uapi/linux/errno.h>

struct proc_entry {
	const char *name;
	void (*show)(struct proc_buf *b, struct task *t);
};

/* /proc/NAME */
static const struct proc_entry proc_root_files[] = {
	{ "cmdline", proc_kernel_cmdline_show },
	{ "cpuinfo", proc_cpuinfo_show },
	{ "version", proc_version_show },
};

/* /proc/sys/...: the sysctl files, by their path below /proc/ */
static const struct proc_entry proc_sys_files[] = {
	{ "sys/kernel/pid_max", proc_pid_max_show },
	{ "sys/kernel/threads-max", proc_threads_max_show },
};

/* /proc/PID/NAME */
static const struct proc_entry proc_pid_files[] = {
	{ "cmdline", proc_cmdline_show }, { "environ", proc_environ_show },
	{ "maps", proc_maps_show },	  { "smaps", proc_smaps_show },
	{ "status", proc_status_show },
};

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

	return pid ? pid->task : NULL;
}

static const struct proc_entry *lookup(const struct proc_entry *t, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++) {
		if (strcmp(t[i].name, name) == 0)
			return &t[i];
	}
	return NULL;
}

static void snapshot_release(struct file *f)
{
	kfree((void *)f->data);
}

static const struct file_ops snapshot_ops = { .read = file_read_memory,
					      .write = file_write_readonly,
					      .release = snapshot_release };

struct file *procfs_open(const char *path, long *err)
{
	const char *rest = path + 6; /* after "/proc/" */
	const char *slash = strchr(rest, '/');
	const struct proc_entry *e;
	struct task *t = NULL;

	if (!slash) {
		e = lookup(proc_root_files, ARRAY_SIZE(proc_root_files), rest);
	} else if (strncmp(rest, "sys/", 4) == 0) {
		e = lookup(proc_sys_files, ARRAY_SIZE(proc_sys_files), rest);
	} else {
		t = proc_dir_task(rest, (size_t)(slash - rest));
		e = t ? lookup(proc_pid_files, ARRAY_SIZE(proc_pid_files), slash + 1) : NULL;
	}
	if (!e) {
		*err = -ENOENT;
		return NULL;
	}

	struct proc_buf b = { 0 };
	struct file *f = kzalloc(sizeof(*f));

	e->show(&b, t);
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

// SPDX-License-Identifier: MIT
/*
 * getdents64 of /proc's directories, as Linux lists them (fs/proc/root.c,
 * base.c, fd.c): ".", "..", the directory's table in its order, then for
 * /proc the processes of the caller's PID namespace by increasing PID
 * (a thread that is not its process's first is not listed, as on Linux,
 * though /proc/TID opens), for PID/fd the open descriptors, for PID/task
 * the threads. d_type is DT_DIR, DT_REG or DT_LNK from the entry's mode.
 *
 * The position is a cursor, so a reader that comes back after processes
 * came and went neither repeats nor skips one that stayed: 2 + the
 * table's index, then 2 + table length + PID (in /proc), 2 + fd, or
 * 2 + the thread's place in its process (as Linux's task directory).
 * A directory file keeps its path and resolves it again at each call: a
 * process that is gone lists as ENOENT, as Linux's.
 */
#include <format.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/pid.h>
#include <kernel/procfs.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/fs.h>

#define PROC_ROOT_INO 1 /* Linux's */

/* Distinct numbers for the nodes: a task's TID in the high bits, what it is below. */
unsigned long proc_node_ino(const struct proc_node *n)
{
	unsigned long tid = n->t ? (unsigned long)task_tid_in(n->t, task_active_pid_ns(current))
				 : 0;
	unsigned long what = 0xffff; /* the directory itself */

	if (n->kind == PROC_LINK && n->sub == PROC_LINK_FD)
		what = 0x10000ul + (unsigned long)n->fd;
	else if (n->e)
		what = ((uintptr_t)n->e >> 3) & 0xfff; /* table lines are distinct */

	if (!n->t && n->kind == PROC_DIR && n->sub == PROC_DIR_ROOT)
		return PROC_ROOT_INO;
	return 0x1000ul + (tid << 21) + ((unsigned long)n->sub << 17) + what;
}

struct lister {
	struct dir_out *o;
	struct file *f;
	bool full; /* an entry did not fit */
};

/* Emits the entry at position pos; false once full. */
static bool put(struct lister *l, u64 pos, unsigned long ino, unsigned int mode, const char *name,
		size_t len)
{
	if (!dir_emit(l->o, ino, (s64)pos + 1, mode, name, len)) {
		l->full = true;
		return false;
	}
	l->f->pos = pos + 1;
	return true;
}

static bool put_table(struct lister *l, const struct proc_node *dir, const struct proc_entry *t,
		      size_t count)
{
	for (u64 i = l->f->pos - 2; i < count; i++) {
		struct proc_node n = *dir;

		n.e = &t[i];
		n.kind = S_ISDIR(t[i].mode) ? PROC_DIR : S_ISLNK(t[i].mode) ? PROC_LINK : PROC_FILE;
		if (!put(l, 2 + i, proc_node_ino(&n), t[i].mode, t[i].name, strlen(t[i].name)))
			return false;
	}
	return true;
}

/* The numbers of the processes the caller's namespace sees, as a bitmap of PID_MAX bits. */
static void mark_process(struct pid *pid, void *ctx)
{
	u64 *bits = ctx;
	int nr = pid_nr_in(pid, task_active_pid_ns(current));

	if (nr > 0 && nr < PID_MAX && pid->proc && pid->proc->pid == pid && proc_pid_task(pid))
		bits[nr / 64] |= 1ull << (nr % 64);
}

static long put_pids(struct lister *l, u64 base)
{
	u64 *bits = kzalloc(PID_MAX / 8);
	char name[12];

	if (!bits)
		return -ENOMEM;
	pid_for_each_in_ns(task_active_pid_ns(current), mark_process, bits);
	for (u64 nr = l->f->pos > base ? l->f->pos - base : 1; nr < PID_MAX; nr++) {
		if (!(bits[nr / 64] & (1ull << (nr % 64))))
			continue;

		struct pid *pid = pid_find(task_active_pid_ns(current), (int)nr);
		struct proc_node n = { .kind = PROC_DIR,
				       .sub = PROC_DIR_PID,
				       .t = proc_pid_task(pid) };
		int len = snprintf(name, sizeof(name), "%d", (int)nr);

		if (!put(l, base + nr, proc_node_ino(&n), S_IFDIR | 0555, name, (size_t)len))
			break;
	}
	kfree(bits);
	return 0;
}

static void put_fds(struct lister *l, struct task *t)
{
	char name[12];

	for (u64 fd = l->f->pos - 2; t->files && fd < t->files->max_fds; fd++) {
		struct proc_node n = {
			.kind = PROC_LINK, .sub = PROC_LINK_FD, .t = t, .fd = (int)fd
		};
		int len;

		if (!fd_get(t->files, (int)fd))
			continue;
		len = snprintf(name, sizeof(name), "%d", (int)fd);
		if (!put(l, 2 + fd, proc_node_ino(&n), S_IFLNK | 0700, name, (size_t)len))
			return;
	}
}

static void put_threads(struct lister *l, struct task *t)
{
	u64 i = 0;
	char name[12];

	for (struct task *th = t->proc->threads; th; th = th->thread_next, i++) {
		struct proc_node n = { .kind = PROC_DIR, .sub = PROC_DIR_TID, .t = th };
		int len;

		if (i < l->f->pos - 2)
			continue;
		len = snprintf(name, sizeof(name), "%d",
			       task_tid_in(th, task_active_pid_ns(current)));
		if (!put(l, 2 + i, proc_node_ino(&n), S_IFDIR | 0555, name, (size_t)len))
			return;
	}
}

/* Lists dir from f->pos on; up_ino is "..". */
static long list(struct file *f, struct dir_out *o, const struct proc_node *dir,
		 unsigned long up_ino)
{
	struct lister l = { .o = o, .f = f };
	const struct proc_entry *table;
	size_t count;
	long err = 0;

	if (f->pos == 0 && !put(&l, 0, proc_node_ino(dir), S_IFDIR, ".", 1))
		goto out;
	if (f->pos == 1 && !put(&l, 1, up_ino, S_IFDIR, "..", 2))
		goto out;
	table = proc_dir_table(dir->sub, &count);
	if (table && !put_table(&l, dir, table, count))
		goto out;
	switch (dir->sub) {
	case PROC_DIR_ROOT:
		err = put_pids(&l, 2 + count);
		break;
	case PROC_DIR_FD:
		put_fds(&l, dir->t);
		break;
	case PROC_DIR_TASK:
		put_threads(&l, dir->t);
		break;
	default:
		break;
	}
out:
	if (!err && l.full && !o->used && !o->err)
		err = -EINVAL; /* not even one entry fit: Linux's filldir64 */
	return err;
}

long procfs_root_getdents(struct file *f, struct dir_out *o)
{
	struct proc_node root = { .kind = PROC_DIR, .sub = PROC_DIR_ROOT };
	struct dentry *d = file_dentry(f);
	struct dentry *up = d && d->parent && d != current_fs()->root ? d->parent : d;

	return list(f, o, &root, up ? up->inode->ino : PROC_ROOT_INO);
}

/* ---- the open directory ---- */

static long dir_getdents(struct file *f, struct dir_out *o)
{
	struct proc_node n;
	struct dentry *tree;
	const char *rest;
	int r = procfs_resolve(f->data, true, &n, &tree, &rest);

	if (r || tree || n.kind != PROC_DIR)
		return -ENOENT;
	return list(f, o, &n, PROC_ROOT_INO);
}

static long dir_read(struct file *f, char __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return -EISDIR;
}

/* Linux's generic_file_llseek() on a directory: any position from 0 up. */
static long dir_llseek(struct file *f, long off, int whence)
{
	long pos;

	if (whence == SEEK_SET)
		pos = off;
	else if (whence == SEEK_CUR)
		pos = (long)f->pos + off;
	else
		return -EINVAL;
	if (pos < 0)
		return -EINVAL;
	f->pos = (u64)pos;
	return pos;
}

static void dir_release(struct file *f)
{
	kfree((void *)f->data);
}

static const struct file_ops proc_dir_ops = {
	.read = dir_read,
	.write = file_write_readonly,
	.release = dir_release,
	.llseek = dir_llseek,
	.getdents = dir_getdents,
};

/*
 * The directory's path with its tasks' numbers in it, so that "self" stays
 * the opener's when another process reads the fd (Linux binds the inode).
 */
static int canonical_path(const struct proc_node *n, char *buf, size_t size)
{
	struct pid_ns *ns = task_active_pid_ns(current);
	int tgid = n->t ? task_tgid_in(n->t, ns) : 0, tid = n->t ? task_tid_in(n->t, ns) : 0;

	switch (n->sub) {
	case PROC_DIR_PID:
		return snprintf(buf, size, "/proc/%d", tgid);
	case PROC_DIR_TID:
		return snprintf(buf, size, "/proc/%d/task/%d", tgid, tid);
	case PROC_DIR_FD:
		return snprintf(buf, size, "/proc/%d/task/%d/fd", tgid, tid);
	case PROC_DIR_TASK:
		return snprintf(buf, size, "/proc/%d/task", tgid);
	case PROC_DIR_SYS:
		return snprintf(buf, size, "/proc/sys");
	case PROC_DIR_KERNEL:
		return snprintf(buf, size, "/proc/sys/kernel");
	default:
		return snprintf(buf, size, "/proc/");
	}
}

struct file *proc_dir_open(const struct proc_node *n, long *err)
{
	char *copy = kmalloc(64);
	struct file *f = copy ? kzalloc(sizeof(*f)) : NULL;

	if (!f) {
		kfree(copy);
		*err = -ENOMEM;
		return NULL;
	}
	canonical_path(n, copy, 64);
	refcount_set(&f->refs, 1);
	f->ops = &proc_dir_ops;
	f->data = copy;
	return f;
}

bool procfs_file_is_dir(const struct file *f)
{
	return f->ops == &proc_dir_ops;
}

const char *procfs_dir_path(const struct file *f)
{
	return procfs_file_is_dir(f) ? f->data : NULL;
}

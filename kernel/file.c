// SPDX-License-Identifier: MIT
/* Open files and fd tables (see <kernel/file.h>). */
#include <kernel/console.h>
#include <kernel/file.h>
#include <kernel/initramfs.h>
#include <kernel/mm.h>
#include <kernel/pid.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fs.h>

/* ---- the console ---- */

static long console_read(struct file *f, char __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return 0; /* no input device yet: always end of file */
}

static long console_write(struct file *f, const char __user *buf, size_t n)
{
	char chunk[128];
	size_t done = 0;

	(void)f;
	while (done < n) {
		size_t k = MIN(n - done, sizeof(chunk));

		if (copy_from_user(chunk, buf + done, k))
			return done ? (long)done : -EFAULT;
		for (size_t i = 0; i < k; i++)
			arch_console_putc(chunk[i]);
		done += k;
	}
	return (long)done;
}

static const struct file_ops console_ops = { .read = console_read, .write = console_write };

/* ---- files whose contents sit in kernel memory (initramfs, /proc snapshots) ---- */

long file_read_memory(struct file *f, char __user *buf, size_t n)
{
	if (f->pos >= f->size)
		return 0;

	size_t k = MIN(n, f->size - f->pos);

	if (copy_to_user(buf, (const u8 *)f->data + f->pos, k))
		return -EFAULT;
	f->pos += k;
	return (long)k;
}

long file_write_readonly(struct file *f, const char __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return -EBADF; /* opened read-only */
}

long file_llseek_memory(struct file *f, long off, int whence)
{
	long pos;

	switch (whence) {
	case SEEK_SET:
		pos = off;
		break;
	case SEEK_CUR:
		pos = (long)f->pos + off;
		break;
	case SEEK_END:
		pos = (long)f->size + off;
		break;
	case SEEK_DATA: /* one extent of data, no holes */
		if (off < 0 || (size_t)off >= f->size)
			return -ENXIO;
		pos = off;
		break;
	case SEEK_HOLE:
		if (off < 0 || (size_t)off >= f->size)
			return -ENXIO;
		pos = (long)f->size;
		break;
	default:
		return -EINVAL;
	}
	if (pos < 0)
		return -EINVAL;
	f->pos = (u64)pos;
	return pos;
}

static const struct file_ops ramfile_ops = { .read = file_read_memory,
					     .write = file_write_readonly,
					     .llseek = file_llseek_memory };

/* ---- pidfds ---- */

static long pidfd_rw(struct file *f, char __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return -EINVAL;
}

static long pidfd_write(struct file *f, const char __user *buf, size_t n)
{
	return pidfd_rw(f, (char __user *)buf, n);
}

static void pidfd_release(struct file *f)
{
	pid_put(f->pid);
}

static const struct file_ops pidfd_ops = { .read = pidfd_rw,
					   .write = pidfd_write,
					   .release = pidfd_release };

static struct file *file_new(const struct file_ops *ops)
{
	struct file *f = kzalloc(sizeof(*f));

	if (f) {
		f->refs = 1;
		f->fmode = FMODE_READ |
			   FMODE_WRITE; /* the console and pidfds, as Linux opens them */
		f->ops = ops;
	}
	return f;
}

struct file *file_open_initramfs(const char *path, long *err)
{
	const struct cpio_entry *e = initramfs_lookup(path);
	struct file *f;

	if (!e) {
		*err = -ENOENT;
		return NULL;
	}
	f = file_new(&ramfile_ops);
	if (!f) {
		*err = -ENOMEM;
		return NULL;
	}
	f->data = e->data;
	f->size = e->size;
	return f;
}

struct file *file_open_pidfd(struct pid *pid)
{
	struct file *f = file_new(&pidfd_ops);

	if (f) {
		pid->refs++;
		f->pid = pid;
	}
	return f;
}

void file_put(struct file *f)
{
	if (--f->refs)
		return;
	if (f->ops->release)
		f->ops->release(f);
	kfree(f);
}

/* ---- fd tables ---- */

struct files *files_create_console(void)
{
	struct files *t = kzalloc(sizeof(*t));

	if (!t)
		return NULL;
	t->refs = 1;
	for (int fd = 0; fd < 3; fd++) {
		struct file *f = file_new(&console_ops);

		if (!f) {
			files_put(t);
			return NULL;
		}
		t->fd[fd] = f;
	}
	return t;
}

struct files *files_copy(const struct files *src)
{
	struct files *t = kzalloc(sizeof(*t));

	if (!t)
		return NULL;
	t->refs = 1;
	t->cloexec = src->cloexec;
	for (int fd = 0; fd < FD_MAX; fd++) {
		t->fd[fd] = src->fd[fd];
		if (t->fd[fd])
			t->fd[fd]->refs++;
	}
	return t;
}

void files_put(struct files *t)
{
	if (--t->refs)
		return;
	for (int fd = 0; fd < FD_MAX; fd++) {
		if (t->fd[fd])
			file_put(t->fd[fd]);
	}
	kfree(t);
}

void files_close_on_exec(struct files *t)
{
	for (int fd = 0; fd < FD_MAX; fd++) {
		if (t->cloexec & (1ull << fd))
			fd_close(t, fd);
	}
}

int fd_install(struct files *t, struct file *f, bool cloexec)
{
	for (int fd = 0; fd < FD_MAX; fd++) {
		if (!t->fd[fd]) {
			t->fd[fd] = f;
			if (cloexec)
				t->cloexec |= 1ull << fd;
			else
				t->cloexec &= ~(1ull << fd);
			return fd;
		}
	}
	return -EMFILE;
}

struct file *fd_get(const struct files *t, int fd)
{
	if (fd < 0 || fd >= FD_MAX)
		return NULL;
	return t->fd[fd];
}

int fd_close(struct files *t, int fd)
{
	struct file *f = fd_get(t, fd);

	if (!f)
		return -EBADF;
	t->fd[fd] = NULL;
	t->cloexec &= ~(1ull << fd);
	file_put(f);
	return 0;
}

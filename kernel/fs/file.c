// SPDX-License-Identifier: MIT
/* Open files and fd tables (see <kernel/file.h>). */
#include <kernel/big_lock.h>
#include <kernel/console.h>
#include <kernel/file.h>
#include <kernel/initramfs.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <asm/fcntl.h>
#include <uapi/linux/ioctls.h>
#include <uapi/linux/poll.h>
#include <uapi/linux/resource.h>
#include <uapi/linux/fs.h>

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

struct file *file_new(const struct file_ops *ops)
{
	struct file *f = kzalloc(sizeof(*f));

	if (f) {
		refcount_set(&f->refs, 1);
		/* The console, pidfds and pipes as Linux opens them, until told less. */
		f->fmode = FMODE_READ | FMODE_WRITE;
		f->f_flags = O_RDWR;
		f->ops = ops;
	}
	return f;
}

void file_put(struct file *f)
{
	if (!refcount_dec_and_test(&f->refs))
		return;
	if (f->ops->release)
		f->ops->release(f);
	if (f->dentry)
		dentry_put(f->dentry);
	kfree(f);
}

void file_put_late(struct file *f)
{
	if (refcount_dec_not_one(&f->refs))
		return;
	big_lock_take_late(); /* the release is big_lock's: inodes, FIFOs, ttys */
	file_put(f);
}

/* ---- fd tables ---- */

#define BITS_PER_WORD 64

/* Frees fd and cloexec arrays unless they are the ones in the struct. */
static void free_arrays(const struct files *t, struct file **fd, u64 *cloexec)
{
	if (fd != t->fd_array)
		kfree(fd);
	if (cloexec != t->cloexec_array)
		kfree(cloexec);
}

static void files_free_table(struct files *t)
{
	free_arrays(t, t->fd, t->cloexec);
	kfree(t);
}

static struct files *files_alloc(unsigned int max_fds)
{
	struct files *t = kzalloc(sizeof(*t));

	if (!t)
		return NULL;
	if (max_fds == NR_OPEN_DEFAULT) {
		t->fd = t->fd_array;
		t->cloexec = t->cloexec_array;
	} else {
		t->fd = kzalloc(max_fds * sizeof(*t->fd));
		t->cloexec = kzalloc(max_fds / BITS_PER_WORD * sizeof(u64));
	}
	if (!t->fd || !t->cloexec) {
		files_free_table(t);
		return NULL;
	}
	refcount_set(&t->refs, 1);
	t->lock = (struct spinlock)SPINLOCK_INIT(LOCK_LEVEL_FILES, "files->lock");
	t->max_fds = max_fds;
	return t;
}

/* Grows t so fd fits: the next power of two, at most NR_OPEN. 0 or -ENOMEM. */
static int files_expand(struct files *t, unsigned int fd)
{
	unsigned int n = t->max_fds;

	if (fd < n)
		return 0;
	while (n <= fd)
		n *= 2;
	n = MIN(n, NR_OPEN);

	struct file **nfd = kzalloc(n * sizeof(*nfd));
	u64 *ncl = kzalloc(n / BITS_PER_WORD * sizeof(u64));

	if (!nfd || !ncl) {
		kfree(nfd);
		kfree(ncl);
		return -ENOMEM;
	}
	unsigned long flags = spin_lock_irqsave(&t->lock);
	struct file **ofd = t->fd;
	u64 *ocl = t->cloexec;

	memcpy(nfd, t->fd, t->max_fds * sizeof(*nfd));
	memcpy(ncl, t->cloexec, t->max_fds / BITS_PER_WORD * sizeof(u64));
	t->fd = nfd;
	t->cloexec = ncl;
	t->max_fds = n;
	spin_unlock_irqrestore(&t->lock, flags);
	free_arrays(t, ofd, ocl);
	return 0;
}

struct files *files_create_console(void)
{
	struct files *t = files_alloc(NR_OPEN_DEFAULT);
	struct file *f = t ? console_file_new() : NULL;

	if (!f) {
		if (t)
			files_put(t);
		return NULL;
	}
	/* One open file behind all three, as Linux's init opens the console once and dups it. */
	t->fd[0] = f;
	t->fd[1] = file_get(f);
	t->fd[2] = file_get(f);
	t->fd_end = 3;
	return t;
}

struct files *files_copy(struct files *src)
{
	for (;;) {
		unsigned int n = READ_ONCE(src->max_fds);
		struct files *t = files_alloc(n);
		unsigned long flags;

		if (!t)
			return NULL;
		flags = spin_lock_irqsave(&src->lock);
		if (src->max_fds != n) { /* grown by a thread sharing it: size again */
			spin_unlock_irqrestore(&src->lock, flags);
			files_free_table(t);
			continue;
		}
		/*
		 * One snapshot of fds and close-on-exec bits: an O_CLOEXEC open
		 * racing with fork never lands in the child without its bit.
		 * A file is held by src's table while its count goes up here
		 * (close drops it only after clearing the fd under this lock).
		 */
		memcpy(t->cloexec, src->cloexec, n / BITS_PER_WORD * sizeof(u64));
		t->fd_end = src->fd_end;
		for (unsigned int fd = 0; fd < t->fd_end; fd++) {
			t->fd[fd] = src->fd[fd];
			if (t->fd[fd])
				refcount_inc(&t->fd[fd]->refs);
		}
		spin_unlock_irqrestore(&src->lock, flags);
		return t;
	}
}

void files_put(struct files *t)
{
	assert_big_lock_held();
	if (!refcount_dec_and_test(&t->refs))
		return;
	for (unsigned int fd = 0; fd < t->fd_end; fd++) {
		if (t->fd[fd])
			file_put(t->fd[fd]);
	}
	files_free_table(t);
}

/* A file reference let go without big_lock: only the last one's release takes it. */
static void file_put_unlocked(struct file *f)
{
	if (refcount_dec_not_one(&f->refs))
		return;
	big_lock_retake(); /* the release is big_lock's: inodes, pipes, ttys */
	file_put(f);
	big_lock_drop();
}

void files_put_unlocked(struct files *t)
{
	if (!refcount_dec_and_test(&t->refs))
		return;
	/* Nobody else reaches t now: its fds need no lock. */
	for (unsigned int fd = 0; fd < t->fd_end; fd++) {
		if (t->fd[fd])
			file_put_unlocked(t->fd[fd]);
	}
	files_free_table(t);
}

void files_close_all_unlocked(struct files *t)
{
	BUG_ON(refcount_read(&t->refs) != 1);
	for (unsigned int fd = 0; fd < t->fd_end; fd++) {
		struct file *f = t->fd[fd];

		if (!f)
			continue;
		/*
		 * Nobody else changes t; /proc reads the slot under big_lock and
		 * finds NULL, or f before its release: the put below orders the
		 * store first (release), and a last release takes big_lock.
		 */
		WRITE_ONCE(t->fd[fd], NULL);
		file_put_unlocked(f);
	}
}

void files_put_emptied(struct files *t)
{
	if (!refcount_dec_and_test(&t->refs))
		return;
	free_arrays(t, t->fd, t->cloexec);
	kfree_after_big_lock(t);
}

void files_close_on_exec(struct files *t)
{
	for (unsigned int w = 0; w < t->max_fds / BITS_PER_WORD; w++) {
		while (t->cloexec[w])
			fd_close(t, (int)(w * BITS_PER_WORD + __builtin_ctzll(t->cloexec[w])));
	}
}

unsigned int fd_limit(void)
{
	u64 lim = current->proc->rlim[RLIMIT_NOFILE].rlim_cur;

	return lim < NR_OPEN ? (unsigned int)lim : NR_OPEN;
}

static void set_cloexec_locked(struct files *t, unsigned int fd, bool on)
{
	if (on)
		t->cloexec[fd / BITS_PER_WORD] |= 1ull << (fd % BITS_PER_WORD);
	else
		t->cloexec[fd / BITS_PER_WORD] &= ~(1ull << (fd % BITS_PER_WORD));
}

void fd_set_cloexec(struct files *t, int fd, bool on)
{
	unsigned long flags = spin_lock_irqsave(&t->lock);

	set_cloexec_locked(t, (unsigned int)fd, on);
	spin_unlock_irqrestore(&t->lock, flags);
}

bool fd_cloexec(const struct files *t, int fd)
{
	return t->cloexec[fd / BITS_PER_WORD] & (1ull << (fd % BITS_PER_WORD));
}

/* Every change of an fd, with its close-on-exec bit: under t->lock for the unlocked readers. */
static void set_fd(struct files *t, unsigned int fd, struct file *f, bool cloexec)
{
	unsigned long flags = spin_lock_irqsave(&t->lock);

	t->fd[fd] = f;
	if (f && fd >= t->fd_end)
		t->fd_end = fd + 1;
	set_cloexec_locked(t, fd, cloexec);
	spin_unlock_irqrestore(&t->lock, flags);
}

int fd_install_from(struct files *t, struct file *f, unsigned int from, bool cloexec)
{
	unsigned int limit = fd_limit(), fd = from;

	assert_big_lock_held();
	while (fd < t->max_fds && t->fd[fd])
		fd++;
	if (fd >= limit)
		return -EMFILE;
	if (files_expand(t, fd))
		return -ENOMEM;
	set_fd(t, fd, f, cloexec);
	return (int)fd;
}

int fd_install(struct files *t, struct file *f, bool cloexec)
{
	return fd_install_from(t, f, 0, cloexec);
}

int fd_replace(struct files *t, unsigned int newfd, struct file *f, bool cloexec)
{
	struct file *old;

	if (files_expand(t, newfd))
		return -ENOMEM;
	assert_big_lock_held();
	old = t->fd[newfd];
	set_fd(t, newfd, file_get(f), cloexec);
	if (old)
		file_put(old); /* errors of the implicit close are lost, as Linux's */
	return 0;
}

struct file *fd_get(const struct files *t, int fd)
{
	if (fd < 0 || (unsigned int)fd >= t->max_fds)
		return NULL;
	return t->fd[fd];
}

struct file *fd_get_file(struct files *t, int fd)
{
	unsigned long flags = spin_lock_irqsave(&t->lock);
	struct file *f = fd < 0 || (unsigned int)fd >= t->max_fds ? NULL : t->fd[fd];

	if (f)
		file_get(f);
	spin_unlock_irqrestore(&t->lock, flags);
	return f;
}

int fd_close(struct files *t, int fd)
{
	struct file *f = fd_get(t, fd);

	if (!f)
		return -EBADF;
	set_fd(t, (unsigned int)fd, NULL, false);
	file_put(f);
	return 0;
}

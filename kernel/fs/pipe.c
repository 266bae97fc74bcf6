// SPDX-License-Identifier: MIT
/*
 * Pipes, shaped as Linux's fs/pipe.c: a ring of slots, each one page with
 * an offset and a length, 16 slots (64 KiB) by default. A write first tops
 * up the last slot when all of its tail part fits there (so a write of at
 * most PIPE_BUF = one page is never split: it lands in one slot, or waits),
 * then fills fresh pages one slot each. A reader takes bytes from the
 * oldest slot; in packet mode (the writer's O_DIRECT) every slot is one
 * message, and a read takes at most one, dropping what did not fit.
 *
 * A FIFO (a node mknod made) is the same pipe, shared by every open file
 * of its inode and freed with its bytes at the last close; fifo_open()
 * adds Linux's open rules (fs/pipe.c's fifo_open()).
 *
 * Blocking: readers sleep on rd_wait, writers on wr_wait; a read returns
 * as soon as it has some bytes, a write only when all are written (or a
 * signal, O_NONBLOCK or the last reader going away ends it). Pollers are
 * told through poll_wake(). A sleeper looks at the pipe again when it
 * wakes.
 *
 * Locking: read(2) and write(2) of a pipe run without big_lock
 * (file_ops.unlocked), so each pipe has a mutex: read, write, F_SETPIPE_SZ,
 * FIONREAD, an open of a FIFO and the last close hold it while they look
 * at or change the ring and the counts. A mutex, not a spinlock, because
 * its holder copies from and to user memory, which may fault, and sleeps
 * (waitq_sleep_unlock() gives it up on the way). Where a write needs more
 * -- SIGPIPE -- it takes big_lock itself. poll() reads the counts without
 * it: a scan that races a change is followed by that change's
 * poll_wake().
 */
#include <asm/fcntl.h>
#include <kernel/file.h>
#include <kernel/big_lock.h>
#include <kernel/kmem.h>
#include <kernel/mutex.h>
#include <kernel/pid.h>
#include <kernel/pipe.h>
#include <kernel/poll.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <kernel/waitq.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/ioctls.h>

#define PIPE_DEF_BUFFERS 16 /* Linux's default: 16 pages, 64 KiB */

struct pipe_buf {
	phys_addr_t page;
	unsigned int offset, len;
	bool packet; /* written in packet mode: one read takes it whole */
};

struct pipe {
	struct pipe_buf *bufs;
	unsigned int ring_size;	 /* slots in bufs, a power of two */
	unsigned int max_usage;	 /* slots that may be in use: the capacity */
	unsigned int head, tail; /* head - tail slots hold data */
	unsigned int readers, writers;
	/*
	 * The files that point at this pipe, an open of a FIFO counted from
	 * before it may sleep on the mutex (Linux's pipe->files): the last
	 * of them frees the pipe. Not readers + writers, which an open only
	 * raises once it holds the mutex: a last close in between freed the
	 * pipe under an open still asleep on its mutex. big_lock's, as
	 * opens and last closes of pipes all hold it.
	 */
	unsigned int files;
	/* Opens for reading and writing so far: a FIFO's open waits for the other's to move. */
	unsigned int r_counter, w_counter;
	struct inode *fifo; /* the FIFO's inode, whose ->pipe this is; NULL for pipe(2)'s */
	struct waitq rd_wait, wr_wait;
	struct mutex mutex; /* see the head of this file */
	/*
	 * The page of the last buffer a read emptied, kept for the next
	 * write (Linux's pipe->tmp_page): a ping-pong of small messages then
	 * takes no page from the allocator and gives none back each turn.
	 * Freed with the pipe.
	 */
	phys_addr_t spare;
};

/* A page for a new buffer: the spare if there is one. */
static phys_addr_t buf_page_get(struct pipe *p)
{
	phys_addr_t page = p->spare;

	if (!page)
		return page_alloc(1);
	p->spare = 0;
	return page;
}

/* A buffer's page, no longer needed: kept as the spare, else freed. */
static void buf_page_put(struct pipe *p, phys_addr_t page)
{
	if (!p->spare)
		p->spare = page;
	else
		page_free(page, 1);
}

static const struct file_ops pipe_ops;

static unsigned int occupancy(const struct pipe *p)
{
	return p->head - p->tail;
}

static bool pipe_full(const struct pipe *p)
{
	return occupancy(p) >= p->max_usage;
}

static struct pipe_buf *slot(struct pipe *p, unsigned int i)
{
	return &p->bufs[i & (p->ring_size - 1)];
}

static void *page_of(const struct pipe_buf *b)
{
	return phys_to_virt(b->page);
}

/* The state changed: sleepers on either side and pollers look again. */
static void pipe_wake(struct pipe *p)
{
	waitq_wake(&p->rd_wait, -1);
	waitq_wake(&p->wr_wait, -1);
	poll_wake();
}

/* Writing with no reader left: SIGPIPE to the writing thread, as Linux's send_sig(). */
static void send_sigpipe(void)
{
	struct ksiginfo k = { .signo = SIGPIPE, .code = SI_USER };

	big_lock_take_late(); /* signals are big_lock's */
	k.pid = task_tgid_in(current, task_active_pid_ns(current));
	signal_send_thread(current, SIGPIPE, &k);
}

static long pipe_read(struct file *f, char __user *buf, size_t n)
{
	struct pipe *p = f->priv;
	size_t left = n;
	long ret = 0;
	bool took = false;

	if (!n)
		return 0;
	mutex_lock(&p->mutex);
	for (;;) {
		if (occupancy(p)) {
			struct pipe_buf *b = slot(p, p->tail);
			size_t chars = MIN(b->len, left);

			if (arch_copy_user(buf + ret, (char *)page_of(b) + b->offset, chars)) {
				if (!ret)
					ret = -EFAULT;
				break;
			}
			ret += (long)chars;
			b->offset += chars;
			b->len -= chars;
			if (b->packet) {
				left = chars; /* one message a read; its rest is dropped */
				b->len = 0;
			}
			if (!b->len) {
				buf_page_put(p, b->page);
				p->tail++;
				took = true;
			}
			left -= chars;
			if (!left)
				break;
			if (occupancy(p))
				continue;
		}
		if (!p->writers || ret)
			break;
		if (f->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			break;
		}
		if (took)
			pipe_wake(p);
		took = false;
		/* A signal ends the wait only if there is still nothing to read (Linux's wait_event). */
		int err = waitq_sleep_unlock(&p->rd_wait, &p->mutex);

		mutex_lock(&p->mutex);
		if (err && !occupancy(p) && p->writers) {
			mutex_unlock(&p->mutex);
			return -ERESTARTSYS;
		}
	}
	if (took || ret > 0)
		pipe_wake(p);
	mutex_unlock(&p->mutex);
	return ret;
}

static long pipe_write(struct file *f, const char __user *buf, size_t n)
{
	struct pipe *p = f->priv;
	size_t chars = n & (PAGE_SIZE - 1);
	long ret = 0;

	if (!n)
		return 0;
	mutex_lock(&p->mutex);
	if (!p->readers) {
		send_sigpipe();
		mutex_unlock(&p->mutex);
		return -EPIPE;
	}
	/* The tail part may top up the last slot, if it fits there whole. */
	if (chars && occupancy(p)) {
		struct pipe_buf *b = slot(p, p->head - 1);
		unsigned int off = b->offset + b->len;

		if (!b->packet && off + chars <= PAGE_SIZE) {
			if (arch_copy_user((char *)page_of(b) + off, buf, chars)) {
				mutex_unlock(&p->mutex);
				return -EFAULT;
			}
			b->len += chars;
			ret = (long)chars;
			if ((size_t)ret == n)
				goto out;
		}
	}
	for (;;) {
		if (!p->readers) {
			send_sigpipe();
			if (!ret)
				ret = -EPIPE;
			break;
		}
		if (!pipe_full(p)) {
			size_t want = MIN(n - (size_t)ret, PAGE_SIZE);
			phys_addr_t page = buf_page_get(p);

			if (!page) {
				if (!ret)
					ret = -ENOMEM;
				break;
			}
			if (arch_copy_user(phys_to_virt(page), buf + ret, want)) {
				buf_page_put(p, page);
				if (!ret)
					ret = -EFAULT;
				break;
			}
			*slot(p, p->head) = (struct pipe_buf){ .page = page,
							       .len = (unsigned int)want,
							       .packet = f->f_flags & O_DIRECT };
			p->head++;
			ret += (long)want;
			if ((size_t)ret == n)
				break;
			continue;
		}
		/* Full: wait for room, unless told not to. */
		if (f->f_flags & O_NONBLOCK) {
			if (!ret)
				ret = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			if (!ret)
				ret = -ERESTARTSYS;
			break;
		}
		if (ret)
			pipe_wake(p);
		(void)waitq_sleep_unlock(&p->wr_wait,
					 &p->mutex); /* the loop looks at signals and room again */
		mutex_lock(&p->mutex);
	}
out:
	if (ret > 0)
		pipe_wake(p);
	mutex_unlock(&p->mutex);
	return ret;
}

static unsigned int pipe_poll(struct file *f)
{
	struct pipe *p = f->priv;
	unsigned int mask = 0;

	if (f->fmode & FMODE_READ) {
		if (occupancy(p))
			mask |= POLLIN | POLLRDNORM;
		/* A FIFO reader that came first sees no hang-up until a writer has come and gone. */
		if (!p->writers && f->fifo_writers_seen != p->w_counter)
			mask |= POLLHUP;
	}
	if (f->fmode & FMODE_WRITE) {
		if (!pipe_full(p))
			mask |= POLLOUT | POLLWRNORM;
		if (!p->readers)
			mask |= POLLERR;
	}
	return mask;
}

/* FIONREAD: the bytes waiting in the pipe (Linux's pipe_ioctl). */
static long pipe_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct pipe *p = f->priv;
	int count = 0;

	if (cmd != FIONREAD)
		return -ENOTTY;
	mutex_lock(&p->mutex);
	for (unsigned int i = p->tail; i != p->head; i++)
		count += (int)slot(p, i)->len;
	mutex_unlock(&p->mutex);
	return put_user(count, (int __user *)arg);
}

static void pipe_free(struct pipe *p)
{
	waitq_assert_empty(&p->rd_wait, "a pipe's reader queue");
	waitq_assert_empty(&p->wr_wait, "a pipe's writer queue");
	waitq_assert_empty(&p->mutex.waiters, "a pipe's mutex");
	for (unsigned int i = p->tail; i != p->head; i++)
		page_free(slot(p, i)->page, 1);
	if (p->spare)
		page_free(p->spare, 1);
	kfree(p->bufs);
	kfree(p);
}

static void pipe_release(struct file *f)
{
	struct pipe *p = f->priv;

	assert_big_lock_held(); /* p->files and the FIFO's inode->pipe */
	mutex_lock(&p->mutex);
	if (f->fmode & FMODE_READ)
		p->readers--;
	if (f->fmode & FMODE_WRITE)
		p->writers--;
	pipe_wake(p); /* the other side sees end of file, or EPIPE */
	mutex_unlock(&p->mutex);
	if (--p->files)
		return;
	/* The last file: nobody else can reach p, nor sleep on its mutex. */
	if (p->fifo)
		p->fifo->pipe = NULL;
	pipe_free(p);
}

/* Either end takes O_DIRECT: on the write end it means packet mode. */
static int pipe_check_flags(struct file *f, unsigned int flags)
{
	(void)f;
	(void)flags;
	return 0;
}

static const struct file_ops pipe_ops = { .unlocked = true,
					  .read = pipe_read,
					  .write = pipe_write,
					  .release = pipe_release,
					  .poll = pipe_poll,
					  .ioctl = pipe_ioctl,
					  .check_flags = pipe_check_flags,
					  .fasync = true };

static struct pipe *pipe_alloc(void)
{
	struct pipe *p = kzalloc(sizeof(*p));

	if (!p)
		return NULL;
	p->bufs = kzalloc(PIPE_DEF_BUFFERS * sizeof(*p->bufs));
	if (!p->bufs) {
		kfree(p);
		return NULL;
	}
	p->ring_size = p->max_usage = PIPE_DEF_BUFFERS;
	return p;
}

/* The smallest power of two of pages holding size bytes; 0 past 2 GiB (Linux's round_pipe_size). */
static unsigned int round_pipe_size(unsigned int size)
{
	unsigned int n = PAGE_SIZE;

	if (size > (1u << 31))
		return 0;
	while (n < size)
		n <<= 1;
	return n;
}

/*
 * F_SETPIPE_SZ: a new capacity of nr_slots pages. Everyone is root here, so
 * Linux's pipe-max-size and per-user limits (CAP_SYS_RESOURCE) never refuse.
 */
static long pipe_set_size(struct pipe *p, unsigned int arg)
{
	unsigned int size = round_pipe_size(arg);
	unsigned int nr_slots = size / PAGE_SIZE, n;
	struct pipe_buf *bufs;

	if (!nr_slots)
		return -EINVAL;
	bufs = kzalloc((size_t)nr_slots * sizeof(*bufs));
	if (!bufs)
		return -ENOMEM;
	mutex_lock(&p->mutex);
	n = occupancy(p);
	if (nr_slots < n) {
		mutex_unlock(&p->mutex);
		kfree(bufs);
		return -EBUSY; /* would drop data */
	}
	for (unsigned int i = 0; i < n; i++)
		bufs[i] = *slot(p, p->tail + i);
	kfree(p->bufs);
	p->bufs = bufs;
	p->ring_size = p->max_usage = nr_slots;
	p->tail = 0;
	p->head = n;
	pipe_wake(p); /* more room, maybe */
	mutex_unlock(&p->mutex);
	return (long)nr_slots * PAGE_SIZE;
}

long pipe_fcntl(struct file *f, unsigned int cmd, unsigned int arg)
{
	if (f->ops != &pipe_ops)
		return -EBADF;
	if (cmd == F_GETPIPE_SZ)
		return (long)((struct pipe *)f->priv)->max_usage * PAGE_SIZE;
	return pipe_set_size(f->priv, arg);
}

/*
 * pipe2(fds, flags), in Linux's order: unknown flags (EINVAL), then
 * O_NOTIFICATION_PIPE (O_EXCL: ENOPKG, as a kernel without
 * CONFIG_WATCH_QUEUE), the files (ENOMEM), two fds (EMFILE), the copy out
 * (EFAULT: nothing stays installed).
 */
static long do_pipe2(int __user *ufds, int flags)
{
	struct files *t = current->files;
	struct file *r, *w;
	struct pipe *p;
	int fds[2];

	if (flags & ~(O_CLOEXEC | O_NONBLOCK | O_DIRECT | O_EXCL))
		return -EINVAL;
	if (flags & O_EXCL)
		return -ENOPKG;
	p = pipe_alloc();
	if (!p)
		return -ENOMEM;
	p->readers = p->writers = 1;
	p->r_counter = p->w_counter = 1;
	p->files = 2;
	r = file_new(&pipe_ops);
	w = file_new(&pipe_ops);
	if (!r || !w) {
		kfree(r);
		kfree(w);
		pipe_free(p);
		return -ENOMEM;
	}
	r->priv = w->priv = p;
	r->fmode = FMODE_READ;
	r->f_flags = O_RDONLY | (flags & O_NONBLOCK);
	w->fmode = FMODE_WRITE;
	w->f_flags = O_WRONLY | (flags & (O_NONBLOCK | O_DIRECT));

	fds[0] = fd_install(t, r, flags & O_CLOEXEC);
	if (fds[0] < 0) {
		file_put(r);
		file_put(w);
		return fds[0];
	}
	fds[1] = fd_install(t, w, flags & O_CLOEXEC);
	if (fds[1] < 0) {
		fd_close(t, fds[0]);
		file_put(w);
		return fds[1];
	}
	if (copy_to_user(ufds, fds, sizeof(fds))) {
		fd_close(t, fds[0]);
		fd_close(t, fds[1]);
		return -EFAULT;
	}
	return 0;
}

SYSCALL(pipe2)
{
	return do_pipe2((int __user *)a[0], (int)a[1]);
}

SYSCALL(pipe)
{
	return do_pipe2((int __user *)a[0], 0);
}

/* Sleeps until *counter moves (the other side opened): 0, or -ERESTARTSYS for a signal. */
static long wait_for_partner(struct pipe *p, const unsigned int *counter)
{
	unsigned int seen = *counter;

	while (*counter == seen)
		if (waitq_sleep(&p->rd_wait, 0) && *counter == seen)
			return -ERESTARTSYS;
	return 0;
}

/*
 * Opens FIFO inode i for flags, in Linux's order: an access mode of 3
 * (neither read nor write) is EINVAL; O_WRONLY | O_NONBLOCK with no
 * reader ENXIO; O_RDONLY waits for a writer (unless O_NONBLOCK), O_WRONLY
 * for a reader, O_RDWR never. A signal ends the wait: -ERESTARTSYS,
 * the open undone.
 */
struct file *fifo_open(struct inode *i, int flags, long *err)
{
	unsigned int fmode = ((unsigned int)flags + 1) & (FMODE_READ | FMODE_WRITE);
	struct pipe *p = i->pipe;
	struct file *f;

	*err = 0;
	if (!fmode)
		*err = -EINVAL;
	else if (fmode == FMODE_WRITE && (flags & O_NONBLOCK) && (!p || !p->readers))
		*err = -ENXIO;
	if (*err)
		return NULL;
	if (!p) {
		p = pipe_alloc();
		if (!p) {
			*err = -ENOMEM;
			return NULL;
		}
		p->fifo = i;
		i->pipe = p;
	}
	p->files++; /* before the mutex, whose wait lets big_lock go */
	f = file_new(&pipe_ops);
	if (!f) {
		if (!--p->files) {
			i->pipe = NULL;
			pipe_free(p);
		}
		*err = -ENOMEM;
		return NULL;
	}
	f->priv = p;
	f->fmode = fmode;
	mutex_lock(&p->mutex);
	if (fmode & FMODE_READ) {
		p->readers++;
		p->r_counter++;
	}
	if (fmode & FMODE_WRITE) {
		p->writers++;
		p->w_counter++;
	}
	pipe_wake(p); /* an open waiting for this side */
	mutex_unlock(&p->mutex);
	if (fmode == FMODE_READ && !p->writers) {
		if (flags & O_NONBLOCK)
			f->fifo_writers_seen = p->w_counter;
		else
			*err = wait_for_partner(p, &p->w_counter);
	} else if (fmode == FMODE_WRITE && !p->readers) {
		*err = wait_for_partner(p, &p->r_counter);
	}
	if (*err) {
		file_put(f); /* its release undoes the count, and frees a pipe nobody opened */
		return NULL;
	}
	return f;
}

bool file_is_pipe(const struct file *f)
{
	return f->ops == &pipe_ops;
}

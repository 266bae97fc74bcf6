// SPDX-License-Identifier: MIT
/*
 * ramfs inodes and their contents. A file's bytes live in whole pages from
 * the page allocator -- the same pool as everything else, so the leak
 * checks' free-page counts see them, and a write that finds none left
 * fails with ENOSPC, as Linux's tmpfs when it is full. A file the
 * initramfs made keeps pointing into the archive until its first write.
 * Protected by big_lock (<kernel/vfs.h>).
 */
#include <kernel/kmem.h>
#include <kernel/pid.h>
#include <kernel/shmem.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <kernel/time.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>

/* Linux's MAX_LFS_FILESIZE would need 2^51 slots; a file here stops at 1 GiB (EFBIG). */
#define RAMFS_MAX_SIZE (1ull << 30)

static unsigned long next_ino = 1;

struct truncation {
	const struct shmem *data;
	size_t first;
};

size_t ramfs_pages_used(void)
{
	return shmem_file_pages();
}

/* Pages that size bytes span. */
static size_t pages_spanned(u64 size)
{
	return (size_t)((size + PAGE_SIZE - 1) / PAGE_SIZE);
}

void inode_touch(struct inode *i, bool mtime, bool ctime)
{
	s64 ns = time_realtime_ns();
	struct timespec now = { .tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000 };

	if (mtime)
		i->mtime = now;
	if (ctime)
		i->ctime = now;
}

struct inode *inode_new(unsigned int mode)
{
	struct inode *i = kzalloc(sizeof(*i));

	if (!i)
		return NULL;
	i->ino = next_ino++;
	i->mode = mode;
	i->nlink = S_ISDIR(mode) ? 2 : 1;
	inode_touch(i, true, true);
	i->atime = i->mtime;
	return i;
}

void inode_get(struct inode *i)
{
	i->refs++;
}

static void unmap_in_process(struct pid *pid, void *ctx)
{
	const struct truncation *t = ctx;
	struct process *p = pid->proc;

	if (!p || p->pid != pid)
		return;
	for (struct task *th = p->threads; th; th = th->thread_next) {
		if (th->mm) {
			mm_lock(th->mm); /* its threads may fault or map meanwhile */
			mm_unmap_object_from(th->mm, t->data, t->first);
			mm_unlock(th->mm);
		}
	}
}

/*
 * Lets go of the pages from page first on. Every mapping of them goes
 * first, as Linux's truncate_pagecache(): a touch there faults anew and,
 * past the new end, is SIGBUS. (Umbra keeps no reverse map: truncation
 * looks through every process; it is rare.)
 */
static void free_pages_from(struct inode *i, size_t first)
{
	struct truncation t = { i->data, first };

	if (!i->data)
		return;
	if (refcount_read(&i->data->refs) > 1) /* some area maps the file */
		pid_for_each_in_ns(&init_pid_ns, unmap_in_process, &t);
	shmem_resize(i->data, first);
}

void inode_put(struct inode *i)
{
	if (--i->refs)
		return;
	if (i->data)
		shmem_put(i->data);
	kfree(i);
}

static u8 *page_of(const struct inode *i, u64 pos)
{
	phys_addr_t p = i->data ? shmem_lookup(i->data, (size_t)(pos / PAGE_SIZE)) : 0;

	return p ? (u8 *)phys_to_virt(p) + pos % PAGE_SIZE : NULL;
}

size_t inode_read(struct inode *i, u64 pos, void *buf, size_t n)
{
	size_t done = 0;

	if (pos >= i->size)
		return 0;
	n = (size_t)MIN((u64)n, i->size - pos);
	if (i->image) {
		memcpy(buf, i->image + pos, n);
		return n;
	}
	while (done < n) {
		size_t k = MIN(n - done, PAGE_SIZE - (size_t)((pos + done) % PAGE_SIZE));
		const u8 *src = page_of(i, pos + done);

		if (src)
			memcpy((u8 *)buf + done, src, k);
		else
			memset((u8 *)buf + done, 0, k);
		done += k;
	}
	return n;
}

long inode_read_user(struct inode *i, u64 pos, char __user *buf, size_t n)
{
	u8 chunk[256];
	size_t done = 0;

	while (done < n) {
		size_t k = inode_read(i, pos + done, chunk, MIN(n - done, sizeof(chunk)));

		if (!k)
			break;
		if (copy_to_user(buf + done, chunk, k))
			return done ? (long)done : -EFAULT;
		done += k;
	}
	return (long)done;
}

/* The page holding pos, allocated (zeroed) if absent: its address or NULL (-ENOSPC). */
static u8 *page_for_write(struct inode *i, u64 pos)
{
	size_t index = (size_t)(pos / PAGE_SIZE);
	phys_addr_t p;

	if (!i->data)
		i->data = shmem_create_file();
	if (!i->data)
		return NULL;
	if (index >= i->data->pages)
		shmem_resize(i->data, index + 1);
	p = shmem_page(i->data, index);
	if (!p) {
		shmem_resize(i->data, pages_spanned(i->size));
		return NULL;
	}
	return (u8 *)phys_to_virt(p) + pos % PAGE_SIZE;
}

/* Copies an in-place image into pages before the first change. 0 or -ENOSPC. */
static int unshare_image(struct inode *i)
{
	const u8 *image = i->image;
	u64 size = i->size;

	if (!image)
		return 0;
	for (u64 pos = 0; pos < size; pos += PAGE_SIZE) {
		u8 *dst = page_for_write(i, pos);

		if (!dst) {
			free_pages_from(i, 0);
			if (i->data)
				shmem_resize(i->data, pages_spanned(size)); /* holes, as before */
			return -ENOSPC;
		}
		memcpy(dst, image + pos, (size_t)MIN((u64)PAGE_SIZE, size - pos));
	}
	i->image = NULL;
	return 0;
}

int inode_write_kernel(struct inode *i, u64 pos, const void *buf, size_t n)
{
	size_t done = 0;

	if (unshare_image(i))
		return -ENOSPC;
	while (done < n) {
		size_t k = MIN(n - done, PAGE_SIZE - (size_t)((pos + done) % PAGE_SIZE));
		u8 *dst = page_for_write(i, pos + done);

		if (!dst) {
			if (i->data)
				shmem_resize(i->data, pages_spanned(i->size));
			return -ENOSPC;
		}
		memcpy(dst, (const u8 *)buf + done, k);
		done += k;
		if (pos + done > i->size)
			i->size = pos + done;
	}
	return 0;
}

long inode_write_user(struct inode *i, u64 pos, const char __user *buf, size_t n)
{
	u8 chunk[256];
	size_t done = 0;

	if (pos >= RAMFS_MAX_SIZE)
		return n ? -EFBIG : 0;
	n = (size_t)MIN((u64)n, RAMFS_MAX_SIZE - pos);
	while (done < n) {
		size_t k = MIN(n - done, sizeof(chunk));

		if (copy_from_user(chunk, buf + done, k))
			return done ? (long)done : -EFAULT;
		if (inode_write_kernel(i, pos + done, chunk, k))
			return done ? (long)done : -ENOSPC;
		done += k;
	}
	if (n)
		inode_touch(i, true, true);
	return (long)done;
}

int inode_truncate(struct inode *i, u64 size)
{
	if (size > RAMFS_MAX_SIZE)
		return -EFBIG;
	if (unshare_image(i))
		return -ENOSPC;
	if (size < i->size) {
		size_t keep = pages_spanned(size);
		u8 *tail = page_of(i, size);

		free_pages_from(i, keep);
		/* The kept last page's bytes past the end must read as zeros if the file grows again. */
		if (tail && size % PAGE_SIZE)
			memset(tail, 0, PAGE_SIZE - size % PAGE_SIZE);
	}
	i->size = size;
	if (i->data)
		shmem_resize(i->data, pages_spanned(size));
	inode_touch(i, true, true);
	return 0;
}

struct shmem *inode_pages(struct inode *i)
{
	if (unshare_image(i))
		return NULL;
	if (!i->data)
		i->data = shmem_create_file();
	if (i->data)
		shmem_resize(i->data, pages_spanned(i->size));
	return i->data;
}

const u8 *inode_contents(struct inode *i, bool *copy)
{
	u8 *buf;

	*copy = false;
	if (i->image || !i->size)
		return i->image ? i->image : (const u8 *)"";
	buf = kmalloc((size_t)i->size);
	if (!buf)
		return NULL;
	inode_read(i, 0, buf, (size_t)i->size);
	*copy = true;
	return buf;
}

void inode_contents_done(const u8 *data, struct inode *i, bool copy)
{
	(void)i;
	if (copy)
		kfree((void *)data);
}

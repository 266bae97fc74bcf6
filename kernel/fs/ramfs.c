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
#include <kernel/time.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>

/* Linux's MAX_LFS_FILESIZE would need 2^51 slots; a file here stops at 1 GiB (EFBIG). */
#define RAMFS_MAX_SIZE (1ull << 30)

static unsigned long next_ino = 1;
static size_t pages_used;

size_t ramfs_pages_used(void)
{
	return pages_used;
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

static void free_pages_from(struct inode *i, size_t first)
{
	for (size_t p = first; p < i->nr_slots; p++) {
		if (i->pages[p]) {
			page_free(i->pages[p], 1);
			i->pages[p] = 0;
			pages_used--;
		}
	}
}

void inode_put(struct inode *i)
{
	if (--i->refs)
		return;
	free_pages_from(i, 0);
	kfree(i->pages);
	kfree(i);
}

static u8 *page_of(const struct inode *i, u64 pos)
{
	size_t p = (size_t)(pos / PAGE_SIZE);

	if (p >= i->nr_slots || !i->pages[p])
		return NULL;
	return (u8 *)phys_to_virt(i->pages[p]) + pos % PAGE_SIZE;
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

/* Makes pages[] hold at least slots entries. 0 or -ENOSPC. */
static int grow_slots(struct inode *i, size_t slots)
{
	size_t n = i->nr_slots ? i->nr_slots : 4;
	phys_addr_t *np;

	if (slots <= i->nr_slots)
		return 0;
	while (n < slots)
		n *= 2;
	np = kzalloc(n * sizeof(*np));
	if (!np)
		return -ENOSPC;
	if (i->nr_slots)
		memcpy(np, i->pages, i->nr_slots * sizeof(*np));
	kfree(i->pages);
	i->pages = np;
	i->nr_slots = n;
	return 0;
}

/* The page holding pos, allocated (zeroed) if absent: its address or NULL (-ENOSPC). */
static u8 *page_for_write(struct inode *i, u64 pos)
{
	size_t p = (size_t)(pos / PAGE_SIZE);

	if (grow_slots(i, p + 1))
		return NULL;
	if (!i->pages[p]) {
		i->pages[p] = page_alloc_zeroed(1);
		if (!i->pages[p])
			return NULL;
		pages_used++;
	}
	return (u8 *)phys_to_virt(i->pages[p]) + pos % PAGE_SIZE;
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

		if (!dst)
			return -ENOSPC;
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
		size_t keep = (size_t)((size + PAGE_SIZE - 1) / PAGE_SIZE);
		u8 *tail = page_of(i, size);

		free_pages_from(i, keep);
		/* The kept last page's bytes past the end must read as zeros if the file grows again. */
		if (tail && size % PAGE_SIZE)
			memset(tail, 0, PAGE_SIZE - size % PAGE_SIZE);
	}
	i->size = size;
	inode_touch(i, true, true);
	return 0;
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

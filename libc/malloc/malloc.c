// SPDX-License-Identifier: MIT
/*
 * malloc on anonymous mmap.
 *
 * Every block starts with a 16-byte header, so the payload is 16-byte
 * aligned. Small blocks (header included, 32 bytes to 4 KiB, powers of two)
 * come from per-class free lists refilled by carving 64 KiB chunks; they are
 * recycled, never returned to the kernel. A larger request gets a mapping of
 * its own, unmapped again by free(). One lock guards the free lists.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <thread.h>

#define MIN_SHIFT 5  /* 32-byte blocks */
#define MAX_SHIFT 12 /* 4096-byte blocks */
#define NCLASSES (MAX_SHIFT - MIN_SHIFT + 1)
#define CHUNK (64 * 1024)
#define LARGE_CLASS 0xffu
#define MAGIC 0x6d616c6cu /* "mall" */

struct header {
	uint32_t magic;
	uint32_t class; /* size-class index, or LARGE_CLASS */
	size_t size;	/* block size (small) or mapping length (large) */
};
_Static_assert(sizeof(struct header) == 16, "payload stays 16-byte aligned");

struct free_block {
	struct free_block *next;
};

static struct free_block *free_lists[NCLASSES];
static struct lock heap_lock;

/* The smallest class whose blocks hold n payload bytes, or -1 if none does. */
static int class_for(size_t n)
{
	for (int c = 0; c < NCLASSES; c++)
		if (n + sizeof(struct header) <= (1UL << (c + MIN_SHIFT)))
			return c;
	return -1;
}

/* Caller holds heap_lock. Adds a chunk's worth of class-c blocks. */
static int refill(int c)
{
	size_t bsize = 1UL << (c + MIN_SHIFT);
	char *chunk = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (chunk == MAP_FAILED)
		return -1;
	for (size_t off = 0; off + bsize <= CHUNK; off += bsize) {
		struct free_block *b = (struct free_block *)(chunk + off);

		b->next = free_lists[c];
		free_lists[c] = b;
	}
	return 0;
}

static void *large_alloc(size_t n)
{
	size_t len;
	struct header *h;

	if (n > SIZE_MAX - sizeof(struct header) - 4096) {
		errno = ENOMEM;
		return NULL;
	}
	len = (n + sizeof(struct header) + 4095) & ~(size_t)4095;
	h = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (h == MAP_FAILED)
		return NULL;
	h->magic = MAGIC;
	h->class = LARGE_CLASS;
	h->size = len;
	return h + 1;
}

void *malloc(size_t n)
{
	int c = class_for(n);
	struct header *h;

	if (c < 0)
		return large_alloc(n);
	lock_acquire(&heap_lock);
	if (!free_lists[c] && refill(c) < 0) {
		lock_release(&heap_lock);
		return NULL;
	}
	h = (struct header *)free_lists[c];
	free_lists[c] = free_lists[c]->next;
	lock_release(&heap_lock);
	h->magic = MAGIC;
	h->class = (uint32_t)c;
	h->size = 1UL << (c + MIN_SHIFT);
	return h + 1;
}

/* A corrupted or foreign pointer is a program bug: stop loudly. */
static struct header *header_of(void *p)
{
	struct header *h = (struct header *)p - 1;

	if (h->magic != MAGIC)
		abort();
	return h;
}

void free(void *p)
{
	struct header *h;
	struct free_block *b;

	if (!p)
		return;
	h = header_of(p);
	if (h->class == LARGE_CLASS) {
		h->magic = 0;
		munmap(h, h->size);
		return;
	}
	h->magic = 0;
	b = (struct free_block *)h;
	lock_acquire(&heap_lock);
	b->next = free_lists[h->class];
	free_lists[h->class] = b;
	lock_release(&heap_lock);
}

void *calloc(size_t n, size_t size)
{
	void *p;

	if (size && n > SIZE_MAX / size) {
		errno = ENOMEM;
		return NULL;
	}
	p = malloc(n * size);
	if (p)
		memset(p, 0, n * size);
	return p;
}

void *realloc(void *p, size_t n)
{
	struct header *h;
	size_t cap;
	void *q;

	if (!p)
		return malloc(n);
	if (n == 0) {
		free(p);
		return NULL;
	}
	h = header_of(p);
	cap = h->size - sizeof(struct header);
	if (n <= cap)
		return p;
	q = malloc(n);
	if (!q)
		return NULL;
	memcpy(q, p, cap);
	free(p);
	return q;
}

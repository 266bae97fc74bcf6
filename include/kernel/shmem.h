/* SPDX-License-Identifier: MIT */
/*
 * Shared anonymous memory (MAP_SHARED|MAP_ANONYMOUS): one object per mmap()
 * call, holding the frames of its pages; the same object holds a regular
 * file's pages (shmem_create_file()), so exec and mmap map them. Every area mapping part of it (the
 * first one, the pieces splits make, the copies fork makes) holds one
 * reference; a frame is made on the first touch through any of them, so a
 * page first touched after fork is still shared. The object holds one
 * reference of each frame's count (kernel/mm/page_alloc.c) and each page table
 * mapping it another, so a frame is freed only when the object and every
 * mapping of it are gone. The object is guarded by big_lock
 * (<kernel/big_lock.h>); the frames' reference counts are atomic.
 */
#ifndef KERNEL_SHMEM_H
#define KERNEL_SHMEM_H

#include <kernel/atomic.h>
#include <kernel/types.h>

struct shmem {
	refcount_t refs;    /* areas referring to it, and the file that owns it */
	size_t pages;	    /* its size: a mapping's page at or past it has none (SIGBUS) */
	size_t nr_slots;    /* length of frame[]: pages for memory; a file's grows as pages come */
	phys_addr_t *frame; /* 0 until the page is first touched (a file's hole) */
	bool is_file;	    /* a file's pages (kernel/fs/ramfs.c): counted in shmem_file_pages() */
};

/* A new object of pages zero-filled pages (made on first touch), refs 1; NULL without memory. */
struct shmem *shmem_create(size_t pages);

/*
 * A regular file's pages, as Linux's tmpfs keeps them: empty, refs 1 (the
 * file's); the file grows it with shmem_resize() and fills it with
 * shmem_page(). Mappings of the file share the object, so a page stays
 * while any of them maps it, after an unlink or a truncate too. NULL
 * without memory.
 */
struct shmem *shmem_create_file(void);

static inline struct shmem *shmem_get(struct shmem *s)
{
	refcount_inc(&s->refs);
	return s;
}

/* Drops one reference; the last one drops the object's reference of every frame. */
void shmem_put(struct shmem *s);

/* The frame of page index (< pages), zero-filled on first use (a hole filled); 0 without memory. */
phys_addr_t shmem_page(struct shmem *s, size_t index);

/* The frame of page index if it has one (0: a hole, or past the end). */
phys_addr_t shmem_lookup(const struct shmem *s, size_t index);

/*
 * Sets the size to pages: growing adds holes, shrinking drops the object's
 * reference of every frame past it (a mapping's own reference keeps such
 * a frame until it is unmapped). Needs no memory.
 */
void shmem_resize(struct shmem *s, size_t pages);

/* Frames that files' objects hold now (statfs's blocks in use). */
size_t shmem_file_pages(void);

#endif

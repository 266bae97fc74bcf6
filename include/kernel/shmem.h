/* SPDX-License-Identifier: MIT */
/*
 * Shared anonymous memory (MAP_SHARED|MAP_ANONYMOUS): one object per mmap()
 * call, holding the frames of its pages. Every area mapping part of it (the
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
	refcount_t refs;     /* areas referring to it */
	size_t pages;	     /* its size */
	phys_addr_t frame[]; /* 0 until the page is first touched */
};

/* A new object of pages zero-filled pages (made on first touch), refs 1; NULL without memory. */
struct shmem *shmem_create(size_t pages);

static inline struct shmem *shmem_get(struct shmem *s)
{
	refcount_inc(&s->refs);
	return s;
}

/* Drops one reference; the last one drops the object's reference of every frame. */
void shmem_put(struct shmem *s);

/* The frame of page index (< pages), zero-filled on first use; 0 without memory. */
phys_addr_t shmem_page(struct shmem *s, size_t index);

#endif

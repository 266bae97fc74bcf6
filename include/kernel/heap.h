/* SPDX-License-Identifier: MIT */
/*
 * The kernel heap's seam: kernel/mm/heap.c is pure bookkeeping and gets pages,
 * mutual exclusion and its panic from these functions, which the kernel
 * implements in kernel/mm/heap_backend.c and the host unit tests with malloc.
 */
#ifndef KERNEL_HEAP_H
#define KERNEL_HEAP_H

#include <kernel/compiler.h>
#include <kernel/types.h>

#define HEAP_PAGE_SIZE 4096
#define HEAP_MIN_CLASS 16   /* smallest object, and the alignment of all */
#define HEAP_MAX_CLASS 2048 /* larger requests get whole pages */

/* HEAP_PAGE_SIZE-aligned memory of pages * HEAP_PAGE_SIZE bytes, or NULL. */
void *heap_backend_alloc(size_t pages);
void heap_backend_free(void *addr, size_t pages);

/* Mutual exclusion around heap bookkeeping; the cookie is opaque. */
unsigned long heap_lock(void);
void heap_unlock(unsigned long cookie);

/* A kfree() of something the heap never handed out: a kernel bug. */
__noreturn void heap_corrupted(const char *what, const void *ptr);

/* Pages the heap holds from its backend right now (for leak checks). */
size_t heap_pages_held(void);

/* One size class of small objects, as /proc/slabinfo shows it. */
struct heap_class_use {
	u32 size;     /* bytes an object of the class gets */
	u32 per_slab; /* objects a one-page slab holds */
	size_t objs;  /* objects handed out */
	size_t slabs; /* slabs held */
};

/* Size class c, smallest first: false past the last one. */
bool heap_class_use(unsigned int c, struct heap_class_use *u);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * A bitmap of page frames: the pure bookkeeping behind the physical page
 * allocator, free of any hardware so host unit tests can drive it. One bit
 * per frame; a set bit means "not available" (allocated, reserved, or a hole
 * in RAM). nr_free is exact at every moment.
 */
#ifndef KERNEL_PAGE_POOL_H
#define KERNEL_PAGE_POOL_H

#include <kernel/types.h>

struct page_pool {
	u64 base_pfn; /* first frame covered */
	u64 nr_pages; /* frames covered, holes included */
	u64 *bitmap;  /* nr_pages bits, rounded up to whole u64 words */
	u64 nr_free;  /* frames whose bit is clear */
	u64 nr_ram;   /* frames ever released into the pool: the managed RAM */
	u64 hint;     /* index where single-frame searches start */
};

/* Bytes of bitmap needed to cover nr_pages frames. */
size_t page_pool_bitmap_bytes(u64 nr_pages);

/* Covers [base_pfn, base_pfn + nr_pages), every frame unavailable at first. */
void page_pool_init(struct page_pool *p, u64 *bitmap, u64 base_pfn, u64 nr_pages);

/* Marks frames [start, end) as free RAM (clipped to the pool). For set-up. */
void page_pool_add_ram(struct page_pool *p, u64 start_pfn, u64 end_pfn);

/* Marks free frames in [start, end) as unavailable (clipped). For set-up. */
void page_pool_reserve(struct page_pool *p, u64 start_pfn, u64 end_pfn);

/*
 * Finds count contiguous free frames whose first frame number is a multiple
 * of align (a power of two, >= 1), marks them used and stores the first in
 * *pfn. Returns 0, -EINVAL for a bad count/align, -ENOMEM when none fit.
 */
int page_pool_alloc(struct page_pool *p, u64 count, u64 align, u64 *pfn);

/*
 * Frees frames [pfn, pfn + count). Returns 0, or -EINVAL (and changes
 * nothing) when a frame is outside the pool or already free: a double free.
 */
int page_pool_free(struct page_pool *p, u64 pfn, u64 count);

/* True when frame pfn is inside the pool and free. */
bool page_pool_is_free(const struct page_pool *p, u64 pfn);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * A CPU's cache of free single pages, as Linux's per-CPU page lists: the
 * page allocator (kernel/mm/page_alloc.c) gives one to each CPU so most
 * page_alloc(1)/page_free(.., 1) calls take no lock. Pure bookkeeping, free
 * of hardware, so host unit tests drive it.
 *
 * Who may touch a cache, and how:
 * - its owner CPU, with interrupts off (so nothing else runs there), and no
 *   lock: cpu_pages_take(), cpu_pages_give(), and cpu_pages_trim() when no
 *   other CPU can be stealing (the allocator holds page_lock then);
 * - any other CPU, only to empty slots: cpu_pages_steal().
 * Each slot is one word, exchanged atomically: whoever takes a page out of a
 * slot owns it, so an owner and a stealer can never both get one page. Only
 * the owner ever fills a slot, and only at top, above which every slot is
 * empty; a steal leaves a hole below top, which the owner skips later.
 */
#ifndef KERNEL_CPU_PAGES_H
#define KERNEL_CPU_PAGES_H

#include <kernel/types.h>

/* The high-water mark: a free finding the cache full first gives back a batch. */
#define CPU_PAGES_HIGH 64
/* Pages moved between the pool and a cache at a time. */
#define CPU_PAGES_BATCH 16

struct cpu_pages {
	phys_addr_t slot[CPU_PAGES_HIGH]; /* a free page's address, 0 when empty */
	unsigned int top;		  /* owner's: slot[i] is 0 for every i >= top */
};

/* The owner: the most recently given page (cache-hot), or 0 when empty. */
phys_addr_t cpu_pages_take(struct cpu_pages *c);

/* The owner: keeps page p (never 0); false, keeping nothing, when full. */
bool cpu_pages_give(struct cpu_pages *c, phys_addr_t p);

/*
 * The owner, while no other CPU can steal: removes up to n of the oldest
 * pages (the coldest) into out[], returns how many, and packs the rest down.
 */
unsigned int cpu_pages_trim(struct cpu_pages *c, unsigned int n, phys_addr_t *out);

/* Any CPU: one page out of c, or 0 when c held none. */
phys_addr_t cpu_pages_steal(struct cpu_pages *c);

/* Pages in c now; exact when nothing changes c meanwhile. */
unsigned int cpu_pages_count(const struct cpu_pages *c);

#endif

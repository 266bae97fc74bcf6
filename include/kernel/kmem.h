/* SPDX-License-Identifier: MIT */
/*
 * Kernel memory interfaces: the physical page allocator, the heap and the
 * kernel mappings the arch maintains. Page size and the direct map come
 * from the arch's <asm/page.h>.
 */
#ifndef KERNEL_MM_H
#define KERNEL_MM_H

#include <asm/page.h>
#include <kernel/boot.h>
#include <kernel/types.h>

/* ---- physical pages (kernel/mm/page_alloc.c) ---- */

/* Builds the allocator from the boot memory map. Called once, early. */
void page_alloc_init(const struct boot_info *info);

/*
 * Where page_alloc_init() puts the allocator's bitmap and reference counts
 * (bytes of them) for the memory map info: the lowest page-aligned usable
 * RAM the boot map reaches (EARLY_MAPPED_LIMIT) that no reserved range
 * touches, or 0 when there is none. Its own function for the self-tests.
 */
phys_addr_t page_bitmap_home(const struct boot_info *info, size_t bytes);

/*
 * Allocates count physically contiguous pages. Returns the physical address,
 * or 0 when memory is exhausted (frame 0 is never handed out). The contents
 * are undefined. A single page comes from this CPU's cache of free pages
 * first: the one this CPU freed last. Callable with interrupts on or off, not from an interrupt
 * handler.
 */
phys_addr_t page_alloc(size_t count);

/* As page_alloc(), with the pages zeroed. */
phys_addr_t page_alloc_zeroed(size_t count);

/*
 * Returns pages from page_alloc(). Freeing what is not allocated, or a page
 * page_ref_get() shares, panics.
 */
void page_free(phys_addr_t phys, size_t count);

/*
 * page_free() of a single page whose every byte is 0 (a page table the
 * walker emptied): the next page_alloc_zeroed() on this CPU takes it
 * without zeroing it again. The lock debugger's kernels check the zeros.
 */
void page_free_zeroed(phys_addr_t phys);

/*
 * Reference counts of single pages, for copy-on-write: page_alloc() gives
 * each page one; page_ref_get() adds a sharer; page_ref_put() drops one and
 * frees the page with the last.
 */
void page_ref_get(phys_addr_t phys);
void page_ref_put(phys_addr_t phys);
unsigned int page_ref_count(phys_addr_t phys);

/*
 * What the page-table walker (kernel/mm/pgtable.c) keeps about a frame that
 * is a user page table, one word a frame beside its reference count: how
 * many of its 512 entries are in use, and the lowest and highest index that
 * may be (lo > hi when none is), so a walk reads only those entries and an
 * emptied table is known without reading any. Meaningless for other frames.
 */
struct table_use {
	u32 used : 10;
	u32 lo : 9;
	u32 hi : 9;
};

/*
 * The table_use words of every managed frame, indexed by pfn - base_pfn
 * (kernel/mm/page_alloc.c sets it at boot). Inline, as a fork and an
 * exit look one up for each entry they fill or clear.
 */
struct table_use_map {
	struct table_use *uses;
	u64 base_pfn;
	u64 nr_pages;
};
extern struct table_use_map table_use_map;
__attribute__((noreturn)) void page_table_use_unmanaged(phys_addr_t table);

static inline struct table_use *page_table_use(phys_addr_t table)
{
	u64 i = (table >> PAGE_SHIFT) - table_use_map.base_pfn;

	if (__builtin_expect(i >= table_use_map.nr_pages, 0))
		page_table_use_unmanaged(table);
	return &table_use_map.uses[i];
}

/*
 * Exact accounting, for leak checks: pages free now (in the pool and in
 * every CPU's cache), and RAM pages managed.
 */
size_t page_free_count(void);

/*
 * Frees under way without big_lock: a dead thread's task and kernel stack,
 * freed by the next task on its CPU (kernel/proc/sched.c). The dying
 * thread announces the free before it lets big_lock go, so before its
 * joiner can go on (page_free_begin(), which returns this CPU's bit for a
 * mask of freeing CPUs); the freeing CPU ends it once every page is back
 * (page_free_end(), given that bit: a thread that exits without big_lock
 * may sleep after it announced, and die on another CPU). page_free_settle() waits until every free begun
 * before it looked has ended (not for frees begun since): page_free_count()
 * does, so a joiner's count stays exact. page_free_settle_cpus() waits so
 * only for the CPUs of a mask, taken and cleared: a clone waits for the
 * frees of the threads its process joined and the children it reaped
 * (process->freeing_cpus), so the new thread reuses what they held, as it
 * would under one lock -- and not for other processes' frees on every
 * other CPU. Short, and needing no lock but the kernel-stack, heap and
 * page locks, which no waiter holds.
 */
u64 page_free_begin(void);
void page_free_end(u64 cpu_bit);
void page_free_settle(void);
void page_free_settle_cpus(u64 *mask);
size_t page_total_count(void);

/* Free pages in CPU cpu's caches of single pages, both lists (page_alloc.c), for tests. */
size_t page_cpu_cached(unsigned int cpu);

/* ---- kernel heap (kernel/mm/heap.c) ---- */

/* 16-byte aligned memory of at least size bytes, or NULL. */
void *kmalloc(size_t size);
void *kzalloc(size_t size);
void kfree(void *ptr);
/*
 * n objects of size bytes into out[] under one hold of the heap's lock
 * (Linux's kmem_cache_alloc_bulk()): all of them, or none and false. A
 * fork copies a dozen areas, and each lock taken alone cost as much as
 * the allocation itself.
 */
bool kmalloc_bulk(size_t size, size_t n, void **out);
/* kfree() of each of ptrs[0..n) (NULLs skipped) under one hold of the lock. */
void kfree_bulk(void **ptrs, size_t n);

/* ---- kernel virtual mappings (arch) ---- */

enum kprot {
	KPROT_READ = 1u << 0,
	KPROT_WRITE = 1u << 1,
	KPROT_EXEC = 1u << 2,
	KPROT_DEVICE = 1u << 3, /* device memory (framebuffer, registers): never cached */
	KPROT_WC = 1u << 4, /* with KPROT_DEVICE: write-combining where the arch can (x86 PAT) */
	KPROT_SHADOW_STACK = 1u << 5, /* a kernel shadow stack's page (arch_kstack_shadow_alloc) */
};

/* Builds the kernel's own page tables and switches to them. */
void arch_mm_init(const struct boot_info *info);

/* Maps one 4 KiB kernel page. Returns 0, or -ENOMEM / -EEXIST. */
int arch_map_kernel_page(uintptr_t virt, phys_addr_t phys, unsigned int prot);

/*
 * Builds every page table that kernel pages in [start, end) need, once, so
 * arch_map_kernel_page() there never allocates one and unmapping never
 * leaves one behind. 0 or -ENOMEM.
 */
int arch_prepare_kernel_range(uintptr_t start, uintptr_t end);

/*
 * Maps physical [phys, phys + len) with prot at its direct-map address,
 * page by page, leaving pages that are already mapped (RAM in the direct
 * map) as they are; for firmware tables and devices outside RAM
 * (kernel/mm/phys_map.c). Returns the address of phys, or NULL when out of
 * memory for page tables.
 */
void *phys_map(phys_addr_t phys, size_t len, unsigned int prot);

/* Unmaps one kernel page; returns the frame it mapped, or 0 if none. */
phys_addr_t arch_unmap_kernel_page(uintptr_t virt);

/* Looks virt up in the current tables: true when mapped, with frame and prot. */
bool arch_translate(uintptr_t virt, phys_addr_t *phys, unsigned int *prot);

/*
 * Maps the framebuffer [base, base + len) (struct boot_framebuffer) for
 * the kernel to write, with the memory type the arch needs for a display
 * (arm64: Normal Non-cacheable). Returns the kernel address of base, or
 * NULL when it cannot be mapped. After arch_mm_init().
 */
void *arch_map_framebuffer(phys_addr_t base, size_t len);

#endif

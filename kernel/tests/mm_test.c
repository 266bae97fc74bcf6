// SPDX-License-Identifier: MIT
/*
 * Self-tests of the page allocator and the heap on the real memory map.
 * They prove the accounting is exact: every balanced workload leaves
 * page_free_count() where it found it, which later leak tests rely on.
 */
#include <kernel/boot.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <kernel/percpu.h>
#include <string.h>

/* Each page gets its own pattern; all must survive the others being written. */
KTEST(page_alloc_accounting)
{
	enum { N = 100 };
	static phys_addr_t pages[N];
	size_t before = page_free_count();

	for (int i = 0; i < N; i++) {
		pages[i] = page_alloc(1);
		if (!KTEST_EXPECT(ctx, pages[i] != 0))
			return;
		KTEST_EXPECT(ctx, IS_ALIGNED(pages[i], PAGE_SIZE));
		memset(phys_to_virt(pages[i]), i, PAGE_SIZE);
	}
	KTEST_EXPECT_EQ(ctx, page_free_count(), before - N);
	for (int i = 0; i < N; i++) {
		const unsigned char *p = phys_to_virt(pages[i]);

		KTEST_EXPECT(ctx, p[0] == (unsigned char)i && p[PAGE_SIZE - 1] == (unsigned char)i);
	}
	for (int i = 0; i < N; i++)
		page_free(pages[i], 1);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
}

KTEST(page_alloc_contiguous_zeroed)
{
	size_t before = page_free_count();
	phys_addr_t p = page_alloc_zeroed(16);

	if (!KTEST_EXPECT(ctx, p != 0))
		return;
	KTEST_EXPECT_EQ(ctx, page_free_count(), before - 16);

	const u64 *w = phys_to_virt(p);
	bool all_zero = true;

	for (size_t i = 0; i < 16 * PAGE_SIZE / sizeof(u64); i++)
		all_zero &= (w[i] == 0);
	KTEST_EXPECT(ctx, all_zero);
	page_free(p, 16);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
}

/*
 * What take_everything() took: runs of frames, each run's first frame
 * holding this record of it and the previous run. Runs as large as the
 * allocator gives, halved when it refuses: the test's time and the RAM it
 * writes grow with the log of the machine's size, not with its size (an
 * emulator backs every page the guest writes with host memory).
 */
struct taken_run {
	phys_addr_t prev; /* the previous run's first frame, 0 for the first */
	size_t pages;
};

/* Takes every free page; returns the last run taken (its record leads to the others). */
static phys_addr_t take_everything(size_t *got)
{
	size_t chunk = 1;
	phys_addr_t last = 0;

	*got = 0;
	while (chunk * 2 <= page_free_count())
		chunk *= 2;
	while (chunk) {
		phys_addr_t p = page_alloc(chunk);

		if (!p) {
			chunk /= 2;
			continue;
		}
		struct taken_run *run = phys_to_virt(p);

		run->prev = last;
		run->pages = chunk;
		last = p;
		*got += chunk;
	}
	return last;
}

/* Frees every run take_everything() took. */
static void give_everything_back(phys_addr_t last)
{
	while (last) {
		const struct taken_run *run = phys_to_virt(last);
		phys_addr_t prev = run->prev;

		page_free(last, run->pages);
		last = prev;
	}
}

/* Exhausting memory must fail cleanly with 0, then recover completely. */
KTEST(page_alloc_exhaustion)
{
	size_t before = page_free_count(), got;
	phys_addr_t last = take_everything(&got);

	KTEST_EXPECT_EQ(ctx, got, before);
	KTEST_EXPECT_EQ(ctx, page_free_count(), 0);
	KTEST_EXPECT_EQ(ctx, page_alloc(1), 0);
	give_everything_back(last);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
}

KTEST(heap_returns_every_page)
{
	enum { N = 200 };
	static void *objs[N];
	size_t before = page_free_count();

	for (int i = 0; i < N; i++) {
		size_t size = 1 + (size_t)i * 37 % 6000; /* small and large classes */

		objs[i] = kmalloc(size);
		if (!KTEST_EXPECT(ctx, objs[i] != NULL))
			return;
		KTEST_EXPECT(ctx, IS_ALIGNED((uintptr_t)objs[i], 16));
		memset(objs[i], i, size);
	}
	KTEST_EXPECT(ctx, page_free_count() < before);
	/* Free odd ones first, then even: slabs empty in a scrambled order. */
	for (int i = 1; i < N; i += 2)
		kfree(objs[i]);
	for (int i = 0; i < N; i += 2)
		kfree(objs[i]);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
}

KTEST(memory_map_sane)
{
	size_t total = page_total_count();

	/* The emulators boot with 256 MiB: at least 128 MiB must be managed. */
	KTEST_EXPECT(ctx, total >= (128ul << 20) / PAGE_SIZE);
	KTEST_EXPECT(ctx, page_free_count() <= total);
	KTEST_EXPECT(ctx, page_free_count() > total / 2);
}

/*
 * The per-CPU caches of single pages (page_alloc.c). The self-tests run on
 * the boot CPU before any task is scheduled (kernel/main.c), so "this CPU"
 * stays the same throughout each test; interrupt handlers allocate nothing.
 */
static unsigned int test_cpu(void)
{
	return this_cpu()->id;
}

/* Expects: the page this CPU freed last is the next one it gets, then the one freed before it. */
KTEST(page_alloc_reuses_this_cpus_last_free)
{
	phys_addr_t a = page_alloc(1), b = page_alloc(1);

	if (KTEST_EXPECT(ctx, a && b && a != b)) {
		page_free(a, 1);
		page_free(b, 1);
		phys_addr_t first = page_alloc(1), second = page_alloc(1);

		KTEST_EXPECT_EQ(ctx, first, b);
		KTEST_EXPECT_EQ(ctx, second, a);
		page_free(second, 1);
		page_free(first, 1);
	}
}

/*
 * Expects: a page freed as known-zero (an emptied page table's way) counts
 * as free, and is what page_alloc_zeroed() takes next, all zeros, before a
 * dirty page freed after it; page_alloc() then takes the dirty one.
 */
KTEST(page_alloc_zeroed_takes_a_known_zero_page_first)
{
	size_t before = page_free_count();
	phys_addr_t zero = page_alloc_zeroed(1), dirty = page_alloc(1);

	if (!KTEST_EXPECT(ctx, zero && dirty && zero != dirty))
		return;
	size_t cached = page_cpu_cached(test_cpu());

	page_free_zeroed(zero);
	memset(phys_to_virt(dirty), 0xa5, PAGE_SIZE);
	page_free(dirty, 1);
	KTEST_EXPECT_EQ(ctx, page_cpu_cached(test_cpu()), cached + 2);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);

	phys_addr_t again = page_alloc_zeroed(1);
	const u64 *words = phys_to_virt(again);
	size_t nonzero = 0;

	KTEST_EXPECT_EQ(ctx, again, zero);
	for (size_t i = 0; again && i < PAGE_SIZE / sizeof(u64); i++)
		nonzero += words[i] != 0;
	KTEST_EXPECT_EQ(ctx, nonzero, 0);
	KTEST_EXPECT_EQ(ctx, page_alloc(1), dirty);
	page_free(again, 1);
	page_free(dirty, 1);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
}

/* Expects: a page freed into this CPU's cache counts as free at once, and exactly once. */
KTEST(page_free_count_includes_cached_pages)
{
	size_t before = page_free_count();
	phys_addr_t p = page_alloc(1);

	if (KTEST_EXPECT(ctx, p != 0)) {
		KTEST_EXPECT_EQ(ctx, page_free_count(), before - 1);
		size_t cached = page_cpu_cached(test_cpu());

		page_free(p, 1);
		KTEST_EXPECT_EQ(ctx, page_cpu_cached(test_cpu()), cached + 1);
		KTEST_EXPECT_EQ(ctx, page_free_count(), before);
	}
}

/*
 * Expects: with every page taken and the pool empty, two adjacent pages
 * freed one by one sit in this CPU's cache and count as free; a run of two
 * drains them back to the pool and gets exactly them; freed singly again,
 * single allocations get them back last-freed first; then 0.
 */
KTEST(page_alloc_exhausted_pool_uses_cached_pages)
{
	size_t before = page_free_count(), got;
	phys_addr_t pair = page_alloc(2);

	if (!KTEST_EXPECT(ctx, pair != 0))
		return;
	phys_addr_t last = take_everything(&got);

	KTEST_EXPECT_EQ(ctx, got, before - 2);
	KTEST_EXPECT_EQ(ctx, page_free_count(), 0);
	KTEST_EXPECT_EQ(ctx, page_cpu_cached(test_cpu()), 0);

	page_free(pair, 1);
	page_free(pair + PAGE_SIZE, 1);
	KTEST_EXPECT_EQ(ctx, page_cpu_cached(test_cpu()), 2);
	KTEST_EXPECT_EQ(ctx, page_free_count(), 2);
	KTEST_EXPECT_EQ(ctx, page_alloc(2), pair);
	KTEST_EXPECT_EQ(ctx, page_free_count(), 0);

	page_free(pair, 1);
	page_free(pair + PAGE_SIZE, 1);
	KTEST_EXPECT_EQ(ctx, page_alloc(1), pair + PAGE_SIZE);
	KTEST_EXPECT_EQ(ctx, page_alloc(1), pair);
	KTEST_EXPECT_EQ(ctx, page_alloc(1), 0);
	KTEST_EXPECT_EQ(ctx, page_free_count(), 0);

	page_free(pair, 2);
	give_everything_back(last);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
}

/*
 * Expects: the boot map reaches past 4 GiB (x86_64 and arm64 early_map.c;
 * x86 CPUs without 1 GiB pages get 2 MiB ones there), and the page
 * bitmap's home is found above RAM that is all reserved below 4 GiB
 * (memmap=, or firmware), as on a machine whose only large free range lies
 * above 4 GiB: exactly the first page there no reserved range touches; 0
 * when there is none.
 */
KTEST(page_bitmap_home_above_4gib)
{
	static struct boot_info info;
	const phys_addr_t gib = 1ull << 30;
	const size_t bytes = (8u << 20) + 100; /* 8 GiB's bitmap and counts, about */

	KTEST_EXPECT(ctx, EARLY_MAPPED_LIMIT > 4 * gib);
	memset(&info, 0, sizeof(info));
	boot_add_range(info.usable, &info.nr_usable, 1 * gib, 9 * gib);
	boot_add_range(info.reserved, &info.nr_reserved, 1 * gib, 4 * gib);
	KTEST_EXPECT_EQ(ctx, page_bitmap_home(&info, bytes), 4 * gib);
	boot_add_range(info.reserved, &info.nr_reserved, 4 * gib + (4u << 20),
		       4 * gib + (5u << 20));
	KTEST_EXPECT_EQ(ctx, page_bitmap_home(&info, bytes), 4 * gib + (5u << 20));
	boot_add_range(info.reserved, &info.nr_reserved, 4 * gib + (6u << 20), 9 * gib);
	KTEST_EXPECT_EQ(ctx, page_bitmap_home(&info, bytes), 0);
	/* Page 0 is never a home: it is the allocator's failure value. */
	memset(&info, 0, sizeof(info));
	boot_add_range(info.usable, &info.nr_usable, 0, 1 * gib);
	KTEST_EXPECT_EQ(ctx, page_bitmap_home(&info, PAGE_SIZE), PAGE_SIZE);
}

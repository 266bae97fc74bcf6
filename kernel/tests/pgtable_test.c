// SPDX-License-Identifier: MIT
/*
 * Self-tests of the user page-table walker (kernel/mm/pgtable.c) on an
 * address space of their own, never active: unmapping a sparse area reads
 * only the entries in use -- a thread's 4 MiB shadow stack whose top page
 * alone was touched costs one entry per level, not its 1,024 leaf slots --
 * and every table it empties goes back to the page allocator.
 */
#include <kernel/kmem.h>
#include <kernel/ktest.h>
#include <kernel/pgtable.h>
#include <kernel/vma.h>
#include <uapi/linux/mman.h>

#define AREA_BASE 0x40000000ul /* 1 GiB: its own table at every level */
#define AREA_SIZE (4ul << 20)  /* arm64's default shadow stack */

KTEST(pgtable_unmap_reads_only_used_entries)
{
	size_t before = page_free_count();
	phys_addr_t pgd = pgtable_create();
	uintptr_t top = AREA_BASE + AREA_SIZE - PAGE_SIZE;
	phys_addr_t low = page_alloc(1), high = page_alloc(1);
	size_t looked_at = 0;

	if (!KTEST_EXPECT(ctx, pgd && low && high))
		return;
	/* The top page of the area, as a stack uses it: the root, 3 tables, the page. */
	KTEST_EXPECT_EQ(ctx, pgtable_map(pgd, top, high, PROT_READ | PROT_WRITE, 0), 0);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before - 1 - 3 - 2);
	/* One entry read at each of the four levels; all three tables freed. */
	KTEST_EXPECT_EQ(
		ctx, pgtable_unmap_counted(pgd, AREA_BASE, AREA_BASE + AREA_SIZE, &looked_at), 1);
	KTEST_EXPECT_EQ(ctx, looked_at, 4);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before - 1 - 1);

	/* Its lowest and highest pages: one leaf table for each 2 MiB half. */
	high = page_alloc(1);
	KTEST_EXPECT_EQ(ctx, pgtable_map(pgd, AREA_BASE, low, PROT_READ, 0), 0);
	KTEST_EXPECT_EQ(ctx, pgtable_map(pgd, top, high, PROT_READ, 0), 0);
	KTEST_EXPECT_EQ(ctx, pgtable_lookup(pgd, top), high);
	/* The upper half alone: its leaf table goes, the lower one stays. */
	KTEST_EXPECT_EQ(ctx,
			pgtable_unmap_counted(pgd, AREA_BASE + AREA_SIZE / 2, AREA_BASE + AREA_SIZE,
					      &looked_at),
			1);
	KTEST_EXPECT_EQ(ctx, looked_at, 4);
	KTEST_EXPECT_EQ(ctx, pgtable_lookup(pgd, AREA_BASE), low);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before - 1 - 3 - 1);
	/*
	 * Then all of it. The middle table's cleared entry stays in its
	 * range until the table empties, so 2 entries are read there.
	 */
	KTEST_EXPECT_EQ(
		ctx, pgtable_unmap_counted(pgd, AREA_BASE, AREA_BASE + AREA_SIZE, &looked_at), 1);
	KTEST_EXPECT_EQ(ctx, looked_at, 5);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before - 1);

	pgtable_destroy(pgd);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
}

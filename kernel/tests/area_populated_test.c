// SPDX-License-Identifier: MIT
/*
 * Self-test of VM_POPULATED (<kernel/vma.h>): an area gets the flag with
 * its first page and not before; a split hands it to both halves; fork's
 * copy of an area carries it exactly when the parent's had it; and
 * unmapping or tearing down areas either way gives back every page. An
 * area that lost the flag while it held a page would leave that page
 * mapped: mm_put()'s resident-count check panics then.
 */
#include <kernel/kmem.h>
#include <kernel/ktest.h>
#include <kernel/vm.h>
#include <uapi/linux/mman.h>

#define TOUCHED_VA 0x10000000ul	  /* four pages, the second one written */
#define UNTOUCHED_VA 0x20000000ul /* four pages, never written */
#define AREA_LEN (4 * PAGE_SIZE)

static bool populated(struct mm *mm, uintptr_t va)
{
	const struct vma *v = vma_find(&mm->vmas, va);

	return v && (v->flags & VM_POPULATED);
}

KTEST(vm_area_populated_from_its_first_page)
{
	static const u8 data[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	size_t free_before = page_free_count();
	struct mm *mm = mm_create(), *child;

	if (!KTEST_EXPECT(ctx, mm != NULL))
		return;
	mm_lock(mm);
	KTEST_EXPECT_EQ(ctx, mm_map(mm, TOUCHED_VA, AREA_LEN, PROT_READ | PROT_WRITE, 0, true), 0);
	KTEST_EXPECT_EQ(ctx, mm_map(mm, UNTOUCHED_VA, AREA_LEN, PROT_READ | PROT_WRITE, 0, true),
			0);
	KTEST_EXPECT(ctx, !populated(mm, TOUCHED_VA));
	KTEST_EXPECT_EQ(ctx, mm_write(mm, TOUCHED_VA + PAGE_SIZE, data, sizeof(data)), 0);
	KTEST_EXPECT(ctx, populated(mm, TOUCHED_VA));
	KTEST_EXPECT(ctx, !populated(mm, UNTOUCHED_VA));
	KTEST_EXPECT_EQ(ctx, mm->rss, 1ul);
	/* Read-only from the third page on: three areas, each with the flag. */
	KTEST_EXPECT_EQ(ctx, mm_protect(mm, TOUCHED_VA + 2 * PAGE_SIZE, PAGE_SIZE, PROT_READ), 0);
	for (unsigned int i = 0; i < 4; i++)
		KTEST_EXPECT(ctx, populated(mm, TOUCHED_VA + i * PAGE_SIZE));
	mm_unlock(mm);

	child = mm_fork(mm);
	if (KTEST_EXPECT(ctx, child != NULL)) {
		mm_lock(child);
		KTEST_EXPECT(ctx, populated(child, TOUCHED_VA + PAGE_SIZE));
		KTEST_EXPECT(ctx, !populated(child, UNTOUCHED_VA));
		KTEST_EXPECT_EQ(ctx, child->rss, 1ul); /* the written page, shared */
		KTEST_EXPECT_EQ(ctx, mm_unmap(child, TOUCHED_VA, AREA_LEN), 0);
		KTEST_EXPECT_EQ(ctx, child->rss, 0ul);
		mm_unlock(child);
		mm_put(child);
	}
	mm_lock(mm);
	KTEST_EXPECT_EQ(ctx, mm_unmap(mm, UNTOUCHED_VA, AREA_LEN), 0);
	KTEST_EXPECT_EQ(ctx, mm->rss, 1ul);
	mm_unlock(mm);
	mm_put(mm);
	KTEST_EXPECT_EQ(ctx, page_free_count(), free_before);
}

// SPDX-License-Identifier: MIT
/*
 * Self-tests of the kernel's own mappings: the image has W^X rights per
 * section, low memory is unmapped (NULL faults), and guarded kernel stacks
 * have an unmapped page below them and give back every page when freed.
 */
#include <kernel/ktest.h>
#include <kernel/kstack.h>
#include <kernel/kmem.h>

extern const char __text_start[], __rodata_start[], __data_start[];

static unsigned int prot_of(const void *addr, bool *mapped)
{
	phys_addr_t phys;
	unsigned int prot = 0;

	*mapped = arch_translate((uintptr_t)addr, &phys, &prot);
	return prot;
}

KTEST(kernel_image_rights)
{
	static int some_data;
	bool mapped;
	unsigned int prot;

	prot = prot_of(__text_start, &mapped);
	KTEST_EXPECT(ctx, mapped);
	KTEST_EXPECT_EQ(ctx, prot, KPROT_READ | KPROT_EXEC);

	prot = prot_of(__rodata_start, &mapped);
	KTEST_EXPECT(ctx, mapped);
	KTEST_EXPECT_EQ(ctx, prot, KPROT_READ);

	prot = prot_of(&some_data, &mapped);
	KTEST_EXPECT(ctx, mapped);
	KTEST_EXPECT_EQ(ctx, prot, KPROT_READ | KPROT_WRITE);
}

KTEST(null_page_unmapped)
{
	bool mapped;

	prot_of(NULL, &mapped);
	KTEST_EXPECT(ctx, !mapped);
	prot_of((void *)0x1000, &mapped);
	KTEST_EXPECT(ctx, !mapped);
}

KTEST(direct_map_matches_physical)
{
	phys_addr_t p = page_alloc(1), got;
	unsigned int prot;

	if (!KTEST_EXPECT(ctx, p != 0))
		return;
	KTEST_EXPECT(ctx, arch_translate((uintptr_t)phys_to_virt(p) + 123, &got, &prot));
	KTEST_EXPECT_EQ(ctx, got, p + 123);
	KTEST_EXPECT_EQ(ctx, prot, KPROT_READ | KPROT_WRITE);
	page_free(p, 1);
}

KTEST(kstack_guard_page)
{
	size_t before = page_free_count();
	struct kstack ks;
	bool mapped;

	if (!KTEST_EXPECT_EQ(ctx, kstack_alloc(&ks), 0))
		return;
	KTEST_EXPECT_EQ(ctx, ks.top - ks.base, KSTACK_PAGES * PAGE_SIZE);
	/* Its shadow stack's page too, where the kernel keeps them (arch_kstack_shadow_alloc()). */
	KTEST_EXPECT_EQ(ctx, page_free_count(),
			before - KSTACK_PAGES - (ks.shadow_top ? KSTACK_SHADOW_PAGES : 0));

	/* Every stack page writable, the page below it absent and a guard. */
	for (uintptr_t a = ks.base; a < ks.top; a += PAGE_SIZE) {
		KTEST_EXPECT_EQ(ctx, prot_of((void *)a, &mapped), KPROT_READ | KPROT_WRITE);
		KTEST_EXPECT(ctx, mapped);
	}
	prot_of((void *)(ks.base - 1), &mapped);
	KTEST_EXPECT(ctx, !mapped);
	KTEST_EXPECT(ctx, kstack_is_guard(ks.base - 1));
	KTEST_EXPECT(ctx, !kstack_is_guard(ks.base));

	/* The stack is usable memory. */
	((volatile char *)ks.base)[0] = 1;
	((volatile char *)ks.top)[-1] = 2;

	kstack_free(&ks);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
	prot_of((void *)(ks.top - 1), &mapped);
	KTEST_EXPECT(ctx, !mapped);
}

/* The stack this test runs on (kernel_main's) is itself a guarded one. */
KTEST(running_on_guarded_stack)
{
	int local;

	KTEST_EXPECT(ctx, (uintptr_t)&local >= KSTACK_AREA_BASE);
	KTEST_EXPECT(ctx, (uintptr_t)&local < KSTACK_AREA_BASE + KSTACK_AREA_SIZE);
}

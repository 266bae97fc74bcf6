// SPDX-License-Identifier: MIT
/*
 * Self-tests of the kernel's supervisor shadow stacks (kernel_shstk.c):
 * every kernel stack gets one in its guard area, a shadow-stack page
 * (present, read-only, dirty: SDM vol. 3A §4.6) topped by its supervisor
 * token, and gives every page back; the code running the tests is on one.
 * Skipped where the kernel keeps none (no CET, or kshstk=off).
 */
#include <asm/cet.h>
#include <asm/kernel_shstk.h>
#include <asm/mmu.h>
#include <asm/msr.h>
#include <asm/page.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <kernel/kstack.h>

static bool skip_without(struct ktest_ctx *ctx)
{
	if (x86_kernel_shstk_on())
		return false;
	ktest_skip(ctx, "the kernel keeps no shadow stacks (no CET, or kshstk=off)");
	return true;
}

KTEST(x86_kernel_shadow_stack_per_kstack)
{
	size_t before = page_free_count();
	struct kstack ks;
	bool mapped;
	unsigned int prot = 0;
	phys_addr_t phys;

	if (skip_without(ctx))
		return;
	if (!KTEST_EXPECT_EQ(ctx, kstack_alloc(&ks), 0))
		return;
	/* One guard page between the stack and its shadow stack. */
	KTEST_EXPECT_EQ(ctx, ks.shadow_top, ks.base - PAGE_SIZE);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before - KSTACK_PAGES - KSTACK_SHADOW_PAGES);
	mapped = arch_translate(ks.shadow_top - PAGE_SIZE, &phys, &prot);
	KTEST_EXPECT(ctx, mapped);
	KTEST_EXPECT_EQ(ctx, prot, KPROT_READ); /* no write but through the shadow-stack rules */
	KTEST_EXPECT(ctx, !arch_translate(ks.base - 1, &phys, &prot));
	KTEST_EXPECT(ctx, !arch_translate(ks.shadow_top - PAGE_SIZE - 1, &phys, &prot));
	/* The supervisor token: its own address, not busy (SDM vol. 1 §17.2.3). */
	KTEST_EXPECT_EQ(ctx, *(const u64 *)(ks.shadow_top - 8), ks.shadow_top - 8);
	KTEST_EXPECT_EQ(ctx, x86_kshstk_token(&ks), ks.shadow_top - 8);
	kstack_free(&ks);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
	KTEST_EXPECT(ctx, !arch_translate(ks.base - 2 * PAGE_SIZE, &phys, &prot));
}

KTEST(x86_kernel_runs_on_its_shadow_stack)
{
	u64 ssp = 0;

	if (skip_without(ctx))
		return;
	__asm__ __volatile__("rdsspq %0" : "+r"(ssp));
	KTEST_EXPECT(ctx, rdmsr(MSR_IA32_S_CET) & CET_SHSTK_EN);
	KTEST_EXPECT(ctx, ssp >= KSTACK_AREA_BASE && ssp < KSTACK_AREA_BASE + KSTACK_AREA_SIZE);
	/* The top entry is this function's own return address, as on the stack. */
	KTEST_EXPECT_EQ(ctx, *(const u64 *)ssp, (u64)__builtin_return_address(0));
	KTEST_EXPECT(ctx, x86_kernel_virt_to_phys(ssp) != 0);
}

// SPDX-License-Identifier: MIT
/*
 * Self-tests of GCS at EL1 (kernel_gcs.c): every kernel stack gets a GCS
 * page in its guard area, readable by EL1 only, and gives it back; the
 * code running the tests is on one, with GCSCR_EL1 = PCRSEL | RVCHKEN,
 * its return address on top; a plain store to it is a permission fault.
 * Skipped where the kernel keeps none (no FEAT_GCS or S1PIE, or kshstk=off).
 */
#include <asm/kernel_gcs.h>
#include <asm/page.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <kernel/kmem.h>
#include <kernel/kstack.h>
#include <kernel/ktest.h>

static bool skip_without(struct ktest_ctx *ctx)
{
	if (arm64_kgcs_on)
		return false;
	ktest_skip(ctx, "the kernel keeps no GCS (no FEAT_GCS or S1PIE, or kshstk=off)");
	return true;
}

KTEST(arm64_kernel_gcs_per_kstack)
{
	size_t before = page_free_count();
	struct kstack ks;
	unsigned int prot = 0;
	phys_addr_t phys;

	if (skip_without(ctx))
		return;
	if (!KTEST_EXPECT_EQ(ctx, kstack_alloc(&ks), 0))
		return;
	/* One guard page between the stack and its GCS, another below that. */
	KTEST_EXPECT_EQ(ctx, ks.shadow_top, ks.base - PAGE_SIZE);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before - KSTACK_PAGES - KSTACK_SHADOW_PAGES);
	KTEST_EXPECT(ctx, arch_translate(ks.shadow_top - PAGE_SIZE, &phys, &prot));
	KTEST_EXPECT_EQ(ctx, prot, KPROT_READ); /* EL1 loads; GCS accesses write */
	KTEST_EXPECT(ctx, !arch_translate(ks.base - 1, &phys, &prot));
	KTEST_EXPECT(ctx, !arch_translate(ks.shadow_top - PAGE_SIZE - 1, &phys, &prot));
	kstack_free(&ks);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
	KTEST_EXPECT(ctx, !arch_translate(ks.base - 2 * PAGE_SIZE, &phys, &prot));
}

KTEST(arm64_kernel_runs_on_its_gcs)
{
	u64 gcscr, gcspr, top, seen_esr;
	unsigned int hits;

	if (skip_without(ctx))
		return;
	__asm__ __volatile__("mrs %0, " REG_GCSCR_EL1 : "=r"(gcscr));
	__asm__ __volatile__("mrs %0, " REG_GCSPR_EL1 : "=r"(gcspr)::"memory");
	KTEST_EXPECT_EQ(ctx, gcscr, GCSCR_PCRSEL | GCSCR_RVCHKEN);
	KTEST_EXPECT(ctx, gcspr >= KSTACK_AREA_BASE && gcspr < KSTACK_AREA_BASE + KSTACK_AREA_SIZE);
	/* The top entry is this function's own return address, as in its frame record. */
	top = *(const volatile u64 *)gcspr;
	KTEST_EXPECT_EQ(ctx, top, (u64)__builtin_return_address(0));
	/*
	 * A plain store there -- of the value it holds, harmless if it went
	 * through -- is a data abort, a permission fault on a write.
	 */
	trap_expect(ESR_EC_DABT_CUR);
	__asm__ __volatile__("str %0, [%1]" ::"r"(top), "r"(gcspr) : "memory");
	hits = trap_expect_hits();
	seen_esr = trap_expect_seen()->esr;
	KTEST_EXPECT_EQ(ctx, hits, 1);
	KTEST_EXPECT_EQ(ctx, seen_esr & ESR_ISS_FSC_MASK & FSC_TYPE_MASK, FSC_PERMISSION);
	KTEST_EXPECT(ctx, seen_esr & ESR_ISS_WNR);
	KTEST_EXPECT(ctx, !(seen_esr & ESR_ISS2_GCS)); /* an ordinary store, not a GCS access */
	KTEST_EXPECT_EQ(ctx, trap_expect_seen()->far, gcspr);
}

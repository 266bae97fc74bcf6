// SPDX-License-Identifier: MIT
/*
 * The kernel keeps its hands off user memory: PAN and PXN are on, and each
 * is proved by making the access and expecting the fault. Each test maps one page into a scratch user address space, makes
 * it current, makes the access and expects the exact fault through
 * trap_expect_fault():
 *
 *  - a plain load or store from EL1 to a user page is a Permission fault
 *    while PSTATE.PAN = 1 (FEAT_PAN; Arm ARM D8.4.5.1) -- skipped, with the
 *    reason, on a CPU without PAN (cortex-a72);
 *  - a branch from EL1 into a user page is an instruction Permission fault:
 *    every user leaf is PXN (D8.4.1.2.3; under S1PIE, PIR_EL1 gives EL1 no
 *    execute right on a user index, D8.4.1.3);
 *  - every exception taken to EL1 sets PSTATE.PAN (SCTLR_EL1.SPAN = 0),
 *    whatever the interrupted context had;
 *  - arch_copy_user() reaches user memory only through LDTR/STTR: it copies
 *    a user page both ways with PAN left on, and refuses a kernel address
 *    that did not pass access_ok() instead of copying it.
 */
#include <asm/page.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <kernel/arch.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <kernel/uaccess.h>
#include <kernel/vm.h>
#include <uapi/linux/mman.h>

#define USER_VA 0x10000000ul /* where the scratch address space has its page */
#define PATTERN 0x1122334455667788ul

static const char no_pan[] = "no FEAT_PAN (ID_AA64MMFR1_EL1.PAN = 0): EL1 may touch EL0 pages "
			     "(user access still goes through LDTR/STTR)";

/* A fresh address space with one present page at USER_VA holding data. */
static struct mm *scratch_mm(unsigned int prot, const void *data, size_t len)
{
	struct mm *mm = mm_create();

	bool made;

	if (!mm)
		return NULL;
	mm_lock(mm); /* not held while the tests copy: their faults take it */
	made = !mm_map(mm, USER_VA, PAGE_SIZE, prot, 0, true) && !mm_write(mm, USER_VA, data, len);
	mm_unlock(mm);
	if (!made) {
		mm_put(mm);
		return NULL;
	}
	return mm;
}

/* PSTATE.PAN (MRS PAN: S3_0_C4_C2_3); false without FEAT_PAN. */
static bool pan_on(void)
{
	u64 v;

	if (!arm64_features.pan)
		return false;
	__asm__ __volatile__("mrs %0, S3_0_C4_C2_3" : "=r"(v));
	return v & SPSR_PAN;
}

static unsigned int fsc_type(u64 esr)
{
	return (unsigned int)(esr & ESR_ISS_FSC_MASK & FSC_TYPE_MASK);
}

KTEST(arm64_pan_faults_kernel_load_and_store_to_user_page)
{
	u64 pattern = PATTERN, got = 0;
	struct trap_seen load, store;
	unsigned long flags;
	struct mm *mm;

	if (!arm64_features.pan) {
		ktest_skip(ctx, no_pan);
		return;
	}
	mm = scratch_mm(PROT_READ | PROT_WRITE, &pattern, sizeof(pattern));
	if (!KTEST_EXPECT(ctx, mm != NULL))
		return;
	flags = arch_irq_save();
	mm_activate(mm);
	trap_expect_fault(ESR_EC_DABT_CUR, TRAP_RESUME_NEXT);
	__asm__ __volatile__("ldr %0, [%1]" : "=r"(got) : "r"(USER_VA) : "memory");
	load = *trap_expect_seen();
	trap_expect_fault(ESR_EC_DABT_CUR, TRAP_RESUME_NEXT);
	__asm__ __volatile__("str %0, [%1]" ::"r"(0ul), "r"(USER_VA) : "memory");
	store = *trap_expect_seen();
	got = 0;
	KTEST_EXPECT_EQ(ctx, copy_from_user(&got, (const void __user *)USER_VA, 8), 0);
	mm_activate(NULL);
	arch_irq_restore(flags);
	mm_put(mm);

	KTEST_EXPECT_EQ(ctx, load.hits, 1);
	KTEST_EXPECT_EQ(ctx, load.esr >> ESR_EC_SHIFT & ESR_EC_MAX, ESR_EC_DABT_CUR);
	KTEST_EXPECT_EQ(ctx, fsc_type(load.esr), FSC_PERMISSION);
	KTEST_EXPECT_EQ(ctx, load.far, USER_VA);
	KTEST_EXPECT_EQ(ctx, load.esr & ESR_ISS_WNR, 0);
	KTEST_EXPECT_EQ(ctx, store.hits, 1);
	KTEST_EXPECT_EQ(ctx, fsc_type(store.esr), FSC_PERMISSION);
	KTEST_EXPECT_EQ(ctx, store.far, USER_VA);
	KTEST_EXPECT(ctx, store.esr & ESR_ISS_WNR);
	KTEST_EXPECT_EQ(ctx, got, PATTERN); /* the page was there: only PAN refused */
}

KTEST(arm64_pxn_faults_kernel_execution_of_user_page)
{
	static const u32 code[] = {
		0xd2800540u, /* mov x0, #42 */
		0xd65f03c0u, /* ret */
	};
	struct trap_seen seen;
	unsigned long flags;
	u64 ran;
	struct mm *mm = scratch_mm(PROT_READ | PROT_EXEC, code, sizeof(code));

	if (!KTEST_EXPECT(ctx, mm != NULL))
		return;
	flags = arch_irq_save();
	mm_activate(mm);
	trap_expect_fault(ESR_EC_IABT_CUR, TRAP_RESUME_LR);
	/*
	 * A branch, not BLR: the fault resumes at x30 without the RET that
	 * would pop a BLR's GCS entry, which kernel GCS (kernel_gcs.c) would
	 * then find on top at this function's own RET.
	 */
	__asm__ __volatile__("mov x0, #0\n\t"
			     "adr x30, 1f\n\t"
			     "br %1\n"
			     "1:\tmov %0, x0"
			     : "=r"(ran)
			     : "r"(USER_VA)
			     : "x0", "x30", "memory");
	seen = *trap_expect_seen();
	mm_activate(NULL);
	arch_irq_restore(flags);
	mm_put(mm);

	KTEST_EXPECT_EQ(ctx, ran, 0); /* "mov x0, #42" never ran at EL1 */
	KTEST_EXPECT_EQ(ctx, seen.hits, 1);
	KTEST_EXPECT_EQ(ctx, seen.esr >> ESR_EC_SHIFT & ESR_EC_MAX, ESR_EC_IABT_CUR);
	KTEST_EXPECT_EQ(ctx, fsc_type(seen.esr), FSC_PERMISSION);
	KTEST_EXPECT_EQ(ctx, seen.far, USER_VA);
	KTEST_EXPECT_EQ(ctx, seen.elr, USER_VA);
}

KTEST(arm64_exception_entry_sets_pan)
{
	const struct trap_seen *seen = trap_expect_seen();
	unsigned long flags;
	bool after;

	if (!arm64_features.pan) {
		ktest_skip(ctx, no_pan);
		return;
	}
	flags = arch_irq_save();
	trap_expect(ESR_EC_BRK64);
	__asm__ __volatile__(".inst %0\n\t"
			     "brk #0x15" ::"i"(INSN_CLEAR_PAN)
			     : "memory");
	after = pan_on(); /* the ERET gave back the interrupted PAN = 0 */
	__asm__ __volatile__(".inst %0" ::"i"(INSN_SET_PAN) : "memory");
	arch_irq_restore(flags);

	KTEST_EXPECT_EQ(ctx, seen->hits, 1);
	KTEST_EXPECT(ctx, seen->pan);			/* set by taking the exception */
	KTEST_EXPECT_EQ(ctx, seen->spsr & SPSR_PAN, 0); /* what was interrupted */
	KTEST_EXPECT(ctx, !after);
	KTEST_EXPECT(ctx, pan_on());
}

KTEST(arm64_uaccess_copies_user_page_with_pan_on)
{
	u64 pattern = PATTERN, got = 0, back = ~PATTERN;
	bool pan_during = false;
	unsigned long flags;
	struct mm *mm = scratch_mm(PROT_READ | PROT_WRITE, &pattern, sizeof(pattern));
	size_t left_from, left_to;

	if (!KTEST_EXPECT(ctx, mm != NULL))
		return;
	flags = arch_irq_save();
	mm_activate(mm);
	left_from = arch_copy_user(&got, (const void *)USER_VA, sizeof(got));
	left_to = arch_copy_user((void *)(USER_VA + 8), &back, sizeof(back));
	pan_during = pan_on();
	back = 0;
	arch_copy_user(&back, (const void *)(USER_VA + 8), sizeof(back));
	mm_activate(NULL);
	arch_irq_restore(flags);
	mm_put(mm);

	KTEST_EXPECT_EQ(ctx, left_from, 0);
	KTEST_EXPECT_EQ(ctx, left_to, 0);
	KTEST_EXPECT_EQ(ctx, got, PATTERN);
	KTEST_EXPECT_EQ(ctx, back, ~PATTERN);
	KTEST_EXPECT_EQ(ctx, pan_during, arm64_features.pan);
}

/*
 * Bypassing access_ok(): the copy routine itself refuses kernel memory,
 * because its user-side access is unprivileged. On every CPU.
 */
KTEST(arm64_uaccess_refuses_kernel_address_without_access_ok)
{
	static u64 secret = PATTERN;
	u64 buf = 0;

	KTEST_EXPECT_EQ(ctx, arch_copy_user(&buf, &secret, sizeof(buf)), sizeof(buf));
	KTEST_EXPECT_EQ(ctx, buf, 0);
	/* Through the direct map too: mapped RW for EL1, nothing for EL0. */
	KTEST_EXPECT_EQ(ctx, arch_copy_user(&buf, phys_to_virt(kernel_image_to_phys(&secret)), 8),
			8);
	KTEST_EXPECT_EQ(ctx, buf, 0);
}

/* A read-only user page: the copy into it stops with every byte left, the page unchanged. */
KTEST(arm64_uaccess_respects_user_read_only)
{
	u64 pattern = PATTERN, zero = 0, got = 0;
	unsigned long flags;
	size_t left;
	struct mm *mm = scratch_mm(PROT_READ, &pattern, sizeof(pattern));

	if (!KTEST_EXPECT(ctx, mm != NULL))
		return;
	flags = arch_irq_save();
	mm_activate(mm);
	left = arch_copy_user((void *)USER_VA, &zero, sizeof(zero));
	arch_copy_user(&got, (const void *)USER_VA, sizeof(got));
	mm_activate(NULL);
	arch_irq_restore(flags);
	mm_put(mm);

	KTEST_EXPECT_EQ(ctx, left, sizeof(zero));
	KTEST_EXPECT_EQ(ctx, got, PATTERN);
}

// SPDX-License-Identifier: MIT
/*
 * The arm64 hardware half of shadow stacks: the Guarded Control Stack.
 * For now "no shadow stacks": every hook answers as on a CPU without
 * FEAT_GCS, which is also what Linux does there (ABI.md §4.4, §4.5:
 * map_shadow_stack -> EOPNOTSUPP, done by kernel/shstk.c when
 * arch_shstk_supported() is false). The task fields the live half will use
 * (GCSPR_EL0, the PR_SHADOW_STACK_* mode and lock) already exist in
 * struct arch_task, the ESR class (ESR_EC_GCS) and ISS2.GCS are decoded by
 * traps.c, and the probe reports ID_AA64PFR1_EL1.GCS and S1PIE.
 */
#include <asm/page.h>
#include <kernel/shstk.h>
#include <kernel/task.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/prctl.h>
#include <uapi/linux/mman.h>

bool arch_shstk_supported(void)
{
	return false;
}

bool arch_shstk_enabled(const struct task *t)
{
	return t->arch.gcs_mode != 0;
}

uintptr_t arch_shstk_get_ssp(const struct task *t)
{
	return t->arch.gcspr_el0;
}

void arch_shstk_set_ssp(struct task *t, uintptr_t ssp)
{
	t->arch.gcspr_el0 = ssp;
}

void arch_shstk_reset(struct task *t)
{
	t->arch.gcspr_el0 = 0;
	t->arch.gcs_mode = 0;
	t->arch.gcs_locked = 0;
}

/* arm64 gcs_size(stack_size / 2) for a new thread (ABI.md §4.6). */
u64 arch_shstk_thread_size(u64 stack_size, u64 rlimit_stack)
{
	return shstk_size_gcs(stack_size / 2, rlimit_stack);
}

/* Umbra's arm64 analogue of the seed (ABI.md Part A item 2): aligned, at least one entry. */
int arch_shstk_check_clone_stack(uintptr_t base, u64 size)
{
	return shstk_clone_stack_check_gcs(base, size);
}

uintptr_t arch_shstk_min_addr(void)
{
	return 0;
}

/* map_shadow_stack steps 2-5 of ABI.md §4.5 (step 1 is kernel/shstk.c's). */
int arch_shstk_map_check(uintptr_t addr, u64 size, unsigned int flags)
{
	return shstk_map_check_gcs(addr, size, flags);
}

int arch_shstk_map_token(struct mm *mm, uintptr_t addr, u64 size, unsigned int flags)
{
	return -EOPNOTSUPP; /* unreachable without GCS */
}

/* prctl(PR_*_SHADOW_STACK_STATUS) without GCS: EINVAL, as Linux (ABI.md §4.4). */
long arch_shstk_status_get(unsigned long __user *mode)
{
	(void)mode;
	return -EINVAL;
}

long arch_shstk_status_set(unsigned long mode)
{
	(void)mode;
	return -EINVAL;
}

long arch_shstk_status_lock(unsigned long mode)
{
	(void)mode;
	return -EINVAL;
}

/* The mode as PR_GET_SHADOW_STACK_STATUS reports it (a signal frame's gcs_context). */
u64 arm64_gcs_mode(const struct task *t)
{
	return t->arch.gcs_mode;
}

/*
 * The mode a signal frame asks for on rt_sigreturn (ABI.md §4.7): unknown
 * bits -EINVAL, a change to locked bits -EBUSY, no enabling; disabling
 * turns every mode bit off.
 */
int arm64_gcs_sigreturn_mode(struct task *t, u64 mode)
{
	const u64 known = PR_SHADOW_STACK_ENABLE | PR_SHADOW_STACK_WRITE | PR_SHADOW_STACK_PUSH;

	if (mode & ~known)
		return -EINVAL;
	if ((mode & t->arch.gcs_locked) != (t->arch.gcs_mode & t->arch.gcs_locked))
		return -EBUSY;
	if ((mode & PR_SHADOW_STACK_ENABLE) && !(t->arch.gcs_mode & PR_SHADOW_STACK_ENABLE))
		return -EINVAL;
	if (!(mode & PR_SHADOW_STACK_ENABLE) && (t->arch.gcs_mode & PR_SHADOW_STACK_ENABLE))
		t->arch.gcs_mode = 0;
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * The kernel's own shadow stacks on arm64 (GCS at EL1) are not built yet:
 * kernel stacks get no shadow stack here and the verdict block shows no
 * line for them (x86: kernel_shstk.c).
 */
#include <kernel/arch.h>
#include <kernel/kstack.h>
#include <kernel/verdict.h>

int arch_kstack_shadow_alloc(struct kstack *ks, uintptr_t at)
{
	(void)at;
	ks->shadow_top = 0;
	return 0;
}

void arch_kstack_shadow_free(struct kstack *ks)
{
	ks->shadow_top = 0;
}

void arch_start_on_kstack(const struct kstack *ks, void (*fn)(void *), void *arg)
{
	arch_call_on_stack(ks->top, fn, arg);
}

const char arch_kernel_shstk_name[] = "Kernel GCS";

const char *arch_kernel_shstk_state(void)
{
	return NULL;
}

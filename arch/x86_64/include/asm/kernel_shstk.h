/* SPDX-License-Identifier: MIT */
/* Supervisor shadow stacks (arch/x86_64/kernel_shstk.c). */
#ifndef ASM_KERNEL_SHSTK_H
#define ASM_KERNEL_SHSTK_H

#include <asm/cet.h>
#include <asm/segment.h>
#include <kernel/types.h>

struct kstack;
struct trap_frame;

/* 1 when the kernel runs on shadow stacks (trap_entry.S reads it). */
extern u8 x86_kshstk_enabled;

/*
 * x86_kernel_shstk_init() (<asm/cet.h>, on the boot CPU before x86_cet_init()):
 * on where the CPU has shadow stacks, unless kshstk=off.
 */
/* The supervisor token of ks's shadow stack (what IA32_PL0_SSP names), or 0: none. */
uintptr_t x86_kshstk_token(const struct kstack *ks);
/* A new task's shadow stack for its first switch to resume; the SSP to save, or 0. */
uintptr_t x86_kshstk_new_task(const struct kstack *ks, uintptr_t resume);
/* A kernel-mode event's frame resumes at rip: its shadow-stack copy too. */
void x86_kernel_frame_set_rip(struct trap_frame *f, u64 rip);
/* Points IA32_INTERRUPT_SSP_TABLE_ADDR at table, filled with the IST shadow stacks' tokens. */
void x86_kshstk_set_ist_table(u64 table[8], const uintptr_t token[NR_IST_STACKS]);
/*
 * trap_entry.S: on stack_top, switches this CPU's kernel shadow stack on
 * with the one whose token is at token (IA32_PL0_SSP, S_CET.SH_STK_EN,
 * SETSSBSY), then calls fn(arg), which must not return.
 */
__noreturn void x86_kshstk_start(uintptr_t stack_top, uintptr_t token, void (*fn)(void *),
				 void *arg);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * x86_64's per-CPU register: IA32_KERNEL_GS_BASE (MSR C000_0102H, SDM
 * vol. 4 table 2-2). The kernel never runs with its own GS base loaded:
 * user GS stays in IA32_GS_BASE across kernel entry, so SWAPGS is only ever
 * executed in pairs, each of which leaves both MSRs as it found them
 * (SDM vol. 2B, SWAPGS). A pair puts this CPU's struct cpu in GS for one
 * load: `swapgs; mov %gs:off; swapgs` -- far cheaper than RDMSR, and
 * correct with interrupts on, since an interrupt handler that does the same
 * has put both back before it returns.
 */
#ifndef ASM_PERCPU_H
#define ASM_PERCPU_H

#include <kernel/types.h>

struct cpu;

struct arch_cpu {
	uintptr_t entry_rsp; /* the stack SYSCALL switches to: the top of current's kernel stack */
	uintptr_t user_rsp;  /* SYSCALL's scratch slot for the user RSP */
	u64 pgd;	     /* the CR3 this CPU has loaded (TLB shootdowns: arch/x86_64/tlb.c) */
	volatile u32 tlb_flush_request; /* set by the shootdown sender, cleared here when done */
	u64 io_map_seq; /* which I/O bitmap this CPU's TSS holds a copy of (ioport.c) */
	void *tss;	/* this CPU's TSS (gdt.c) */
};

/* Read with a SWAPGS pair: the struct cpu's first word is its own address. */
static inline struct cpu *arch_this_cpu(void)
{
	struct cpu *c;

	__asm__ __volatile__("swapgs; movq %%gs:0, %0; swapgs" : "=r"(c));
	return c;
}

#endif

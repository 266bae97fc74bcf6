/* SPDX-License-Identifier: MIT */
/*
 * x86_64's per-CPU register: the GS base. In kernel mode IA32_GS_BASE
 * always holds this CPU's struct cpu and IA32_KERNEL_GS_BASE the user's
 * base (MSRs C000_0101H and C000_0102H, SDM vol. 4 table 2-2), as in
 * Linux: SWAPGS (SDM vol. 2B) exchanges them first thing on every entry
 * from user mode and last thing on the way back (trap_entry.S), so
 * this_cpu() is one load, `mov %gs:0`, with nothing to mask.
 *
 * The only kernel instructions that run with the user's base are those
 * between SYSCALL and its SWAPGS, between an interrupt's entry from user
 * mode and its SWAPGS, and between the exit's SWAPGS and IRETQ. Maskable
 * interrupts are off there; the IST events (NMI, #MC, #DB, #DF) are not,
 * and their entry (trap_paranoid) reads IA32_GS_BASE to tell which base
 * it found. The user's base, kept in struct task's arch.gs_base, is what
 * a context switch, exec and arch_prctl write to IA32_KERNEL_GS_BASE.
 */
#ifndef ASM_PERCPU_H
#define ASM_PERCPU_H

/*
 * Offsets in struct cpu of arch.entry_rsp and arch.user_rsp, for
 * trap_entry.S; arch/x86_64/cpu.c checks them against the struct.
 */
#define CPU_ARCH_ENTRY_RSP 128
#define CPU_ARCH_USER_RSP 136

#ifndef __ASSEMBLER__

#include <kernel/types.h>

struct cpu;

/* What this CPU's shootdown request asks (arch/x86_64/tlb.c). */
enum tlb_request {
	TLB_REQ_NONE,
	TLB_REQ_PAGE, /* invalidate tlb_flush_va */
	TLB_REQ_ALL,  /* every non-global translation: reload CR3 */
};

struct arch_cpu {
	uintptr_t entry_rsp; /* the stack SYSCALL switches to: the top of current's kernel stack */
	uintptr_t user_rsp;  /* SYSCALL's scratch slot for the user RSP */
	u64 pgd;	     /* the CR3 this CPU has loaded (TLB shootdowns: arch/x86_64/tlb.c) */
	volatile u32 tlb_flush_request; /* enum tlb_request: set by the sender, cleared here */
	uintptr_t tlb_flush_va;		/* the page of a TLB_REQ_PAGE */
	bool tlb_ready;			/* its IDT and APIC work: shootdowns must reach it */
	u64 kernel_gen;			/* kernel unmaps this CPU's TLB has caught up with */
	u64 tlb_answered;		/* shootdown requests it carried out (the self-tests) */
	u64 io_map_seq;	 /* which I/O bitmap this CPU's TSS holds a copy of (ioport.c) */
	u64 locked_irqs; /* interrupts in kernel mode that took big_lock (arch_idle_wait()) */
	void *tss;	 /* this CPU's TSS (gdt.c) */
};

/* The struct cpu's first word is its own address. */
static inline struct cpu *arch_this_cpu(void)
{
	struct cpu *c;

	__asm__ __volatile__("movq %%gs:0, %0" : "=r"(c));
	return c;
}

#endif /* __ASSEMBLER__ */

#endif

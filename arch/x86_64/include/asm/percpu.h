/* SPDX-License-Identifier: MIT */
/*
 * x86_64's per-CPU register: IA32_KERNEL_GS_BASE (MSR C000_0102H, SDM
 * vol. 4 table 2-2). The kernel never runs with its own GS base loaded:
 * user GS stays in IA32_GS_BASE across kernel entry, so SWAPGS is only ever
 * executed in pairs, each of which leaves both MSRs as it found them
 * (SDM vol. 2B, SWAPGS). A pair puts this CPU's struct cpu in GS for one
 * load: `swapgs; mov %gs:off; swapgs` -- far cheaper than RDMSR.
 *
 * The pair runs with interrupts masked. Between its two SWAPGS the bases
 * are exchanged, and an interrupt taken there would run a handler whose
 * own pair swaps them back the wrong way round: it reads user GS's base
 * as its struct cpu (a #PF at address 0 for a kernel thread). Bochs, like
 * hardware, takes interrupts between any two instructions; QEMU's TCG only
 * between translated blocks, so there it never shows (docs/DESIGN.md
 * §7.2). NMI and #MC cannot be masked: their handlers read no per-CPU
 * state before deciding to stop or report (traps.c).
 *
 * The one longer pair is the SYSCALL entry's (trap_entry.S), which reaches
 * struct cpu's entry_rsp and user_rsp at the offsets below, with
 * interrupts masked by IA32_FMASK.
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

/*
 * Read with a SWAPGS pair, interrupts masked for its three instructions
 * and then restored as they were: the struct cpu's first word is its own
 * address. PUSHFQ/POPFQ need no red zone: the kernel is built without one.
 */
static inline struct cpu *arch_this_cpu(void)
{
	struct cpu *c;

	__asm__ __volatile__("pushfq; cli; swapgs; movq %%gs:0, %0; swapgs; popfq" : "=r"(c));
	return c;
}

#endif /* __ASSEMBLER__ */

#endif

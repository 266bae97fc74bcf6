/* SPDX-License-Identifier: MIT */
/*
 * The local APIC (Intel SDM vol. 3A chapter 11) and what the ACPI MADT says
 * about the interrupt hardware (ACPI 6.5 §5.2.12). Register offsets are the
 * xAPIC MMIO ones (SDM vol. 3A table 11-1); in x2APIC mode register off is
 * MSR 0x800 + off / 16 (§11.12.1.2, table 11-6).
 */
#ifndef ASM_APIC_H
#define ASM_APIC_H

/* IA32_APIC_BASE (SDM vol. 3A §11.4.4, figure 11-5). */
#define MSR_APIC_BASE 0x1bu
#define APIC_BASE_BSP (1ull << 8)
#define APIC_BASE_EXTD (1ull << 10) /* x2APIC mode */
#define APIC_BASE_EN (1ull << 11)
#define APIC_BASE_ADDR_MASK 0x000ffffffffff000ull
#define CPUID1_ECX_X2APIC (1u << 21)
#define CPUID1_EDX_APIC (1u << 9)

#define X2APIC_MSR_BASE 0x800u

#define APIC_ID 0x20
#define APIC_VERSION 0x30
#define APIC_TPR 0x80
#define APIC_EOI 0xb0
#define APIC_SVR 0xf0 /* spurious-interrupt vector register, §11.9 */
/* Interrupt request: eight 32-bit registers 0x10 apart; vector v is bit v % 32 of the (v / 32)th (§11.8.4). */
#define APIC_IRR 0x200
#define APIC_ESR 0x280
#define APIC_ICR_LOW 0x300  /* interrupt command register, §11.6.1 */
#define APIC_ICR_HIGH 0x310 /* xAPIC: destination in bits 31:24 */
#define APIC_LVT_TIMER 0x320
#define APIC_LVT_LINT0 0x350
#define APIC_LVT_LINT1 0x360
#define APIC_LVT_ERROR 0x370
#define APIC_TIMER_INITIAL 0x380
#define APIC_TIMER_CURRENT 0x390
#define APIC_TIMER_DIVIDE 0x3e0

/* ICR fields (§11.6.1, figure 11-12): delivery mode, level, status. */
#define APIC_ICR_FIXED (0u << 8)
#define APIC_ICR_NMI (4u << 8)
#define APIC_ICR_INIT (5u << 8)
#define APIC_ICR_STARTUP (6u << 8)
#define APIC_ICR_ASSERT (1u << 14)
#define APIC_ICR_BUSY (1u << 12)	 /* xAPIC delivery status: send pending */
#define APIC_ICR_ALL_BUT_SELF (3u << 18) /* destination shorthand 11b */
#define X2APIC_MSR_ICR 0x830u /* x2APIC: one 64-bit MSR, destination in 63:32 (§11.12.9) */

#define APIC_SVR_ENABLE (1u << 8)
#define APIC_LVT_MASKED (1u << 16)
#define APIC_LVT_TIMER_PERIODIC (1u << 17) /* §11.5.4, figure 11-8: mode 01b */
#define APIC_TIMER_DIVIDE_16 0x3u	   /* §11.5.4, figure 11-10 */
#define APIC_TIMER_DIVISOR 16u

/*
 * Our vectors: above the remapped 8259's 32..47; spurious low nibble all
 * ones (§11.9). A lock waiter halts with the task priority at
 * APIC_TPR_LOCK_WAIT (cpu.c), so only the highest priority class (15,
 * §11.8.3) reaches it: the kick that wakes it, and TLB shootdowns it must
 * answer. Class 15 therefore holds only vectors whose handlers never wait
 * for a lock -- a vector in service counts in the processor priority
 * until its EOI, so one that waited for big_lock before its EOI would keep
 * the kick from ever arriving (the reschedule IPI from user mode does: it
 * is in class 14, as the error interrupt, which reports under big_lock).
 */
#define VEC_APIC_TIMER 48
#define VEC_APIC_ERROR 238
#define VEC_IPI_RESCHEDULE 239 /* look at the run queue (smp.c) */
#define VEC_IPI_KICK 251       /* a lock waiter's ticket came (cpu.c) */
#define VEC_IPI_TLB 252	       /* a TLB shootdown request (tlb.c) */
#define VEC_APIC_SPURIOUS 255
/* The task priority (CR8, §11.8.6) of a halted lock waiter: only class 15 is delivered. */
#define APIC_TPR_LOCK_WAIT 14

/* What the MADT says (madt.c). */
#define MAX_CPUS 64
#define MAX_IOAPICS 8
#define MAX_IRQ_OVERRIDES 16

#ifndef __ASSEMBLER__ /* trap_entry.S reads the vectors above */

#include <kernel/types.h>

struct x86_cpu_entry {
	u32 apic_id;
	u32 acpi_uid;
	bool online_capable; /* not enabled now, but firmware may enable it later */
};

struct x86_ioapic {
	u8 id;
	phys_addr_t base;
	u32 gsi_base;
};

struct x86_irq_override {
	u8 isa_irq; /* the 8259 line */
	u32 gsi;    /* where it reaches the I/O APICs */
	u16 flags;  /* MPS INTI flags: polarity bits 1:0, trigger mode bits 3:2 */
};

struct x86_madt {
	bool found;
	bool pcat_compat; /* a dual 8259 is present (flags bit 0) */
	phys_addr_t lapic_base;
	struct x86_cpu_entry cpus[MAX_CPUS]; /* enabled or online-capable, MADT order */
	unsigned int nr_cpus;
	unsigned int nr_cpus_dropped;	/* beyond MAX_CPUS */
	unsigned int nr_cpus_duplicate; /* an APIC ID listed before: skipped */
	unsigned int nr_cpus_unusable;	/* neither enabled nor online capable: skipped */
	u32 bad_entry_offset;		/* where an entry overran the table (madt_read() -EINVAL) */
	struct x86_ioapic ioapics[MAX_IOAPICS];
	unsigned int nr_ioapics;
	struct x86_irq_override overrides[MAX_IRQ_OVERRIDES];
	unsigned int nr_overrides;
};

extern struct x86_madt x86_madt;

/*
 * Reads the MADT into x86_madt: the CPUs the boot CPU may start later, the
 * I/O APICs and the ISA overrides. Without ACPI or a MADT, x86_madt.found
 * stays false and the machine is taken for a PC with an 8259.
 */
void madt_parse(void);

/*
 * The MADT at t, length bytes, into *m (zeroed first; found set once the
 * header is read). Returns 0, or -EINVAL when the table is shorter than
 * its header or an entry overruns it (what came before is kept).
 */
int madt_read(const u8 *t, u32 length, struct x86_madt *m);

/* Local APIC access, xAPIC (MMIO) or x2APIC (MSRs), as lapic_init() chose. */
u32 lapic_read(unsigned int reg);
void lapic_write(unsigned int reg, u32 v);
bool lapic_x2apic(void);

/* Enables the boot CPU's local APIC: spurious vector, LINT0 and errors masked. */
void lapic_init(void);

/*
 * A secondary CPU's local APIC in the boot CPU's mode (x2APIC or xAPIC):
 * enabled, every LVT entry masked; its timer starts in
 * arch_smp_secondary_init() (x86_timer_start_this_cpu()).
 */
void lapic_init_secondary(void);

/*
 * Sends the IPI icr_low (vector, delivery mode, level, shorthand) to APIC
 * ID dest; waits until sent. Any interrupt state: the two xAPIC writes are
 * made with interrupts off, so a handler's IPI cannot come between them.
 */
void lapic_send_ipi(u32 dest, u32 icr_low);

/* This CPU's APIC ID (32 bits in x2APIC mode, 8 in xAPIC mode). */
u32 lapic_id(void);

/* Signals the end of the interrupt being handled (§11.8.5). */
void lapic_eoi(void);

/* The APIC error interrupt's handler (VEC_APIC_ERROR). */
void lapic_error_irq(void);

/* Starts this CPU's periodic tick at the boot CPU's calibrated count (timer.c). */
void x86_timer_start_this_cpu(void);

/* The 8259s: remapped and masked when the MADT says they exist (timer.c). */
bool x86_has_8259(void);

#endif /* __ASSEMBLER__ */

#endif

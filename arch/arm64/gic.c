// SPDX-License-Identifier: MIT
/*
 * The GIC, version 2 or 3 as the DTB or the MADT says (Arm GIC
 * Architecture Specification IHI 0069, §12 (v3 registers) and IHI 0048B
 * (v2)). Used: each CPU's private interrupts -- the timer's PPI and the
 * SGIs one CPU sends another (arch/arm64/smp.c). All interrupts are Group
 * 1 (v3) / the one group (v2, no security extensions on QEMU virt).
 *
 * The distributor is set up once by the boot CPU (gic_init()); everything
 * per CPU -- the v2 CPU interface, the v3 redistributor and system
 * registers, the banked enables and priorities of INTIDs 0-31 -- by each
 * CPU for itself (gic_init_cpu()), without a lock: those registers are its
 * own.
 */
#include <asm/page.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>

/* Distributor (both versions). */
#define GICD_CTLR 0x0000
#define GICD_CTLR_ENABLE_V2 (1u << 0)
#define GICD_CTLR_ENABLE_G1 (1u << 1) /* v3, DS = 1 view: EnableGrp1 */
#define GICD_CTLR_ARE (1u << 4)	      /* v3: affinity routing */
#define GICD_CTLR_RWP (1u << 31)
#define GICD_ISENABLER 0x0100
#define GICD_IPRIORITYR 0x0400
#define GICD_ITARGETSR 0x0800 /* v2 */
#define GICD_SGIR 0x0f00      /* v2 */

/* GICv2 CPU interface. */
#define GICC_CTLR 0x0000
#define GICC_PMR 0x0004
#define GICC_BPR 0x0008
#define GICC_IAR 0x000c
#define GICC_EOIR 0x0010
#define GICC_HPPIR 0x0018

/* GICv3 redistributor: RD_base, then SGI_base 64 KiB above (§12.10). */
#define GICR_TYPER 0x0008
#define GICR_TYPER_VLPIS (1ull << 1) /* GICv4: two more 64 KiB frames follow */
#define GICR_TYPER_LAST (1ull << 4)
#define GICR_TYPER_AFF_SHIFT 32
#define GICR_WAKER 0x0014
#define GICR_WAKER_SLEEP (1u << 1)
#define GICR_WAKER_ASLEEP (1u << 2)
#define GICR_FRAME 0x10000
#define GICR_SGI_BASE GICR_FRAME
#define GICR_IGROUPR0 0x0080
#define GICR_ISENABLER0 0x0100
#define GICR_IPRIORITYR 0x0400

#define WAKE_TIMEOUT_HZ 10 /* 100 ms for a redistributor to wake */
#define WAKE_POLLS_WITHOUT_COUNTER (1ull << 20)

/*
 * Priorities (lower is more urgent). Every interrupt has PRIORITY_DEFAULT
 * but two that wake a CPU which waits with interrupts masked: the lock
 * waiter's kick (PRIORITY_KICK, the highest) and the spin-wait step's
 * timer (PRIORITY_WAKEUP). While a CPU waits, its priority mask is
 * PMR_WAIT (gic_wait_mask()), which only those two pass: an interrupt is
 * signalled to the PE only if its priority is higher than the mask's
 * (IHI 0069 §12.2, ICC_PMR_EL1; IHI 0048B §4.4.2, GICC_PMR). QEMU's GICv3
 * keeps 5 priority bits, its GICv2 8: all five values stay distinct.
 */
#define PRIORITY_DEFAULT 0xa0
#define PRIORITY_KICK 0x20
#define PRIORITY_WAKEUP 0x40
#define PMR_WAIT 0x80
#define PMR_ALL 0xff
#define INTID_MASK 0xffffff
#define V2_INTID_MASK 0x3ff
#define INTID_SPECIAL 1020
#define PRIVATE_INTIDS 32

static volatile u32 *mmio32(phys_addr_t base, unsigned int off)
{
	return (volatile u32 *)((char *)phys_to_virt(base) + off);
}

static volatile u64 *mmio64(phys_addr_t base, unsigned int off)
{
	return (volatile u64 *)((char *)phys_to_virt(base) + off);
}

static volatile u8 *mmio8(phys_addr_t base, unsigned int off)
{
	return (volatile u8 *)((char *)phys_to_virt(base) + off);
}

static bool v3(void)
{
	return arm64_platform.gic_version == 3;
}

/*
 * This CPU's redistributor: the frame whose GICR_TYPER.Affinity_Value is
 * its MPIDR's Aff3.Aff2.Aff1.Aff0 (IHI 0069 §12.11, GICR_TYPER), in each
 * region in turn (the MADT may give several: one per GICR structure, or
 * one per CPU from the GICCs). A region's frames are walked in order until
 * the one marked Last; each is RD_base and SGI_base, 64 KiB each, plus two
 * more with GICv4's virtual LPIs (GICR_TYPER.VLPIS). A per-CPU region
 * holds one redistributor, whose Last bit need not be set. 0 when none
 * matches.
 */
phys_addr_t gic_find_redistributor(void)
{
	const struct arm64_platform *p = &arm64_platform;
	u64 mpidr = read_sysreg(mpidr_el1);
	u64 want = ((mpidr >> 8) & 0xff000000) | (mpidr & 0xffffff);

	for (unsigned int i = 0; i < p->nr_gicr; i++) {
		const struct mmio_range *r = &p->gicr[i];

		for (phys_addr_t f = r->base; f + 2 * GICR_FRAME <= r->base + r->size;) {
			u64 typer = *mmio64(f, GICR_TYPER);

			if ((typer >> GICR_TYPER_AFF_SHIFT) == want)
				return f;
			if ((typer & GICR_TYPER_LAST) || p->gicr_per_cpu)
				break;
			f += (typer & GICR_TYPER_VLPIS ? 4 : 2) * GICR_FRAME;
		}
	}
	return 0;
}

/*
 * Wakes the redistributor: ProcessorSleep off, then ChildrenAsleep must
 * clear (§12.11, GICR_WAKER). Bounded (WAKE_TIMEOUT_HZ, on the counter):
 * false when it never did.
 */
static bool wake_redistributor(phys_addr_t rd)
{
	u64 freq = read_sysreg(cntfrq_el0), start = read_sysreg(cntvct_el0), polls = 0;

	*mmio32(rd, GICR_WAKER) &= ~GICR_WAKER_SLEEP;
	while (*mmio32(rd, GICR_WAKER) & GICR_WAKER_ASLEEP) {
		if (freq ? read_sysreg(cntvct_el0) - start > freq / WAKE_TIMEOUT_HZ
			 : ++polls > WAKE_POLLS_WITHOUT_COUNTER)
			return false;
		__asm__ __volatile__("yield");
	}
	return true;
}

/* INTID 0-31 of this CPU: its priority (the v3 group is set for all), enabled. */
static void enable_private(struct cpu *c, unsigned int intid, u8 priority)
{
	if (v3()) {
		*mmio8(c->arch.gic_redist, GICR_SGI_BASE + GICR_IPRIORITYR + intid) = priority;
		*mmio32(c->arch.gic_redist, GICR_SGI_BASE + GICR_ISENABLER0) = 1u << intid;
		return;
	}
	/* GICv2: the distributor's registers for INTIDs 0-31 are banked per CPU (IHI 0048B §4.3). */
	*mmio8(arm64_platform.gicd.base, GICD_IPRIORITYR + intid) = priority;
	*mmio32(arm64_platform.gicd.base, GICD_ISENABLER) = 1u << intid;
}

void gic_init_cpu(struct cpu *c)
{
	const struct arm64_platform *p = &arm64_platform;

	if (!v3()) {
		/*
		 * This CPU's interface number, the bit SGIs are targeted at: every
		 * field of the banked GICD_ITARGETSR0-7 reads as it (IHI 0048B
		 * §4.3.12); 0 on a GIC with one CPU interface.
		 */
		u32 t = *mmio32(p->gicd.base, GICD_ITARGETSR);

		c->arch.gic_cpu_mask = (u8)(t | t >> 8 | t >> 16 | t >> 24);
		*mmio32(p->gicc.base, GICC_PMR) = PMR_ALL;
		*mmio32(p->gicc.base, GICC_BPR) = 0; /* the smallest it takes: see below */
		*mmio32(p->gicc.base, GICC_CTLR) = 1;
		return;
	}
	/* A secondary without one never gets here: arm64_secondary_main() checked. */
	c->arch.gic_redist = gic_find_redistributor();
	if (!c->arch.gic_redist)
		panic("gic: no redistributor for MPIDR %#lx in %u regions",
		      (unsigned long)(read_sysreg(mpidr_el1) & MPIDR_AFFINITY_MASK), p->nr_gicr);
	if (!wake_redistributor(c->arch.gic_redist))
		pr_warn("gic: the redistributor at %#lx did not wake (GICR_WAKER.ChildrenAsleep)\n",
			(unsigned long)c->arch.gic_redist);
	*mmio32(c->arch.gic_redist, GICR_SGI_BASE + GICR_IGROUPR0) = ~0u;
	/* The CPU interface through system registers (§12.2): ICC_SRE_EL1.SRE, PMR, IGRPEN1. */
	__asm__ __volatile__(
		"mrs x0, S3_0_C12_C12_5\n\torr x0, x0, #1\n\tmsr S3_0_C12_C12_5, x0\n\t"
		"isb" ::
			: "x0", "memory");
	__asm__ __volatile__("msr S3_0_C4_C6_0, %0" ::"r"((u64)PMR_ALL));
	/*
	 * ICC_BPR1_EL1 = 0, which the GIC raises to its minimum: the group
	 * priority, which alone decides whether a pending interrupt may
	 * preempt the running priority (IHI 0069 §12.2, ICC_BPR1_EL1), then
	 * has as many bits as it can, so a kick (PRIORITY_WAKEUP) still wakes a
	 * CPU that waits for a lock inside an interrupt handler. Linux's
	 * gic_cpu_sys_reg_init() does the same.
	 */
	__asm__ __volatile__("msr S3_0_C12_C12_3, xzr" ::: "memory");
	__asm__ __volatile__("msr S3_0_C12_C12_7, %0\n\tisb" ::"r"(1ul) : "memory");
}

void gic_init(void)
{
	const struct arm64_platform *p = &arm64_platform;

	if (!p->gicd.size || (v3() ? !p->nr_gicr : !p->gicc.size))
		panic("gic: the DTB names no GICv%u", p->gic_version);
	if (!v3()) {
		*mmio32(p->gicd.base, GICD_CTLR) = GICD_CTLR_ENABLE_V2;
	} else {
		*mmio32(p->gicd.base, GICD_CTLR) = GICD_CTLR_ARE | GICD_CTLR_ENABLE_G1;
		while (*mmio32(p->gicd.base, GICD_CTLR) & GICD_CTLR_RWP)
			;
	}
	gic_init_cpu(this_cpu());
}

void gic_enable(unsigned int intid)
{
	const struct arm64_platform *p = &arm64_platform;

	if (intid < PRIVATE_INTIDS) {
		enable_private(this_cpu(), intid, PRIORITY_DEFAULT);
		return;
	}
	*mmio8(p->gicd.base, GICD_IPRIORITYR + intid) = PRIORITY_DEFAULT;
	*mmio32(p->gicd.base, GICD_ISENABLER + 4 * (intid / 32)) = 1u << (intid % 32);
}

void gic_enable_wakeup(unsigned int intid, bool kick)
{
	enable_private(this_cpu(), intid, kick ? PRIORITY_KICK : PRIORITY_WAKEUP);
}

/*
 * Sets this CPU's priority mask so that only the wake-up interrupts are
 * signalled (waiting) or everything is (not): PMR_WAIT or PMR_ALL. On v3
 * the ISB makes the new mask apply to the WFI that follows; on v2 the DSB
 * completes the write first.
 */
void gic_wait_mask(bool waiting)
{
	u32 pmr = waiting ? PMR_WAIT : PMR_ALL;

	if (!v3()) {
		*mmio32(arm64_platform.gicc.base, GICC_PMR) = pmr;
		__asm__ __volatile__("dsb sy" ::: "memory");
		return;
	}
	__asm__ __volatile__("msr S3_0_C4_C6_0, %0\n\tisb" ::"r"((u64)pmr) : "memory");
}

/*
 * The INTID of the highest-priority pending interrupt, without taking it
 * (IHI 0069 §12.2, ICC_HPPIR1_EL1; IHI 0048B §4.4.7, GICC_HPPIR, whose
 * bits 12:10 name an SGI's sender).
 */
static unsigned int highest_pending(void)
{
	u64 v;

	if (!v3())
		return *mmio32(arm64_platform.gicc.base, GICC_HPPIR) & V2_INTID_MASK;
	__asm__ __volatile__("mrs %0, S3_0_C12_C12_2" : "=r"(v));
	return (unsigned int)(v & INTID_MASK);
}

/*
 * Takes the kick sgi if it is pending: acknowledges and ends it here, so
 * that it never becomes an interrupt entry. True if it did. It has the
 * highest priority (PRIORITY_KICK), so when it is pending it is the
 * interrupt the acknowledge returns, and nothing else is taken by mistake.
 */
bool gic_take_kick(unsigned int sgi)
{
	u32 eoi;

	if (highest_pending() != sgi)
		return false;
	if (gic_ack(&eoi) >= INTID_SPECIAL) /* 1020-1023: nothing to take after all */
		return false;
	gic_eoi(eoi);
	return true;
}

/*
 * Acknowledges the highest-priority pending interrupt: its INTID, and in
 * *eoi what gic_eoi() must write back. On v2 an SGI's GICC_IAR carries the
 * sending CPU in bits 12:10, and GICC_EOIR wants the whole value
 * (IHI 0048B §4.4.4, §4.4.5).
 */
unsigned int gic_ack(u32 *eoi)
{
	u64 iar;

	if (!v3()) {
		*eoi = *mmio32(arm64_platform.gicc.base, GICC_IAR);
		return *eoi & V2_INTID_MASK;
	}
	__asm__ __volatile__("mrs %0, S3_0_C12_C12_0" : "=r"(iar)); /* ICC_IAR1_EL1 */
	__asm__ __volatile__("dsb sy" ::: "memory");
	*eoi = (u32)(iar & INTID_MASK);
	return *eoi;
}

void gic_eoi(u32 eoi)
{
	if (!v3())
		*mmio32(arm64_platform.gicc.base, GICC_EOIR) = eoi;
	else
		__asm__ __volatile__("msr S3_0_C12_C12_1, %0\n\tisb" ::"r"((u64)eoi)
				     : "memory"); /* ICC_EOIR1_EL1 */
}

/*
 * SGI sgi to the CPU whose MPIDR affinity is mpidr (v3) or whose interface
 * bit is cpu_mask (v2). Stores before it are visible to that CPU before the
 * interrupt is: the DSB orders them before the register write that sends
 * it, which is not a memory access on v3.
 */
void gic_send_sgi(unsigned int sgi, u64 mpidr, u8 cpu_mask)
{
	__asm__ __volatile__("dsb ish" ::: "memory");
	if (!v3()) {
		/* GICD_SGIR (IHI 0048B §4.3.15): filter 0 = the list in 23:16, SGIINTID in 3:0. */
		*mmio32(arm64_platform.gicd.base, GICD_SGIR) = (u32)cpu_mask << 16 | sgi;
		return;
	}
	/*
	 * ICC_SGI1R_EL1 (IHI 0069 §12.2): Aff3 55:48, RS 47:44, Aff2 39:32,
	 * INTID 27:24, Aff1 23:16, TargetList 15:0 -- bit n for Aff0 =
	 * RS * 16 + n. IRM (40) = 0: to the listed CPUs only.
	 */
	u64 aff0 = mpidr & 0xff;
	u64 v = ((mpidr >> 32) & 0xff) << 48 | (aff0 / 16) << 44 | ((mpidr >> 16) & 0xff) << 32 |
		(u64)(sgi & 0xf) << 24 | ((mpidr >> 8) & 0xff) << 16 | 1ull << (aff0 % 16);

	__asm__ __volatile__("msr S3_0_C12_C11_5, %0\n\tisb" ::"r"(v) : "memory");
}

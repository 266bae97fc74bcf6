// SPDX-License-Identifier: MIT
/*
 * The GIC, version 2 or 3 as the DTB says (Arm GIC Architecture
 * Specification IHI 0069, §12 (v3 registers) and IHI 0048 (v2)). One CPU:
 * only private interrupts (the timer's PPI) are used. All interrupts are
 * Group 1 (v3) / the one group (v2, no security extensions on QEMU virt).
 */
#include <asm/page.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/panic.h>

/* Distributor (both versions). */
#define GICD_CTLR 0x0000
#define GICD_CTLR_ENABLE_V2 (1u << 0)
#define GICD_CTLR_ENABLE_G1 (1u << 1) /* v3, DS = 1 view: EnableGrp1 */
#define GICD_CTLR_ARE (1u << 4)	      /* v3: affinity routing */
#define GICD_CTLR_RWP (1u << 31)
#define GICD_ISENABLER 0x0100
#define GICD_IPRIORITYR 0x0400

/* GICv2 CPU interface. */
#define GICC_CTLR 0x0000
#define GICC_PMR 0x0004
#define GICC_IAR 0x000c
#define GICC_EOIR 0x0010

/* GICv3 redistributor: RD_base, then SGI_base 64 KiB above. */
#define GICR_WAKER 0x0014
#define GICR_WAKER_SLEEP (1u << 1)
#define GICR_WAKER_ASLEEP (1u << 2)
#define GICR_SGI_BASE 0x10000
#define GICR_IGROUPR0 0x0080
#define GICR_ISENABLER0 0x0100
#define GICR_IPRIORITYR 0x0400

#define PRIORITY_DEFAULT 0xa0
#define PMR_ALL 0xff
#define INTID_MASK 0xffffff

static volatile u32 *mmio32(phys_addr_t base, unsigned int off)
{
	return (volatile u32 *)((char *)phys_to_virt(base) + off);
}

static volatile u8 *mmio8(phys_addr_t base, unsigned int off)
{
	return (volatile u8 *)((char *)phys_to_virt(base) + off);
}

static bool v3(void)
{
	return arm64_platform.gic_version == 3;
}

void gic_init(void)
{
	const struct arm64_platform *p = &arm64_platform;

	if (!p->gicd.size || (v3() ? !p->gicr.size : !p->gicc.size))
		panic("gic: the DTB names no GICv%u", p->gic_version);
	if (!v3()) {
		*mmio32(p->gicd.base, GICD_CTLR) = GICD_CTLR_ENABLE_V2;
		*mmio32(p->gicc.base, GICC_PMR) = PMR_ALL;
		*mmio32(p->gicc.base, GICC_CTLR) = 1;
		return;
	}
	*mmio32(p->gicd.base, GICD_CTLR) = GICD_CTLR_ARE | GICD_CTLR_ENABLE_G1;
	while (*mmio32(p->gicd.base, GICD_CTLR) & GICD_CTLR_RWP)
		;
	/* Wake our redistributor (the first one: one CPU), §12.11.41. */
	*mmio32(p->gicr.base, GICR_WAKER) &= ~GICR_WAKER_SLEEP;
	while (*mmio32(p->gicr.base, GICR_WAKER) & GICR_WAKER_ASLEEP)
		;
	*mmio32(p->gicr.base, GICR_SGI_BASE + GICR_IGROUPR0) = ~0u;
	/* The CPU interface through system registers: ICC_SRE_EL1.SRE, PMR, IGRPEN1. */
	__asm__ __volatile__(
		"mrs x0, S3_0_C12_C12_5\n\torr x0, x0, #1\n\tmsr S3_0_C12_C12_5, x0\n\t"
		"isb" ::
			: "x0", "memory");
	__asm__ __volatile__("msr S3_0_C4_C6_0, %0" ::"r"((u64)PMR_ALL));
	__asm__ __volatile__("msr S3_0_C12_C12_7, %0\n\tisb" ::"r"(1ul) : "memory");
}

void gic_enable(unsigned int intid)
{
	const struct arm64_platform *p = &arm64_platform;

	if (v3() && intid < 32) {
		*mmio8(p->gicr.base, GICR_SGI_BASE + GICR_IPRIORITYR + intid) = PRIORITY_DEFAULT;
		*mmio32(p->gicr.base, GICR_SGI_BASE + GICR_ISENABLER0) = 1u << intid;
		return;
	}
	*mmio8(p->gicd.base, GICD_IPRIORITYR + intid) = PRIORITY_DEFAULT;
	*mmio32(p->gicd.base, GICD_ISENABLER + 4 * (intid / 32)) = 1u << (intid % 32);
}

unsigned int gic_ack(void)
{
	u64 iar;

	if (!v3())
		return *mmio32(arm64_platform.gicc.base, GICC_IAR) & 0x3ff;
	__asm__ __volatile__("mrs %0, S3_0_C12_C12_0" : "=r"(iar)); /* ICC_IAR1_EL1 */
	__asm__ __volatile__("dsb sy" ::: "memory");
	return (unsigned int)(iar & INTID_MASK);
}

void gic_eoi(unsigned int intid)
{
	if (!v3())
		*mmio32(arm64_platform.gicc.base, GICC_EOIR) = intid;
	else
		__asm__ __volatile__("msr S3_0_C12_C12_1, %0\n\tisb" ::"r"((u64)intid)
				     : "memory"); /* ICC_EOIR1_EL1 */
}

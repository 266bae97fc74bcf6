// SPDX-License-Identifier: MIT
/*
 * The AML interpreter's hardware on arm64 (include/kernel/aml.h, struct
 * aml_host; kernel/fw/acpi_pts.c calls these). Arm has no I/O port space,
 * and PCI configuration space is memory (ECAM, found through the MCFG
 * table) that this kernel does not map: both are refused. SystemMemory
 * regions are mapped Device-nGnRE through phys_map() (KPROT_DEVICE), one
 * naturally aligned access each (Device memory faults on unaligned ones,
 * Arm ARM B2.5.2); a page some earlier mapping left read-only (the ACPI
 * tables) is refused for writes rather than faulted on. The busy wait
 * reads the generic timer's virtual count (Arm ARM D11.2: CNTVCT_EL0 at
 * CNTFRQ_EL0 Hz).
 */
#include <asm/sysreg.h>
#include <kernel/acpi.h>
#include <kernel/aml.h>
#include <kernel/kmem.h>
#include <uapi/linux/errno.h>

/* The kernel address of a device register, mapped for this access, or NULL. */
static volatile void *map(u8 space, u64 addr, unsigned int bytes, bool write)
{
	unsigned int prot;
	phys_addr_t phys;
	void *v;

	if (space != AML_SPACE_MEMORY || addr % bytes)
		return NULL;
	v = phys_map(addr, bytes, KPROT_READ | KPROT_WRITE | KPROT_DEVICE);
	if (!v || !arch_translate((uintptr_t)v, &phys, &prot) || (write && !(prot & KPROT_WRITE)))
		return NULL;
	return v;
}

int arch_aml_read(u8 space, u64 addr, unsigned int bytes, u64 *value)
{
	volatile void *m = map(space, addr, bytes, false);

	if (!m)
		return -EOPNOTSUPP;
	*value = bytes == 1   ? *(volatile u8 *)m
		 : bytes == 2 ? *(volatile u16 *)m
		 : bytes == 4 ? *(volatile u32 *)m
			      : *(volatile u64 *)m;
	return 0;
}

int arch_aml_write(u8 space, u64 addr, unsigned int bytes, u64 value)
{
	volatile void *m = map(space, addr, bytes, true);

	if (!m)
		return -EOPNOTSUPP;
	if (bytes == 1)
		*(volatile u8 *)m = (u8)value;
	else if (bytes == 2)
		*(volatile u16 *)m = (u16)value;
	else if (bytes == 4)
		*(volatile u32 *)m = (u32)value;
	else
		*(volatile u64 *)m = value;
	__asm__ __volatile__("dsb sy" ::
				     : "memory"); /* the write reaches the device before we go on */
	return 0;
}

void arch_aml_stall_us(u32 us)
{
	u64 freq = read_sysreg(cntfrq_el0), start = read_sysreg(cntvct_el0);
	u64 ticks = freq / 1000000 * us + 1;

	while (read_sysreg(cntvct_el0) - start < ticks)
		__asm__ __volatile__("yield");
}

// SPDX-License-Identifier: MIT
/*
 * The AML interpreter's hardware on a PC (include/kernel/aml.h, struct
 * aml_host; kernel/fw/acpi_pts.c calls these): port I/O of 1, 2 or 4 bytes,
 * memory mapped uncached (x86_map_mmio(), which refuses RAM), and PCI
 * configuration space of segment 0, bus 0 through mechanism #1 (the same
 * registers acpi_gas.c reaches for the FADT). A busy wait counts port
 * 0x80 writes, about 1 us each on the PC/AT bus (what io_wait() is for).
 */
#include <asm/acpi_hw.h>
#include <asm/io.h>
#include <asm/mmu.h>
#include <kernel/acpi.h>
#include <kernel/aml.h>
#include <uapi/linux/errno.h>

/* The GAS for one AML access, or false when the PC cannot make it. */
static bool to_gas(u8 space, u64 addr, unsigned int bytes, struct acpi_gas *g)
{
	g->bit_width = (u8)(bytes * 8);
	g->bit_offset = 0;
	g->access_size = 0;
	if (addr % bytes)
		return false; /* unaligned register accesses are undefined (§5.5.2.4) */
	switch (space) {
	case AML_SPACE_IO:
		g->space_id = ACPI_GAS_IO;
		g->address = addr;
		return addr + bytes <= 0x10000 && bytes <= 4;
	case AML_SPACE_MEMORY:
		g->space_id = ACPI_GAS_MEMORY;
		g->address = addr;
		return true;
	case AML_SPACE_PCI_CONFIG:
		/* Mechanism #1 reaches 256 bytes of bus 0 here; bus, segment, extended space: no. */
		if ((addr >> 32) || (addr & 0xff00) || bytes > 4)
			return false;
		g->space_id = ACPI_GAS_PCI_CONFIG;
		g->address = ((addr >> 24) & 0x1f) << 32 | ((addr >> 16) & 7) << 16 | (addr & 0xff);
		return true;
	default:
		return false;
	}
}

int arch_aml_read(u8 space, u64 addr, unsigned int bytes, u64 *value)
{
	struct acpi_gas g;

	if (!to_gas(space, addr, bytes, &g) ||
	    (space == AML_SPACE_MEMORY && !x86_map_mmio(addr, bytes)))
		return -EOPNOTSUPP;
	*value = x86_gas_read(&g);
	return 0;
}

int arch_aml_write(u8 space, u64 addr, unsigned int bytes, u64 value)
{
	struct acpi_gas g;

	if (!to_gas(space, addr, bytes, &g) ||
	    (space == AML_SPACE_MEMORY && !x86_map_mmio(addr, bytes)))
		return -EOPNOTSUPP;
	x86_gas_write(&g, value);
	return 0;
}

void arch_aml_stall_us(u32 us)
{
	while (us--)
		io_wait();
}

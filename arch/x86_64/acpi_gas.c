// SPDX-License-Identifier: MIT
/*
 * Registers named by an ACPI Generic Address Structure (ACPI 6.5 §5.2.3.2,
 * table 5.1): system I/O space (port instructions), system memory (mapped
 * uncached), or the PCI configuration space of bus 0 (address bits 47:32
 * device, 31:16 function, 15:0 offset), reached through configuration
 * mechanism #1 at ports 0xcf8/0xcfc (PCI Local Bus 3.0 §3.2.2.3.2).
 */
#include <asm/acpi_hw.h>
#include <asm/io.h>
#include <asm/mmu.h>

#define PCI_CONFIG_ADDRESS 0xcf8
#define PCI_CONFIG_DATA 0xcfc
#define PCI_CONFIG_ENABLE (1u << 31)

/* The access width in bits: access_size when given (1..4: 8..64), else bit_width. */
static unsigned int gas_bits(const struct acpi_gas *g)
{
	if (g->access_size >= 1 && g->access_size <= 4)
		return 8u << (g->access_size - 1);
	return g->bit_width;
}

bool x86_gas_usable(const struct acpi_gas *g)
{
	unsigned int bits = gas_bits(g);

	if (!g->address || (bits != 8 && bits != 16 && bits != 32 && bits != 64))
		return false;
	switch (g->space_id) {
	case ACPI_GAS_IO:
		return g->address <= 0xffff && bits <= 32;
	case ACPI_GAS_MEMORY:
		return true;
	case ACPI_GAS_PCI_CONFIG:
		return bits <= 32;
	default:
		return false;
	}
}

static void pci_select(u64 address)
{
	u32 dev = (u32)(address >> 32) & 0x1f, fn = (u32)(address >> 16) & 0x7;
	u32 off = (u32)address & 0xfc;

	outl(PCI_CONFIG_ADDRESS, PCI_CONFIG_ENABLE | dev << 11 | fn << 8 | off);
}

u64 x86_gas_read(const struct acpi_gas *g)
{
	unsigned int bits = gas_bits(g);
	u16 port = (u16)g->address;
	volatile void *m;

	switch (g->space_id) {
	case ACPI_GAS_IO:
		return bits == 8 ? inb(port) : bits == 16 ? inw(port) : inl(port);
	case ACPI_GAS_PCI_CONFIG:
		pci_select(g->address);
		port = (u16)(PCI_CONFIG_DATA + (g->address & 3));
		return bits == 8 ? inb(port) : bits == 16 ? inw(port) : inl(port);
	case ACPI_GAS_MEMORY:
		m = x86_map_mmio(g->address, bits / 8);
		if (!m)
			return 0;
		return bits == 8    ? *(volatile u8 *)m
		       : bits == 16 ? *(volatile u16 *)m
		       : bits == 32 ? *(volatile u32 *)m
				    : *(volatile u64 *)m;
	default:
		return 0;
	}
}

void x86_gas_write(const struct acpi_gas *g, u64 v)
{
	unsigned int bits = gas_bits(g);
	u16 port = (u16)g->address;
	volatile void *m;

	switch (g->space_id) {
	case ACPI_GAS_PCI_CONFIG:
		pci_select(g->address);
		port = (u16)(PCI_CONFIG_DATA + (g->address & 3));
		/* fall through */
	case ACPI_GAS_IO:
		if (bits == 8)
			outb(port, (u8)v);
		else if (bits == 16)
			outw(port, (u16)v);
		else
			outl(port, (u32)v);
		break;
	case ACPI_GAS_MEMORY:
		m = x86_map_mmio(g->address, bits / 8);
		if (!m)
			break;
		if (bits == 8)
			*(volatile u8 *)m = (u8)v;
		else if (bits == 16)
			*(volatile u16 *)m = (u16)v;
		else if (bits == 32)
			*(volatile u32 *)m = (u32)v;
		else
			*(volatile u64 *)m = v;
		break;
	default:
		break;
	}
}

// SPDX-License-Identifier: MIT
/*
 * The machine from ACPI instead of a device tree (firmware that gives only
 * ACPI: UEFI on servers, edk2 on QEMU virt). The tables, found through
 * kernel/fw/acpi.c, fill the same struct arm64_platform dtb.c fills:
 *
 *   SPCR  the console UART (Microsoft "Serial Port Console Redirection
 *         Table"; interface types from Microsoft's DBG2 specification)
 *   APIC  the MADT: GIC distributor, CPU interface or redistributors
 *         (ACPI 6.5 §5.2.12.14-.17)
 *   GTDT  the generic timer's interrupts (ACPI 6.5 §5.2.25)
 *   FACP  the FADT's ARM boot architecture flags: PSCI and its conduit
 *         (ACPI 6.5 §5.2.9.4)
 *
 * Runs before arch_mm_init(), so phys_map() maps the tables into the boot
 * map (mmu.c's early_map()): edk2 puts them at the top of RAM, above 4 GiB
 * on a large machine, beyond what head.S maps.
 */
#include <asm/acpi.h>
#include <asm/efi.h>
#include <asm/page.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/acpi.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <string.h>

#define GICD_SIZE (UL(64) << 10)
#define GICC_SIZE (UL(8) << 10)
#define UART_SIZE PAGE_SIZE

struct arm64_acpi_facts arm64_acpi_facts;

static u32 rd32(const void *base, size_t off)
{
	u32 v;

	memcpy(&v, (const u8 *)base + off, sizeof(v));
	return v;
}

static const char *spcr_type_name(unsigned int type)
{
	switch (type) {
	case SPCR_TYPE_PL011:
		return "PL011";
	case SPCR_TYPE_SBSA_32BIT:
		return "SBSA generic UART (32-bit)";
	case SPCR_TYPE_SBSA:
		return "SBSA generic UART";
	default:
		return NULL;
	}
}

/* The console: a PL011 or its SBSA subset, in memory space. Else none (quiet). */
static void parse_spcr(void)
{
	const struct acpi_table_header *t = acpi_find_table("SPCR", 0);
	struct acpi_gas gas;

	if (!t || t->length < SPCR_BASE_ADDRESS + sizeof(gas))
		return;
	arm64_acpi_facts.spcr_type = ((const u8 *)t)[SPCR_INTERFACE_TYPE];
	memcpy(&gas, (const u8 *)t + SPCR_BASE_ADDRESS, sizeof(gas));
	if (gas.space_id != ACPI_GAS_MEMORY || !gas.address ||
	    !spcr_type_name(arm64_acpi_facts.spcr_type))
		return;
	arm64_platform.uart.base = gas.address;
	arm64_platform.uart.size = UART_SIZE;
	/* Mapped before the console uses it: the boot map holds no device it was not told of. */
	arm64_add_mmio(&arm64_platform.uart);
}

static void parse_madt(void)
{
	const struct acpi_table_header *t = acpi_find_table("APIC", 0);
	struct arm64_platform *p = &arm64_platform;
	static struct arm64_madt m; /* too big for the boot stack's comfort */

	if (!t)
		panic("acpi: no MADT: cannot find the GIC");
	arm64_madt_parse(t, t->length, read_sysreg(mpidr_el1), &m);
	for (unsigned int i = 0; i < m.nr_cpus; i++)
		arm64_add_cpu(m.cpus[i]);
	p->gicd.base = m.gicd;
	p->gicc.base = m.gicc;
	/* Version 0: "no GIC version information", so a redistributor means v3. */
	p->gic_version = m.declared_version >= 3 || (m.declared_version == 0 && m.nr_gicr) ? 3 : 2;
	arm64_acpi_facts.madt_gic_version = m.declared_version;
	arm64_acpi_facts.madt_skipped_cpus =
		m.skipped_disabled + m.skipped_duplicate + m.skipped_invalid;
	if (!p->gicd.base)
		panic("acpi: the MADT has no GIC distributor");
	p->gicd.size = GICD_SIZE;
	if (p->gic_version == 2) {
		p->gicc.size = p->gicc.base ? GICC_SIZE : 0;
	} else {
		p->gicc.base = p->gicc.size = 0; /* the CPU interface is system registers */
		for (unsigned int i = 0; i < m.nr_gicr; i++)
			p->gicr[i] = m.gicr[i];
		p->nr_gicr = m.nr_gicr;
		p->gicr_per_cpu = m.gicr_per_cpu;
	}
	pr_info("acpi: MADT: %u CPUs to start (%u GICCs disabled, %u duplicate, %u bad MPIDR), "
		"%u redistributor regions%s\n",
		m.nr_cpus, m.skipped_disabled, m.skipped_duplicate, m.skipped_invalid, p->nr_gicr,
		p->gicr_per_cpu ? " (one per CPU, from the GICCs)" : "");
}

/* The EL1 virtual and physical timers' GSIVs: PPIs, so INTIDs (ACPI 6.5 §5.2.25, Table 5.123). */
static void parse_gtdt(void)
{
	const struct acpi_table_header *t = acpi_find_table("GTDT", 0);

	if (!t || t->length < GTDT_VIRTUAL_EL1_GSIV + 4)
		panic("acpi: no GTDT: cannot find the timer's interrupt");
	arm64_platform.timer_intid = rd32(t, GTDT_VIRTUAL_EL1_GSIV);
	arm64_platform.ptimer_intid = rd32(t, GTDT_NONSECURE_EL1_GSIV);
}

/* PSCI and its conduit from the FADT's ARM_BOOT_ARCH (ACPI 6.5 §5.2.9, Table 5.13). */
static void parse_fadt(void)
{
	const struct acpi_table_header *t = acpi_find_table("FACP", 0);
	u16 flags;

	if (!t || t->length < FADT_ARM_BOOT_ARCH + 2)
		return;
	memcpy(&flags, (const u8 *)t + FADT_ARM_BOOT_ARCH, sizeof(flags));
	arm64_platform.psci = flags & FADT_PSCI_COMPLIANT;
	arm64_platform.psci_hvc = flags & FADT_PSCI_USE_HVC;
}

void arm64_acpi_parse(struct boot_info *info)
{
	struct arm64_platform *p = &arm64_platform;

	if (acpi_init(info))
		panic("acpi: no device tree and no valid ACPI tables");
	p->acpi = true;
	parse_spcr();
	/* The first line the SPCR's console shows: where the firmware put its tables. */
	if (arm64_efi)
		pr_info("acpi: RSDP at %#lx\n", (unsigned long)arm64_efi->acpi_rsdp);
	parse_madt();
	parse_gtdt();
	parse_fadt();

	arm64_add_mmio(&p->gicd);
	arm64_add_mmio(&p->gicc);
	for (unsigned int i = 0; i < p->nr_gicr; i++)
		arm64_add_mmio(&p->gicr[i]);
	pr_info("acpi: SPCR uart %#lx (%s), MADT GICv%u at %#lx (declared version %u), "
		"GTDT virtual timer INTID %u, FADT PSCI %s\n",
		(unsigned long)p->uart.base,
		spcr_type_name(arm64_acpi_facts.spcr_type) ?: "unsupported type", p->gic_version,
		(unsigned long)p->gicd.base, arm64_acpi_facts.madt_gic_version, p->timer_intid,
		!p->psci      ? "none"
		: p->psci_hvc ? "hvc"
			      : "smc");
}

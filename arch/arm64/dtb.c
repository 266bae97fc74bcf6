// SPDX-License-Identifier: MIT
/*
 * The DTB the loader passes in x0 to struct boot_info and the device list:
 * RAM from the /memory nodes' reg, the initramfs from /chosen
 * linux,initrd-start/-end, the command line from /chosen bootargs
 * (Documentation/arch/arm64/booting.rst and the Devicetree Specification
 * v0.4 §3.4, §3.5), and the devices the kernel drives, by compatible:
 * PL011 "arm,pl011", PL031 "arm,pl031", GICv2 "arm,cortex-a15-gic" /
 * "arm,gic-400", GICv3 "arm,gic-v3", the generic timer "arm,armv8-timer",
 * PSCI "arm,psci-0.2" / "arm,psci-1.0" with its "method".
 */
#include <asm/page.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/boot.h>
#include <kernel/fdt.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <string.h>

#define FDT_HEADER_BYTES 40	    /* Devicetree Specification v0.4 §5.2 */
#define FDT_MAX_BYTES (UL(2) << 20) /* booting.rst: the device tree is at most 2 MiB */

/*
 * The generic timer's interrupts (binding arm,armv8-timer): entry 1 is the
 * non-secure EL1 physical timer, entry 2 the virtual timer.
 */
#define TIMER_PHYS_ENTRY 1
#define TIMER_VIRT_ENTRY 2
#define GIC_PPI_BASE 16 /* a PPI's INTID is 16 + its number (GIC architecture §2.2) */
#define GIC_SPI_BASE 32
#define DEFAULT_VTIMER_INTID 27

struct arm64_platform arm64_platform;

/* The INTID of entry i of a three-cell interrupts property: type (0 SPI, 1 PPI), number, flags. */
static unsigned int timer_intid(const u8 *irq, int i)
{
	u64 type = fdt_read_cells(irq + 12 * i, 1);
	u64 num = fdt_read_cells(irq + 12 * i + 4, 1);

	return (unsigned int)num + (type == 1 ? GIC_PPI_BASE : GIC_SPI_BASE);
}

static void set_string(char *dst, size_t size, const char *src, int len)
{
	size_t n = len > 0 ? strnlen(src, (size_t)len) : 0;

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

static void find_device(const void *fdt, const char *compat, struct mmio_range *r, int index)
{
	u64 base, size;

	for (int n = fdt_find_compatible(fdt, -1, compat); n >= 0;
	     n = fdt_find_compatible(fdt, n, compat)) {
		if (fdt_node_enabled(fdt, n) && fdt_reg(fdt, n, index, &base, &size) == 0) {
			r->base = base;
			r->size = size;
			return;
		}
	}
}

static void parse_devices(const void *fdt)
{
	struct arm64_platform *p = &arm64_platform;
	int n, len;

	find_device(fdt, "arm,pl011", &p->uart, 0);
	find_device(fdt, "arm,pl031", &p->rtc, 0);
	find_device(fdt, "arm,gic-v3", &p->gicd, 0);
	if (p->gicd.size) {
		p->gic_version = 3;
		find_device(fdt, "arm,gic-v3", &p->gicr[0], 1);
		p->nr_gicr = p->gicr[0].size ? 1 : 0;
	} else {
		p->gic_version = 2;
		find_device(fdt, "arm,cortex-a15-gic", &p->gicd, 0);
		find_device(fdt, "arm,cortex-a15-gic", &p->gicc, 1);
		if (!p->gicd.size) {
			find_device(fdt, "arm,gic-400", &p->gicd, 0);
			find_device(fdt, "arm,gic-400", &p->gicc, 1);
		}
	}

	p->timer_intid = DEFAULT_VTIMER_INTID;
	n = fdt_find_compatible(fdt, -1, "arm,armv8-timer");
	if (n >= 0) {
		const u8 *irq = fdt_getprop(fdt, n, "interrupts", &len);

		/* Three cells each: type (0 SPI, 1 PPI), number, flags. */
		if (irq && len >= 12 * (TIMER_VIRT_ENTRY + 1)) {
			p->timer_intid = timer_intid(irq, TIMER_VIRT_ENTRY);
			p->ptimer_intid = timer_intid(irq, TIMER_PHYS_ENTRY);
		}
	}

	n = fdt_find_compatible(fdt, -1, "arm,psci-1.0");
	if (n < 0)
		n = fdt_find_compatible(fdt, -1, "arm,psci-0.2");
	if (n >= 0) {
		const char *m = fdt_getprop(fdt, n, "method", &len);

		p->psci = true;
		p->psci_hvc = m && len >= 3 && strncmp(m, "hvc", 3) == 0;
	}
}

/*
 * The CPUs: the children "cpu@N" of /cpus, reg = MPIDR affinity
 * (Documentation/devicetree/bindings/arm/cpus.yaml), each started through
 * PSCI (enable-method "psci"); one with another method is left out.
 */
static void parse_cpus(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), len;

	if (cpus < 0)
		return;
	for (int n = fdt_find_node_named(fdt, cpus, "cpu"); n >= 0;
	     n = fdt_find_node_named(fdt, n, "cpu")) {
		const void *reg = fdt_getprop(fdt, n, "reg", &len);
		u64 mpidr;

		if (fdt_parent(fdt, n) != cpus || !reg || (len != 4 && len != 8) ||
		    !fdt_node_enabled(fdt, n))
			continue;
		mpidr = fdt_read_cells(reg, len / 4) & MPIDR_AFFINITY_MASK;
		if (!fdt_prop_has_string(fdt, n, "enable-method", "psci") &&
		    mpidr != (read_sysreg(mpidr_el1) & MPIDR_AFFINITY_MASK)) {
			pr_warn("dtb: cpu %#lx is not started through PSCI: left off\n",
				(unsigned long)mpidr);
			continue;
		}
		arm64_add_cpu(mpidr);
	}
}

static void parse_chosen(const void *fdt, struct boot_info *info)
{
	int chosen = fdt_path_offset(fdt, "/chosen"), len, len2;

	if (chosen < 0)
		return;

	const char *args = fdt_getprop(fdt, chosen, "bootargs", &len);

	if (args)
		set_string(info->cmdline, sizeof(info->cmdline), args, len);

	const void *s = fdt_getprop(fdt, chosen, "linux,initrd-start", &len);
	const void *e = fdt_getprop(fdt, chosen, "linux,initrd-end", &len2);

	if (s && e && (len == 4 || len == 8) && (len2 == 4 || len2 == 8)) {
		u64 start = fdt_read_cells(s, len / 4), end = fdt_read_cells(e, len2 / 4);

		if (end > start && info->nr_modules < BOOT_MAX_MODULES) {
			struct boot_module *m = &info->modules[info->nr_modules++];

			m->range.start = start;
			m->range.end = end;
			strlcpy(m->name, "initrd", sizeof(m->name));
			boot_add_range(info->reserved, &info->nr_reserved, start, end);
		}
	}
}

static void parse_memory(const void *fdt, struct boot_info *info)
{
	u64 base, size;

	for (int n = fdt_find_node_named(fdt, -1, "memory"); n >= 0;
	     n = fdt_find_node_named(fdt, n, "memory")) {
		if (!fdt_node_enabled(fdt, n))
			continue;
		for (int i = 0; fdt_reg(fdt, n, i, &base, &size) == 0; i++) {
			if (size)
				boot_add_range(info->usable, &info->nr_usable, base, base + size);
		}
	}

	/*
	 * /reserved-memory's children (Devicetree Specification §3.5.4): kept
	 * from the allocator; one with "no-map" is not RAM for the kernel at
	 * all -- firmware's, often guarded so that even a speculative access
	 * aborts -- and leaves the usable ranges too, so neither the boot map
	 * nor the direct map covers it (Linux keeps it out of its linear map).
	 */
	int rm = fdt_path_offset(fdt, "/reserved-memory"), depth = 0;

	if (rm < 0)
		return;
	for (int n = fdt_next_node(fdt, rm, &depth); n >= 0 && depth > 0;
	     n = fdt_next_node(fdt, n, &depth)) {
		int len;

		if (depth != 1 || fdt_reg(fdt, n, 0, &base, &size) != 0 || !size)
			continue;
		boot_add_range(info->reserved, &info->nr_reserved, base, base + size);
		if (fdt_getprop(fdt, n, "no-map", &len))
			boot_remove_range(info->usable, &info->nr_usable, base, base + size);
	}
}

void arm64_dtb_parse(phys_addr_t dtb, struct boot_info *info, bool efi)
{
	/*
	 * Its header, then all of it, wherever in RAM the loader put it
	 * (phys_map() maps what the boot map lacks: mmu.c's early_map()).
	 */
	const void *fdt = dtb ? phys_map(dtb, FDT_HEADER_BYTES, KPROT_READ) : NULL;

	if (!fdt || fdt_totalsize(fdt) > FDT_MAX_BYTES ||
	    !phys_map(dtb, fdt_totalsize(fdt), KPROT_READ) || fdt_check(fdt))
		panic("no valid device tree at %#lx (x0 at entry)", (unsigned long)dtb);

	u32 size = fdt_totalsize(fdt);
	int root = fdt_path_offset(fdt, "/");

	parse_devices(fdt);
	/* Mapped before the console uses it: the boot map holds no device it was not told of. */
	arm64_add_mmio(&arm64_platform.uart);
	parse_cpus(fdt);
	/* Under EFI the stub gave the memory map, command line and initramfs. */
	if (!efi) {
		if (root >= 0 && fdt_prop_has_string(fdt, root, "compatible", "linux,dummy-virt"))
			strlcpy(info->loader, "QEMU", sizeof(info->loader));
		else
			strlcpy(info->loader, "a Linux arm64 Image loader", sizeof(info->loader));
		parse_chosen(fdt, info);
		parse_memory(fdt, info);
	}
	boot_add_range(info->reserved, &info->nr_reserved, dtb, dtb + size);

	struct arm64_platform *p = &arm64_platform;

	arm64_add_mmio(&p->rtc);
	arm64_add_mmio(&p->gicd);
	arm64_add_mmio(&p->gicc);
	for (unsigned int i = 0; i < p->nr_gicr; i++)
		arm64_add_mmio(&p->gicr[i]);
	pr_info("dtb: at %#lx, %u bytes; uart %#lx, gicv%u at %#lx, timer intid %u, psci %s\n",
		(unsigned long)dtb, size, (unsigned long)p->uart.base, p->gic_version,
		(unsigned long)p->gicd.base, p->timer_intid,
		!p->psci      ? "none"
		: p->psci_hvc ? "hvc"
			      : "smc");
}

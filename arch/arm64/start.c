// SPDX-License-Identifier: MIT
/*
 * The first C code: called by boot/arm64/head.S at the link address, MMU
 * on with the boot tables, on the boot stack, interrupts masked. Brings up
 * what kernel_main() needs from the arch: exception vectors, the console,
 * the boot information.
 *
 * Two ways in: a Linux loader (QEMU -kernel) passes a device tree in x0
 * and 0 in x1; the EFI stub (efi_stub.c) passes its handoff in x1, with
 * the firmware's device tree in x0 if it gave one. The hardware is then
 * described by the device tree, or by ACPI when there is none or the
 * command line says acpi=force -- Linux's precedence on arm64
 * (Documentation/arch/arm64/arm-acpi.rst): acpi=off refuses ACPI.
 */
#include <asm/efi.h>
#include <asm/page.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/boot.h>
#include <kernel/cmdline.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <string.h>

extern const char __kernel_end[];

static struct boot_info boot_info;
static struct arm64_efi_handoff efi_handoff_copy; /* the stub's pages become free RAM */
const struct arm64_efi_handoff *arm64_efi;

__attribute__((noreturn)) void arm64_start(phys_addr_t dtb, phys_addr_t efi_handoff);
/* head.S's: the exception level the boot CPU was entered at, and what el2_to_el1 gave EL1. */
extern u32 arm64_boot_el;
extern u64 arm64_boot_el2_regs[3];

/*
 * The stub's handoff at physical p, or NULL when x1 held none (a Linux
 * loader's 0). RAM the stub allocated (LoaderData), mapped Normal and
 * writable on its own pages -- the memory map is inside it, so no other RAM
 * is mapped yet, and the page allocator hands these pages out later.
 */
static const struct arm64_efi_handoff *find_handoff(phys_addr_t p)
{
	const struct arm64_efi_handoff *h;

	if (!p)
		return NULL;
	h = phys_map(p, sizeof(*h), KPROT_READ | KPROT_WRITE);
	if (!h || h->magic != ARM64_EFI_HANDOFF_MAGIC)
		return NULL;
	return h;
}

/* Whether ACPI describes the machine: no device tree, or acpi=force. */
static bool use_acpi(phys_addr_t dtb, const char *text)
{
	static struct cmdline c; /* too big for the boot stack's comfort */
	const char *acpi;

	cmdline_parse(&c, text);
	acpi = cmdline_get(&c, "acpi");
	if (acpi && strcmp(acpi, "off") == 0) {
		if (!dtb)
			panic("acpi=off, but the firmware gave no device tree");
		return false;
	}
	return !dtb || (acpi && strcmp(acpi, "force") == 0);
}

void arm64_start(phys_addr_t dtb, phys_addr_t efi_handoff)
{
	arch_set_this_cpu(&cpus[0]); /* before anything takes a lock */
	arm64_traps_init();
	const struct arm64_efi_handoff *h = find_handoff(efi_handoff);

	if (h) {
		efi_handoff_copy = *h;
		arm64_efi = &efi_handoff_copy;
		boot_info = arm64_efi->info;
		dtb = arm64_efi->dtb;
		/* Quiet until the firmware's tables name the UART: QEMU's default may be RAM here. */
		arm64_platform.console_unknown = true;
	} else
		arm64_console_assume_qemu_uart();
	if (arm64_efi && use_acpi(dtb, boot_info.cmdline))
		arm64_acpi_parse(&boot_info);
	else
		arm64_dtb_parse(dtb, &boot_info, arm64_efi != NULL);
	if (!arm64_efi)
		arm64_console_drop_assumed_uart();

	if (arm64_efi)
		pr_info("efi: %u usable ranges, %u runtime-services ranges kept out; ACPI RSDP %s, "
			"device tree %s, framebuffer %s, initramfs %s\n",
			boot_info.nr_usable, arm64_efi->nr_runtime,
			boot_info.acpi_rsdp_len ? "yes" : "no", dtb ? "yes" : "no",
			boot_info.fb.base ? "yes" : "no", boot_info.nr_modules ? "yes" : "no");

	/* What a higher EL decided about EL1 and EL0 (booting.rst; head.S's el2_to_el1). */
	if (arm64_boot_el == 2)
		pr_info("el2: entered at EL2, EL1 given HCRX_EL2 %#lx (GCSEn %d), HFGITR_EL2 %#lx, "
			"HFGRTR_EL2 = HFGWTR_EL2 %#lx\n",
			(unsigned long)arm64_boot_el2_regs[0],
			(arm64_boot_el2_regs[0] & HCRX_EL2_GCSEN) ? 1 : 0,
			(unsigned long)arm64_boot_el2_regs[1],
			(unsigned long)arm64_boot_el2_regs[2]);

	phys_addr_t image = arm64_kernel_phys_base;

	boot_add_range(boot_info.reserved, &boot_info.nr_reserved, image,
		       kernel_image_to_phys(__kernel_end));
	arm64_early_map_ram(&boot_info);
	arm64_task_setup();
	kernel_main(&boot_info);
}

// SPDX-License-Identifier: MIT
/*
 * The first C code: called by boot/x86_64/start.S in 64-bit mode at the
 * kernel's link address, on the boot stack, interrupts off. Brings up what
 * kernel_main() needs from the arch: console, GDT/TSS, IDT and the boot
 * information. Interrupts stay off until the timer is set up (timer.c,
 * which also masks the 8259s where there are any).
 */
#include <asm/setup.h>
#include <kernel/boot.h>
#include <kernel/percpu.h>

static struct boot_info boot_info;

phys_addr_t x86_kernel_load_offset;

__attribute__((noreturn)) void x86_64_start(u32 magic, u32 mbi_phys, u32 load_offset);

void x86_64_start(u32 magic, u32 mbi_phys, u32 load_offset)
{
	x86_kernel_load_offset = load_offset; /* before any kernel_image_to_phys() */
	arch_set_this_cpu(&cpus[0]);	      /* before anything takes a lock */
	gdt_init();
	idt_init();
	x86_task_setup();
	x86_early_map_boot_info(mbi_phys); /* start.S mapped the image only */
	multiboot2_parse(magic, mbi_phys, &boot_info);
	serial_init(boot_info.cmdline); /* console=ttyS<n> from the first line on */
	debugcon_init(boot_info.cmdline);
	x86_early_map_ram(&boot_info); /* after the debugcon: it reports its reach */
	multiboot2_report_load(); /* after the debugcon, where qemu-x86_64-modern reads the log */
	kernel_main(&boot_info);
}

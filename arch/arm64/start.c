// SPDX-License-Identifier: MIT
/*
 * The first C code: called by boot/arm64/head.S at the link address, MMU
 * on with the boot tables, on the boot stack, interrupts masked. Brings up
 * what kernel_main() needs from the arch: exception vectors, the console,
 * the boot information from the DTB.
 */
#include <asm/setup.h>
#include <kernel/boot.h>

static struct boot_info boot_info;

__attribute__((noreturn)) void arm64_start(phys_addr_t dtb);

void arm64_start(phys_addr_t dtb)
{
	arm64_traps_init();
	arm64_dtb_parse(dtb, &boot_info);
	arm64_task_setup();
	kernel_main(&boot_info);
}

// SPDX-License-Identifier: MIT
/*
 * Leaving the machine. Emulators first, each through its own exit device,
 * so the test matrix keeps its exit status -- only when an emulator was
 * detected (emulator_name(): QEMU's CPUID signature, the "BOCHS" OEM ID of
 * QEMU's and Bochs' ACPI tables), as on a real machine those ports may
 * belong to anything; then ACPI turns it off (acpi_power.c); where that
 * fails too, the CPU halts and the verdict stays on the console. The path
 * taken is logged first: the boot runner checks that a run taken for a real
 * machine's (verdict.emulator=ignore) touched no exit port.
 */
#include <asm/acpi_hw.h>
#include <asm/io.h>
#include <asm/smp.h>
#include <kernel/arch.h>
#include <kernel/console.h>
#include <kernel/printk.h>
#include <kernel/verdict.h>

/*
 * QEMU's isa-debug-exit device (-device isa-debug-exit,iobase=0xf4,iosize=4):
 * writing v makes QEMU exit with status (v << 1) | 1.
 */
#define QEMU_DEBUG_EXIT_PORT 0xf4

/* Bochs ends the simulation when "Shutdown" is written to port 0x8900. */
#define BOCHS_SHUTDOWN_PORT 0x8900

/* The other CPUs stop before any exit: nothing runs on while the machine goes. */
void arch_poweroff(int status)
{
	printk("umbra: leaving through %s\n",
	       emulator_name() ? "the emulator's exit ports, then ACPI S5"
			       : "ACPI S5; no emulator, no exit port touched");
	console_flush();
	x86_smp_stop_others();
	if (emulator_name()) {
		outl(QEMU_DEBUG_EXIT_PORT, (u32)status);
		for (const char *p = "Shutdown"; *p; p++)
			outb(BOCHS_SHUTDOWN_PORT, (u8)*p);
	}
	x86_acpi_poweroff();
	for (;;)
		__asm__ __volatile__("cli; hlt");
}

void arch_restart(void)
{
	x86_smp_stop_others();
	x86_reset();
}

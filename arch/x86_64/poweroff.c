// SPDX-License-Identifier: MIT
/*
 * Leaving the machine. Emulators first, each through its own exit device,
 * so the test matrix keeps its exit status -- only when an emulator was
 * detected (emulator_name(): QEMU's CPUID signature, the "BOCHS" OEM ID of
 * QEMU's and Bochs' ACPI tables), as on a real machine those ports may
 * belong to anything; then ACPI turns it off (acpi_power.c); where that
 * fails too, the CPU halts and the verdict stays on the console.
 */
#include <asm/acpi_hw.h>
#include <asm/io.h>
#include <asm/smp.h>
#include <kernel/arch.h>
#include <kernel/verdict.h>

/*
 * QEMU's isa-debug-exit device (-device isa-debug-exit,iobase=0xf4,iosize=4):
 * writing v makes QEMU exit with status (v << 1) | 1.
 */
#define QEMU_DEBUG_EXIT_PORT 0xf4

/* Bochs ends the simulation when "Shutdown" is written to port 0x8900. */
#define BOCHS_SHUTDOWN_PORT 0x8900

/* The other CPUs stop first: nothing runs on while the machine goes. */
void arch_poweroff(int status)
{
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

// SPDX-License-Identifier: MIT
/*
 * Leaving the machine, and telling the emulator how it went.
 *
 * 1. Semihosting SYS_EXIT (Arm "Semihosting for AArch32 and AArch64",
 *    IHI 0086: HLT #0xF000 with w0 = 0x18 and x1 -> { ADP_Stopped_-
 *    ApplicationExit 0x20026, exit code }): QEMU run with -semihosting exits
 *    with that code. We send status * 2 + 1, the code x86's isa-debug-exit
 *    gives, so the boot runner's check holds on every QEMU platform. Only
 *    when an emulator was detected (emulator_name(): QEMU's device tree or
 *    the "BOCHS" OEM ID of its ACPI tables): on a real machine a debugger
 *    may be listening for HLT. Without semihosting HLT is an undefined
 *    instruction: its fix-up entry skips it.
 * 2. PSCI SYSTEM_OFF (Arm DEN 0022, function 0x84000008) through the
 *    conduit the DTB names (HVC or SMC): QEMU exits with 0, real machines
 *    turn off; the status is then only in the "umbra: poweroff status=N"
 *    line panic.c printed before.
 * 3. Else WFI forever.
 *
 * The path taken is logged first: the boot runner checks that a run taken
 * for a real machine's (verdict.emulator=ignore) used no semihosting.
 * The other CPUs are parked first (SGI_STOP, smp.c), so none keeps running
 * tasks or printing while the machine is left -- or forever when step 3
 * is all there is.
 */
#include <asm/setup.h>
#include <asm/smp.h>
#include <kernel/arch.h>
#include <kernel/console.h>
#include <kernel/printk.h>
#include <kernel/verdict.h>

#define SEMIHOSTING_SYS_EXIT 0x18
#define ADP_STOPPED_APPLICATION_EXIT 0x20026
#define PSCI_SYSTEM_OFF 0x84000008ul
#define PSCI_SYSTEM_RESET 0x84000009ul /* DEN 0022 §5.11 */

static void semihosting_exit(int code)
{
	u64 block[2] = { ADP_STOPPED_APPLICATION_EXIT, (u64)code };
	register u64 x0 __asm__("x0") = SEMIHOSTING_SYS_EXIT;
	register u64 x1 __asm__("x1") = (u64)block;

	__asm__ __volatile__("1:	hlt #0xf000\n"
			     "2:\n"
			     "	.pushsection .extable, \"a\"\n"
			     "	.balign 8\n"
			     "	.quad 1b, 2b\n"
			     "	.popsection"
			     : "+r"(x0)
			     : "r"(x1), "m"(block)
			     : "memory");
}

static void psci_call(u64 function)
{
	register u64 x0 __asm__("x0") = function;

	if (!arm64_platform.psci)
		return;
	if (arm64_platform.psci_hvc)
		__asm__ __volatile__("hvc #0" : "+r"(x0)::"memory");
	else
		__asm__ __volatile__("smc #0" : "+r"(x0)::"memory");
}

void arch_poweroff(int status)
{
	printk("umbra: leaving through %s\n",
	       emulator_name() ? "semihosting's exit, then PSCI SYSTEM_OFF"
			       : "PSCI SYSTEM_OFF; no emulator, no semihosting call");
	console_flush();
	arm64_smp_stop_others();
	if (emulator_name())
		semihosting_exit(status * 2 + 1);
	psci_call(PSCI_SYSTEM_OFF);
	for (;;)
		__asm__ __volatile__("msr daifset, #0xf\n\twfi");
}

/* PSCI SYSTEM_RESET: QEMU resets (or, with -no-reboot, exits with 0). */
void arch_restart(void)
{
	arm64_smp_stop_others();
	psci_call(PSCI_SYSTEM_RESET);
	for (;;)
		__asm__ __volatile__("msr daifset, #0xf\n\twfi");
}

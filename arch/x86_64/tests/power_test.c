// SPDX-License-Identifier: MIT
/*
 * ACPI poweroff is ready (acpi_power.c): on every x86 platform with ACPI
 * the \_S5 package was found in the DSDT and decoded, and a PM1a control
 * register (or, hardware-reduced, a sleep control register) is there to
 * write it to. The exact SLP_TYP values are each platform's: its
 * expectations file checks the "acpi: S5 ..." log line. The emulators
 * exit through their own devices first, so this is what says the real
 * machine's path is armed.
 */
#include <asm/acpi_hw.h>
#include <kernel/acpi.h>
#include <kernel/ktest.h>

KTEST(x86_acpi_s5_found)
{
	if (!acpi_available()) {
		ktest_skip(ctx, "no ACPI RSDP from the boot loader");
		return;
	}
	KTEST_EXPECT(ctx, x86_acpi_power.s5_found);
	KTEST_EXPECT(ctx, x86_acpi_power.pm1a_ok);
	KTEST_EXPECT(ctx, x86_acpi_power.slp_typa <= 7 && x86_acpi_power.slp_typb <= 7);
}

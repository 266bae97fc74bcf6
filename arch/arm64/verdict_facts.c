// SPDX-License-Identifier: MIT
/*
 * What an arm64 machine adds to the verdict and its record
 * (include/kernel/verdict.h): the MIDR, the GCS feature bits and why GCS
 * is not in use; a key on the console UART ends the verdict's hold on a
 * real machine (kernel/verdict/verdict_hold.c). The firmware is the EFI stub's
 * vendor string, the boot loader name kernel/verdict/verdict_facts.c adds; the
 * emulator is named by the firmware's tables there too.
 */
#include <asm/mmu.h>
#include <asm/pl011.h>
#include <asm/setup.h>
#include <format.h>
#include <kernel/cmdline.h>
#include <kernel/verdict.h>
#include <string.h>

void arch_verdict_facts(struct arch_verdict_facts *a, const struct boot_info *info)
{
	(void)info;
	/* MIDR_EL1: implementer, variant, architecture, part number, revision (Arm ARM D23.2). */
	snprintf(a->cpu, sizeof(a->cpu), "MIDR %#010lx", (unsigned long)arm64_features.midr);
	a->microcode[0] = '\0';
	a->firmware[0] = '\0';
	snprintf(a->shstk_bits, sizeof(a->shstk_bits), "gcs:%d,s1pie:%d", arm64_features.gcs,
		 arm64_features.s1pie);
}

const char *arch_shstk_missing(void)
{
	const char *opt = cmdline_get(&kernel_cmdline, "gcs");

	if (arm64_gcs_enabled)
		return NULL;
	if (!arm64_features.gcs)
		return "the CPU has no GCS";
	if (opt && strcmp(opt, "off") == 0)
		return "GCS switched off by gcs=off";
	if (!arm64_pie_enabled)
		return "FEAT_GCS without S1PIE: GCS unusable";
	return "GCS found unusable";
}

/* None of its own: the generic checks (ACPI OEM, a DT loader that says QEMU) name QEMU. */
const char *arch_emulator_name(void)
{
	return NULL;
}

bool arch_key_pressed(void)
{
	return pl011_console_read_byte() >= 0;
}

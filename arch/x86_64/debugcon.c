// SPDX-License-Identifier: MIT
/*
 * A second console channel for emulated PCs without a serial port: every
 * console byte also goes to I/O port 0xe9, which QEMU's isa-debugcon device
 * (-debugcon file:LOG) and Bochs' port-e9 hack write to the host. Only
 * when the kernel option console=debugcon asks for it AND CPUID says a
 * hypervisor runs us (CPUID.1:ECX[31], set by hypervisors, 0 on real CPUs:
 * SDM vol. 2A, CPUID, table 3-10 "not used, always 0"): on a real PC port
 * 0xe9 is nobody's, and the same image boots there with the option set.
 * The boot runner reads the KTAP of the qemu-x86_64-modern platform, which
 * has no serial port, from it.
 */
#include <asm/cpu.h>
#include <asm/io.h>
#include <asm/setup.h>
#include <kernel/cmdline.h>
#include <string.h>

#define DEBUGCON_PORT 0xe9

static bool debugcon_on;
static struct cmdline early_cmdline; /* kernel_main() parses the real one later */

void debugcon_init(const char *cmdline)
{
	const char *v;

	cmdline_parse(&early_cmdline, cmdline);
	v = cmdline_get(&early_cmdline, "console");
	debugcon_on = v && strcmp(v, "debugcon") == 0 && (cpuid(1, 0).ecx & CPUID1_ECX_HYPERVISOR);
}

void debugcon_putc(char c)
{
	if (debugcon_on)
		outb(DEBUGCON_PORT, (u8)c);
}

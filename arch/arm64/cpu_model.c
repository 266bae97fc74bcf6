// SPDX-License-Identifier: MIT
/*
 * The CPU's name for people, from MIDR_EL1 (Arm ARM D23.2 "MIDR_EL1":
 * implementer 31:24, variant 23:20, part number 15:4, revision 3:0). Only
 * a few cores are named; others show their numbers, which identify them
 * just as well in Arm's technical reference manuals.
 */
#include <asm/setup.h>
#include <format.h>
#include <kernel/arch.h>

struct named_part {
	unsigned int implementer, part;
	const char *name;
};

static const struct named_part parts[] = {
	{ 0x41, 0xd03, "Arm Cortex-A53" },
	{ 0x41, 0xd07, "Arm Cortex-A57" },
	{ 0x41, 0xd08, "Arm Cortex-A72" },
	{ 0x41, 0xd0c, "Arm Neoverse N1" },
};

void arch_cpu_model(char *buf, size_t size)
{
	u64 midr = arm64_features.midr;
	unsigned int implementer = (midr >> 24) & 0xff, part = (midr >> 4) & 0xfff;
	unsigned int variant = (midr >> 20) & 0xf, revision = midr & 0xf;

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		if (parts[i].implementer == implementer && parts[i].part == part) {
			snprintf(buf, size, "%s r%up%u", parts[i].name, variant, revision);
			return;
		}
	}
	snprintf(buf, size, "implementer %#x part %#x r%up%u", implementer, part, variant,
		 revision);
}

// SPDX-License-Identifier: MIT
/*
 * The CPU's name for people: the processor brand string of CPUID leaves
 * 0x80000002-0x80000004 (SDM vol.2A, CPUID, "Processor Brand String"), or
 * the vendor string of leaf 0 with family/model/stepping of leaf 1 when
 * the brand string is missing (older and emulated CPUs).
 */
#include <asm/cpu.h>
#include <format.h>
#include <kernel/arch.h>
#include <string.h>

#define BRAND_LEAF_FIRST 0x80000002u
#define BRAND_LEAF_LAST 0x80000004u

bool x86_brand_string(char name[X86_BRAND_LEN])
{
	char raw[X86_BRAND_LEN];
	const char *s = raw;
	size_t n;

	name[0] = '\0';
	if (cpuid(0x80000000u, 0).eax < BRAND_LEAF_LAST)
		return false;
	for (u32 leaf = BRAND_LEAF_FIRST; leaf <= BRAND_LEAF_LAST; leaf++) {
		struct cpuid_regs r = cpuid(leaf, 0);
		u32 words[4] = { r.eax, r.ebx, r.ecx, r.edx };

		memcpy(raw + (leaf - BRAND_LEAF_FIRST) * 16, words, 16);
	}
	raw[X86_BRAND_LEN - 1] = '\0';
	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
		n--;
	memcpy(name, s, n);
	name[n] = '\0';
	return n != 0;
}

void arch_cpu_model(char *buf, size_t size)
{
	char brand[X86_BRAND_LEN];

	if (size == 0)
		return;
	if (x86_brand_string(brand)) {
		snprintf(buf, size, "%s", brand);
		return;
	}

	struct cpuid_regs r0 = cpuid(0, 0), r1 = cpuid(1, 0);
	u32 vendor[3] = { r0.ebx, r0.edx, r0.ecx };
	unsigned int family = (r1.eax >> 8) & 0xf, model = (r1.eax >> 4) & 0xf;

	/* Extended family and model (SDM vol.2A, CPUID leaf 1, Figure 3-6). */
	if (family == 0xf)
		family += (r1.eax >> 20) & 0xff;
	if (family == 0x6 || family >= 0xf)
		model += ((r1.eax >> 16) & 0xf) << 4;
	memcpy(brand, vendor, 12);
	brand[12] = '\0';
	snprintf(buf, size, "%s family %#x model %#x stepping %u", brand, family, model,
		 r1.eax & 0xf);
}

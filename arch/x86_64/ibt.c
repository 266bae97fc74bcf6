// SPDX-License-Identifier: MIT
/*
 * x86_64 and the loader's GNU property: Linux on x86_64 does not read
 * PT_GNU_PROPERTY at exec (it does not select ARCH_USE_GNU_PROPERTY;
 * glibc enables shadow stacks itself), so neither does Umbra.
 */
#include <kernel/exec.h>

const u32 arch_elf_property_type;

unsigned int arch_elf_exec_prot(u32 features)
{
	(void)features;
	return 0;
}

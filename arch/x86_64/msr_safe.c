// SPDX-License-Identifier: MIT
/*
 * RDMSR and WRMSR that report a #GP instead of taking it (<asm/msr.h>): an
 * MSR the CPU does not have, or a value it refuses, raises #GP (SDM vol. 2B,
 * RDMSR and WRMSR); the exception table sends the fault to the fixup, which
 * makes the call return -EFAULT (arch/x86_64/traps.c).
 */
#include <asm/msr.h>
#include <uapi/linux/errno.h>

int rdmsr_safe(u32 msr, u64 *v)
{
	u32 lo = 0, hi = 0;
	int err = 0;

	__asm__ __volatile__("1: rdmsr\n"
			     "2:\n"
			     ".pushsection .extable, \"a\"\n"
			     ".balign 8\n"
			     ".quad 1b, 3f\n"
			     ".popsection\n"
			     ".pushsection .text.fixup, \"ax\"\n"
			     "3: movl %[efault], %[err]\n"
			     "jmp 2b\n"
			     ".popsection\n"
			     : [err] "+r"(err), "+a"(lo), "+d"(hi)
			     : "c"(msr), [efault] "i"(-EFAULT)
			     : "memory");
	*v = (u64)hi << 32 | lo;
	return err;
}

int wrmsr_safe(unsigned int msr, unsigned long long v)
{
	int err = 0;

	__asm__ __volatile__("1: wrmsr\n"
			     "2:\n"
			     ".pushsection .extable, \"a\"\n"
			     ".balign 8\n"
			     ".quad 1b, 3f\n"
			     ".popsection\n"
			     ".pushsection .text.fixup, \"ax\"\n"
			     "3: movl %[efault], %[err]\n"
			     "jmp 2b\n"
			     ".popsection\n"
			     : [err] "+r"(err)
			     : "c"(msr), "a"((u32)v), "d"((u32)(v >> 32)), [efault] "i"(-EFAULT)
			     : "memory");
	return err;
}

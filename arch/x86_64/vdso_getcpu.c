// SPDX-License-Identifier: MIT
/*
 * What the vDSO's getcpu() reads (arch/x86_64/vdso/vdso.c): each CPU's
 * number in its IA32_TSC_AUX, as Linux's setup_getcpu() puts it there (the
 * node above bit 12: always 0 here). RDPID reads that MSR alone
 * (CPUID.(EAX=07H,ECX=0):ECX[22]), RDTSCP with the time stamp
 * (CPUID.80000001H:EDX[27]); Intel SDM vol. 2B, RDPID and RDTSCP, and
 * vol. 4 table 2-2 for the MSR.
 */
#include <asm/cpu.h>
#include <asm/msr.h>
#include <asm/setup.h>
#include <kernel/percpu.h>
#include <kernel/vdso.h>

#define MSR_TSC_AUX 0xc0000103u
#define CPUID7_ECX_RDPID (1u << 22)
#define CPUID80000001_EDX_RDTSCP (1u << 27)

unsigned int arch_vdso_getcpu_mode(void)
{
	if (cpuid(0, 0).eax >= 7 && (cpuid(7, 0).ecx & CPUID7_ECX_RDPID))
		return 1;
	if (cpuid(0x80000000, 0).eax >= 0x80000001 &&
	    (cpuid(0x80000001, 0).edx & CPUID80000001_EDX_RDTSCP))
		return 2;
	return 0;
}

/* Every CPU, as it starts: its number where RDPID and RDTSCP read it. */
void x86_getcpu_setup_cpu(void)
{
	if (arch_vdso_getcpu_mode())
		wrmsr(MSR_TSC_AUX, this_cpu()->id);
}

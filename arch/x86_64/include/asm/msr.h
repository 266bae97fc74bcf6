/* SPDX-License-Identifier: MIT */
/*
 * RDMSR / WRMSR (Intel SDM vol. 2B). MSR numbers live next to their users,
 * or here when more than one file uses them (numbers: SDM vol. 4, table 2-2).
 */
#ifndef ASM_MSR_H
#define ASM_MSR_H

#include <kernel/types.h>

/*
 * The user segment bases (SDM vol. 4 table 2-2). WRMSR of a non-canonical
 * value to either is a #GP (SDM vol. 2B, WRMSR), so a base from user space
 * must pass user_base_ok() first.
 */
#define MSR_FS_BASE 0xc0000100u
#define MSR_GS_BASE 0xc0000101u
#define MSR_KERNEL_GS_BASE 0xc0000102u /* SWAPGS's other half: the user's base in kernel mode */

static inline u64 rdmsr(u32 msr)
{
	u32 lo, hi;

	__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((u64)hi << 32) | lo;
}

static inline void wrmsr(u32 msr, u64 v)
{
	__asm__ __volatile__("wrmsr" ::"c"(msr), "a"((u32)v), "d"((u32)(v >> 32)) : "memory");
}

/* RDMSR / WRMSR that report a #GP instead of taking it: 0 or -EFAULT (msr_safe.c). */
int rdmsr_safe(u32 msr, u64 *v);
int wrmsr_safe(unsigned int msr, unsigned long long v);

#endif

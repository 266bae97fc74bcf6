/* SPDX-License-Identifier: MIT */
/*
 * RDMSR / WRMSR (Intel SDM vol. 2B). MSR numbers live next to their users,
 * or here when more than one file uses them (numbers: SDM vol. 4, table 2-2).
 */
#ifndef ASM_MSR_H
#define ASM_MSR_H

#include <kernel/types.h>

#define MSR_FS_BASE 0xc0000100u /* IA32_FS_BASE: user TLS (arch_prctl, context switch) */

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

#endif

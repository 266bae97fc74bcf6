/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 half of /bin/smp (user/smp.c): the shadow-stack pointer and
 * a spin-wait hint, both inline (no CALL: reading SSP must not move it).
 */
#ifndef USER_SMP_ARCH_H
#define USER_SMP_ARCH_H

#include "cet.h"

#define SMP_SS_NAME "CET shadow stack"

/* A CALL pushes one 8-byte return address in 64-bit mode (Intel SDM vol. 1 §17.2.1). */
#define SMP_SS_ENTRY 8

/* SSP, or 0 while the thread's shadow stack is off (RDSSP is then a NOP: cet.h). */
static inline __attribute__((always_inline)) unsigned long smp_ssp(void)
{
	return cet_rdssp();
}

/* PAUSE: a spin-wait loop's hint (Intel SDM vol. 2B, PAUSE); stays in user mode. */
static inline __attribute__((always_inline)) void smp_relax(void)
{
	__asm__ volatile("pause" : : : "memory");
}

#endif

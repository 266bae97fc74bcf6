/* SPDX-License-Identifier: MIT */
/*
 * The arm64 half of /bin/smp (user/smp.c): the GCS pointer and a spin-wait
 * hint, both inline (no BL: reading GCSPR_EL0 must not move it).
 */
#ifndef USER_SMP_ARCH_H
#define USER_SMP_ARCH_H

#include "gcs.h"

#define SMP_SS_NAME "GCS"

/* A BL pushes one 64-bit GCS entry, the return address (Arm ARM D11, the Guarded Control Stack). */
#define SMP_SS_ENTRY 8

/*
 * GCSPR_EL0 while GCS is enabled for this thread (CHKFEAT, gcs.h), else 0:
 * on a core without GCS the MRS would be UNDEFINED, and CHKFEAT is a NOP there.
 */
static inline __attribute__((always_inline)) unsigned long smp_ssp(void)
{
	return gcs_chkfeat_enabled() ? gcs_read_gcspr() : 0;
}

/* YIELD: a spin-wait loop's hint (Arm ARM C6.2, YIELD); stays in user mode. */
static inline __attribute__((always_inline)) void smp_relax(void)
{
	__asm__ volatile("yield" : : : "memory");
}

#endif

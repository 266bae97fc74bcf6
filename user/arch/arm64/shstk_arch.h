/* SPDX-License-Identifier: MIT */
/*
 * The arm64 hooks of the shadow-stack cases both architectures share
 * (user/lib/shstk_cases.c; the GCS-only ones stay in gcs.c): GCS's names
 * and numbers, the status and lock calls of prctl(PR_*_SHADOW_STACK_STATUS),
 * the GCS store (GCSSTR) and a tampered return. shstk_enable.h gives the
 * rest: enabling (SHSTK_SET_MODE, SHSTK_MODE_*), SHSTK_EXIT and
 * SHSTK_POINTER (GCSPR_EL0).
 */
#ifndef USER_SHSTK_ARCH_H
#define USER_SHSTK_ARCH_H

#include "shstk_enable.h"
#include <machine/syscall.h>
#include <errno.h>
#include <stdbool.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

/* The program (/bin/gcs, suite gcs) and the word its case names use. */
#define SHSTK_PROGRAM "gcs"
#define SHSTK_CASE_WORD "gcs"
/* The feature as a skip reason says it: "# SKIP GCS not supported". */
#define SHSTK_FEATURE "GCS"
/* The instruction that stores to a GCS, as case names say it. */
#define SHSTK_STORE_WORD "gcsstr"

/* map_shadow_stack() has no lower bound on arm64: any page but the first. */
#define SHSTK_MAP_FLOOR 4096UL
/* Sizes are whole GCS slots: map_shadow_stack (docs/ABI.md §5.5) and clone3 (§5.6). */
#define SHSTK_MAP_SIZE_MULTIPLE 8UL
#define SHSTK_CLONE3_SIZE_MULTIPLE 8UL

/* What PR_SET_SHADOW_STACK_STATUS answers on a core without GCS (docs/ABI.md §5.4). */
#define SHSTK_ENABLE_UNSUPPORTED EINVAL
/* What PR_LOCK_SHADOW_STACK_STATUS answers there. */
#define SHSTK_LOCK_UNSUPPORTED (-(long)EINVAL)

/* PR_GET_SHADOW_STACK_STATUS (the mode), or ~0 if the call failed. */
static inline unsigned long shstk_status(void)
{
	unsigned long v = 0xdead;

	return syscall5(__NR_prctl, PR_GET_SHADOW_STACK_STATUS, (long)&v, 0, 0, 0) == 0 ? v : ~0UL;
}

/* PR_LOCK_SHADOW_STACK_STATUS of mode's bits: 0 or -errno. */
static inline long shstk_lock(unsigned long mode)
{
	return syscall5(__NR_prctl, PR_LOCK_SHADOW_STACK_STATUS, (long)mode, 0, 0, 0);
}

/* GCSSTR, then GCSB DSYNC: v to the GCS slot at addr (needs PR_SHADOW_STACK_WRITE). */
static inline __attribute__((always_inline)) void shstk_store(unsigned long addr, unsigned long v)
{
	gcs_str(addr, v);
	gcs_dsync();
}

/* Whether the CPU has GCS on for this thread: CHKFEAT says so. */
static inline __attribute__((always_inline)) bool shstk_active(void)
{
	return gcs_chkfeat_enabled();
}

/*
 * Replaces its own return address (x30) with a function that exits LANDED
 * and returns (gcs.c): with GCS on, the RET raises a GCS exception.
 */
int shstk_tamper_return(void);

#endif

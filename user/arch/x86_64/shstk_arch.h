/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 hooks of the shadow-stack cases both architectures share
 * (user/lib/shstk_cases.c; the CET-only ones stay in shstk.c): CET's names
 * and numbers, the status and lock calls of arch_prctl(ARCH_SHSTK_*), the
 * privileged shadow-stack store (WRSS) and a tampered return.
 * shstk_enable.h gives the rest: enabling (SHSTK_SET_MODE, SHSTK_MODE_*),
 * SHSTK_EXIT and SHSTK_POINTER (RDSSP).
 */
#ifndef USER_SHSTK_ARCH_H
#define USER_SHSTK_ARCH_H

#include "shstk_enable.h"
#include <machine/prctl.h>
#include <machine/syscall.h>
#include <errno.h>
#include <stdbool.h>
#include <sys/syscall.h>

/* The program (/bin/shstk, suite shstk) and the word its case names use. */
#define SHSTK_PROGRAM "shstk"
#define SHSTK_CASE_WORD "shstk"
/* The feature as a skip reason says it: "# SKIP shadow stacks not supported". */
#define SHSTK_FEATURE "shadow stacks"
/* The instruction that stores to a shadow stack, as case names say it. */
#define SHSTK_STORE_WORD "wrss"

/* The lowest address map_shadow_stack() places a stack at: above 4 GiB (docs/ABI.md §4.5). */
#define SHSTK_MAP_FLOOR (1UL << 32)
/* map_shadow_stack() takes any size (docs/ABI.md §4.5); clone3's rfc1 size too (§4.6). */
#define SHSTK_MAP_SIZE_MULTIPLE 1UL
#define SHSTK_CLONE3_SIZE_MULTIPLE 1UL

/* What ENABLE answers on a CPU without CET (docs/ABI.md §4.4). */
#define SHSTK_ENABLE_UNSUPPORTED EOPNOTSUPP
/* What LOCK answers there: 0, the lock is kept without the hardware. */
#define SHSTK_LOCK_UNSUPPORTED 0L

/* ARCH_SHSTK_STATUS (the enabled features), or ~0 if the call failed. */
static inline unsigned long shstk_status(void)
{
	unsigned long v = 0xdead;

	return syscall2(__NR_arch_prctl, ARCH_SHSTK_STATUS, (long)&v) == 0 ? v : ~0UL;
}

/* ARCH_SHSTK_LOCK of mode's features: 0 or -errno. */
static inline long shstk_lock(unsigned long mode)
{
	return syscall2(__NR_arch_prctl, ARCH_SHSTK_LOCK, (long)mode);
}

/* WRSS: v to the shadow-stack word at addr (needs ARCH_SHSTK_WRSS, else #UD). */
static inline __attribute__((always_inline)) void shstk_store(unsigned long addr, unsigned long v)
{
	cet_wrss(addr, v);
}

/* Whether the CPU has shadow stacks on for this thread: RDSSP gives an SSP (a NOP when off). */
static inline __attribute__((always_inline)) bool shstk_active(void)
{
	return cet_rdssp() != 0;
}

/*
 * Overwrites its own return address on the ordinary stack with a function
 * that exits LANDED (shstk.c): with shadow stacks on, its `ret` raises #CP.
 */
int shstk_tamper_return(void);

#endif

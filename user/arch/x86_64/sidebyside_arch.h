/* SPDX-License-Identifier: MIT */
/*
 * /bin/sidebyside's x86_64 answers (user/sidebyside.c, docs/labs/lab6-cet-gcs.md):
 * what CET's shadow stack does where GCS does something else.
 */
#ifndef USER_SIDEBYSIDE_ARCH_H
#define USER_SIDEBYSIDE_ARCH_H

#include "cet.h"
#include <errno.h>

#define SS_NAME "x86_64 CET shadow stack"

/*
 * The word map_shadow_stack(SET_TOKEN) leaves in the top slot at slot: a
 * restore token for RSTORSSP, which names the address above itself (the
 * SSP after the switch) with bit 0 set for a 64-bit stack (docs/ABI.md §4.5).
 */
static inline unsigned long ss_token_word(unsigned long slot)
{
	return (slot + 8) | 1;
}

/* A locked feature's disable: EPERM, as Linux's arch_prctl (docs/ABI.md §4.4). */
#define SS_LOCKED_ERRNO EPERM

static inline long ss_lock_enable(void)
{
	return CET_ARCH_PRCTL(ARCH_SHSTK_LOCK, ARCH_SHSTK_SHSTK);
}

static inline long ss_disable(void)
{
	return CET_ARCH_PRCTL(ARCH_SHSTK_DISABLE, ARCH_SHSTK_SHSTK);
}

/*
 * The enable bits that give user space a push: none. CET has no user push;
 * WRSS (ARCH_SHSTK_WRSS) writes a shadow-stack word in place, it moves no
 * pointer (SDM vol. 1 §17.2.3).
 */
#define SS_PUSH_MODE 0

/* Nothing to push: the answer is the 0 above, which the mode check of main() holds. */
static inline int ss_push_check(void)
{
	return SS_PUSH_MODE == 0 ? 0 : 1;
}

#endif

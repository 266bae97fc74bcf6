/* SPDX-License-Identifier: MIT */
/*
 * Turning shadow stacks on for the calling thread, x86_64:
 * arch_prctl(ARCH_SHSTK_ENABLE, feature), one feature a call.
 *
 * SHSTK_ENABLE() and SHSTK_SET_MODE(mode) are inline `syscall`s, 0 or
 * -errno. Enabling SHSTK gives the thread a new, empty shadow stack, so
 * the function that does it must never return: it leaves with
 * SHSTK_EXIT() (no call, no `ret`); calls made after it return normally.
 */
#ifndef USER_SHSTK_ENABLE_H
#define USER_SHSTK_ENABLE_H

#include "cet.h"

#define SHSTK_ENABLE() CET_ENABLE_SHSTK()
#define SHSTK_ENABLE_NAME "arch_prctl(ARCH_SHSTK_ENABLE, SHSTK)"

/* The mode bits run_child() takes: arch_prctl's features. */
#define SHSTK_MODE_ENABLE ARCH_SHSTK_SHSTK
#define SHSTK_MODE_WRITE ARCH_SHSTK_WRSS /* WRSS */

/* Enables SHSTK, then WRSS, as mode asks: 0 or the first -errno. */
#define SHSTK_SET_MODE(mode)                                                           \
	({                                                                             \
		unsigned long shstk_mode_ = (mode);                                    \
		long shstk_r_ = 0;                                                     \
		if (shstk_mode_ & ARCH_SHSTK_SHSTK)                                    \
			shstk_r_ = CET_ENABLE_SHSTK();                                 \
		if (!shstk_r_ && (shstk_mode_ & ARCH_SHSTK_WRSS))                      \
			shstk_r_ = CET_ARCH_PRCTL(ARCH_SHSTK_ENABLE, ARCH_SHSTK_WRSS); \
		shstk_r_;                                                              \
	})
#define SHSTK_SET_MODE_NAME "arch_prctl(ARCH_SHSTK_ENABLE)"

/* exit_group(status) with no call: usable on any shadow stack. */
#define SHSTK_EXIT(status) CET_EXIT(status)

/* The shadow-stack pointer (SSP; 0 while shadow stacks are off). */
#define SHSTK_POINTER() cet_rdssp()

#endif

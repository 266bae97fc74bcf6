/* SPDX-License-Identifier: MIT */
/*
 * Turning shadow stacks on for the calling thread, x86_64:
 * arch_prctl(ARCH_SHSTK_ENABLE, ARCH_SHSTK_SHSTK) (ABI.md §2.4).
 *
 * SHSTK_ENABLE() is one inline `syscall`, 0 or -errno. The thread gets a
 * new, empty shadow stack, so the function that uses it must never return
 * (it ends with exit()); calls made after it return normally.
 */
#ifndef USER_SHSTK_ENABLE_H
#define USER_SHSTK_ENABLE_H

#include "cet.h"

#define SHSTK_ENABLE() CET_ENABLE_SHSTK()
#define SHSTK_ENABLE_NAME "arch_prctl(ARCH_SHSTK_ENABLE, SHSTK)"

#endif

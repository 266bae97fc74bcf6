/* SPDX-License-Identifier: MIT */
/*
 * Turning the Guarded Control Stack on for the calling thread, arm64:
 * prctl(PR_SET_SHADOW_STACK_STATUS, PR_SHADOW_STACK_ENABLE, 0, 0, 0)
 * (ABI.md §4.4).
 *
 * SHSTK_ENABLE() is one inline `svc`, 0 or -errno. GCS takes effect on the
 * return from the call with a new, empty GCS, so the function that uses it
 * must never return (it ends with exit()); calls made after it return
 * normally. A core or kernel without GCS answers EINVAL.
 */
#ifndef USER_SHSTK_ENABLE_H
#define USER_SHSTK_ENABLE_H

#include <arch/syscall_nr.h>
#include <sys/prctl.h>

#define SHSTK_ENABLE()                                                                             \
	({                                                                                         \
		register long shstk_x8_ __asm__("x8") = __NR_prctl;                                \
		register long shstk_x0_ __asm__("x0") = PR_SET_SHADOW_STACK_STATUS;                \
		register long shstk_x1_ __asm__("x1") = (long)PR_SHADOW_STACK_ENABLE;              \
		register long shstk_x2_ __asm__("x2") = 0;                                         \
		register long shstk_x3_ __asm__("x3") = 0;                                         \
		register long shstk_x4_ __asm__("x4") = 0;                                         \
		__asm__ volatile("svc #0"                                                          \
				 : "+r"(shstk_x0_)                                                 \
				 : "r"(shstk_x8_), "r"(shstk_x1_), "r"(shstk_x2_), "r"(shstk_x3_), \
				   "r"(shstk_x4_)                                                  \
				 : "memory");                                                      \
		shstk_x0_;                                                                         \
	})
#define SHSTK_ENABLE_NAME "prctl(PR_SET_SHADOW_STACK_STATUS, PR_SHADOW_STACK_ENABLE)"

#endif

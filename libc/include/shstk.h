/* SPDX-License-Identifier: MIT */
/*
 * shstk_enable(): the calling thread's shadow stack on, for programs of
 * your own (README, "Running your own program"): x86_64's
 * arch_prctl(ARCH_SHSTK_ENABLE, ARCH_SHSTK_SHSTK), arm64's
 * prctl(PR_SET_SHADOW_STACK_STATUS, PR_SHADOW_STACK_ENABLE) (docs/ABI.md).
 * 0, or -errno (EINVAL: a CPU or kernel without them).
 *
 * Inline, one system-call instruction: the thread gets a new, empty shadow
 * stack, so a libc function that enabled it could not return, and neither
 * can the function that calls this -- call it in main and leave with
 * _exit(); calls made after it return normally.
 */
#ifndef SHSTK_H
#define SHSTK_H

#include <machine/syscall_nr.h>
#include <uapi/linux/prctl.h>

#if defined(__x86_64__)
#include <uapi/asm-x86_64/prctl.h>

static inline __attribute__((always_inline)) long shstk_enable(void)
{
	long r;

	__asm__ volatile("syscall"
			 : "=a"(r)
			 : "a"((long)__NR_arch_prctl), "D"((long)ARCH_SHSTK_ENABLE),
			   "S"((long)ARCH_SHSTK_SHSTK)
			 : "rcx", "r11", "memory");
	return r;
}
#elif defined(__aarch64__)
static inline __attribute__((always_inline)) long shstk_enable(void)
{
	register long x8 __asm__("x8") = __NR_prctl;
	register long x0 __asm__("x0") = PR_SET_SHADOW_STACK_STATUS;
	register long x1 __asm__("x1") = (long)PR_SHADOW_STACK_ENABLE;
	register long x2 __asm__("x2") = 0, x3 __asm__("x3") = 0, x4 __asm__("x4") = 0;

	__asm__ volatile("svc #0"
			 : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4)
			 : "memory");
	return x0;
}
#endif

#endif

/* SPDX-License-Identifier: MIT */
/* x86_64's part of the vDSO's common code (vdso/vdso_clock.h): the system call and barriers. */
#ifndef VDSO_ARCH_H
#define VDSO_ARCH_H

#include <asm/vdso_barrier.h>
#include <uapi/asm-x86_64/unistd.h>

#define VDSO_NR_clock_gettime __NR_clock_gettime
#define VDSO_NR_clock_getres __NR_clock_getres

/* SYSCALL: number in RAX, arguments in RDI, RSI; it clobbers RCX and R11 (Intel SDM vol. 2B, SYSCALL). */
static inline long vdso_syscall2(long nr, long a0, long a1)
{
	long ret;

	__asm__ __volatile__("syscall"
			     : "=a"(ret)
			     : "a"(nr), "D"(a0), "S"(a1)
			     : "rcx", "r11", "memory");
	return ret;
}

#endif

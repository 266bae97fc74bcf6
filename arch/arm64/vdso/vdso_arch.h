/* SPDX-License-Identifier: MIT */
/* arm64's part of the vDSO's common code (vdso/vdso_clock.h): the system call and barriers. */
#ifndef VDSO_ARCH_H
#define VDSO_ARCH_H

#include <asm/vdso_barrier.h>
#include <uapi/asm-arm64/unistd.h>

#define VDSO_NR_clock_gettime __NR_clock_gettime
#define VDSO_NR_clock_getres __NR_clock_getres

/* SVC #0: number in x8, arguments and result in x0, x1 (Linux's arm64 calling convention). */
static inline long vdso_syscall2(long nr, long a0, long a1)
{
	register long x8 __asm__("x8") = nr;
	register long x0 __asm__("x0") = a0;
	register long x1 __asm__("x1") = a1;

	__asm__ __volatile__("svc #0" : "+r"(x0) : "r"(x8), "r"(x1) : "memory");
	return x0;
}

#endif

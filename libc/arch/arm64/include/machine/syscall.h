/* SPDX-License-Identifier: MIT */
/*
 * The raw arm64 `svc #0` instruction, with 0 to 6 arguments.
 *
 * Linux arm64 convention (Documentation/arch/arm64, "AArch64 system call
 * ABI" of the kernel's entry code): number in x8, arguments in x0-x5; the
 * result comes back in x0, a value in [-4095, -1] being a negated errno.
 * Every other register, x8 included, is preserved by the kernel.
 *
 * These return the kernel's value unchanged; errno handling is the callers'.
 */
#ifndef ARCH_SYSCALL_H
#define ARCH_SYSCALL_H

#include <machine/syscall_nr.h>

static inline long syscall0(long n)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0");

	__asm__ volatile("svc #0" : "=r"(x0) : "r"(x8) : "memory");
	return x0;
}

static inline long syscall1(long n, long a1)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8) : "memory");
	return x0;
}

static inline long syscall2(long n, long a1, long a2)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;
	register long x1 __asm__("x1") = a2;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1) : "memory");
	return x0;
}

static inline long syscall3(long n, long a1, long a2, long a3)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;
	register long x1 __asm__("x1") = a2;
	register long x2 __asm__("x2") = a3;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	return x0;
}

static inline long syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;
	register long x1 __asm__("x1") = a2;
	register long x2 __asm__("x2") = a3;
	register long x3 __asm__("x3") = a4;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3) : "memory");
	return x0;
}

static inline long syscall5(long n, long a1, long a2, long a3, long a4, long a5)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;
	register long x1 __asm__("x1") = a2;
	register long x2 __asm__("x2") = a3;
	register long x3 __asm__("x3") = a4;
	register long x4 __asm__("x4") = a5;

	__asm__ volatile("svc #0"
			 : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4)
			 : "memory");
	return x0;
}

static inline long syscall6(long n, long a1, long a2, long a3, long a4, long a5, long a6)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;
	register long x1 __asm__("x1") = a2;
	register long x2 __asm__("x2") = a3;
	register long x3 __asm__("x3") = a4;
	register long x4 __asm__("x4") = a5;
	register long x5 __asm__("x5") = a6;

	__asm__ volatile("svc #0"
			 : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			 : "memory");
	return x0;
}

/*
 * clone3 for a child that must not return into C: the new process or thread
 * leaves at once through exit_group(0) without touching its stack or its
 * GCS. Returns the parent's result of clone3. Always inlined:
 * a child on an empty GCS (clone3's shadow_stack fields) could not return
 * from a function call.
 */
static inline __attribute__((always_inline)) long syscall_clone3_exit0(void *args,
								       unsigned long size)
{
	register long x8 __asm__("x8") = __NR_clone3;
	register long x0 __asm__("x0") = (long)args;
	register long x1 __asm__("x1") = (long)size;

	__asm__ volatile("svc #0\n\t"
			 "cbnz x0, 1f\n\t"
			 "mov x8, %[exit_group]\n\t"
			 "svc #0\n\t"
			 "udf #0\n"
			 "1:"
			 : "+r"(x0), "+r"(x8)
			 : "r"(x1), [exit_group] "i"(__NR_exit_group)
			 : "memory");
	return x0;
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The raw x86_64 `syscall` instruction, with 0 to 6 arguments.
 *
 * Linux x86_64 convention (System V AMD64 ABI, appendix A.2): number in rax,
 * arguments in rdi, rsi, rdx, r10, r8, r9; the result comes back in rax, a
 * value in [-4095, -1] being a negated errno. The instruction itself
 * overwrites rcx (return rip) and r11 (rflags).
 *
 * These return the kernel's value unchanged; errno handling is the callers'.
 */
#ifndef ARCH_SYSCALL_H
#define ARCH_SYSCALL_H

#include <machine/syscall_nr.h>

static inline long syscall0(long n)
{
	long ret;

	__asm__ volatile("syscall" : "=a"(ret) : "a"(n) : "rcx", "r11", "memory");
	return ret;
}

static inline long syscall1(long n, long a1)
{
	long ret;

	__asm__ volatile("syscall" : "=a"(ret) : "a"(n), "D"(a1) : "rcx", "r11", "memory");
	return ret;
}

static inline long syscall2(long n, long a1, long a2)
{
	long ret;

	__asm__ volatile("syscall" : "=a"(ret) : "a"(n), "D"(a1), "S"(a2) : "rcx", "r11", "memory");
	return ret;
}

static inline long syscall3(long n, long a1, long a2, long a3)
{
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(n), "D"(a1), "S"(a2), "d"(a3)
			 : "rcx", "r11", "memory");
	return ret;
}

static inline long syscall4(long n, long a1, long a2, long a3, long a4)
{
	long ret;
	register long r10 __asm__("r10") = a4;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(n), "D"(a1), "S"(a2), "d"(a3), "r"(r10)
			 : "rcx", "r11", "memory");
	return ret;
}

static inline long syscall5(long n, long a1, long a2, long a3, long a4, long a5)
{
	long ret;
	register long r10 __asm__("r10") = a4;
	register long r8 __asm__("r8") = a5;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(n), "D"(a1), "S"(a2), "d"(a3), "r"(r10), "r"(r8)
			 : "rcx", "r11", "memory");
	return ret;
}

static inline long syscall6(long n, long a1, long a2, long a3, long a4, long a5, long a6)
{
	long ret;
	register long r10 __asm__("r10") = a4;
	register long r8 __asm__("r8") = a5;
	register long r9 __asm__("r9") = a6;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(n), "D"(a1), "S"(a2), "d"(a3), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}

/*
 * clone3 for a child that must not return into C: the new process or thread
 * leaves at once through exit_group(0) without touching its stack. Returns
 * the parent's result of clone3. Always inlined: a child on an empty shadow
 * stack (clone3's shadow_stack fields) could not return from a function
 * call.
 */
static inline __attribute__((always_inline)) long syscall_clone3_exit0(void *args,
								       unsigned long size)
{
	long ret;

	__asm__ volatile("syscall\n\t"
			 "test %%rax, %%rax\n\t"
			 "jnz 1f\n\t"
			 "xor %%edi, %%edi\n\t"
			 "mov %[exit_group], %%eax\n\t"
			 "syscall\n\t"
			 "ud2\n"
			 "1:"
			 : "=a"(ret)
			 : "a"((long)__NR_clone3), "D"(args),
			   "S"(size), [exit_group] "i"(__NR_exit_group)
			 : "rcx", "r11", "memory");
	return ret;
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 half of /bin/shstk_attack (user/shstk_attack.c): the shadow-
 * stack pointer (RDSSP, Intel SDM vol. 1 §17.3), a yield that makes no
 * call, and a clone3 whose new thread calls one function and then leaves
 * with exit(0) -- that CALL is the first push on the shadow stack clone3
 * gave it. All inline: nothing here pushes on the caller's shadow stack.
 */
#ifndef USER_SHSTK_ATTACK_ARCH_H
#define USER_SHSTK_ATTACK_ARCH_H

#include "cet.h"
#include <machine/syscall_nr.h>

#define ATTACK_FEATURE "shadow stack"
#define ATTACK_INLINE static inline __attribute__((always_inline))

/* The address of the newest shadow-stack entry: this function's return address. */
ATTACK_INLINE unsigned long attack_read_ssp(void)
{
	return cet_rdssp();
}

/* sched_yield() as one `syscall`: no CALL, so the shadow stack stays as it is. */
ATTACK_INLINE void attack_yield(void)
{
	long r;

	__asm__ volatile("syscall"
			 : "=a"(r)
			 : "a"((long)__NR_sched_yield)
			 : "rcx", "r11", "memory");
}

/*
 * clone3(args, size); the child runs fn() on the stack and shadow stack
 * clone3 gave it, then exit(0) (the thread alone). The parent's result.
 */
ATTACK_INLINE long attack_clone3(void *args, unsigned long size, void (*fn)(void))
{
	register long r12 __asm__("r12") = (long)fn; /* kept by syscall, copied to the child */
	long ret;

	__asm__ volatile("syscall\n\t"
			 "test %%rax, %%rax\n\t"
			 "jnz 1f\n\t"
			 "call *%%r12\n\t"
			 "xor %%edi, %%edi\n\t"
			 "mov %[exit], %%eax\n\t"
			 "syscall\n\t"
			 "ud2\n"
			 "1:"
			 : "=a"(ret)
			 : "a"((long)__NR_clone3), "D"(args), "S"(size),
			   "r"(r12), [exit] "i"(__NR_exit)
			 : "rcx", "r11", "memory");
	return ret;
}

#endif

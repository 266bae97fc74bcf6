/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 half of /bin/bench: a thread made with the bare clone(2) whose
 * child leaves at once through exit(2), touching neither stack nor shadow
 * stack, so only the kernel's create and exit paths are timed.
 */
#ifndef USER_BENCH_ARCH_H
#define USER_BENCH_ARCH_H

#include <machine/syscall_nr.h>
#include <stdint.h>

/*
 * clone(flags, sp, ptid, ctid, tls = 0) -- the x86_64 argument order (no
 * CLONE_BACKWARDS). The child runs exit(0) right after the syscall
 * instruction. Returns the parent's result: the tid or -errno.
 */
static inline long bench_clone_exit(unsigned long flags, void *sp, int *ptid, int *ctid)
{
	long ret;
	register long r10 __asm__("r10") = (long)ctid;
	register long r8 __asm__("r8") = 0;

	__asm__ volatile("syscall\n\t"
			 "test %%rax, %%rax\n\t"
			 "jnz 1f\n\t"
			 "mov %[exit_nr], %%eax\n\t"
			 "xor %%edi, %%edi\n\t"
			 "syscall\n\t"
			 "ud2\n"
			 "1:"
			 : "=a"(ret)
			 : "a"((long)__NR_clone), "D"(flags), "S"(sp), "d"(ptid), "r"(r10),
			   "r"(r8), [exit_nr] "i"(__NR_exit)
			 : "rcx", "r11", "memory");
	return ret;
}

/* The shadow stack a thread made without a stack size gets: RLIMIT_STACK (kernel/shstk/shstk_rules.c). */
#define BENCH_DEFAULT_SHSTK_BYTES (8ul << 20)
#define BENCH_DEFAULT_SHSTK "8 MiB"

#endif

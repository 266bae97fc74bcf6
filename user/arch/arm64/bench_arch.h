/* SPDX-License-Identifier: MIT */
/*
 * The arm64 half of /bin/bench: a thread made with the bare clone(2) whose
 * child leaves at once through exit(2), touching neither stack nor GCS, so
 * only the kernel's create and exit paths are timed.
 */
#ifndef USER_BENCH_ARCH_H
#define USER_BENCH_ARCH_H

#include <machine/syscall_nr.h>
#include <stdint.h>

/*
 * clone(flags, sp, ptid, tls = 0, ctid) -- arm64's argument order
 * (CONFIG_CLONE_BACKWARDS). The child runs exit(0) right after the svc.
 * Returns the parent's result: the tid or -errno.
 */
static inline long bench_clone_exit(unsigned long flags, void *sp, int *ptid, int *ctid)
{
	register long x8 __asm__("x8") = __NR_clone;
	register long x0 __asm__("x0") = (long)flags;
	register long x1 __asm__("x1") = (long)sp;
	register long x2 __asm__("x2") = (long)ptid;
	register long x3 __asm__("x3") = 0;
	register long x4 __asm__("x4") = (long)ctid;

	__asm__ volatile("svc #0\n\t"
			 "cbnz x0, 1f\n\t"
			 "mov x8, %[exit_nr]\n\t"
			 "svc #0\n\t"
			 "udf #0\n"
			 "1:"
			 : "+r"(x0), "+r"(x8)
			 : "r"(x1), "r"(x2), "r"(x3), "r"(x4), [exit_nr] "i"(__NR_exit)
			 : "memory");
	return x0;
}

/* The GCS a thread made without a stack size gets: half RLIMIT_STACK (kernel/shstk/shstk_rules.c). */
#define BENCH_DEFAULT_SHSTK_BYTES (4ul << 20)
#define BENCH_DEFAULT_SHSTK "4 MiB"

#endif

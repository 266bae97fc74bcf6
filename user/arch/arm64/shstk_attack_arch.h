/* SPDX-License-Identifier: MIT */
/*
 * The arm64 half of /bin/shstk_attack (user/shstk_attack.c): GCSPR_EL0
 * (Arm ARM D11, the GCS pointer), a yield that makes no call, and a clone3
 * whose new thread branches-with-link to one function and then leaves with
 * exit(0) -- that BLR is the first push on the GCS clone3 gave it. All
 * inline: nothing here pushes on the caller's GCS.
 */
#ifndef USER_SHSTK_ATTACK_ARCH_H
#define USER_SHSTK_ATTACK_ARCH_H

#include "gcs.h"
#include <machine/syscall_nr.h>

#define ATTACK_FEATURE "GCS"
#define ATTACK_INLINE static inline __attribute__((always_inline))

/* The address of the newest GCS entry: this function's return address. */
ATTACK_INLINE unsigned long attack_read_ssp(void)
{
	return gcs_read_gcspr();
}

/* sched_yield() as one `svc`: no BL, so the GCS stays as it is. */
ATTACK_INLINE void attack_yield(void)
{
	register long x8 __asm__("x8") = __NR_sched_yield;
	register long x0 __asm__("x0");

	__asm__ volatile("svc #0" : "=r"(x0) : "r"(x8) : "memory");
}

/*
 * clone3(args, size); the child runs fn() on the stack and GCS clone3 gave
 * it, then exit(0) (the thread alone). The parent's result.
 */
ATTACK_INLINE long attack_clone3(void *args, unsigned long size, void (*fn)(void))
{
	register long x8 __asm__("x8") = __NR_clone3;
	register long x0 __asm__("x0") = (long)args;
	register long x1 __asm__("x1") = (long)size;
	register long x19 __asm__("x19") = (long)fn; /* copied to the child */

	__asm__ volatile("svc #0\n\t"
			 "cbnz x0, 1f\n\t"
			 "blr x19\n\t"
			 "mov x0, #0\n\t"
			 "mov x8, %[exit]\n\t"
			 "svc #0\n\t"
			 "udf #0\n"
			 "1:"
			 : "+r"(x0), "+r"(x8)
			 : "r"(x1), "r"(x19), [exit] "i"(__NR_exit)
			 : "x30", "memory");
	return x0;
}

#endif

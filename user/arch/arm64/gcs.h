/* SPDX-License-Identifier: MIT */
/*
 * arm64 Guarded Control Stack helpers for the user tests, all inline:
 * nothing here is a function call, so they may run at the moment the GCS
 * changes under the caller (an enable, a stack switch).
 *
 * Enabling gives the thread a new GCS whose only entry is the 0 end marker
 * (docs/ABI.md §5.4): a frame entered before the enable can no longer return
 * (its `ret` finds no matching entry and raises a GCS exception). So
 * GCS_SET_MODE() with ENABLE belongs in a function that never returns --
 * main, or a child right after fork -- which leaves with GCS_EXIT(), and
 * calls made after it return normally.
 *
 * binutils 2.40 knows none of the GCS names (docs/ABI.md §5.8): the register is
 * S3_3_C2_C5_1, the instructions are SYS/SYSL/HINT forms or `.inst` words.
 * GCSPR_EL0 can be read whenever the CPU has GCS (the kernel keeps
 * GCSCRE0_EL1.nTR set); on a core without GCS the MRS is UNDEFINED, so only
 * live cases may call gcs_read_gcspr().
 */
#ifndef USER_GCS_H
#define USER_GCS_H

#include <machine/syscall_nr.h>
#include <sys/prctl.h>
#include <uapi/asm-arm64/hwcap.h> /* HWCAP_GCS */

#define GCS_ALWAYS_INLINE static inline __attribute__((always_inline))

/* A valid cap token for the GCS slot at addr (docs/ABI.md §5.5). */
#define GCS_CAP(addr) ((((unsigned long)(addr)) & ~0xfffUL) | 1UL)

#define GCS_MODES_ALL (PR_SHADOW_STACK_ENABLE | PR_SHADOW_STACK_WRITE | PR_SHADOW_STACK_PUSH)

/*
 * prctl(option, arg2, 0, 0, 0) as one `svc`; the raw result (0 or -errno).
 * The arguments are evaluated before any register variable is set: a call
 * in them would clobber x0-x18.
 */
#define GCS_PRCTL(option, arg2)                                                            \
	({                                                                                 \
		long gcs_opt_ = (long)(option), gcs_arg_ = (long)(arg2);                   \
		register long gcs_x8_ __asm__("x8") = __NR_prctl;                          \
		register long gcs_x0_ __asm__("x0") = gcs_opt_;                            \
		register long gcs_x1_ __asm__("x1") = gcs_arg_;                            \
		register long gcs_x2_ __asm__("x2") = 0;                                   \
		register long gcs_x3_ __asm__("x3") = 0;                                   \
		register long gcs_x4_ __asm__("x4") = 0;                                   \
		__asm__ volatile("svc #0"                                                  \
				 : "+r"(gcs_x0_)                                           \
				 : "r"(gcs_x8_), "r"(gcs_x1_), "r"(gcs_x2_), "r"(gcs_x3_), \
				   "r"(gcs_x4_)                                            \
				 : "memory");                                              \
		gcs_x0_;                                                                   \
	})

/* PR_SET_SHADOW_STACK_STATUS inline; see the rule above for ENABLE. */
#define GCS_SET_MODE(mode) GCS_PRCTL(PR_SET_SHADOW_STACK_STATUS, (mode))

/* exit_group(status) without a call or a `ret`: usable on any GCS. */
#define GCS_EXIT(status)                                                                 \
	do {                                                                             \
		long gcs_status_ = (long)(status); /* may be a call: before x8 is set */ \
		register long gcs_x8_ __asm__("x8") = __NR_exit_group;                   \
		register long gcs_x0_ __asm__("x0") = gcs_status_;                       \
		__asm__ volatile("svc #0" : : "r"(gcs_x8_), "r"(gcs_x0_) : "memory");    \
		__builtin_unreachable();                                                 \
	} while (0)

/* GCSPR_EL0: the address of the newest GCS entry. */
GCS_ALWAYS_INLINE unsigned long gcs_read_gcspr(void)
{
	unsigned long v;

	__asm__ volatile("mrs %0, S3_3_C2_C5_1" : "=r"(v) : : "memory");
	return v;
}

/*
 * CHKFEAT X16 (HINT #40): true when GCS is enabled for this thread. A NOP
 * on cores without GCS, leaving x16 = 1, i.e. "not enabled".
 */
GCS_ALWAYS_INLINE int gcs_chkfeat_enabled(void)
{
	register unsigned long x16 __asm__("x16") = 1;

	__asm__ volatile("hint #40" : "+r"(x16));
	return (x16 & 1) == 0;
}

/* GCSB DSYNC (HINT #19): orders GCS writes with ordinary accesses. */
GCS_ALWAYS_INLINE void gcs_dsync(void)
{
	__asm__ volatile("hint #19" : : : "memory");
}

/* GCSPUSHM Xt: pushes v (needs PR_SHADOW_STACK_PUSH, else it traps). */
GCS_ALWAYS_INLINE void gcs_pushm(unsigned long v)
{
	__asm__ volatile("sys #3, c7, c7, #0, %0" : : "r"(v) : "memory");
}

/* GCSPOPM Xt: pops the newest entry without comparing it to anything. */
GCS_ALWAYS_INLINE unsigned long gcs_popm(void)
{
	unsigned long v;

	__asm__ volatile("sysl %0, #3, c7, c7, #1" : "=r"(v) : : "memory");
	return v;
}

/*
 * A GCS stack switch: GCSSS1 to cap (the address of a valid cap token on
 * the target GCS), then GCSSS2. GCSPR_EL0 becomes cap + 8 and a cap is left
 * on the stack we came from, whose address is returned: switching to it
 * the same way comes back. A slot that does not hold a valid cap makes
 * GCSSS1 raise a GCS exception (SIGSEGV).
 */
GCS_ALWAYS_INLINE unsigned long gcs_switch(unsigned long cap)
{
	unsigned long old;

	__asm__ volatile("sys #3, c7, c7, #2, %1\n\t"
			 "sysl %0, #3, c7, c7, #3"
			 : "=r"(old)
			 : "r"(cap)
			 : "memory");
	return old;
}

/* GCSSTR x1, [x0]: a GCS store (needs PR_SHADOW_STACK_WRITE, else it traps). */
GCS_ALWAYS_INLINE void gcs_str(unsigned long addr, unsigned long v)
{
	register unsigned long x0 __asm__("x0") = addr;
	register unsigned long x1 __asm__("x1") = v;

	__asm__ volatile(".inst 0xd91f0c01" : : "r"(x0), "r"(x1) : "memory");
}

/* GCSSTTR x1, [x0]: the unprivileged form (the kernel's put_user_gcs). */
GCS_ALWAYS_INLINE void gcs_sttr(unsigned long addr, unsigned long v)
{
	register unsigned long x0 __asm__("x0") = addr;
	register unsigned long x1 __asm__("x1") = v;

	__asm__ volatile(".inst 0xd91f1c01" : : "r"(x0), "r"(x1) : "memory");
}

#endif

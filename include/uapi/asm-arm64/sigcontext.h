/* SPDX-License-Identifier: MIT */
/*
 * arm64's signal frame, as Linux lays it out (Linux's
 * arch/arm64/include/uapi/asm/sigcontext.h and ucontext.h; the GCS record:
 * Documentation/arch/arm64/gcs.rst). The kernel builds it
 * (arch/arm64/signal.c) and user space reads it, from these same types.
 *
 *	sp ->	struct user_siginfo		128 bytes
 *		struct ucontext			uc_mcontext at 176
 *		frame record			{x29, x30}: the handler's caller
 *
 * sigcontext's __reserved holds records, each a struct _aarch64_ctx head
 * then its payload, walked by size: FP/SIMD, then ESR after a fault, then
 * GCS where the CPU has it, then a head with magic 0 (the terminator).
 * Umbra writes no SVE, EXTRA, ZA, TPIDR2 or POE record; rt_sigreturn
 * meets them only in a frame user space forged.
 */
#ifndef UAPI_ASM_ARM64_SIGCONTEXT_H
#define UAPI_ASM_ARM64_SIGCONTEXT_H

#define FPSIMD_MAGIC 0x46508001u
#define ESR_MAGIC 0x45535201u
#define SVE_MAGIC 0x53564501u
#define EXTRA_MAGIC 0x45585401u /* a pointer to more records */
#define ZA_MAGIC 0x54366345u
#define TPIDR2_MAGIC 0x54504902u
#define POE_MAGIC 0x504f4530u
#define GCS_MAGIC 0x47435300u /* "GCS\0" */

#ifndef __ASSEMBLER__
#include <uapi/linux/signal.h>

/* A record's head; size counts the head and is a multiple of 16. */
struct _aarch64_ctx {
	unsigned int magic;
	unsigned int size;
};

struct fpsimd_context {
	struct _aarch64_ctx head;
	unsigned int fpsr;
	unsigned int fpcr;
	unsigned long long vregs[64]; /* V0-V31, 128 bits each */
};

/* The ESR_EL1 of the fault that raised the signal (only ever for a data abort's kind). */
struct esr_context {
	struct _aarch64_ctx head;
	unsigned long long esr;
};

struct gcs_context {
	struct _aarch64_ctx head;
	unsigned long long gcspr;	     /* the interrupted GCSPR_EL0 - 8: the signal cap */
	unsigned long long features_enabled; /* PR_SHADOW_STACK_* as PR_GET reports them */
	unsigned long long reserved;
};

struct sigcontext {
	unsigned long long fault_address;
	unsigned long long regs[31];
	unsigned long long sp;
	unsigned long long pc;
	unsigned long long pstate;
	unsigned char __reserved[4096] __attribute__((aligned(16)));
};

struct ucontext {
	unsigned long uc_flags;
	unsigned long uc_link;
	struct user_stack uc_stack;
	unsigned long long uc_sigmask;
	unsigned char __unused[1024 / 8 - sizeof(unsigned long long)]; /* room for a larger sigset */
	struct sigcontext uc_mcontext;
};

struct rt_sigframe {
	struct user_siginfo info;
	struct ucontext uc;
	unsigned long fp, lr; /* a frame record, so backtraces through handlers work */
};

_Static_assert(sizeof(struct fpsimd_context) == 528, "fpsimd_context is 528 bytes");
_Static_assert(sizeof(struct esr_context) == 16, "esr_context is 16 bytes");
_Static_assert(sizeof(struct gcs_context) == 32, "gcs_context is 32 bytes");
_Static_assert(__builtin_offsetof(struct sigcontext, __reserved) == 288, "__reserved at 288");
_Static_assert(__builtin_offsetof(struct ucontext, uc_sigmask) == 40, "uc_sigmask at 40");
_Static_assert(__builtin_offsetof(struct ucontext, uc_mcontext) == 176, "uc_mcontext at 176");
#endif

#endif

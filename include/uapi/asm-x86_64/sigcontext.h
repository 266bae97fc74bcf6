/* SPDX-License-Identifier: MIT */
/*
 * x86_64's signal frame, as Linux lays it out (Linux's
 * arch/x86/include/uapi/asm/sigcontext.h, asm/ucontext.h and the
 * kernel's struct rt_sigframe). The kernel builds it (arch/x86_64/signal.c)
 * and user space reads it, from these same types.
 *
 *	sp ->	pretcode		the restorer: the handler's RET goes there
 *		struct ucontext		uc_mcontext at 40, uc_sigmask at 296
 *		struct user_siginfo	128 bytes
 *		...			the FXSAVE image, 64-byte aligned, above the frame
 */
#ifndef UAPI_ASM_X86_64_SIGCONTEXT_H
#define UAPI_ASM_X86_64_SIGCONTEXT_H

/* uc_flags. */
#define UC_FP_XSTATE 0x1
#define UC_SIGCONTEXT_SS 0x2
#define UC_STRICT_RESTORE_SS 0x4

#ifndef __ASSEMBLER__
#include <uapi/linux/signal.h>

struct sigcontext {
	unsigned long r8, r9, r10, r11, r12, r13, r14, r15;
	unsigned long rdi, rsi, rbp, rbx, rdx, rax, rcx, rsp, rip, eflags;
	unsigned short cs, gs, fs, ss;
	unsigned long err, trapno, oldmask, cr2;
	unsigned long fpstate; /* user address of the FXSAVE image */
	unsigned long reserved1[8];
};

struct ucontext {
	unsigned long uc_flags;
	unsigned long uc_link;
	struct user_stack uc_stack;
	struct sigcontext uc_mcontext;
	unsigned long long uc_sigmask;
};

struct rt_sigframe {
	unsigned long pretcode;
	struct ucontext uc;
	struct user_siginfo info;
};

_Static_assert(sizeof(struct sigcontext) == 256, "struct sigcontext is 256 bytes on x86_64");
_Static_assert(__builtin_offsetof(struct ucontext, uc_mcontext) == 40, "uc_mcontext at 40");
_Static_assert(__builtin_offsetof(struct ucontext, uc_sigmask) == 296, "uc_sigmask at 296");
_Static_assert(sizeof(struct rt_sigframe) == 440, "Linux's x86_64 rt_sigframe is 440 bytes");
#endif

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The arm64 half of /bin/rop's sigreturn-oriented attack (user/rop/main.c,
 * docs/labs/lab5-srop.md): where a handler's ucontext sits in its signal
 * frame, how to point a copied frame at another function, and how to call
 * rt_sigreturn with SP where a handler's return would leave it. Include
 * after sig_arch.h (struct ucontext).
 */
#ifndef USER_SROP_ARCH_H
#define USER_SROP_ARCH_H

#include <sys/syscall.h>

/*
 * SROP (docs/labs/lab5-srop.md): the signal frame is Linux's struct
 * rt_sigframe, a 128-byte siginfo and then the ucontext; rt_sigreturn
 * reads it at SP, where the handler's return left SP.
 */
#define ROP_SROP_UC_OFFSET 128
#define ROP_SROP_FRAME (128 + sizeof(struct ucontext))

/* The forged frame's registers: win(arg) on a stack of its own. */
static inline void rop_srop_forge(void *uc, unsigned long pc, unsigned long sp, unsigned long arg)
{
	struct sigcontext *mc = &((struct ucontext *)uc)->uc_mcontext;

	mc->pc = pc;
	mc->sp = sp;
	mc->regs[0] = arg;
}

/* rt_sigreturn with the frame at frame, as a handler's return into the restorer would leave it. */
static inline __attribute__((noreturn)) void rop_srop_sigreturn(void *frame)
{
	__asm__ __volatile__("mov sp, %0\n\t"
			     "mov x8, %1\n\t"
			     "svc #0\n\t"
			     "udf #0" ::"r"(frame),
			     "i"(__NR_rt_sigreturn)
			     : "memory");
	__builtin_unreachable();
}

#endif

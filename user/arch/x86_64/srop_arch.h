/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 half of /bin/rop's sigreturn-oriented attack (user/rop/main.c,
 * docs/labs/lab5-srop.md): where a handler's ucontext sits in its signal
 * frame, how to point a copied frame at another function, and how to call
 * rt_sigreturn with SP where a handler's return would leave it. Include
 * after sig_arch.h (struct ucontext).
 */
#ifndef USER_SROP_ARCH_H
#define USER_SROP_ARCH_H

#include <sys/syscall.h>

/*
 * SROP (docs/labs/lab5-srop.md): a handler's ucontext sits 8 bytes into
 * the signal frame, above pretcode (Linux's struct rt_sigframe), and
 * rt_sigreturn reads the frame at RSP - 8, RSP being where the handler's
 * RET left it. The whole frame is smaller than ROP_SROP_FRAME bytes.
 */
#define ROP_SROP_UC_OFFSET 8
#define ROP_SROP_FRAME 1024

/* The forged frame's registers: win(arg) on a stack of its own; no FPU state to restore. */
static inline void rop_srop_forge(void *uc, unsigned long pc, unsigned long sp, unsigned long arg)
{
	struct sigcontext *mc = &((struct ucontext *)uc)->uc_mcontext;

	mc->rip = pc;
	mc->rsp = sp - 8; /* as if called: RSP is 8 off a 16-byte boundary at the entry */
	mc->rdi = arg;
	mc->fpstate = 0;
}

/* rt_sigreturn with the frame at frame, as a handler's RET into the restorer would leave it. */
static inline __attribute__((noreturn)) void rop_srop_sigreturn(void *frame)
{
	__asm__ __volatile__("mov %0, %%rsp\n\t"
			     "mov %1, %%eax\n\t"
			     "syscall\n\t"
			     "ud2" ::"r"((char *)frame + ROP_SROP_UC_OFFSET),
			     "i"(__NR_rt_sigreturn)
			     : "memory");
	__builtin_unreachable();
}

#endif

/* SPDX-License-Identifier: MIT */
/* x86_64's NT_PRSTATUS register set (Linux's arch/x86/include/asm/user_64.h). */
#ifndef UAPI_ASM_X86_64_PTRACE_H
#define UAPI_ASM_X86_64_PTRACE_H

struct user_regs_struct {
	unsigned long r15, r14, r13, r12, rbp, rbx, r11, r10, r9, r8;
	unsigned long rax, rcx, rdx, rsi, rdi, orig_rax;
	unsigned long rip, cs, eflags, rsp, ss;
	unsigned long fs_base, gs_base;
	unsigned long ds, es, fs, gs;
};

#endif

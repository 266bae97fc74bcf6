/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for the arch's <asm/trap.h>: <kernel/task.h>'s
 * task_user_frame() needs the frame's size. The host tests never enter
 * the kernel, so only the type has to exist; its fields mirror x86_64's.
 */
#ifndef ASM_TRAP_H
#define ASM_TRAP_H

#include <kernel/types.h>

struct trap_frame {
	u64 r15, r14, r13, r12, r11, r10, r9, r8;
	u64 rbp, rdi, rsi, rdx, rcx, rbx, rax;
	u64 vector, error_code;
	u64 rip, cs, rflags, rsp, ss;
};

#endif

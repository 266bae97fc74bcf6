/* SPDX-License-Identifier: MIT */
/*
 * One entry stub per vector, each padded to TRAP_STUB_SIZE bytes so idt.c
 * finds stub N at trap_stubs + N * TRAP_STUB_SIZE. A stub pushes a zero
 * where the CPU pushes no error code (SDM vol. 3A §6.13: vectors 8, 10-14,
 * 17, 21, 29, 30 have one), then its vector, and joins trap_common, which
 * builds a struct trap_frame and calls trap_dispatch().
 *
 * Kernel IBT (kernel_ibt.c): an event delivered through the IDT, and
 * SYSCALL, leave ring 0's branch tracker waiting for an ENDBR64 as an
 * indirect JMP does (SDM vol. 1 §17.3.1), so each stub and syscall_entry
 * opens with one. The widest stub -- ENDBR64 (4 bytes), PUSH $0 (2),
 * PUSH $imm32 (5), JMP rel32 (5) -- still fits in 16.
 */
#include <asm/apic.h>
#include <asm/percpu.h>
#include <asm/segment.h>
#include <asm/trap.h>

/* The general registers in struct trap_frame's order (r15 lowest). */
.macro SAVE_GPRS
	pushq %rax
	pushq %rbx
	pushq %rcx
	pushq %rdx
	pushq %rsi
	pushq %rdi
	pushq %rbp
	pushq %r8
	pushq %r9
	pushq %r10
	pushq %r11
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
.endm

.macro RESTORE_GPRS
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %r11
	popq %r10
	popq %r9
	popq %r8
	popq %rbp
	popq %rdi
	popq %rsi
	popq %rdx
	popq %rcx
	popq %rbx
	popq %rax
.endm

	.text
	.balign TRAP_STUB_SIZE
	.globl trap_stubs
trap_stubs:
	.set vec, 0
	.rept NR_VECTORS
	.balign TRAP_STUB_SIZE
	endbr64
	.if !(vec == 8 || (vec >= 10 && vec <= 14) || vec == 17 || vec == 21 || vec == 29 || vec == 30)
	pushq $0
	.endif
	pushq $vec
	.if vec == VEC_DEBUG || vec == VEC_NMI || vec == VEC_DOUBLE_FAULT || vec == VEC_MACHINE_CHECK
	jmp trap_paranoid
	.else
	jmp trap_common
	.endif
	.set vec, vec + 1
	.endr

/*
 * From the kernel: the SSP the CPU left, where it pushed CS, the return
 * address and the old SSP (kernel_shstk.c), goes just below the frame
 * (twice, keeping RSP 16-byte aligned) for fix-ups that move the frame's
 * RIP. RDSSPQ is a NOP without shadow stacks: 0.
 */
.macro DISPATCH_FROM_KERNEL
	xorl %eax, %eax
	rdsspq %rax
	pushq %rax
	pushq %rax
	movq %rsp, %rdi
	addq $16, %rdi
	call trap_dispatch
	addq $16, %rsp
.endm

/*
 * GS in kernel mode is always the kernel's: IA32_GS_BASE holds this CPU's
 * struct cpu and IA32_KERNEL_GS_BASE the user's base (asm/percpu.h). An
 * entry from user mode swaps them first thing and the return to user mode
 * swaps them back last; an entry from the kernel finds them right.
 */
trap_common:
	SAVE_GPRS
	cld
	/* The CPU aligned RSP to 16 before its pushes; 22 qwords keep it so. */
	testb $3, TF_CS(%rsp)
	jnz 3f
	DISPATCH_FROM_KERNEL
	jmp trap_return

/*
 * The events with their own IST stacks -- #DB, NMI, #DF, #MC -- also come
 * in the few kernel instructions between SYSCALL and its SWAPGS, or
 * between the exit's SWAPGS and IRETQ (a #DB of a SYSCALL under TF, an
 * NMI anywhere), so from the kernel GS may still be the user's. As
 * Linux's paranoid entry: IA32_GS_BASE tells, since a user base is always
 * below the canonical hole (user_base_ok()) and the kernel's struct cpu
 * above it; RBX remembers a swap to undo on the way out (the C code keeps
 * RBX, and the frame restores it).
 */
trap_paranoid:
	SAVE_GPRS
	cld
	testb $3, TF_CS(%rsp)
	jnz 3f
	movl $0xc0000101, %ecx		/* IA32_GS_BASE (asm/msr.h) */
	rdmsr
	xorl %ebx, %ebx
	testl %edx, %edx
	js 4f				/* already the kernel's */
	swapgs
	movl $1, %ebx
4:	DISPATCH_FROM_KERNEL
	testl %ebx, %ebx
	jz trap_return
	swapgs
	jmp trap_return
	/*
	 * From user mode through an IST gate (#DB, NMI, #MC) the frame is on
	 * the IST stack, not at the top of the task's kernel stack where
	 * signals and fork look for the user registers: move it there and
	 * continue on the task's stack, which also frees the IST stack. Its
	 * shadow stack too (kernel_shstk.c): CLRSSBSY releases the IST one,
	 * SETSSBSY takes the task's at IA32_PL0_SSP, as a non-IST entry
	 * would have. No CALL is pending on either in between.
	 */
3:	swapgs
	movq %rsp, %rdi
	call x86_frame_to_task_stack
	movq %rax, %rsp
	movq %rax, %rdi
	cmpb $0, x86_kshstk_enabled(%rip)
	je 2f
	movl $0x6a4, %ecx		/* IA32_PL0_SSP (asm/cet.h) */
	rdmsr
	shlq $32, %rdx
	orq %rdx, %rax
	rdsspq %rcx
	cmpq %rax, %rcx
	je 2f
	clrssbsy (%rcx)
	setssbsy
2:	call trap_dispatch
/*
 * Every return to user mode passes here, so return_to_user_mode()
 * (kernel/entry.c) runs the exit work, makes sure the IRET below never
 * faults in ring 0 (user_return.c: a frame it would refuse becomes the
 * user-mode #GP it would have been) and drops big_lock. The frame's CS has
 * RPL 3 exactly when it goes to user mode: sigreturn ORs 3 into any CS it
 * takes.
 */
	.globl trap_return
trap_return:
	testb $3, TF_CS(%rsp)
	jz 1f
	movq %rsp, %rdi
	call return_to_user_mode
	/*
	 * User GS back for IRETQ: with interrupts masked, so that only an
	 * IST event can come between the SWAPGS and IRETQ (trap_paranoid).
	 */
	cli
	RESTORE_GPRS
	addq $16, %rsp			/* vector and error code */
	swapgs
	iretq
1:	RESTORE_GPRS
	addq $16, %rsp			/* vector and error code */
	iretq

/*
 * The syscall instruction lands here (IA32_LSTAR) with RCX = user RIP,
 * R11 = user RFLAGS, interrupts masked by IA32_FMASK, and still on the user
 * stack (SDM vol. 2B, SYSCALL). The kernel stack is this CPU's: struct
 * cpu's arch.entry_rsp (asm/percpu.h), reached with a SWAPGS pair that
 * brackets the stack switch and the two pushes that need user_rsp, so GS
 * holds the kernel's base for four instructions. We build the same struct
 * trap_frame an interrupt would, then leave through trap_return (iretq),
 * which restores every register; never SYSRET, whose #GP on a
 * non-canonical RCX comes in ring 0 with the user's RSP (CVE-2012-0217).
 *
 * Until syscall_entry_on_kstack the stack is the user's and, after the
 * first SWAPGS, GS is the kernel's. Nothing may interrupt that: IF is
 * masked, and the exceptions that can still come -- NMI, #MC, and the #DB
 * of a SYSCALL executed with RFLAGS.TF set -- switch to their own IST
 * stacks (idt.c). That #DB is a trap taken after the SYSCALL, before the
 * first instruction here runs (SDM vol. 3B §18.3.1.4), so it always finds
 * both GS bases as user mode left them; an NMI inside the pair would not,
 * and its handler touches no per-CPU state before it decides to stop the
 * CPU (traps.c).
 */
	.globl syscall_entry
syscall_entry:
	endbr64
	swapgs				/* the kernel's GS until trap_return */
	movq %rsp, %gs:CPU_ARCH_USER_RSP
	movq %gs:CPU_ARCH_ENTRY_RSP, %rsp
	pushq $USER_DS			/* ss */
	pushq %gs:CPU_ARCH_USER_RSP	/* rsp */
	.globl syscall_entry_on_kstack
syscall_entry_on_kstack:
	/*
	 * SYSCALL left SSP 0 (SDM vol. 2B, SYSCALL): before the first CALL,
	 * take the task's kernel shadow stack (kernel_shstk.c).
	 */
	cmpb $0, x86_kshstk_enabled(%rip)
	je 1f
	setssbsy
1:
	pushq %r11			/* rflags */
	pushq $USER_CS			/* cs */
	pushq %rcx			/* rip */
	pushq %rax			/* in the error-code slot: the number, for restarts */
	pushq $SYSCALL_VECTOR
	SAVE_GPRS
	cld
	movq %rsp, %rdi
	call x86_syscall
	jmp trap_return

/*
 * switch_stacks(&prev_ksp, next_ksp, &prev_ssp, next_ssp): saves the
 * callee-saved registers on this stack, stores its pointer, and resumes
 * the other stack where it left off (or, for a new task, at the address
 * its set-up put there). With kernel shadow stacks (next_ssp not 0) the
 * shadow stack goes along (kernel_shstk.c): RSTORSSP moves SSP to the
 * restore token at next_ssp, SAVEPREVSSP leaves one just below this
 * stack's SSP, whose address is this task's next_ssp next time (SDM
 * vol. 1 §17.2.3). The RET then pops the next task's return address from
 * both stacks.
 */
	.globl switch_stacks
switch_stacks:
	pushq %rbp
	pushq %rbx
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	movq %rsp, (%rdi)
	testq %rcx, %rcx
	jz 1f
	rdsspq %rax
	subq $8, %rax
	movq %rax, (%rdx)
	rstorssp (%rcx)
	saveprevssp
1:	movq %rsi, %rsp
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %rbx
	popq %rbp
	ret

/* A forked task's first instructions: finish the switch, then to user space. */
	.globl ret_from_fork
ret_from_fork:
	movq %rsp, %rdi			/* the child's trap frame */
	call enter_new_user_task
	jmp trap_return

/* A task that starts in the kernel: RBX = the function, which fills the trap frame. */
	.globl kthread_entry
kthread_entry:
	call schedule_tail
	call *%rbx
	jmp trap_return

/* arch_call_on_stack(stack_top, fn, arg): never returns. */
	.globl arch_call_on_stack
arch_call_on_stack:
	movq %rdi, %rsp
	xorl %ebp, %ebp			/* the new stack's backtrace ends here */
	movq %rdx, %rdi
	call *%rsi
	ud2

/*
 * x86_kshstk_start(stack_top, token, fn, arg): never returns. Interrupts
 * stay off from S_CET.SH_STK_EN until SETSSBSY has made SSP the new shadow
 * stack's (kernel_shstk.c): an event in between would push at SSP 0.
 */
	.globl x86_kshstk_start
x86_kshstk_start:
	movq %rdi, %rsp
	xorl %ebp, %ebp			/* the new stack's backtrace ends here */
	movq %rdx, %r8			/* fn */
	movq %rcx, %r9			/* arg */
	movq %rsi, %r10			/* token */
	pushfq
	cli
	movl $0x6a4, %ecx		/* IA32_PL0_SSP (asm/cet.h) */
	movq %r10, %rax
	movq %r10, %rdx
	shrq $32, %rdx
	wrmsr
	movl $0x6a2, %ecx		/* IA32_S_CET */
	rdmsr
	orl $1, %eax			/* SH_STK_EN */
	wrmsr
	setssbsy
	popfq
	movq %r9, %rdi
	call *%r8
	ud2

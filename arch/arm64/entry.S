/* SPDX-License-Identifier: MIT */
/*
 * Exception vectors (Arm ARM D1.3.1: 16 slots of 0x80 bytes, the table
 * 2 KiB aligned in VBAR_EL1), the trap frame, the context switch and the
 * first instructions of new tasks.
 *
 * The kernel runs at EL1h on the task's kernel stack (SP_EL1). An exception
 * from EL0 arrives on SP_EL1 = the top of current's kernel stack, where the
 * trap frame of its user registers goes; SP_EL0 (the user SP) is saved in
 * the frame and is scratch inside the kernel.
 */
#include <asm/page.h>
#include <asm/sysreg.h>
#include <asm/trap.h>

#define CTX_GCSPR 104 /* struct arm64_cpu_context.gcspr (task.c checks) */

/* Builds a struct trap_frame below SP. el = 0 (from EL0) or 1. */
.macro SAVE_FRAME el, kind
	sub	sp, sp, #FRAME_SIZE
	stp	x0, x1, [sp, #FRAME_X(0)]
	stp	x2, x3, [sp, #FRAME_X(2)]
	stp	x4, x5, [sp, #FRAME_X(4)]
	stp	x6, x7, [sp, #FRAME_X(6)]
	stp	x8, x9, [sp, #FRAME_X(8)]
	stp	x10, x11, [sp, #FRAME_X(10)]
	stp	x12, x13, [sp, #FRAME_X(12)]
	stp	x14, x15, [sp, #FRAME_X(14)]
	stp	x16, x17, [sp, #FRAME_X(16)]
	stp	x18, x19, [sp, #FRAME_X(18)]
	stp	x20, x21, [sp, #FRAME_X(20)]
	stp	x22, x23, [sp, #FRAME_X(22)]
	stp	x24, x25, [sp, #FRAME_X(24)]
	stp	x26, x27, [sp, #FRAME_X(26)]
	stp	x28, x29, [sp, #FRAME_X(28)]
	.if \el == 0
	mrs	x21, sp_el0
	mov	x29, #0			/* a user frame ends the kernel backtrace */
	.else
	add	x21, sp, #FRAME_SIZE
	.endif
	stp	x30, x21, [sp, #FRAME_X(30)]
	mrs	x22, elr_el1
	mrs	x23, spsr_el1
	stp	x22, x23, [sp, #FRAME_ELR]
	mrs	x24, esr_el1
	mrs	x25, far_el1
	stp	x24, x25, [sp, #FRAME_ESR]
	mov	x26, #\kind
	str	x26, [sp, #FRAME_KIND]
.endm

	.section .vectors, "ax"
	.balign 2048
	.globl arm64_vectors
arm64_vectors:
	/* Current EL with SP_EL0: the kernel never runs so. */
	.balign 0x80
	b	bad_vector
	.balign 0x80
	b	bad_vector
	.balign 0x80
	b	bad_vector
	.balign 0x80
	b	bad_vector
	/* Current EL with SP_ELx: the kernel itself. */
	.balign 0x80
	b	el1_sync
	.balign 0x80
	b	el1_irq
	.balign 0x80
	b	bad_vector
	.balign 0x80
	b	el1_serror
	/* Lower EL, AArch64: user space. */
	.balign 0x80
	b	el0_sync
	.balign 0x80
	b	el0_irq
	.balign 0x80
	b	bad_vector
	.balign 0x80
	b	el0_serror
	/* Lower EL, AArch32: not supported (ID_AA64PFR0 EL0 may lack it anyway). */
	.balign 0x80
	b	bad_vector
	.balign 0x80
	b	bad_vector
	.balign 0x80
	b	bad_vector
	.balign 0x80
	b	bad_vector

	.text
/*
 * A kernel stack overflow: the frame would land in the guard half of a
 * kernel-stack slot (KSTACK_AREA_BASE, 64 KiB slots whose top 32 KiB are
 * the stack, so bit 15 of a stack address is 1). Pushing it there would
 * fault again forever, so the report runs on overflow_stack instead, with
 * the interrupted SP kept in SP_EL0. SP_EL0 is also the scratch slot for
 * x0 while we check (kernel scratch, see the top of this file; TPIDR_EL1
 * is the per-CPU pointer): the overflow report loses x0, nothing else.
 */
el1_sync:
	msr	sp_el0, x0
	mov	x0, sp
	sub	x0, x0, #FRAME_SIZE
	lsr	x0, x0, #30
	eor	x0, x0, #KSTACK_AREA_GIB
	cbnz	x0, 1f			/* not a kernel stack: no guard to check */
	mov	x0, sp
	sub	x0, x0, #FRAME_SIZE
	tbnz	x0, #15, 1f		/* still inside the stack */
	mov	x0, sp
	msr	sp_el0, x0
	adrp	x0, overflow_stack_top
	add	x0, x0, :lo12:overflow_stack_top
	mov	sp, x0
	SAVE_FRAME 1, TRAP_SYNC
	mrs	x21, sp_el0
	str	x21, [sp, #FRAME_SP]	/* the SP that overflowed */
	/*
	 * With kernel GCS on, a full GCS gets here too: each push that
	 * faults below it raises an exception whose own BL faults again,
	 * until the frames overflow the stack. The report runs without it.
	 */
	adrp	x0, arm64_kgcs_on
	ldrb	w0, [x0, :lo12:arm64_kgcs_on]
	cbz	w0, 2f
	msr	S3_0_C2_C5_0, xzr	/* GCSCR_EL1 */
	isb
2:	mov	x0, sp
	bl	arm64_stack_overflow	/* does not return */
1:	mrs	x0, sp_el0
	SAVE_FRAME 1, TRAP_SYNC
	mov	x0, sp
	bl	trap_dispatch
	.globl	arm64_el1_sync_return
arm64_el1_sync_return:			/* kernel_gcs.c finds the exception's GCS top by it */
	b	restore_frame

el1_irq:
	SAVE_FRAME 1, TRAP_IRQ
	mov	x0, sp
	bl	arm64_irq
	b	restore_frame

el1_serror:
	SAVE_FRAME 1, TRAP_SERROR
	mov	x0, sp
	bl	trap_dispatch
	b	restore_frame

el0_sync:
	SAVE_FRAME 0, TRAP_SYNC
	mov	x0, sp
	bl	trap_dispatch
	b	ret_to_user

el0_irq:
	SAVE_FRAME 0, TRAP_IRQ
	mov	x0, sp
	bl	arm64_irq
	b	ret_to_user

el0_serror:
	SAVE_FRAME 0, TRAP_SERROR
	mov	x0, sp
	bl	trap_dispatch
	b	ret_to_user

bad_vector:
	SAVE_FRAME 1, TRAP_FIQ
	mov	x0, sp
	bl	arm64_bad_vector	/* does not return */

/*
 * Returns to user space from the frame at SP: whatever the frame's SPSR
 * says, the ERET goes to AArch64 EL0t with D, A, I, F unmasked and IL,
 * SS, PAN, UAO and bits 63:32 clear -- only SPSR_USER_KEEP survives. So
 * no frame user space shaped (sigreturn, a kernel bug) can return to EL1
 * or with an illegal or masked PSTATE (Arm ARM C5.2.18 SPSR_EL1; an
 * illegal return would set PSTATE.IL and stay at EL1). The PC and SP are
 * the user's: a bad one faults at EL0 (UXN on every kernel page).
 */
ret_to_user:
	mov	x0, sp
	bl	return_to_user_mode	/* kernel/entry.c: exit work, then big_lock dropped */
	ldp	x22, x23, [sp, #FRAME_ELR]
	mov	x24, #(SPSR_USER_KEEP & 0xffff)
	movk	x24, #(SPSR_USER_KEEP >> 16), lsl #16
	and	x23, x23, x24
	ldr	x21, [sp, #FRAME_SP]
	msr	sp_el0, x21
	b	2f

/* Restores the kernel-mode frame at SP and returns from the exception (ERET). */
	.globl restore_frame
restore_frame:
	ldp	x22, x23, [sp, #FRAME_ELR]
2:	msr	elr_el1, x22
	msr	spsr_el1, x23
	ldp	x0, x1, [sp, #FRAME_X(0)]
	ldp	x2, x3, [sp, #FRAME_X(2)]
	ldp	x4, x5, [sp, #FRAME_X(4)]
	ldp	x6, x7, [sp, #FRAME_X(6)]
	ldp	x8, x9, [sp, #FRAME_X(8)]
	ldp	x10, x11, [sp, #FRAME_X(10)]
	ldp	x12, x13, [sp, #FRAME_X(12)]
	ldp	x14, x15, [sp, #FRAME_X(14)]
	ldp	x16, x17, [sp, #FRAME_X(16)]
	ldp	x18, x19, [sp, #FRAME_X(18)]
	ldp	x20, x21, [sp, #FRAME_X(20)]
	ldp	x22, x23, [sp, #FRAME_X(22)]
	ldp	x24, x25, [sp, #FRAME_X(24)]
	ldp	x26, x27, [sp, #FRAME_X(26)]
	ldp	x28, x29, [sp, #FRAME_X(28)]
	ldr	x30, [sp, #FRAME_X(30)]
	add	sp, sp, #FRAME_SIZE
	eret

/*
 * cpu_switch(prev_ctx, next_ctx): saves the callee-saved registers (AAPCS64
 * x19-x29), SP and LR into prev's struct arm64_cpu_context and resumes next
 * where it left off -- or, for a new task, at the LR its set-up chose.
 *
 * With kernel GCS on, the GCS goes with the stack, by the Arm ARM's own
 * switch (D11.7, "Guarded Control Stack switching"), never a plain MSR:
 * GCSSS1 checks that next's saved GCSPR_EL1 names a valid cap entry (its
 * page's address | 1) and moves there, leaving an in-progress cap; GCSSS2
 * caps prev's GCS just below its top -- the return into arch_switch_to()
 * its BL here pushed -- and steps over the in-progress cap, so GCSPR_EL1
 * names next's top entry: its own return into arch_switch_to(), or the
 * one a new task's set-up wrote (kernel_gcs.c), which the final RET pops
 * and checks against next's LR. So a switch can only land on a GCS that
 * was capped by a switch away from it, never on any other address.
 * GCSB DSYNC on both sides (Arm ARM C6.2 GCSB: explicit barriers do not
 * order GCS accesses): what came before (the run-queue lock's acquire)
 * before next's GCS reads, and prev's GCS writes, the cap included,
 * before what follows (the lock's release: another CPU that picks prev up
 * finds its cap) -- as Linux orders a user GCS on its context switch.
 */
	.globl cpu_switch
cpu_switch:
	adrp	x2, arm64_kgcs_on
	ldrb	w2, [x2, :lo12:arm64_kgcs_on]
	cbz	w2, 1f
	hint	#19			/* GCSB DSYNC */
	ldr	x2, [x1, #CTX_GCSPR]
	sys	#3, c7, c7, #2, x2	/* GCSSS1 x2: onto next's GCS */
	sysl	x2, #3, c7, c7, #3	/* GCSSS2 x2: prev's capped, x2 = its cap */
	hint	#19			/* GCSB DSYNC: the cap is seen before prev is */
	str	x2, [x0, #CTX_GCSPR]
1:	stp	x19, x20, [x0, #0]
	stp	x21, x22, [x0, #16]
	stp	x23, x24, [x0, #32]
	stp	x25, x26, [x0, #48]
	stp	x27, x28, [x0, #64]
	mov	x2, sp
	stp	x29, x2, [x0, #80]
	str	x30, [x0, #96]
	ldp	x19, x20, [x1, #0]
	ldp	x21, x22, [x1, #16]
	ldp	x23, x24, [x1, #32]
	ldp	x25, x26, [x1, #48]
	ldp	x27, x28, [x1, #64]
	ldp	x29, x2, [x1, #80]
	mov	sp, x2
	ldr	x30, [x1, #96]
	ret

/* A forked task's first instructions: finish the switch, then to user space. */
	.globl ret_from_fork
ret_from_fork:
	mov	x0, sp			/* the child's trap frame */
	bl	enter_new_user_task
	b	ret_to_user

/* A task that starts in the kernel: x19 = the function, which fills the trap frame. */
	.globl kthread_entry
kthread_entry:
	bl	schedule_tail
	blr	x19
	b	ret_to_user

/*
 * arm64_kgcs_start(stack_top, gcs_top, fn, arg, control): as
 * arch_call_on_stack, with GCS at EL1 switched on first (kernel_gcs.c):
 * GCSPR_EL1 = the empty GCS's top, GCSCR_EL1 = control, an ISB so the
 * BLs after it push (Arm ARM D24.1.2: a direct write to a System register
 * is seen by later instructions after a context synchronization event).
 * arm64_kgcs_started(gcs_top) checks the BL that calls it was pushed.
 * Interrupts are masked; nothing before returns, so nothing pops an entry
 * it never pushed.
 */
	.globl arm64_kgcs_start
arm64_kgcs_start:
	mov	sp, x0
	msr	S3_0_C2_C5_1, x1	/* GCSPR_EL1 */
	msr	S3_0_C2_C5_0, x4	/* GCSCR_EL1 */
	isb
	mov	x29, #0
	mov	x30, #0
	mov	x19, x2
	mov	x20, x3
	mov	x0, x1
	bl	arm64_kgcs_started
	mov	x0, x20
	blr	x19
	brk	#0

/* arch_call_on_stack(stack_top, fn, arg): never returns. */
	.globl arch_call_on_stack
arch_call_on_stack:
	mov	sp, x0
	mov	x29, #0			/* the new stack's backtrace ends here */
	mov	x30, #0
	mov	x0, x2
	blr	x1
	brk	#0

	.bss
	.balign 16
overflow_stack:
	.skip 8192
overflow_stack_top:

/* SPDX-License-Identifier: MIT */
/* Exception vectors (Intel SDM vol. 3A §6.3.1, table 6-1) and the trap frame. */
#ifndef ASM_TRAP_H
#define ASM_TRAP_H

#define VEC_DIVIDE 0
#define VEC_DEBUG 1
#define VEC_NMI 2
#define VEC_BREAKPOINT 3
#define VEC_OVERFLOW 4
#define VEC_BOUND 5
#define VEC_INVALID_OPCODE 6
#define VEC_DEVICE_NA 7
#define VEC_DOUBLE_FAULT 8
#define VEC_INVALID_TSS 10
#define VEC_SEGMENT_NP 11
#define VEC_STACK_FAULT 12
#define VEC_GP 13
#define VEC_PAGE_FAULT 14
#define VEC_X87 16
#define VEC_ALIGNMENT 17
#define VEC_MACHINE_CHECK 18
#define VEC_SIMD 19
#define VEC_VIRT 20
#define VEC_CONTROL_PROTECTION 21 /* #CP: CET violations, SDM vol. 1 §17.2 */
#define NR_EXCEPTIONS 32

#define VEC_IRQ_BASE 32 /* interrupts from here; the 8259s are remapped to 32..47 */
#define NR_VECTORS 256
#define SYSCALL_VECTOR 256 /* marks a trap frame built by syscall_entry */

/* Each stub in trap_entry.S is padded to this size: stub = base + vec * 16. */
#define TRAP_STUB_SIZE 16

/* Offsets in struct trap_frame, for trap_entry.S (checked in user_return.c). */
#define TF_VECTOR 120
#define TF_CS 144

/* #PF error code bits (SDM vol. 3A §4.7, figure 4-12). */
#define PF_PRESENT (1u << 0)
#define PF_WRITE (1u << 1)
#define PF_USER (1u << 2)
#define PF_RSVD (1u << 3)
#define PF_INSTR (1u << 4)
#define PF_PK (1u << 5)
#define PF_SHSTK (1u << 6)

#ifndef __ASSEMBLER__
#include <kernel/types.h>

/* What trap_entry.S saves, lowest address first. */
struct trap_frame {
	u64 r15, r14, r13, r12, r11, r10, r9, r8;
	u64 rbp, rdi, rsi, rdx, rcx, rbx, rax;
	u64 vector, error_code;	      /* error_code is 0 when the CPU pushes none */
	u64 rip, cs, rflags, rsp, ss; /* pushed by the CPU */
};

void trap_dispatch(struct trap_frame *f);

/*
 * For trap_entry.S, on entry from user mode: the frame's place at the top
 * of the current task's kernel stack, where f is copied unless it is there.
 */
struct trap_frame *x86_frame_to_task_stack(struct trap_frame *f);

/*
 * For self-tests of the trap path: the next kernel-mode exception with this
 * vector is counted and skipped over (RIP += insn_len) instead of panicking.
 */
void trap_expect(unsigned int vector, unsigned int insn_len);
/* The same, but the faulting code goes on at resume (for faults whose RIP is elsewhere). */
void trap_expect_resume(unsigned int vector, uintptr_t resume);
unsigned int trap_expect_hits(void);
/* The error code and CR2 at the last expected exception. */
void trap_expect_last(u64 *error_code, u64 *cr2);
#endif

#endif

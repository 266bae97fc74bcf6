/* SPDX-License-Identifier: MIT */
/* Exception syndromes (Arm ARM D19.2.45, ESR_EL1) and the trap frame. */
#ifndef ASM_TRAP_H
#define ASM_TRAP_H

#include <asm/const.h>

#define ESR_EC_SHIFT 26
#define ESR_EC_UNKNOWN 0x00 /* unknown reason: undefined instructions, UDF */
#define ESR_EC_WFX 0x01
#define ESR_EC_FP 0x07	     /* FP/SIMD access trapped by CPACR */
#define ESR_EC_BTI 0x0d	     /* Branch Target exception (FEAT_BTI; BTYPE in ISS 1:0) */
#define ESR_EC_ILL 0x0e	     /* illegal execution state */
#define ESR_EC_SVC64 0x15    /* SVC from AArch64 */
#define ESR_EC_SYS64 0x18    /* MSR/MRS/system instruction trap */
#define ESR_EC_IABT_LOW 0x20 /* instruction abort from EL0 */
#define ESR_EC_IABT_CUR 0x21
#define ESR_EC_PC_ALIGN 0x22
#define ESR_EC_DABT_LOW 0x24 /* data abort from EL0 */
#define ESR_EC_DABT_CUR 0x25
#define ESR_EC_SP_ALIGN 0x26
#define ESR_EC_FP_EXC64 0x2c
#define ESR_EC_GCS 0x2d /* GCS exception (FEAT_GCS) */
#define ESR_EC_SERROR 0x2f
#define ESR_EC_BRK_LOW 0x30 /* breakpoint from EL0 */
#define ESR_EC_BRK_CUR 0x31
#define ESR_EC_SSTEP_LOW 0x32
#define ESR_EC_SSTEP_CUR 0x33
#define ESR_EC_WATCH_LOW 0x34
#define ESR_EC_WATCH_CUR 0x35
#define ESR_EC_BRK64 0x3c /* BRK instruction */
#define ESR_EC_MAX 0x3f

/* Data/instruction abort ISS (Arm ARM D19.2.45.x). */
#define ESR_IL (UL(1) << 25)	   /* a 32-bit instruction */
#define ESR_ISS_CM (UL(1) << 8)	   /* a cache maintenance instruction */
#define ESR_ISS_WNR (UL(1) << 6)   /* write, not read */
#define ESR_ISS_FSC_MASK UL(0x3f)  /* DFSC / IFSC */
#define ESR_ISS2_GCS (UL(1) << 40) /* ISS2.GCS: a GCS access (FEAT_GCS) */
#define FSC_TYPE_MASK 0x3c	   /* the fault type without its level */
#define FSC_ADDR_SIZE 0x00
#define FSC_TRANSLATION 0x04 /* level 0; + the level for 1..3 */
#define FSC_ACCESS_FLAG 0x08
#define FSC_PERMISSION 0x0c

/* The kind of exception in a vector slot (our numbering, vectors.S). */
#define TRAP_SYNC 0
#define TRAP_IRQ 1
#define TRAP_FIQ 2
#define TRAP_SERROR 3

/* struct trap_frame: x0..x30, sp, elr, spsr, esr, far, kind + pad. */
#define FRAME_X(n) ((n)*8)
#define FRAME_SP (31 * 8)
#define FRAME_ELR (32 * 8)
#define FRAME_SPSR (33 * 8)
#define FRAME_ESR (34 * 8)
#define FRAME_FAR (35 * 8)
#define FRAME_KIND (36 * 8)
#define FRAME_SIZE (38 * 8) /* a multiple of 16 */

#ifndef __ASSEMBLER__
#include <kernel/types.h>

struct trap_frame {
	u64 x[31];
	u64 sp; /* SP_EL0 from EL0, the interrupted SP_EL1 from EL1 */
	u64 elr, spsr, esr, far;
	u64 kind, pad;
};

_Static_assert(sizeof(struct trap_frame) == FRAME_SIZE, "trap frame layout");

/* f is a system call's: an SVC from AArch64 (X8 the number, X0 the result). */
static inline bool arm64_frame_is_svc(const struct trap_frame *f)
{
	return f->kind == TRAP_SYNC && (f->esr >> ESR_EC_SHIFT) == ESR_EC_SVC64;
}

void trap_dispatch(struct trap_frame *f);
void arm64_irq(struct trap_frame *f);

/* The handler of an interrupt ID (GIC INTID), run with interrupts off. */
void irq_set_handler(unsigned int intid, void (*fn)(void));

/*
 * For self-tests that make the kernel fault on purpose: the next
 * kernel-mode synchronous exception with ESR class ec (and no fix-up of
 * its own) is recorded instead of panicking, and execution resumes at the
 * next instruction (ELR + 4) or, for a call into a page that cannot run,
 * at the caller's return address (x30).
 */
enum trap_resume { TRAP_RESUME_NEXT, TRAP_RESUME_LR };

struct trap_seen {
	u64 esr, far, elr, spsr;
	bool pan;	   /* PSTATE.PAN as the handler found it */
	unsigned int hits; /* 0 or 1 */
};

void trap_expect_fault(unsigned int ec, enum trap_resume resume);
void trap_expect(unsigned int ec); /* trap_expect_fault(ec, TRAP_RESUME_NEXT) */
unsigned int trap_expect_hits(void);
const struct trap_seen *trap_expect_seen(void);
#endif

#endif

/* SPDX-License-Identifier: MIT */
/* What gcs.c (the GCS hardware half) offers the rest of the arm64 code. */
#ifndef ASM_GCS_H
#define ASM_GCS_H

#include <asm/sysreg.h>
#include <kernel/types.h>

/*
 * GCSB DSYNC (Arm ARM C6.2, "GCSB"; ordering rules in D11, "Guarded
 * Control Stack", its memory-ordering section): the GCS memory effects
 * before it -- BL/RET pushes and pops, GCSSTR, GCSPUSHM -- are ordered
 * before the explicit loads and stores after it. Explicit accesses alone
 * (DMB, DSB) do not order GCS effects: the kernel reads and writes a GCS
 * with ordinary loads and stores (mm_write, copy_from_user), so each such
 * access is bracketed by this barrier, as Linux's gcsb_dsync() calls are.
 * A hint (HINT #19): a NOP where FEAT_GCS is absent.
 */
static inline void arm64_gcsb_dsync(void)
{
	__asm__ __volatile__(INSN_GCSB_DSYNC ::: "memory");
}

struct task;
struct trap_frame;

/* task.c: GCSPR_EL0 and GCSCRE0_EL1 out of prev, into next; fork's inheritance. */
/*
 * Why user GCS is not in use, for a verdict's "NOT VALIDATED" line: the
 * CPU lacks FEAT_GCS, gcs=off, no S1PIE, or the EL0 probe found GCS
 * not acting (a higher EL left it disabled); NULL when it is in use.
 */
const char *arm64_gcs_unusable_reason(void);

/*
 * Runs three instructions at EL0 with GCSCRE0_EL1 = gcscre0_on
 * (gcs_probe.c): NULL when BL pushed its return address on the GCS, else
 * why not. Once, from arm64_gcs_init(), interrupts masked.
 */
const char *arm64_gcs_probe(u64 gcscre0_on);

void arm64_gcs_switch(struct task *prev, struct task *next);
void arm64_gcs_fork(struct task *child, const struct task *parent);

/* traps.c: one line naming the GCS exception in esr; an EL0 one's SIGSEGV/SEGV_CPERR. */
void arm64_gcs_describe(u64 esr);
void arm64_gcs_user_fault(struct trap_frame *f);

/*
 * On a secondary CPU: its ID_AA64PFR1_EL1.GCS and ID_AA64MMFR3_EL1.S1PIE
 * must equal the boot CPU's; with S1PIE on, PIRE0_EL1 and PIR_EL1 get the
 * boot CPU's values and TCR2_EL1.PIE; with GCS on, GCSCRE0_EL1 and
 * GCSPR_EL0 must read back what was written (then reset as at boot).
 * Returns an enum smp_shstk, *detail one of the GCS_CHECK_* below.
 */
#define GCS_CHECK_ID 1
#define GCS_CHECK_PIRE0 2
#define GCS_CHECK_PIR 3
#define GCS_CHECK_GCSCRE0 4
#define GCS_CHECK_GCSPR 5
int arm64_gcs_check_secondary(u64 *detail);

#endif

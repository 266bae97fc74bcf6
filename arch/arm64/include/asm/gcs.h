/* SPDX-License-Identifier: MIT */
/* What gcs.c (the GCS hardware half) offers the rest of the arm64 code. */
#ifndef ASM_GCS_H
#define ASM_GCS_H

#include <kernel/types.h>

struct task;
struct trap_frame;

/* task.c: GCSPR_EL0 and GCSCRE0_EL1 out of prev, into next; fork's inheritance. */
void arm64_gcs_switch(struct task *prev, struct task *next);
void arm64_gcs_fork(struct task *child, const struct task *parent);

/* traps.c: one line naming the GCS exception in esr; an EL0 one's SIGSEGV/SEGV_CPERR. */
void arm64_gcs_describe(u64 esr);
void arm64_gcs_user_fault(struct trap_frame *f);

#endif

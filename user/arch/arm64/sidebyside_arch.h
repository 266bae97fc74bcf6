/* SPDX-License-Identifier: MIT */
/*
 * /bin/sidebyside's arm64 answers (user/sidebyside.c, docs/labs/lab6-cet-gcs.md):
 * what GCS does where CET's shadow stack does something else.
 */
#ifndef USER_SIDEBYSIDE_ARCH_H
#define USER_SIDEBYSIDE_ARCH_H

#include "gcs.h"
#include <errno.h>

#define SS_NAME "arm64 GCS"

/*
 * The word map_shadow_stack(SET_TOKEN) leaves in the top slot at slot: a
 * cap for GCSSS1, which names the page of its own address with token type 1
 * (a valid cap, docs/ABI.md §5.5).
 */
static inline unsigned long ss_token_word(unsigned long slot)
{
	return (slot & ~0xfffUL) | 1;
}

/* A locked mode bit's change: EBUSY, as Linux's PR_SET_SHADOW_STACK_STATUS (docs/ABI.md §5.4). */
#define SS_LOCKED_ERRNO EBUSY

static inline long ss_lock_enable(void)
{
	return GCS_PRCTL(PR_LOCK_SHADOW_STACK_STATUS, PR_SHADOW_STACK_ENABLE);
}

static inline long ss_disable(void)
{
	return GCS_SET_MODE(0);
}

/* The enable bit that lets EL0 run GCSPUSHM: PR_SHADOW_STACK_PUSH (docs/ABI.md §5.4). */
#define SS_PUSH_MODE PR_SHADOW_STACK_PUSH

/* GCSPUSHM a value, find it at GCSPR_EL0, GCSPOPM it back: 0 when all three hold. */
static inline int ss_push_check(void)
{
	/* Bits 1:0 clear: a return record; GCSPOPM takes anything else for a token (data check). */
	unsigned long before = gcs_read_gcspr(), v = 0x5349444542595348ul;

	gcs_pushm(v);
	if (gcs_read_gcspr() != before - 8 || *(volatile unsigned long *)(before - 8) != v)
		return 1;
	return gcs_popm() == v && gcs_read_gcspr() == before ? 0 : 2;
}

#endif

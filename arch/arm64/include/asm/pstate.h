/* SPDX-License-Identifier: MIT */
/* What user space may put in PSTATE (arch/arm64/pstate.c). */
#ifndef ASM_PSTATE_H
#define ASM_PSTATE_H

#include <kernel/types.h>

/*
 * Sanitises a pstate from user space in place. True when it is valid for
 * a return to EL0 (then only SPSR_USER_KEEP bits remain); false when Linux
 * refuses it -- the caller raises SIGSEGV -- with *pstate forced to its NZCV.
 */
bool arm64_user_pstate_valid(u64 *pstate);

#endif

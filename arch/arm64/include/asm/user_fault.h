/* SPDX-License-Identifier: MIT */
/* Which signal an unhandled EL0 exception raises (arch/arm64/user_fault.c). */
#ifndef ASM_USER_FAULT_H
#define ASM_USER_FAULT_H

#include <kernel/types.h>

struct user_signal {
	int sig;
	int code;
	u64 addr; /* si_addr */
};

/* For ESR class ec taken from EL0 at pc, with FAR_EL1 far and SP_EL0 sp. */
struct user_signal arm64_user_signal(unsigned int ec, u64 pc, u64 far, u64 sp);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * prctl(2) and the options the tests use (Linux include/uapi/linux/prctl.h
 * values). The shadow-stack options are arm64's interface; x86_64 answers
 * them with EINVAL and uses arch_prctl(ARCH_SHSTK_*) instead (ABI.md §4.4).
 */
#ifndef SYS_PRCTL_H
#define SYS_PRCTL_H

#define PR_GET_SHADOW_STACK_STATUS 74
#define PR_SET_SHADOW_STACK_STATUS 75
#define PR_LOCK_SHADOW_STACK_STATUS 76
#define PR_SHADOW_STACK_ENABLE (1UL << 0)
#define PR_SHADOW_STACK_WRITE (1UL << 1)
#define PR_SHADOW_STACK_PUSH (1UL << 2)

int prctl(int option, unsigned long arg2, unsigned long arg3, unsigned long arg4,
	  unsigned long arg5);

#endif

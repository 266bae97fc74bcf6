/* SPDX-License-Identifier: MIT */
/*
 * prctl(2); its options come from <uapi/linux/prctl.h>. The shadow-stack
 * options are arm64's interface; x86_64 answers them with EINVAL and uses
 * arch_prctl(ARCH_SHSTK_*) instead (<machine/prctl.h>).
 */
#ifndef SYS_PRCTL_H
#define SYS_PRCTL_H

#include <uapi/linux/prctl.h>

int prctl(int option, unsigned long arg2, unsigned long arg3, unsigned long arg4,
	  unsigned long arg5);

#endif

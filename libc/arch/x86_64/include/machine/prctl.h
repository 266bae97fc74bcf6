/* SPDX-License-Identifier: MIT */
/* arch_prctl(2), x86_64; its codes are <uapi/asm-x86_64/prctl.h>. */
#ifndef ARCH_PRCTL_H
#define ARCH_PRCTL_H

#include <uapi/asm-x86_64/prctl.h>

int arch_prctl(int code, unsigned long addr);

#endif

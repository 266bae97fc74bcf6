/* SPDX-License-Identifier: MIT */
/* System calls with an arm64-only shape. */
#ifndef ASM_SYSCALLS_H
#define ASM_SYSCALLS_H

#include <kernel/syscalls.h>

SYSCALL(clone);

#endif

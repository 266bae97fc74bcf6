/* SPDX-License-Identifier: MIT */
/* System calls only x86_64 has. */
#ifndef ASM_SYSCALLS_H
#define ASM_SYSCALLS_H

#include <kernel/syscalls.h>

SYSCALL(arch_prctl);

#endif

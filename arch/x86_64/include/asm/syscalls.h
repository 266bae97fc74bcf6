/* SPDX-License-Identifier: MIT */
/* System calls only x86_64 has. */
#ifndef ASM_SYSCALLS_H
#define ASM_SYSCALLS_H

#include <kernel/syscalls.h>

SYSCALL(arch_prctl);
SYSCALL(clone);
SYSCALL(iopl);
SYSCALL(ioperm);

/* arch_prctl(ARCH_SHSTK_*), in arch/x86_64/shstk.c. */
long x86_shstk_prctl(int option, unsigned long arg2);

#endif

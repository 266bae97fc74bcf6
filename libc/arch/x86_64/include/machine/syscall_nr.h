/* SPDX-License-Identifier: MIT */
/* The x86_64 system call numbers, __NR_name: the kernel's own list. */
#ifndef ARCH_SYSCALL_NR_H
#define ARCH_SYSCALL_NR_H

#include <uapi/asm-x86_64/unistd.h>

#endif

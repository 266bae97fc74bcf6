/* SPDX-License-Identifier: MIT */
/* The arm64 system call numbers, __NR_name: the kernel's own list. */
#ifndef ARCH_SYSCALL_NR_H
#define ARCH_SYSCALL_NR_H

#include <uapi/asm-arm64/unistd.h>

#endif

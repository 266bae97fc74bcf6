/* SPDX-License-Identifier: MIT */
/*
 * System call numbers of this architecture, __NR_name, with Linux's values:
 * the list the kernel's table is made from (include/uapi/asm-ARCH/unistd.h).
 */
#ifndef SYS_SYSCALL_H
#define SYS_SYSCALL_H

#include <machine/syscall_nr.h>

/* A number as a string, for assembly text: "mov x8, #" __stringify(__NR_exit). */
#define __stringify_1(x) #x
#define __stringify(x) __stringify_1(x)

#endif

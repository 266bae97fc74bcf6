/* SPDX-License-Identifier: MIT */
/* This arch's system-call numbers (__NR_name), for generic kernel code. */
#ifndef ASM_UNISTD_H
#define ASM_UNISTD_H

#include <uapi/asm-x86_64/unistd.h>

#endif

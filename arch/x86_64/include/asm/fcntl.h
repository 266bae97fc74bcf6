/* SPDX-License-Identifier: MIT */
/* The open flags whose values depend on the architecture, for generic code. */
#ifndef ASM_FCNTL_H
#define ASM_FCNTL_H

#include <uapi/asm-x86_64/fcntl.h>
#include <uapi/linux/fcntl.h>

#endif

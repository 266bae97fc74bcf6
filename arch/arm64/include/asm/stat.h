/* SPDX-License-Identifier: MIT */
/* struct stat as this architecture lays it out, for generic code. */
#ifndef ASM_STAT_H
#define ASM_STAT_H

#include <uapi/asm-arm64/stat.h>
#include <uapi/linux/stat.h>

#endif

/* SPDX-License-Identifier: MIT */
/* struct stat as this architecture's stat calls fill it. */
#ifndef ARCH_STAT_H
#define ARCH_STAT_H

#include <uapi/asm-x86_64/stat.h>

#endif

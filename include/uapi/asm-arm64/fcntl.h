/* SPDX-License-Identifier: MIT */
/* The open() flags whose values arm64 changes (arch/arm64/include/uapi/asm/fcntl.h). */
#ifndef UAPI_ASM_ARM64_FCNTL_H
#define UAPI_ASM_ARM64_FCNTL_H

#define O_DIRECTORY 040000
#define O_NOFOLLOW 0100000
#define O_DIRECT 0200000
#define O_LARGEFILE 0400000

#endif

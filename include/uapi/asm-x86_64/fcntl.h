/* SPDX-License-Identifier: MIT */
/* The open() flags whose values differ between architectures: x86_64 uses the generic ones. */
#ifndef UAPI_ASM_X86_64_FCNTL_H
#define UAPI_ASM_X86_64_FCNTL_H

#define O_DIRECT 040000
#define O_LARGEFILE 0100000
#define O_DIRECTORY 0200000
#define O_NOFOLLOW 0400000

#endif

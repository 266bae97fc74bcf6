/* SPDX-License-Identifier: MIT */
/* What uname() and /proc/version call this kernel: one place for both. */
#ifndef KERNEL_VERSION_H
#define KERNEL_VERSION_H

#define UTS_SYSNAME "Umbra"
#define UTS_NODENAME "umbra"
#define UTS_RELEASE "0.1"
#define UTS_VERSION "#1"
#define UTS_DOMAINNAME "(none)"

/* `git describe --always --dirty` of the source, made at build time (Makefile). */
extern const char kernel_commit[];

/* The compiler that built the kernel, as /proc/version names it. */
#ifdef __clang__
#define UTS_COMPILER __VERSION__
#else
#define UTS_COMPILER "gcc version " __VERSION__
#endif

#endif

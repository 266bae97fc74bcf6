/* SPDX-License-Identifier: MIT */
/*
 * open()/openat() flags that x86_64 and arm64 share (include/uapi/
 * asm-generic/fcntl.h). The ones whose values differ (O_DIRECTORY,
 * O_NOFOLLOW, O_DIRECT, O_LARGEFILE) are in <uapi/asm-ARCH/fcntl.h>.
 */
#ifndef UAPI_LINUX_FCNTL_H
#define UAPI_LINUX_FCNTL_H

#define O_RDONLY 00
#define O_WRONLY 01
#define O_RDWR 02
#define O_ACCMODE 03
#define O_CREAT 0100
#define O_EXCL 0200
#define O_NOCTTY 0400
#define O_TRUNC 01000
#define O_APPEND 02000
#define O_NONBLOCK 04000
#define O_CLOEXEC 02000000

#define AT_FDCWD (-100)

#endif

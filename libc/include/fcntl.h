/* SPDX-License-Identifier: MIT */
/*
 * open/openat flags (Linux include/uapi/asm-generic/fcntl.h values; the few
 * an architecture changes come from <arch/fcntl.h>).
 */
#ifndef FCNTL_H
#define FCNTL_H

#include <arch/fcntl.h>
#include <sys/types.h>

#define O_RDONLY 00
#define O_WRONLY 01
#define O_RDWR 02
#define O_CREAT 0100
#define O_EXCL 0200
#define O_NOCTTY 0400
#define O_TRUNC 01000
#define O_APPEND 02000
#define O_NONBLOCK 04000
#define O_CLOEXEC 02000000

#define AT_FDCWD (-100)

int open(const char *path, int flags, ...);
int openat(int dirfd, const char *path, int flags, ...);

#endif

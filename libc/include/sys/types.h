/* SPDX-License-Identifier: MIT */
/* Basic system types, with the Linux x86_64/arm64 (LP64) sizes. */
#ifndef SYS_TYPES_H
#define SYS_TYPES_H

#include <stddef.h>
#include <stdint.h>

typedef long ssize_t;
typedef long off_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef long time_t;
typedef int clockid_t;
typedef int timer_t; /* the kernel's timer ID (glibc hides it behind a pointer) */
typedef long suseconds_t;

#endif

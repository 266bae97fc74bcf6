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
#define O_NDELAY O_NONBLOCK
#define O_DSYNC 010000
#define O_ASYNC 020000 /* FASYNC: SIGIO on I/O */
#define O_NOATIME 01000000
#define O_CLOEXEC 02000000
#define O_PATH 010000000

/* fcntl() commands (asm-generic/fcntl.h, linux/fcntl.h). */
#define F_DUPFD 0
#define F_GETFD 1
#define F_SETFD 2
#define F_GETFL 3
#define F_SETFL 4
#define F_GETLK 5
#define F_SETLK 6
#define F_SETLKW 7
#define F_SETOWN 8
#define F_GETOWN 9
#define F_SETSIG 10
#define F_GETSIG 11
#define F_LINUX_SPECIFIC_BASE 1024
#define F_SETLEASE (F_LINUX_SPECIFIC_BASE + 0)
#define F_GETLEASE (F_LINUX_SPECIFIC_BASE + 1)
#define F_NOTIFY (F_LINUX_SPECIFIC_BASE + 2)
#define F_DUPFD_QUERY (F_LINUX_SPECIFIC_BASE + 3)
#define F_DUPFD_CLOEXEC (F_LINUX_SPECIFIC_BASE + 6)
#define F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7)
#define F_GETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 8)

#define FD_CLOEXEC 1

#define AT_FDCWD (-100)

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Linux errno values (the asm-generic numbering that x86_64 and arm64 share,
 * include/uapi/asm-generic/errno-base.h and errno.h). The kernel returns them
 * negated; libc stores them positive in errno (<errno.h> wraps this file).
 */
#ifndef UAPI_LINUX_ERRNO_H
#define UAPI_LINUX_ERRNO_H

#define EPERM 1
#define ENOENT 2
#define ESRCH 3
#define EINTR 4
#define EIO 5
#define ENXIO 6
#define E2BIG 7
#define ENOEXEC 8
#define EBADF 9
#define ECHILD 10
#define EAGAIN 11
#define EWOULDBLOCK EAGAIN
#define ENOMEM 12
#define EACCES 13
#define EFAULT 14
#define ENOTBLK 15
#define EBUSY 16
#define EEXIST 17
#define EXDEV 18
#define ENODEV 19
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define ENFILE 23
#define EMFILE 24
#define ENOTTY 25
#define ETXTBSY 26
#define EFBIG 27
#define ENOSPC 28
#define ESPIPE 29
#define EROFS 30
#define EMLINK 31
#define EPIPE 32
#define EDOM 33
#define ERANGE 34
#define EDEADLK 35
#define ENAMETOOLONG 36
#define ENOLCK 37
#define ENOSYS 38
#define ENOTEMPTY 39
#define ELOOP 40
#define ENOPKG 65
#define EOVERFLOW 75
#define EOPNOTSUPP 95
#define ETIMEDOUT 110
#define ECANCELED 125

/*
 * Kernel-internal (include/linux/errno.h): a system call interrupted by a
 * signal is restarted or turned into EINTR; neither ever reaches user space
 * (libc knows them only to test that).
 */
#define ERESTARTSYS 512
#define ERESTARTNOINTR 513
#define ERESTARTNOHAND 514 /* restarted only when no handler runs (sigsuspend, pause) */

#endif

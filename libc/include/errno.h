/* SPDX-License-Identifier: MIT */
/*
 * errno, and its values from the kernel's <uapi/linux/errno.h>.
 *
 * errno is per thread: it lives in the thread control block that the thread
 * pointer (FS base on x86_64, TPIDR_EL0 on arm64) points at, set up by the
 * start code for the main thread and by thread_create() for the others.
 */
#ifndef ERRNO_H
#define ERRNO_H

int *__errno_location(void);
#define errno (*__errno_location())

#include <uapi/linux/errno.h>

#endif

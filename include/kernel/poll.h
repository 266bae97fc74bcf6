/* SPDX-License-Identifier: MIT */
/*
 * Waiting for files to become ready (poll, ppoll). A task waits on many
 * files at once, and a task sleeps on one wait queue at a time, so pollers
 * share one kernel-wide queue: whatever can change a file's readiness (a
 * pipe's read, write or close; a process exiting or being reaped) calls
 * poll_wake(), and every poller scans its files again. Simple and correct;
 * its cost is one scan per poller per event, fine for a few pollers. The
 * queue, like the files, is guarded by big_lock (<kernel/big_lock.h>).
 */
#ifndef KERNEL_POLL_H
#define KERNEL_POLL_H

#include <uapi/linux/poll.h>

/* The POLL* bits of a file whose kind has no poll op (Linux's DEFAULT_POLLMASK). */
#define DEFAULT_POLLMASK (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

/* Something a poller may wait for happened: every poller looks again. */
void poll_wake(void);

#endif

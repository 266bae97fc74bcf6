/* SPDX-License-Identifier: MIT */
/*
 * timerfds: a timer on CLOCK_REALTIME, CLOCK_MONOTONIC or CLOCK_BOOTTIME
 * read as a file. read() gives the expiries since the last read as an
 * 8-byte count (waiting for one, or EAGAIN with O_NONBLOCK); poll() says
 * POLLIN while there is one. The file is an ordinary open file: fork
 * shares it, TFD_CLOEXEC closes it on execve, the last close frees it.
 */
#ifndef KERNEL_TIMERFD_H
#define KERNEL_TIMERFD_H

/* CLOCK_REALTIME was set: TFD_TIMER_CANCEL_ON_SET timers are cancelled (ECANCELED). */
void timerfd_clock_was_set(void);

#endif

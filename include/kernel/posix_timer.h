/* SPDX-License-Identifier: MIT */
/*
 * POSIX timers (timer_create and friends), as Linux keeps them: each
 * belongs to a process, named by an ID the process hands out from 0 up;
 * a fork's child has none, and execve and exit delete them. On expiry one
 * sends its signal (si_code SI_TIMER, si_value the sigevent's value) to
 * the process or, with SIGEV_THREAD_ID, to one of its threads; SIGEV_NONE
 * sends nothing. While the signal waits undelivered, further expiries are
 * counted as its overrun, handed out in si_overrun as it is delivered and
 * kept for timer_getoverrun(), DELAYTIMER_MAX at most.
 */
#ifndef KERNEL_POSIX_TIMER_H
#define KERNEL_POSIX_TIMER_H

struct ksiginfo;
struct process;
struct posix_timer;

/* The POSIX timers of a process (in struct process; zero when it starts). */
struct posix_timers {
	struct posix_timer *head;
	int next_id; /* the next ID to try, as Linux's next_posix_timer_id (kept across execve) */
};

/* p's signal info from one of its timers is being delivered: it gets the overrun count. */
void posix_timer_dequeued(struct process *p, struct ksiginfo *info);
/* execve, or the process died: every timer of p is deleted. */
void posix_timers_delete_all(struct process *p);

#endif

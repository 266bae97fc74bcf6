/* SPDX-License-Identifier: MIT */
/*
 * Signals: the numbers, flags, si_codes and the kernel's structures are
 * <uapi/linux/signal.h>'s (siginfo_t too); here the calls that send them.
 */
#ifndef SIGNAL_H
#define SIGNAL_H

#include <sys/types.h>
#include <uapi/linux/signal.h>

#define NSIG 65 /* signals are 1.._NSIG (64) */

/* siginfo_t is the kernel's struct user_siginfo; the POSIX names of its fields. */
typedef struct user_siginfo siginfo_t;

#define si_pid u.proc.pid
#define si_uid u.proc.uid
#define si_status u.proc.status
#define si_utime u.proc.utime
#define si_stime u.proc.stime
#define si_timerid u.timer.tid	   /* SI_TIMER: which POSIX timer */
#define si_overrun u.timer.overrun /* its expiries while the signal waited */
#define si_value u.timer.value	   /* its sigev_value (an unsigned long here) */
#define si_addr u.addr /* an unsigned long here (POSIX: a void *), the fault's address */

int kill(pid_t pid, int sig);
int tgkill(pid_t tgid, pid_t tid, int sig);

#endif

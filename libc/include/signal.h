/* SPDX-License-Identifier: MIT */
/*
 * Signals: the numbers, flags, si_codes and the kernel's structures are
 * <uapi/linux/signal.h>'s; here siginfo_t and the calls that send them.
 */
#ifndef SIGNAL_H
#define SIGNAL_H

#include <sys/types.h>
#include <uapi/linux/signal.h>

#define NSIG 65 /* signals are 1.._NSIG (64) */

/*
 * siginfo_t: 128 bytes. Only the SIGCHLD view is spelled out; the offsets
 * are Linux's (si_pid 16, si_uid 20, si_status 24).
 */
typedef struct {
	int si_signo;
	int si_errno;
	int si_code;
	int __pad0;
	union {
		struct {
			pid_t si_pid;
			uid_t si_uid;
			int si_status;
			int __pad1;
			long si_utime;
			long si_stime;
		} sigchld;
		char __bytes[128 - 16];
	} u;
} siginfo_t;

#define si_pid u.sigchld.si_pid
#define si_uid u.sigchld.si_uid
#define si_status u.sigchld.si_status

_Static_assert(sizeof(siginfo_t) == 128, "siginfo_t is 128 bytes");

int kill(pid_t pid, int sig);
int tgkill(pid_t tgid, pid_t tid, int sig);

#endif

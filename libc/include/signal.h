/* SPDX-License-Identifier: MIT */
/* Signal numbers (Linux x86_64/arm64 values) and the calls that send them. */
#ifndef SIGNAL_H
#define SIGNAL_H

#include <sys/types.h>

#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGSTKFLT 16
#define SIGCHLD 17
#define SIGCONT 18
#define SIGSTOP 19
#define SIGTSTP 20
#define SIGTTIN 21
#define SIGTTOU 22
#define SIGURG 23
#define SIGXCPU 24
#define SIGXFSZ 25
#define SIGVTALRM 26
#define SIGPROF 27
#define SIGWINCH 28
#define SIGIO 29
#define SIGPWR 30
#define SIGSYS 31
#define NSIG 65 /* signals are 1.._NSIG (64) */

/* si_code values for SIGCHLD */
#define CLD_EXITED 1
#define CLD_KILLED 2
#define CLD_DUMPED 3
#define CLD_TRAPPED 4
#define CLD_STOPPED 5
#define CLD_CONTINUED 6

/* si_code values for SIGSEGV */
#define SEGV_MAPERR 1
#define SEGV_ACCERR 2
#define SEGV_CPERR 10

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

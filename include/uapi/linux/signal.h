/* SPDX-License-Identifier: MIT */
/* Signal numbers (x86_64 and arm64 share them) and sigprocmask's "how". */
#ifndef UAPI_LINUX_SIGNAL_H
#define UAPI_LINUX_SIGNAL_H

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
#define SIGRTMIN 32
#define _NSIG 64

#define SIG_BLOCK 0
#define SIG_UNBLOCK 1
#define SIG_SETMASK 2

/* si_code values for SIGSEGV. */
#define SEGV_MAPERR 1
#define SEGV_ACCERR 2
#define SEGV_CPERR 10 /* control-protection (shadow stack) fault */

/* si_code values for SIGCHLD (waitid). */
#define CLD_EXITED 1
#define CLD_KILLED 2
#define CLD_DUMPED 3

#endif

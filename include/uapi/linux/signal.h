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

#define SIG_DFL 0
#define SIG_IGN 1

/* sigaction flags (the x86_64 and arm64 values are the same). */
#define SA_NOCLDSTOP 0x00000001u
#define SA_NOCLDWAIT 0x00000002u
#define SA_SIGINFO 0x00000004u
#define SA_RESTORER 0x04000000u
#define SA_ONSTACK 0x08000000u
#define SA_RESTART 0x10000000u
#define SA_NODEFER 0x40000000u
#define SA_RESETHAND 0x80000000u

/* sigaltstack flags and sizes. */
#define SS_ONSTACK 1
#define SS_DISABLE 2
#define SS_AUTODISARM (1u << 31)
/* The smallest alternate stack sigaltstack() takes: Linux's per-arch value (arm64's frame is bigger). */
#ifdef __aarch64__
#define MINSIGSTKSZ 5120
#else
#define MINSIGSTKSZ 2048
#endif

/* si_code values for signals a process sends. */
#define SI_USER 0
#define SI_KERNEL 0x80
#define SI_TKILL (-6)
#define SI_TIMER (-2) /* a POSIX timer expired (timer_create) */

/* How a POSIX timer tells of its expiry: sigevent.sigev_notify. */
#define SIGEV_SIGNAL 0	  /* sigev_signo to the process */
#define SIGEV_NONE 1	  /* nothing: timer_gettime() says the time left */
#define SIGEV_THREAD 2	  /* libc runs a function; the kernel sees SIGEV_SIGNAL */
#define SIGEV_THREAD_ID 4 /* sigev_signo to the thread sigev_notify_thread_id */

#define SIG_BLOCK 0
#define SIG_UNBLOCK 1
#define SIG_SETMASK 2

/* si_code values for SIGSEGV. */
#define SEGV_MAPERR 1
#define SEGV_ACCERR 2
#define SEGV_CPERR 10 /* control-protection (shadow stack) fault */

/* si_code values of the other fault signals (asm-generic/siginfo.h). */
#define ILL_ILLOPC 1  /* illegal opcode */
#define ILL_ILLOPN 2  /* illegal operand */
#define FPE_INTDIV 1  /* integer divide by zero */
#define FPE_FLTINV 7  /* floating-point invalid operation */
#define BUS_ADRALN 1  /* invalid address alignment */
#define BUS_ADRERR 2  /* non-existent physical address: a file mapping past its end */
#define TRAP_BRKPT 1  /* process breakpoint */
#define TRAP_TRACE 2  /* process trace trap */
#define TRAP_HWBKPT 4 /* hardware breakpoint or watchpoint */

/* si_code values for SIGCHLD (waitid). */
#define CLD_EXITED 1
#define CLD_KILLED 2
#define CLD_DUMPED 3
#define CLD_TRAPPED 4
#define CLD_STOPPED 5
#define CLD_CONTINUED 6

#ifndef __ASSEMBLER__
/*
 * The kernel's struct sigaction (not libc's): rt_sigaction() takes this,
 * and every program that calls it raw uses this one (scripts/lint).
 */
struct kernel_sigaction {
	unsigned long sa_handler;
	unsigned long sa_flags;
	unsigned long sa_restorer;
	unsigned long long sa_mask;
};

struct user_stack {
	void *ss_sp;
	int ss_flags;
	unsigned long ss_size;
};

/*
 * siginfo_t, 128 bytes, Linux's offsets: the kernel fills it (kernel/signal,
 * waitid) and libc's siginfo_t is this type. Which view holds depends on
 * si_code: a signal sent by a process or SIGCHLD fills proc (pid 16, uid 20,
 * status 24, utime 32, stime 40), a fault fills addr (si_addr, 16).
 */
struct user_siginfo {
	int si_signo;
	int si_errno;
	int si_code;
	int __pad0;
	union {
		struct {
			int pid;
			unsigned int uid;
			int status; /* SIGCHLD */
			int __pad1;
			long utime;
			long stime;
		} proc;
		unsigned long addr; /* SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP */
		struct {
			int tid;	     /* the timer's ID */
			int overrun;	     /* expiries missed while the signal waited */
			unsigned long value; /* sigev_value */
		} timer;		     /* si_code SI_TIMER */
		char __bytes[128 - 16];
	} u;
};

_Static_assert(sizeof(struct user_siginfo) == 128, "siginfo_t is 128 bytes");
_Static_assert(__builtin_offsetof(struct user_siginfo, u.addr) == 16, "si_addr at 16");
_Static_assert(__builtin_offsetof(struct user_siginfo, u.proc.status) == 24, "si_status at 24");
_Static_assert(__builtin_offsetof(struct user_siginfo, u.timer.overrun) == 20, "si_overrun at 20");
_Static_assert(__builtin_offsetof(struct user_siginfo, u.timer.value) == 24, "si_value at 24");

/*
 * timer_create()'s struct sigevent, 64 bytes: sigev_value comes back in
 * the signal's si_value; sigev_notify_thread_id is SIGEV_THREAD_ID's target.
 */
struct sigevent {
	unsigned long sigev_value;
	int sigev_signo;
	int sigev_notify;
	union {
		int pad[12];
		int tid;
	} sigev_un;
};

#define sigev_notify_thread_id sigev_un.tid
_Static_assert(sizeof(struct sigevent) == 64, "struct sigevent is 64 bytes");
#endif

#endif

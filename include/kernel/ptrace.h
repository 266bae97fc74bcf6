/* SPDX-License-Identifier: MIT */
/*
 * ptrace (kernel/proc/ptrace.c): a process traces threads of its children
 * (PTRACE_TRACEME, PTRACE_ATTACH, PTRACE_SEIZE). A traced thread stops --
 * TASK_TRACED, off the run queue until the tracer resumes it or SIGKILL
 * ends the stop -- before each signal is delivered, after an exec, and at
 * PTRACE_INTERRUPT; the tracer's wait4 reports each stop once. The rules
 * and errnos: docs/ABI.md §7.5.
 *
 * The register sets are the arch's (the hooks below, arch/ARCH/ptrace.c).
 */
#ifndef KERNEL_PTRACE_H
#define KERNEL_PTRACE_H

#include <kernel/signal.h>
#include <kernel/types.h>
#include <kernel/uaccess.h>

struct task;
struct process;

/* ptrace_state.flags */
#define PT_PTRACED (1u << 0) /* traced: its parent process is the tracer */
#define PT_SEIZED (1u << 1)  /* by PTRACE_SEIZE: no SIGSTOP, no exec SIGTRAP, INTERRUPT works */

/* A thread's side of tracing; all zero when it is not traced. */
struct ptrace_state {
	unsigned int flags;    /* PT_* */
	unsigned long options; /* PTRACE_O_* in force */
	int exit_code;	   /* stopped: what wait reports (0 once reported); resumed: the signal */
	bool trap_pending; /* PTRACE_INTERRUPT asked for a stop */
	struct ksiginfo *last_siginfo; /* the stop's siginfo (PTRACE_GETSIGINFO), NULL when none */
	unsigned long message;	       /* PTRACE_GETEVENTMSG */
};

static inline bool ptrace_traced(const struct ptrace_state *ps)
{
	return ps->flags != 0;
}

/*
 * Called by signal_deliver() for t (current), traced, before it acts on
 * sig: the signal-delivery stop. Returns the signal to act on instead,
 * with *info rewritten if the tracer changed it; 0 when the tracer
 * cancelled it, it was put back (now blocked) or t is being killed.
 */
int ptrace_signal(struct task *t, int sig, struct ksiginfo *info, bool thread_directed);

/* Called first by signal_deliver(): stops t (current) if PTRACE_INTERRUPT asked; true if it did. */
bool ptrace_trap(struct task *t);

/* A successful execve by current: its SIGTRAP or PTRACE_EVENT_EXEC stop. */
void ptrace_exec(void);

/* Thread t exits: it is traced no more. */
void ptrace_task_exit(struct task *t);

/* The last thread of p exits: every thread p traces is let go (PTRACE_O_EXITKILL: killed). */
void ptrace_tracer_exit(struct process *p);

/*
 * For wait4/waitid in process me: a stopped tracee matching want (a TID in
 * the caller's namespace, or -1) whose stop is not reported yet. Returns
 * its TID with *status = (code << 8) | 0x7f -- reported, unless nowait --
 * or 0. *any is set when some traced thread matches want at all.
 */
long ptrace_wait_stopped(struct process *me, int want, bool nowait, int *status, bool *any);

/* ---- arch hooks (arch/ARCH/ptrace.c) ---- */

/*
 * A register set, Linux's struct user_regset: n registers of size bytes,
 * named by its ELF note type (NT_*). get fills n * size bytes (or returns
 * -errno: the set is not available for t); set takes count bytes (a
 * multiple of size, at most n * size) from user memory at ubuf, as Linux's
 * regset set() with pos 0, and checks them as Linux does. t is stopped.
 */
struct regset {
	unsigned int type;
	unsigned int n, size;
	int (*get)(struct task *t, void *buf);
	int (*set)(struct task *t, const void __user *ubuf, size_t count);
};

#define REGSET_MAX_BYTES 384 /* the largest n * size of any arch's sets */

extern const struct regset arch_regsets[];
extern const unsigned int arch_nr_regsets;

/*
 * What t's saved user frame says of the system call it is in (Linux's
 * syscall_get_nr() and syscall_get_arguments()): the call's number, an
 * int as Linux's (struct seccomp_data's nr), and its six arguments as the
 * call received them in args; -1, args untouched, when the frame is not a
 * system call's (t entered through an interrupt or a fault).
 * /proc/PID/syscall reads it of a task that is not running, beside
 * arch_task_user_sp() and arch_task_user_ip().
 */
int arch_task_syscall(const struct task *t, unsigned long args[6]);

#endif

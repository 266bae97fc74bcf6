// SPDX-License-Identifier: MIT
/*
 * Job control: the stop signals stop a whole process and SIGCONT resumes
 * it, as Linux's kernel/signal.c (prepare_signal(), do_signal_stop(),
 * do_notify_parent_cldstop()):
 *
 * - Sending a stop signal (SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU) discards a
 *   pending SIGCONT; sending SIGCONT discards pending stop signals and, if
 *   the process is stopped, resumes it -- whatever SIGCONT's handler, even
 *   SIG_IGN -- and tells the parent (CLD_CONTINUED).
 * - A stop signal with its default action stops the process: every thread
 *   waits on stop_wait until SIGCONT or SIGKILL, the parent gets SIGCHLD
 *   with CLD_STOPPED (unless its SIGCHLD action has SA_NOCLDSTOP or is
 *   SIG_IGN) and wait4(WUNTRACED) reports it once. SIGTSTP, SIGTTIN and
 *   SIGTTOU to a process of an orphaned process group are discarded
 *   (POSIX: nobody is left to continue it); SIGSTOP is not.
 */
#include <kernel/pgrp.h>
#include <kernel/pid.h>
#include <kernel/signal.h>
#include <kernel/task.h>
#include <kernel/waitq.h>
#include <uapi/linux/signal.h>

bool signal_is_stop(int sig)
{
	return sig >= 1 && sig <= 64 && (SIGBIT(sig) & SIG_STOP_SIGNALS);
}

/* Linux's do_notify_parent_cldstop(): SIGCHLD for a stop or a continue. */
static void notify_parent(struct process *p, int code, int sig)
{
	struct process *parent = p->parent;
	struct ksiginfo k = { .signo = SIGCHLD, .code = code, .status = sig };
	const struct task *any = parent ? READ_ONCE(parent->threads) : NULL;

	if (!any || parent->state != PROC_ALIVE)
		return;
	const struct k_sigaction *ka = &any->sighand->action[SIGCHLD - 1];

	k.pid = pid_nr_in(p->pid, parent->pid->ns[parent->pid->level]);
	if (ka->handler != SIG_IGN && !(ka->flags & SA_NOCLDSTOP))
		signal_send_process(parent, SIGCHLD, &k);
	waitq_wake(&parent->child_exit, -1); /* a WUNTRACED or WCONTINUED wait4 looks again */
}

static void discard_pending(struct process *p, u64 bits)
{
	p->sigpending &= ~bits;
	for (struct task *t = p->threads; t; t = t->thread_next)
		t->sigpending &= ~bits;
}

void signal_prepare(struct process *p, int sig)
{
	if (p->exiting || p->state != PROC_ALIVE)
		return;
	if (signal_is_stop(sig)) {
		discard_pending(p, SIGBIT(SIGCONT));
		return;
	}
	if (sig != SIGCONT)
		return;
	discard_pending(p, SIG_STOP_SIGNALS);
	if (!p->stopped)
		return;
	p->stopped = false;
	p->stop_report = 0;
	p->continue_report = true;
	waitq_wake(&p->stop_wait, -1);
	notify_parent(p, CLD_CONTINUED, SIGCONT);
}

void signal_stop(struct task *t, int sig)
{
	struct process *p = t->proc;

	/* An orphaned group's terminal stops are dropped: nobody would continue it. */
	if (sig != SIGSTOP && pgrp_is_orphaned(p->pgrp))
		return;
	p->stopped = true;
	p->stop_report = sig;
	p->continue_report = false;
	/* The other threads see the stop as a pending signal and join it (signal_stopped_wait()). */
	for (struct task *o = p->threads; o; o = o->thread_next)
		if (o != t)
			task_wake_interruptible(o);
	notify_parent(p, CLD_STOPPED, sig);
	signal_stopped_wait(t);
}

void signal_stopped_wait(struct task *t)
{
	struct process *p = t->proc;

	while (p->stopped && !p->exiting)
		(void)waitq_sleep_killable(&p->stop_wait, 0);
}

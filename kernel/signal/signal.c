// SPDX-License-Identifier: MIT
/*
 * Sending and delivering signals (see <kernel/signal.h>): kill, tgkill,
 * tkill, rt_sigprocmask, rt_sigpending, faults turned into signals, and
 * exit_signal to a parent.
 */
#include <kernel/arch.h>
#include <kernel/big_lock.h>
#include <kernel/exit.h>
#include <kernel/panic.h>
#include <kernel/pgrp.h>
#include <kernel/pid.h>
#include <kernel/posix_timer.h>
#include <kernel/printk.h>
#include <kernel/ptrace.h>
#include <kernel/shstk.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <kernel/waitq.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/signal.h>

/* Signals whose default action is to do nothing (signal(7)); SIGCONT's work is done when sent. */
#define SIG_DEFAULT_IGNORED (SIGBIT(SIGCHLD) | SIGBIT(SIGCONT) | SIGBIT(SIGURG) | SIGBIT(SIGWINCH))
/* Signals whose default action does not end the process. */
#define SIG_DEFAULT_NOT_FATAL (SIG_DEFAULT_IGNORED | SIG_STOP_SIGNALS)

static bool valid_signal(int sig)
{
	return sig >= 0 && sig <= _NSIG;
}

static struct k_sigaction *action_of(const struct task *t, int sig)
{
	return &t->sighand->action[sig - 1];
}

/*
 * The signal would do nothing where it lands: ignored, by handler or by
 * default. A blocked signal is never ignored, as in Linux (sig_ignored()):
 * the handler may change before it is unblocked, so it stays pending. Nor
 * is any signal but SIGKILL for a traced thread: its tracer sees every one.
 */
static bool signal_ignored(const struct task *t, int sig)
{
	uintptr_t h = action_of(t, sig)->handler;

	if (t->sigmask & SIGBIT(sig))
		return false;
	if (ptrace_traced(&t->ptrace) && sig != SIGKILL)
		return false;
	if (h == SIG_IGN)
		return true;
	return h == SIG_DFL && (SIGBIT(sig) & SIG_DEFAULT_IGNORED);
}

/*
 * Kills without ceremony: the default action is fatal and nothing can catch
 * it -- not even a tracer's signal-delivery stop (Linux's complete_signal()
 * lets a traced thread see all but SIGKILL).
 */
static bool signal_kills_now(const struct task *t, int sig)
{
	if (sig == SIGKILL)
		return true;
	return !ptrace_traced(&t->ptrace) && action_of(t, sig)->handler == SIG_DFL &&
	       !(SIGBIT(sig) & SIG_DEFAULT_NOT_FATAL);
}

static void fill_sender(struct ksiginfo *k, int sig, int code)
{
	memset(k, 0, sizeof(*k));
	k->signo = sig;
	k->code = code;
	k->pid = current->proc ? task_tgid_in(current, task_active_pid_ns(current)) : 0;
}

/*
 * Wakes a thread of p that can take sig, so its sleep ends with -EINTR;
 * not one that has begun to leave (Linux's wants_signal() and
 * PF_EXITING). p->siglock held: a thread that leaves meanwhile looks at
 * what is pending once it is off the list (signal_thread_left()).
 */
static void wake_for_signal(struct process *p, int sig)
{
	assert_spin_held(&p->siglock);
	for (struct task *t = p->threads; t; t = t->thread_next) {
		if (!(t->sigmask & SIGBIT(sig)) && !READ_ONCE(t->exit_begun)) {
			task_wake_interruptible(t);
			return;
		}
	}
}

/*
 * A namespace's init is protected as Linux protects it (SIGNAL_UNKILLABLE):
 * a signal it has no handler for is dropped, unless it is SIGKILL sent from
 * an ancestor namespace (force). What the kernel sends on its own account,
 * such as a child's exit signal, is never forced: no child can kill init by
 * dying with exit signal SIGKILL.
 */
static bool init_ignores(const struct task *target, int sig, bool force)
{
	if (!target->proc->is_ns_init || action_of(target, sig)->handler != SIG_DFL ||
	    (ptrace_traced(&target->ptrace) && sig != SIGKILL))
		return false;
	return !(force && sig == SIGKILL);
}

/* kill() and friends force their signal when the sender is outside target's namespace. */
static bool sender_outside_ns(const struct task *target)
{
	const struct process *p = target->proc;

	return !pid_nr_in(current->pid, p->pid->ns[p->pid->level]);
}

static int send_to_process(struct process *p, int sig, const struct ksiginfo *info, bool force)
{
	/*
	 * Read once: a last thread that leaves without big_lock may empty the
	 * list meanwhile; the thread read stays readable until this hold ends.
	 */
	struct task *any = READ_ONCE(p->threads);
	struct ksiginfo k;

	if (!valid_signal(sig))
		return -EINVAL;
	if (sig == 0 || p->state != PROC_ALIVE || !any)
		return 0;
	signal_prepare(p, sig);

	if (signal_ignored(any, sig) || init_ignores(any, sig, force))
		return 0;
	if (signal_kills_now(any, sig)) {
		bool all_block = true;

		for (struct task *t = p->threads; t; t = t->thread_next)
			all_block &= !!(t->sigmask & SIGBIT(sig));
		if (sig == SIGKILL || !all_block) {
			process_begin_exit(p, WAIT_STATUS_SIGNALED(sig));
			return 0;
		}
	}
	if (!info) {
		fill_sender(&k, sig, SI_USER);
		info = &k;
	}
	unsigned long flags = spin_lock_irqsave(&p->siglock);

	p->sigpending |= SIGBIT(sig);
	p->siginfo[sig - 1] = *info;
	wake_for_signal(p, sig);
	spin_unlock_irqrestore(&p->siglock, flags);
	return 0;
}

void signal_set_mask(struct task *t, u64 mask)
{
	struct process *p = t->proc;
	u64 newly = mask & ~t->sigmask & ~SIG_UNBLOCKABLE;
	unsigned long flags;

	if (!p || !(newly & p->sigpending)) {
		t->sigmask = mask & ~SIG_UNBLOCKABLE;
		return;
	}
	flags = spin_lock_irqsave(&p->siglock);
	t->sigmask = mask & ~SIG_UNBLOCKABLE;
	for (u64 take = newly & p->sigpending; take; take &= take - 1)
		wake_for_signal(p, __builtin_ctzll(take) + 1);
	spin_unlock_irqrestore(&p->siglock, flags);
}

void signal_thread_left(struct process *p, const struct task *gone)
{
	for (u64 take = p->sigpending & ~gone->sigmask; take; take &= take - 1)
		wake_for_signal(p, __builtin_ctzll(take) + 1);
}

static int send_to_thread(struct task *t, int sig, const struct ksiginfo *info, bool force)
{
	struct ksiginfo k;

	if (!valid_signal(sig))
		return -EINVAL;
	if (sig && t->proc)
		signal_prepare(t->proc, sig);
	if (sig == 0 || signal_ignored(t, sig) || init_ignores(t, sig, force))
		return 0;
	if (signal_kills_now(t, sig) && (sig == SIGKILL || !(t->sigmask & SIGBIT(sig)))) {
		process_begin_exit(t->proc, WAIT_STATUS_SIGNALED(sig));
		return 0;
	}
	if (!info) {
		fill_sender(&k, sig, SI_TKILL);
		info = &k;
	}
	t->sigpending |= SIGBIT(sig);
	t->siginfo[sig - 1] = *info;
	if (!(t->sigmask & SIGBIT(sig)))
		task_wake_interruptible(t);
	return 0;
}

int signal_send_process(struct process *p, int sig, const struct ksiginfo *info)
{
	return send_to_process(p, sig, info, false);
}

int signal_send_thread(struct task *t, int sig, const struct ksiginfo *info)
{
	return send_to_thread(t, sig, info, false);
}

int signal_kill_process(struct process *p, int sig, const struct ksiginfo *info)
{
	const struct task *any = READ_ONCE(p->threads);

	if (!any)
		return valid_signal(sig) ? 0 : -EINVAL; /* a zombie takes it silently */
	return send_to_process(p, sig, info, sender_outside_ns(any));
}

bool signal_fatal_pending(const struct task *t)
{
	return t->proc && t->proc->exiting;
}

bool signal_pending(const struct task *t)
{
	if (!t->proc)
		return false;
	return t->proc->exiting || t->ptrace.trap_pending || t->proc->stopped ||
	       ((t->sigpending | t->proc->sigpending) & ~t->sigmask);
}

static const char *segv_code_name(int sig, int code)
{
	if (sig != SIGSEGV)
		return "";
	switch (code) {
	case SEGV_MAPERR:
		return " (SEGV_MAPERR)";
	case SEGV_ACCERR:
		return " (SEGV_ACCERR)";
	case SEGV_CPERR:
		return " (SEGV_CPERR)";
	default:
		return "";
	}
}

void signal_force_fault(int sig, int si_code, uintptr_t addr, const char *what)
{
	struct task *t = current;
	struct k_sigaction *ka = action_of(t, sig);

	if (sig == SIGSEGV && si_code == SEGV_CPERR)
		shstk_count_fault(); /* only the hardware's #CP / GCS exception gets here */
	/* Linux's force_sig_fault(): a blocked or ignored fault signal cannot be survived. */
	if (ka->handler == SIG_IGN || (t->sigmask & SIGBIT(sig)))
		ka->handler = SIG_DFL;
	t->sigmask &= ~SIGBIT(sig);
	/* A traced thread stops with the signal first: its tracer may cancel it. */
	if ((ka->handler == SIG_DFL && !ptrace_traced(&t->ptrace)) || sig == SIGKILL) {
		printk("umbra: pid %d (%s): %s at %#lx ip %#lx sp %#lx: killed by signal %d%s\n",
		       task_tid_in(t, &init_pid_ns), t->name, what, (unsigned long)addr,
		       (unsigned long)arch_task_user_ip(t), (unsigned long)arch_task_user_sp(t),
		       sig, segv_code_name(sig, si_code));
		process_begin_exit(t->proc, WAIT_STATUS_SIGNALED(sig));
		return;
	}
	t->sigpending |= SIGBIT(sig);
	t->siginfo[sig - 1] = (struct ksiginfo){ .signo = sig, .code = si_code, .addr = addr };
}

void siginfo_to_user(struct user_siginfo *u, const struct ksiginfo *k)
{
	memset(u, 0, sizeof(*u));
	u->si_signo = k->signo;
	u->si_code = k->code;
	bool fault = k->signo == SIGSEGV || k->signo == SIGBUS || k->signo == SIGILL ||
		     k->signo == SIGFPE || k->signo == SIGTRAP;

	if (k->code == SI_TIMER) {
		u->u.timer.tid = k->timer_id;
		u->u.timer.overrun = k->overrun;
		u->u.timer.value = k->value;
		return;
	}
	/* Linux's siginfo_layout(): codes from SI_KERNEL up are a sender's, like SI_USER. */
	if (fault && k->code > 0 && k->code < SI_KERNEL) {
		u->u.addr = k->addr; /* raised by the kernel for a fault: its address */
	} else {
		u->u.proc.pid = k->pid; /* sent by a process, or SIGCHLD */
		u->u.proc.uid = 0;
		u->u.proc.status = k->status;
	}
}

bool signal_deliver(struct task *t)
{
	struct process *p = t->proc;
	u64 pending = (t->sigpending | p->sigpending) & ~t->sigmask;

	assert_big_lock_held();
	if (p->exiting)
		return false;
	if (p->stopped) {
		signal_stopped_wait(t); /* another thread stopped the process: this one waits too */
		return true;
	}
	if (ptrace_trap(t))
		return true;
	if (!pending) {
		arch_syscall_restart(t, RESTART_NO_HANDLER);
		if (t->restore_sigmask) {
			/* No handler took ppoll's mask along: put it back, and look again. */
			t->restore_sigmask = false;
			t->sigmask = t->saved_sigmask;
			return true;
		}
		return false;
	}

	/* Synchronous faults first, as Linux, then the lowest number. */
	u64 sync = pending & (SIGBIT(SIGSEGV) | SIGBIT(SIGBUS) | SIGBIT(SIGILL) | SIGBIT(SIGTRAP) |
			      SIGBIT(SIGFPE) | SIGBIT(SIGSYS));
	int sig = __builtin_ctzll(sync ? sync : pending) + 1;
	struct ksiginfo info;
	bool to_thread = t->sigpending & SIGBIT(sig);

	/* Thread-directed first, as Linux dequeues them. */
	if (to_thread) {
		info = t->siginfo[sig - 1];
		t->sigpending &= ~SIGBIT(sig);
	} else {
		info = p->siginfo[sig - 1];
		p->sigpending &= ~SIGBIT(sig);
	}
	if (info.code == SI_TIMER)
		posix_timer_dequeued(p, &info); /* its overrun count is taken now, as Linux's */
	if (ptrace_traced(&t->ptrace) && sig != SIGKILL) {
		sig = ptrace_signal(t, sig, &info, to_thread); /* the signal-delivery stop */
		if (!sig)
			return true;
	}

	struct k_sigaction *ka = action_of(t, sig);

	if (ka->handler == SIG_IGN)
		return true;
	if (ka->handler == SIG_DFL) {
		if (SIGBIT(sig) & SIG_DEFAULT_IGNORED)
			return true;
		if (SIGBIT(sig) & SIG_STOP_SIGNALS) {
			signal_stop(t, sig);
			return true;
		}
		process_begin_exit(p, WAIT_STATUS_SIGNALED(sig));
		return true;
	}

	arch_syscall_restart(t, (ka->flags & SA_RESTART) ? RESTART_HANDLER_RESTART
							 : RESTART_HANDLER_EINTR);
	/* The handler's sigreturn restores the mask from before a ppoll's temporary one. */
	u64 old_mask = t->restore_sigmask ? t->saved_sigmask : t->sigmask;
	int err = arch_signal_setup_frame(t, sig, ka, &info, old_mask);

	t->restore_sigmask = false;

	if (err) {
		/* No room for the frame (bad stack, full shadow stack): SIGSEGV, uncatchable. */
		printk("umbra: pid %d (%s): cannot deliver signal %d (%s): killed by signal %d\n",
		       task_tid_in(t, &init_pid_ns), t->name, sig,
		       err == -ENOSPC ? "shadow-stack overflow: no room for its shadow-stack frame"
				      : "no room for its frame",
		       SIGSEGV);
		process_begin_exit(p, WAIT_STATUS_SIGNALED(SIGSEGV));
		return true;
	}
	signal_set_mask(t, t->sigmask | ka->mask | (ka->flags & SA_NODEFER ? 0 : SIGBIT(sig)));
	if (ka->flags & SA_RESETHAND)
		ka->handler = SIG_DFL;
	return true;
}

/*
 * Linux's do_notify_parent(): a child whose exit signal is SIGCHLD is
 * reaped at once when its parent ignores SIGCHLD (no signal then) or set
 * SA_NOCLDWAIT (the signal still comes): the parent's wait4() finds no
 * zombie of it, and says ECHILD once no child is left.
 */
static bool parent_reaps_nothing(const struct task *parent_thread, int sig)
{
	const struct k_sigaction *ka = action_of(parent_thread, SIGCHLD);

	return sig == SIGCHLD && (ka->handler == SIG_IGN || (ka->flags & SA_NOCLDWAIT));
}

/* A thread of parent, alive, through which it hears its children; NULL if none. */
static const struct task *parent_ear(const struct process *parent)
{
	const struct task *t = parent ? READ_ONCE(parent->threads) : NULL;

	return t && parent->state == PROC_ALIVE ? t : NULL;
}

bool signal_parent_reaps_nothing(const struct process *child)
{
	const struct task *ear = parent_ear(child->parent);

	return ear && parent_reaps_nothing(ear, child->exit_signal);
}

/* What a parent's exit signal says of child: who died, and how. */
static struct ksiginfo exit_siginfo(const struct process *child, const struct process *parent)
{
	int st = child->wait_status;
	struct ksiginfo k = { .signo = child->exit_signal };

	k.pid = pid_nr_in(child->pid, parent->pid->ns[parent->pid->level]);
	if (st & 0x7f) {
		k.code = CLD_KILLED;
		k.status = st & 0x7f;
	} else {
		k.code = CLD_EXITED;
		k.status = (st >> 8) & 0xff;
	}
	return k;
}

bool signal_notify_parent(struct process *child, struct process *parent)
{
	const struct task *ear = parent_ear(parent);
	struct ksiginfo k;
	bool autoreap;

	if (!ear)
		return false;
	autoreap = parent_reaps_nothing(ear, child->exit_signal);
	if (!child->exit_signal)
		return autoreap;
	k = exit_siginfo(child, parent);
	signal_send_process(parent, child->exit_signal, &k);
	return autoreap;
}

/*
 * send_to_process()'s steps for SIGCHLD, which never stops, continues or
 * kills (signal_prepare() and signal_kills_now() have nothing to do), made
 * under the parent's siglock: its thread list, and with it the handlers
 * read through its first thread, stays whole there though its threads may
 * leave without big_lock, and a thread on the list has its handlers until
 * it is off (kernel/proc/exit.c). rt_sigaction() changes a handler under
 * that lock too.
 */
bool signal_notify_parent_unlocked(struct process *child, struct process *parent)
{
	int sig = child->exit_signal;
	struct ksiginfo k = exit_siginfo(child, parent);
	unsigned long flags;
	bool autoreap = false;

	BUG_ON(sig && sig != SIGCHLD);
	flags = spin_lock_irqsave(&parent->siglock);
	const struct task *any = parent_ear(parent);

	if (any) {
		autoreap = parent_reaps_nothing(any, sig);
		if (sig && !signal_ignored(any, sig) && !init_ignores(any, sig, false)) {
			parent->sigpending |= SIGBIT(sig);
			parent->siginfo[sig - 1] = k;
			wake_for_signal(parent, sig);
		}
	}
	spin_unlock_irqrestore(&parent->siglock, flags);
	return autoreap;
}

/* The task with thread ID tid in the caller's namespace, or NULL. */
static struct task *find_thread(int tid)
{
	struct pid *pid = tid > 0 ? pid_find(task_active_pid_ns(current), tid) : NULL;

	return pid_task(pid);
}

struct kill_all {
	int sig;
	int count; /* processes reached */
	int err;   /* the last error but EPERM, as Linux reports it */
};

/*
 * One process kill(-1, sig) reaches: every process the caller's namespace
 * sees (its descendants' too) but the caller's own and the namespace's
 * init, zombies included, as Linux's kill_something_info() walks every
 * task with a number above 1 there. Root may signal them all.
 */
static void kill_all_one(struct pid *pid, void *arg)
{
	struct kill_all *k = arg;
	struct process *p = pid->proc;
	int err;

	if (!p || p == current->proc || pid_nr_in(pid, task_active_pid_ns(current)) <= 1)
		return;
	k->count++;
	err = signal_kill_process(p, k->sig, NULL);
	if (err != -EPERM)
		k->err = err;
}

/*
 * kill(pid, sig): a process, the caller's process group (0), another
 * group (-pgrp), or every process but the caller and init (-1).
 */
SYSCALL(kill)
{
	int nr = (int)a[0], sig = (int)a[1];
	struct task *t;

	if (!valid_signal(sig))
		return -EINVAL;
	if (nr > 0) {
		t = find_thread(nr);
		if (!t || t->proc->state != PROC_ALIVE)
			return -ESRCH;
	} else if (nr == 0) {
		return pgrp_kill(current->proc->pgrp, sig, NULL);
	} else if (nr == -1) {
		struct kill_all k = { .sig = sig };

		pid_for_each_in_ns(task_active_pid_ns(current), kill_all_one, &k);
		return k.count ? k.err : -ESRCH;
	} else if (nr <= -PID_MAX) {
		return -ESRCH; /* no such group (nor is -INT_MIN one, as Linux) */
	} else {
		struct pid *pgrp = pid_find(task_active_pid_ns(current), -nr);

		return pgrp ? pgrp_kill(pgrp, sig, NULL) : -ESRCH;
	}
	return send_to_process(t->proc, sig, NULL, sender_outside_ns(t));
}

static long do_tkill(int tgid, int tid, int sig)
{
	struct task *t;

	if (tid <= 0)
		return -EINVAL;
	if (!valid_signal(sig))
		return -EINVAL;
	t = find_thread(tid);
	if (!t || (tgid > 0 && task_tgid_in(t, task_active_pid_ns(current)) != tgid))
		return -ESRCH;
	return send_to_thread(t, sig, NULL, sender_outside_ns(t));
}

SYSCALL(tgkill)
{
	if ((int)a[0] <= 0)
		return -EINVAL;
	return do_tkill((int)a[0], (int)a[1], (int)a[2]);
}

SYSCALL(tkill)
{
	return do_tkill(0, (int)a[0], (int)a[1]);
}

SYSCALL(rt_sigprocmask)
{
	int how = (int)a[0];
	const u64 __user *uset = (const u64 __user *)a[1];
	u64 __user *uold = (u64 __user *)a[2];
	u64 old = current->sigmask, set;

	if (a[3] != sizeof(u64))
		return -EINVAL;
	if (uset) {
		if (get_user(set, uset))
			return -EFAULT;
		switch (how) {
		case SIG_BLOCK:
			set |= old;
			break;
		case SIG_UNBLOCK:
			set = old & ~set;
			break;
		case SIG_SETMASK:
			break;
		default:
			return -EINVAL;
		}
		signal_set_mask(current, set);
	}
	if (uold && put_user(old, uold))
		return -EFAULT;
	return 0;
}

/*
 * Waits with mask as the blocked set until a signal is to be acted on, as
 * Linux's kernel/signal.c sigsuspend(): the caller's mask is kept for the
 * handler's frame (so its sigreturn restores it), and -ERESTARTNOHAND makes
 * the call EINTR once a handler ran, or start over, mask and all, when the
 * signal was ignored or stopped the task.
 */
static long suspend_with_mask(u64 mask)
{
	current->saved_sigmask = current->sigmask;
	current->restore_sigmask = true;
	signal_set_mask(current, mask);
	while (!signal_pending(current))
		(void)waitq_sleep(NULL, 0); /* woken only by a signal */
	return -ERESTARTNOHAND;
}

/* rt_sigsuspend(mask, sigsetsize): sigsetsize must be 8 (EINVAL), then EFAULT. */
SYSCALL(rt_sigsuspend)
{
	u64 mask;

	if (a[1] != sizeof(u64))
		return -EINVAL;
	if (get_user(mask, (const u64 __user *)a[0]))
		return -EFAULT;
	return suspend_with_mask(mask);
}

/* pause() (x86_64 only; arm64's libc uses ppoll): sigsuspend with the mask it has. */
SYSCALL(pause)
{
	while (!signal_pending(current))
		(void)waitq_sleep(NULL, 0);
	return -ERESTARTNOHAND;
}

SYSCALL(rt_sigpending)
{
	u64 pending = (current->sigpending | current->proc->sigpending) & current->sigmask;

	if (a[1] > sizeof(u64))
		return -EINVAL;
	return copy_to_user((void __user *)a[0], &pending, a[1]);
}

// SPDX-License-Identifier: MIT
/*
 * Signals with their default actions (see <kernel/signal.h>): kill,
 * tgkill, tkill, rt_sigprocmask, and the fatal faults of user mode.
 */
#include <kernel/arch.h>
#include <kernel/exit.h>
#include <kernel/pid.h>
#include <kernel/printk.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/signal.h>

/* Signals whose default action is to do nothing (signal(7)), plus stop/continue. */
#define SIG_DEFAULT_IGNORED                                                                        \
	(SIGBIT(SIGCHLD) | SIGBIT(SIGCONT) | SIGBIT(SIGURG) | SIGBIT(SIGWINCH) | SIGBIT(SIGSTOP) | \
	 SIGBIT(SIGTSTP) | SIGBIT(SIGTTIN) | SIGBIT(SIGTTOU))
#define SIG_UNBLOCKABLE (SIGBIT(SIGKILL) | SIGBIT(SIGSTOP))

static bool valid_signal(int sig)
{
	return sig >= 0 && sig <= _NSIG;
}

/* Every thread blocks sig: it must stay pending. */
static bool all_threads_block(const struct process *p, int sig)
{
	for (const struct task *t = p->threads; t; t = t->thread_next) {
		if (!(t->sigmask & SIGBIT(sig)))
			return false;
	}
	return true;
}

int signal_send_process(struct process *p, int sig)
{
	if (!valid_signal(sig))
		return -EINVAL;
	if (sig == 0 || p->state != PROC_ALIVE)
		return 0;
	if (SIGBIT(sig) & SIG_DEFAULT_IGNORED)
		return 0;
	if (sig == SIGKILL || !all_threads_block(p, sig))
		process_begin_exit(p, WAIT_STATUS_SIGNALED(sig));
	else
		p->sigpending |= SIGBIT(sig);
	return 0;
}

int signal_send_thread(struct task *t, int sig)
{
	if (!valid_signal(sig))
		return -EINVAL;
	if (sig == 0 || (SIGBIT(sig) & SIG_DEFAULT_IGNORED))
		return 0;
	if (sig == SIGKILL || !(t->sigmask & SIGBIT(sig)))
		process_begin_exit(t->proc, WAIT_STATUS_SIGNALED(sig));
	else
		t->sigpending |= SIGBIT(sig);
	return 0;
}

bool signal_fatal_pending(const struct task *t)
{
	return t->proc && t->proc->exiting;
}

bool signal_deliver_default(struct task *t)
{
	u64 pending = (t->sigpending | t->proc->sigpending) & ~t->sigmask;

	if (!pending || t->proc->exiting)
		return false;

	int sig = __builtin_ctzll(pending) + 1;

	t->sigpending &= ~SIGBIT(sig);
	t->proc->sigpending &= ~SIGBIT(sig);
	process_begin_exit(t->proc, WAIT_STATUS_SIGNALED(sig));
	return true;
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

	printk("umbra: pid %d (%s): %s at %#lx ip %#lx sp %#lx: killed by signal %d%s\n",
	       task_tid_in(t, &init_pid_ns), t->name, what, (unsigned long)addr,
	       (unsigned long)arch_task_user_ip(t), (unsigned long)arch_task_user_sp(t), sig,
	       segv_code_name(sig, si_code));
	process_begin_exit(t->proc, WAIT_STATUS_SIGNALED(sig));
}

/*
 * A namespace's init is protected as Linux protects it: with no handlers,
 * signals from inside its namespace are dropped, and from an ancestor
 * namespace only SIGKILL gets through.
 */
static bool init_protected(const struct process *p, int sig)
{
	if (!p->is_ns_init)
		return false;

	const struct pid_ns *ns = p->pid->ns[p->pid->level];

	if (pid_nr_in(current->pid, ns))
		return true; /* the sender lives in (or below) that namespace */
	return sig != SIGKILL;
}

/* The task with thread ID tid in the caller's namespace, or NULL. */
static struct task *find_thread(int tid)
{
	struct pid *pid = tid > 0 ? pid_find(task_active_pid_ns(current), tid) : NULL;

	return pid ? pid->task : NULL;
}

SYSCALL(kill)
{
	int nr = (int)a[0], sig = (int)a[1];

	if (!valid_signal(sig))
		return -EINVAL;
	if (nr > 0) {
		struct task *t = find_thread(nr);

		if (!t || t->proc->state != PROC_ALIVE)
			return -ESRCH;
		if (init_protected(t->proc, sig))
			return 0;
		return signal_send_process(t->proc, sig);
	}
	/* No process groups: 0 and -1 mean the caller's own process here. */
	if (nr == 0 || nr == -1)
		return init_protected(current->proc, sig) ? 0
							  : signal_send_process(current->proc, sig);
	return -ESRCH;
}

SYSCALL(tgkill)
{
	int tgid = (int)a[0], tid = (int)a[1], sig = (int)a[2];
	struct task *t;

	if (tgid <= 0 || tid <= 0)
		return -EINVAL;
	if (!valid_signal(sig))
		return -EINVAL;
	t = find_thread(tid);
	if (!t || task_tgid_in(t, task_active_pid_ns(current)) != tgid)
		return -ESRCH;
	if (init_protected(t->proc, sig))
		return 0;
	return signal_send_thread(t, sig);
}

SYSCALL(tkill)
{
	int tid = (int)a[0], sig = (int)a[1];
	struct task *t;

	if (tid <= 0)
		return -EINVAL;
	if (!valid_signal(sig))
		return -EINVAL;
	t = find_thread(tid);
	if (!t)
		return -ESRCH;
	if (init_protected(t->proc, sig))
		return 0;
	return signal_send_thread(t, sig);
}

SYSCALL(rt_sigprocmask)
{
	int how = (int)a[0];
	const u64 __user *uset = (const u64 __user *)a[1];
	u64 __user *uold = (u64 __user *)a[2];
	size_t sigsetsize = a[3];
	u64 old = current->sigmask, set;

	if (sigsetsize != sizeof(u64))
		return -EINVAL;
	if (uset) {
		if (get_user(set, uset))
			return -EFAULT;
		switch (how) {
		case SIG_BLOCK:
			current->sigmask |= set;
			break;
		case SIG_UNBLOCK:
			current->sigmask &= ~set;
			break;
		case SIG_SETMASK:
			current->sigmask = set;
			break;
		default:
			return -EINVAL;
		}
		current->sigmask &= ~SIG_UNBLOCKABLE;
	}
	if (uold && put_user(old, uold))
		return -EFAULT;
	return 0;
}

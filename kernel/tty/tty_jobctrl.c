// SPDX-License-Identifier: MIT
/*
 * The terminal's part in job control, with the rules and errnos of
 * Linux's drivers/tty/tty_jobctrl.c (see <kernel/tty.h>):
 *
 * - A session leader without a controlling terminal takes the console
 *   with TIOCSCTTY (the console is no one's yet, or arg 1 takes it from
 *   its session: everything runs as root, so CAP_SYS_ADMIN holds); its
 *   foreground group becomes the leader's. Opening /dev/console never
 *   does it (Linux's tty_open() treats that node as O_NOCTTY).
 * - TIOCGPGRP, TIOCSPGRP and TIOCGSID answer only the caller's own
 *   controlling terminal (else ENOTTY); TIOCSPGRP's group must exist in
 *   the caller's session (ESRCH: no such pid; EPERM: another session).
 * - A background group's read sends SIGTTIN, its write with TOSTOP and
 *   its termios changes send SIGTTOU (tty_check_change()).
 * - TIOCNOTTY gives the terminal up; when the session leader does it or
 *   exits, the foreground group gets SIGHUP and SIGCONT and the terminal
 *   belongs to no session again.
 */
#include <kernel/file.h>
#include <kernel/pgrp.h>
#include <kernel/pid.h>
#include <kernel/signal.h>
#include <kernel/task.h>
#include <kernel/tty.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/ioctls.h>
#include <uapi/linux/signal.h>

static void hold(struct pid **slot, struct pid *pid)
{
	if (*slot == pid)
		return;
	if (*slot)
		pid_put(*slot);
	if (pid)
		refcount_inc(&pid->refs);
	*slot = pid;
}

/* The signal is blocked or ignored by the caller (Linux's is_ignored()). */
static bool ignored_here(int sig)
{
	return (current->sigmask & SIGBIT(sig)) ||
	       current->sighand->action[sig - 1].handler == SIG_IGN;
}

long tty_check_change(struct tty *tty, int sig)
{
	struct process *me = current->proc;

	if (!me || me->tty != tty || !tty->pgrp || me->pgrp == tty->pgrp)
		return 0;
	if (ignored_here(sig))
		return sig == SIGTTIN ? -EIO : 0;
	if (pgrp_is_orphaned(me->pgrp))
		return -EIO;
	(void)pgrp_kill(me->pgrp, sig, &(struct ksiginfo){ .signo = sig, .code = SI_KERNEL });
	return -ERESTARTSYS;
}

void tty_signal_foreground(struct tty *tty, int sig)
{
	if (tty->pgrp)
		(void)pgrp_kill(tty->pgrp, sig,
				&(struct ksiginfo){ .signo = sig, .code = SI_KERNEL });
}

static void clear_tty_of(struct pid *pid, void *ctx)
{
	struct process *p = pid->proc;

	if (p && p->pid == pid && p->session == ctx)
		p->tty = NULL;
}

/* The terminal is no one's: every process of its session loses it (Linux's session_clear_tty()). */
static void release_from_session(struct tty *tty)
{
	struct pid *session = tty->session;

	if (session)
		pid_for_each_in_ns(&init_pid_ns, clear_tty_of, session);
	hold(&tty->session, NULL);
	hold(&tty->pgrp, NULL);
}

/* The session leader lets go (TIOCNOTTY, exit): SIGHUP and SIGCONT to the foreground group. */
static void leader_disassociate(struct tty *tty)
{
	struct pid *fg = tty->pgrp;

	if (fg) {
		tty_signal_foreground(tty, SIGHUP);
		tty_signal_foreground(tty, SIGCONT);
	}
	release_from_session(tty);
}

void tty_session_leader_exit(struct process *p)
{
	if (p->tty && p->tty->session == p->session)
		leader_disassociate(p->tty);
	p->tty = NULL;
}

static long tiocsctty(struct tty *tty, struct file *f, unsigned long arg)
{
	struct process *me = current->proc;

	if (process_is_session_leader(me) && tty->session == me->session)
		return 0;
	if (!process_is_session_leader(me) || me->tty)
		return -EPERM;
	if (tty->session) {
		if (arg != 1)
			return -EPERM;
		release_from_session(tty); /* taken from its session (root holds CAP_SYS_ADMIN) */
	}
	(void)f; /* a file not open for reading needs CAP_SYS_ADMIN too: root has it */
	hold(&tty->session, me->session);
	hold(&tty->pgrp, me->pgrp);
	me->tty = tty;
	return 0;
}

static long tiocspgrp(struct tty *tty, int __user *u)
{
	struct process *me = current->proc;
	struct pid *pgrp;
	long r = tty_check_change(tty, SIGTTOU);
	int nr;
	bool found;

	if (r == -EIO)
		return -ENOTTY;
	if (r)
		return r;
	if (get_user(nr, u))
		return -EFAULT;
	if (nr < 0)
		return -EINVAL;
	if (me->tty != tty || tty->session != me->session)
		return -ENOTTY;
	pgrp = nr ? pid_find(task_active_pid_ns(current), nr) : NULL;
	if (!pgrp)
		return -ESRCH;
	if (pgrp_session(pgrp, &found) != me->session || !found)
		return -EPERM;
	hold(&tty->pgrp, pgrp);
	return 0;
}

long tty_jobctrl_ioctl(struct tty *tty, struct file *f, unsigned int cmd, unsigned long arg)
{
	struct process *me = current->proc;
	int __user *u = (int __user *)arg;

	switch (cmd) {
	case TIOCSCTTY:
		return tiocsctty(tty, f, arg);
	case TIOCNOTTY:
		if (me->tty != tty)
			return -ENOTTY;
		if (process_is_session_leader(me))
			leader_disassociate(tty);
		me->tty = NULL;
		return 0;
	case TIOCGPGRP:
		if (me->tty != tty)
			return -ENOTTY;
		return put_user(pgrp_vnr(tty->pgrp), u);
	case TIOCSPGRP:
		return tiocspgrp(tty, u);
	case TIOCGSID:
		if (me->tty != tty || !tty->session)
			return -ENOTTY;
		return put_user(pgrp_vnr(tty->session), u);
	default:
		return -ENOTTY;
	}
}

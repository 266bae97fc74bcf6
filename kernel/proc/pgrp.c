// SPDX-License-Identifier: MIT
/*
 * Process groups and sessions (see <kernel/pgrp.h>): setpgid, getpgid,
 * getpgrp, setsid, getsid, with the rules and errnos of Linux's
 * kernel/sys.c. A group is found by walking the pids of the initial
 * namespace: a few hundred at most, and only these calls, kill(-pgrp) and
 * the terminal's job control look.
 */
#include <kernel/pgrp.h>
#include <kernel/pid.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/tty.h>
#include <uapi/linux/errno.h>

static struct pid *pid_hold(struct pid *pid)
{
	if (pid)
		refcount_inc(&pid->refs);
	return pid;
}

static void pid_drop(struct pid *pid)
{
	if (pid)
		pid_put(pid);
}

/*
 * Read under parent's siglock by a fork that runs without big_lock
 * (kernel/proc/fork.c), so a process's group and session change under
 * its siglock (set_group()) as well as big_lock.
 */
void pgrp_fork(struct process *child, const struct process *parent)
{
	child->pgrp = pid_hold(parent->pgrp);
	child->session = pid_hold(parent->session);
	child->tty = parent->tty;
}

void pgrp_release(struct process *p)
{
	pid_drop(p->pgrp);
	pid_drop(p->session);
	p->pgrp = p->session = NULL;
	p->tty = NULL;
}

int pgrp_vnr(const struct pid *pid)
{
	return pid ? pid_nr_in(pid, task_active_pid_ns(current)) : 0;
}

bool process_is_session_leader(const struct process *p)
{
	return p->session && p->session == p->pid;
}

struct walk {
	const struct pid *pgrp;
	void (*fn)(struct process *p, void *ctx);
	void *ctx;
};

static void walk_one(struct pid *pid, void *ctx)
{
	struct walk *w = ctx;
	struct process *p = pid->proc;

	/* A process's own pid (not one of its other threads'), not yet reaped. */
	if (p && p->pid == pid && p->pgrp == w->pgrp)
		w->fn(p, w->ctx);
}

void pgrp_for_each(const struct pid *pgrp, void (*fn)(struct process *p, void *ctx), void *ctx)
{
	struct walk w = { .pgrp = pgrp, .fn = fn, .ctx = ctx };

	pid_for_each_in_ns(&init_pid_ns, walk_one, &w);
}

static void count_one(struct process *p, void *ctx)
{
	(void)p;
	++*(int *)ctx;
}

bool pgrp_exists(const struct pid *pgrp)
{
	int n = 0;

	pgrp_for_each(pgrp, count_one, &n);
	return n > 0;
}

static void session_of_one(struct process *p, void *ctx)
{
	struct process **found = ctx;

	if (!*found)
		*found = p;
}

struct pid *pgrp_session(const struct pid *pgrp, bool *found)
{
	struct process *p = NULL;

	pgrp_for_each(pgrp, session_of_one, &p);
	if (!p && pgrp)
		p = pgrp->proc; /* no member: the process whose pid it is, as Linux */
	*found = p != NULL;
	return p ? p->session : NULL;
}

static bool is_global_init(const struct process *p)
{
	return p && p->pid->level == 0 && p->pid->nr[0] == 1;
}

static void holds_group(struct process *p, void *ctx)
{
	const struct process *parent = p->parent;

	if (p->state != PROC_ALIVE || p->exiting || !parent || is_global_init(parent))
		return;
	if (parent->pgrp != p->pgrp && parent->session == p->session)
		*(bool *)ctx = false;
}

bool pgrp_is_orphaned(const struct pid *pgrp)
{
	bool orphaned = true;

	pgrp_for_each(pgrp, holds_group, &orphaned);
	return orphaned;
}

struct group_kill {
	int sig;
	const struct ksiginfo *info;
	int sent, err;
};

static void kill_member(struct process *p, void *ctx)
{
	struct group_kill *k = ctx;
	int err;

	err = signal_kill_process(p, k->sig, k->info);
	if (err)
		k->err = err;
	else
		k->sent++;
}

int pgrp_kill(const struct pid *pgrp, int sig, const struct ksiginfo *info)
{
	struct group_kill k = { .sig = sig, .info = info, .err = -ESRCH };

	pgrp_for_each(pgrp, kill_member, &k);
	return k.sent ? 0 : k.err;
}

/* The process whose thread ID nr is, in the caller's namespace (Linux's find_task_by_vpid()). */
static struct process *find_process_of_thread(int nr)
{
	struct pid *pid = nr > 0 ? pid_find(task_active_pid_ns(current), nr) : NULL;
	struct task *t = pid_task(pid);

	return t ? t->proc : NULL;
}

/* p's group or session (slot) becomes pid's; the old one's reference goes once it is out. */
static void set_group(struct process *p, struct pid **slot, struct pid *pid)
{
	unsigned long flags;
	struct pid *old = *slot;

	if (old == pid)
		return;
	flags = spin_lock_irqsave(&p->siglock);
	*slot = pid_hold(pid);
	spin_unlock_irqrestore(&p->siglock, flags);
	pid_drop(old);
}

SYSCALL(setpgid)
{
	struct process *me = current->proc, *p;
	int nr = (int)a[0], pgid = (int)a[1];
	struct pid *pgrp;

	if (!nr)
		nr = task_tgid_in(current, task_active_pid_ns(current));
	if (!pgid)
		pgid = nr;
	if (pgid < 0)
		return -EINVAL;
	p = find_process_of_thread(nr);
	if (!p || p->state != PROC_ALIVE)
		return -ESRCH;
	if (pid_nr_in(p->pid, task_active_pid_ns(current)) != nr)
		return -EINVAL; /* a thread other than the group's leader */
	if (p->parent == me) {
		if (p->session != me->session)
			return -EPERM;
		if (p->did_exec)
			return -EACCES; /* the child has run execve() since the fork */
	} else if (p != me) {
		return -ESRCH;
	}
	if (process_is_session_leader(p))
		return -EPERM;
	pgrp = p->pid;
	if (pgid != nr) {
		struct process *member = NULL;

		/* The group must exist (a member, not only the number), in our session. */
		pgrp = pid_find(task_active_pid_ns(current), pgid);
		if (pgrp)
			pgrp_for_each(pgrp, session_of_one, &member);
		if (!member || member->session != me->session)
			return -EPERM;
	}
	set_group(p, &p->pgrp, pgrp);
	return 0;
}

/* getpgid(pid) and getsid(pid): 0 names the caller; any thread's ID names its process. */
static long group_of(int nr, bool session)
{
	struct process *p = nr ? find_process_of_thread(nr) : current->proc;

	if (!p)
		return -ESRCH;
	return pgrp_vnr(session ? p->session : p->pgrp);
}

SYSCALL(getpgid)
{
	return group_of((int)a[0], false);
}

SYSCALL(getpgrp)
{
	(void)a;
	return group_of(0, false);
}

SYSCALL(getsid)
{
	return group_of((int)a[0], true);
}

SYSCALL(setsid)
{
	struct process *me = current->proc;

	(void)a;
	if (process_is_session_leader(me))
		return -EPERM;
	/* A group already named by our pid would end up in two sessions. */
	if (pgrp_exists(me->pid))
		return -EPERM;
	set_group(me, &me->session, me->pid);
	set_group(me, &me->pgrp, me->pid);
	me->tty = NULL; /* a new session starts without a controlling terminal */
	return task_tgid_in(current, task_active_pid_ns(current));
}

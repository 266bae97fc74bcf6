// SPDX-License-Identifier: MIT
/*
 * Waiting for children: wait4() and waitid() find a child the call asks
 * for -- a zombie, a job-control stop or continue, a traced thread's stop
 * -- report it and, for a zombie, reap it (process_free()).
 */
#include <kernel/big_lock.h>
#include <kernel/exit.h>
#include <kernel/file.h>
#include <kernel/pid.h>
#include <kernel/ptrace.h>
#include <kernel/sched.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/timens.h>
#include <kernel/uaccess.h>
#include <kernel/waitq.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/signal.h>
#include <uapi/linux/time.h>
#include <uapi/linux/wait.h>

/* A "clone child" signals its parent with something other than SIGCHLD. */
static bool wait_flavour_matches(const struct process *c, int options)
{
	bool clone_child = c->exit_signal != SIGCHLD;

	if (options & __WALL)
		return true;
	return (options & __WCLONE) ? clone_child : !clone_child;
}

/*
 * Which children a wait asks for: want > 0 one PID; -1 any; else the
 * children in process group pgrp (wait4's 0 and -pgid, waitid's P_PGID).
 */
struct wait_target {
	int want;
	const struct pid *pgrp;
};

static bool child_wanted(const struct process *c, const struct wait_target *w, int options)
{
	if (w->want > 0 && pid_nr_in(c->pid, task_active_pid_ns(current)) != w->want)
		return false;
	if (w->want == 0 && c->pgrp != w->pgrp)
		return false;
	return wait_flavour_matches(c, options);
}

/*
 * Finds a child of the caller the wait asks for, in the caller's
 * namespace. Sets *any when some child matches at all. Returns a zombie
 * among them, or NULL.
 */
static struct process *find_zombie(struct process *me, const struct wait_target *w, int options,
				   bool *any)
{
	*any = false;
	for (struct process *c = me->children; c; c = c->sibling) {
		if (!child_wanted(c, w, options))
			continue;
		*any = true;
		if (READ_ONCE(c->state) == PROC_ZOMBIE) /* may change without big_lock's holder */
			return c;
	}
	return NULL;
}

/*
 * A job-control stop (WUNTRACED) or continue (WCONTINUED) not yet
 * reported, as Linux's wait_task_stopped()/wait_task_continued(): the
 * child's PID, its status ((sig << 8) | 0x7f, or 0xffff) and its CLD_*
 * code; each is reported once unless nowait. 0 when there is none.
 */
static long find_jobctl_report(struct process *me, const struct wait_target *w, int options,
			       bool nowait, int *status, int *code)
{
	for (struct process *c = me->children; c; c = c->sibling) {
		if (c->state != PROC_ALIVE || !child_wanted(c, w, options))
			continue;
		if ((options & WSTOPPED) && c->stopped && c->stop_report) {
			*status = (c->stop_report << 8) | 0x7f;
			*code = CLD_STOPPED;
			if (!nowait)
				c->stop_report = 0;
			return pid_nr_in(c->pid, task_active_pid_ns(current));
		}
		if ((options & WCONTINUED) && c->continue_report) {
			*status = 0xffff;
			*code = CLD_CONTINUED;
			if (!nowait)
				c->continue_report = false;
			return pid_nr_in(c->pid, task_active_pid_ns(current));
		}
	}
	return 0;
}

/*
 * The same look under children_lock, and the claim of what it finds
 * (claim: not for WNOWAIT, nor a wait that does not ask for WEXITED): the
 * zombie is taken off the list in the same hold, so of two threads that
 * wait at once -- one with big_lock, one without -- only the one that took
 * it off reaps it.
 */
static struct process *find_or_claim_zombie(struct process *me, const struct wait_target *w,
					    int options, bool claim, bool *any)
{
	unsigned long flags = spin_lock_irqsave(&me->children_lock);
	struct process *z = find_zombie(me, w, options, any);

	if (z && claim)
		process_children_unlink_locked(me, z);
	spin_unlock_irqrestore(&me->children_lock, flags);
	return z;
}

/* What a wait reports of zombie z: its status, CLD_* code and, if asked, its usage. */
static void zombie_report(const struct process *z, int *status, int *code, struct cpu_usage *usage)
{
	*status = z->wait_status;
	*code = (z->wait_status & 0x7f) ? CLD_KILLED : CLD_EXITED;
	if (usage) {
		/* What it used and what its reaped children did, as Linux's RUSAGE_BOTH. */
		cputime_process(z, usage);
		cpu_usage_add(usage, &z->children_usage);
	}
}

/* The end of a claimed zombie c (off me's list already). */
static void reap(struct process *me, struct process *c)
{
	unsigned long flags;

	/* Its threads' frees, announced under big_lock: the reaper's next clone waits for them. */
	__atomic_fetch_or(&me->freeing_cpus, c->freeing_cpus, __ATOMIC_RELAXED);
	/* Another thread of me may reap at once, with or without big_lock. */
	flags = spin_lock_irqsave(&me->children_lock);
	cputime_reap(me, c);
	spin_unlock_irqrestore(&me->children_lock, flags);
	process_free(c);
}

/*
 * The common wait loop. Returns the child's pid (and its status in *status)
 * after reaping it unless nowait, 0 for WNOHANG with nothing to report,
 * -ECHILD, or -EINTR when we are killed while waiting. Zombies are
 * reported with WEXITED in options; a traced thread's stop always, as
 * Linux's wait_task_stopped() (its status (code << 8) | 0x7f).
 */
static long do_wait(const struct wait_target *w, int options, bool nowait, int *status, int *code,
		    struct cpu_usage *usage)
{
	struct process *me = current->proc;

	for (;;) {
		bool any, traced;
		bool claim = (options & WEXITED) && !nowait;
		struct process *z = find_or_claim_zombie(me, w, options, claim, &any);
		long tid;

		if (z && (options & WEXITED)) {
			long nr = pid_nr_in(z->pid, task_active_pid_ns(current));

			zombie_report(z, status, code, usage);
			if (claim)
				reap(me, z);
			return nr;
		}
		tid = ptrace_wait_stopped(me, w->want, nowait, status, &traced);
		if (tid) {
			*code = CLD_TRAPPED;
			return tid;
		}
		tid = find_jobctl_report(me, w, options, nowait, status, code);
		if (tid)
			return tid;
		if (!any && !traced)
			return -ECHILD;
		if (options & WNOHANG)
			return 0;

		int err = waitq_sleep(&me->child_exit, 0);

		if (err)
			return -ERESTARTSYS; /* a signal: restarted after its handler, or EINTR */
	}
}

/*
 * The look before big_lock. A fork's parent usually calls wait4() before
 * its child has exited, and sleeps: the scan of its children and the sleep
 * need only the list's own lock, children_lock, which every change of the
 * list takes (clone's push, a reap's unlink, reparenting); a child is freed
 * only once it is off the list. What needs more is a tracee: its stops are
 * a walk of the children's threads, big_lock's, so a tracer (it counts its
 * tracees, kernel/proc/ptrace.c) and the WUNTRACED and WCONTINUED waits
 * take the lock at once. A child's state, group and exit signal may change
 * under the scan, under big_lock: each is one word, and a stale value only
 * decides whether to look again under the lock (Linux walks the list under
 * tasklist_lock's read side).
 */
static bool wait_fits_unlocked(const struct process *me, int options)
{
	return !READ_ONCE(me->nr_tracees) && !(options & (WSTOPPED | WCONTINUED));
}

struct wait_look {
	const struct wait_target *w;
	int options;
	bool any; /* some child is one the wait asks for */
};

/* True when the wait has something to report: a zombie it asks for, or a tracee. */
static bool wait_ready_unlocked(void *arg)
{
	struct wait_look *look = arg;
	struct process *me = current->proc;
	unsigned long flags;
	bool ready;

	look->any = false;
	if (READ_ONCE(me->nr_tracees))
		return true;
	flags = spin_lock_irqsave(&me->children_lock);
	ready = find_zombie(me, look->w, look->options, &look->any) != NULL;
	spin_unlock_irqrestore(&me->children_lock, flags);
	return ready;
}

/*
 * Waits without big_lock until there is something to report: 1, and the
 * caller takes the lock for the report and the reap (do_wait() looks
 * again under it). Else what the call returns: -ECHILD, 0 for WNOHANG,
 * -ERESTARTSYS for a signal. A child's exit marks it a zombie under
 * big_lock and wakes child_exit after (wake_parent_unlocked()); the sleep
 * asks wait_ready_unlocked() once it is on that queue, so the exit either
 * comes before the question or finds the sleeper there.
 */
static long wait_unlocked(const struct wait_target *w, int options)
{
	struct wait_look look = { .w = w, .options = options };
	struct process *me = current->proc;

	for (;;) {
		int r;

		if (!wait_fits_unlocked(me, options) || wait_ready_unlocked(&look))
			return 1;
		if (!look.any)
			return -ECHILD;
		if (options & WNOHANG)
			return 0;
		r = waitq_sleep_unless(&me->child_exit, 0, wait_ready_unlocked, &look);
		if (r == 1)
			return 1;
		if (r)
			return -ERESTARTSYS; /* a signal: restarted after its handler, or EINTR */
	}
}

/*
 * A child that takes big_lock to reap: its last reference to a time
 * namespace of its own would free that namespace's page, a shared-memory
 * object's (process_free()).
 */
static bool reap_needs_big_lock(const struct process *c)
{
	return c->time_ns != &init_time_ns || c->time_ns_for_children != &init_time_ns;
}

/*
 * The reap without big_lock, once wait_unlocked() saw a zombie: its claim
 * under children_lock, then its PID no longer names it, so no lookup finds
 * it; what can still reach it is a CPU that found it before and holds
 * big_lock -- a kill(), a /proc read, the child's own exit, which marked
 * it a zombie and is still telling its parent. big_lock_synchronize() waits
 * for that hold to end (one hold, not the queue); from then on the zombie
 * is this thread's alone, as it would be under the lock, and is reported
 * and freed. Its PID leaves its chains under pid_lock, its memory and the
 * zombie's once the lock's grace period is over (kfree_after_big_lock()).
 * Returns its PID, or 0 when another thread of the caller claimed it first.
 */
static long reap_unlocked(const struct wait_target *w, int options, int *status, int *code,
			  struct cpu_usage *usage)
{
	struct process *me = current->proc;
	struct process *z;
	bool any;
	long nr;

	z = find_or_claim_zombie(me, w, options, true, &any);
	if (!z)
		return 0;
	WRITE_ONCE(z->pid->proc, NULL);
	big_lock_synchronize();
	nr = pid_nr_in(z->pid, task_active_pid_ns(current));
	zombie_report(z, status, code, usage);
	if (reap_needs_big_lock(z))
		big_lock_take_late();
	reap(me, z);
	return nr;
}

/*
 * wait4() as far as it goes without big_lock: the PID it reaped, 0 for
 * WNOHANG, -ECHILD, -ERESTARTSYS; or *need_lock when the wait is one for
 * the lock (wait_fits_unlocked()). A zombie another thread of the caller
 * claimed first sends it back to look again.
 */
static long wait4_unlocked(const struct wait_target *w, int options, int *status, int *code,
			   struct cpu_usage *usage, bool *need_lock)
{
	for (;;) {
		long r = wait_unlocked(w, options);

		if (r <= 0)
			return r;
		if (!wait_fits_unlocked(current->proc, options)) {
			*need_lock = true;
			return 0;
		}
		r = reap_unlocked(w, options, status, code, usage);
		if (r)
			return r;
	}
}

/* wait4's and waitid's pid: -1 any, > 0 one, 0 the caller's group, < -1 group -pid. */
static int wait_target_of(int pid, struct wait_target *w)
{
	w->want = pid > 0 || pid == -1 ? pid : 0;
	w->pgrp = NULL;
	if (pid == 0) {
		w->pgrp = current->proc->pgrp;
	} else if (pid < -1) {
		if (pid <= -PID_MAX)
			return -ECHILD;
		w->pgrp = pid_find(task_active_pid_ns(current), -pid);
		if (!w->pgrp)
			return -ECHILD; /* no such group: no child can be in it */
	}
	return 0;
}

#define WAIT4_OPTIONS (WNOHANG | WUNTRACED | WCONTINUED | __WNOTHREAD | __WCLONE | __WALL)

SYSCALL(wait4)
{
	int want = (int)a[0], options = (int)a[2], status = 0;
	int __user *ustatus = (int __user *)a[1];
	struct rusage __user *urusage = (struct rusage __user *)a[3];
	struct cpu_usage usage = { 0 };
	struct rusage ru;
	long r;

	if (options & ~WAIT4_OPTIONS)
		return -EINVAL;
	struct wait_target w;
	bool need_lock;
	int code;

	/*
	 * Listed in <kernel/syscall_unlocked.h>: a group other than the
	 * caller's own is a PID lookup, big_lock's; the rest looks, sleeps
	 * and reaps without it (wait4_unlocked()), but for a tracer's wait
	 * and WUNTRACED and WCONTINUED ones.
	 */
	if (want < -1)
		big_lock_take_late();
	r = wait_target_of(want, &w);
	if (r)
		return r;
	need_lock = spin_held(&big_lock);
	if (!need_lock)
		r = wait4_unlocked(&w, options | WEXITED, &status, &code, &usage, &need_lock);
	if (need_lock) {
		big_lock_take_late();
		r = do_wait(&w, options | WEXITED, false, &status, &code, &usage);
	}
	if (r <= 0)
		return r;
	/*
	 * What is left is copying out to the caller's memory: big_lock goes
	 * first, so a fork's parent that breaks copy-on-write of its stack
	 * there does it under its address space's lock alone, not in a stretch
	 * every other CPU waits for.
	 */
	if (spin_held(&big_lock))
		big_lock_release_for_return();
	if (ustatus && put_user(status, ustatus))
		r = -EFAULT;
	cpu_usage_to_rusage(&usage, &ru);
	if (r > 0 && urusage && copy_to_user(urusage, &ru, sizeof(ru)))
		r = -EFAULT;
	/*
	 * What a reap without the lock let go -- the zombie, its PID -- once
	 * the lock's grace period is over, long since as a rule: the return
	 * of an unlocked call frees nothing itself, so as not to make every
	 * getppid() look.
	 */
	if (current->nr_free_later)
		big_lock_free_deferred(current);
	return r;
}

SYSCALL(waitid)
{
	int idtype = (int)a[0], id = (int)a[1], options = (int)a[3], status = 0, want, code = 0;
	struct wait_target w;
	bool nonblock = false;
	struct user_siginfo __user *uinfo = (struct user_siginfo __user *)a[2];
	struct user_siginfo info = { 0 };
	long r;

	if (options & ~(WNOHANG | WNOWAIT | WEXITED | WSTOPPED | WCONTINUED | __WNOTHREAD |
			__WCLONE | __WALL))
		return -EINVAL;
	if (!(options & (WEXITED | WSTOPPED | WCONTINUED)))
		return -EINVAL;
	switch (idtype) {
	case P_ALL:
		want = -1;
		break;
	case P_PID:
		if (id <= 0)
			return -EINVAL;
		want = id;
		break;
	case P_PGID:
		/* Linux's P_PGID: id 0 is the caller's own group; a negative id is EINVAL. */
		if (id < 0)
			return -EINVAL;
		want = 0;
		break;
	case P_PIDFD: {
		struct file *f = fd_get(current->files, id);

		if (!f)
			return -EBADF;
		if (!file_is_pidfd(f))
			return -EINVAL;
		want = pid_nr_in(f->pid, task_active_pid_ns(current));
		if (want <= 0)
			return -ECHILD;
		/* A PIDFD_NONBLOCK pidfd never waits: EAGAIN while the child runs (Linux 5.10). */
		if ((f->f_flags & O_NONBLOCK) && !(options & WNOHANG)) {
			options |= WNOHANG;
			nonblock = true;
		}
		break;
	}
	default:
		return -EINVAL;
	}
	w.want = want;
	w.pgrp = NULL;
	if (idtype == P_PGID) {
		w.pgrp = id ? pid_find(task_active_pid_ns(current), id) : current->proc->pgrp;
		if (id && !w.pgrp)
			return -ECHILD;
	}
	r = do_wait(&w, options, options & WNOWAIT, &status, &code, NULL);
	if (r == 0 && nonblock)
		return -EAGAIN;
	if (r < 0)
		return r;
	if (r > 0) {
		info.si_signo = SIGCHLD;
		info.u.proc.pid = (int)r;
		info.u.proc.uid = 0;
		info.si_code = code;
		if (code == CLD_CONTINUED)
			info.u.proc.status = SIGCONT;
		else if (code == CLD_TRAPPED || code == CLD_STOPPED)
			info.u.proc.status = status >> 8;
		else if (code == CLD_KILLED)
			info.u.proc.status = status & 0x7f;
		else
			info.u.proc.status = (status >> 8) & 0xff;
	}
	if (uinfo && copy_to_user(uinfo, &info, sizeof(info)))
		return -EFAULT;
	return 0;
}

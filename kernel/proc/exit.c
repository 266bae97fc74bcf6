// SPDX-License-Identifier: MIT
/*
 * Leaving: a thread's exit, its process becoming a zombie, orphans being
 * reparented (the parent's wait4()/waitid() is kernel/proc/wait.c).
 * When the first process (the initial namespace's init) exits, the machine
 * powers off with its verdict: status 0 passes, anything else fails.
 */
#include <kernel/big_lock.h>
#include <kernel/exit.h>
#include <kernel/file.h>
#include <kernel/futex.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/pgrp.h>
#include <kernel/pid.h>
#include <kernel/poll.h>
#include <kernel/printk.h>
#include <kernel/ptrace.h>
#include <kernel/sched.h>
#include <kernel/shstk.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/timens.h>
#include <kernel/waitq.h>
#include <kernel/tty.h>
#include <kernel/vfs.h>
#include <kernel/vm.h>
#include <asm/fcntl.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/signal.h>
#include <uapi/linux/time.h>
#include <uapi/linux/wait.h>

void process_begin_exit(struct process *p, int status)
{
	unsigned long flags;

	/*
	 * The caller alone in its process (exit_group() of a fork's child,
	 * say): no other thread to end, and none that could clone or leave
	 * meanwhile. Under big_lock, as every other call here.
	 */
	if (p->threads == current && !current->thread_next) {
		if (!p->exiting) {
			WRITE_ONCE(p->exiting, true);
			p->exit_code = status;
		}
		return;
	}
	/* siglock: a clone without big_lock either sees exiting and fails, or links a thread woken here. */
	flags = spin_lock_irqsave(&p->siglock);

	if (!p->exiting) {
		WRITE_ONCE(p->exiting, true);
		p->exit_code = status;
		for (struct task *t = p->threads; t; t = t->thread_next) {
			if (t == current)
				continue; /* exit_group()'s caller runs: nothing to wake or end */
			task_wake(t);	  /* a sleep returns -EINTR */
			task_wake_traced(t); /* SIGKILL ends a ptrace stop */
		}
	}
	spin_unlock_irqrestore(&p->siglock, flags);
}

/* Where orphans of p go: the init of p's namespace, or of the one above it. */
static struct process *find_reaper(struct process *p)
{
	struct pid_ns *ns = p->pid->ns[p->pid->level];

	for (; ns; ns = ns->parent) {
		if (ns->reaper && ns->reaper != p && ns->reaper->state == PROC_ALIVE)
			return ns->reaper;
	}
	return NULL;
}

/* c leaves its parent's children: nobody waits for it, and it is freed when it dies. */
static void process_orphan(struct process *parent, struct process *c)
{
	process_children_unlink(parent, c);
	process_set_parent(c, NULL);
	c->parent_thread = NULL;
}

/*
 * Each child of p moves to the reaper, or to no parent. The move holds p's
 * children_lock to take the child off, then the reaper's to put it on, and
 * the child is marked reparenting between the two (process_move_begin()):
 * a last thread of it that exits without big_lock meanwhile waits, then
 * finds the one parent it has, so exactly one of the two tells the reaper
 * of a zombie -- the exit, or this move if it was one already.
 */
static void reparent_children(struct process *p)
{
	struct process *reaper = find_reaper(p);

	for (;;) {
		unsigned long flags = spin_lock_irqsave(&p->children_lock);
		struct process *c = p->children;
		bool zombie;

		if (c) {
			process_children_unlink_locked(p, c);
			process_move_begin(c);
		}
		spin_unlock_irqrestore(&p->children_lock, flags);
		if (!c)
			return;
		c->parent_thread = reaper ? reaper->threads : NULL;
		/*
		 * As Linux's reparent_leader(): an orphan's exit signal becomes
		 * SIGCHLD, whatever its parent chose, so a child cloned with exit
		 * signal SIGKILL cannot take its new parent, init, down with it.
		 */
		c->exit_signal = SIGCHLD;
		if (!reaper) {
			/* With no reaper it stays so: freed when it dies. */
			process_move_end(c, NULL);
			continue;
		}
		flags = spin_lock_irqsave(&reaper->children_lock);
		zombie = READ_ONCE(c->state) == PROC_ZOMBIE; /* no exit changes it while it moves */
		if (!zombie)
			process_children_push_locked(reaper, c);
		process_move_end(c, reaper);
		spin_unlock_irqrestore(&reaper->children_lock, flags);
		if (!zombie)
			continue;
		if (signal_notify_parent(c, reaper)) {
			process_free(c); /* a reaper that reaps nothing: as reparent_leader() */
			continue;
		}
		process_children_push(reaper, c);
		waitq_wake(&reaper->child_exit, -1);
	}
}

static void kill_one(struct pid *pid, void *ctx)
{
	struct task *t = pid_task(pid);

	(void)ctx;
	if (t && t->proc->state == PROC_ALIVE)
		process_begin_exit(t->proc, WAIT_STATUS_SIGNALED(SIGKILL));
}

/* A namespace's init is gone: every other process in it is killed, as in Linux. */
static void kill_namespace(struct pid_ns *ns)
{
	pid_for_each_in_ns(ns, kill_one, NULL);
}

void process_free(struct process *p)
{
	waitq_assert_empty(&p->child_exit, "a process's wait4() queue");
	waitq_assert_empty(&p->stop_wait, "a process's group-stop queue");
	if (p->nr_tracees)
		panic("exit: a process freed with %u tracees counted", p->nr_tracees);
	if (p->state == PROC_ZOMBIE)
		task_count_zombie(-1);
	pid_ns_put(p->pid_ns_for_children);
	time_ns_put(p->time_ns);
	time_ns_put(p->time_ns_for_children);
	pgrp_release(p);
	/* Its stack may still be going on the CPU it died on: the later of the two frees it. */
	if (p->zombie_task)
		task_zombie_put_after_big_lock(p->zombie_task);
	WRITE_ONCE(p->pid->proc, NULL); /* done already by a reap without the lock */
	pid_put_after_big_lock(p->pid);
	poll_wake(); /* pidfds of it now say POLLHUP */
	/* Unreachable; its memory goes after big_lock unless a child's wake still holds it. */
	process_put(p);
}

/*
 * The end of p's exit, after big_lock: its parent's wait4() is woken.
 * The parent may be reaped meanwhile on another CPU; the reference
 * process_become_zombie() took keeps its struct, whose memory the last
 * reference frees.
 */
static void wake_parent_unlocked(struct process *parent)
{
	waitq_wake(&parent->child_exit, -1);
	if (refcount_dec_and_test(&parent->refs))
		kfree(parent);
}

/*
 * The last thread of p has gone. Returns its parent, a reference taken,
 * for wake_parent_unlocked() once big_lock is let go; NULL if none.
 */
static struct process *process_become_zombie(struct process *p)
{
	struct process *parent = p->parent;

	ptrace_tracer_exit(p);
	itimers_exit(p);
	posix_timers_delete_all(p);
	if (process_is_session_leader(p))
		tty_session_leader_exit(p); /* its terminal's foreground group gets SIGHUP */
	p->wait_status = p->exit_code;
	if (p->is_ns_init) {
		struct pid_ns *ns = p->pid->ns[p->pid->level];

		ns->reaper = NULL;
		ns->dead = true; /* before the kills: none of them may be outlived by a new child */
		kill_namespace(ns);
	}
	/*
	 * Its children move first, as in Linux's exit_notify(): were p to
	 * leave its parent's list before (below), a parent that is also their
	 * reaper could find no child at all in between, and its wait4() say
	 * ECHILD while they live.
	 */
	reparent_children(p);
	/*
	 * A child its parent will not reap leaves the parent's list before it
	 * is a zombie: the parent's wait4() may claim a zombie it finds there
	 * without big_lock (kernel/proc/wait.c), and this one is do_exit_thread()'s
	 * to free. But a parent that reaps nothing still reaps a tracee of its
	 * own: Linux's do_notify_parent() leaves a child that dies traced to
	 * its tracer's wait.
	 */
	if (signal_parent_reaps_nothing(p) && !p->exit_traced)
		process_orphan(parent, p);
	/*
	 * Read by a wait4() without big_lock (wait.c). One that claims the
	 * zombie now still waits for this CPU's hold to end before it reads
	 * or frees anything of it (big_lock_synchronize()).
	 */
	WRITE_ONCE(p->state, PROC_ZOMBIE);
	task_count_zombie(+1);
	poll_wake(); /* pidfds of it are readable now */
	if (p->pid->level == 0 && p->pid->nr[0] == 1) {
		int st = p->wait_status;

		printk("umbra: init exited with %s %d\n", (st & 0x7f) ? "signal" : "status",
		       (st & 0x7f) ? (st & 0x7f) : (st >> 8) & 0xff);
		poweroff(st == 0 ? POWEROFF_PASS : POWEROFF_FAIL);
	}
	if (!parent)
		return NULL;
	refcount_inc(&parent->refs);
	signal_notify_parent(p, parent); /* its answer was asked above */
	return parent;
}

/*
 * Thread t is exiting: each child process it forked gets another live
 * thread of t's process as its parent thread (with none left,
 * reparent_children() gives it the reaper's), and each thread of such a
 * child that asked for a parent-death signal (PR_SET_PDEATHSIG) has it
 * sent to its process, from t, as Linux's forget_original_parent(): the
 * signal follows the parent *thread*, not the parent process.
 */
static void notify_parent_death(struct task *t)
{
	struct process *p = t->proc;
	struct task *heir = NULL;
	unsigned long flags;

	/*
	 * Only t's own forks make a child that names t, and only exits under
	 * big_lock, which this one holds, make it an heir: none now, none to come.
	 */
	if (!READ_ONCE(p->children))
		return;
	/*
	 * The heir is chosen and named under children_lock, where a thread
	 * that leaves without big_lock marks itself first (thread_begin_exit()):
	 * one that has begun is never chosen, one chosen finds its new children.
	 */
	flags = spin_lock_irqsave(&p->children_lock);

	for (struct task *u = p->threads; u && !p->exiting; u = u->thread_next) {
		if (u != t && !u->exit_begun) {
			heir = u;
			break;
		}
	}
	for (struct process *c = p->children; c; c = c->sibling) {
		if (c->parent_thread != t)
			continue;
		c->parent_thread = heir;
		for (struct task *u = c->threads; u; u = u->thread_next) {
			struct ksiginfo k = { .signo = u->pdeath_signal, .code = SI_USER };

			if (!u->pdeath_signal)
				continue;
			k.pid = task_tgid_in(t, c->pid->ns[c->pid->level]);
			signal_kill_process(c, u->pdeath_signal, &k);
		}
	}
	spin_unlock_irqrestore(&p->children_lock, flags);
}

/* How a thread leaves its process's list (thread_leave()). */
enum leave_as {
	LEAVE_LOCKED,	     /* under big_lock: always */
	LEAVE_NOT_LAST,	     /* without it, a thread whose process goes on */
	LEAVE_LAST_UNTRACED, /* without it, the only thread, untraced */
};

/*
 * t leaves its process's thread list, under siglock: its CPU time becomes
 * the process's (and its address space's high-water mark, hiwater_rss,
 * the process's maxrss if higher: cputime_mm_leave()'s rule), and a
 * signal sent to the process that t could have taken wakes another
 * thread (signal_thread_left()). A last thread whose
 * process was not exiting makes the process exit with its status: it
 * found a sibling still there when do_exit_thread() began, which has left
 * since without big_lock. Without big_lock (how), t stays, and false
 * is returned, if it is traced -- or, for LEAVE_NOT_LAST, the last or its
 * process is exiting as a whole: those exits are big_lock's.
 */
static bool thread_leave(struct task *t, unsigned long hiwater_rss, int status, enum leave_as how)
{
	struct process *p = t->proc;
	unsigned long flags = spin_lock_irqsave(&p->siglock);
	bool refuse = false;

	if (how == LEAVE_NOT_LAST)
		refuse = p->nr_threads == 1 || p->exiting || ptrace_traced(&t->ptrace);
	else if (how == LEAVE_LAST_UNTRACED)
		refuse = ptrace_traced(&t->ptrace);
	if (refuse) {
		spin_unlock_irqrestore(&p->siglock, flags);
		return false;
	}
	p->exited_usage.maxrss = MAX(p->exited_usage.maxrss, hiwater_rss);
	cputime_thread_exit(t);
	process_thread_unlink_locked(t);
	if (p->nr_threads == 0 && !p->exiting) {
		p->exiting = true;
		p->exit_code = status;
	}
	signal_thread_left(p, t);
	spin_unlock_irqrestore(&p->siglock, flags);
	return true;
}

/*
 * Tells a joiner t is gone (Linux's CLONE_CHILD_CLEARTID contract): 0 in
 * the word, and one waiter on it woken. The store may fault and the wake
 * takes its futex bucket's lock; it is made holding the big lock all the
 * same, for the joiner's sake (release_shadow_stack() says why).
 */
static void clear_child_tid_and_wake(struct task *t)
{
	if (t->clear_child_tid && !put_user(0, (int __user *)t->clear_child_tid))
		futex_wake(t->mm, t->clear_child_tid, 1);
}

/*
 * Linux's mm_release(): a kernel-allocated shadow stack dies with its
 * thread before a joiner can learn that the thread is gone (its
 * deactivate_mm() frees it, then the TID is cleared), so a program that
 * joined finds it unmapped. The unmap takes the address space's lock
 * alone, so exit() makes it before it takes the big lock; the wake stays
 * under the big lock (do_exit_thread()): a joiner's next call that takes
 * it -- sysinfo()'s free pages, /proc's thread count -- then comes after
 * this thread has left its group and announced its stack's free, so the
 * leak tests' exact counts hold.
 */
static void release_shadow_stack(struct task *t)
{
	if (t->shstk.base)
		shstk_release(t, t->mm);
}

/*
 * What an exit can do before it takes big_lock (exit() and exit_group()
 * are listed in <kernel/syscall_unlocked.h>): the thread's shadow stack
 * goes; and when the thread is its process's only one and the last user
 * of its address space -- a fork's child ending, say -- its joiner word is
 * cleared, its space emptied and its fds closed, each under its own lock,
 * Linux's order (mm_release(), exit_mm(), exit_files()), so the exit takes
 * big_lock once for the rest instead of letting it go and queueing again
 * for the teardown. Only this thread could add a thread or another user of
 * the space or the fd table (not shared here: CLONE_FILES), so the counts
 * it reads cannot grow meanwhile.
 * The structs stay, empty, for do_exit_thread() to let go under big_lock:
 * /proc reaches them through the task until then. A vfork child's space
 * is its parent's, so it is never the last user while the parent waits.
 */
static void exit_before_big_lock(struct task *t)
{
	struct mm *mm = t->mm;

	if (READ_ONCE(t->proc->nr_threads) != 1 || !mm || refcount_read(&mm->users) != 1 ||
	    refcount_read(&t->files->refs) != 1 || t->vfork) {
		release_shadow_stack(t);
		return;
	}
	clear_child_tid_and_wake(t); /* no thread of its own can be joining it */
	t->clear_child_tid = 0;
	t->shstk.base = 0; /* unmapped with the rest of the space */
	t->shstk.size = 0;
	mm_activate(NULL); /* off the tables that are about to go */
	mm_empty(mm);
	files_close_all_unlocked(t->files);
	t->left_early = true;
}

/*
 * t, about to leave without big_lock, says so under its process's
 * children_lock (task->exit_begun): from here no sibling's exit makes it
 * a child's parent thread. Returns whether a child names it so already --
 * its own fork's, or an exited sibling's heir -- whose parent thread must
 * change, and whose PR_SET_PDEATHSIG signals go, under big_lock.
 */
static bool thread_begin_exit(struct task *t)
{
	struct process *p = t->proc;
	unsigned long flags = spin_lock_irqsave(&p->children_lock);
	bool named = false;

	WRITE_ONCE(t->exit_begun, true);
	for (struct process *c = p->children; c && !named; c = c->sibling)
		named = c->parent_thread == t;
	spin_unlock_irqrestore(&p->children_lock, flags);
	return named;
}

/*
 * exit() of a thread that is not its process's last, without big_lock
 * (docs/DESIGN.md §7.3), Linux's do_exit() for a thread whose group goes
 * on: what it does under big_lock elsewhere -- its vfork parent's wake, a
 * child's parent thread and death signal, a tracer's notice -- it has
 * none of, and the rest takes the locks of what it touches. Returns,
 * having changed nothing the locked exit minds, only when it cannot:
 * the thread is the last or traced, its process exits as a whole, or a
 * child names it its parent thread.
 *
 * The order:
 *  - the free of its kernel stack is announced first (page_free_begin()):
 *    whoever sees the thread gone -- a joiner, a sibling's /proc count, a
 *    parent that reaps the process once the last sibling has gone --
 *    waits for that free when it counts free pages, as under big_lock;
 *  - it leaves the thread list and its TID names nothing, so no hold of
 *    big_lock that begins from then on reaches it; big_lock_synchronize()
 *    waits for the one in progress, which may have (a signal's wake, a
 *    /proc read): from then on the task and its pointers are this CPU's
 *    alone, as under the lock;
 *  - the joiner's word is cleared and the joiner woken, then the address
 *    space, fds and fs struct are let go -- a last reference of one of
 *    them takes big_lock for its big_lock part, which a CPU may do after
 *    announcing a free, as no holder of big_lock waits for one
 *    (page_free_settle()).
 */
static void exit_thread_unlocked(struct task *t, int status)
{
	struct process *p = t->proc;
	struct mm *mm = t->mm;
	struct files *files = t->files;
	struct fs_struct *fs = t->fs;

	if (t->vfork || !mm || READ_ONCE(p->exiting) || READ_ONCE(p->nr_threads) < 2)
		return;
	if (thread_begin_exit(t))
		return;
	t->free_announced = page_free_begin();
	__atomic_fetch_or(&p->freeing_cpus, t->free_announced, __ATOMIC_RELAXED);
	/*
	 * Once t has left, the last sibling may exit and the parent reap p on
	 * other CPUs: this reference keeps its struct for what t still reads
	 * of it (a fault's, a file release's current->proc) until t is gone.
	 */
	refcount_inc(&p->refs);
	if (!thread_leave(t, mm->hiwater_rss, status, LEAVE_NOT_LAST)) {
		/* p lives on with t: never the last; and no free after all (the locked exit announces one). */
		(void)refcount_dec_not_one(&p->refs);
		page_free_end(t->free_announced);
		return;
	}
	WRITE_ONCE(t->pid->task, NULL);
	pid_put_after_big_lock(t->pid); /* its memory: after the grace below */
	big_lock_synchronize();

	clear_child_tid_and_wake(t);
	t->clear_child_tid = 0;
	mm_activate(NULL); /* off its tables: mm_put may free them */
	t->mm = NULL;
	mm_put_unlocked(mm);
	t->files = NULL;
	files_put_unlocked(files);
	t->fs = NULL;
	fs_struct_put_unlocked(fs);
	t->sighand_to_put = t->sighand;
	t->sighand = NULL;
	t->pid = NULL;
	/* Reaped meanwhile: unreachable, but for a hold of big_lock in progress. */
	process_put(p);
	big_lock_free_deferred(t);
	schedule_as(TASK_DEAD);
	panic("a dead task was scheduled");
}

/*
 * The end of a zombie's making under big_lock, for a last thread that
 * left without it and whose zombie is big_lock's after all: no parent to
 * tell (it is freed now), or an exit signal other than SIGCHLD.
 */
static void become_zombie_locked(struct process *p)
{
	struct process *parent_to_wake;

	big_lock_take_late();
	parent_to_wake = process_become_zombie(p);
	if (!p->parent)
		process_free(p);
	big_lock_drop();
	if (parent_to_wake)
		wake_parent_unlocked(parent_to_wake);
}

/*
 * p's last thread has left without big_lock: p becomes a zombie under its
 * parent's children_lock, where the parent's wait4() finds it and its
 * exit would move it to a new parent (process_lock_parent() says why that
 * parent stays), and the parent gets SIGCHLD under its own siglock.
 */
static void become_zombie_unlocked(struct process *p)
{
	unsigned long flags;
	struct process *parent = process_lock_parent(p, &flags);
	bool autoreap;

	if (parent && p->exit_signal && p->exit_signal != SIGCHLD) {
		spin_unlock_irqrestore(&parent->children_lock, flags);
		process_put(parent);
		parent = NULL;
	}
	if (!parent) {
		become_zombie_locked(p);
		return;
	}
	/* Read by a wait4() under children_lock, or by a holder of big_lock. */
	WRITE_ONCE(p->state, PROC_ZOMBIE);
	task_count_zombie(+1);
	autoreap = signal_notify_parent_unlocked(p, parent);
	if (autoreap) {
		/*
		 * Nobody reaps it: it is ours to free. Its PID stops naming it
		 * in the same hold, so a parent whose wait4() says ECHILD finds
		 * it gone by number too, as under big_lock (Linux's may still
		 * find it for a moment, until its release_task()).
		 */
		process_children_unlink_locked(parent, p);
		WRITE_ONCE(p->pid->proc, NULL);
	}
	spin_unlock_irqrestore(&parent->children_lock, flags);
	poll_wake();			     /* pidfds of it are readable now */
	waitq_wake(&parent->child_exit, -1); /* a wait4() may say ECHILD now, if autoreap */
	process_put(parent);
	if (autoreap) {
		big_lock_take_late();
		process_free(p);
		big_lock_drop();
	}
}

/*
 * A process whose last thread can end it without big_lock: the thread
 * emptied its address space and closed its fds before (exit_before_big_lock()),
 * it is the process's first thread (its TID is the PID a zombie keeps),
 * and nothing of the process is another's but its parent's list and
 * signal -- no vfork parent waiting, no child of its own (so no tracee, and
 * no heir to choose), no armed timer, no session to end, no namespace to
 * kill. Only this thread could change any of that, and it is exiting.
 */
static bool can_end_process_unlocked(const struct task *t)
{
	const struct process *p = t->proc;
	const struct itimers *it = &p->itimers;

	return t->left_early && !t->vfork && t->pid == p->pid && !p->is_ns_init &&
	       !process_is_session_leader(p) && !p->posix_timers.head &&
	       !READ_ONCE(it->real.armed) && !it->cpu_left_ns[0] && !it->cpu_left_ns[1];
}

/*
 * exit() or exit_group() of a process's only thread, without big_lock
 * (docs/DESIGN.md §7.3): Linux's do_exit() and exit_notify() for a process
 * with nothing to hand on. Returns, having changed nothing the locked exit
 * minds, when it cannot (above), a child appeared, or the thread is traced.
 *
 * The order:
 *  - it becomes the zombie's task before it leaves (zombie_task), so /proc
 *    finds the process throughout, as Linux's;
 *  - it leaves the thread list and its TID names nothing; the first grace
 *    period (big_lock_synchronize()) waits for a hold of big_lock that
 *    found it there -- a signal's send, a /proc read by TID;
 *  - its memory, fd table and fs struct go from the task, and the second
 *    grace waits for a /proc read that found them through zombie_task;
 *    then they are let go, a last reference taking big_lock for its part;
 *  - its stack's free is announced before the zombie can be reaped
 *    (become_zombie_unlocked()), so the reaper waits for it when it counts
 *    free pages.
 */
static void exit_process_unlocked(struct task *t, int status)
{
	struct process *p = t->proc;
	struct mm *mm = t->mm;
	struct files *files = t->files;
	struct fs_struct *fs = t->fs;

	if (!can_end_process_unlocked(t) || thread_begin_exit(t) || READ_ONCE(p->children))
		return;
	/* Its owners: this CPU's switch away, and the reaper (process_free()). */
	atomic_set(&t->zombie_owners, 2);
	WRITE_ONCE(p->zombie_task, t);
	/* Reaped on another CPU once a zombie: this reference keeps the struct to the end. */
	refcount_inc(&p->refs);
	if (!thread_leave(t, mm->hiwater_rss, status, LEAVE_LAST_UNTRACED)) {
		WRITE_ONCE(p->zombie_task, NULL);
		(void)refcount_dec_not_one(&p->refs);
		return;
	}
	p->exit_traced = false;
	WRITE_ONCE(t->pid->task, NULL);
	/* The task's reference: p keeps its own, and t->pid stays p's for /proc. */
	pid_put_after_big_lock(t->pid);
	big_lock_synchronize();

	t->free_announced = page_free_begin();
	__atomic_fetch_or(&p->freeing_cpus, t->free_announced, __ATOMIC_RELAXED);
	WRITE_ONCE(t->mm, NULL);
	WRITE_ONCE(t->files, NULL);
	WRITE_ONCE(t->fs, NULL);
	t->sighand_to_put = t->sighand; /* with t's stack, after the switch */
	WRITE_ONCE(t->sighand, NULL);
	big_lock_synchronize();
	kfree_after_big_lock(mm_put_emptied_unlocked(mm));
	files_put_emptied(files);
	fs_struct_put_unlocked(fs);

	p->wait_status = p->exit_code;
	become_zombie_unlocked(p);
	process_put(p);
	big_lock_free_deferred(t);
	schedule_as(TASK_DEAD);
	panic("a dead task was scheduled");
}

void do_exit_thread(int status)
{
	struct task *t = current;
	struct process *p = t->proc;
	struct mm *mm = t->mm;
	struct files *files;
	struct dentry *exe;
	struct process *parent_to_wake = NULL;
	unsigned long hiwater_rss;

	assert_big_lock_held();
	if (!p->exiting && p->nr_threads == 1) {
		p->exiting = true;
		p->exit_code = status;
	}
	/*
	 * exit() unmapped the shadow stack before it took the lock; a kill
	 * and exit_group()'s end of the other threads come here with it
	 * still to do, and let the lock go around it.
	 */
	if (t->shstk.base && mm) {
		big_lock_drop();
		release_shadow_stack(t);
		big_lock_retake();
	}
	clear_child_tid_and_wake(t);
	vfork_release(t);
	notify_parent_death(t);
	p->exit_traced =
		ptrace_traced(&t->ptrace); /* the last thread's says (process_become_zombie()) */
	ptrace_task_exit(t);

	if (!t->left_early)
		mm_activate(NULL); /* mm_put may free the tables we run on */
	/* getrusage's maxrss, which thread_leave() keeps */
	hiwater_rss = mm ? mm->hiwater_rss : 0;
	/* From here nobody reaches the space or the fd table through t. */
	t->mm = NULL;
	files = t->files;
	t->files = NULL;
	/*
	 * The last user tears the space down -- every page and table -- under
	 * its own lock alone, and the fd table goes, while other CPUs go on
	 * (docs/DESIGN.md §7.3). One let-go for both, and none when neither
	 * is the last: each retake queues again. The program's file is let
	 * go under the big lock again.
	 */
	if (t->left_early) {
		/* Emptied before the lock (exit_before_big_lock()): only the structs are left. */
		kfree_after_big_lock(mm_put_emptied(mm));
		files_put_emptied(files);
	} else if ((mm && refcount_read(&mm->users) == 1) || refcount_read(&files->refs) == 1) {
		big_lock_drop();
		exe = mm ? mm_put_keep_exe(mm) : NULL;
		files_put_unlocked(files);
		big_lock_retake();
		if (exe)
			dentry_put(exe);
	} else {
		/* Only counts go (others still use both): not worth a retake. */
		if (mm)
			mm_put(mm);
		files_put(files);
	}
	fs_struct_put(t->fs);
	t->fs = NULL;

	thread_leave(t, hiwater_rss, status, LEAVE_LOCKED);
	/*
	 * Unreachable through t from here; the reference (a fork child's is the
	 * last, and its free a page) goes with t's stack, off the big lock. A
	 * thread on the list keeps its handlers: a child's exit without
	 * big_lock reads them under siglock (signal_notify_parent_unlocked()).
	 */
	t->sighand_to_put = t->sighand;
	t->sighand = NULL;
	WRITE_ONCE(t->pid->task, NULL);
	pid_put_after_big_lock(t->pid);
	t->pid = NULL;

	if (p->nr_threads == 0) {
		if (p->parent) {
			/* /proc shows the zombie through this thread: the process's PID. */
			p->zombie_task = t;
			/* Its owners: this CPU's switch away, and the reaper. */
			atomic_set(&t->zombie_owners, 2);
			t->pid = p->pid;
		}
		parent_to_wake = process_become_zombie(p);
		if (!p->parent) {
			process_free(p);
			p = NULL; /* freed, perhaps already: nobody reaps it or waits for its frees */
		}
	}
	/*
	 * The stack's free is announced before the lock goes: a reaper or
	 * joiner that counts free pages next waits for it (page_free_settle()).
	 * The parent's wake needs no big_lock, only its wait queue's lock: it
	 * comes after the lock is let go, and the parent takes it for the
	 * reap without waiting for this CPU's wake and switch.
	 */
	t->free_announced = page_free_begin();
	if (p)
		__atomic_fetch_or(&p->freeing_cpus, t->free_announced, __ATOMIC_RELAXED);
	if (parent_to_wake) {
		big_lock_drop();
		wake_parent_unlocked(parent_to_wake);
	}
	schedule_as(TASK_DEAD);
	panic("a dead task was scheduled");
}

void do_exit_group(int status)
{
	process_begin_exit(current->proc, status);
	do_exit_thread(current->proc->exit_code);
}

/*
 * Both listed in <kernel/syscall_unlocked.h>: what needs no big_lock goes
 * before it is taken (exit_before_big_lock()), so a thread that ends takes
 * it once.
 */
SYSCALL(exit)
{
	int status = WAIT_STATUS_EXITED((int)a[0]);

	exit_before_big_lock(current);
	/* Each returns only if it cannot. */
	if (!current->left_early)
		exit_thread_unlocked(current, status);
	else
		exit_process_unlocked(current, status);
	big_lock_take_late();
	do_exit_thread(status);
}

SYSCALL(exit_group)
{
	struct process *p = current->proc;
	unsigned long flags;

	exit_before_big_lock(current);
	if (current->left_early) {
		/* Alone in its process: only a kill, under siglock, may set the status first. */
		flags = spin_lock_irqsave(&p->siglock);
		if (!p->exiting) {
			WRITE_ONCE(p->exiting, true);
			p->exit_code = WAIT_STATUS_EXITED((int)a[0]);
		}
		spin_unlock_irqrestore(&p->siglock, flags);
		exit_process_unlocked(current, p->exit_code); /* returns only if it cannot */
	}
	big_lock_take_late();
	do_exit_group(WAIT_STATUS_EXITED((int)a[0]));
}

// SPDX-License-Identifier: MIT
/*
 * Round-robin scheduling and wait queues, on every CPU.
 *
 * Each CPU has its own run queue. A task made runnable goes to the queue of
 * the CPU it last ran on, unless that CPU is busy and another CPU it may
 * run on idles: then to that one, which a reschedule IPI wakes. A CPU whose
 * own queue is empty takes the first task allowed on it from another's
 * (the load balancing: an idle CPU pulls, a waker pushes toward idle CPUs).
 *
 * sched_lock guards every run queue, every wait queue, the list of timed
 * sleepers, each task's state and each CPU's `running`; it is the only
 * lock the scheduler needs, so a CPU sleeps, wakes and switches tasks
 * without big_lock. A task that holds big_lock when it gives up the CPU
 * lets it go before the switch and takes it back when it runs again, as
 * Linux's old big kernel lock was dropped and retaken around schedule().
 * A dead task is freed by the task switched to, without big_lock --
 * nothing reaches it any more; its signal table's reference goes there
 * too (task_release()); the free is announced before the lock goes
 * (page_free_begin()), so a joiner's or reaper's free-page count waits for
 * it and stays exact. A zombie's last thread keeps its struct, which /proc
 * shows until the reaper lets it go; only its stack goes here, and
 * whichever of the two finishes second frees the struct (task_zombie_put()):
 * the reaper never waits, with big_lock held, for this CPU's free.
 *
 * A task stays on its CPU's stack until its switch-out is complete:
 * sched_lock is held across arch_switch_to() and dropped only by the task
 * switched to, so no other CPU can take a task off a queue, or wake it onto
 * one, while its registers are still being saved.
 *
 * Sleeping without big_lock (a pipe, under its own mutex) follows Linux's
 * prepare-to-wait order: the sleeper goes on the wait queue, then gives up
 * the lock of its condition, then switches; a waker that came in between
 * found it on the queue and made it runnable, so the switch does not
 * happen. A task woken while it is still on a CPU only becomes
 * TASK_RUNNING there; only a task that is on no CPU goes on a queue.
 */
#include <kernel/arch.h>
#include <kernel/big_lock.h>
#include <kernel/console.h>
#include <kernel/cputime.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/pid.h>
#include <kernel/kmem.h>
#include <kernel/mutex.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/sched_stat.h>
#include <kernel/signal.h>
#include <kernel/smp.h>
#include <kernel/time.h>
#include <kernel/timer.h>
#include <kernel/tty.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>

static struct spinlock sched_lock = SPINLOCK_INIT(LOCK_LEVEL_SCHED, "sched_lock");

struct runq {
	struct task *head, *tail;
	unsigned int nr;
};

static struct runq runqs[SMP_MAX_CPUS];
static struct task boot_idle_task;

static bool is_idle(const struct task *t)
{
	return t->is_idle;
}

static bool allowed_on(const struct task *t, unsigned int cpu)
{
	return t->cpus_allowed & (1ull << cpu);
}

/* True when t runs on a CPU now (or is being switched away from there). */
static bool on_cpu(const struct task *t)
{
	return cpus[t->cpu].running == t || cpus[t->cpu].switched_from == t;
}

static void runq_push(unsigned int cpu, struct task *t)
{
	struct runq *q = &runqs[cpu];

	t->run_next = NULL;
	if (q->tail)
		q->tail->run_next = t;
	else
		q->head = t;
	q->tail = t;
	q->nr++;
}

/* Takes the first task of q that match(t, arg) accepts off it. */
static struct task *runq_take_if(struct runq *q,
				 bool (*match)(const struct task *t, unsigned long arg),
				 unsigned long arg)
{
	struct task *prev = NULL;

	for (struct task *t = q->head; t; prev = t, t = t->run_next) {
		if (!match(t, arg))
			continue;
		if (prev)
			prev->run_next = t->run_next;
		else
			q->head = t->run_next;
		if (q->tail == t)
			q->tail = prev;
		t->run_next = NULL;
		q->nr--;
		return t;
	}
	return NULL;
}

static bool may_run_on(const struct task *t, unsigned long cpu)
{
	return allowed_on(t, (unsigned int)cpu);
}

static bool is_task(const struct task *t, unsigned long which)
{
	return (unsigned long)t == which;
}

/* Takes the first task allowed on cpu off q. */
static struct task *runq_take(struct runq *q, unsigned int cpu)
{
	return runq_take_if(q, may_run_on, cpu);
}

/* The next task for cpu: from its own queue, else pulled from another's. */
static struct task *runq_pick(unsigned int cpu)
{
	struct task *t = runq_take(&runqs[cpu], cpu);

	for (unsigned int i = 0; !t && i < smp_nr_cpus; i++)
		if (i != cpu && runqs[i].nr)
			t = runq_take(&runqs[i], cpu);
	return t;
}

/* A CPU with nothing to do: it runs its idle task and nothing waits for it. */
static bool cpu_idles(unsigned int cpu)
{
	return cpus[cpu].scheduling && is_idle(cpus[cpu].running) && !runqs[cpu].nr;
}

/* Where a task made runnable waits: see the head of this file. */
static unsigned int pick_cpu(const struct task *t)
{
	unsigned int last = t->cpu;
	bool last_ok = allowed_on(t, last) && cpus[last].scheduling;

	if (last_ok && cpu_idles(last))
		return last;
	for (unsigned int i = 0; i < smp_nr_cpus; i++)
		if (allowed_on(t, i) && cpu_idles(i))
			return i;
	if (last_ok)
		return last;
	for (unsigned int i = 0; i < smp_nr_cpus; i++)
		if (allowed_on(t, i) && cpus[i].scheduling)
			return i;
	return 0; /* before the secondaries schedule, everything is the boot CPU's */
}

/* cpu has a task waiting: if it idles, it is told to schedule. */
static void kick_cpu(unsigned int cpu)
{
	struct cpu *c = &cpus[cpu];

	if (!c->scheduling || !is_idle(c->running) || c->need_resched)
		return;
	WRITE_ONCE(c->need_resched, true);
	if (cpu != this_cpu()->id)
		arch_smp_send_reschedule(cpu);
}

static void make_runnable(struct task *t)
{
	unsigned int cpu;

	t->state = TASK_RUNNING;
	if (on_cpu(t))
		return; /* woken before it got off its CPU: it goes on running there */
	cpu = pick_cpu(t);
	runq_push(cpu, t);
	kick_cpu(cpu);
}

void sched_init(void)
{
	struct cpu *c = this_cpu();
	struct task *t = &boot_idle_task;

	t->state = TASK_RUNNING;
	t->is_idle = true;
	t->cpu = c->id;
	t->cpus_allowed = 1ull << c->id;
	t->name[0] = 'i';
	t->name[1] = 'd';
	t->name[2] = 'l';
	t->name[3] = 'e';
	arch_task_init_idle(t);
	c->idle = t;
	c->running = t;
	c->scheduling = true;
	/*
	 * The boot CPU holds big_lock from now on, until its idle loop. Until
	 * init starts it keeps interrupts on (the self-tests count ticks); its
	 * handlers run on the CPU that holds the lock, so they take nothing,
	 * and every other CPU waits for it.
	 */
	unsigned long flags = arch_irq_save();

	spin_lock(&big_lock);
	arch_irq_restore(flags);
	pr_info("sched: a run queue per CPU under sched_lock; lockdep %s\n",
		LOCK_DEBUG ? "on" : "off");
}

void sched_init_secondary(struct task *idle)
{
	struct cpu *c = this_cpu();

	idle->state = TASK_RUNNING;
	idle->is_idle = true;
	idle->cpu = c->id;
	idle->cpus_allowed = 1ull << c->id;
	arch_task_init_idle(idle);
	c->idle = idle;
	c->running = idle;
}

static void waitq_unlink(struct task *t);

/* The body of task_wake(), sched_lock held. */
static void wake_locked(struct task *t)
{
	if (t->state == TASK_DEAD || t->state == TASK_TRACED)
		return;
	if (t->state == TASK_SLEEPING)
		waitq_unlink(t);
	if (is_idle(t)) {
		t->state = TASK_RUNNING; /* an idle task in do_sleep(): its loop sees it */
		return;
	}
	if (t->state != TASK_RUNNING)
		make_runnable(t);
}

void task_wake(struct task *t)
{
	unsigned long flags = spin_lock_irqsave(&sched_lock);

	wake_locked(t);
	spin_unlock_irqrestore(&sched_lock, flags);
}

void task_wake_interruptible(struct task *t)
{
	unsigned long flags = spin_lock_irqsave(&sched_lock);

	if (t->state == TASK_SLEEPING && t->interruptible)
		wake_locked(t);
	spin_unlock_irqrestore(&sched_lock, flags);
}

void task_wake_traced(struct task *t)
{
	unsigned long flags = spin_lock_irqsave(&sched_lock);

	if (t->state == TASK_TRACED)
		make_runnable(t);
	spin_unlock_irqrestore(&sched_lock, flags);
}

/*
 * After a switch, on the task switched to, sched_lock held: drops it and
 * frees the task switched away from if it had exited (a zombie's last
 * thread: all but its struct).
 */
static void finish_switch(void)
{
	struct cpu *c = this_cpu();
	struct task *prev = c->switched_from;
	/* Read under the lock: once it is dropped, a live prev may run, and die, elsewhere. */
	bool dead = prev && prev->state == TASK_DEAD;

	c->switched_from = NULL;
	spin_unlock(&sched_lock);
	if (!dead)
		return;
	/* Unreachable since its exit but for a zombie's struct: its own locks only. */
	if (atomic_read(&prev->zombie_owners)) { /* only the reaper lowers it, to 1 at most */
		task_release(prev);
		task_zombie_put(prev); /* the reaper may have let go of it already */
	} else {
		task_free(prev);
	}
	page_free_end();
}

/*
 * Picks the next task for this CPU and switches to it; sched_lock held on
 * entry, dropped on return. The caller keeps whatever it held of big_lock.
 */
static void schedule_locked(void)
{
	struct cpu *c = this_cpu();
	struct task *prev = c->running, *next;
	bool had_big = spin_held(&big_lock);
	bool keep = prev->state == TASK_RUNNING && !is_idle(prev);

	/* Sleeping while holding a spinlock would stop every CPU that wants it. */
	if (LOCK_DEBUG && c->nr_held != 1u + had_big)
		panic("sched: %s gives up the CPU holding %u lock%s besides sched_lock and "
		      "big_lock",
		      prev->name, c->nr_held - 1u - had_big, c->nr_held == 2u + had_big ? "" : "s");
	c->need_resched = false;
	next = c->scheduling ? runq_pick(c->id) : NULL;
	if (!next)
		next = keep && allowed_on(prev, c->id) ? prev : c->idle;
	if (next == prev) {
		spin_unlock(&sched_lock);
		return;
	}
	if (keep) {
		/* Still runnable: queued here, or where a CPU idles (pick_cpu()). */
		unsigned int cpu = pick_cpu(prev);

		runq_push(cpu, prev);
		kick_cpu(cpu);
	}
	if (!is_idle(prev)) {
		/* Linux's count: a task that is not runnable gave the CPU up itself. */
		if (prev->state == TASK_RUNNING)
			prev->usage.nivcsw++;
		else
			prev->usage.nvcsw++;
	}
	sched_stat_switch();
	prev->slept_in_call = true;
	next->cpu = c->id;
	c->running = next;
	c->switched_from = prev;
	if (prev->state == TASK_DEAD)
		page_free_begin(); /* before the lock goes: see the head of this file */
	if (had_big)
		spin_unlock(&big_lock);
	arch_switch_to(prev, next);
	finish_switch();
	if (had_big)
		big_lock_retake();
}

void schedule(void)
{
	unsigned long flags = spin_lock_irqsave(&sched_lock);

	schedule_locked();
	arch_irq_restore(flags);
}

void schedule_as(enum task_state state)
{
	unsigned long flags = spin_lock_irqsave(&sched_lock);

	current->state = state;
	schedule_locked();
	arch_irq_restore(flags);
}

void cond_resched(void)
{
	if (this_cpu()->need_resched)
		schedule();
}

void schedule_tail(void)
{
	/* A new kernel task runs kernel code under big_lock, as if it had entered the kernel. */
	finish_switch();
	big_lock_retake();
}

void schedule_tail_user(void)
{
	finish_switch();
	/*
	 * Its TID and its own user memory are all it touches (a fault there
	 * takes what it needs, as an unlocked system call's copy does).
	 */
	if (current->set_child_tid) {
		int tid = task_tid_in(current, task_active_pid_ns(current));

		/* Errors are ignored, as in Linux: the child exists either way. */
		(void)put_user(tid, (int __user *)current->set_child_tid);
	}
}

void sched_move_task(struct task *t)
{
	unsigned long flags = spin_lock_irqsave(&sched_lock);
	unsigned int cpu = t->cpu;

	if (t->state != TASK_RUNNING)
		goto out;
	if (cpus[cpu].running != t) {
		/*
		 * Queued: moved to a queue of a CPU it may run on now, which is
		 * woken if it idles (an idle secondary's tick is off,
		 * arch_idle_wait()); without this, a thread moved away from its
		 * CPU while it waited its turn there was never run again.
		 */
		for (unsigned int i = 0; i < smp_nr_cpus; i++) {
			if (runq_take_if(&runqs[i], is_task, (unsigned long)t)) {
				t->state =
					TASK_SLEEPING; /* off every queue, as make_runnable() wants it */
				make_runnable(t);
				break;
			}
		}
		goto out;
	}
	if (allowed_on(t, cpu))
		goto out;
	/* Running on a CPU it may no longer use: that CPU gives it up at once. */
	WRITE_ONCE(cpus[cpu].need_resched, true);
	if (cpu != this_cpu()->id)
		arch_smp_send_reschedule(cpu);
out:
	spin_unlock_irqrestore(&sched_lock, flags);
}

/* Sleepers with a time-out, linked through timed_next; the tick wakes them. */
static struct task *timed_head;

static void timed_add(struct task *t)
{
	t->timed_next = timed_head;
	timed_head = t;
}

static void timed_remove(struct task *t)
{
	for (struct task **pp = &timed_head; *pp; pp = &(*pp)->timed_next) {
		if (*pp == t) {
			*pp = t->timed_next;
			t->timed_next = NULL;
			return;
		}
	}
}

void sched_tick(bool from_user)
{
	struct cpu *c = this_cpu();

	assert_big_lock_held();
	c->ticks++;
	if (c->running && !is_idle(c->running)) /* the tick starts before the scheduler */
		cputime_tick(c->running, from_user);
	sched_stat_tick(c->id, from_user, !c->running || is_idle(c->running));
	/* The boot CPU's tick is the clock (timer_tick()): it wakes the sleepers, runs the timers. */
	if (c->id == 0) {
		console_tick();	  /* the screen's rows a scroll left stale, two at a time */
		tty_poll_input(); /* what was typed on the serial console and the keyboard */
		tick_timers_run();
		u64 now = timer_ticks();

		spin_lock(&sched_lock);
		for (struct task *t = timed_head, *next; t; t = next) {
			next = t->timed_next;
			if (t->wake_at <= now) {
				t->timed_out = true;
				wake_locked(t); /* takes it off the list */
			}
		}
		spin_unlock(&sched_lock);
	}
	if (c->scheduling && READ_ONCE(runqs[c->id].nr))
		c->need_resched = true;
}

/* What may end a sleep besides its wake-up. */
enum sleep_kind {
	SLEEP_INTERRUPTIBLE, /* any signal to handle: -EINTR */
	SLEEP_KILLABLE,	     /* only a kill (vfork's wait) */
	/*
	 * Nothing: a mutex's waiter. Its holder may need big_lock (a fault on
	 * user memory) that the waiter holds; a waiter that a kill sent back
	 * would spin for the mutex with big_lock held, never letting it go.
	 */
	SLEEP_UNINTERRUPTIBLE,
};

/* True when a signal or a kill ends a sleep of this kind at once. */
static bool sleep_ended(const struct task *t, enum sleep_kind kind)
{
	if (kind == SLEEP_INTERRUPTIBLE)
		return signal_pending(t);
	return kind == SLEEP_KILLABLE && signal_fatal_pending(t);
}

/*
 * Sleeps on q (may be NULL: only task_wake() ends it) unless stop(arg),
 * asked under sched_lock once the task is on q, says not to; drop, when
 * not NULL, is given up after that and before the switch.
 */
static int do_sleep(struct waitq *q, u64 timeout_ticks, enum sleep_kind kind,
		    bool (*stop)(void *arg), void *arg, struct mutex *drop)
{
	bool interruptible = kind == SLEEP_INTERRUPTIBLE;

	struct task *t = current;
	unsigned long flags = spin_lock_irqsave(&sched_lock);

	t->slept_in_call = true;
	if (sleep_ended(t, kind)) {
		spin_unlock_irqrestore(&sched_lock, flags);
		if (drop)
			mutex_unlock(drop);
		return -EINTR;
	}
	t->state = TASK_SLEEPING;
	t->interruptible = interruptible;
	t->waiting_on = q;
	t->wait_next = q ? q->head : NULL;
	if (q)
		q->head = t;
	/*
	 * On q first, then the question: a waker changes what stop() reads,
	 * then looks at q without sched_lock (waitq_wake()); the fences on
	 * both sides make one of them see the other.
	 */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (stop && stop(arg)) {
		waitq_unlink(t);
		t->state = TASK_RUNNING;
		t->interruptible = false;
		spin_unlock_irqrestore(&sched_lock, flags);
		return 1;
	}
	t->timed_out = false;
	/* A time-out that never expires is no time-out at all. */
	if (timeout_ticks >= TICKS_FOREVER)
		timeout_ticks = 0;
	t->wake_at = timeout_ticks ? timer_ticks() + timeout_ticks : 0;
	if (t->wake_at)
		timed_add(t);
	if (drop) {
		spin_unlock(&sched_lock);
		mutex_unlock(drop); /* a waker may come now: it finds t on q */
		spin_lock(&sched_lock);
	}
	if (t->state == TASK_SLEEPING)
		schedule_locked();
	else
		spin_unlock(&sched_lock);
	/*
	 * Only an idle task gets the CPU back while still asleep (it runs when
	 * nothing else can): it waits for the interrupt that wakes it.
	 */
	while (READ_ONCE(t->state) == TASK_SLEEPING) {
		bool big = spin_held(&big_lock);

		if (big)
			spin_unlock(&big_lock);
		arch_idle_wait();
		if (big)
			spin_lock(&big_lock);
		schedule();
	}
	arch_irq_restore(flags);
	t->interruptible = false;
	if (t->timed_out)
		return -ETIMEDOUT;
	if (sleep_ended(t, kind))
		return -EINTR;
	return 0;
}

int waitq_sleep(struct waitq *q, u64 timeout_ticks)
{
	return do_sleep(q, timeout_ticks, SLEEP_INTERRUPTIBLE, NULL, NULL, NULL);
}

int waitq_sleep_killable(struct waitq *q, u64 timeout_ticks)
{
	return do_sleep(q, timeout_ticks, SLEEP_KILLABLE, NULL, NULL, NULL);
}

int waitq_sleep_unless(struct waitq *q, u64 timeout_ticks, bool (*stop)(void *arg), void *arg)
{
	return do_sleep(q, timeout_ticks, SLEEP_INTERRUPTIBLE, stop, arg, NULL);
}

int waitq_sleep_unlock(struct waitq *q, struct mutex *m)
{
	return do_sleep(q, 0, SLEEP_INTERRUPTIBLE, NULL, NULL, m);
}

int waitq_sleep_uninterruptible_unless(struct waitq *q, bool (*stop)(void *arg), void *arg)
{
	return do_sleep(q, 0, SLEEP_UNINTERRUPTIBLE, stop, arg, NULL);
}

/* sched_lock held. */
static void waitq_unlink(struct task *t)
{
	struct waitq *q = t->waiting_on;

	if (q) {
		struct task **pp = &q->head;

		while (*pp && *pp != t)
			pp = &(*pp)->wait_next;
		/* Only a queue whose list was broken -- freed under a sleeper -- loses one. */
		if (!*pp)
			panic("sched: %s (tid %d) is not on the wait queue %p it sleeps on",
			      t->name, task_tid_in(t, &init_pid_ns), q);
		*pp = t->wait_next;
	}
	if (t->wake_at)
		timed_remove(t);
	t->waiting_on = NULL;
	t->wait_next = NULL;
	t->wake_at = 0;
}

void waitq_assert_empty(const struct waitq *q, const char *what)
{
	struct task *t = READ_ONCE(q->head);

	if (t)
		panic("sched: %s freed while %s (tid %d) sleeps on it", what, t->name,
		      task_tid_in(t, &init_pid_ns));
}

int waitq_wake(struct waitq *q, int n)
{
	unsigned long flags;
	int woken = 0;

	/*
	 * Nobody: a sleeper on its way to q is there before it lets go of the
	 * lock of the condition the caller changed, or before it asks stop()
	 * (do_sleep()), whose waker fences before this read.
	 */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (!READ_ONCE(q->head))
		return 0;
	flags = spin_lock_irqsave(&sched_lock);
	while (q->head && (n < 0 || woken < n)) {
		wake_locked(q->head); /* unlinks it */
		woken++;
	}
	spin_unlock_irqrestore(&sched_lock, flags);
	return woken;
}

void sched_idle_loop(void)
{
	/* An idle task holds nothing: interrupts that need big_lock take it themselves. */
	if (spin_held(&big_lock))
		spin_unlock(&big_lock);
	for (;;) {
		schedule();
		arch_idle_wait();
	}
}

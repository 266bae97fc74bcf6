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
 * Each queue has its own lock, which also guards the scheduling state of
 * every task whose `cpu` names it: the task's state, and the CPU's
 * `running`. So two CPUs that wake, sleep and switch their own tasks never
 * meet on a lock (a pipe ping-pong pair per CPU scales as far as the CPUs
 * go). A task's `cpu` changes only under the lock of the queue it leaves;
 * task_rq_lock() takes the lock, then looks whether it is still the right
 * one. Two queue locks are never both waited for: a CPU pulling from
 * another queue only tries its lock (spin_trylock()), and a task that moves
 * to another CPU's queue is first marked TASK_WAKING under the old lock,
 * its `cpu` set to the new one, then queued there under the new lock alone
 * (make_runnable(), enqueue_moved()); nothing acts on a task that is
 * TASK_WAKING but its mover.
 *
 * Wait queues have locks of their own, a small table of them hashed by the
 * queue's address (waitq_lock_of()), taken before a run queue's; the timed
 * sleepers are a list under timed_lock. A waker through a wait queue takes
 * the sleeper off it; any other wake (a signal, a kill, the time-out)
 * leaves it there, and the sleeper takes itself off both lists before its
 * sleep returns, under their locks, so no waker is still busy with a sleep
 * that has ended.
 *
 * A task that holds big_lock when it gives up the CPU lets it go before the
 * switch and takes it back when it runs again, as Linux's old big kernel
 * lock was dropped and retaken around schedule(). A dead task is freed by
 * the task switched to, without big_lock -- nothing reaches it any more;
 * its signal table's reference goes there too (task_release()); the dying
 * task announces the free before it lets the lock go (page_free_begin() in
 * do_exit_thread() and kthread_exit()), so a joiner's or reaper's
 * free-page count waits for it and stays exact. A zombie's last
 * thread keeps its struct, which /proc shows until the reaper lets it go;
 * only its stack goes here, and whichever of the two finishes second frees
 * the struct (task_zombie_put()): the reaper never waits, with big_lock
 * held, for this CPU's free.
 *
 * A task stays on its CPU until its switch-out is complete: the CPU's
 * queue lock is held across arch_switch_to() and dropped only by the task
 * switched to, so no other CPU can take a task off the queue, or wake it
 * onto one, while its registers are still being saved. A preempted task
 * that goes to another CPU's queue is moved there after the switch
 * (finish_switch()).
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

/*
 * One per CPU. prev_to is where the task the CPU is switching away from
 * goes once its switch-out is complete, or -1 (schedule_locked()).
 */
struct runq {
	struct spinlock lock;
	struct task *head, *tail;
	unsigned int nr;
	int prev_to;
};

static struct runq runqs[SMP_MAX_CPUS] = {
	[0 ... SMP_MAX_CPUS - 1] = { .lock = SPINLOCK_INIT(LOCK_LEVEL_RUNQ, "runq->lock"),
				     .prev_to = -1 },
};
static struct task boot_idle_task;

/* The wait queues' locks: a queue's is picked by its address. */
#define WAITQ_LOCK_BITS 6
static struct spinlock waitq_locks[1u << WAITQ_LOCK_BITS] = {
	[0 ...(1u << WAITQ_LOCK_BITS) - 1] = SPINLOCK_INIT(LOCK_LEVEL_WAITQ, "waitq lock"),
};

static struct spinlock *waitq_lock_of(const struct waitq *q)
{
	/* Fibonacci hashing: queues a struct apart land on different locks. */
	return &waitq_locks[((uintptr_t)q * 0x9e3779b97f4a7c15ull) >> (64 - WAITQ_LOCK_BITS)];
}

/* The sleepers with a time-out, linked through timed_next; the boot CPU's tick wakes them. */
static struct spinlock timed_lock = SPINLOCK_INIT(LOCK_LEVEL_WAITQ, "timed_lock");
static struct task *timed_head;

static bool is_idle(const struct task *t)
{
	return t->is_idle;
}

static bool allowed_on(const struct task *t, unsigned int cpu)
{
	return t->cpus_allowed & (1ull << cpu);
}

/* True when t runs on a CPU now (or is being switched away from there); its queue locked. */
static bool on_cpu(const struct task *t)
{
	return cpus[t->cpu].running == t || cpus[t->cpu].switched_from == t;
}

/*
 * Locks the queue whose lock guards t's scheduling state (t->cpu's): t
 * may move while the lock is waited for, then the next one is taken.
 * Interrupts off.
 */
static struct runq *task_rq_lock(struct task *t)
{
	for (;;) {
		unsigned int cpu = READ_ONCE(t->cpu);
		struct runq *rq = &runqs[cpu];

		spin_lock(&rq->lock);
		if (READ_ONCE(t->cpu) == cpu)
			return rq;
		spin_unlock(&rq->lock);
	}
}

static void runq_push(struct runq *q, struct task *t)
{
	t->run_next = NULL;
	if (q->tail)
		q->tail->run_next = t;
	else
		q->head = t;
	q->tail = t;
	WRITE_ONCE(q->nr, q->nr + 1);
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
		WRITE_ONCE(q->nr, q->nr - 1);
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

/*
 * The next task for cpu, its queue locked: from that queue, else pulled
 * from another's whose lock is free at once. A queue whose lock is busy
 * is looked at again on the CPU's next pass instead of its halt.
 */
static struct task *runq_pick(unsigned int cpu)
{
	struct task *t = runq_take(&runqs[cpu], cpu);

	for (unsigned int i = 0; !t && i < smp_nr_cpus; i++) {
		struct runq *other = &runqs[i];

		if (i == cpu || !READ_ONCE(other->nr))
			continue;
		if (!spin_trylock(&other->lock)) {
			this_cpu()->need_resched = true;
			continue;
		}
		t = runq_take(other, cpu);
		/* Both locks held: its state is this queue's from now on. */
		if (t)
			WRITE_ONCE(t->cpu, cpu);
		spin_unlock(&other->lock);
	}
	return t;
}

/* A CPU with nothing to do: it runs its idle task and nothing waits for it (a glance, unlocked). */
static bool cpu_idles(unsigned int cpu)
{
	return cpus[cpu].scheduling && is_idle(READ_ONCE(cpus[cpu].running)) &&
	       !READ_ONCE(runqs[cpu].nr);
}

/* Where a task made runnable waits: see the head of this file. */
static unsigned int pick_cpu(const struct task *t)
{
	unsigned int last = t->cpu;
	bool last_ok = allowed_on(t, last) && cpus[last].scheduling;
	/* Not smp_scheduling_mask(): its loop cost a ping-pong round trip 62 instructions. */
	u64 cpus_there = smp_nr_cpus >= 64 ? ~0ull : (1ull << smp_nr_cpus) - 1;

	/* No other CPU it may use (one CPU, or a task pinned to its own): no search. */
	if (last_ok && !(t->cpus_allowed & cpus_there & ~(1ull << last)))
		return last;
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

/* cpu has a task waiting (its queue locked): if it idles, it is told to schedule. */
static void kick_cpu(unsigned int cpu)
{
	struct cpu *c = &cpus[cpu];

	if (!c->scheduling || !is_idle(READ_ONCE(c->running)) || READ_ONCE(c->need_resched))
		return;
	WRITE_ONCE(c->need_resched, true);
	if (cpu != this_cpu()->id)
		arch_smp_send_reschedule(cpu);
}

/*
 * t, asleep or stopped and on no queue, becomes runnable, its queue
 * locked. When it stays with this queue it is queued here, and -1 comes
 * back; when another CPU takes it (pick_cpu()) it becomes TASK_WAKING,
 * its cpu the new one, and that CPU comes back: the caller queues it there
 * with enqueue_moved() once this lock is dropped.
 */
static inline int make_runnable(struct task *t)
{
	unsigned int cpu;

	if (on_cpu(t)) {
		/* Woken before it got off its CPU: it goes on running there. */
		t->state = TASK_RUNNING;
		return -1;
	}
	cpu = pick_cpu(t);
	if (cpu == t->cpu) {
		t->state = TASK_RUNNING;
		runq_push(&runqs[cpu], t);
		kick_cpu(cpu);
		return -1;
	}
	t->state = TASK_WAKING;
	WRITE_ONCE(t->cpu, cpu);
	return (int)cpu;
}

/* The second half of a move to cpu, no queue lock held. */
static void enqueue_moved(struct task *t, int cpu)
{
	struct runq *rq = &runqs[cpu];

	spin_lock(&rq->lock);
	t->state = TASK_RUNNING;
	runq_push(rq, t);
	kick_cpu((unsigned int)cpu);
	spin_unlock(&rq->lock);
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
	pr_info("sched: a run queue and its lock per CPU; lockdep %s\n", LOCK_DEBUG ? "on" : "off");
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

/* What a wake ends. */
enum wake_kind {
	WAKE_SLEEP,   /* any sleep */
	WAKE_SIGNAL,  /* an interruptible sleep */
	WAKE_TIMEOUT, /* any sleep, which then returns -ETIMEDOUT */
	WAKE_TRACED,  /* a ptrace stop */
};

/*
 * Wakes t if it is in a sleep or stop that kind ends; true when this call
 * woke it. from: the wait queue t was just taken off, whose lock the
 * caller holds, or NULL. Interrupts off. After its last unlock it touches
 * t no more: t may run, exit and be freed from then on.
 */
static bool wake_task(struct task *t, enum wake_kind kind, struct waitq *from)
{
	struct runq *rq = task_rq_lock(t);
	bool woken;
	int moved = -1;

	if (kind == WAKE_TRACED)
		woken = t->state == TASK_TRACED;
	else
		woken = t->state == TASK_SLEEPING && (kind != WAKE_SIGNAL || t->interruptible);
	if (woken) {
		if (kind == WAKE_TIMEOUT)
			t->timed_out = true;
		if (is_idle(t))
			t->state = TASK_RUNNING; /* an idle task in do_sleep(): its loop sees it */
		else
			moved = make_runnable(t);
	}
	/*
	 * Last, under t's lock: t, once running, finds it off the queue
	 * without the queue's lock (waitq_leave()), and whatever this call
	 * does to t after its unlock (a move) comes before t can run.
	 */
	if (from)
		__atomic_store_n(&t->waiting_on, NULL, __ATOMIC_RELEASE);
	spin_unlock(&rq->lock);
	if (moved >= 0)
		enqueue_moved(t, moved);
	return woken;
}

void task_wake(struct task *t)
{
	unsigned long flags = arch_irq_save();

	wake_task(t, WAKE_SLEEP, NULL);
	arch_irq_restore(flags);
}

void task_wake_interruptible(struct task *t)
{
	unsigned long flags = arch_irq_save();

	wake_task(t, WAKE_SIGNAL, NULL);
	arch_irq_restore(flags);
}

void task_wait_off_cpu(struct task *t)
{
	for (;;) {
		unsigned long flags = arch_irq_save();
		struct runq *rq = task_rq_lock(t);
		bool on = on_cpu(t);

		spin_unlock(&rq->lock);
		arch_irq_restore(flags);
		if (!on)
			return;
		arch_cpu_relax();
	}
}

/* No other wake acts on a TASK_NEW task: this one always makes it runnable. */
void task_wake_new(struct task *t)
{
	unsigned long flags = arch_irq_save();
	struct runq *rq = task_rq_lock(t);
	int moved;

	BUG_ON(t->state != TASK_NEW);
	moved = make_runnable(t);
	spin_unlock(&rq->lock);
	if (moved >= 0)
		enqueue_moved(t, moved);
	arch_irq_restore(flags);
}

void task_wake_traced(struct task *t)
{
	unsigned long flags = arch_irq_save();

	wake_task(t, WAKE_TRACED, NULL);
	arch_irq_restore(flags);
}

/*
 * After a switch, on the task switched to, this CPU's queue locked: drops
 * the lock, moves the task switched away from to the queue picked for it
 * (schedule_locked()), or frees it if it had exited (a zombie's last
 * thread: all but its struct).
 */
static void finish_switch(void)
{
	struct cpu *c = this_cpu();
	struct runq *rq = &runqs[c->id];
	struct task *prev = c->switched_from;
	/* Read under the lock: once it is dropped, a live prev may run, and die, elsewhere. */
	bool dead = prev && prev->state == TASK_DEAD;
	u64 free_cpu = dead ? prev->free_announced : 0;
	int moved = rq->prev_to;

	c->switched_from = NULL;
	if (moved >= 0) {
		rq->prev_to = -1;
		WRITE_ONCE(prev->cpu, (unsigned int)moved);
	}
	spin_unlock(&rq->lock);
	if (moved >= 0)
		enqueue_moved(prev, moved);
	if (!dead)
		return;
	/* Unreachable since its exit but for a zombie's struct: its own locks only. */
	if (atomic_read(&prev->zombie_owners)) { /* only the reaper lowers it, to 1 at most */
		task_release(prev);
		task_zombie_put(prev); /* the reaper may have let go of it already */
	} else {
		task_free(prev);
	}
	page_free_end(free_cpu); /* where it was announced: a dying thread may sleep after */
}

/*
 * Picks the next task for this CPU and switches to it; the CPU's queue
 * locked on entry, dropped on return. The caller keeps whatever it held of
 * big_lock.
 */
static void schedule_locked(void)
{
	struct cpu *c = this_cpu();
	struct runq *rq = &runqs[c->id];
	struct task *prev = c->running, *next;
	bool had_big = spin_held(&big_lock);
	bool keep = prev->state == TASK_RUNNING && !is_idle(prev);

	/* Sleeping while holding a spinlock would stop every CPU that wants it. */
	if (LOCK_DEBUG && c->nr_held != 1u + had_big)
		panic("sched: %s gives up the CPU holding %u lock%s besides its run queue's and "
		      "big_lock",
		      prev->name, c->nr_held - 1u - had_big, c->nr_held == 2u + had_big ? "" : "s");
	c->need_resched = false;
	next = c->scheduling ? runq_pick(c->id) : NULL;
	if (!next)
		next = keep && allowed_on(prev, c->id) ? prev : c->idle;
	if (next == prev) {
		spin_unlock(&rq->lock);
		return;
	}
	if (keep) {
		/* Still runnable: queued here, or where a CPU idles (pick_cpu()) once switched out. */
		unsigned int cpu = pick_cpu(prev);

		if (cpu == c->id) {
			runq_push(rq, prev);
		} else {
			prev->state = TASK_WAKING;
			rq->prev_to = (int)cpu;
		}
	}
	if (!is_idle(prev)) {
		/* Linux's count: a task that is not runnable gave the CPU up itself. */
		if (keep)
			prev->usage.nivcsw++;
		else
			prev->usage.nvcsw++;
	}
	sched_stat_switch(c->id);
	prev->slept_in_call = true;
	next->cpu = c->id;
	WRITE_ONCE(c->running, next);
	c->switched_from = prev;
	if (had_big)
		spin_unlock(&big_lock);
	arch_switch_to(prev, next);
	finish_switch();
	if (had_big)
		big_lock_retake();
}

void schedule(void)
{
	unsigned long flags = arch_irq_save();

	spin_lock(&runqs[this_cpu()->id].lock);
	schedule_locked();
	arch_irq_restore(flags);
}

void schedule_as(enum task_state state)
{
	unsigned long flags = arch_irq_save();

	spin_lock(&runqs[this_cpu()->id].lock);
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
	unsigned long flags = arch_irq_save();
	struct runq *rq = task_rq_lock(t);
	unsigned int cpu = t->cpu;
	int moved = -1;

	if (t->state != TASK_RUNNING)
		goto out;
	if (cpus[cpu].running != t) {
		/*
		 * Queued (here: a queued task's cpu is its queue's): moved to a
		 * queue of a CPU it may run on now, which is woken if it idles
		 * (an idle secondary's tick is off, arch_idle_wait()); without
		 * this, a thread moved away from its CPU while it waited its turn
		 * there was never run again.
		 */
		if (runq_take_if(rq, is_task, (unsigned long)t))
			moved = make_runnable(t);
		goto out;
	}
	if (allowed_on(t, cpu))
		goto out;
	/* Running on a CPU it may no longer use: that CPU gives it up at once. */
	WRITE_ONCE(cpus[cpu].need_resched, true);
	if (cpu != this_cpu()->id)
		arch_smp_send_reschedule(cpu);
out:
	spin_unlock(&rq->lock);
	if (moved >= 0)
		enqueue_moved(t, moved);
	arch_irq_restore(flags);
}

/* timed_lock held: takes t off the timed sleepers. */
static void timed_unlink(struct task *t)
{
	for (struct task **pp = &timed_head; *pp; pp = &(*pp)->timed_next) {
		if (*pp == t) {
			*pp = t->timed_next;
			break;
		}
	}
	t->timed_next = NULL;
	t->wake_at = 0;
}

static void timed_add(struct task *t, u64 wake_at)
{
	spin_lock(&timed_lock);
	t->wake_at = wake_at;
	t->timed_next = timed_head;
	timed_head = t;
	spin_unlock(&timed_lock);
}

/*
 * The sleeper, its sleep over, off the list if the tick has not taken it
 * off: under the lock, so a tick's wake of this sleep is complete.
 */
static void timed_leave(struct task *t)
{
	spin_lock(&timed_lock);
	if (t->wake_at)
		timed_unlink(t);
	spin_unlock(&timed_lock);
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

		spin_lock(&timed_lock);
		for (struct task *t = timed_head, *next; t; t = next) {
			next = t->timed_next;
			if (t->wake_at <= now) {
				timed_unlink(t);
				wake_task(t, WAKE_TIMEOUT, NULL);
			}
		}
		spin_unlock(&timed_lock);
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
 * The sleeper, its sleep over, off q if no waker took it off. A waker
 * through q is done with t once it let t's waiting_on go (wake_task());
 * else, under q's lock, the wake under way is complete. A queue whose
 * list lost it was freed under a sleeper.
 */
static void waitq_leave(struct task *t, struct waitq *q)
{
	struct spinlock *l;

	if (!__atomic_load_n(&t->waiting_on, __ATOMIC_ACQUIRE))
		return; /* the common case: the wake came through q */
	l = waitq_lock_of(q);
	spin_lock(l);
	if (t->waiting_on == q) {
		struct task **pp = &q->head;

		while (*pp && *pp != t)
			pp = &(*pp)->wait_next;
		if (!*pp)
			panic("sched: %s (tid %d) is not on the wait queue %p it sleeps on",
			      t->name, task_tid_in(t, &init_pid_ns), q);
		*pp = t->wait_next;
		t->waiting_on = NULL;
		t->wait_next = NULL;
	}
	spin_unlock(l);
}

/*
 * Sleeps on q (may be NULL: only task_wake() ends it) unless stop(arg),
 * asked once the task is on q, says not to; drop, when not NULL, is given
 * up after that and before the switch.
 */
static int do_sleep(struct waitq *q, u64 timeout_ticks, enum sleep_kind kind,
		    bool (*stop)(void *arg), void *arg, struct mutex *drop)
{
	struct task *t = current;
	unsigned long flags = arch_irq_save();
	/* Interrupts off: t stays on this CPU until it switches away. */
	struct runq *rq = &runqs[this_cpu()->id];
	/*
	 * Going to sleep on q takes q's lock alone: the wakers through q take
	 * it too, and the others (a signal, a kill, a time-out) read t's state
	 * under its run queue's lock, which the switch below takes, and where
	 * a signal that came meanwhile is looked for again. Without q, t's
	 * wake (a futex's) may come from anywhere: t's state changes under
	 * that lock.
	 */
	struct spinlock *l = q ? waitq_lock_of(q) : &rq->lock;
	int stopped = 0;
	bool let_big_go = false;

	t->slept_in_call = true;
	spin_lock(l);
	if (sleep_ended(t, kind)) {
		spin_unlock(l);
		arch_irq_restore(flags);
		if (drop)
			mutex_unlock(drop);
		return -EINTR;
	}
	WRITE_ONCE(t->state, TASK_SLEEPING);
	t->interruptible = kind == SLEEP_INTERRUPTIBLE;
	t->timed_out = false;
	if (q) {
		t->waiting_on = q;
		t->wait_next = q->head;
		q->head = t;
	}
	spin_unlock(l);
	/*
	 * On q first, then the question: a waker changes what stop() reads,
	 * then looks at q without its lock (waitq_wake()); the fences on both
	 * sides make one of them see the other.
	 */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (stop && stop(arg)) {
		stopped = 1;
		/* A waker that came first found t on its CPU and did the same. */
		spin_lock(&rq->lock);
		t->state = TASK_RUNNING;
		spin_unlock(&rq->lock);
		goto out;
	}
	/* A time-out that never expires is no time-out at all. */
	if (timeout_ticks >= TICKS_FOREVER)
		timeout_ticks = 0;
	if (timeout_ticks)
		timed_add(t, timer_ticks() + timeout_ticks);
	if (drop)
		mutex_unlock(drop); /* a waker may come now: it finds t on q */
	/*
	 * The same for big_lock, which guarded the caller's look at its
	 * condition: a waker that holds it finds t on q. So the rest of the
	 * sleep -- the switch, the pick of the next task -- is not one more
	 * stretch every other CPU waits for; the lock is taken back below.
	 * (A sleep that gives up a mutex, a pipe's, never holds big_lock.)
	 */
	if (q && !drop && spin_held(&big_lock)) {
		let_big_go = true;
		big_lock_drop();
	}
	spin_lock(&rq->lock);
	/*
	 * Asleep under q's lock only: a signal sent before this lock is seen
	 * here; one sent after finds t asleep. (Without q, t went to sleep
	 * under this lock, and the look before was enough.)
	 */
	if (q && t->state == TASK_SLEEPING && sleep_ended(t, kind))
		t->state = TASK_RUNNING;
	if (t->state == TASK_SLEEPING)
		schedule_locked();
	else
		spin_unlock(&rq->lock);
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
	if (timeout_ticks)
		timed_leave(t);
out:
	if (q)
		waitq_leave(t, q);
	/*
	 * Off q and the timed list under their own locks, then back under
	 * big_lock for the caller. A sleeper a kill woke was still on q until
	 * here; q's owner keeps it alive because the sleeper holds a
	 * reference to it (its file, its own process), not because of
	 * big_lock: a FIFO's open asleep on the pipe's mutex without one
	 * walked a freed queue (pipe->files, kernel/fs/pipe.c).
	 */
	if (let_big_go)
		big_lock_retake();
	arch_irq_restore(flags);
	t->interruptible = false;
	if (stopped)
		return 1;
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

void waitq_assert_empty(const struct waitq *q, const char *what)
{
	struct task *t = READ_ONCE(q->head);

	if (t)
		panic("sched: %s freed while %s (tid %d) sleeps on it", what, t->name,
		      task_tid_in(t, &init_pid_ns));
}

int waitq_wake(struct waitq *q, int n)
{
	struct spinlock *l = waitq_lock_of(q);
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
	flags = spin_lock_irqsave(l);
	/* A sleeper a signal or its time-out woke is still on q until it runs: not counted. */
	while (q->head && (n < 0 || woken < n)) {
		struct task *t = q->head;

		q->head = t->wait_next;
		t->wait_next = NULL;
		/*
		 * Already woken (a SIGCHLD before a wait4's wake, a time-out):
		 * only taken off. It cannot sleep again before it has left q,
		 * which takes this lock; a stale TASK_SLEEPING read goes the
		 * long way.
		 */
		if (READ_ONCE(t->state) != TASK_SLEEPING) {
			__atomic_store_n(&t->waiting_on, NULL, __ATOMIC_RELEASE);
			continue;
		}
		if (wake_task(t, WAKE_SLEEP, q))
			woken++;
	}
	spin_unlock_irqrestore(l, flags);
	return woken;
}

void sched_idle_loop(void)
{
	/* An idle task holds nothing: interrupts that need big_lock take it themselves. */
	if (spin_held(&big_lock))
		spin_unlock(&big_lock);
	for (;;) {
		schedule();
		/* A busy queue's lock (runq_pick()) or a kick already here: look again at once. */
		if (!READ_ONCE(this_cpu()->need_resched))
			arch_idle_wait();
	}
}

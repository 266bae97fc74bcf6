// SPDX-License-Identifier: MIT
/*
 * Round-robin scheduling and wait queues, on every CPU.
 *
 * One run queue for all CPUs, guarded by big_lock like everything else the
 * scheduler touches: a CPU picks the first task there its affinity allows.
 * Per-CPU queues would let CPUs schedule without one another, but under a
 * big lock they would only add balancing code with nothing to gain;
 * docs/DESIGN.md §7 says what changes when the lock is split.
 *
 * Each CPU has an idle task (the boot CPU's is the boot thread), which runs
 * only when nothing else may, and idles with big_lock dropped. A task that
 * becomes runnable while a CPU it may run on idles wakes that CPU with a
 * reschedule IPI.
 *
 * A task stays on its CPU's stack until its switch-out is complete: big_lock
 * is held across arch_switch_to() and dropped only by the task switched to,
 * so no other CPU can pick a task off the queue while its registers are
 * still being saved.
 */
#include <kernel/arch.h>
#include <kernel/big_lock.h>
#include <kernel/console.h>
#include <kernel/cputime.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
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

static struct task boot_idle_task;
static struct task *run_head, *run_tail;

static void runq_push(struct task *t)
{
	t->run_next = NULL;
	if (run_tail)
		run_tail->run_next = t;
	else
		run_head = t;
	run_tail = t;
}

/* Takes the first task allowed on CPU cpu off the queue. */
static struct task *runq_pop_for(unsigned int cpu)
{
	struct task *prev = NULL;

	for (struct task *t = run_head; t; prev = t, t = t->run_next) {
		if (!(t->cpus_allowed & (1ull << cpu)))
			continue;
		if (prev)
			prev->run_next = t->run_next;
		else
			run_head = t->run_next;
		if (run_tail == t)
			run_tail = prev;
		t->run_next = NULL;
		return t;
	}
	return NULL;
}

/* True when a queued task may run on cpu. */
static bool runq_has_for(unsigned int cpu)
{
	for (struct task *t = run_head; t; t = t->run_next)
		if (t->cpus_allowed & (1ull << cpu))
			return true;
	return false;
}

static bool is_idle(const struct task *t)
{
	return t->is_idle;
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
	 * The boot CPU holds the lock from now on. Until init starts it keeps
	 * interrupts on (the self-tests count ticks); its handlers run on the
	 * CPU that holds the lock, so they take nothing, and every other CPU
	 * waits for it.
	 */
	unsigned long flags = arch_irq_save();

	spin_lock(&big_lock);
	arch_irq_restore(flags);
	pr_info("sched: one run queue under the big kernel lock; lockdep %s\n",
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

/*
 * A task became runnable: if a CPU it may run on is idle, wake that CPU;
 * else the task waits for the next tick of one (sched_tick()).
 */
static void kick_cpu_for(const struct task *t)
{
	unsigned int me = this_cpu()->id;

	for (unsigned int i = 0; i < smp_nr_cpus; i++) {
		struct cpu *c = &cpus[i];

		if (!c->scheduling || !(t->cpus_allowed & (1ull << i)))
			continue;
		if (is_idle(READ_ONCE(c->running)) && !c->need_resched) {
			WRITE_ONCE(c->need_resched, true);
			if (i != me)
				arch_smp_send_reschedule(i);
			return;
		}
	}
}

static void make_runnable(struct task *t)
{
	t->state = TASK_RUNNING;
	runq_push(t);
	kick_cpu_for(t);
}

void task_wake(struct task *t)
{
	assert_big_lock_held();
	if (t->state == TASK_DEAD || t->state == TASK_TRACED)
		return;
	if (t->state == TASK_SLEEPING)
		waitq_remove(t);
	if (is_idle(t)) {
		t->state = TASK_RUNNING; /* an idle task in do_sleep(): its loop sees it */
		return;
	}
	if (t->state != TASK_RUNNING)
		make_runnable(t);
}

void task_wake_traced(struct task *t)
{
	assert_big_lock_held();
	if (t->state == TASK_TRACED)
		make_runnable(t);
}

/* Frees the task this CPU switched away from if it had exited. */
static void finish_switch(void)
{
	struct cpu *c = this_cpu();
	struct task *prev = c->switched_from;

	c->switched_from = NULL;
	if (prev && prev->state == TASK_DEAD) {
		/*
		 * A zombie's last thread keeps its struct for /proc until the
		 * reaper frees it: the reaper holds big_lock, which this CPU
		 * hands over only after this, so it never frees it sooner.
		 */
		if (prev->kept_for_zombie)
			task_release(prev);
		else
			task_free(prev);
	}
}

void schedule(void)
{
	struct cpu *c = this_cpu();
	struct task *prev = c->running, *next;

	assert_big_lock_held();
	c->need_resched = false;
	if (prev->state == TASK_RUNNING && !is_idle(prev))
		runq_push(prev);
	next = c->scheduling ? runq_pop_for(c->id) : NULL;
	if (prev->run_next || run_tail == prev)
		kick_cpu_for(prev); /* queued again: an idle CPU may take it */
	if (!next)
		next = c->idle;
	if (next == prev)
		return;
	if (!is_idle(prev)) {
		/* Linux's count: a task that is not runnable gave the CPU up itself. */
		if (prev->state == TASK_RUNNING)
			prev->usage.nivcsw++;
		else
			prev->usage.nvcsw++;
	}
	sched_stat_switch();
	next->cpu = c->id;
	c->running = next;
	c->switched_from = prev;
	arch_switch_to(prev, next);
	finish_switch();
}

void cond_resched(void)
{
	if (this_cpu()->need_resched)
		schedule();
}

void schedule_tail(void)
{
	finish_switch();
	if (current->set_child_tid) {
		int tid = task_tid_in(current, task_active_pid_ns(current));

		/* Errors are ignored, as in Linux: the child exists either way. */
		(void)put_user(tid, (int __user *)current->set_child_tid);
	}
}

void sched_move_task(struct task *t)
{
	unsigned int cpu = t->cpu;

	assert_big_lock_held();
	if (t->state != TASK_RUNNING)
		return;
	/*
	 * Queued: a CPU of the new mask takes it when it next schedules. One
	 * that idles may never do so by itself (an idle secondary's tick is
	 * off, arch_idle_wait()), so it is woken as for a task just made
	 * runnable; without this, a thread moved to an idle CPU while it
	 * waited its turn was never run again.
	 */
	if (cpus[cpu].running != t) {
		kick_cpu_for(t);
		return;
	}
	if (t->cpus_allowed & (1ull << cpu))
		return;
	/* Running on a CPU it may no longer use: that CPU gives it up at once. */
	WRITE_ONCE(cpus[cpu].need_resched, true);
	if (cpu != this_cpu()->id)
		arch_smp_send_reschedule(cpu);
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

		for (struct task *t = timed_head, *next; t; t = next) {
			next = t->timed_next;
			if (t->wake_at <= now) {
				t->timed_out = true;
				task_wake(t); /* takes it off the list */
			}
		}
	}
	if (c->scheduling && runq_has_for(c->id))
		c->need_resched = true;
}

/*
 * With big_lock held and interrupts off: waits for an interrupt with the
 * lock dropped, so other CPUs run kernel code meanwhile.
 */
static void idle_wait_unlocked(void)
{
	spin_unlock(&big_lock);
	arch_idle_wait();
	spin_lock(&big_lock);
}

static int do_sleep(struct waitq *q, u64 timeout_ticks, bool interruptible)
{
	struct task *t = current;

	assert_big_lock_held();
	if (interruptible ? signal_pending(t) : signal_fatal_pending(t))
		return -EINTR;
	t->state = TASK_SLEEPING;
	t->interruptible = interruptible;
	t->waiting_on = q;
	t->wait_next = q ? q->head : NULL;
	if (q)
		q->head = t;
	t->timed_out = false;
	/* A time-out that never expires is no time-out at all. */
	if (timeout_ticks >= TICKS_FOREVER)
		timeout_ticks = 0;
	t->wake_at = timeout_ticks ? timer_ticks() + timeout_ticks : 0;
	if (t->wake_at)
		timed_add(t);
	schedule();
	/*
	 * Only an idle task gets the CPU back while still asleep (it runs when
	 * nothing else can): it waits for the interrupt that wakes it.
	 */
	while (t->state == TASK_SLEEPING) {
		idle_wait_unlocked();
		schedule();
	}
	t->interruptible = false;
	if (t->timed_out)
		return -ETIMEDOUT;
	if (interruptible ? signal_pending(t) : signal_fatal_pending(t))
		return -EINTR;
	return 0;
}

int waitq_sleep(struct waitq *q, u64 timeout_ticks)
{
	return do_sleep(q, timeout_ticks, true);
}

int waitq_sleep_killable(struct waitq *q, u64 timeout_ticks)
{
	return do_sleep(q, timeout_ticks, false);
}

void waitq_remove(struct task *t)
{
	struct waitq *q = t->waiting_on;

	if (q) {
		for (struct task **pp = &q->head; *pp; pp = &(*pp)->wait_next) {
			if (*pp == t) {
				*pp = t->wait_next;
				break;
			}
		}
	}
	if (t->wake_at)
		timed_remove(t);
	t->waiting_on = NULL;
	t->wait_next = NULL;
	t->wake_at = 0;
}

int waitq_wake(struct waitq *q, int n)
{
	int woken = 0;

	while (q->head && (n < 0 || woken < n)) {
		task_wake(q->head); /* unlinks it */
		woken++;
	}
	return woken;
}

void sched_idle_loop(void)
{
	for (;;) {
		schedule();
		idle_wait_unlocked();
	}
}

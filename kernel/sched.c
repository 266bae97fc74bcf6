// SPDX-License-Identifier: MIT
/*
 * Round-robin scheduling and wait queues. The boot thread becomes the idle
 * task: it runs only when nothing else can, and halts until an interrupt.
 */
#include <kernel/arch.h>
#include <kernel/exit.h>
#include <kernel/panic.h>
#include <kernel/sched.h>
#include <kernel/signal.h>
#include <kernel/time.h>
#include <kernel/timer.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>

struct task *current;

static struct task idle_task;
static struct task *run_head, *run_tail;
static struct task *switched_from; /* the task we just left: freed here if dead */
static bool need_resched;

static void runq_push(struct task *t)
{
	t->run_next = NULL;
	if (run_tail)
		run_tail->run_next = t;
	else
		run_head = t;
	run_tail = t;
}

static struct task *runq_pop(void)
{
	struct task *t = run_head;

	if (t) {
		run_head = t->run_next;
		if (!run_head)
			run_tail = NULL;
		t->run_next = NULL;
	}
	return t;
}

void sched_init(void)
{
	idle_task.state = TASK_RUNNING;
	idle_task.name[0] = 'i';
	idle_task.name[1] = 'd';
	idle_task.name[2] = 'l';
	idle_task.name[3] = 'e';
	arch_task_init_idle(&idle_task);
	current = &idle_task;
}

void task_wake(struct task *t)
{
	if (t->state == TASK_DEAD || t->state == TASK_TRACED)
		return;
	if (t->state == TASK_SLEEPING)
		waitq_remove(t);
	if (t->state != TASK_RUNNING || t == &idle_task) {
		t->state = TASK_RUNNING;
		if (t != &idle_task)
			runq_push(t);
	}
}

void task_wake_traced(struct task *t)
{
	if (t->state == TASK_TRACED) {
		t->state = TASK_RUNNING;
		runq_push(t);
	}
}

/* Frees the task we switched away from if it had exited. */
static void finish_switch(void)
{
	struct task *prev = switched_from;

	switched_from = NULL;
	if (prev && prev->state == TASK_DEAD)
		task_free(prev);
}

void schedule(void)
{
	struct task *prev = current, *next;

	need_resched = false;
	if (prev->state == TASK_RUNNING && prev != &idle_task)
		runq_push(prev);
	next = runq_pop();
	if (!next)
		next = &idle_task;
	if (next == prev)
		return;
	current = next;
	switched_from = prev;
	arch_switch_to(prev, next);
	finish_switch();
}

void cond_resched(void)
{
	if (need_resched)
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
	u64 now = timer_ticks();

	for (struct task *t = timed_head, *next; t; t = next) {
		next = t->timed_next;
		if (t->wake_at <= now) {
			t->timed_out = true;
			task_wake(t); /* takes it off the list */
		}
	}
	(void)from_user;
	if (run_head)
		need_resched = true;
}

static int do_sleep(struct waitq *q, u64 timeout_ticks, bool interruptible)
{
	struct task *t = current;

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
	 * Only the idle task gets the CPU back while still asleep (it runs when
	 * nothing else can): it waits for the interrupt that wakes it.
	 */
	while (t->state == TASK_SLEEPING) {
		arch_idle_wait();
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

void exit_to_user_mode(void)
{
	for (;;) {
		if (current->proc->exiting)
			do_exit_thread(current->proc->exit_code);
		if (signal_deliver(current))
			continue; /* a signal was acted on: look again */
		if (!need_resched)
			return;
		schedule();
	}
}

void sched_idle_loop(void)
{
	for (;;) {
		schedule();
		arch_idle_wait();
	}
}

// SPDX-License-Identifier: MIT
/*
 * Self-tests of the scheduler: kernel threads run, take turns through
 * schedule(), sleep and wake on a wait queue, and give back every page
 * (their stacks) once they have exited.
 */
#include <kernel/arch.h>
#include <kernel/init.h>
#include <kernel/kthread.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <kernel/sched.h>
#include <kernel/task.h>
#include <kernel/timer.h>

#define NR_WORKERS 4
#define ROUNDS 5

static struct waitq done_q;
static int finished;
static int turns[NR_WORKERS];
static int order[NR_WORKERS * ROUNDS];
static int nr_order;

static void worker(void *arg)
{
	int id = (int)(uintptr_t)arg;

	for (int r = 0; r < ROUNDS; r++) {
		turns[id]++;
		order[nr_order++] = id;
		schedule(); /* let the others have a turn */
	}
	finished++;
	waitq_wake(&done_q, -1);
}

KTEST(kthreads_round_robin)
{
	size_t before = page_free_count();
	unsigned long irq = arch_irq_save(); /* the run queue is not touched from interrupts */

	finished = nr_order = 0;
	for (int i = 0; i < NR_WORKERS; i++) {
		turns[i] = 0;
		if (!KTEST_EXPECT(ctx, kthread_run("ktest", worker, (void *)(uintptr_t)i) != NULL))
			break;
	}
	while (finished < NR_WORKERS)
		waitq_sleep(&done_q, 0);
	schedule(); /* the last worker is freed once another task runs */
	arch_irq_restore(irq);

	for (int i = 0; i < NR_WORKERS; i++)
		KTEST_EXPECT_EQ(ctx, turns[i], ROUNDS);
	/* Round robin: in each round every worker ran once, in creation order. */
	for (int k = 0; k < NR_WORKERS * ROUNDS; k++)
		KTEST_EXPECT_EQ(ctx, order[k], k % NR_WORKERS);
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
}

KTEST(waitq_timeout_expires)
{
	struct waitq q = { NULL };
	u64 start = timer_ticks();
	unsigned long irq = arch_irq_save();
	int err = waitq_sleep(&q, 3);

	arch_irq_restore(irq);
	KTEST_EXPECT_EQ(ctx, err, -110); /* -ETIMEDOUT */
	KTEST_EXPECT(ctx, timer_ticks() >= start + 3);
	KTEST_EXPECT(ctx, q.head == NULL);
}

/*
 * A sleeper on q that something else woke (a signal, a kill: here
 * task_wake()) stays on q until it runs again, and leaves it itself; a
 * wake through q that finds it there takes it off without counting it, so
 * a wake of one goes to a sleeper that needed it (a mutex's waiters).
 */
static struct waitq woken_q, second_q;
static int first_err, second_err, sleeper_done;

static void two_sleeps(void *arg)
{
	u64 timeout = (u64)(uintptr_t)arg;

	first_err = waitq_sleep(&woken_q, timeout);
	second_err = waitq_sleep(&second_q, 0);
	sleeper_done = 1;
}

/* Until t sleeps on q (only this CPU schedules during the self-tests). */
static void until_asleep_on(struct task *t, struct waitq *q)
{
	while (READ_ONCE(t->state) != TASK_SLEEPING || READ_ONCE(q->head) != t)
		schedule();
}

/* Starts two_sleeps(timeout) and waits until it sleeps on woken_q; NULL if it could not. */
static struct task *start_sleeper(struct ktest_ctx *ctx, u64 timeout)
{
	struct task *t;

	first_err = second_err = -1;
	sleeper_done = 0;
	t = kthread_run("ktest-sleeper", two_sleeps, (void *)(uintptr_t)timeout);
	if (KTEST_EXPECT(ctx, t != NULL))
		until_asleep_on(t, &woken_q);
	return t;
}

/* The sleeper asleep on second_q: one wake through it, and it is gone. */
static void finish_sleeper(struct ktest_ctx *ctx)
{
	KTEST_EXPECT_EQ(ctx, waitq_wake(&second_q, 1), 1);
	while (!READ_ONCE(sleeper_done))
		schedule();
	schedule(); /* freed once another task runs */
	KTEST_EXPECT_EQ(ctx, second_err, 0);
}

KTEST(waitq_wake_skips_a_sleeper_already_woken)
{
	unsigned long irq = arch_irq_save();
	struct task *t = start_sleeper(ctx, 0);

	if (t) {
		task_wake(t); /* not through the queue: t stays on it until it runs */
		KTEST_EXPECT(ctx, woken_q.head == t);
		KTEST_EXPECT_EQ(ctx, waitq_wake(&woken_q, 1), 0); /* taken off, not counted */
		KTEST_EXPECT(ctx, woken_q.head == NULL);
		until_asleep_on(t, &second_q);
		KTEST_EXPECT_EQ(ctx, first_err, 0);
		finish_sleeper(ctx);
	}
	arch_irq_restore(irq);
}

/*
 * A sleeper with a time-out that a wake-up ended leaves the timed list
 * before its sleep returns: its time-out never ends a later sleep.
 */
KTEST(waitq_woken_sleeper_leaves_its_timeout_behind)
{
	struct waitq ticks_q = { NULL };
	unsigned long irq = arch_irq_save();
	struct task *t = start_sleeper(ctx, 3);

	if (t) {
		KTEST_EXPECT_EQ(ctx, waitq_wake(&woken_q, 1), 1);
		until_asleep_on(t, &second_q);
		KTEST_EXPECT_EQ(ctx, first_err, 0);
		/* Past the first sleep's time-out: the second sleep, which has none, goes on. */
		KTEST_EXPECT_EQ(ctx, waitq_sleep(&ticks_q, 6), -110); /* -ETIMEDOUT */
		KTEST_EXPECT_EQ(ctx, READ_ONCE(t->state), TASK_SLEEPING);
		KTEST_EXPECT(ctx, second_q.head == t);
		finish_sleeper(ctx);
	}
	arch_irq_restore(irq);
}

/*
 * A clone's child stays TASK_NEW until the clone's last step, which comes
 * after the clone let big_lock go (kernel/proc/fork.c): no other wake -- a
 * kill's, a signal's -- makes it runnable, so no other CPU can run it, let
 * it exit and free it first; task_wake_new() does.
 */
static int new_task_ran;

static void new_task_body(void)
{
	WRITE_ONCE(new_task_ran, 1);
	kthread_exit();
}

KTEST(task_new_runs_only_after_task_wake_new)
{
	unsigned long irq = arch_irq_save();
	struct task *t = task_alloc("ktest-new");

	if (KTEST_EXPECT(ctx, t != NULL)) {
		new_task_ran = 0;
		arch_task_start_in_kernel(t, new_task_body);
		t->state = TASK_NEW;
		task_wake(t);
		task_wake_interruptible(t);
		schedule();
		KTEST_EXPECT_EQ(ctx, READ_ONCE(t->state), TASK_NEW);
		KTEST_EXPECT_EQ(ctx, READ_ONCE(new_task_ran), 0);
		task_wake_new(t);
		while (!READ_ONCE(new_task_ran))
			schedule();
		schedule(); /* freed once another task runs */
	}
	arch_irq_restore(irq);
}

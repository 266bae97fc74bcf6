// SPDX-License-Identifier: MIT
/*
 * Self-tests of the scheduler: kernel threads run, take turns through
 * schedule(), sleep and wake on a wait queue, and give back every page
 * (their stacks) once they have exited.
 */
#include <kernel/arch.h>
#include <kernel/kthread.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <kernel/sched.h>
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

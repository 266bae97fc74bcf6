// SPDX-License-Identifier: MIT
/*
 * Self-tests of kernel/entry.c's lock protocol, with a made-up vector
 * table: an entry from kernel mode on a CPU that holds big_lock takes
 * nothing and leaves it held; one on a CPU that does not takes it around
 * the dispatch and drops it after; a lock-free rule that handles its entry
 * keeps the dispatch from running, one that declines sends it the locked
 * way; a try-lock rule whose lock is busy drops its entry or waits, as it
 * says; memory freed "after the big lock" stays allocated until the task
 * lets its deferred frees go, and a full list frees at once. The boot CPU
 * runs the self-tests alone (the secondaries wait for
 * smp_start_scheduling()), so dropping big_lock here for a moment lets no
 * other CPU in.
 */
#include <kernel/arch.h>
#include <kernel/big_lock.h>
#include <kernel/entry.h>
#include <kernel/heap.h>
#include <kernel/kmem.h>
#include <kernel/ktest.h>
#include <kernel/percpu.h>
#include <kernel/task.h>

enum { VEC_TEST_PLAIN = 1000, VEC_TEST_HANDLED, VEC_TEST_DECLINED, VEC_TEST_TRY };

static unsigned int dispatched, dispatched_locked, rule_runs;
static bool rule_answer;

static void test_dispatch(struct trap_frame *f, bool from_user)
{
	(void)f;
	(void)from_user;
	dispatched++;
	if (spin_held(&big_lock))
		dispatched_locked++;
}

static bool test_rule(struct trap_frame *f)
{
	(void)f;
	rule_runs++;
	return rule_answer;
}

static const struct entry_rule test_rules[] = {
	{ VEC_TEST_HANDLED, ENTRY_FROM_KERNEL, ENTRY_NO_LOCK, test_rule },
	{ VEC_TEST_DECLINED, ENTRY_FROM_KERNEL, ENTRY_NO_LOCK, test_rule },
	{ VEC_TEST_TRY, ENTRY_FROM_KERNEL, ENTRY_TRY_LOCK, test_rule },
};

static void trap(unsigned int vector, bool answer)
{
	rule_answer = answer;
	entry_trap(NULL, vector, false, test_rules, ARRAY_SIZE(test_rules), test_dispatch);
}

static void reset(void)
{
	dispatched = dispatched_locked = rule_runs = 0;
}

KTEST(entry_from_kernel_takes_big_lock_only_if_not_held)
{
	unsigned long flags = arch_irq_save();

	reset();
	trap(VEC_TEST_PLAIN, false); /* this CPU holds it: nothing taken, nothing dropped */
	KTEST_EXPECT_EQ(ctx, dispatched_locked, 1u);
	KTEST_EXPECT(ctx, spin_held(&big_lock));

	spin_unlock(&big_lock); /* as in the idle wait */
	trap(VEC_TEST_PLAIN, false);
	KTEST_EXPECT_EQ(ctx, dispatched_locked, 2u);
	KTEST_EXPECT(ctx, !spin_held(&big_lock));
	KTEST_EXPECT_EQ(ctx, big_lock.next, big_lock.owner); /* free again */
	spin_lock(&big_lock);
	arch_irq_restore(flags);
}

KTEST(entry_rules_run_without_the_lock_or_decline)
{
	unsigned long flags = arch_irq_save();

	reset();
	spin_unlock(&big_lock);
	trap(VEC_TEST_HANDLED, true);
	KTEST_EXPECT_EQ(ctx, rule_runs, 1u);
	KTEST_EXPECT_EQ(ctx, dispatched, 0u);
	trap(VEC_TEST_DECLINED, false);
	KTEST_EXPECT_EQ(ctx, rule_runs, 2u);
	KTEST_EXPECT_EQ(ctx, dispatched_locked, 1u);
	KTEST_EXPECT(ctx, !spin_held(&big_lock));
	/* Free: the try-lock rule takes it without asking the rule. */
	trap(VEC_TEST_TRY, true);
	KTEST_EXPECT_EQ(ctx, rule_runs, 2u);
	KTEST_EXPECT_EQ(ctx, dispatched_locked, 2u);
	KTEST_EXPECT(ctx, !spin_held(&big_lock));
	spin_lock(&big_lock);
	arch_irq_restore(flags);
}

KTEST(entry_try_lock_rule_drops_its_entry_when_busy)
{
	unsigned long flags = arch_irq_save();

	reset();
	/*
	 * Busy as another CPU would hold it: a ticket handed out and not yet
	 * served. trylock then fails, and spin_held() says not this CPU's.
	 */
	spin_unlock(&big_lock);
	__atomic_fetch_add(&big_lock.next, 1, __ATOMIC_RELAXED);
	trap(VEC_TEST_TRY, true);
	KTEST_EXPECT_EQ(ctx, rule_runs, 1u);
	KTEST_EXPECT_EQ(ctx, dispatched, 0u);
	__atomic_fetch_add(&big_lock.owner, 1, __ATOMIC_RELEASE); /* the "other CPU" is done */
	spin_lock(&big_lock);
	arch_irq_restore(flags);
}

KTEST(kfree_after_big_lock_waits_for_the_deferred_frees)
{
	struct task *t = current;
	unsigned int before = t->nr_free_later;
	size_t held = heap_pages_held();
	void *p[TASK_FREE_LATER + 1];

	KTEST_EXPECT_EQ(ctx, before, 0u); /* a self-test's task has no reap behind it */
	/* Objects of a page each: heap_pages_held() counts every one. */
	for (unsigned int i = 0; i <= TASK_FREE_LATER; i++)
		p[i] = kmalloc(HEAP_MAX_CLASS + 1);
	for (unsigned int i = 0; i <= TASK_FREE_LATER; i++)
		KTEST_EXPECT(ctx, p[i] != NULL);
	KTEST_EXPECT_EQ(ctx, heap_pages_held(), held + TASK_FREE_LATER + 1);
	for (unsigned int i = 0; i < TASK_FREE_LATER; i++)
		kfree_after_big_lock(p[i]);
	KTEST_EXPECT_EQ(ctx, t->nr_free_later, (unsigned int)TASK_FREE_LATER);
	KTEST_EXPECT_EQ(ctx, heap_pages_held(), held + TASK_FREE_LATER + 1); /* none freed yet */
	kfree_after_big_lock(p[TASK_FREE_LATER]); /* the list is full: freed at once */
	KTEST_EXPECT_EQ(ctx, heap_pages_held(), held + TASK_FREE_LATER);
	/* What return_to_user_mode() does once the lock is gone. */
	big_lock_free_deferred(t);
	KTEST_EXPECT_EQ(ctx, t->nr_free_later, 0u);
	KTEST_EXPECT_EQ(ctx, heap_pages_held(), held);
}

/*
 * kfree_after_big_lock() by a task that does not hold the lock -- a reap
 * without it, kernel/proc/wait.c -- while "another CPU" holds it (its
 * ticket taken by hand, as above): the memory is kept while that hold
 * lasts, since the holder may have found it before it was unlinked, and
 * freed once it ends.
 */
KTEST(kfree_after_big_lock_unlocked_waits_for_the_hold_in_progress)
{
	struct task *t = current;
	size_t held = heap_pages_held();
	void *p = kmalloc(HEAP_MAX_CLASS + 1);
	unsigned long flags = arch_irq_save();

	KTEST_EXPECT(ctx, p != NULL);
	KTEST_EXPECT_EQ(ctx, t->nr_free_later, 0u);
	spin_unlock(&big_lock);
	__atomic_fetch_add(&big_lock.next, 1, __ATOMIC_SEQ_CST); /* the other CPU's hold */
	kfree_after_big_lock(p);
	KTEST_EXPECT_EQ(ctx, t->nr_free_later, 1u);
	KTEST_EXPECT(ctx, t->free_later_waits);
	KTEST_EXPECT(ctx, !spin_grace_passed(&big_lock, t->free_later_grace));
	KTEST_EXPECT_EQ(ctx, heap_pages_held(), held + 1);	  /* kept */
	__atomic_fetch_add(&big_lock.owner, 1, __ATOMIC_RELEASE); /* the other CPU is done */
	KTEST_EXPECT(ctx, spin_grace_passed(&big_lock, t->free_later_grace));
	big_lock_free_deferred(t); /* what wait4 does at its end */
	KTEST_EXPECT_EQ(ctx, t->nr_free_later, 0u);
	KTEST_EXPECT(ctx, !t->free_later_waits);
	KTEST_EXPECT_EQ(ctx, heap_pages_held(), held);
	spin_lock(&big_lock);
	arch_irq_restore(flags);
}

// SPDX-License-Identifier: MIT
/*
 * Self-tests of the spinlocks and the lock debugger: ownership is
 * recorded and cleared, and each kind of misuse is recognised before the
 * CPU would start waiting -- out of order, recursive, interrupts on.
 * (crashtest=lockorder proves a real violation panics with both names.)
 */
#include <kernel/arch.h>
#include <kernel/atomic.h>
#include <kernel/big_lock.h>
#include <kernel/ktest.h>
#include <kernel/lockdep.h>
#include <kernel/percpu.h>
#include <kernel/spinlock.h>

KTEST(spinlock_records_its_holder)
{
	unsigned long flags = spin_lock_irqsave(&lockdep_test_outer);
	unsigned int depth = this_cpu()->nr_held;

	KTEST_EXPECT(ctx, spin_held(&lockdep_test_outer));
	KTEST_EXPECT_EQ(ctx, lockdep_test_outer.holder_cpu, (int)this_cpu()->id);
	if (LOCK_DEBUG) /* the held-lock stack is the lock debugger's */
		KTEST_EXPECT(ctx, depth > 0 && this_cpu()->held[depth - 1] == &lockdep_test_outer);
	spin_unlock_irqrestore(&lockdep_test_outer, flags);
	KTEST_EXPECT(ctx, !spin_held(&lockdep_test_outer));
	KTEST_EXPECT_EQ(ctx, lockdep_test_outer.holder_cpu, SPIN_NO_OWNER);
	if (LOCK_DEBUG)
		KTEST_EXPECT_EQ(ctx, this_cpu()->nr_held, depth - 1);
	/* A free lock is taken at once by trylock, a held one is not. */
	flags = arch_irq_save();
	KTEST_EXPECT(ctx, spin_trylock(&lockdep_test_inner));
	KTEST_EXPECT_EQ(ctx, lockdep_test_inner.next - lockdep_test_inner.owner, 1u);
	spin_unlock(&lockdep_test_inner);
	KTEST_EXPECT_EQ(ctx, lockdep_test_inner.next, lockdep_test_inner.owner);
	arch_irq_restore(flags);
}

KTEST(lockdep_finds_out_of_order_recursive_and_irqs_on)
{
	const struct spinlock *conflict;
	unsigned long flags;

	if (!LOCK_DEBUG) {
		ktest_skip(ctx, "built with LOCK_DEBUG=0: no held-lock stack to check against");
		return;
	}
	/* The self-tests run with interrupts on. */
	KTEST_EXPECT_EQ(ctx, lockdep_check(&lockdep_test_outer, &conflict), LOCKDEP_IRQS_ON);

	flags = spin_lock_irqsave(&lockdep_test_inner);
	KTEST_EXPECT_EQ(ctx, lockdep_check(&lockdep_test_outer, &conflict), LOCKDEP_ORDER);
	KTEST_EXPECT(ctx, conflict == &lockdep_test_inner);
	KTEST_EXPECT_EQ(ctx, lockdep_check(&lockdep_test_inner, &conflict), LOCKDEP_RECURSION);
	KTEST_EXPECT(ctx, conflict == &lockdep_test_inner);
	/* A trylock never waits: out of order is allowed (a CPU pulling from another run queue). */
	KTEST_EXPECT_EQ(ctx, lockdep_check_trylock(&lockdep_test_outer, &conflict), LOCKDEP_OK);
	KTEST_EXPECT(ctx, spin_trylock(&lockdep_test_outer));
	KTEST_EXPECT(ctx, spin_held(&lockdep_test_outer));
	spin_unlock(&lockdep_test_outer);
	KTEST_EXPECT_EQ(ctx, lockdep_check_trylock(&lockdep_test_inner, &conflict),
			LOCKDEP_RECURSION);
	spin_unlock_irqrestore(&lockdep_test_inner, flags);

	flags = spin_lock_irqsave(&lockdep_test_outer);
	KTEST_EXPECT_EQ(ctx, lockdep_check(&lockdep_test_inner, &conflict), LOCKDEP_OK);
	spin_unlock_irqrestore(&lockdep_test_outer, flags);
}

KTEST(big_lock_held_by_the_kernel)
{
	/* Kernel code runs holding it; the self-tests are kernel code on CPU 0. */
	KTEST_EXPECT(ctx, spin_held(&big_lock));
	KTEST_EXPECT_EQ(ctx, big_lock.holder_cpu, (int)this_cpu()->id);
}

/*
 * A grace period (<kernel/spinlock.h>) on a lock of the test's own, its
 * tickets moved by hand as CPUs would move them: it is over at once for a
 * free lock, waits for the hold in progress when it began, and not for a
 * holder that queued behind it, whose hold begins later.
 */
KTEST(spin_grace_waits_for_the_hold_in_progress_only)
{
	struct spinlock l = SPINLOCK_INIT(LOCK_LEVEL_BIG, "grace_test");
	struct spin_grace g = spin_grace_begin(&l);

	KTEST_EXPECT(ctx, spin_grace_passed(&l, g));	  /* nobody held it */
	__atomic_fetch_add(&l.next, 1, __ATOMIC_SEQ_CST); /* a CPU takes ticket 0 and holds */
	g = spin_grace_begin(&l);
	KTEST_EXPECT(ctx, !spin_grace_passed(&l, g));
	__atomic_fetch_add(&l.next, 1, __ATOMIC_SEQ_CST); /* another queues behind it */
	KTEST_EXPECT(ctx, !spin_grace_passed(&l, g));
	__atomic_fetch_add(&l.owner, 1, __ATOMIC_SEQ_CST); /* the first lets go, the second holds */
	KTEST_EXPECT(ctx, spin_grace_passed(&l, g));
	g = spin_grace_begin(&l); /* begun in the second's hold: waits for it */
	KTEST_EXPECT(ctx, !spin_grace_passed(&l, g));
	__atomic_fetch_add(&l.owner, 1, __ATOMIC_SEQ_CST);
	KTEST_EXPECT(ctx, spin_grace_passed(&l, g));
}

KTEST(refcount_counts)
{
	refcount_t r = REFCOUNT_INIT(1);

	refcount_inc(&r);
	KTEST_EXPECT_EQ(ctx, refcount_read(&r), 2);
	KTEST_EXPECT(ctx, !refcount_dec_and_test(&r));
	KTEST_EXPECT(ctx, refcount_dec_and_test(&r));
	KTEST_EXPECT_EQ(ctx, refcount_read(&r), 0);
}

// SPDX-License-Identifier: MIT
/*
 * An address space's lock for the unit tests that link kernel/shstk/shstk.c
 * (test_clone_args, test_shstk_clone). mm_lock() and mm_unlock() are the
 * kernel's own, inline in <kernel/vm.h>: the spinlock's inline fast path
 * marks the fake mm's lock held by "CPU 7" (unit_cpu) and clears it again.
 * What they call out of line is faked here: interrupts are a no-op; taking
 * a lock this CPU holds already, or waiting at all, fails the test (the
 * kernel would deadlock, or the lock was never let go); letting go of a
 * lock it does not hold fails it too; and the lock debugger's ownership
 * check (assert_mm_locked() in shstk_alloc()) fails the test when the code
 * under test reached the address space without holding its lock.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <kernel/arch.h>
#include <kernel/spinlock.h>

#define UNIT_CPU 7 /* unit_cpu's id (shstk_unreached.c), which spin_held() compares with */

unsigned long arch_irq_save(void)
{
	return 0;
}

void arch_irq_restore(unsigned long flags)
{
	(void)flags;
}

void lockdep_acquire(struct spinlock *l, const char *where)
{
	if (l->holder_cpu == UNIT_CPU)
		fail_msg("%s: %s already held (the kernel would deadlock)", where, l->name);
}

void lockdep_acquired(struct spinlock *l)
{
	(void)l;
}

void lockdep_release(struct spinlock *l)
{
	if (l->holder_cpu != UNIT_CPU)
		fail_msg("%s let go, not held", l->name);
}

void spin_wait(struct spinlock *l, u32 ticket)
{
	(void)ticket;
	fail_msg("%s: would wait, one CPU only (a lock taken and never let go)", l->name);
}

void spin_kick(struct spinlock *l, u32 ticket)
{
	(void)l;
	(void)ticket;
}

void lockdep_not_held(const struct spinlock *l, const char *where)
{
	(void)l;
	fail_msg("%s: the address space's lock is not held", where);
	abort();
}

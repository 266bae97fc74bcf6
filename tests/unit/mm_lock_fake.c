// SPDX-License-Identifier: MIT
/*
 * An address space's lock for the unit tests that link kernel/shstk/shstk.c
 * (test_clone_args, test_shstk_clone): mm_lock() marks the fake mm's lock
 * held by "CPU 7", mm_unlock() clears it, and the lock debugger's
 * ownership check (assert_mm_locked() in shstk_alloc()) fails the test when
 * the code under test reached the address space without holding it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <kernel/spinlock.h>
#include <kernel/vm.h>

#define UNIT_CPU 7 /* unit_cpu's id (shstk_unreached.c), which spin_held() compares with */

void mm_lock(const struct mm *mm)
{
	struct spinlock *l = (struct spinlock *)&mm->lock;

	if (l->holder_cpu == UNIT_CPU)
		fail_msg("mm_lock: already held (the kernel would deadlock)");
	l->holder_cpu = UNIT_CPU;
}

void mm_unlock(const struct mm *mm)
{
	struct spinlock *l = (struct spinlock *)&mm->lock;

	if (l->holder_cpu != UNIT_CPU)
		fail_msg("mm_unlock: not held");
	l->holder_cpu = SPIN_NO_OWNER;
}

void lockdep_not_held(const struct spinlock *l, const char *where)
{
	(void)l;
	fail_msg("%s: the address space's lock is not held", where);
	abort();
}

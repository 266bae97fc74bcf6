// SPDX-License-Identifier: MIT
/* The big kernel lock (<kernel/big_lock.h>); kernel/entry.c takes and drops it. */
#include <kernel/big_lock.h>
#include <kernel/entry.h>
#include <kernel/panic.h>

struct spinlock big_lock = SPINLOCK_INIT(LOCK_LEVEL_BIG, "big_lock");

void big_lock_retake(void)
{
	spin_lock(&big_lock);
	arch_entry_locked(true); /* as an entry from user mode, which is where the call began */
}

void big_lock_take_late(void)
{
	if (!spin_held(&big_lock))
		big_lock_retake();
}

void big_lock_drop(void)
{
	spin_unlock(&big_lock);
}

void big_lock_synchronize(void)
{
	struct spin_grace g = spin_grace_begin(&big_lock);

	if (LOCK_DEBUG)
		BUG_ON(spin_held(&big_lock)); /* it would wait for its own hold */
	spin_grace_wait(&big_lock, g);
}

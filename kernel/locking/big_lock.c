// SPDX-License-Identifier: MIT
/* The big kernel lock (<kernel/big_lock.h>); kernel/entry.c takes and drops it. */
#include <kernel/big_lock.h>
#include <kernel/entry.h>
#include <kernel/kmem.h>
#include <kernel/percpu.h>
#include <kernel/task.h>

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

void kfree_after_big_lock(void *ptr)
{
	struct task *t = current;

	assert_big_lock_held();
	if (t->nr_free_later < TASK_FREE_LATER)
		t->free_later[t->nr_free_later++] = ptr;
	else
		kfree(ptr);
}

void big_lock_free_deferred(struct task *t)
{
	unsigned int n = t->nr_free_later;

	t->nr_free_later = 0;
	kfree_bulk(t->free_later, n);
}

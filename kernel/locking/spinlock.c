// SPDX-License-Identifier: MIT
/*
 * Ticket spinlocks (<kernel/spinlock.h>). A CPU takes a ticket with one
 * atomic increment and waits until `owner` reaches it; the unlock is a
 * release store of owner + 1. While it waits a CPU keeps answering what
 * other CPUs ask of it with interrupts off (arch_smp_poll(): x86 TLB
 * shootdowns), so a lock holder waiting for that answer never deadlocks
 * against a CPU waiting for its lock.
 */
#include <kernel/arch.h>
#include <kernel/lockdep.h>
#include <kernel/percpu.h>
#include <kernel/spinlock.h>

void spin_lock_at(struct spinlock *l, const char *where)
{
	u32 ticket;

	lockdep_acquire(l, where);
	ticket = __atomic_fetch_add(&l->next, 1, __ATOMIC_RELAXED);
	while (__atomic_load_n(&l->owner, __ATOMIC_ACQUIRE) != ticket) {
		arch_smp_poll();
		arch_cpu_relax();
	}
	lockdep_acquired(l, where);
}

bool spin_trylock_at(struct spinlock *l, const char *where)
{
	u32 owner = __atomic_load_n(&l->owner, __ATOMIC_RELAXED);
	u32 expect = owner;

	/* Free exactly when next == owner: take that ticket. */
	if (!__atomic_compare_exchange_n(&l->next, &expect, owner + 1, false, __ATOMIC_ACQUIRE,
					 __ATOMIC_RELAXED))
		return false;
	lockdep_acquire(l, where);
	lockdep_acquired(l, where);
	return true;
}

void spin_unlock(struct spinlock *l)
{
	lockdep_release(l);
	__atomic_store_n(&l->owner, l->owner + 1, __ATOMIC_RELEASE);
}

unsigned long spin_lock_irqsave_at(struct spinlock *l, const char *where)
{
	unsigned long flags = arch_irq_save();

	spin_lock_at(l, where);
	return flags;
}

void spin_unlock_irqrestore(struct spinlock *l, unsigned long flags)
{
	spin_unlock(l);
	arch_irq_restore(flags);
}

bool spin_held(const struct spinlock *l)
{
	return READ_ONCE(l->holder_cpu) == (int)this_cpu()->id;
}

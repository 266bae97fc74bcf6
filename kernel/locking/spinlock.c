// SPDX-License-Identifier: MIT
/*
 * Ticket spinlocks (<kernel/spinlock.h>). A CPU takes a ticket with one
 * atomic increment and waits until `owner` reaches it; the unlock is a
 * release store of owner + 1. While it waits a CPU keeps answering what
 * other CPUs ask of it with interrupts off (arch_smp_poll(): x86 TLB
 * shootdowns), so a lock holder waiting for that answer never deadlocks
 * against a CPU waiting for its lock.
 *
 * A waiter spins a little, then halts until the unlock that serves its
 * ticket kicks it. Spinning alone collapses on an emulator (or a
 * hypervisor) with more virtual CPUs than host cores: the waiters' spins
 * take the host time the holder -- and the next ticket, which must run
 * before anyone else can -- need, and a ticket handoff then waits for the
 * host to schedule that one CPU (8 QEMU CPUs on 2 cores took seconds per
 * handoff). Halted waiters give the host its cores back; Linux's
 * paravirtual spinlocks (pv_wait/pv_kick) do the same for guests.
 */
#include <kernel/arch.h>
#include <kernel/lock_stat.h>
#include <kernel/lockdep.h>
#include <kernel/percpu.h>
#include <kernel/random.h>
#include <kernel/smp.h>
#include <kernel/spinlock.h>

/*
 * Halts until ticket is served. The waiter says what it waits for, then
 * counts itself a sleeper, then looks at owner once more; the unlock
 * stores owner, then looks at the sleepers (both sequentially consistent):
 * either the waiter sees its ticket and does not halt, or the unlock sees
 * the sleeper and kicks it.
 */
static void spin_sleep(struct spinlock *l, u32 ticket)
{
	struct cpu *c = this_cpu();

	c->spin_wait_ticket = ticket;
	__atomic_store_n(&c->spin_wait_lock, l, __ATOMIC_SEQ_CST);
	__atomic_fetch_add(&l->sleepers, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&l->owner, __ATOMIC_SEQ_CST) != ticket)
		arch_spin_halt();
	__atomic_fetch_sub(&l->sleepers, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&c->spin_wait_lock, NULL, __ATOMIC_RELAXED);
}

/* Wakes the CPU halted for ticket of l, if one is (spin_unlock() saw a sleeper). */
void spin_kick(struct spinlock *l, u32 ticket)
{
	for (unsigned int i = 0; i < smp_nr_cpus; i++) {
		struct cpu *c = &cpus[i];

		if (__atomic_load_n(&c->spin_wait_lock, __ATOMIC_SEQ_CST) == l &&
		    READ_ONCE(c->spin_wait_ticket) == ticket) {
			arch_spin_kick_cpu(i);
			return;
		}
	}
}

/*
 * Adds this CPU's latest lock wait to /proc/lock_stat's table. Interrupts
 * are off (a wait, or the reader's own).
 */
void lock_stat_flush_this_cpu(void)
{
	struct cpu *c = this_cpu();

	if (c->lock_wait_name) {
		lock_stat_contended(c->lock_wait_name, c->lock_wait_ticks);
		c->lock_wait_name = NULL;
	}
}

/*
 * spin_lock_at()'s ticket was not served at once: waits until it is. With
 * LOCK_STAT, the wait is counted against the lock's name (/proc/lock_stat) in two steps:
 * noted here once the lock is ours -- two stores, so the holder's time
 * hardly grows -- and added to the table at this CPU's next wait, before
 * it starts waiting, where the time is lost anyway.
 */
void spin_wait(struct spinlock *l, u32 ticket)
{
	unsigned int spins = 0;
	u64 start = 0;

	if (LOCK_STAT) {
		lock_stat_flush_this_cpu();
		start = arch_cycle_counter();
	}

	while (__atomic_load_n(&l->owner, __ATOMIC_ACQUIRE) != ticket) {
		arch_smp_poll();
		if (spins < arch_spin_relax_steps) {
			spins++;
			arch_cpu_relax();
		} else {
			spin_sleep(l, ticket);
		}
	}
	if (LOCK_STAT) {
		this_cpu()->lock_wait_ticks = arch_cycle_counter() - start;
		this_cpu()->lock_wait_name = l->name; /* SPINLOCK_INIT: never NULL */
	}
}

/*
 * Spins, never halts: the unlock kicks only the CPU halted for the next
 * ticket, which is not this one, and a grace period is one hold at most.
 */
void spin_grace_wait(const struct spinlock *l, struct spin_grace g)
{
	while (!spin_grace_passed(l, g)) {
		arch_smp_poll();
		arch_cpu_relax();
	}
}

bool spin_trylock_at(struct spinlock *l, const char *where)
{
	u32 owner = __atomic_load_n(&l->owner, __ATOMIC_RELAXED);
	u32 expect = owner;

	/*
	 * Free exactly when next == owner: take that ticket, visible before the
	 * holder's first read as spin_lock_at()'s (a grace period relies on it).
	 */
	if (!__atomic_compare_exchange_n(&l->next, &expect, owner + 1, false, __ATOMIC_SEQ_CST,
					 __ATOMIC_RELAXED))
		return false;
	if (LOCK_DEBUG)
		lockdep_acquire_trylock(l, where);
	spin_note_holder(l, where);
	return true;
}

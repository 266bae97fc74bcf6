/* SPDX-License-Identifier: MIT */
/*
 * Ticket spinlocks: CPUs get the lock in the order they asked for it, so
 * none starves. A spinlock is only ever taken with interrupts off on this
 * CPU (spin_lock_irqsave() turns them off; spin_lock() checks they are),
 * so an interrupt handler on the same CPU can never spin on a lock its
 * interrupted code holds. Levels and the nesting order are in
 * <kernel/lock_order.h>.
 *
 * With LOCK_DEBUG (the default build, and every `make test` boot) each
 * acquisition is checked by kernel/locking/lockdep.c: interrupts off, not already
 * held by this CPU, level above every lock this CPU holds; each release:
 * held by this CPU. A violation is a kernel bug and panics with both
 * locks' names and where they were taken.
 */
#ifndef KERNEL_SPINLOCK_H
#define KERNEL_SPINLOCK_H

#include <kernel/arch.h>
#include <kernel/lock_order.h>
#include <kernel/percpu.h>
#include <kernel/types.h>

#ifndef LOCK_DEBUG
#define LOCK_DEBUG 1
#endif
/* Contended waits counted for /proc/lock_stat (<kernel/lock_stat.h>). */
#ifndef LOCK_STAT
#define LOCK_STAT LOCK_DEBUG
#endif

#define SPIN_NO_OWNER (-1)

struct spinlock {
	u32 next;	/* the next ticket to hand out */
	u32 owner;	/* the ticket being served */
	int holder_cpu; /* the CPU holding it, or SPIN_NO_OWNER (debugging and asserts) */
	enum lock_level level;
	const char *name;
	const char *taken_at; /* "file:line" of the holder's acquisition */
	u32 sleepers;	      /* waiters halted until their ticket comes (spinlock.c) */
};

#define SPINLOCK_INIT(lvl, nm)                                                                   \
	{                                                                                        \
		.next = 0, .owner = 0, .holder_cpu = SPIN_NO_OWNER, .level = (lvl), .name = (nm) \
	}

#define STR_(x) #x
#define STR(x) STR_(x)
#define SPIN_WHERE (__FILE__ ":" STR(__LINE__))

/*
 * The out-of-line halves (kernel/locking/spinlock.c): waiting for a
 * ticket, and waking a CPU halted for one. The lock debugger's hooks
 * (kernel/locking/lockdep.c) run only when LOCK_DEBUG is 1.
 */
void spin_wait(struct spinlock *l, u32 ticket);
void spin_kick(struct spinlock *l, u32 ticket);
void lockdep_acquire(struct spinlock *l,
		     const char *where); /* before waiting: panics on a violation */
void lockdep_acquire_trylock(struct spinlock *l,
			     const char *where); /* the same, but for the order (a trylock) */
void lockdep_acquired(struct spinlock *l);	 /* got it: onto this CPU's stack */
void lockdep_release(struct spinlock *l);	 /* panics unless this CPU holds it */

/* The lock is this CPU's now: who holds it and where it was taken. */
static inline void spin_note_holder(struct spinlock *l, const char *where)
{
	WRITE_ONCE(l->holder_cpu, (int)this_cpu()->id);
	l->taken_at = where;
	if (LOCK_DEBUG)
		lockdep_acquired(l);
}

/*
 * Interrupts must be off. The uncontended path is inline -- a ticket, one
 * look at the owner, the holder noted -- as most acquisitions never wait:
 * a thread create + join takes about 20 locks, and each call, frame and
 * return of an out-of-line lock cost as much again as the lock itself.
 */
static inline void spin_lock_at(struct spinlock *l, const char *where)
{
	u32 ticket;

	if (LOCK_DEBUG)
		lockdep_acquire(l, where);
	/*
	 * Sequentially consistent, not relaxed: the ticket is visible before
	 * anything the holder reads, which a grace period relies on
	 * (spin_grace_begin() below).
	 */
	ticket = __atomic_fetch_add(&l->next, 1, __ATOMIC_SEQ_CST);
	if (__builtin_expect(__atomic_load_n(&l->owner, __ATOMIC_ACQUIRE) != ticket, 0))
		spin_wait(l, ticket);
	spin_note_holder(l, where);
}

/*
 * The release store of the next ticket, then a look for a CPU halted for
 * it (spinlock.c says why both are sequentially consistent).
 */
static inline void spin_unlock(struct spinlock *l)
{
	u32 next = l->owner + 1;

	if (LOCK_DEBUG)
		lockdep_release(l);
	WRITE_ONCE(l->holder_cpu, SPIN_NO_OWNER);
	__atomic_store_n(&l->owner, next, __ATOMIC_SEQ_CST);
	if (__builtin_expect(__atomic_load_n(&l->sleepers, __ATOMIC_SEQ_CST) != 0, 0))
		spin_kick(l, next);
}

/* True when it got the lock without waiting (interrupts off). */
bool spin_trylock_at(struct spinlock *l, const char *where);

#define spin_lock(l) spin_lock_at((l), SPIN_WHERE)
#define spin_trylock(l) spin_trylock_at((l), SPIN_WHERE)

/* Turns interrupts off, then locks; the flags restore them. */
static inline unsigned long spin_lock_irqsave_at(struct spinlock *l, const char *where)
{
	unsigned long flags = arch_irq_save();

	spin_lock_at(l, where);
	return flags;
}

static inline void spin_unlock_irqrestore(struct spinlock *l, unsigned long flags)
{
	spin_unlock(l);
	arch_irq_restore(flags);
}
#define spin_lock_irqsave(l) spin_lock_irqsave_at((l), SPIN_WHERE)

/* True when this CPU holds l. */
static inline bool spin_held(const struct spinlock *l)
{
	return READ_ONCE(l->holder_cpu) == (int)this_cpu()->id;
}

/* Panics unless this CPU holds l (the lock debugger's ownership check). */
#define assert_spin_held(l)                                \
	do {                                               \
		if (LOCK_DEBUG && !spin_held(l))           \
			lockdep_not_held((l), SPIN_WHERE); \
	} while (0)

/*
 * A grace period of a ticket lock: once every hold of l that was in
 * progress when it began has ended, no holder can still be using what the
 * caller made unreachable before it began (Linux's RCU, with the holds of
 * one lock as its read-side sections). Used for big_lock, whose holders
 * walk the PID chains and the process tree without another lock while a
 * reap unlinks from them (<kernel/big_lock.h>). The caller's unlinking
 * stores come first; the fence orders them before the look at the lock,
 * and a taker's ticket is visible before its first read (spin_lock_at()),
 * so a hold the look misses sees the unlinking. One hold at most is waited
 * for, never the queue behind it: a later hold began after the unlinking.
 */
struct spin_grace {
	u32 ticket; /* the ticket being served when it began */
	bool held;  /* and whether that ticket was, or was about to be, in a hold */
};

static inline struct spin_grace spin_grace_begin(const struct spinlock *l)
{
	struct spin_grace g;

	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	g.ticket = __atomic_load_n(&l->owner, __ATOMIC_ACQUIRE);
	g.held = __atomic_load_n(&l->next, __ATOMIC_ACQUIRE) != g.ticket;
	return g;
}

/* True once the hold in progress at spin_grace_begin(), if any, has ended. */
static inline bool spin_grace_passed(const struct spinlock *l, struct spin_grace g)
{
	return !g.held || __atomic_load_n(&l->owner, __ATOMIC_ACQUIRE) != g.ticket;
}

/*
 * Waits until spin_grace_passed(), answering what other CPUs ask of this
 * one meanwhile as a lock waiter does (spin_wait()): the holder may be
 * waiting for this CPU's answer to a TLB shootdown. The caller holds no
 * spinlock.
 */
void spin_grace_wait(const struct spinlock *l, struct spin_grace g);

__attribute__((noreturn)) void lockdep_not_held(const struct spinlock *l, const char *where);

#endif

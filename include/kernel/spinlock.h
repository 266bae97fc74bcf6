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

#include <kernel/lock_order.h>
#include <kernel/types.h>

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

/* Interrupts must be off. */
void spin_lock_at(struct spinlock *l, const char *where);
void spin_unlock(struct spinlock *l);
/* True when it got the lock without waiting (interrupts off). */
bool spin_trylock_at(struct spinlock *l, const char *where);

#define spin_lock(l) spin_lock_at((l), SPIN_WHERE)
#define spin_trylock(l) spin_trylock_at((l), SPIN_WHERE)

/* Turns interrupts off, then locks; the flags restore them. */
unsigned long spin_lock_irqsave_at(struct spinlock *l, const char *where);
void spin_unlock_irqrestore(struct spinlock *l, unsigned long flags);
#define spin_lock_irqsave(l) spin_lock_irqsave_at((l), SPIN_WHERE)

/* True when this CPU holds l. */
bool spin_held(const struct spinlock *l);

/* Panics unless this CPU holds l (the lock debugger's ownership check). */
#define assert_spin_held(l)                                \
	do {                                               \
		if (LOCK_DEBUG && !spin_held(l))           \
			lockdep_not_held((l), SPIN_WHERE); \
	} while (0)

__attribute__((noreturn)) void lockdep_not_held(const struct spinlock *l, const char *where);

#ifndef LOCK_DEBUG
#define LOCK_DEBUG 1
#endif

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The lock debugger: the checks kernel/locking/spinlock.c runs around every
 * acquisition and release (<kernel/spinlock.h> says which). Built in when
 * LOCK_DEBUG is 1 -- the default build, which `make test` boots; the boot
 * log says "lockdep: on".
 */
#ifndef KERNEL_LOCKDEP_H
#define KERNEL_LOCKDEP_H

#include <kernel/spinlock.h>

/* What acquiring l now would break, or LOCKDEP_OK. */
enum lockdep_verdict {
	LOCKDEP_OK,
	LOCKDEP_IRQS_ON,   /* interrupts are on: a handler here could spin on it forever */
	LOCKDEP_RECURSION, /* this CPU holds it already: it would wait for itself */
	LOCKDEP_ORDER,	   /* a lock of the same or a higher level is held: <kernel/lock_order.h> */
	LOCKDEP_TOO_DEEP,  /* more than LOCKDEP_MAX_HELD locks */
};

/*
 * The check alone, without panicking (the self-tests call it). A trylock
 * is not held to the order: it never waits, so it cannot close a cycle.
 */
enum lockdep_verdict lockdep_check(const struct spinlock *l, const struct spinlock **conflict);
enum lockdep_verdict lockdep_check_trylock(const struct spinlock *l,
					   const struct spinlock **conflict);

/*
 * For a panic report: "while NAME (level N) was held, since WHERE", the
 * lock a trap came under (kernel/entry.c). Called after panic_begin().
 */
void lockdep_print_held(const struct spinlock *l);

/* The hooks around every acquisition and release are declared in <kernel/spinlock.h>. */

/* Two locks of no other use, for the lock debugger's self-tests and crashtest=lockorder. */
extern struct spinlock lockdep_test_outer, lockdep_test_inner;

#endif

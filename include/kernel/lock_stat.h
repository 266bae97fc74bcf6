/* SPDX-License-Identifier: MIT */
/*
 * Lock contention, counted: every acquisition that had to wait
 * (spin_wait(), kernel/locking/spinlock.c) adds its wait to its lock's
 * name, and /proc/lock_stat shows the sums since boot -- which locks the
 * CPUs queue on, and for how long. Linux's file of that name
 * (CONFIG_LOCK_STAT) has more columns; this one is smaller. It is on with
 * LOCK_STAT=1, which follows LOCK_DEBUG (make test's kernels count, the
 * kernel as shipped does not): the uncontended path, which never waits,
 * pays nothing, but a counted wait lengthens the hold it ends a little.
 *
 * Locks of one name share a line (every address space's mm->lock, every
 * futex bucket). Waits are in ticks of arch_cycle_counter(), the counter
 * user space reads too (x86 RDTSC, arm64 CNTVCT_EL0).
 */
#ifndef KERNEL_LOCK_STAT_H
#define KERNEL_LOCK_STAT_H

#include <kernel/types.h>

/* The names a table holds; waits of more names are summed as "(other)". */
#define LOCK_STAT_NAMES 32

struct lock_stat {
	const char *name; /* the lock's name: the key, by address (NULL: a free slot) */
	u64 contentions;  /* acquisitions that waited */
	u64 wait_total;	  /* ticks waited, all of them together */
	u64 wait_max;	  /* the longest single wait */
};

/*
 * One acquisition of the lock called name (never NULL: every lock is
 * named by SPINLOCK_INIT) waited ticks. Any context, any CPU.
 */
void lock_stat_contended(const char *name, u64 ticks);

/*
 * A CPU notes its latest wait and adds it to the table at its next one
 * (kernel/locking/spinlock.c); this adds this CPU's now. Interrupts off.
 * Another CPU's latest wait shows after its next.
 */
void lock_stat_flush_this_cpu(void);

/*
 * The counts of slot i (0 <= i <= LOCK_STAT_NAMES, the last being
 * "(other)") into *out; false once i is past the slots in use.
 */
bool lock_stat_read(unsigned int i, struct lock_stat *out);

#endif

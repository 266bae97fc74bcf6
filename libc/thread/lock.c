// SPDX-License-Identifier: MIT
/*
 * A three-state futex lock (0 free, 1 held, 2 held and maybe waited for),
 * the classic design of Drepper's "Futexes Are Tricky", mutex 2. Uncontended
 * acquire and release are one atomic instruction each, with no syscall.
 */
#include <linux/futex.h>
#include <stdbool.h>
#include <thread.h>

void lock_acquire(struct lock *l)
{
	uint32_t c = 0;

	if (__atomic_compare_exchange_n(&l->word, &c, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return;
	if (c != 2)
		c = __atomic_exchange_n(&l->word, 2, __ATOMIC_ACQUIRE);
	while (c != 0) {
		futex(&l->word, FUTEX_WAIT_PRIVATE, 2, NULL);
		c = __atomic_exchange_n(&l->word, 2, __ATOMIC_ACQUIRE);
	}
}

void lock_release(struct lock *l)
{
	if (__atomic_fetch_sub(&l->word, 1, __ATOMIC_RELEASE) != 1) {
		__atomic_store_n(&l->word, 0, __ATOMIC_RELEASE);
		futex(&l->word, FUTEX_WAKE_PRIVATE, 1, NULL);
	}
}

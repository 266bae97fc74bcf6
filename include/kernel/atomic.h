/* SPDX-License-Identifier: MIT */
/*
 * Atomic counters and reference counts, on the compiler's __atomic
 * built-ins (sequentially consistent unless a name says otherwise). Every
 * object shared by reference count (address spaces, file tables, signal
 * handlers, pids, open files) counts with refcount_t, so a count is right
 * even when two CPUs take and drop references at once.
 */
#ifndef KERNEL_ATOMIC_H
#define KERNEL_ATOMIC_H

#include <kernel/types.h>

typedef struct {
	int v;
} atomic_t;

#define ATOMIC_INIT(n) \
	{              \
		(n)    \
	}

static inline int atomic_read(const atomic_t *a)
{
	return __atomic_load_n(&a->v, __ATOMIC_RELAXED);
}

static inline void atomic_set(atomic_t *a, int n)
{
	__atomic_store_n(&a->v, n, __ATOMIC_RELAXED);
}

/* Adds n and returns the new value. */
static inline int atomic_add_return(atomic_t *a, int n)
{
	return __atomic_add_fetch(&a->v, n, __ATOMIC_SEQ_CST);
}

static inline void atomic_inc(atomic_t *a)
{
	(void)atomic_add_return(a, 1);
}

static inline void atomic_dec(atomic_t *a)
{
	(void)atomic_add_return(a, -1);
}

/* Stores new if the value is old; returns the value seen. */
static inline int atomic_cmpxchg(atomic_t *a, int old, int new)
{
	__atomic_compare_exchange_n(&a->v, &old, new, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	return old;
}

/*
 * A reference count. Taking a reference on an object whose count already
 * reached zero, or dropping below zero, is a use-after-free in the making:
 * both panic (kernel/locking/atomic.c) rather than let the object be freed twice.
 */
typedef struct {
	atomic_t refs;
} refcount_t;

#define REFCOUNT_INIT(n)       \
	{                      \
		ATOMIC_INIT(n) \
	}

void refcount_bug(const refcount_t *r, const char *what);

static inline void refcount_set(refcount_t *r, int n)
{
	atomic_set(&r->refs, n);
}

static inline int refcount_read(const refcount_t *r)
{
	return atomic_read(&r->refs);
}

static inline void refcount_inc(refcount_t *r)
{
	int old = __atomic_fetch_add(&r->refs.v, 1, __ATOMIC_RELAXED);

	if (old <= 0)
		refcount_bug(r, "increment from zero");
}

/* Drops a reference; true when it was the last (the caller frees the object). */
static inline bool refcount_dec_and_test(refcount_t *r)
{
	/* Release: our writes to the object come before whoever frees it. */
	int old = __atomic_fetch_sub(&r->refs.v, 1, __ATOMIC_RELEASE);

	if (old <= 0)
		refcount_bug(r, "decrement below zero");
	if (old == 1) {
		__atomic_thread_fence(__ATOMIC_ACQUIRE); /* ...and the free after all of them */
		return true;
	}
	return false;
}

/*
 * Drops a reference unless it is the last: true when it did. The last
 * one is left for a caller that must first prepare for the free (take
 * the lock it runs under), then drop it with refcount_dec_and_test().
 */
static inline bool refcount_dec_not_one(refcount_t *r)
{
	int old = __atomic_load_n(&r->refs.v, __ATOMIC_RELAXED);

	while (old > 1)
		if (__atomic_compare_exchange_n(&r->refs.v, &old, old - 1, false, __ATOMIC_RELEASE,
						__ATOMIC_RELAXED))
			return true;
	if (old <= 0)
		refcount_bug(r, "decrement below zero");
	return false;
}

#endif

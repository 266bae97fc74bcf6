// SPDX-License-Identifier: MIT
/* Thread checks the shadow-stack programs share (test.h). */
#include "test.h"
#include <thread.h>

static bool pages_back(void *before)
{
	return free_pages() == (unsigned long)before;
}

/*
 * The waits' own path, once, before the count: false the first time (so
 * wait_until() sleeps once), with the same call to free_pages() as
 * pages_back(). The stack -- and the shadow stack -- pages the wait needs
 * are then in use before the count is taken, not taken by the wait itself
 * after it (two such pages, a stack's and a GCS's, looked like a leak).
 */
static bool warm_up_the_wait(void *calls)
{
	(void)free_pages();
	return ++*(int *)calls > 1;
}

int implicit_shadow_stacks_freed(int (*fn)(void *))
{
	unsigned long before = 0, after;
	struct thread t;
	int res;

	for (int i = 0; i < 9; i++) {
		if (i == 1) {
			int calls = 0;

			wait_until(warm_up_the_wait, &calls, "the wait's warm-up");
			before = free_pages(); /* round 0 was the warm-up */
		}
		EXPECT("thread_create", thread_create(&t, fn, (void *)(long)i, NULL), 0);
		thread_join(&t, &res);
		EXPECT("thread result (its shadow-stack pointer is set)", res, i + 1);
	}
	/*
	 * A joined thread has cleared its child TID and woken us, but on another
	 * CPU it may still be on its way out: its kernel stack is freed after its
	 * last switch (docs/DESIGN.md §7.2). Wait for the count to come back,
	 * bounded by HANG_MS only: a leak stays, and fails below.
	 */
	if (on_umbra())
		wait_until(pages_back, (void *)before, "the joined threads' pages");
	after = free_pages();
	note("free pages %lu before, %lu after 8 threads", before, after);
	EXPECT("shadow-stack areas after the joins", count_ss_areas(), 1);
	/* Linux's freeram moves on its own (page cache, per-CPU lists): Umbra's count is exact. */
	if (on_umbra())
		EXPECT("free pages", after, before);
	return 0;
}

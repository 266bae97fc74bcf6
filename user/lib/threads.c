// SPDX-License-Identifier: MIT
/* Thread checks the shadow-stack programs share (test.h). */
#include "test.h"
#include <thread.h>

int implicit_shadow_stacks_freed(int (*fn)(void *))
{
	unsigned long before = 0, after;
	struct thread t;
	int res;

	for (int i = 0; i < 9; i++) {
		if (i == 1)
			before = free_pages(); /* round 0 was the warm-up */
		EXPECT("thread_create", thread_create(&t, fn, (void *)(long)i, NULL), 0);
		thread_join(&t, &res);
		EXPECT("thread result (its shadow-stack pointer is set)", res, i + 1);
	}
	/*
	 * A joined thread has cleared its child TID and woken us, but on another
	 * CPU it may still be on its way out: its kernel stack is freed after its
	 * last switch (docs/DESIGN.md §7.2). Give it up to half a second; a leak stays.
	 */
	after = free_pages();
	for (int i = 0; i < 50 && on_umbra() && after != before; i++) {
		sleep_ms(10); /* sleep-ok: a bounded poll for the last switch */
		after = free_pages();
	}
	note("free pages %lu before, %lu after 8 threads", before, after);
	EXPECT("shadow-stack areas after the joins", count_ss_areas(), 1);
	/* Linux's freeram moves on its own (page cache, per-CPU lists): Umbra's count is exact. */
	if (on_umbra())
		EXPECT("free pages", after, before);
	return 0;
}

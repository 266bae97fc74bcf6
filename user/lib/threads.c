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
	after = free_pages();
	note("free pages %lu before, %lu after 8 threads", before, after);
	EXPECT("shadow-stack areas after the joins", count_ss_areas(), 1);
	/* Linux's freeram moves on its own (page cache, per-CPU lists): Umbra's count is exact. */
	if (on_umbra())
		EXPECT("free pages", after, before);
	return 0;
}

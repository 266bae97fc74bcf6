// SPDX-License-Identifier: MIT
/* Thread checks the shadow-stack programs share (test.h). */
#include "test.h"
#include <errno.h>
#include <sys/resource.h>
#include <thread.h>

/* n calls deep, each frame written: the stack and the shadow stack below here faulted in. */
static __attribute__((noipa)) long touch_deep(int n)
{
	volatile char frame[64];

	frame[0] = (char)n;
	return n ? touch_deep(n - 1) + frame[0] : 0;
}

/* The page faults the calling thread took so far (getrusage's RUSAGE_THREAD). */
static long own_faults(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_THREAD, &ru) ? -1 : ru.ru_minflt;
}

int implicit_shadow_stacks_freed(int (*fn)(void *))
{
	unsigned long before = 0, after;
	long faults = 0;
	struct thread t;
	int res;

	/*
	 * The caller is a fork's child, so its stack, shadow stack and data
	 * are its parent's pages until it writes them. A round that goes
	 * further than the warm-up did -- thread_join() sleeping in the futex
	 * where the warm-up found the thread gone, errno set where it was not
	 * -- would copy a page inside the count, one short without any leak
	 * (2 of 140 boots of the gcs program on qemu-arm64-gcs). So those are
	 * written first.
	 */
	errno = 0;
	touch_deep(1024);
	for (int i = 0; i < 9; i++) {
		if (i == 1) {
			before = free_pages(); /* round 0 was the warm-up */
			faults = own_faults();
		}
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
	note("free pages %lu before, %lu after 8 threads; this thread's own page faults between: "
	     "%ld",
	     before, after, own_faults() - faults);
	EXPECT("shadow-stack areas after the joins", count_ss_areas(), 1);
	/* Linux's freeram moves on its own (page cache, per-CPU lists): Umbra's count is exact. */
	if (on_umbra())
		EXPECT("free pages", after, before);
	return 0;
}

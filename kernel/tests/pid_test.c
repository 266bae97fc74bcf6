// SPDX-License-Identifier: MIT
/*
 * Self-tests of PID allocation (kernel/proc/pid.c): a namespace hands out every
 * number from 1 to PID_MAX - 1 exactly once, round robin, then -EAGAIN;
 * lookups find each pid; set_tid
 * takes a given number or says -EEXIST; and all of it gives back every
 * page. Each expects the exact number or errno named.
 */
#include <kernel/err.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <kernel/pid.h>
#include <uapi/linux/errno.h>

static struct pid *pids[PID_MAX];

/*
 * A top-level namespace of its own (no parent), so filling it leaves the
 * initial namespace's numbers alone. Its map comes with its first pid.
 */
static struct pid_ns test_ns = { .refs = REFCOUNT_INIT(1), .level = 0 };

/* Fills the namespace completely; frees everything before returning. */
KTEST(pid_namespace_fills_round_robin_then_eagain)
{
	size_t before = page_free_count();
	struct pid_ns *ns = &test_ns;
	bool in_order = true, found = true;
	int n = 0;

	/* An init, so set_tid may name numbers other than 1. */
	ns->reaper = (struct process *)&test_ns;
	for (n = 1; n < PID_MAX; n++) {
		pids[n] = pid_alloc(ns, NULL, 0);
		if (IS_ERR(pids[n]))
			break;
		in_order &= pid_nr_in(pids[n], ns) == n;
		found &= pid_find(ns, n) == pids[n];
	}
	KTEST_EXPECT_EQ(ctx, n, PID_MAX); /* every number once */
	KTEST_EXPECT(ctx, in_order);
	KTEST_EXPECT(ctx, found);

	struct pid *full = pid_alloc(ns, NULL, 0);

	KTEST_EXPECT_EQ(ctx, PTR_ERR(full), -EAGAIN);

	/* Two numbers free again: the next ones come round robin, wrapping past PID_MAX. */
	pid_put(pids[100]);
	pid_put(pids[7]);
	pids[100] = pid_alloc(ns, NULL, 0);
	pids[7] = pid_alloc(ns, NULL, 0);
	KTEST_EXPECT_EQ(ctx, pid_nr_in(pids[100], ns), 7);
	KTEST_EXPECT_EQ(ctx, pid_nr_in(pids[7], ns), 100);

	/* set_tid: a number in use is -EEXIST, a freed one is taken as asked. */
	int want = 5000;

	KTEST_EXPECT_EQ(ctx, PTR_ERR(pid_alloc(ns, &want, 1)), -EEXIST);
	pid_put(pids[want]);
	pids[want] = pid_alloc(ns, &want, 1);
	KTEST_EXPECT_EQ(ctx, pid_nr_in(pids[want], ns), want);
	KTEST_EXPECT(ctx, pid_find(ns, want) == pids[want]);

	for (int i = 1; i < PID_MAX; i++)
		pid_put(pids[i]);
	KTEST_EXPECT(ctx, pid_find(ns, 1) == NULL);
	KTEST_EXPECT_EQ(ctx, refcount_read(&ns->refs), 1);
	ns->reaper = NULL;
	kfree(ns->map);
	ns->map = NULL;
	KTEST_EXPECT_EQ(ctx, page_free_count(), before);
}

// SPDX-License-Identifier: MIT
/*
 * /bin/threads: thread_create/thread_join on clone3, futexes and TLS.
 *
 * Proves: 64 threads run concurrently and each computes its exact result;
 * threads share the pid but have their own tids; the kernel clears the
 * CLONE_CHILD_CLEARTID word at thread exit; TLS through the thread pointer
 * (FS base, TPIDR_EL0), and so errno, is per thread; FUTEX_WAIT fails with
 * EAGAIN on a changed value and with ETIMEDOUT after its timeout;
 * FUTEX_WAKE wakes sleepers and returns exactly how many it woke.
 */
#include "arch_test.h"
#include "test.h"
#include <errno.h>
#include <ktap.h>
#include <linux/futex.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <thread.h>
#include <time.h>
#include <unistd.h>

#define NTESTS 16
#define NTHREADS 64
#define RANGE 10000ULL
#define NWAITERS 4
#define MS (1000000LL)

struct worker {
	int index;
	uint64_t sum;
	pid_t tid, pid;
	bool tls_ok, errno_ok;
	struct thread *self;
};

static struct thread threads[NTHREADS];
static struct worker workers[NTHREADS];

static int worker_fn(void *p)
{
	struct worker *w = p;
	struct tcb *tcb = thread_self();

	w->tid = gettid();
	w->pid = getpid();
	tcb->user = (void *)(uintptr_t)(w->index + 1);
	errno = 1000 + w->index;
	for (uint64_t v = (uint64_t)w->index * RANGE; v < (uint64_t)(w->index + 1) * RANGE; v++) {
		w->sum += v;
		if (v % 2500 == 0)
			sched_yield(); /* let the others run in between */
	}
	w->tls_ok = thread_self()->user == (void *)(uintptr_t)(w->index + 1) &&
		    tcb == &w->self->tcb && arch_test_thread_pointer() == (unsigned long)tcb;
	w->errno_ok = errno == 1000 + w->index;
	return w->index * 3;
}

static void test_many_threads(void)
{
	bool created = true, sums = true, results = true, pids = true, tids = true, tls = true;
	bool errnos = true, cleared = true, settid = true;
	uint64_t total = 0, n = NTHREADS * RANGE;
	int result;

	for (int i = 0; i < NTHREADS; i++) {
		memset(&workers[i], 0, sizeof(workers[i]));
		workers[i].index = i;
		workers[i].self = &threads[i];
		if (thread_create(&threads[i], worker_fn, &workers[i], NULL) != 0) {
			created = false;
			ktap_print_msg("thread_create %d failed", i);
			break;
		}
	}
	for (int i = 0; i < NTHREADS && created; i++) {
		uint64_t lo = (uint64_t)i * RANGE, want = (lo + lo + RANGE - 1) * RANGE / 2;

		thread_join(&threads[i], &result);
		results &= result == i * 3;
		sums &= workers[i].sum == want;
		total += workers[i].sum;
		pids &= workers[i].pid == getpid();
		tids &= workers[i].tid != gettid() && workers[i].tid > 0;
		for (int j = 0; j < i; j++)
			tids &= workers[j].tid != workers[i].tid;
		settid &= threads[i].created_tid == workers[i].tid;
		cleared &= threads[i].tid == 0;
		tls &= workers[i].tls_ok;
		errnos &= workers[i].errno_ok;
	}
	ktap_ok(created, "create_64_threads");
	ktap_ok(created && sums, "each_thread_sum_exact");
	ktap_ok(created && total == n * (n - 1) / 2, "total_sum_exact");
	ktap_ok(created && results, "join_returns_thread_result");
	ktap_ok(created && pids, "getpid_same_in_all_threads");
	ktap_ok(created && tids, "gettid_distinct_per_thread");
	ktap_ok(created && settid, "parent_settid_is_thread_tid");
	ktap_ok(created && cleared, "child_cleartid_zeroed_at_exit");
	ktap_ok(created && tls, "%s", ARCH_TLS_CASE_NAME);
	ktap_ok(created && errnos, "errno_per_thread");
}

static int caller_stack_fn(void *p)
{
	/* Records where this thread's stack is, as an integer. */
	*(uintptr_t *)p = (uintptr_t)__builtin_frame_address(0);
	return 77;
}

static void test_caller_stack(void)
{
	size_t size = 32 * 1024;
	char *stack = malloc(size);
	uintptr_t where = 0;
	struct thread_attr attr = { .stack = stack, .stack_size = size };
	struct thread t;
	int result = 0;
	bool ok = stack && thread_create(&t, caller_stack_fn, &where, &attr) == 0;

	if (ok)
		thread_join(&t, &result);
	ktap_ok(ok && result == 77 && where > (uintptr_t)stack && where < (uintptr_t)stack + size,
		"thread_runs_on_caller_stack");
	free(stack);
}

static volatile uint32_t futex_word;
static volatile int ready;
static long wait_results[NWAITERS];

static int waiter_fn(void *p)
{
	long *out = p;

	__atomic_fetch_add(&ready, 1, __ATOMIC_SEQ_CST);
	*out = futex(&futex_word, FUTEX_WAIT, 0, NULL);
	return 0;
}

static void test_futex(void)
{
	struct timespec timeout = { 0, 20 * MS };
	struct thread t[NWAITERS];
	long long t0, t1;
	long woke1, woke_rest, woke_none;
	bool ok = true;

	futex_word = 1;
	errno = 0;
	ktap_ok(futex(&futex_word, FUTEX_WAIT, 0, NULL) == -1 && errno == EAGAIN,
		"futex_wait_wrong_value_eagain");
	errno = 0;
	ktap_ok(futex(&futex_word, FUTEX_WAIT_PRIVATE, 0, NULL) == -1 && errno == EAGAIN,
		"futex_wait_private_wrong_value_eagain");

	t0 = monotonic_ns();
	errno = 0;
	ok = futex(&futex_word, FUTEX_WAIT, 1, &timeout) == -1 && errno == ETIMEDOUT;
	t1 = monotonic_ns();
	ktap_ok(ok && t1 - t0 >= 20 * MS, "futex_wait_timeout_etimedout");

	ktap_ok(futex(&futex_word, FUTEX_WAKE, 10, NULL) == 0, "futex_wake_no_waiters_returns_0");

	futex_word = 0;
	ready = 0;
	ok = true;
	for (int i = 0; i < NWAITERS; i++) {
		wait_results[i] = -99;
		ok &= thread_create(&t[i], waiter_fn, &wait_results[i], NULL) == 0;
	}
	while (ok && __atomic_load_n(&ready, __ATOMIC_SEQ_CST) < NWAITERS)
		sched_yield();
	/* All of them in the kernel's wait: each sleeps (its only sleep is the futex wait). */
	for (int i = 0; ok && i < NWAITERS; i++)
		ok &= wait_sleeping(t[i].created_tid);
	woke1 = futex(&futex_word, FUTEX_WAKE, 1, NULL);
	woke_rest = futex(&futex_word, FUTEX_WAKE, 0x7fffffff, NULL);
	woke_none = futex(&futex_word, FUTEX_WAKE, 0x7fffffff, NULL);
	for (int i = 0; ok && i < NWAITERS; i++)
		thread_join(&t[i], NULL);
	ktap_print_msg("FUTEX_WAKE returned %ld, %ld, %ld", woke1, woke_rest, woke_none);
	for (int i = 0; i < NWAITERS; i++)
		ok &= wait_results[i] == 0;
	ktap_ok(ok && woke1 == 1 && woke_rest == NWAITERS - 1 && woke_none == 0,
		"futex_wake_returns_number_woken");
}

int main(void)
{
	ktap_header();
	ktap_plan(NTESTS);
	test_many_threads();
	test_caller_stack();
	test_futex();
	return ktap_finish();
}

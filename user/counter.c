// SPDX-License-Identifier: MIT
/*
 * /bin/counter: the CPU counter user space reads without a system call
 * (counter.h: RDTSC on x86_64, CNTVCT_EL0 on arm64), which /bin/bench
 * times everything with.
 *
 * Proves: a user program reads the counter (arm64: the kernel opened
 * CNTVCT_EL0 to EL0 -- before, the read trapped and killed the reader with
 * SIGILL); it advances across a 10 ms sleep; where the architecture gives
 * the rate (CNTFRQ_EL0), the ticks counted over a 200 ms sleep are at least
 * the nanoseconds CLOCK_MONOTONIC saw, less two of the clock's resolution
 * (what clock_getres says) and one counter tick; and a counter that
 * stays closed (arm64: CNTPCT_EL0, as on Linux) kills its reader with
 * SIGILL. Every read runs in a child, so a trap is a failed case, not a
 * lost suite.
 */
#include "counter.h"
#include <ktap.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NS_PER_SEC 1000000000ull
#define SLEEP_NS 10000000ll	  /* 10 ms */
#define RATE_SLEEP_NS 200000000ll /* 200 ms: two resolutions of slack are 10 % of it */

/* Exit statuses of the children. */
enum { CHILD_OK = 0, CHILD_NOT_ADVANCING = 1, CHILD_TOO_SLOW = 2, CHILD_NO_FREQ = 3 };

static void sleep_ns(long long ns)
{
	struct timespec ts = { 0, ns };

	nanosleep(&ts, NULL);
}

/* Runs body() in a child; its wait status, or -1 when fork or wait failed. */
static int in_child(int (*body)(void))
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(body());
	if (pid < 0 || wait4(pid, &status, 0, NULL) != pid)
		return -1;
	return status;
}

/* ok when the child exited 0; otherwise says how it ended. */
static void report(int status, const char *name)
{
	bool ok = status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == CHILD_OK;

	if (status >= 0 && WIFSIGNALED(status))
		ktap_print_msg("%s: the reader was killed by signal %d", name, WTERMSIG(status));
	else if (!ok)
		ktap_print_msg("%s: the reader exited with status %#x", name, (unsigned int)status);
	ktap_ok(ok, "%s", name);
}

static int body_read(void)
{
	volatile uint64_t v = counter_read();

	(void)v;
	return CHILD_OK;
}

static int body_advances(void)
{
	uint64_t c0 = counter_read();

	sleep_ns(SLEEP_NS);
	return counter_read() > c0 ? CHILD_OK : CHILD_NOT_ADVANCING;
}

/* The counter interval encloses the clock interval: c0, t0, sleep, t1, c1. */
static int body_rate(void)
{
	uint64_t freq = counter_freq();

	if (freq == 0)
		return CHILD_NO_FREQ;

	uint64_t c0 = counter_read();
	int64_t t0 = monotonic_ns();

	sleep_ns(RATE_SLEEP_NS);

	int64_t t1 = monotonic_ns();
	uint64_t c1 = counter_read();
	uint64_t counted_ns = (c1 - c0) / freq * NS_PER_SEC + (c1 - c0) % freq * NS_PER_SEC / freq;

	/*
	 * A reading of a tick-counting clock (Umbra's) is late by less than its
	 * resolution, and by as much again while the tick's interrupt waits to
	 * be taken -- a tick less than one interval late is made up at once
	 * (arch/arm64/timer.c), so t0 may be late by that and t1 not; on an
	 * emulator sharing its host that wait is real (this case failed once in
	 * about 20 boots of four emulators on two host cores with one
	 * resolution of slack). Each counted nanosecond is short by less than
	 * one counter tick (rounded up here).
	 */
	struct timespec res;

	if (t0 < 0 || t1 < t0 || clock_getres(CLOCK_MONOTONIC, &res) != 0)
		return CHILD_TOO_SLOW;

	uint64_t slack = 2 * ((uint64_t)res.tv_sec * NS_PER_SEC + (uint64_t)res.tv_nsec) +
			 (NS_PER_SEC + freq - 1) / freq;

	return counted_ns + slack >= (uint64_t)(t1 - t0) ? CHILD_OK : CHILD_TOO_SLOW;
}

static int body_forbidden(void)
{
	volatile uint64_t v = counter_read_forbidden();

	(void)v;
	return CHILD_OK; /* survived: the counter is open after all */
}

int main(void)
{
	bool forbidden = COUNTER_FORBIDDEN_CASE != NULL;
	bool has_rate = COUNTER_HAS_RATE;
	int status;

	ktap_header();
	ktap_plan(2 + has_rate + forbidden);
	report(in_child(body_read), "counter_readable_in_user_mode");
	report(in_child(body_advances), "counter_advances_across_nanosleep");
	if (has_rate)
		report(in_child(body_rate), "counter_rate_matches_clock_monotonic");
	if (forbidden) {
		status = in_child(body_forbidden);
		if (!(status >= 0 && WIFSIGNALED(status)))
			ktap_print_msg("the reader was not killed (status %#x)",
				       (unsigned int)status);
		ktap_ok(status >= 0 && WIFSIGNALED(status) && WTERMSIG(status) == SIGILL, "%s",
			COUNTER_FORBIDDEN_CASE);
	}
	return ktap_finish();
}

// SPDX-License-Identifier: MIT
/*
 * /bin/time: the clocks, CPU-time accounting and interval timers as Linux
 * keeps them.
 *
 * Proves: the wall clock comes from the hardware clock and time(),
 * gettimeofday() and CLOCK_REALTIME agree; settimeofday() and
 * clock_settime(CLOCK_REALTIME) move it, with Linux's errnos (a time
 * before boot, a bad nanosecond or microsecond count, a time zone past
 * 15 hours, a clock that cannot be set, a CPU clock: EPERM); clock_getres
 * answers for every clock and refuses the ids that name none;
 * CLOCK_MONOTONIC never goes back, read on every CPU and by a thread
 * moving between them; the CPU clocks (CLOCK_THREAD_CPUTIME_ID,
 * CLOCK_PROCESS_CPUTIME_ID, a child's through clock_getcpuclockid, a
 * thread's by its encoded TID) advance while their owner runs and stand
 * still while it sleeps; times(), getrusage(SELF, THREAD, CHILDREN) and
 * wait4's rusage count user time, page faults and voluntary switches, a
 * child's only once it is reaped, and ru_maxrss keeps the most resident
 * memory (through munmap, exec and reaped grandchildren); alarm() and setitimer() fire once and
 * periodically with SIGALRM, SIGVTALRM (user time only) and SIGPROF, with
 * si_code SI_KERNEL; getitimer() says the time left; a fork's child has no
 * interval timer and an exec keeps it.
 *
 * Each kernel's own clock resolution is asserted (docs/TEST-LINUX.md): Umbra's
 * clocks move in ticks of 1/HZ s, Linux's high-resolution ones by 1 ns.
 */
#include "sig_arch.h"
#include "time_cases.h"
#include <errno.h>
#include <fcntl.h>
#include <ktap.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <test.h>
#include <thread.h>
#include <time.h>
#include <unistd.h>

#define MS 1000000LL
#define SEC 1000000000LL
#define BAD_PTR ((void *)8) /* in the unmapped page 0 */
#define EXEC_CHECK_ITIMER "--itimer-kept"
#define EXEC_CHECK_MAXRSS "--maxrss-kept"
#define YEAR_2020 1577836800L
#define MAX_CPUS 64
/* A spin whose clock never reaches its mark is a hang: it gives up after HANG_MS. */
#define SPIN_LIMIT_NS (HANG_MS * MS)

const char *time_self_path;

static long long clock_ns(clockid_t clk)
{
	struct timespec ts;

	if (clock_gettime(clk, &ts) < 0)
		return -1;
	return ts.tv_sec * SEC + ts.tv_nsec;
}

/*
 * Spins until clk advanced by ns (or SPIN_LIMIT_NS of wall time passed),
 * in user mode: clk is read (for a CPU clock a system call, system time)
 * only between runs of a plain loop, and each run is made to last 10 ms
 * or more of CLOCK_MONOTONIC (read in the vDSO, user time), so
 * the reads stay a small part of what passes on a machine of any speed.
 * A fixed count of iterations did not: on Debian's Linux under QEMU's TCG,
 * whose system calls are slow next to its loops, a fifth of the spin was
 * system time, and Linux's split of CPU time between user and system
 * (cputime_adjust: the tick's samples scaled to the precise total)
 * showed it.
 */
#define SPIN_RUN_NS (10 * MS)
/* The iterations of one run, doubled until a run lasts SPIN_RUN_NS. */
static unsigned long spin_run = 20000;

long long spin_cpu(clockid_t clk, long long ns)
{
	long long start = clock_ns(clk), wall = monotonic_ns(), now = start, run;

	while (now - start < ns && monotonic_ns() - wall < SPIN_LIMIT_NS) {
		run = monotonic_ns();
		for (volatile unsigned long i = 0; i < spin_run; i++)
			;
		if (monotonic_ns() - run < SPIN_RUN_NS && spin_run < (1ul << 30))
			spin_run *= 2;
		now = clock_ns(clk);
	}
	return now - start;
}

/* ---- signals ---- */

static volatile int signals_seen[65];
static volatile int last_code;

static void h_count(int sig, struct user_siginfo *info, void *uc)
{
	(void)uc;
	signals_seen[sig]++;
	last_code = info->si_code;
}

long set_handler(int sig, void (*fn)(int, struct user_siginfo *, void *), bool restorer)
{
	struct kernel_sigaction a = { (unsigned long)fn, SA_SIGINFO | SA_RESTART, 0, 0 };

	if (restorer) {
		a.sa_flags |= SA_RESTORER;
		a.sa_restorer = (unsigned long)sig_restorer;
	}
	return syscall4(__NR_rt_sigaction, sig, (long)&a, 0, 8);
}

static long on_signal(int sig)
{
	struct kernel_sigaction a = { (unsigned long)h_count, SA_SIGINFO | SA_RESTORER | SA_RESTART,
				      (unsigned long)sig_restorer, 0 };

	signals_seen[sig] = 0;
	return syscall4(__NR_rt_sigaction, sig, (long)&a, 0, 8);
}

struct signal_count {
	int sig, n;
};

static bool signals_reached(void *arg)
{
	const struct signal_count *want = arg;

	return signals_seen[want->sig] >= want->n;
}

/* Until sig was seen n times; bounded only to turn a hang into a failure (HANG_MS). */
static bool wait_signals(int sig, int n)
{
	struct signal_count want = { sig, n };

	return wait_until(signals_reached, &want, "the timer's signals");
}

/* ---- the wall clock ---- */

static int body_wall_clock(void)
{
	struct timeval tv;
	long long rt = clock_ns(CLOCK_REALTIME);
	time_t t = time(NULL), stored = 0;

	EXPECT("gettimeofday", gettimeofday(&tv, NULL), 0);
	EXPECT_TRUE("the hardware clock says a time after 2020", t >= YEAR_2020);
	/*
	 * time() may be a second behind: Linux answers it from the clock as of
	 * the last tick (ktime_get_real_seconds(), the vDSO's coarse base), not
	 * read through as CLOCK_REALTIME is, so across a second's edge it lags.
	 */
	EXPECT_TRUE("time() and CLOCK_REALTIME within a second",
		    t - rt / SEC <= 1 && rt / SEC - t <= 1);
	EXPECT_TRUE("gettimeofday and time() within a second",
		    tv.tv_sec - t <= 1 && tv.tv_sec >= t);
	EXPECT_TRUE("tv_usec in range", tv.tv_usec >= 0 && tv.tv_usec < 1000000);
	EXPECT("time(&t) stores", time(&stored) >= t && stored >= t, 1);
#ifdef __NR_time /* x86_64's system call; arm64's time() is libc's, over clock_gettime */
	EXPECT_TRUE("time(bad) EFAULT", fails_with(syscall(__NR_time, BAD_PTR), EFAULT));
#endif
	/* The system call: libc's gettimeofday() goes through the vDSO, which faults as Linux's. */
	EXPECT_TRUE("gettimeofday(bad) EFAULT",
		    fails_with(syscall(__NR_gettimeofday, BAD_PTR, NULL), EFAULT));
	return 0;
}

/* Puts CLOCK_REALTIME back at saved_rt plus the time since saved_mono. */
void restore_realtime(long long saved_rt, long long saved_mono)
{
	long long ns = saved_rt + (monotonic_ns() - saved_mono);
	struct timespec ts = { ns / SEC, ns % SEC };

	if (clock_settime(CLOCK_REALTIME, &ts) < 0)
		note("restoring CLOCK_REALTIME: errno %d", errno);
}

#define SET_TO (2000000000L) /* 2033-05-18 */

static int body_set_realtime(void)
{
	long long rt0 = clock_ns(CLOCK_REALTIME), mono0 = monotonic_ns(), got;
	struct timespec ts = { SET_TO, 500 * MS };
	struct timeval tv = { SET_TO + 100, 250000 };
	struct timezone tz = { 0, 0 };
	int err = 0;

	/* The first settimeofday of a boot carries a time: Linux warps the clock for a zone-only one. */
	if (settimeofday(&tv, &tz) < 0)
		err = 1;
	got = clock_ns(CLOCK_REALTIME);
	if (!err && (got < (SET_TO + 100) * SEC + 250 * 1000000LL || got > (SET_TO + 101) * SEC)) {
		note("after settimeofday: %lld ns", got);
		err = 2;
	}
	if (!err && clock_settime(CLOCK_REALTIME, &ts) < 0)
		err = 3;
	got = clock_ns(CLOCK_REALTIME);
	if (!err && (got < SET_TO * SEC + 500 * MS || got > (SET_TO + 1) * SEC + 500 * MS)) {
		note("after clock_settime: %lld ns", got);
		err = 4;
	}
	if (!err && (time(NULL) < SET_TO || time(NULL) > SET_TO + 1))
		err = 5;
	restore_realtime(rt0, mono0);
	if (err)
		note("step %d failed (errno %d)", err, errno);
	EXPECT("setting and reading back", err, 0);
	got = clock_ns(CLOCK_REALTIME);
	EXPECT_TRUE("restored", got >= rt0 && got - rt0 < 10 * SEC);
	return 0;
}

static int body_set_realtime_errnos(void)
{
	long long rt0 = clock_ns(CLOCK_REALTIME), mono0 = monotonic_ns();
	struct timespec ts = { SET_TO, 0 };
	struct timeval tv = { SET_TO, 0 };
	struct timezone tz = { 15 * 60 + 1, 0 };

	ts.tv_nsec = SEC;
	EXPECT_TRUE("tv_nsec 1e9", fails_with(clock_settime(CLOCK_REALTIME, &ts), EINVAL));
	ts.tv_nsec = -1;
	EXPECT_TRUE("tv_nsec -1", fails_with(clock_settime(CLOCK_REALTIME, &ts), EINVAL));
	ts = (struct timespec){ -1, 0 };
	EXPECT_TRUE("tv_sec -1", fails_with(clock_settime(CLOCK_REALTIME, &ts), EINVAL));
	ts = (struct timespec){ 0, 0 };
	EXPECT_TRUE("the epoch: before boot",
		    fails_with(clock_settime(CLOCK_REALTIME, &ts), EINVAL));
	ts = (struct timespec){ 9000000000L, 0 };
	EXPECT_TRUE("past TIME_SETTOD_SEC_MAX",
		    fails_with(clock_settime(CLOCK_REALTIME, &ts), EINVAL));
	ts = (struct timespec){ SET_TO, 0 };
	EXPECT_TRUE("bad pointer", fails_with(clock_settime(CLOCK_REALTIME, BAD_PTR), EFAULT));
	EXPECT_TRUE("CLOCK_MONOTONIC", fails_with(clock_settime(CLOCK_MONOTONIC, &ts), EINVAL));
	EXPECT_TRUE("CLOCK_BOOTTIME", fails_with(clock_settime(CLOCK_BOOTTIME, &ts), EINVAL));
	EXPECT_TRUE("clock 10", fails_with(clock_settime(10, &ts), EINVAL));
	/* The two CPU clocks by name cannot be set at all; by encoded ID they say EPERM. */
	EXPECT_TRUE("CLOCK_PROCESS_CPUTIME_ID",
		    fails_with(clock_settime(CLOCK_PROCESS_CPUTIME_ID, &ts), EINVAL));
	EXPECT_TRUE("CLOCK_THREAD_CPUTIME_ID",
		    fails_with(clock_settime(CLOCK_THREAD_CPUTIME_ID, &ts), EINVAL));
	EXPECT_TRUE("this thread's CPU clock by ID: EPERM",
		    fails_with(clock_settime(MAKE_THREAD_CPUCLOCK(0, CPUCLOCK_SCHED), &ts), EPERM));
	tv.tv_usec = 1000001;
	EXPECT_TRUE("tv_usec 1000001", fails_with(settimeofday(&tv, NULL), EINVAL));
	tv.tv_usec = 1000000;
	EXPECT_TRUE("tv_usec 1000000", fails_with(settimeofday(&tv, NULL), EINVAL));
	tv.tv_usec = -1;
	EXPECT_TRUE("tv_usec -1", fails_with(settimeofday(&tv, NULL), EINVAL));
	tv.tv_usec = 0;
	EXPECT_TRUE("tv bad pointer", fails_with(settimeofday(BAD_PTR, NULL), EFAULT));
	EXPECT_TRUE("tz bad pointer", fails_with(settimeofday(&tv, BAD_PTR), EFAULT));
	EXPECT_TRUE("tz minuteswest 901", fails_with(settimeofday(&tv, &tz), EINVAL));
	tz.tz_minuteswest = -15 * 60 - 1;
	EXPECT_TRUE("tz minuteswest -901", fails_with(settimeofday(&tv, &tz), EINVAL));
	EXPECT_TRUE("no change", clock_ns(CLOCK_REALTIME) - rt0 < 10 * SEC);
	/* Neither pointer: nothing to do, 0. */
	EXPECT("settimeofday(NULL, NULL)", settimeofday(NULL, NULL), 0);
	restore_realtime(rt0, mono0);
	return 0;
}

/* settimeofday's zone comes back from gettimeofday (and the clock stays). */
static int body_timezone(void)
{
	long long rt0 = clock_ns(CLOCK_REALTIME);
	struct timezone set = { -60, 0 }, got = { 1, 1 }, zero = { 0, 0 };
	struct timeval tv;

	EXPECT("settimeofday(NULL, tz)", settimeofday(NULL, &set), 0);
	EXPECT("gettimeofday(NULL, tz)", gettimeofday(NULL, &got), 0);
	EXPECT("tz_minuteswest", got.tz_minuteswest, -60);
	EXPECT("tz_dsttime", got.tz_dsttime, 0);
	EXPECT("back to UTC", settimeofday(NULL, &zero), 0);
	EXPECT("gettimeofday", gettimeofday(&tv, &got), 0);
	EXPECT("tz_minuteswest", got.tz_minuteswest, 0);
	EXPECT_TRUE("the clock did not move", tv.tv_sec - rt0 / SEC <= 1 && tv.tv_sec >= rt0 / SEC);
	EXPECT_TRUE("gettimeofday(NULL, bad) EFAULT",
		    fails_with(syscall(__NR_gettimeofday, NULL, BAD_PTR), EFAULT));
	return 0;
}

/* ---- resolutions ---- */

static long long res_ns(clockid_t clk)
{
	struct timespec ts;

	if (clock_getres(clk, &ts) < 0)
		return -errno;
	return ts.tv_sec * SEC + ts.tv_nsec;
}

static int body_getres(void)
{
	static const clockid_t hres[] = {
		CLOCK_REALTIME, CLOCK_MONOTONIC,	  CLOCK_MONOTONIC_RAW,	  CLOCK_BOOTTIME,
		CLOCK_TAI,	CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID
	};
	long long tick = res_ns(CLOCK_MONOTONIC_COARSE);
	bool umbra = on_umbra();

	/* The tick: 1/HZ s, HZ one of Linux's choices (Umbra: 100). */
	EXPECT_TRUE("a coarse clock moves by the tick", tick == SEC / 100 || tick == SEC / 250 ||
								tick == SEC / 300 ||
								tick == SEC / 1000);
	if (umbra)
		EXPECT("Umbra's tick", tick, SEC / 100);
	EXPECT("CLOCK_REALTIME_COARSE", res_ns(CLOCK_REALTIME_COARSE), tick);
	for (unsigned int i = 0; i < sizeof(hres) / sizeof(hres[0]); i++) {
		long long r = res_ns(hres[i]);

		if (r != (umbra ? tick : 1)) {
			note("clock %d: resolution %lld ns", hres[i], r);
			return FAIL_CODE;
		}
	}
	/* The tick-sampled CPU clocks: user + system, and user time. */
	EXPECT("PROF clock of this process", res_ns(MAKE_PROCESS_CPUCLOCK(0, CPUCLOCK_PROF)), tick);
	EXPECT("VIRT clock of this thread", res_ns(MAKE_THREAD_CPUCLOCK(0, CPUCLOCK_VIRT)), tick);
	EXPECT("NULL res", clock_getres(CLOCK_MONOTONIC, NULL), 0);
	return 0;
}

static int body_getres_errnos(void)
{
	struct timespec ts;

	EXPECT_TRUE("clock 10 (none)", fails_with(clock_getres(10, &ts), EINVAL));
	EXPECT_TRUE("clock 12", fails_with(clock_getres(12, &ts), EINVAL));
	EXPECT_TRUE("clock 12345", fails_with(clock_getres(12345, &ts), EINVAL));
	/* CPUCLOCK_WHICH 3 of a thread: no such CPU clock. */
	EXPECT_TRUE("CPU clock kind 3",
		    fails_with(clock_getres(MAKE_THREAD_CPUCLOCK(0, 3), &ts), EINVAL));
	/* Low bits 3 (CLOCKFD): the clock device of fd 999, not open. */
	EXPECT_TRUE("clock of fd 999",
		    fails_with(clock_getres((int)((unsigned int)~999 << 3) | CLOCKFD, &ts),
			       EINVAL));
	EXPECT_TRUE("process clock of a free PID",
		    fails_with(clock_getres(MAKE_PROCESS_CPUCLOCK(4000000, CPUCLOCK_SCHED), &ts),
			       EINVAL));
	EXPECT_TRUE("bad pointer", fails_with(clock_getres(CLOCK_MONOTONIC, BAD_PTR), EFAULT));
	return 0;
}

static long sleep_on(clockid_t clk)
{
	struct timespec ms = { 0, MS };

	return syscall(__NR_clock_nanosleep, clk, 0, &ms, NULL);
}

/* Which clocks clock_nanosleep sleeps on: the ones without a sleep say EOPNOTSUPP. */
static int body_nanosleep_clocks(void)
{
	EXPECT("CLOCK_REALTIME", sleep_on(CLOCK_REALTIME), 0);
	EXPECT("CLOCK_BOOTTIME", sleep_on(CLOCK_BOOTTIME), 0);
	EXPECT("CLOCK_TAI", sleep_on(CLOCK_TAI), 0);
	EXPECT_TRUE("CLOCK_MONOTONIC_RAW", fails_with(sleep_on(CLOCK_MONOTONIC_RAW), EOPNOTSUPP));
	EXPECT_TRUE("CLOCK_MONOTONIC_COARSE",
		    fails_with(sleep_on(CLOCK_MONOTONIC_COARSE), EOPNOTSUPP));
	EXPECT_TRUE("CLOCK_REALTIME_COARSE",
		    fails_with(sleep_on(CLOCK_REALTIME_COARSE), EOPNOTSUPP));
	EXPECT_TRUE("CLOCK_THREAD_CPUTIME_ID",
		    fails_with(sleep_on(CLOCK_THREAD_CPUTIME_ID), EOPNOTSUPP));
	EXPECT_TRUE("clock 10", fails_with(sleep_on(10), EINVAL));
	return 0;
}

/* ---- monotonic across CPUs ---- */

static volatile long long highest_seen;
static volatile int clock_went_back;
static int cpu_ids[MAX_CPUS], ncpus;

static long set_affinity(long tid, int cpu)
{
	unsigned long mask[MAX_CPUS / 64] = { 0 };

	mask[cpu / 64] = 1ul << (cpu % 64);
	return syscall3(__NR_sched_setaffinity, tid, sizeof(mask), (long)mask);
}

static void find_cpus(void)
{
	unsigned long mask[MAX_CPUS / 64] = { 0 };

	ncpus = 0;
	if (syscall3(__NR_sched_getaffinity, 0, sizeof(mask), (long)mask) < 0)
		return;
	for (int c = 0; c < MAX_CPUS; c++)
		if (mask[c / 64] & (1ul << (c % 64)))
			cpu_ids[ncpus++] = c;
}

/* A reading must not be below any reading published before it was taken. */
static void read_and_publish(void)
{
	long long before = highest_seen, now = monotonic_ns(), seen;

	if (now < before)
		clock_went_back = 1;
	while ((seen = highest_seen) < now)
		__atomic_compare_exchange_n(&highest_seen, &seen, now, false, __ATOMIC_SEQ_CST,
					    __ATOMIC_SEQ_CST);
}

#define READINGS 300

static int pinned_reader(void *arg)
{
	int cpu = (int)(long)arg;

	if (set_affinity(0, cpu) < 0)
		return 2;
	for (int i = 0; i < READINGS; i++)
		read_and_publish();
	return 0;
}

static int migrating_reader(void *arg)
{
	(void)arg;
	for (int i = 0; i < 4 * ncpus; i++) {
		if (set_affinity(0, cpu_ids[i % ncpus]) < 0)
			return 2;
		for (int j = 0; j < 20; j++)
			read_and_publish();
	}
	return 0;
}

static int body_monotonic_across_cpus(void)
{
	struct thread t[MAX_CPUS + 1];
	int result;

	find_cpus();
	EXPECT_TRUE("sched_getaffinity", ncpus > 0);
	highest_seen = 0;
	clock_went_back = 0;
	for (int i = 0; i < ncpus; i++)
		EXPECT("thread_create",
		       thread_create(&t[i], pinned_reader, (void *)(long)cpu_ids[i], NULL), 0);
	EXPECT("thread_create", thread_create(&t[ncpus], migrating_reader, NULL, NULL), 0);
	for (int i = 0; i <= ncpus; i++) {
		thread_join(&t[i], &result);
		EXPECT("a reader's result", result, 0);
	}
	EXPECT("CLOCK_MONOTONIC went back", clock_went_back, 0);
	return 0;
}

/* ---- CPU clocks ---- */

static int body_thread_clock_runs_only_while_running(void)
{
	long long spun = spin_cpu(CLOCK_THREAD_CPUTIME_ID, 50 * MS), c0, c1, w0, w1;

	EXPECT_TRUE("CLOCK_THREAD_CPUTIME_ID advanced 50 ms while spinning", spun >= 50 * MS);
	c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	w0 = monotonic_ns();
	sleep_ms(100); /* sleep-ok: the subject, a sleep the CPU clock must not count */
	c1 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	w1 = monotonic_ns();
	if (c1 - c0 >= 50 * MS) { /* a tick may land around the sleep, never half of it */
		note("asleep %lld ms, the CPU clock advanced %lld ms", (w1 - w0) / MS,
		     (c1 - c0) / MS);
		return FAIL_CODE;
	}
	/* CPU time is bounded by the time that passed: spin and compare both clocks. */
	c0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	w0 = monotonic_ns();
	spin_cpu(CLOCK_PROCESS_CPUTIME_ID, 30 * MS);
	c1 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	w1 = monotonic_ns();
	if (c1 - c0 > w1 - w0 + res_ns(CLOCK_MONOTONIC_COARSE))
		note("CPU %lld us in %lld us of wall time", (c1 - c0) / 1000, (w1 - w0) / 1000);
	EXPECT_TRUE("process CPU time within the wall time (plus a tick)",
		    c1 - c0 <= w1 - w0 + res_ns(CLOCK_MONOTONIC_COARSE));
	c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	EXPECT_TRUE("process clock >= thread clock", clock_ns(CLOCK_PROCESS_CPUTIME_ID) >= c0);
	return 0;
}

static int spin_forever(void)
{
	spin_cpu(CLOCK_THREAD_CPUTIME_ID, 60 * SEC);
	return 0;
}

struct clock_mark {
	clockid_t clk;
	long long from;
};

static bool clock_passed(void *arg)
{
	const struct clock_mark *m = arg;

	return clock_ns(m->clk) > m->from;
}

/* A child's process clock, by clock_getcpuclockid; a thread's by its TID. */
static int body_pid_clocks(void)
{
	clockid_t clk;
	struct timespec ts;
	pid_t child = fork(), tid = gettid();
	long long c0, c1;
	int status, err = 0;

	if (child == 0)
		_exit(spin_forever());
	EXPECT_TRUE("fork", child > 0);
	if (clock_getcpuclockid(child, &clk) != 0)
		err = 1;
	else if (clk != MAKE_PROCESS_CPUCLOCK(child, CPUCLOCK_SCHED))
		err = 2;
	else {
		struct clock_mark mark = { clk, clock_ns(clk) };

		/* The spinning child's clock moves on, on one CPU while we wait. */
		if (mark.from < 0 || !wait_until(clock_passed, &mark, "the child's CPU clock"))
			err = 3;
	}
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	if (err)
		note("step %d failed", err);
	EXPECT("the child's CPU clock", err, 0);
	/* Reaped: the PID names nothing. */
	EXPECT_TRUE("a reaped child's clock", fails_with(clock_gettime(clk, &ts), EINVAL));
	EXPECT("clock_getcpuclockid of a reaped child", clock_getcpuclockid(child, &clk), ESRCH);
	/* Our own thread by TID; our TID also names our process when read. */
	spin_cpu(CLOCK_THREAD_CPUTIME_ID, 20 * MS);
	c0 = clock_ns(MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED));
	c1 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	EXPECT_TRUE("thread clock by TID", c0 >= 20 * MS && c0 <= c1);
	EXPECT_TRUE("VIRT <= PROF", clock_ns(MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_VIRT)) <=
					    clock_ns(MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_PROF)));
	EXPECT_TRUE("process clock by PID",
		    clock_ns(MAKE_PROCESS_CPUCLOCK(getpid(), CPUCLOCK_SCHED)) >= c0);
	/* Init's thread is in another process. */
	EXPECT_TRUE("another process's thread",
		    fails_with(clock_gettime(MAKE_THREAD_CPUCLOCK(1, CPUCLOCK_SCHED), &ts),
			       EINVAL));
	EXPECT_TRUE("clock_settime of a CPU clock by PID",
		    fails_with(clock_settime(MAKE_PROCESS_CPUCLOCK(getpid(), CPUCLOCK_SCHED), &ts),
			       EPERM));
	return 0;
}

/* ---- times and getrusage ---- */

static long long tv_ns(const struct timeval *tv)
{
	return tv->tv_sec * SEC + tv->tv_usec * 1000LL;
}

/*
 * The CPU time an rusage (or the difference of two) says a user-mode spin
 * used. Umbra charges each tick to user or system time by where it finds
 * the thread, and the spin's ticks find it in user mode: its user time.
 * Linux gives the precise total (the scheduler's runtime) split in the
 * proportion of its tick samples (cputime_adjust(): stime + utime ==
 * rtime), and under an emulator fewer of those samples land in user mode
 * than the spin spent there (docs/TEST-LINUX.md): user plus system time.
 */
static long long spin_time(const struct rusage *ru, const struct rusage *before)
{
	long long user = tv_ns(&ru->ru_utime) - (before ? tv_ns(&before->ru_utime) : 0);
	long long sys = tv_ns(&ru->ru_stime) - (before ? tv_ns(&before->ru_stime) : 0);

	return on_umbra() ? user : user + sys;
}

static int body_rusage_self(void)
{
	struct rusage self0, self1, thr;
	struct tms tms;
	char *pages;
	clock_t now;

	EXPECT("getrusage", getrusage(RUSAGE_SELF, &self0), 0);
	spin_cpu(CLOCK_THREAD_CPUTIME_ID, 50 * MS);
	pages = mmap(NULL, 16 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	EXPECT_TRUE("mmap", pages != MAP_FAILED);
	for (int i = 0; i < 16; i++)
		pages[i * PAGE] = 1;
	sleep_ms(20); /* sleep-ok: the subject, a voluntary switch for ru_nvcsw */
	EXPECT("getrusage", getrusage(RUSAGE_SELF, &self1), 0);
	munmap(pages, 16 * PAGE);
	if (spin_time(&self1, &self0) < 40 * MS)
		note("user %lld us, system %lld us",
		     (tv_ns(&self1.ru_utime) - tv_ns(&self0.ru_utime)) / 1000,
		     (tv_ns(&self1.ru_stime) - tv_ns(&self0.ru_stime)) / 1000);
	EXPECT_TRUE("ru_utime advanced by the spin (Linux: with ru_stime)",
		    spin_time(&self1, &self0) >= 40 * MS);
	EXPECT_TRUE("some of it user time", tv_ns(&self1.ru_utime) > tv_ns(&self0.ru_utime));
	EXPECT_TRUE("ru_minflt counted 16 new pages", self1.ru_minflt - self0.ru_minflt >= 16);
	EXPECT_TRUE("ru_nvcsw counted the sleep", self1.ru_nvcsw > self0.ru_nvcsw);
	EXPECT_TRUE("ru_utime usec in range",
		    self1.ru_utime.tv_usec >= 0 && self1.ru_utime.tv_usec < 1000000);
	EXPECT("getrusage(RUSAGE_THREAD)", getrusage(RUSAGE_THREAD, &thr), 0);
	EXPECT_TRUE("a thread's time within its process's",
		    tv_ns(&thr.ru_utime) <= tv_ns(&self1.ru_utime) + 20 * MS);
	now = times(&tms);
	EXPECT_TRUE("times()'s ticks", now > 0);
	EXPECT_TRUE("tms_utime in 1/100 s",
		    tms.tms_utime * 10 * MS >= tv_ns(&self1.ru_utime) - 20 * MS);
	EXPECT_TRUE("getrusage(2) EINVAL", fails_with(getrusage(2, &thr), EINVAL));
	EXPECT_TRUE("getrusage(-2) EINVAL", fails_with(getrusage(-2, &thr), EINVAL));
	EXPECT_TRUE("getrusage(bad) EFAULT", fails_with(getrusage(RUSAGE_SELF, BAD_PTR), EFAULT));
	EXPECT_TRUE("times(bad) EFAULT", fails_with(times(BAD_PTR), EFAULT));
	return 0;
}

static int spin_80ms(void)
{
	return spin_cpu(CLOCK_THREAD_CPUTIME_ID, 80 * MS) >= 80 * MS ? 0 : 1;
}

static int body_rusage_children(void)
{
	struct rusage c0, c1, ru;
	struct tms t0, t1;
	clock_t child_ticks;
	int status;
	pid_t pid;

	EXPECT("getrusage", getrusage(RUSAGE_CHILDREN, &c0), 0);
	times(&t0);
	pid = fork();
	if (pid == 0)
		_exit(spin_80ms());
	EXPECT_TRUE("fork", pid > 0);
	/* Not counted while it runs, nor as a zombie: only once reaped. */
	while (waitid(P_PID, pid, NULL, WEXITED | WNOWAIT) < 0 && errno == EINTR)
		;
	EXPECT("getrusage", getrusage(RUSAGE_CHILDREN, &c1), 0);
	EXPECT("a zombie's time not yet counted", tv_ns(&c1.ru_utime), tv_ns(&c0.ru_utime));
	EXPECT("wait4", wait4(pid, &status, 0, &ru), pid);
	EXPECT("the child's exit", status, 0);
	if (spin_time(&ru, NULL) < 70 * MS)
		note("the child's user %lld us, system %lld us", tv_ns(&ru.ru_utime) / 1000,
		     tv_ns(&ru.ru_stime) / 1000);
	EXPECT_TRUE("wait4's rusage: its user time (Linux: with its system time)",
		    spin_time(&ru, NULL) >= 70 * MS);
	EXPECT_TRUE("some of it user time", tv_ns(&ru.ru_utime) > 0);
	EXPECT("getrusage", getrusage(RUSAGE_CHILDREN, &c1), 0);
	EXPECT("RUSAGE_CHILDREN grew by the child's", tv_ns(&c1.ru_utime) - tv_ns(&c0.ru_utime),
	       tv_ns(&ru.ru_utime));
	EXPECT("and by its system time", tv_ns(&c1.ru_stime) - tv_ns(&c0.ru_stime),
	       tv_ns(&ru.ru_stime));
	EXPECT_TRUE("its faults too",
		    c1.ru_minflt - c0.ru_minflt == ru.ru_minflt && ru.ru_minflt > 0);
	times(&t1);
	child_ticks = t1.tms_cutime - t0.tms_cutime;
	if (!on_umbra())
		child_ticks += t1.tms_cstime - t0.tms_cstime;
	EXPECT_TRUE("tms_cutime (Linux: with tms_cstime)", child_ticks >= 7);
	return 0;
}

/* ---- ru_maxrss: the high-water mark of resident pages, in KiB ---- */

#define BIG_KIB 8192 /* what each case touches: far above the suite's own few hundred KiB */
/*
 * The least mark that counts it. Linux's RSS counters are per-CPU counters
 * read without their per-CPU parts (get_mm_counter()): each CPU the process
 * ran on may hold up to a batch (32 pages or more) out of a reading. Debian's
 * kernels gave 8192 KiB after 92-100 KiB resident, and once less than 8192
 * after an exec. Umbra counts exactly; a mark of 0 fails either way.
 */
#define MARK_KIB (BIG_KIB * 7 / 8)

/* Resident pages now, from /proc/self/statm's second field, in KiB; -1 if unreadable. */
static long resident_kib(void)
{
	char buf[128], *field;
	int fd = open("/proc/self/statm", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	strtol(buf, &field, 10); /* size */
	return strtol(field, NULL, 10) * (PAGE / 1024);
}

/* Maps and touches kib KiB; returns the area (to unmap) or NULL. */
static char *touch_kib(long kib)
{
	char *p =
		mmap(NULL, kib * 1024, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	for (long off = 0; off < kib * 1024; off += PAGE)
		p[off] = 1;
	return p;
}

static long maxrss_of(int who)
{
	struct rusage ru;

	return getrusage(who, &ru) < 0 ? -1 : ru.ru_maxrss;
}

/* The image exec replaced touched BIG_KIB: its mark stays the process's. */
static int maxrss_kept(void)
{
	return maxrss_of(RUSAGE_SELF) >= MARK_KIB ? 0 : 1;
}

static int touch_big_and_exit(void)
{
	return touch_kib(BIG_KIB) ? 0 : 1;
}

/* A child that reaps a grandchild which touched BIG_KIB, and touches nothing itself. */
static int reap_big_grandchild(void)
{
	pid_t pid = fork();
	int status;

	if (pid == 0)
		_exit(touch_big_and_exit());
	if (pid < 0 || waitpid(pid, &status, 0) != pid || status != 0)
		return 1;
	return 0;
}

static int touch_big_then_exec(void)
{
	if (!touch_kib(BIG_KIB))
		return 118;
	return exec_self(time_self_path, EXEC_CHECK_MAXRSS);
}

/*
 * Linux's rules (kernel/sys.c getrusage(), exit and exec): RUSAGE_SELF and
 * RUSAGE_THREAD give the larger of the process's kept mark and its address
 * space's high-water mark; munmap never lowers it; RUSAGE_CHILDREN gives the
 * largest mark of the reaped descendants (0 before any); wait4 gives the
 * child's own or its descendants', whichever is larger; exec keeps the old
 * image's mark.
 */
static int body_rusage_maxrss(void)
{
	long before = resident_kib(), grown, after, thread;
	struct rusage ru;
	int status;
	pid_t pid;
	char *big;

	EXPECT("RUSAGE_CHILDREN's mark before any child", maxrss_of(RUSAGE_CHILDREN), 0);
	EXPECT_TRUE("/proc/self/statm", before > 0);
	big = touch_kib(BIG_KIB);
	EXPECT_TRUE("mmap", big != NULL);
	grown = maxrss_of(RUSAGE_SELF);
	thread = maxrss_of(RUSAGE_THREAD);
	if (grown < before + BIG_KIB)
		note("resident before %ld KiB, ru_maxrss after %ld KiB", before, grown);
	EXPECT_TRUE("ru_maxrss counts the touched pages", grown >= MARK_KIB);
	EXPECT_TRUE("RUSAGE_THREAD's mark is its process's", thread >= grown);
	munmap(big, BIG_KIB * 1024);
	after = maxrss_of(RUSAGE_SELF);
	EXPECT_TRUE("munmap leaves the mark", after >= grown);
	EXPECT_TRUE("while the resident count falls", resident_kib() < grown - BIG_KIB / 2);

	pid = fork();
	if (pid == 0)
		_exit(touch_big_and_exit());
	EXPECT("wait4", wait4(pid, &status, 0, &ru), pid);
	EXPECT("the child's exit", status, 0);
	EXPECT_TRUE("wait4: the child's mark", ru.ru_maxrss >= MARK_KIB);
	EXPECT_TRUE("RUSAGE_CHILDREN: the reaped child's", maxrss_of(RUSAGE_CHILDREN) >= MARK_KIB);

	pid = fork();
	if (pid == 0)
		_exit(reap_big_grandchild());
	EXPECT("wait4", wait4(pid, &status, 0, &ru), pid);
	EXPECT("the child's exit", status, 0);
	EXPECT_TRUE("wait4: the grandchild's mark through its parent", ru.ru_maxrss >= MARK_KIB);

	pid = fork();
	if (pid == 0)
		_exit(touch_big_then_exec());
	EXPECT("wait4", wait4(pid, &status, 0, NULL), pid);
	EXPECT("exec kept the old image's mark (0)", status, 0);
	return 0;
}

/* ---- interval timers ---- */

static int body_alarm(void)
{
	unsigned int left;

	EXPECT("alarm(5), none pending", alarm(5), 0);
	left = alarm(3);
	EXPECT("alarm(3) says 5 were left (rounded)", left, 5);
	EXPECT("alarm(0) says 3", alarm(0), 3);
	EXPECT("alarm(0) again", alarm(0), 0);
	/* A pending fraction of a second is never 0. */
	struct itimerval short_one = { { 0, 0 }, { 0, 300000 } };

	EXPECT("setitimer", setitimer(ITIMER_REAL, &short_one, NULL), 0);
	EXPECT("alarm(0) with 0.3 s left", alarm(0), 1);
	return 0;
}

static int body_itimer_real_once(void)
{
	struct itimerval it = { { 0, 0 }, { 0, 20000 } }, cur;

	EXPECT("rt_sigaction", on_signal(SIGALRM), 0);
	EXPECT("setitimer", setitimer(ITIMER_REAL, &it, NULL), 0);
	EXPECT_TRUE("SIGALRM", wait_signals(SIGALRM, 1));
	EXPECT("si_code", last_code, SI_KERNEL);
	sleep_ms(60); /* sleep-ok: a window for a wrong second expiry */
	EXPECT("fired once", signals_seen[SIGALRM], 1);
	EXPECT("getitimer", getitimer(ITIMER_REAL, &cur), 0);
	EXPECT("disarmed", cur.it_value.tv_sec | cur.it_value.tv_usec, 0);
	return 0;
}

/* An interval of ~292 years: the next period lies past the end of time, and never comes. */
static int body_itimer_real_huge_interval(void)
{
	struct itimerval it = { { 9223372035L, 999999 }, { 0, 20000 } }, cur;

	EXPECT("rt_sigaction", on_signal(SIGALRM), 0);
	EXPECT("setitimer", setitimer(ITIMER_REAL, &it, NULL), 0);
	EXPECT_TRUE("SIGALRM", wait_signals(SIGALRM, 1));
	sleep_ms(50); /* sleep-ok: a window for a wrong second expiry */
	EXPECT("fired once", signals_seen[SIGALRM], 1);
	EXPECT("getitimer", getitimer(ITIMER_REAL, &cur), 0);
	EXPECT("the interval kept", cur.it_interval.tv_sec, 9223372035L);
	EXPECT_TRUE("still armed, far away", cur.it_value.tv_sec > 1000000000L);
	return 0;
}

static int body_itimer_real_periodic(void)
{
	struct itimerval it = { { 0, 10000 }, { 0, 10000 } }, off = { { 0, 0 }, { 0, 0 } }, old;
	int seen;

	EXPECT("rt_sigaction", on_signal(SIGALRM), 0);
	EXPECT("setitimer", setitimer(ITIMER_REAL, &it, NULL), 0);
	EXPECT_TRUE("five SIGALRMs", wait_signals(SIGALRM, 5));
	EXPECT("setitimer off", setitimer(ITIMER_REAL, &off, &old), 0);
	EXPECT("the old interval", old.it_interval.tv_usec, 10000);
	EXPECT_TRUE("the old value within the interval", old.it_value.tv_sec == 0 &&
								 old.it_value.tv_usec > 0 &&
								 old.it_value.tv_usec <= 10000);
	seen = signals_seen[SIGALRM];
	sleep_ms(50); /* sleep-ok: a window for a wrong expiry once off */
	EXPECT("no more once off", signals_seen[SIGALRM], seen);
	return 0;
}

/*
 * ITIMER_VIRTUAL counts user time only: asleep 100 ms it barely moves (a
 * tick may land in user mode around the sleep), spinning it fires, once,
 * and not before the CPU time it had left was used. Both kernels count
 * that user time tick by tick (Linux: account_user_time() adds a tick per
 * user-mode tick, only the precise CPU clocks count every nanosecond), and
 * an emulator on a loaded host lets ticks pass unseen (Debian's Linux on
 * QEMU's TCG charged 300 ms of a spin as under 200 ms), so the spin goes
 * on until the signal comes rather than for a fixed CPU time.
 */
static int body_itimer_virtual(void)
{
	struct itimerval it = { { 0, 0 }, { 0, 200000 } }, cur;
	long long left, c0, used, deadline;

	EXPECT("rt_sigaction", on_signal(SIGVTALRM), 0);
	EXPECT("setitimer", setitimer(ITIMER_VIRTUAL, &it, NULL), 0);
	sleep_ms(100); /* sleep-ok: the subject, a sleep ITIMER_VIRTUAL must not count */
	EXPECT("not while asleep", signals_seen[SIGVTALRM], 0);
	EXPECT("getitimer", getitimer(ITIMER_VIRTUAL, &cur), 0);
	if (cur.it_value.tv_sec != 0 || cur.it_value.tv_usec < 150000) {
		note("left after a 100 ms sleep: %ld.%06ld s", cur.it_value.tv_sec,
		     cur.it_value.tv_usec);
		return FAIL_CODE;
	}
	left = tv_ns(&cur.it_value);
	c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	deadline = monotonic_ns() + SPIN_LIMIT_NS; /* only a hang reaches it */
	while (signals_seen[SIGVTALRM] == 0 && monotonic_ns() < deadline)
		spin_cpu(CLOCK_THREAD_CPUTIME_ID, 10 * MS);
	used = clock_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
	note("fired after %lld ms of CPU time, %lld ms were left", used / MS, left / MS);
	EXPECT("SIGVTALRM", signals_seen[SIGVTALRM], 1);
	EXPECT("si_code", last_code, SI_KERNEL);
	EXPECT_TRUE("not before the time left was used (less a tick)",
		    used >= left - res_ns(CLOCK_MONOTONIC_COARSE));
	spin_cpu(CLOCK_THREAD_CPUTIME_ID, 50 * MS);
	EXPECT("once", signals_seen[SIGVTALRM], 1);
	return 0;
}

static int body_itimer_prof_periodic(void)
{
	struct itimerval it = { { 0, 10000 }, { 0, 10000 } }, off = { { 0, 0 }, { 0, 0 } };
	long long deadline = monotonic_ns() + SPIN_LIMIT_NS; /* only a hang reaches it */

	EXPECT("rt_sigaction", on_signal(SIGPROF), 0);
	EXPECT("setitimer", setitimer(ITIMER_PROF, &it, NULL), 0);
	while (signals_seen[SIGPROF] < 4 && monotonic_ns() < deadline)
		;
	setitimer(ITIMER_PROF, &off, NULL);
	EXPECT_TRUE("four SIGPROFs while spinning", signals_seen[SIGPROF] >= 4);
	return 0;
}

static int body_itimer_errnos(void)
{
	struct itimerval it = { { 0, 0 }, { 0, 1000000 } }, cur;

	EXPECT_TRUE("getitimer(3)", fails_with(getitimer(3, &cur), EINVAL));
	EXPECT_TRUE("getitimer(-1)", fails_with(getitimer(-1, &cur), EINVAL));
	EXPECT_TRUE("getitimer(bad)", fails_with(getitimer(ITIMER_REAL, BAD_PTR), EFAULT));
	EXPECT_TRUE("tv_usec 1e6", fails_with(setitimer(ITIMER_REAL, &it, NULL), EINVAL));
	it.it_value = (struct timeval){ -1, 0 };
	EXPECT_TRUE("tv_sec -1", fails_with(setitimer(ITIMER_REAL, &it, NULL), EINVAL));
	it.it_value = (struct timeval){ 1, 0 };
	it.it_interval.tv_usec = -1;
	EXPECT_TRUE("interval usec -1", fails_with(setitimer(ITIMER_PROF, &it, NULL), EINVAL));
	it.it_interval.tv_usec = 0;
	EXPECT_TRUE("setitimer(3)", fails_with(setitimer(3, &it, NULL), EINVAL));
	EXPECT_TRUE("setitimer(bad)", fails_with(setitimer(ITIMER_REAL, BAD_PTR, NULL), EFAULT));
	/* A 10 s timer: getitimer says between 9 and 10 s are left. */
	it.it_value = (struct timeval){ 10, 0 };
	EXPECT("setitimer", setitimer(ITIMER_REAL, &it, NULL), 0);
	EXPECT("getitimer", getitimer(ITIMER_REAL, &cur), 0);
	EXPECT_TRUE("time left", cur.it_value.tv_sec == 9 ||
					 (cur.it_value.tv_sec == 10 && cur.it_value.tv_usec == 0));
	/* A NULL new value disarms it (Linux's misfeature), the old one still given back. */
	EXPECT("setitimer(NULL)", syscall(__NR_setitimer, ITIMER_REAL, NULL, &cur), 0);
	EXPECT_TRUE("the old value", cur.it_value.tv_sec >= 9);
	EXPECT("getitimer", getitimer(ITIMER_REAL, &cur), 0);
	EXPECT("disarmed", cur.it_value.tv_sec | cur.it_value.tv_usec, 0);
	return 0;
}

static int body_itimer_fork(void)
{
	struct itimerval it = { { 0, 0 }, { 10, 0 } }, cur;
	int status;
	pid_t pid;

	EXPECT("setitimer", setitimer(ITIMER_REAL, &it, NULL), 0);
	EXPECT("setitimer", setitimer(ITIMER_VIRTUAL, &it, NULL), 0);
	pid = fork();
	if (pid == 0) {
		getitimer(ITIMER_REAL, &cur);
		if (cur.it_value.tv_sec | cur.it_value.tv_usec)
			_exit(1);
		getitimer(ITIMER_VIRTUAL, &cur);
		_exit(cur.it_value.tv_sec | cur.it_value.tv_usec ? 2 : 0);
	}
	EXPECT("wait4", wait4(pid, &status, 0, NULL), pid);
	EXPECT("the child had none", status, 0);
	EXPECT("the parent keeps its", getitimer(ITIMER_REAL, &cur), 0);
	EXPECT_TRUE("armed", cur.it_value.tv_sec >= 9);
	return 0;
}

/* Exec'd by body_itimer_exec: the timer set before the exec is still there. */
static int itimer_kept(void)
{
	struct itimerval cur;

	if (getitimer(ITIMER_REAL, &cur) < 0 || cur.it_value.tv_sec < 9)
		return 1;
	return 0;
}

static int body_itimer_exec(void)
{
	struct itimerval it = { { 0, 0 }, { 10, 0 } };

	if (setitimer(ITIMER_REAL, &it, NULL) < 0)
		return 119;
	return exec_self(time_self_path, EXEC_CHECK_ITIMER);
}

static void run(const char *name, int (*body)(void))
{
	ktap_ok(child_result(body, 0, 0, 0), "%s", name);
}

int main(int argc, char **argv)
{
	time_self_path = argv[0];
	if (argc >= 2 && strcmp(argv[1], EXEC_CHECK_ITIMER) == 0)
		return itimer_kept();
	if (argc >= 2 && strcmp(argv[1], EXEC_CHECK_MAXRSS) == 0)
		return maxrss_kept();
	if (argc >= 2 && strcmp(argv[1], EXEC_CHECK_TIMERS) == 0)
		return posix_timers_gone();
	ktap_header();
	ktap_plan(39 + VDSO_ARCH_CASES);
	run("wall_clock_from_hardware_and_agreeing", body_wall_clock);
	run("settimeofday_and_clock_settime_set_realtime", body_set_realtime);
	run("settime_errnos", body_set_realtime_errnos);
	run("settimeofday_timezone_round_trip", body_timezone);
	run("clock_getres_every_clock", body_getres);
	run("clock_getres_errnos", body_getres_errnos);
	run("clock_nanosleep_which_clocks", body_nanosleep_clocks);
	run("monotonic_across_cpus_and_migrations", body_monotonic_across_cpus);
	run("cpu_clock_advances_only_while_running", body_thread_clock_runs_only_while_running);
	run("cpu_clocks_of_pids_and_tids", body_pid_clocks);
	run("getrusage_self_thread_and_times", body_rusage_self);
	run("getrusage_children_after_reaping", body_rusage_children);
	run("getrusage_maxrss_high_water", body_rusage_maxrss);
	run("alarm_returns_seconds_left", body_alarm);
	run("itimer_real_fires_once", body_itimer_real_once);
	run("itimer_real_periodic", body_itimer_real_periodic);
	run("itimer_real_huge_interval_fires_once", body_itimer_real_huge_interval);
	run("itimer_virtual_counts_user_time", body_itimer_virtual);
	run("itimer_prof_periodic", body_itimer_prof_periodic);
	run("itimer_errnos_and_time_left", body_itimer_errnos);
	run("itimers_not_inherited_by_fork", body_itimer_fork);
	run("itimers_kept_across_exec", body_itimer_exec);
	run("posix_timer_fires_once_with_si_timer", body_posix_timer_once);
	run("posix_timer_periodic_overruns_counted_while_blocked",
	    body_posix_timer_periodic_overruns);
	run("posix_timer_sigev_none_keeps_time", body_posix_timer_sigev_none);
	run("posix_timer_sigev_thread_id", body_posix_timer_thread_id);
	run("posix_timer_cpu_clocks_fire_after_cpu_time", body_posix_timer_cpu_clocks);
	run("posix_timer_realtime_follows_clock_set", body_posix_timer_realtime_follows_clock);
	run("posix_timer_ids_and_errnos", body_posix_timer_errnos);
	run("posix_timers_not_inherited_deleted_by_exec", body_posix_timers_fork_exec);
	run("timerfd_read_counts_expiries", body_timerfd_counts);
	run("timerfd_errnos", body_timerfd_errnos);
	run("timerfd_cancel_on_set", body_timerfd_cancel_on_set);
	run("timerfd_shared_by_fork_freed_by_close", body_timerfd_fork_and_close);
	run("vdso_mapped_as_linux_maps_it", body_vdso_mapped);
	run("vdso_agrees_with_the_system_calls", body_vdso_agrees_with_syscalls);
	run("vdso_follows_settimeofday", body_vdso_follows_settimeofday);
	run("vdso_in_a_new_time_namespace", body_vdso_in_new_time_namespace);
	case_vdso_million_calls_on_shadow_stack();
#if VDSO_ARCH_CASES
	run("vdso_sigreturn_trampoline_without_sa_restorer", body_vdso_sigreturn_trampoline);
#endif
	return ktap_finish();
}

// SPDX-License-Identifier: MIT
/*
 * /bin/time's POSIX timers and timerfds (main.c runs these bodies).
 *
 * Proves: timer_create's timers fire once and periodically on
 * CLOCK_MONOTONIC, CLOCK_REALTIME (following the clock when it is set)
 * and the CPU clocks (only once CPU time was used), with si_code
 * SI_TIMER, si_timerid and si_value; while the signal is blocked further
 * expiries are counted exactly as Linux counts them (si_overrun and
 * timer_getoverrun: the periods between the first expiry and the
 * delivery); SIGEV_NONE only keeps time and SIGEV_THREAD_ID signals its
 * thread; IDs count from 0 per process; a fork's child has no timers and
 * execve deletes them; every errno of Linux. timerfds read their expiry
 * counts as 8 bytes (EAGAIN when none, EINVAL under 8 bytes), poll
 * readable, are shared by fork and freed by close (free pages exact on
 * Umbra), and a cancel-on-set one says ECANCELED once the clock is set.
 */
#include "time_cases.h"
#include <errno.h>
#include <fcntl.h>
#include <machine/syscall.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <test.h>
#include <thread.h>
#include <time.h>
#include <unistd.h>

#define MS 1000000LL
#define SEC 1000000000LL
#define BAD_PTR ((void *)8) /* in the unmapped page 0 */

static long long now_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return ts.tv_sec * SEC + ts.tv_nsec;
}

static struct itimerspec spec(long long value_ns, long long interval_ns)
{
	return (struct itimerspec){ { interval_ns / SEC, interval_ns % SEC },
				    { value_ns / SEC, value_ns % SEC } };
}

static long long ts_ns(const struct timespec *ts)
{
	return ts->tv_sec * SEC + ts->tv_nsec;
}

static long sigmask(int how, int sig)
{
	unsigned long long set = 1ULL << (sig - 1);

	return syscall4(__NR_rt_sigprocmask, how, (long)&set, 0, 8);
}

/* What the handler saw, for SIGUSR1 and SIGUSR2; the overruns of its first deliveries. */
#define OVERRUNS_KEPT 8
static volatile int seen, seen_code, seen_timerid, seen_overrun, seen_tid;
static volatile int seen_overruns[OVERRUNS_KEPT];
static volatile unsigned long seen_value;

static void h_timer(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)uc;
	seen_code = info->si_code;
	seen_timerid = info->si_timerid;
	seen_overrun = info->si_overrun;
	seen_value = info->si_value;
	seen_tid = gettid();
	if (seen < OVERRUNS_KEPT)
		seen_overruns[seen] = info->si_overrun;
	/*
	 * Last, and ordered after the rest: the handler may run on another
	 * CPU (SIGEV_THREAD_ID's helper), and the waiter reads the fields
	 * once it sees the count.
	 */
	__atomic_fetch_add(&seen, 1, __ATOMIC_SEQ_CST);
}

static bool seen_reached(void *n)
{
	return __atomic_load_n(&seen, __ATOMIC_SEQ_CST) >= *(int *)n;
}

/* Until the handler ran n times; bounded only to turn a hang into a failure (HANG_MS). */
static bool wait_seen(int n)
{
	return wait_until(seen_reached, &n, "the timer's signal");
}

static int make_timer(clockid_t clk, int notify, int sig, unsigned long value, timer_t *id)
{
	struct sigevent ev = { .sigev_value = value, .sigev_signo = sig, .sigev_notify = notify };

	return timer_create(clk, &ev, id);
}

int body_posix_timer_once(void)
{
	struct itimerspec it = spec(20 * MS, 0), cur;
	timer_t id;

	EXPECT("rt_sigaction", set_handler(SIGUSR1, h_timer, true), 0);
	EXPECT("timer_create", make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1, 0x5eed, &id), 0);
	EXPECT("timer_settime", timer_settime(id, 0, &it, NULL), 0);
	EXPECT("timer_gettime", timer_gettime(id, &cur), 0);
	EXPECT_TRUE("armed, at most 20 ms left",
		    ts_ns(&cur.it_value) > 0 && ts_ns(&cur.it_value) <= 20 * MS);
	EXPECT_TRUE("the signal", wait_seen(1));
	EXPECT("si_code", seen_code, SI_TIMER);
	EXPECT("si_timerid", seen_timerid, id);
	EXPECT("si_value", seen_value, 0x5eed);
	EXPECT("si_overrun", seen_overrun, 0);
	sleep_ms(50); /* sleep-ok: a window for a wrong second expiry */
	EXPECT("once", seen, 1);
	EXPECT("timer_gettime", timer_gettime(id, &cur), 0);
	EXPECT("disarmed", ts_ns(&cur.it_value) | ts_ns(&cur.it_interval), 0);
	EXPECT("timer_delete", timer_delete(id), 0);
	return 0;
}

/*
 * Every 10 ms from T0 with SIGUSR1 blocked: the one signal delivered on
 * unblocking says how many more periods ended before it was taken -- by
 * Linux's rule, floor((t - T0) / 10 ms) for the time t of delivery, which
 * lies between the readings before and after the unblocking. The signal is
 * blocked again at once, and the first delivery's overrun is the one
 * judged: on a slow machine the next period may end, and its signal come,
 * before the checks run (so timer_getoverrun says the last delivery's).
 */
int body_posix_timer_periodic_overruns(void)
{
	const long long period = 10 * MS;
	long long t0, before, after;
	struct timespec abs;
	struct itimerspec it;
	timer_t id;
	int taken, first;

	EXPECT("rt_sigaction", set_handler(SIGUSR1, h_timer, true), 0);
	EXPECT("timer_create", make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1, 7, &id), 0);
	EXPECT("block", sigmask(SIG_BLOCK, SIGUSR1), 0);
	clock_gettime(CLOCK_MONOTONIC, &abs);
	t0 = ts_ns(&abs) + period;
	it = spec(t0, period);
	EXPECT("timer_settime(TIMER_ABSTIME)", timer_settime(id, TIMER_ABSTIME, &it, NULL), 0);
	sleep_ms(125); /* sleep-ok: the subject, periods passing while blocked (read below) */
	EXPECT("nothing while blocked", seen, 0);
	before = now_ns(CLOCK_MONOTONIC);
	EXPECT("unblock", sigmask(SIG_UNBLOCK, SIGUSR1), 0);
	after = now_ns(CLOCK_MONOTONIC);
	EXPECT("block again", sigmask(SIG_BLOCK, SIGUSR1), 0);
	taken = seen;
	first = seen_overruns[0];
	EXPECT_TRUE("delivered on unblocking", taken >= 1 && taken <= OVERRUNS_KEPT);
	EXPECT("si_code", seen_code, SI_TIMER);
	if (first < (before - t0) / period || first > (after - t0) / period) {
		note("si_overrun %d, periods %lld..%lld", first, (before - t0) / period,
		     (after - t0) / period);
		return FAIL_CODE;
	}
	EXPECT_TRUE("at least 10 periods missed", first >= 10);
	EXPECT("timer_getoverrun says the last delivery's", timer_getoverrun(id),
	       seen_overruns[taken - 1]);
	EXPECT("unblock", sigmask(SIG_UNBLOCK, SIGUSR1), 0);
	EXPECT_TRUE("and it goes on", wait_seen(taken + 2));
	EXPECT("timer_delete", timer_delete(id), 0);
	return 0;
}

/* SIGEV_NONE: no signal ever, but timer_gettime follows it, period after period. */
int body_posix_timer_sigev_none(void)
{
	struct itimerspec it = spec(SEC, 200 * MS), cur, old;
	timer_t id;

	EXPECT("rt_sigaction", set_handler(SIGALRM, h_timer, true), 0);
	EXPECT("timer_create", make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0, &id), 0);
	EXPECT("timer_settime", timer_settime(id, 0, &it, NULL), 0);
	EXPECT("timer_gettime", timer_gettime(id, &cur), 0);
	EXPECT_TRUE("0.9 s to 1 s left",
		    ts_ns(&cur.it_value) > 900 * MS && ts_ns(&cur.it_value) <= SEC);
	EXPECT("the interval", ts_ns(&cur.it_interval), 200 * MS);
	it = spec(10 * MS, 30 * MS);
	EXPECT("timer_settime", timer_settime(id, 0, &it, &old), 0);
	EXPECT_TRUE("the old value", ts_ns(&old.it_value) > 900 * MS);
	EXPECT("the old interval", ts_ns(&old.it_interval), 200 * MS);
	sleep_ms(100); /* sleep-ok: the subject, periods passing without a signal */
	EXPECT("timer_gettime", timer_gettime(id, &cur), 0);
	EXPECT_TRUE("within the next period",
		    ts_ns(&cur.it_value) > 0 && ts_ns(&cur.it_value) <= 30 * MS);
	EXPECT("no signal", seen, 0);
	EXPECT("no overrun", timer_getoverrun(id), 0);
	it = spec(0, 30 * MS);
	EXPECT("disarm", timer_settime(id, 0, &it, NULL), 0);
	EXPECT("timer_gettime", timer_gettime(id, &cur), 0);
	EXPECT("interval gone", ts_ns(&cur.it_interval), 0);
	/*
	 * Disarmed: 0 left, as POSIX says, on Umbra. Linux's common_timer_get()
	 * still measures a disarmed SIGEV_NONE timer against the expiry it had
	 * (timer_settime with a zero value does not touch it): the time to the
	 * period the last timer_gettime moved it to, or 0 once that passed
	 * (docs/TEST-LINUX.md).
	 */
	if (on_umbra())
		EXPECT("disarmed", ts_ns(&cur.it_value), 0);
	else
		EXPECT_TRUE("Linux: the old expiry's time left, at most a period",
			    ts_ns(&cur.it_value) >= 0 && ts_ns(&cur.it_value) <= 30 * MS);
	return 0;
}

struct helper {
	volatile int tid;
	struct gate stop;
};

/* Says its TID, then blocks (SA_RESTART: through the signal) until told to stop. */
static int helper_thread(void *arg)
{
	struct helper *h = arg;

	__atomic_store_n(&h->tid, gettid(), __ATOMIC_SEQ_CST);
	return gate_pass(&h->stop) ? 0 : 1;
}

/* SIGEV_THREAD_ID: the signal goes to that thread; a thread of another process is EINVAL. */
int body_posix_timer_thread_id(void)
{
	struct thread t;
	struct helper h = { 0 };
	struct sigevent ev = { .sigev_signo = SIGUSR1, .sigev_notify = SIGEV_THREAD_ID };
	struct itimerspec it = spec(20 * MS, 0);
	timer_t id;
	int result;

	EXPECT("rt_sigaction", set_handler(SIGUSR1, h_timer, true), 0);
	EXPECT_TRUE("gate", gate_make(&h.stop));
	EXPECT("thread_create", thread_create(&t, helper_thread, &h, NULL), 0);
	EXPECT_TRUE("the helper's TID", wait_flag(&h.tid, "the helper thread's TID"));
	EXPECT("block here", sigmask(SIG_BLOCK, SIGUSR1), 0); /* only the helper may take it */
	ev.sigev_notify_thread_id = h.tid;
	EXPECT("timer_create", timer_create(CLOCK_MONOTONIC, &ev, &id), 0);
	EXPECT("timer_settime", timer_settime(id, 0, &it, NULL), 0);
	EXPECT_TRUE("the signal", wait_seen(1));
	EXPECT("taken by the helper", seen_tid, h.tid);
	gate_lift(&h.stop);
	thread_join(&t, &result);
	gate_close(&h.stop);
	EXPECT("the helper's result", result, 0);
	ev.sigev_notify_thread_id = getppid();
	EXPECT_TRUE("a thread of another process",
		    fails_with(timer_create(CLOCK_MONOTONIC, &ev, &id), EINVAL));
	ev.sigev_notify_thread_id = 0;
	EXPECT_TRUE("thread 0", fails_with(timer_create(CLOCK_MONOTONIC, &ev, &id), EINVAL));
	return 0;
}

/* CPU clocks: asleep the timer never fires; spinning, it does. */
int body_posix_timer_cpu_clocks(void)
{
	struct itimerspec once = spec(50 * MS, 0), every = spec(20 * MS, 20 * MS);
	timer_t proc, thread;

	EXPECT("rt_sigaction", set_handler(SIGUSR1, h_timer, true), 0);
	EXPECT("timer_create",
	       make_timer(CLOCK_PROCESS_CPUTIME_ID, SIGEV_SIGNAL, SIGUSR1, 1, &proc), 0);
	EXPECT("timer_settime", timer_settime(proc, 0, &once, NULL), 0);
	sleep_ms(200); /* sleep-ok: the subject, a sleep the CPU timer must not count */
	EXPECT("not while asleep", seen, 0);
	spin_cpu(CLOCK_PROCESS_CPUTIME_ID, 150 * MS);
	EXPECT("fired once CPU time was used", seen, 1);
	EXPECT("si_value", seen_value, 1);
	EXPECT("timer_delete", timer_delete(proc), 0);

	seen = 0;
	EXPECT("timer_create",
	       make_timer(CLOCK_THREAD_CPUTIME_ID, SIGEV_SIGNAL, SIGUSR1, 2, &thread), 0);
	EXPECT("timer_settime", timer_settime(thread, 0, &every, NULL), 0);
	spin_cpu(CLOCK_THREAD_CPUTIME_ID, 200 * MS);
	EXPECT_TRUE("periodic while spinning", seen >= 3);
	EXPECT("si_value", seen_value, 2);
	EXPECT("timer_delete", timer_delete(thread), 0);
	return 0;
}

/* An absolute CLOCK_REALTIME timer a minute away fires when the clock is set past it. */
int body_posix_timer_realtime_follows_clock(void)
{
	long long rt0 = now_ns(CLOCK_REALTIME), mono0 = now_ns(CLOCK_MONOTONIC);
	struct itimerspec it = spec(rt0 + 60 * SEC, 0);
	struct timespec later = { (rt0 + 61 * SEC) / SEC, 0 };
	timer_t id;
	bool fired;

	EXPECT("rt_sigaction", set_handler(SIGUSR1, h_timer, true), 0);
	EXPECT("timer_create", make_timer(CLOCK_REALTIME, SIGEV_SIGNAL, SIGUSR1, 0, &id), 0);
	EXPECT("timer_settime", timer_settime(id, TIMER_ABSTIME, &it, NULL), 0);
	sleep_ms(30); /* sleep-ok: a window for a wrong early expiry */
	EXPECT("not yet", seen, 0);
	EXPECT("clock_settime", clock_settime(CLOCK_REALTIME, &later), 0);
	fired = wait_seen(1);
	restore_realtime(rt0, mono0);
	EXPECT_TRUE("fired once the clock passed it", fired);
	return 0;
}

int body_posix_timer_errnos(void)
{
	struct sigevent ev = { .sigev_signo = SIGUSR1, .sigev_notify = SIGEV_SIGNAL };
	struct itimerspec it = spec(SEC, 0), cur;
	struct rlimit rl, none = { 0, 0 };
	timer_t id, id2, id3;
	pid_t child;
	int st;

	/* IDs: this process's first is 0, then up, a deleted one not handed out again at once. */
	EXPECT("timer_create(NULL event)", timer_create(CLOCK_MONOTONIC, NULL, &id), 0);
	EXPECT("the first ID", id, 0);
	EXPECT("timer_create", timer_create(CLOCK_BOOTTIME, &ev, &id2), 0);
	EXPECT("the next", id2, 1);
	EXPECT("timer_delete", timer_delete(id), 0);
	EXPECT("timer_create", timer_create(CLOCK_REALTIME, &ev, &id3), 0);
	EXPECT("not reused", id3, 2);
	EXPECT_TRUE("delete twice", fails_with(timer_delete(id), EINVAL));

	EXPECT_TRUE("clock 99", fails_with(timer_create(99, &ev, &id), EINVAL));
	EXPECT_TRUE("CLOCK_MONOTONIC_RAW",
		    fails_with(timer_create(CLOCK_MONOTONIC_RAW, &ev, &id), EOPNOTSUPP));
	EXPECT_TRUE("CLOCK_MONOTONIC_COARSE",
		    fails_with(timer_create(CLOCK_MONOTONIC_COARSE, &ev, &id), EOPNOTSUPP));
	child = fork();
	if (child == 0)
		_exit(0);
	waitpid(child, &st, 0);
	EXPECT_TRUE("a reaped process's CPU clock",
		    fails_with(timer_create(MAKE_PROCESS_CPUCLOCK(child, CPUCLOCK_SCHED), &ev, &id),
			       EINVAL));
	EXPECT_TRUE("CPU clock kind 3",
		    fails_with(timer_create(MAKE_THREAD_CPUCLOCK(0, 3), &ev, &id), EINVAL));
	EXPECT_TRUE("a clock device's id",
		    fails_with(timer_create(MAKE_PROCESS_CPUCLOCK(0, CLOCKFD), &ev, &id),
			       EOPNOTSUPP));
	EXPECT_TRUE("sigevent unreadable",
		    fails_with(timer_create(CLOCK_MONOTONIC, BAD_PTR, &id), EFAULT));
	EXPECT_TRUE("ID unwritable",
		    fails_with(timer_create(CLOCK_MONOTONIC, &ev, BAD_PTR), EFAULT));
	ev.sigev_notify = 3;
	EXPECT_TRUE("sigev_notify 3", fails_with(timer_create(CLOCK_MONOTONIC, &ev, &id), EINVAL));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = 0;
	EXPECT_TRUE("signal 0", fails_with(timer_create(CLOCK_MONOTONIC, &ev, &id), EINVAL));
	ev.sigev_signo = 65;
	EXPECT_TRUE("signal 65", fails_with(timer_create(CLOCK_MONOTONIC, &ev, &id), EINVAL));
	ev.sigev_signo = SIGUSR1;

	/* Each timer holds a queued signal: RLIMIT_SIGPENDING 0 leaves room for none. */
	EXPECT("getrlimit", getrlimit(RLIMIT_SIGPENDING, &rl), 0);
	EXPECT("setrlimit", setrlimit(RLIMIT_SIGPENDING, &none), 0);
	EXPECT_TRUE("RLIMIT_SIGPENDING 0",
		    fails_with(timer_create(CLOCK_MONOTONIC, &ev, &id), EAGAIN));

	EXPECT_TRUE("settime: no such timer", fails_with(timer_settime(99, 0, &it, NULL), EINVAL));
	EXPECT_TRUE("settime: NULL value",
		    fails_with(syscall(__NR_timer_settime, id2, 0, NULL, NULL), EINVAL));
	EXPECT_TRUE("settime: unreadable",
		    fails_with(timer_settime(id2, 0, BAD_PTR, NULL), EFAULT));
	it.it_value.tv_nsec = 1000000000;
	EXPECT_TRUE("settime: tv_nsec 1e9", fails_with(timer_settime(id2, 0, &it, NULL), EINVAL));
	it = spec(SEC, 0);
	it.it_interval.tv_sec = -1;
	EXPECT_TRUE("settime: interval -1 s", fails_with(timer_settime(id2, 0, &it, NULL), EINVAL));
	it = spec(SEC, 0);
	EXPECT_TRUE("settime: old unwritable",
		    fails_with(timer_settime(id2, 0, &it, BAD_PTR), EFAULT));
	EXPECT("... but the timer was set", timer_gettime(id2, &cur), 0);
	EXPECT_TRUE("armed", ts_ns(&cur.it_value) > 0);
	EXPECT_TRUE("gettime: no such timer", fails_with(timer_gettime(-1, &cur), EINVAL));
	EXPECT_TRUE("gettime: unwritable", fails_with(timer_gettime(id2, BAD_PTR), EFAULT));
	EXPECT_TRUE("getoverrun: no such timer", fails_with(timer_getoverrun(99), EINVAL));
	EXPECT_TRUE("delete: no such timer", fails_with(timer_delete(99), EINVAL));
	return 0;
}

/* Exec'd by body_posix_timers_fork_exec: timer 0 was armed before the exec, and is gone. */
int posix_timers_gone(void)
{
	struct itimerspec cur;

	return timer_gettime(0, &cur) < 0 && errno == EINVAL ? 0 : 1;
}

/* A fork's child has no POSIX timers; execve deletes them. */
int body_posix_timers_fork_exec(void)
{
	struct itimerspec it = spec(10 * SEC, 0), cur;
	timer_t id;
	pid_t pid;
	int st;

	if (timer_create(CLOCK_MONOTONIC, NULL, &id) < 0 || id != 0 ||
	    timer_settime(id, 0, &it, NULL) < 0)
		return 118;
	pid = fork();
	if (pid == 0)
		_exit(timer_gettime(id, &cur) < 0 && errno == EINVAL ? 0 : 1);
	if (waitpid(pid, &st, 0) != pid || !status_is(st, 0, 0))
		return 117;
	if (timer_gettime(id, &cur) < 0 || cur.it_value.tv_sec < 9)
		return 116;
	return exec_self(time_self_path, EXEC_CHECK_TIMERS);
}

/* ---- timerfd ---- */

static long read_count(int fd, unsigned long long *count)
{
	return read(fd, count, sizeof(*count));
}

int body_timerfd_counts(void)
{
	const long long period = 10 * MS;
	int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK), blocking;
	struct itimerspec it, cur;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	unsigned long long count = 0;
	long long t0, before, after;
	char small[7];

	EXPECT_TRUE("timerfd_create", fd >= 0);
	EXPECT_TRUE("nothing yet", fails_with(read_count(fd, &count), EAGAIN));
	EXPECT_TRUE("under 8 bytes", fails_with(read(fd, small, sizeof(small)), EINVAL));
	EXPECT("poll: not readable", poll(&pfd, 1, 0), 0);
	t0 = now_ns(CLOCK_MONOTONIC) + period;
	it = spec(t0, period);
	EXPECT("timerfd_settime", timerfd_settime(fd, TFD_TIMER_ABSTIME, &it, NULL), 0);
	EXPECT("timerfd_gettime", timerfd_gettime(fd, &cur), 0);
	EXPECT("the interval", ts_ns(&cur.it_interval), period);
	/*
	 * 0 only once T0 passed before its expiry was handled (a slow
	 * machine: Linux's timerfd_get_remaining() says 0 for a timer whose
	 * interrupt has not run yet).
	 */
	if (ts_ns(&cur.it_value) < 0 || ts_ns(&cur.it_value) > period)
		note("left: %lld ns", ts_ns(&cur.it_value));
	EXPECT_TRUE("at most a period left",
		    ts_ns(&cur.it_value) >= 0 && ts_ns(&cur.it_value) <= period);
	sleep_ms(65); /* sleep-ok: the subject, expiries passing (counted from the clock below) */
	EXPECT("poll: readable", poll(&pfd, 1, 0), 1);
	EXPECT("POLLIN", pfd.revents, POLLIN);
	before = now_ns(CLOCK_MONOTONIC);
	EXPECT("read", read_count(fd, &count), 8);
	after = now_ns(CLOCK_MONOTONIC);
	if ((long long)count < (before - t0) / period + 1 ||
	    (long long)count > (after - t0) / period + 1) {
		note("count %llu, expiries %lld..%lld", count, (before - t0) / period + 1,
		     (after - t0) / period + 1);
		return FAIL_CODE;
	}
	it = spec(0, 0);
	EXPECT("disarm", timerfd_settime(fd, 0, &it, &cur), 0);
	EXPECT("the old interval", ts_ns(&cur.it_interval), period);
	EXPECT_TRUE("settime dropped what was unread", fails_with(read_count(fd, &count), EAGAIN));
	EXPECT("close", close(fd), 0);

	/* A blocking read waits for a one-shot timer's expiry: a count of 1. */
	blocking = timerfd_create(CLOCK_BOOTTIME, 0);
	EXPECT_TRUE("timerfd_create", blocking >= 0);
	it = spec(30 * MS, 0);
	EXPECT("timerfd_settime", timerfd_settime(blocking, 0, &it, NULL), 0);
	count = 0;
	EXPECT("read waits", read_count(blocking, &count), 8);
	EXPECT("one expiry", count, 1);
	EXPECT("timerfd_gettime", timerfd_gettime(blocking, &cur), 0);
	EXPECT("disarmed", ts_ns(&cur.it_value) | ts_ns(&cur.it_interval), 0);
	EXPECT("close", close(blocking), 0);
	return 0;
}

int body_timerfd_errnos(void)
{
	struct itimerspec it = spec(SEC, 0), cur;
	int fd = timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK), fds[2];

	EXPECT_TRUE("timerfd_create", fd >= 0);
	EXPECT("FD_CLOEXEC", fcntl(fd, F_GETFD), FD_CLOEXEC);
	EXPECT("O_RDWR | O_NONBLOCK", fcntl(fd, F_GETFL) & (O_ACCMODE | O_NONBLOCK),
	       O_RDWR | O_NONBLOCK);
	EXPECT_TRUE("CLOCK_PROCESS_CPUTIME_ID",
		    fails_with(timerfd_create(CLOCK_PROCESS_CPUTIME_ID, 0), EINVAL));
	EXPECT_TRUE("CLOCK_MONOTONIC_RAW",
		    fails_with(timerfd_create(CLOCK_MONOTONIC_RAW, 0), EINVAL));
	EXPECT_TRUE("clock -1", fails_with(timerfd_create(-1, 0), EINVAL));
	EXPECT_TRUE("flags O_APPEND",
		    fails_with(timerfd_create(CLOCK_MONOTONIC, O_APPEND), EINVAL));
	EXPECT_TRUE("write", fails_with(write(fd, &it, 8), EINVAL));
	EXPECT_TRUE("settime flags 4", fails_with(timerfd_settime(fd, 4, &it, NULL), EINVAL));
	EXPECT_TRUE("settime: flags before the fd",
		    fails_with(timerfd_settime(-1, 4, &it, NULL), EINVAL));
	EXPECT_TRUE("settime: bad fd", fails_with(timerfd_settime(-1, 0, &it, NULL), EBADF));
	EXPECT_TRUE("settime: unreadable",
		    fails_with(timerfd_settime(fd, 0, BAD_PTR, NULL), EFAULT));
	it.it_value.tv_nsec = -1;
	EXPECT_TRUE("settime: tv_nsec -1", fails_with(timerfd_settime(fd, 0, &it, NULL), EINVAL));
	it = spec(SEC, 0);
	EXPECT("pipe", pipe(fds), 0);
	EXPECT_TRUE("settime: a pipe", fails_with(timerfd_settime(fds[0], 0, &it, NULL), EINVAL));
	EXPECT_TRUE("gettime: a pipe", fails_with(timerfd_gettime(fds[0], &cur), EINVAL));
	EXPECT_TRUE("gettime: bad fd", fails_with(timerfd_gettime(999, &cur), EBADF));
	EXPECT_TRUE("gettime: unwritable", fails_with(timerfd_gettime(fd, BAD_PTR), EFAULT));
	return 0;
}

/* TFD_TIMER_CANCEL_ON_SET: setting CLOCK_REALTIME makes the read say ECANCELED, once. */
int body_timerfd_cancel_on_set(void)
{
	long long rt0 = now_ns(CLOCK_REALTIME), mono0 = now_ns(CLOCK_MONOTONIC);
	struct itimerspec it = spec(rt0 + 100 * SEC, 0);
	int fd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK);
	unsigned long long count;
	struct timespec same = { rt0 / SEC + 1, 0 };
	long r1, r2;
	int e1;

	EXPECT_TRUE("timerfd_create", fd >= 0);
	EXPECT("timerfd_settime",
	       timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &it, NULL), 0);
	EXPECT_TRUE("nothing yet", fails_with(read_count(fd, &count), EAGAIN));
	EXPECT("clock_settime", clock_settime(CLOCK_REALTIME, &same), 0);
	r1 = read_count(fd, &count);
	e1 = errno;
	r2 = read_count(fd, &count);
	restore_realtime(rt0, mono0);
	EXPECT("the read after the set", r1, -1);
	EXPECT("ECANCELED", e1, ECANCELED);
	EXPECT_TRUE("then nothing", fails_with(r2, EAGAIN));
	return 0;
}

/* The fd is shared by fork (the child reads the expiries); close frees it all. */
int body_timerfd_fork_and_close(void)
{
	unsigned long before = free_pages(), after = 0;
	struct itimerspec it = spec(10 * MS, 10 * MS);
	unsigned long long count;
	int fd, st;
	pid_t pid;

	for (int round = 0; round < 3; round++) {
		fd = timerfd_create(CLOCK_MONOTONIC, 0);
		EXPECT_TRUE("timerfd_create", fd >= 0);
		EXPECT("timerfd_settime", timerfd_settime(fd, 0, &it, NULL), 0);
		pid = fork();
		if (pid == 0)
			_exit(read_count(fd, &count) == 8 && count >= 1 ? 0 : 1);
		EXPECT("waitpid", waitpid(pid, &st, 0), pid);
		EXPECT_TRUE("the child read the expiries", status_is(st, 0, 0));
		EXPECT("close", close(fd), 0);
		if (round == 0)
			before = free_pages(); /* the first round warmed the caches up */
		else
			after = free_pages();
	}
	if (on_umbra())
		EXPECT("free pages back", after, before);
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * /bin/time's vDSO cases: the vDSO is where AT_SYSINFO_EHDR says, shown as
 * [vdso] with [vvar] just below it in /proc/self/maps, exports Linux's
 * functions under Linux's version, and answers exactly as the system calls
 * do -- every reading lies between a system call's before it and one after
 * it, the clocks Umbra moves by ticks therefore to the tick -- also right
 * after settimeofday(), in a child of a new time namespace, and on a thread
 * with its shadow stack on calling it a million times while a periodic
 * timer's signals land in it. arm64: a handler without SA_RESTORER returns
 * through __kernel_rt_sigreturn, as on Linux.
 */
#include "shstk_enable.h"
#include "time_cases.h"
#include <auxv.h>
#include <errno.h>
#include <ktap.h>
#include <machine/syscall.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <test.h>
#include <time.h>
#include <uapi/linux/sched.h>
#include <unistd.h>

#define SEC 1000000000LL
#define MILLION_CALLS 1000000

#ifdef __x86_64__
#define VDSO_VERSION "LINUX_2.6"
#define VDSO_PREFIX "__vdso_"
#else
#define VDSO_VERSION "LINUX_2.6.39"
#define VDSO_PREFIX "__kernel_"
#endif

typedef int (*gettime_fn)(clockid_t, struct timespec *);
typedef int (*getres_fn)(clockid_t, struct timespec *);
typedef int (*gettimeofday_fn)(struct timeval *, struct timezone *);

static gettime_fn vdso_gettime(void)
{
	return (gettime_fn)__vdso_lookup(VDSO_PREFIX "clock_gettime", VDSO_VERSION);
}

static long long ts_ns(const struct timespec *ts)
{
	return ts->tv_sec * SEC + ts->tv_nsec;
}

static long long sys_ns(clockid_t clk)
{
	struct timespec ts;

	if (syscall2(__NR_clock_gettime, clk, (long)&ts))
		return -1;
	return ts_ns(&ts);
}

int body_vdso_mapped(void)
{
	unsigned long base = getauxval(AT_SYSINFO_EHDR);
	const struct area *vdso, *vvar;
	static const char *const names[] = {
		"clock_gettime", "gettimeofday", "clock_getres",
#ifdef __x86_64__
		"time",		 "getcpu",
#else
		"rt_sigreturn",
#endif
	};

	EXPECT_TRUE("AT_SYSINFO_EHDR given", base != 0);
	EXPECT_TRUE("an ELF image there", !memcmp((const void *)base, "\177ELF", 4));
	vdso = find_area(base);
	EXPECT_TRUE("[vdso] in maps", vdso && vdso->start == base && !strcmp(vdso->name, "[vdso]"));
	EXPECT_TRUE("[vdso] r-xp", !strcmp(vdso->perms, "r-xp"));
	vvar = find_area(base - 1);
	EXPECT_TRUE("[vvar] just below it",
		    vvar && vvar->end == base && !strcmp(vvar->name, "[vvar]"));
	EXPECT_TRUE("[vvar] r--p", !strcmp(vvar->perms, "r--p"));
	for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char name[48] = VDSO_PREFIX;
		size_t len = strlen(name);

		memcpy(name + len, names[i], strlen(names[i]) + 1);
		if (!__vdso_lookup(name, VDSO_VERSION)) {
			note("%s@%s: not exported", name, VDSO_VERSION);
			return 1;
		}
	}
	EXPECT_TRUE("no symbol of another version",
		    !__vdso_lookup(VDSO_PREFIX "clock_gettime", "LINUX_9"));
	/* Never writable: every program shares these pages (Linux: EACCES for [vvar]). */
	EXPECT_TRUE("mprotect([vvar], write) EACCES",
		    fails_with(mprotect((void *)vvar->start, 4096, PROT_READ | PROT_WRITE),
			       EACCES));
	return 0;
}

/* Each clock of the vDSO between two system calls; the errors as the system call's. */
static int vdso_agrees(void)
{
	static const clockid_t clocks[] = { CLOCK_REALTIME,
					    CLOCK_MONOTONIC,
					    CLOCK_MONOTONIC_RAW,
					    CLOCK_REALTIME_COARSE,
					    CLOCK_MONOTONIC_COARSE,
					    CLOCK_BOOTTIME,
					    CLOCK_TAI };
	gettime_fn gettime = vdso_gettime();
	getres_fn getres = (getres_fn)__vdso_lookup(VDSO_PREFIX "clock_getres", VDSO_VERSION);
	gettimeofday_fn gtod =
		(gettimeofday_fn)__vdso_lookup(VDSO_PREFIX "gettimeofday", VDSO_VERSION);
	struct timespec ts, want;
	struct timeval tv;

	EXPECT_TRUE("clock_gettime found", gettime && getres && gtod);
	for (unsigned int i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		for (int round = 0; round < 1000; round++) {
			long long before = sys_ns(clocks[i]), after;

			EXPECT("vdso clock_gettime", gettime(clocks[i], &ts), 0);
			after = sys_ns(clocks[i]);
			if (ts_ns(&ts) < before || ts_ns(&ts) > after) {
				note("clock %d: vdso %lld outside [%lld, %lld]", clocks[i],
				     ts_ns(&ts), before, after);
				return 1;
			}
		}
		EXPECT("vdso clock_getres", getres(clocks[i], &ts), 0);
		EXPECT("clock_getres", syscall2(__NR_clock_getres, clocks[i], (long)&want), 0);
		EXPECT_TRUE("clock_getres agrees", ts_ns(&ts) == ts_ns(&want));
	}
	/* What the vDSO leaves to the system call: the same answers. */
	EXPECT("bad clock", gettime(12345, &ts), -EINVAL);
	EXPECT("bad clock getres", getres(12345, &ts), -EINVAL);
	EXPECT("getres NULL", getres(CLOCK_MONOTONIC, NULL), 0);
	/*
	 * The process CPU clock: the vDSO leaves it to the system call, whose
	 * value it must give. Umbra counts CPU time in ticks, so the loops above
	 * may have ended inside the first one (CI once ran them in under 10 ms
	 * of a 4-CPU qemu-x86_64): run until the clock has moved, at most 5 s.
	 */
	long long cpu0 = sys_ns(CLOCK_PROCESS_CPUTIME_ID);

	for (long long start = sys_ns(CLOCK_MONOTONIC);
	     cpu0 == 0 && sys_ns(CLOCK_MONOTONIC) - start < 5000000000LL;)
		cpu0 = sys_ns(CLOCK_PROCESS_CPUTIME_ID);
	EXPECT("CPU clock", gettime(CLOCK_PROCESS_CPUTIME_ID, &ts), 0);
	EXPECT_TRUE("CPU clock ran, and the vDSO reads it between two system calls",
		    cpu0 > 0 && ts_ns(&ts) >= cpu0 &&
			    ts_ns(&ts) <= sys_ns(CLOCK_PROCESS_CPUTIME_ID));

	long long before = sys_ns(CLOCK_REALTIME) / 1000;

	EXPECT("vdso gettimeofday", gtod(&tv, NULL), 0);
	EXPECT_TRUE("gettimeofday between",
		    tv.tv_sec * 1000000LL + tv.tv_usec >= before &&
			    tv.tv_sec * 1000000LL + tv.tv_usec <= sys_ns(CLOCK_REALTIME) / 1000);
#ifdef __x86_64__
	long (*vtime)(long *) = (long (*)(long *))__vdso_lookup("__vdso_time", VDSO_VERSION);
	long (*vgetcpu)(unsigned int *, unsigned int *, void *) =
		(long (*)(unsigned int *, unsigned int *, void *))__vdso_lookup("__vdso_getcpu",
										VDSO_VERSION);
	long t0 = syscall1(__NR_time, 0), stored = 0;
	unsigned int cpu = 99, node = 99, want_cpu = 98;
	unsigned long one_cpu;

	EXPECT_TRUE("time between",
		    vtime(&stored) >= t0 && stored >= t0 && stored <= syscall1(__NR_time, 0));
	/* Pinned to the CPU it runs on, so the two answers are about the same CPU. */
	EXPECT("getcpu", syscall3(__NR_getcpu, (long)&want_cpu, 0, 0), 0);
	one_cpu = 1ul << want_cpu;
	EXPECT("pin", syscall3(__NR_sched_setaffinity, 0, sizeof(one_cpu), (long)&one_cpu), 0);
	EXPECT("getcpu", syscall3(__NR_getcpu, (long)&want_cpu, 0, 0), 0);
	EXPECT("vdso getcpu", vgetcpu(&cpu, &node, NULL), 0);
	EXPECT("vdso getcpu's CPU", cpu, want_cpu);
	EXPECT("vdso getcpu's node", node, 0);
#endif
	return 0;
}

int body_vdso_agrees_with_syscalls(void)
{
	return vdso_agrees();
}

/* After settimeofday() the vDSO's CLOCK_REALTIME moves with the system call's. */
int body_vdso_follows_settimeofday(void)
{
	gettime_fn gettime = vdso_gettime();
	struct timespec ts;
	struct timeval tv;
	long long saved = sys_ns(CLOCK_REALTIME), mono = sys_ns(CLOCK_MONOTONIC), before;

	tv.tv_sec = saved / SEC + 100000;
	tv.tv_usec = 0;
	EXPECT("settimeofday", settimeofday(&tv, NULL), 0);
	before = sys_ns(CLOCK_REALTIME);
	EXPECT("vdso", gettime(CLOCK_REALTIME, &ts), 0);
	EXPECT_TRUE("moved with it", ts_ns(&ts) >= before && ts_ns(&ts) <= sys_ns(CLOCK_REALTIME));
	EXPECT_TRUE("by the 100000 s", ts_ns(&ts) >= saved + 100000 * SEC - SEC);
	restore_realtime(saved, mono);
	return 0;
}

/* A child in a new time namespace (offsets 0) reads its own [vvar]: still the system call's time. */
int body_vdso_in_new_time_namespace(void)
{
	int st;
	pid_t pid;

	EXPECT("unshare(CLONE_NEWTIME)", syscall1(__NR_unshare, CLONE_NEWTIME), 0);
	pid = fork();
	if (pid == 0)
		_exit(vdso_agrees());
	EXPECT_TRUE("fork", pid > 0);
	EXPECT("wait", waitpid(pid, &st, 0), pid);
	EXPECT_TRUE("the child's clocks agree", status_is(st, 0, 0));
	return 0;
}

/* ---- a million calls on a shadow stack, with signals landing in them ---- */

static volatile int alarms;

static void h_alarm(int sig, struct user_siginfo *info, void *uc)
{
	(void)sig;
	(void)info;
	(void)uc;
	alarms++;
}

static int million_calls(void)
{
	gettime_fn gettime = vdso_gettime();
	struct itimerval it = { { 0, 1000 }, { 0, 1000 } }, off = { { 0, 0 }, { 0, 0 } };
	struct timespec ts;
	long long last = 0;

	if (!gettime || set_handler(SIGALRM, h_alarm, true) || setitimer(ITIMER_REAL, &it, NULL))
		return 2;
	for (int i = 0; i < MILLION_CALLS; i++) {
		if (gettime(CLOCK_MONOTONIC, &ts) || ts_ns(&ts) < last)
			return 3;
		last = ts_ns(&ts);
	}
	setitimer(ITIMER_REAL, &off, NULL);
	if (alarms < 1)
		return 4;
	return SHSTK_POINTER() ? 0 : 5;
}

/* Called by main(): skipped where shadow stacks cannot be turned on. */
void case_vdso_million_calls_on_shadow_stack(void)
{
	const char *name = "vdso_million_calls_on_shadow_stack_with_signals";
	int st = run_child(million_calls, SHSTK_MODE_ENABLE);

	bool live = WIFEXITED(st) && WEXITSTATUS(st) != ENABLE_FAILED;

	if (case_skipped(name, LIVE, live, "shadow stacks"))
		return;
	ktap_ok(status_is(st, 0, 0), "%s", name);
}

#ifndef __x86_64__
/* arm64: a handler without SA_RESTORER returns to __kernel_rt_sigreturn, whose address its x30 holds. */
static volatile unsigned long handler_lr;

static void h_lr(int sig, struct user_siginfo *info, void *uc)
{
	(void)sig;
	(void)info;
	(void)uc;
	handler_lr = (unsigned long)__builtin_return_address(0);
}

int body_vdso_sigreturn_trampoline(void)
{
	EXPECT("rt_sigaction", set_handler(SIGUSR1, h_lr, false), 0);
	EXPECT("raise", kill(getpid(), SIGUSR1), 0);
	EXPECT("returned through __kernel_rt_sigreturn", handler_lr,
	       (unsigned long)__vdso_lookup("__kernel_rt_sigreturn", VDSO_VERSION));
	return 0;
}
#endif

// SPDX-License-Identifier: MIT
/*
 * /bin/proc: processes and the small process-wide calls.
 *
 * Proves: exit statuses travel exactly from _exit to wait4/waitid; pids and
 * parent pids relate as they should; vfork suspends the parent and shares
 * memory; execve passes argv and envp through; clone3's CLONE_PIDFD,
 * CLONE_PARENT_SETTID, CLONE_CHILD_SETTID, CLONE_VFORK and CLONE_NEWPID
 * behave as on Linux (including reparenting to a namespace's init);
 * kill(-1) reaches every process of the caller's namespace but itself and
 * the namespace's init; an init that ignores SIGCHLD has a zombie orphan
 * reaped as it arrives;
 * unshare(CLONE_NEWPID) puts the caller's next child, not the caller, into a
 * new namespace as its pid 1 and init, once per generation, and once that
 * init has exited a fork into the namespace is ENOMEM; uname,
 * the id calls, the clocks, nanosleep, sched_yield, the rlimit calls and
 * thread pointer round-trip (arch_test.h); an unknown syscall number gives ENOSYS.
 * Every case expects success with the exact value named in it.
 */
#include "arch_test.h"
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <thread.h>
#include <time.h>
#include <unistd.h>

#define NTESTS 42
#define EXEC_CHECK "--exec-check"
#define MS (1000000LL)

static const char *self_path = "/bin/proc";

/* Waits for pid; returns its wait status, or -1 (and reports) on failure. */
static int wait_for(pid_t pid)
{
	int status;
	pid_t r = wait4(pid, &status, 0, NULL);

	if (r != pid) {
		ktap_print_msg("wait4(%d) returned %d, errno %d", pid, r, errno);
		return -1;
	}
	return status;
}

static bool exited_with(int status, int code)
{
	if (status == -1)
		return false;
	if (!WIFEXITED(status)) {
		ktap_print_msg("child killed by signal %d, expected exit %d", WTERMSIG(status),
			       code);
		return false;
	}
	if (WEXITSTATUS(status) != code)
		ktap_print_msg("exit status %d, expected %d", WEXITSTATUS(status), code);
	return WEXITSTATUS(status) == code;
}

static void test_exit_codes(void)
{
	static const int codes[] = { 0, 1, 42, 255 };

	for (int i = 0; i < 4; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(codes[i]);
		ktap_ok(pid > 0 && exited_with(wait_for(pid), codes[i]), "fork_exit_status_%d",
			codes[i]);
	}
}

static void test_pids(void)
{
	pid_t me = getpid(), pid = fork();

	if (pid == 0)
		_exit(getppid() == me && getpid() != me ? 0 : 1);
	ktap_ok(pid > 0 && pid != me && exited_with(wait_for(pid), 0),
		"child_getppid_is_parent_getpid_differs");
}

static volatile pid_t vfork_shared;
static volatile int vfork_done;

static void test_vfork(void)
{
	pid_t pid;

	vfork_shared = 0;
	vfork_done = 0;
	pid = vfork();
	if (pid == 0) {
		/* Runs while the parent is suspended; writes the parent's memory. */
		vfork_shared = getpid();
		sleep_ms(20); /* sleep-ok: the subject, the parent stays suspended meanwhile */
		vfork_done = 1;
		_exit(9);
	}
	/*
	 * The parent resumes once the child has released the memory (at _exit),
	 * so the child's last store is visible. (Linux wakes the parent before
	 * the child is a zombie, so a WNOHANG wait here could still miss it.)
	 */
	ktap_ok(pid > 0 && vfork_done == 1, "vfork_parent_suspended_until_child_exits");
	ktap_ok(pid > 0 && vfork_shared == pid && exited_with(wait_for(pid), 9),
		"vfork_child_writes_parent_memory");
}

/* The exec'd half of test_execve: checks what it was given. */
static int exec_check(int argc, char **argv)
{
	int nenv = 0;

	for (char **e = environ; *e; e++)
		nenv++;
	if (argc != 3 || strcmp(argv[0], "proc-exec") != 0 || strcmp(argv[2], "hello world") != 0)
		return 3;
	if (nenv != 2 || !getenv("UMBRA_A") || strcmp(getenv("UMBRA_A"), "1") != 0 ||
	    !getenv("UMBRA_B") || strcmp(getenv("UMBRA_B"), "two words") != 0)
		return 4;
	return 0;
}

static void test_execve(void)
{
	char *argv[] = { "proc-exec", EXEC_CHECK, "hello world", NULL };
	char *envp[] = { "UMBRA_A=1", "UMBRA_B=two words", NULL };
	pid_t pid = fork();

	if (pid == 0) {
		execve(self_path, argv, envp);
		_exit(100 + errno);
	}
	ktap_ok(pid > 0 && exited_with(wait_for(pid), 0), "execve_passes_argv_and_envp");

	errno = 0;
	ktap_ok(execve("/nonexistent/program", argv, envp) == -1 && errno == ENOENT,
		"execve_missing_file_enoent");
}

static void test_waitid(void)
{
	siginfo_t si;
	pid_t pid;

	pid = fork();
	if (pid == 0)
		_exit(42);
	memset(&si, 0xa5, sizeof(si));
	ktap_ok(pid > 0 && waitid(P_PID, pid, &si, WEXITED) == 0 && si.si_signo == SIGCHLD &&
			si.si_code == CLD_EXITED && si.si_pid == pid && si.si_status == 42,
		"waitid_p_pid_exited_siginfo");

	pid = fork();
	if (pid == 0)
		_exit(7);
	memset(&si, 0xa5, sizeof(si));
	ktap_ok(pid > 0 && waitid(P_ALL, 0, &si, WEXITED) == 0 && si.si_signo == SIGCHLD &&
			si.si_code == CLD_EXITED && si.si_pid == pid && si.si_status == 7,
		"waitid_p_all_exited_siginfo");

	pid = fork();
	if (pid == 0)
		for (;;)
			sched_yield();
	kill(pid, SIGKILL);
	memset(&si, 0xa5, sizeof(si));
	ktap_ok(pid > 0 && waitid(P_PID, pid, &si, WEXITED) == 0 && si.si_code == CLD_KILLED &&
			si.si_pid == pid && si.si_status == SIGKILL,
		"waitid_killed_child_siginfo");
}

static void test_no_children(const char *when)
{
	int status;
	siginfo_t si;

	errno = 0;
	ktap_ok(wait4(-1, &status, 0, NULL) == -1 && errno == ECHILD, "wait4_no_children_echild_%s",
		when);
	errno = 0;
	ktap_ok(waitid(P_ALL, 0, &si, WEXITED) == -1 && errno == ECHILD,
		"waitid_no_children_echild_%s", when);
}

static void test_kill(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		for (;;)
			;
	sleep_ms(10); /* sleep-ok: a window; killed before it runs, the child ends the same */
	ktap_ok(pid > 0 && kill(pid, SIGKILL) == 0 && (status = wait_for(pid)) != -1 &&
			WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
		"kill_sigkill_looping_child");
	errno = 0;
	ktap_ok(kill(getpid(), 65) == -1 && errno == EINVAL, "kill_invalid_signal_einval");
	ktap_ok(tgkill(getpid(), gettid(), 0) == 0, "tgkill_signal_0_self");
}

static void clone_args_init(struct clone_args *a, uint64_t flags)
{
	memset(a, 0, sizeof(*a));
	a->flags = flags;
	a->exit_signal = SIGCHLD;
}

static void test_clone3_flags(void)
{
	struct clone_args a;
	int pidfd = -1, ptid = 0, ctid = 0;
	long long t0, t1;
	long pid;

	clone_args_init(&a, CLONE_PIDFD);
	a.pidfd = (uint64_t)(uintptr_t)&pidfd;
	pid = syscall_clone3_exit0(&a, sizeof(a));
	ktap_ok(pid > 0 && pidfd >= 3 && close(pidfd) == 0 && exited_with(wait_for((pid_t)pid), 0),
		"clone3_pidfd_is_valid_fd");

	clone_args_init(&a, CLONE_PARENT_SETTID | CLONE_CHILD_SETTID);
	a.parent_tid = (uint64_t)(uintptr_t)&ptid;
	a.child_tid = (uint64_t)(uintptr_t)&ctid;
	fflush_stdout();
	pid = clone3(&a, sizeof(a));
	if (pid == 0)
		_exit(ctid == gettid() ? 0 : 1); /* the child's copy holds its tid */
	ktap_ok(pid > 0 && ptid == pid, "clone3_parent_settid_is_child_tid");
	ktap_ok(pid > 0 && ctid == 0 && exited_with(wait_for((pid_t)pid), 0),
		"clone3_child_settid_in_child_only");

	/* Without CLONE_VM nothing is shared: time the parent's suspension. */
	clone_args_init(&a, CLONE_VFORK);
	fflush_stdout();
	t0 = monotonic_ns();
	pid = clone3(&a, sizeof(a));
	if (pid == 0) {
		sleep_ms(30); /* sleep-ok: the subject, the parent's suspension is timed */
		_exit(5);
	}
	t1 = monotonic_ns();
	ktap_ok(pid > 0 && t1 - t0 >= 30 * MS && exited_with(wait_for((pid_t)pid), 5),
		"clone3_vfork_parent_waits_for_exit");
}

/* Child half of the orphan case, run as pid 1 of a new PID namespace. */
static int ns_init(void)
{
	int status, good = 0, n = 0;
	pid_t mid;

	if (getpid() != 1 || getppid() != 0)
		return 1;
	mid = fork();
	if (mid == 0) {
		if (fork() == 0) {
			/* Grandchild: wait for the middle process to die (a hang's bound, HANG_MS). */
			for (int i = 0; i < HANG_MS / 10 && getppid() != 1; i++)
				sleep_ms(10); /* sleep-ok: a poll's interval */
			_exit(getppid() == 1 ? 7 : 8);
		}
		_exit(0);
	}
	while (wait4(-1, &status, 0, NULL) > 0) {
		n++;
		if (WIFEXITED(status) && WEXITSTATUS(status) == 7)
			good++;
	}
	return n == 2 && good == 1 ? 0 : 2;
}

/*
 * As a new namespace's init: kill(-1, SIGUSR1) from one of its processes
 * reaches every other process there -- not the caller, not the init (Linux's
 * kill_something_info(): a number above 1 in the caller's namespace, not
 * its own thread group), not a process outside -- and once no other is left,
 * kill(-1, 0) is ESRCH.
 */
static int kill_all_in_ns(void)
{
	pid_t sleepers[3], sender;
	int st;

	for (int i = 0; i < 3; i++) {
		sleepers[i] = fork();
		if (sleepers[i] == 0)
			for (;;)
				sleep_ms(1000); /* sleep-ok: waits to be killed */
		if (sleepers[i] < 0)
			return 10;
	}
	sender = fork();
	if (sender == 0)
		_exit(kill(-1, SIGUSR1) == 0 ? 0 : 1);
	if (!exited_with(wait_for(sender), 0))
		return 11; /* killed by its own signal, or kill() failed */
	for (int i = 0; i < 3; i++) {
		st = wait_for(sleepers[i]);
		if (st == -1 || !WIFSIGNALED(st) || WTERMSIG(st) != SIGUSR1)
			return 12 + i;
	}
	errno = 0;
	if (kill(-1, 0) != -1 || errno != ESRCH)
		return 20;
	return 0;
}

/*
 * As a new namespace's init that ignores SIGCHLD: a child (SIGCHLD back to
 * the default, so it keeps its own child's zombie) leaves an orphan that is
 * already a zombie -- waitid's WNOWAIT sees it exit without reaping it --
 * and the orphan, reaching this init, is reaped at once, as its parent was
 * (Linux's reparent_leader()): wait4 says ECHILD and nothing is left.
 */
static int orphan_zombie_to_ignoring_init(void)
{
	struct kernel_sigaction ign = { (unsigned long)SIG_IGN, 0, 0, 0 };
	struct kernel_sigaction dfl = { (unsigned long)SIG_DFL, 0, 0, 0 };
	int seen[2];
	pid_t middle;

	if (syscall(__NR_rt_sigaction, SIGCHLD, &ign, NULL, 8) != 0 || pipe(seen) != 0)
		return 10;
	middle = fork();
	if (middle == 0) {
		siginfo_t si;
		pid_t orphan;

		if (syscall(__NR_rt_sigaction, SIGCHLD, &dfl, NULL, 8) != 0)
			_exit(1);
		orphan = fork();
		if (orphan == 0)
			_exit(0);
		if (waitid(P_PID, orphan, &si, WEXITED | WNOWAIT) == 0)
			write(seen[1], "z", 1);
		_exit(0);
	}
	close(seen[1]);
	if (middle < 0)
		return 11;
	errno = 0;
	if (wait4(-1, NULL, 0, NULL) != -1 || errno != ECHILD)
		return 12; /* the orphan's zombie was left to this init */
	char c;

	if (read(seen[0], &c, 1) != 1)
		return 13; /* the orphan was never a zombie of the middle child */
	errno = 0;
	if (kill(-1, 0) != -1 || errno != ESRCH)
		return 14;
	return 0;
}

/* body runs as the init of a new PID namespace, exiting with what it returns: the child's pid here. */
static long clone_as_ns_init(int (*body)(void))
{
	struct clone_args a;
	long pid;

	clone_args_init(&a, CLONE_NEWPID);
	fflush_stdout();
	pid = clone3(&a, sizeof(a));
	if (pid == 0)
		_exit(body());
	return pid;
}

/* One case: body runs as the init of a new PID namespace and passes by exiting 0. */
static void case_as_ns_init(int (*body)(void), const char *name)
{
	long pid = clone_as_ns_init(body);

	ktap_ok(pid > 1 && exited_with(wait_for((pid_t)pid), 0), "%s", name);
}

static int is_pid_1(void)
{
	return getpid() == 1 ? 0 : 1;
}

static void test_newpid(void)
{
	long pid = clone_as_ns_init(is_pid_1);

	if (pid < 0) {
		ktap_print_msg("clone3(CLONE_NEWPID) failed: errno %d", errno);
		ktap_ok(false, "clone3_newpid_child_is_pid_1");
		ktap_ok(false, "clone3_newpid_orphan_reparented_to_ns_init");
		ktap_ok(false, "kill_minus_one_reaches_all_but_caller_and_init");
		ktap_ok(false, "orphan_zombie_reaped_by_init_that_ignores_sigchld");
		return;
	}
	ktap_ok(pid > 1 && pid != getpid() && exited_with(wait_for((pid_t)pid), 0),
		"clone3_newpid_child_is_pid_1");
	case_as_ns_init(ns_init, "clone3_newpid_orphan_reparented_to_ns_init");
	case_as_ns_init(kill_all_in_ns, "kill_minus_one_reaches_all_but_caller_and_init");
	case_as_ns_init(orphan_zombie_to_ignoring_init,
			"orphan_zombie_reaped_by_init_that_ignores_sigchld");
}

/*
 * In a child, so this process's own children stay where they are: the
 * caller keeps its pid, a second unshare(CLONE_NEWPID) before a fork is
 * EINVAL (Linux's copy_pid_ns()), and the next child is pid 1 of the new
 * namespace with init's duty of reaping orphans (ns_init).
 */
static int unshare_child(void)
{
	pid_t me = getpid(), pid;

	if (syscall(__NR_unshare, CLONE_NEWPID) != 0)
		return 10 + errno;
	if (getpid() != me)
		return 3;
	if (syscall(__NR_unshare, CLONE_NEWPID) != -1 || errno != EINVAL)
		return 4;
	fflush_stdout();
	pid = fork();
	if (pid == 0)
		_exit(ns_init());
	if (pid <= 1)
		return 5;
	return exited_with(wait_for(pid), 0) ? 0 : 6;
}

/*
 * pid_namespaces(7): once a namespace's init has exited, a fork into it
 * fails with ENOMEM -- the namespace takes no new process, whose only
 * reaper would be gone. In a child that unshares, forks the init, which
 * exits at once, and then tries fork() and clone3() into the namespace.
 */
static int dead_ns_child(void)
{
	struct clone_args a;
	pid_t pid;

	if (syscall(__NR_unshare, CLONE_NEWPID) != 0)
		return 10 + errno;
	fflush_stdout();
	pid = fork();
	if (pid == 0)
		_exit(0);
	if (pid <= 1 || !exited_with(wait_for(pid), 0))
		return 3;
	pid = fork();
	if (pid == 0)
		_exit(0);
	if (pid != -1 || errno != ENOMEM)
		return 4;
	clone_args_init(&a, 0);
	pid = clone3(&a, sizeof(a));
	if (pid == 0)
		_exit(0);
	if (pid != -1 || errno != ENOMEM)
		return 5;
	return 0;
}

static void test_unshare(void)
{
	pid_t pid;

	fflush_stdout();
	pid = fork();
	if (pid == 0)
		_exit(unshare_child());
	ktap_ok(pid > 0 && exited_with(wait_for(pid), 0), "unshare_newpid_next_child_is_ns_init");
	fflush_stdout();
	pid = fork();
	if (pid == 0)
		_exit(dead_ns_child());
	ktap_ok(pid > 0 && exited_with(wait_for(pid), 0),
		"fork_into_pid_ns_whose_init_exited_enomem");
	/* Bit 0 is CSIGNAL's, no flag: EINVAL; what nothing shares unshares as a no-op. */
	ktap_ok(syscall(__NR_unshare, 1) == -1 && errno == EINVAL &&
			syscall(__NR_unshare, CLONE_FILES | CLONE_FS | CLONE_SYSVSEM) == 0,
		"unshare_unknown_flag_einval_unshared_files_noop");
}

static void test_uname_ids(void)
{
	struct utsname u;

	memset(&u, 0, sizeof(u));
	if (uname(&u) == 0)
		ktap_print_msg("uname: %s %s %s", u.sysname, u.release, u.machine);
	ktap_ok(uname(&u) == 0 && strcmp(u.machine, ARCH_UNAME_MACHINE) == 0 && u.sysname[0] != 0,
		"uname_machine_%s", ARCH_UNAME_MACHINE);
	ktap_ok(getuid() == 0 && geteuid() == 0 && getgid() == 0 && getegid() == 0, "ids_are_root");
}

static void test_clocks(void)
{
	struct timespec ts, ten = { 0, 10 * MS };
	long long t0, t1;

	t0 = monotonic_ns();
	nanosleep(&ten, NULL);
	t1 = monotonic_ns();
	ktap_print_msg("nanosleep(10 ms) took %lld ns", t1 - t0);
	ktap_ok(t0 >= 0 && t1 - t0 >= 10 * MS, "clock_monotonic_advances_across_nanosleep_10ms");
	ktap_ok(clock_gettime(CLOCK_REALTIME, &ts) == 0 && ts.tv_nsec >= 0 &&
			ts.tv_nsec < 1000000000L && ts.tv_sec >= 0,
		"clock_realtime_works");
	errno = 0;
	ktap_ok(clock_gettime(12345, &ts) == -1 && errno == EINVAL,
		"clock_gettime_bad_clock_einval");
	ten.tv_nsec = 1000000000L;
	errno = 0;
	ktap_ok(nanosleep(&ten, NULL) == -1 && errno == EINVAL, "nanosleep_bad_nsec_einval");
	ktap_ok(sched_yield() == 0, "sched_yield_returns_0");
}

static void test_rlimit(void)
{
	struct rlimit orig, want, old, now;
	bool ok;

	ok = getrlimit(RLIMIT_STACK, &orig) == 0;
	want.rlim_cur = 4UL << 20;
	want.rlim_max = orig.rlim_max;
	ok = ok && prlimit64(0, RLIMIT_STACK, &want, &old) == 0 && old.rlim_cur == orig.rlim_cur &&
	     old.rlim_max == orig.rlim_max;
	ok = ok && getrlimit(RLIMIT_STACK, &now) == 0 && now.rlim_cur == 4UL << 20 &&
	     now.rlim_max == orig.rlim_max;
	ktap_ok(ok, "prlimit64_set_stack_4mib_getrlimit_reads_it");
	ok = prlimit64(0, RLIMIT_STACK, NULL, &now) == 0 && now.rlim_cur == 4UL << 20;
	ok = ok && setrlimit(RLIMIT_STACK, &orig) == 0 && getrlimit(RLIMIT_STACK, &now) == 0 &&
	     now.rlim_cur == orig.rlim_cur && now.rlim_max == orig.rlim_max;
	ktap_ok(ok, "setrlimit_restores_stack_limit");
	want.rlim_cur = 8;
	want.rlim_max = 4;
	errno = 0;
	ktap_ok(setrlimit(RLIMIT_STACK, &want) == -1 && errno == EINVAL,
		"setrlimit_soft_above_hard_einval");
}

/* The thread pointer set, read back and restored (how is the arch's: arch_test.h). */
static void test_thread_pointer(void)
{
	struct {
		void *self;
		long pad[7];
	} block;
	unsigned long before;
	bool ok;

	/* No errno (which lives behind the thread pointer) while it points at block. */
	block.self = &block;
	ok = arch_test_tp_roundtrip(&block, &before);
	ktap_ok(ok && before == (unsigned long)thread_self(), "%s", ARCH_TP_ROUNDTRIP_NAME);
}

static void test_enosys(void)
{
	errno = 0;
	ktap_ok(syscall(1000) == -1 && errno == ENOSYS, "unknown_syscall_1000_enosys");
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], EXEC_CHECK) == 0)
		return exec_check(argc, argv);
	if (argc >= 1 && strchr(argv[0], '/'))
		self_path = argv[0];

	ktap_header();
	ktap_plan(NTESTS);
	test_exit_codes();
	test_pids();
	test_vfork();
	test_execve();
	test_waitid();
	test_no_children("after_waits");
	test_kill();
	test_clone3_flags();
	test_newpid();
	test_unshare();
	test_no_children("after_clone3");
	test_uname_ids();
	test_clocks();
	test_rlimit();
	test_thread_pointer();
	test_enosys();
	return ktap_finish();
}

// SPDX-License-Identifier: MIT
/*
 * /bin/hostile: the defect classes a syscall fuzzer found in the generic
 * kernel, one case each, every one of which crashed, hung or misled the
 * kernel before its fix. What each proves, with the result Linux gives:
 *
 *  - a vfork parent killed while it waits is gone before its child exits;
 *    the child's exit must not touch it (the memory is reused in between);
 *  - a child cloned with exit signal SIGKILL cannot kill a namespace's init,
 *    neither as its own child nor as an orphan reparented to it (the exit
 *    signal of an orphan becomes SIGCHLD); a CLONE_PARENT child signals the
 *    shared parent with its caller's exit signal;
 *  - time-outs of LONG_MAX seconds (nanosleep, clock_nanosleep, futex) sleep
 *    until killed instead of overflowing into a short sleep;
 *  - creating threads until the kernel refuses ends in EAGAIN (Linux's
 *    threads-max, read from /proc/sys/kernel/threads-max: the machine's
 *    own, derived from its RAM), and afterwards every page is free again;
 *    RLIMIT_NPROC does not bind root, as in Linux;
 *  - clone(2) ignores flag bits above 31 (CLONE_CLEAR_SIGHAND is clone3's);
 *  - execve finds "//bin//hostile", runs an ELF whose PT_LOADs overlap out
 *    of address order, and kills (SIGSEGV) a process whose ELF entry lies
 *    outside user space.
 */
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <ktap.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread.h>
#include <time.h>
#include <unistd.h>

#define NTESTS 17
#define EXEC_OK "--exec-ok"
#define LONG_MAX_SEC 0x7fffffffffffffffL
#define CLOCK_MONOTONIC_ID 1
#define TIMER_ABSTIME_FLAG 1

/* The wait status of pid, or -1 (reported) when wait4 fails. */
static int wait_status(pid_t pid, int options)
{
	int status;
	pid_t r = wait4(pid, &status, options, NULL);

	if (r != pid) {
		ktap_print_msg("wait4(%d) returned %d, errno %d", pid, r, errno);
		return -1;
	}
	return status;
}

static bool exited(int status, int code)
{
	if (status != -1 && !(WIFEXITED(status) && WEXITSTATUS(status) == code))
		ktap_print_msg("status %#x, expected exit %d", status, code);
	return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == code;
}

static bool killed_by(int status, int sig)
{
	if (status != -1 && !(WIFSIGNALED(status) && WTERMSIG(status) == sig))
		ktap_print_msg("status %#x, expected death by signal %d", status, sig);
	return status != -1 && WIFSIGNALED(status) && WTERMSIG(status) == sig;
}

/* Writes a pattern over fresh pages, so freed kernel memory comes back holding it. */
static void scribble_fresh_pages(size_t bytes)
{
	unsigned char *p =
		mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return;
	memset(p, 0x41, bytes);
	munmap(p, bytes);
}

/* ---- vfork ---- */

/*
 * The vfork child kills its waiting parent, lets it die and be reaped,
 * waits while the test recycles memory, then exits. Before the fix the
 * exit woke the freed parent: the scheduler ran a page of 0x41s as a task.
 * Two handshakes order it on any machine: the child waits at the gate
 * recycled until the test has reaped and scribbled, and the test waits for
 * the end of file on gone, whose last write end the child's exit closes.
 */
static void test_vfork_parent_killed(void)
{
	bool ok = true;

	for (int round = 0; round < 4 && ok; round++) {
		struct gate recycled, gone;
		pid_t parent;
		char c;

		if (!gate_make(&recycled) || !gate_make(&gone)) {
			ok = false;
			break;
		}
		parent = fork();
		if (parent == 0) {
			if (vfork() == 0) {
				kill(getppid(), SIGKILL);
				gate_pass(&recycled);
				_exit(0);
			}
			_exit(1); /* never reached: the kill ends the vfork wait */
		}
		gate_waiter(&gone);
		ok = parent > 0 && killed_by(wait_status(parent, 0), SIGKILL);
		scribble_fresh_pages(4 << 20);
		gate_lift(&recycled);
		while (read(gone.rd, &c, 1) < 0 && errno == EINTR)
			; /* the orphaned vfork child has exited */
		gate_close(&recycled);
		gate_close(&gone);
	}
	ktap_ok(ok, "vfork_parent_killed_child_exits_later");
}

/* ---- exit signals and a namespace's init ---- */

/* A fork-like clone(2) whose child sends exit_signal to its parent when it dies. */
static pid_t fork_with_exit_signal(int exit_signal)
{
	return (pid_t)syscall(__NR_clone, exit_signal, 0, 0, 0, 0);
}

static bool parent_is_not(void *pid)
{
	return getppid() != (pid_t)(long)pid;
}

static pid_t fork_into_new_pid_ns(void)
{
	struct clone_args args = { .flags = CLONE_NEWPID, .exit_signal = SIGCHLD };

	return (pid_t)clone3(&args, sizeof(args));
}

/*
 * In a new PID namespace, its init clones a child with exit signal SIGKILL
 * (own_child) or gets one as an orphan; either way init must survive the
 * child's death and reap it. Exit codes say where it went wrong.
 */
static int ns_init_body(bool own_child)
{
	pid_t c;

	if (own_child) {
		c = fork_with_exit_signal(SIGKILL);
		if (c == 0) {
			/* Either order passes: the death mostly finds init in its wait4. */
			sleep_ms(30); /* sleep-ok: a window, no synchronization */
			_exit(0);
		}
		if (c < 0)
			return 10;
		/* A child whose exit signal is not SIGCHLD is a "clone child": __WALL. */
		return wait4(c, NULL, __WALL, NULL) == c ? 0 : 11;
	}
	pid_t middle = fork();

	if (middle == 0) {
		pid_t me = getpid();

		if (fork_with_exit_signal(SIGKILL) == 0) {
			/* Until its parent is gone and it is ours: getppid() says so. */
			wait_until(parent_is_not, (void *)(long)me, "the reparenting");
			_exit(0);
		}
		_exit(0);
	}
	if (middle < 0 || wait4(middle, NULL, 0, NULL) != middle)
		return 12;
	/* The orphan's exit signal is SIGCHLD now: a plain wait finds it. */
	return wait4(-1, NULL, 0, NULL) > 0 ? 0 : 13;
}

static void test_exit_signal_sigkill(bool own_child, const char *name)
{
	pid_t init = fork_into_new_pid_ns();

	if (init == 0)
		_exit(ns_init_body(own_child));
	ktap_ok(init > 0 && exited(wait_status(init, 0), 0), "%s", name);
}

/*
 * A CLONE_PARENT child is its caller's sibling and signals the shared
 * parent with the caller's own exit signal (Linux's copy_process()), here
 * SIGCHLD: a plain wait4() finds it. Before, it got exit signal 0 and only
 * __WALL saw it.
 */
static void test_clone_parent_exit_signal(void)
{
	pid_t caller = fork(), sibling = -1;
	int status = -1;

	if (caller == 0) {
		pid_t c = (pid_t)syscall(__NR_clone, CLONE_PARENT, 0, 0, 0, 0);

		if (c == 0)
			_exit(42);
		_exit(c > 0 ? 0 : 1);
	}
	bool caller_ok = caller > 0 && exited(wait_status(caller, 0), 0);

	if (caller_ok)
		sibling = wait4(-1, &status, 0, NULL);
	if (sibling < 0)
		ktap_print_msg("wait4(-1) found no sibling: errno %d", errno);
	ktap_ok(caller_ok && sibling > 0 && exited(status, 42),
		"clone_parent_child_inherits_callers_exit_signal");
}

/* ---- time-outs that never end ---- */

static volatile uint32_t futex_word;

enum sleeper { SLEEP_NANOSLEEP, SLEEP_ABSTIME, SLEEP_FUTEX };

static void sleep_forever(enum sleeper how)
{
	struct timespec ts = { LONG_MAX_SEC, 999999999 };

	switch (how) {
	case SLEEP_NANOSLEEP:
		nanosleep(&ts, NULL);
		break;
	case SLEEP_ABSTIME:
		syscall(__NR_clock_nanosleep, CLOCK_MONOTONIC_ID, TIMER_ABSTIME_FLAG, &ts, NULL);
		break;
	case SLEEP_FUTEX:
		futex(&futex_word, FUTEX_WAIT_PRIVATE, 0, &ts);
		break;
	}
}

/* Whether task pid no longer runs: it sleeps, or has ended (then its state is no 'R'). */
static bool not_running(void *pid)
{
	return task_state((int)(long)pid) != 'R';
}

/*
 * The sleeper must still sleep 300 ms after it fell asleep (waited for in
 * /proc/PID/status, however long the fork takes); then SIGKILL ends it.
 */
static void test_sleeps_forever(enum sleeper how, const char *name)
{
	pid_t pid = fork();

	if (pid == 0) {
		sleep_forever(how);
		_exit(7); /* woke up: the time-out overflowed */
	}
	if (pid > 0)
		wait_until(not_running, (void *)(long)pid, "the sleeper's sleep");
	sleep_ms(300); /* sleep-ok: the subject, a sleep that must not end */

	bool asleep = pid > 0 && wait4(pid, NULL, WNOHANG, NULL) == 0;

	if (pid > 0)
		kill(pid, SIGKILL);
	ktap_ok(asleep && killed_by(wait_status(pid, 0), SIGKILL), "%s", name);
}

/* ---- the task limit ---- */

static volatile uint32_t never;

static int block_forever(void *arg)
{
	(void)arg;
	for (;;)
		futex(&never, FUTEX_WAIT_PRIVATE, 0, NULL);
	return 0;
}

/*
 * How many tasks the machine allows: Linux's threads-max, derived from its
 * RAM (kernel/fork.c, set_max_threads()), or pid_max when that is lower --
 * every thread takes a PID, and alloc_pid() refuses with EAGAIN too.
 */
static unsigned long task_limit(void)
{
	unsigned long threads_max = proc_number("/proc/sys/kernel/threads-max");
	unsigned long pid_max = proc_number("/proc/sys/kernel/pid_max");

	return threads_max < pid_max ? threads_max : pid_max;
}

/*
 * Starts threads until one is refused, at most the machine's limit; exits
 * with that errno (0 when none was refused: a limit not enforced).
 * exit_group ends them all.
 */
static int thread_bomb(unsigned long limit)
{
	size_t bytes = (limit + 1) * sizeof(struct thread);
	struct thread *threads =
		mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct thread_attr attr = { .stack_size = 16384 };
	unsigned long n = 0;
	int err = 0;

	if (threads == MAP_FAILED) {
		ktap_print_msg("mmap of %zu bytes: errno %d", bytes, errno);
		_exit(101);
	}
	while (n <= limit) {
		err = thread_create(&threads[n], block_forever, NULL, &attr);
		if (err)
			break;
		n++;
	}
	ktap_print_msg("thread %lu refused: errno %d (the machine's limit: %lu tasks)", n + 1, -err,
		       limit);
	/* Linux's floor for threads-max is 20; the tasks before the bomb are far fewer than half. */
	_exit(n >= 20 && n > limit / 2 ? -err : 100);
}

static void test_thread_bomb(void)
{
	unsigned long limit = task_limit();
	unsigned long before = free_pages();
	pid_t pid = limit ? fork() : -1;

	if (pid == 0)
		thread_bomb(limit);
	ktap_ok(pid > 0 && exited(wait_status(pid, 0), EAGAIN), "thread_bomb_ends_in_eagain");

	unsigned long after = free_pages();

	if (!on_umbra()) {
		ktap_skip("thread_bomb_frees_every_page", "not Umbra: freeram moves on its own");
		return;
	}
	if (after != before)
		ktap_print_msg("free pages %lu before, %lu after", before, after);
	ktap_ok(after == before, "thread_bomb_frees_every_page");
}

/* Linux's copy_process() spares root from RLIMIT_NPROC; everything here is root. */
static void test_rlimit_nproc_root(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		struct rlimit none = { 0, 0 };

		if (setrlimit(RLIMIT_NPROC, &none) != 0)
			_exit(2);

		pid_t c = fork();

		if (c < 0)
			_exit(3);
		if (c == 0)
			_exit(0);
		_exit(wait4(c, NULL, 0, NULL) == c ? 0 : 4);
	}
	ktap_ok(pid > 0 && exited(wait_status(pid, 0), 0), "rlimit_nproc_zero_root_still_forks");
}

/* ---- clone(2)'s 32-bit flags ---- */

static void some_handler(int sig)
{
	(void)sig;
}

/* CLONE_CLEAR_SIGHAND is bit 32: clone(2) must not see it, so the handler stays. */
static void test_clone_ignores_high_flags(void)
{
	struct kernel_sigaction act = { .sa_handler = (unsigned long)some_handler }, old;
	long r = syscall(__NR_rt_sigaction, SIGUSR1, &act, NULL, 8);
	pid_t pid = (pid_t)syscall(__NR_clone, CLONE_CLEAR_SIGHAND | SIGCHLD, 0, 0, 0, 0);

	if (pid == 0) {
		if (syscall(__NR_rt_sigaction, SIGUSR1, NULL, &old, 8) != 0)
			_exit(2);
		_exit(old.sa_handler == (unsigned long)some_handler ? 0 : 3);
	}
	ktap_ok(r == 0 && pid > 0 && exited(wait_status(pid, 0), 0),
		"clone_ignores_flag_bits_above_31");
}

/* ---- execve ---- */

static int exec_status(const char *path)
{
	char *argv[] = { "hostile", EXEC_OK, NULL };
	char *envp[] = { NULL };
	pid_t pid = fork();

	if (pid == 0) {
		execve(path, argv, envp);
		_exit(100 + errno);
	}
	return pid > 0 ? wait_status(pid, 0) : -1;
}

/* Built from this program by scripts/elfpatch (user/build.mk). */
static void test_exec(void)
{
	ktap_ok(exited(exec_status("//bin//hostile"), 0), "execve_path_with_double_slashes");
	ktap_ok(exited(exec_status("/bin/./../bin/hostile"), 0), "execve_path_with_dot_components");
	ktap_ok(exited(exec_status("/bin/hostile-overlap"), 0),
		"execve_pt_loads_overlapping_out_of_order");
	ktap_ok(killed_by(exec_status("/bin/hostile-badentry"), SIGSEGV),
		"execve_entry_outside_user_space_sigsegv");
	/* Linux's may_open(MAY_EXEC): no x bit at all, even for root, or not a regular file. */
	ktap_ok(exited(exec_status("/bin/hostile-noexec"), 100 + EACCES),
		"execve_file_without_execute_bit_eacces");
	ktap_ok(exited(exec_status("/bin"), 100 + EACCES), "execve_directory_eacces");
}

/* The exec'd half: reads its read-only data (the segment the overlap test remaps). */
static const char exec_marker[] = "hostile exec ok";

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], EXEC_OK) == 0)
		return strcmp(exec_marker, "hostile exec ok") == 0 ? 0 : 1;

	ktap_header();
	ktap_plan(NTESTS);
	test_vfork_parent_killed();
	test_exit_signal_sigkill(true, "ns_init_survives_own_child_exit_signal_sigkill");
	test_exit_signal_sigkill(false, "ns_init_survives_orphan_exit_signal_sigkill");
	test_clone_parent_exit_signal();
	test_sleeps_forever(SLEEP_NANOSLEEP, "nanosleep_long_max_sleeps_until_killed");
	test_sleeps_forever(SLEEP_ABSTIME, "clock_nanosleep_abstime_long_max_sleeps_until_killed");
	test_sleeps_forever(SLEEP_FUTEX, "futex_wait_long_max_timeout_sleeps_until_killed");
	test_thread_bomb();
	test_rlimit_nproc_root();
	test_clone_ignores_high_flags();
	test_exec();
	return ktap_finish();
}

// SPDX-License-Identifier: MIT
/* Forked children for the test cases (test.h). */
#include "shstk_enable.h"
#include "test.h"
#include <errno.h>
#include <ktap.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/*
 * The child's side of run_child(): sets mode, runs body, exits with its
 * result. Never returns, so the shadow-stack enable may happen in its frame.
 */
static void __attribute__((noreturn)) child_side(int (*body)(void), unsigned long mode)
{
	if (mode) {
		long r = SHSTK_SET_MODE(mode);

		if (r != 0) {
			note("child: %s mode %#lx says %ld", SHSTK_SET_MODE_NAME, mode, r);
			SHSTK_EXIT(ENABLE_FAILED);
		}
	}
	SHSTK_EXIT(body());
}

/* Forks a child that runs body in mode; its pid, or -1 (said in a note). */
static pid_t start_child(int (*body)(void), unsigned long mode)
{
	pid_t pid;

	fflush_stdout(); /* nothing buffered may be flushed twice */
	pid = fork();
	if (pid == 0)
		child_side(body, mode);
	if (pid < 0)
		note("fork: errno %d", errno);
	return pid;
}

int run_child(int (*body)(void), unsigned long mode)
{
	int status = -1;
	pid_t pid = start_child(body, mode);

	if (pid < 0)
		return -1;
	if (wait4(pid, &status, 0, NULL) != pid) {
		note("wait4: errno %d", errno);
		return -1;
	}
	return status;
}

/*
 * The children's progress count, in a page shared with them (mapped before
 * the first fork, so every child and its threads see the watchdog's copy).
 */
static unsigned long *progress;

void test_progress(void)
{
	if (progress)
		__atomic_fetch_add(progress, 1, __ATOMIC_RELAXED);
}

int run_child_within(int (*body)(void), unsigned long mode, long ms)
{
	long long deadline = monotonic_ns() + ms * 1000000LL;
	unsigned long seen;
	int status = -1;
	pid_t pid, r;

	if (!progress) {
		void *p =
			mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED) {
			note("mmap of the progress page: errno %d", errno);
			return -1;
		}
		progress = p;
	}
	seen = __atomic_load_n(progress, __ATOMIC_RELAXED);
	pid = start_child(body, mode);
	if (pid < 0)
		return -1;
	while ((r = wait4(pid, &status, WNOHANG, NULL)) == 0) {
		unsigned long now = __atomic_load_n(progress, __ATOMIC_RELAXED);

		if (now != seen) {
			seen = now;
			deadline = monotonic_ns() + ms * 1000000LL;
		} else if (monotonic_ns() >= deadline) {
			break;
		}
		sleep_ms(10); /* sleep-ok: the watchdog's poll interval */
	}
	if (r == pid)
		return status;
	if (r == 0) {
		note("the child made no progress for %ld ms: killed", ms);
		kill(pid, SIGKILL);
	} else {
		note("wait4: errno %d", errno);
	}
	wait4(pid, &status, 0, NULL);
	return -1;
}

bool status_is(int st, int exit_code, int sig)
{
	if (st == -1)
		return false;
	if (!sig && WIFEXITED(st) && WEXITSTATUS(st) == exit_code)
		return true;
	if (sig && WIFSIGNALED(st) && WTERMSIG(st) == sig)
		return true;
	if (WIFEXITED(st))
		note("child exited with %d, want %s %d", WEXITSTATUS(st),
		     sig ? "death by signal" : "exit", sig ? sig : exit_code);
	else
		note("child killed by signal %d, want %s %d", WTERMSIG(st),
		     sig ? "death by signal" : "exit", sig ? sig : exit_code);
	return false;
}

bool child_result(int (*body)(void), unsigned long mode, int sig, int exit_code)
{
	return status_is(run_child(body, mode), exit_code, sig);
}

bool test_case_run(const struct test_case *c, bool in_child)
{
	int code, st = 0;

	if (in_child) {
		st = run_child(c->fn, 0);
		code = WIFEXITED(st) ? WEXITSTATUS(st) : 0;
	} else {
		code = c->fn();
	}
	if (code)
		note("%s: failed at check %d", c->name, code);
	return ktap_ok(in_child ? status_is(st, 0, 0) : code == 0, "%s", c->name);
}

int test_cases_run(const struct test_case *cases, unsigned int n, bool in_child)
{
	ktap_header();
	ktap_plan(n);
	for (unsigned int i = 0; i < n; i++)
		test_case_run(&cases[i], in_child);
	return ktap_finish();
}

int exec_self(const char *self, const char *mode)
{
	char *argv[3] = { (char *)self, (char *)mode, NULL };
	char *envp[1] = { NULL };

	execve(self, argv, envp);
	note("execve(%s): errno %d", self, errno);
	return 120;
}

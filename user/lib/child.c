// SPDX-License-Identifier: MIT
/* Forked children for the test cases (test.h). */
#include "shstk_enable.h"
#include "test.h"
#include <errno.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int run_child(int (*body)(void), unsigned long mode)
{
	int status = -1;
	pid_t pid;

	fflush_stdout(); /* nothing buffered may be flushed twice */
	pid = fork();
	if (pid == 0) {
		if (mode) {
			long r = SHSTK_SET_MODE(mode);

			if (r != 0) {
				note("child: %s mode %#lx says %ld", SHSTK_SET_MODE_NAME, mode, r);
				SHSTK_EXIT(ENABLE_FAILED);
			}
		}
		SHSTK_EXIT(body());
	}
	if (pid < 0) {
		note("fork: errno %d", errno);
		return -1;
	}
	if (wait4(pid, &status, 0, NULL) != pid) {
		note("wait4: errno %d", errno);
		return -1;
	}
	return status;
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

int exec_self(const char *self, const char *mode)
{
	char *argv[3] = { (char *)self, (char *)mode, NULL };
	char *envp[1] = { NULL };

	execve(self, argv, envp);
	note("execve(%s): errno %d", self, errno);
	return 120;
}

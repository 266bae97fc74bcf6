// SPDX-License-Identifier: MIT
/* Process creation and ending: fork, _exit, exit, exit_thread, abort. */
#include "../internal.h"
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * fork() as clone3 with no flags and SIGCHLD as the exit signal (a VER0
 * struct). Buffered output is flushed first so the child does not inherit
 * and repeat it.
 */
pid_t fork(void)
{
	struct clone_args args;

	fflush_stdout();
	memset(&args, 0, sizeof(args));
	args.exit_signal = SIGCHLD;
	return (pid_t)clone3(&args, CLONE_ARGS_SIZE_VER0);
}

void _exit(int status)
{
	for (;;)
		syscall1(SYS_exit_group, status);
}

void exit_thread(int status)
{
	for (;;)
		syscall1(SYS_exit, status);
}

void exit(int status)
{
	__stdio_exit();
	_exit(status);
}

void abort(void)
{
	fflush_stdout();
	syscall2(SYS_kill, syscall0(SYS_getpid), SIGABRT);
	_exit(127);
}

// SPDX-License-Identifier: MIT
/* Process creation and ending: fork, _exit, exit, exit_thread, abort. */
#include "../internal.h"
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * fork() as clone3 with no flags and SIGCHLD as the exit signal (a VER0
 * struct); where clone3 is missing (ENOSYS: Linux before 5.3, qemu-user) as
 * clone(SIGCHLD) with every other argument 0, which means the same in the
 * x86_64 and the arm64 argument order. Buffered output is flushed first so
 * the child does not inherit and repeat it.
 */
pid_t fork(void)
{
	struct clone_args args;
	long r;

	fflush_stdout();
	memset(&args, 0, sizeof(args));
	args.exit_signal = SIGCHLD;
	r = syscall2(__NR_clone3, (long)&args, CLONE_ARGS_SIZE_VER0);
	if (r == -ENOSYS)
		r = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
	return (pid_t)__syscall_ret(r);
}

void _exit(int status)
{
	for (;;)
		syscall1(__NR_exit_group, status);
}

void exit_thread(int status)
{
	for (;;)
		syscall1(__NR_exit, status);
}

void exit(int status)
{
	__stdio_exit();
	_exit(status);
}

void abort(void)
{
	fflush_stdout();
	syscall2(__NR_kill, syscall0(__NR_getpid), SIGABRT);
	_exit(127);
}

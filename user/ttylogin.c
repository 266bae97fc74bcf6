// SPDX-License-Identifier: MIT
/*
 * /bin/ttylogin: a login on the console for a person (or tests/boot/tty
 * acting as one), booted as init:
 *
 *   init=/bin/ttylogin -- PROGRAM [ARGS...]
 *
 * Forks; the child starts a session, makes the console its controlling
 * terminal (TIOCSCTTY) and runs PROGRAM -- a shell -- with PATH, HOME and
 * TERM set; init reaps every child until that one exits, then exits with
 * its status (on Umbra: the power-off). The shell is not init itself: a
 * job whose parent is init keeps no process group from being orphaned
 * (POSIX; Linux's will_become_orphaned_pgrp()), and ^Z would not stop it.
 */
#include <machine/syscall.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <uapi/linux/ioctls.h>

int main(int argc, char **argv)
{
	char *envp[] = { "PATH=/bin:/sbin:/usr/bin:/opt/bin", "HOME=/", "TERM=vt100", NULL };
	pid_t login, pid;
	int st = 0;

	if (argc < 2) {
		printf("usage: init=/bin/ttylogin -- PROGRAM [ARGS...]\n");
		return 2;
	}
	login = fork();
	if (login < 0)
		return 1;
	if (login == 0) {
		if (syscall(__NR_setsid) < 0 || syscall(__NR_ioctl, 0, TIOCSCTTY, 0) < 0)
			printf("ttylogin: no controlling terminal: job control will not work\n");
		execve(argv[1], argv + 1, envp);
		printf("ttylogin: cannot run %s\n", argv[1]);
		_exit(127);
	}
	do
		pid = waitpid(-1, &st, 0);
	while (pid > 0 && pid != login);
	printf("ttylogin: %s ended with status %#x\n", argv[1], st);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

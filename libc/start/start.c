// SPDX-License-Identifier: MIT
/*
 * C half of process start-up: picks argc, argv, envp and the auxiliary
 * vector off the initial stack, gives the main thread its control block
 * (TLS, errno), runs main and exits with its result.
 */
#include "../internal.h"
#include <auxv.h>
#include <stdlib.h>
#include <unistd.h>

char **environ;
unsigned long *__auxv;
static struct tcb main_tcb;

int main(int argc, char **argv, char **envp);
void __libc_start(long *sp) __attribute__((noreturn, used));

/*
 * sp points at argc as the kernel left it. Runs with no thread pointer yet,
 * so nothing here may touch errno before arch_set_thread_pointer().
 */
void __libc_start(long *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1);
	char **envp = argv + argc + 1;
	char **p = envp;

	while (*p)
		p++;
	__auxv = (unsigned long *)(p + 1);
	environ = envp;
	__vdso_setup();

	main_tcb.self = &main_tcb;
	if (arch_set_thread_pointer(&main_tcb) < 0)
		syscall1(__NR_exit_group, 127);
	exit(main(argc, argv, envp));
}

unsigned long getauxval(unsigned long type)
{
	for (unsigned long *a = __auxv; a && a[0] != AT_NULL; a += 2)
		if (a[0] == type)
			return a[1];
	return 0;
}

long getpagesize(void)
{
	unsigned long ps = getauxval(AT_PAGESZ);

	return ps ? (long)ps : 4096;
}

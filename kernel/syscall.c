// SPDX-License-Identifier: MIT
/* The system-call dispatcher: the arch's number table, -ENOSYS for the rest. */
#include <asm/unistd.h>
#include <kernel/syscalls.h>
#include <uapi/linux/errno.h>

long syscall_dispatch(unsigned long nr, const unsigned long a[6])
{
	if (nr >= arch_nr_syscalls || !arch_syscall_table[nr])
		return -ENOSYS;
	return arch_syscall_table[nr](a);
}

/* [nr] = true for each call <kernel/syscall_unlocked.h> lists, in this arch's numbers. */
#define SYSCALL_UNLOCKED(name) [__NR_##name] = true,

static const bool runs_unlocked[] = {
#include <kernel/syscall_unlocked.h>
};

#undef SYSCALL_UNLOCKED

bool syscall_runs_unlocked(unsigned long nr)
{
	return nr < sizeof(runs_unlocked) / sizeof(runs_unlocked[0]) && runs_unlocked[nr];
}

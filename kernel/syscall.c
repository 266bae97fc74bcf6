// SPDX-License-Identifier: MIT
/* The system-call dispatcher: the arch's number table, -ENOSYS for the rest. */
#include <kernel/syscalls.h>
#include <uapi/linux/errno.h>

long syscall_dispatch(unsigned long nr, const unsigned long a[6])
{
	if (nr >= arch_nr_syscalls || !arch_syscall_table[nr])
		return -ENOSYS;
	return arch_syscall_table[nr](a);
}

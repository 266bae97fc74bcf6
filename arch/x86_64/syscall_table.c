// SPDX-License-Identifier: MIT
/*
 * The x86_64 system-call table: Linux's numbers mapped to Umbra's handlers,
 * made from the one list in <uapi/asm-x86_64/unistd.h>. A number missing
 * there returns -ENOSYS.
 */
#include <asm/syscalls.h>
#include <kernel/fork.h>

/* x86_64's argument order: clone(flags, newsp, parent_tid, child_tid, tls). */
SYSCALL(clone)
{
	return clone_legacy(a[0], a[1], (int __user *)a[2], (int __user *)a[3], a[4]);
}

/* [nr] = sys_name, for every entry of the list. */
#define __SYSCALL(nr, name) [nr] = sys_##name,

const syscall_fn_t arch_syscall_table[] = {
#include <uapi/asm-x86_64/unistd.h>
};

#undef __SYSCALL

const unsigned long arch_nr_syscalls = sizeof(arch_syscall_table) / sizeof(arch_syscall_table[0]);

// SPDX-License-Identifier: MIT
/*
 * The arm64 system-call table: Linux's asm-generic numbers mapped to Umbra's
 * handlers, made from the one list in <uapi/asm-arm64/unistd.h>. A number
 * missing there returns -ENOSYS.
 */
#include <asm/syscalls.h>
#include <kernel/fork.h>

/* arm64's argument order (CONFIG_CLONE_BACKWARDS): clone(flags, newsp, parent_tid, tls, child_tid). */
SYSCALL(clone)
{
	return clone_legacy(a[0], a[1], (int __user *)a[2], (int __user *)a[4], a[3]);
}

/* [nr] = sys_name, for every entry of the list. */
#define __SYSCALL(nr, name) [nr] = sys_##name,

const syscall_fn_t arch_syscall_table[] = {
#include <uapi/asm-arm64/unistd.h>
};

#undef __SYSCALL

const unsigned long arch_nr_syscalls = sizeof(arch_syscall_table) / sizeof(arch_syscall_table[0]);

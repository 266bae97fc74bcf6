// SPDX-License-Identifier: MIT
/*
 * x86_64 thread pointer: the FS base, set with arch_prctl(ARCH_SET_FS) for
 * the main thread and through clone3's CLONE_SETTLS (which takes the same
 * value) for new threads.
 */
#include "../../internal.h"
#include <machine/prctl.h>

int arch_set_thread_pointer(struct tcb *tcb)
{
	return (int)syscall2(__NR_arch_prctl, ARCH_SET_FS, (long)tcb);
}

unsigned long arch_tls_value(struct tcb *tcb)
{
	return (unsigned long)tcb;
}

int arch_prctl(int code, unsigned long addr)
{
	return (int)__syscall_ret(syscall2(__NR_arch_prctl, code, (long)addr));
}

// SPDX-License-Identifier: MIT
/*
 * arch_prctl(2): the FS and GS bases (ARCH_SET_FS/GET_FS/SET_GS/GET_GS) and
 * the CET shadow-stack controls; codes from <uapi/asm-x86_64/prctl.h>. The kernel
 * never uses FS, so the user's base stays loaded in IA32_FS_BASE while it
 * runs; GS is the kernel's in kernel mode, the user's base waiting in
 * IA32_KERNEL_GS_BASE for the SWAPGS of the return (asm/percpu.h).
 */
#include <asm/cet.h>
#include <asm/msr.h>
#include <asm/syscalls.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <uapi/asm-x86_64/prctl.h>
#include <uapi/linux/errno.h>

SYSCALL(arch_prctl)
{
	int code = (int)a[0];
	unsigned long addr = a[1];

	switch (code) {
	case ARCH_SET_FS:
	case ARCH_SET_GS:
		/* A non-canonical base would fault in WRMSR: Linux refuses it with EPERM. */
		if (!user_base_ok(addr))
			return -EPERM;
		if (code == ARCH_SET_FS) {
			current->arch.fs_base = addr;
			wrmsr(MSR_FS_BASE, addr);
		} else {
			current->arch.gs_base = addr;
			wrmsr(MSR_KERNEL_GS_BASE, addr);
		}
		return 0;
	case ARCH_GET_FS:
		return put_user((unsigned long)current->arch.fs_base, (unsigned long __user *)addr);
	case ARCH_GET_GS:
		return put_user((unsigned long)current->arch.gs_base, (unsigned long __user *)addr);
	case ARCH_SHSTK_ENABLE:
	case ARCH_SHSTK_DISABLE:
	case ARCH_SHSTK_LOCK:
	case ARCH_SHSTK_UNLOCK:
	case ARCH_SHSTK_STATUS:
		return x86_shstk_prctl(code, addr);
	default:
		return -EINVAL;
	}
}

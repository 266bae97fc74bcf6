// SPDX-License-Identifier: MIT
/* arch_prctl(2): the TLS base (ARCH_SET_FS / ARCH_GET_FS); codes from <uapi/asm-x86_64/prctl.h>. */
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
		/* A non-canonical base would fault in WRMSR: Linux refuses it with EPERM. */
		if (addr >= TASK_SIZE)
			return -EPERM;
		current->arch.fs_base = addr;
		wrmsr(MSR_FS_BASE, addr);
		return 0;
	case ARCH_GET_FS:
		return put_user((unsigned long)current->arch.fs_base, (unsigned long __user *)addr);
	case ARCH_SET_GS:
	case ARCH_GET_GS:
		return -EINVAL; /* the kernel does not keep a user GS base */
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

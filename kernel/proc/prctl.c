// SPDX-License-Identifier: MIT
/*
 * prctl(2): the task name and the generic shadow-stack controls. The
 * shadow-stack options are the architecture's (arm64 GCS); x86 uses
 * arch_prctl instead and answers EINVAL here, as Linux does.
 */
#include <kernel/shstk.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/prctl.h>
#include <uapi/linux/signal.h>

#define TASK_COMM_LEN 16

SYSCALL(prctl)
{
	int option = (int)a[0];
	unsigned long arg2 = a[1];

	switch (option) {
	case PR_SET_PDEATHSIG:
		/* Signal 0 (none) to _NSIG; cleared in every child (docs/ABI.md §7.2). */
		if (arg2 > _NSIG)
			return -EINVAL;
		current->pdeath_signal = (int)arg2;
		return 0;
	case PR_GET_PDEATHSIG:
		return put_user(current->pdeath_signal, (int __user *)arg2);
	case PR_SET_NAME: {
		char name[TASK_COMM_LEN];
		/* At most 15 bytes are read, as Linux: a name ending at a mapping's edge is fine. */
		long len = strncpy_from_user(name, (const char __user *)arg2, sizeof(name) - 1);

		if (len == -EFAULT)
			return -EFAULT;
		name[sizeof(name) - 1] = '\0'; /* longer names are cut, not refused */
		strlcpy(current->name, name, sizeof(current->name));
		return 0;
	}
	case PR_GET_NAME:
		return copy_to_user((char __user *)arg2, current->name, TASK_COMM_LEN);
	case PR_GET_SHADOW_STACK_STATUS:
	case PR_SET_SHADOW_STACK_STATUS:
	case PR_LOCK_SHADOW_STACK_STATUS:
		/* The generic layer's rule: the unused arguments must be zero. */
		if (a[2] || a[3] || a[4])
			return -EINVAL;
		if (option == PR_GET_SHADOW_STACK_STATUS)
			return arch_shstk_status_get((unsigned long __user *)arg2);
		if (option == PR_SET_SHADOW_STACK_STATUS)
			return arch_shstk_status_set(arg2);
		return arch_shstk_status_lock(arg2);
	default:
		return -EINVAL;
	}
}

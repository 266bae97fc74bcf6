// SPDX-License-Identifier: MIT
#include <kernel/syscalls.h>
#include <uapi/linux/errno.h>
SYSCALL(mremap)
{
	return -ENOSYS;
}

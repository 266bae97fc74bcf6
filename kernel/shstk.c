// SPDX-License-Identifier: MIT
/*
 * The generic shadow-stack policy. Until the hardware half exists, Umbra is
 * an architecture without user shadow stacks, and the seed series' rule for
 * that case applies: both clone3 fields must be zero (ABI.md Part A, 1).
 */
#include <kernel/fork.h>
#include <kernel/shstk.h>
#include <uapi/linux/errno.h>

int shstk_clone_args_valid(const struct kernel_clone_args *k)
{
	if (k->shadow_stack || k->shadow_stack_size)
		return -EINVAL;
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * The shadow-stack policy, generic half. The hardware half lives in
 * arch/<arch>/ (x86_64 CET: arch/x86_64/shstk.c, arm64 GCS: arch/arm64/gcs.c).
 */
#ifndef KERNEL_SHSTK_H
#define KERNEL_SHSTK_H

#include <kernel/types.h>

struct kernel_clone_args;

/*
 * The seed series' clone3() rules for shadow_stack / shadow_stack_size.
 * 0 or -EINVAL.
 */
int shstk_clone_args_valid(const struct kernel_clone_args *k);

#endif

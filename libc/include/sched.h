/* SPDX-License-Identifier: MIT */
/*
 * clone3() and sched_yield(). The clone flags and struct clone_args, with
 * the seed series' shadow_stack (offset 88) and shadow_stack_size (96),
 * CLONE_ARGS_SIZE_VER3 = 104, are the kernel's <uapi/linux/sched.h>.
 */
#ifndef SCHED_H
#define SCHED_H

#include <stddef.h>
#include <uapi/linux/sched.h>

/* The raw call: returns 0 in the child, the child's id in the parent, -1/errno. */
long clone3(struct clone_args *args, size_t size);
int sched_yield(void);

#endif

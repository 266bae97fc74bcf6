/* SPDX-License-Identifier: MIT */
/* Starting user space: the first process runs /init (or `init=` from the command line). */
#ifndef KERNEL_INIT_H
#define KERNEL_INIT_H

#include <kernel/boot.h>

struct task;

/* Loads the initramfs and starts the first process. 0, or -errno when it cannot. */
int init_start(const struct boot_info *info);

/*
 * Arch hook: the command-line parameters the arch takes (NULL-terminated),
 * which therefore never reach init (kernel/proc/init.c).
 */
extern const char *const arch_cmdline_params[];

/* Arch hook: makes t start by running fn in the kernel, then return to user space. */
void arch_task_start_in_kernel(struct task *t, void (*fn)(void));

#endif

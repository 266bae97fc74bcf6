/* SPDX-License-Identifier: MIT */
/*
 * Kernel threads: tasks that run only in the kernel, with no address space
 * of their own and no process. They are scheduled like any task.
 */
#ifndef KERNEL_KTHREAD_H
#define KERNEL_KTHREAD_H

struct task;

/* Starts fn(arg) in a new kernel thread; returns it, or NULL. */
struct task *kthread_run(const char *name, void (*fn)(void *arg), void *arg);

/* Ends the calling kernel thread (returning from fn does the same). */
__attribute__((noreturn)) void kthread_exit(void);

#endif

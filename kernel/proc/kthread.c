// SPDX-License-Identifier: MIT
/* Kernel threads (see <kernel/kthread.h>). */
#include <kernel/init.h>
#include <kernel/kmem.h>
#include <kernel/kthread.h>
#include <kernel/panic.h>
#include <kernel/sched.h>
#include <kernel/task.h>

/* The first code of every kernel thread. */
static void kthread_main(void)
{
	current->kthread_fn(current->kthread_arg);
	kthread_exit();
}

struct task *kthread_run(const char *name, void (*fn)(void *arg), void *arg)
{
	struct task *t;

	page_free_settle(); /* reuse what dead tasks held, as a clone does (kernel/proc/fork.c) */
	t = task_alloc(name);

	if (!t)
		return NULL;
	t->kthread_fn = fn;
	t->kthread_arg = arg;
	arch_task_start_in_kernel(t, kthread_main);
	task_wake(t);
	return t;
}

void kthread_exit(void)
{
	current->free_announced =
		page_free_begin(); /* before big_lock goes (kernel/proc/sched.c) */
	schedule_as(TASK_DEAD);	   /* freed by the next task to run */
	panic("a dead kernel thread was scheduled");
}

// SPDX-License-Identifier: MIT
/* Deliberate kernel faults for the boot runner's panic checks. */
#include <kernel/cmdline.h>
#include <kernel/crashtest.h>
#include <kernel/kmem.h>
#include <kernel/kthread.h>
#include <kernel/lockdep.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/task.h>
#include <kernel/waitq.h>
#include <string.h>

/* Each frame keeps a live buffer so the compiler cannot turn this into a loop. */
static __attribute__((noinline)) unsigned long recurse_forever(unsigned long depth)
{
	volatile char frame[256];

	if (depth == ~0ul) /* never true; tells the compiler the recursion can end */
		return 0;
	memset((void *)frame, (int)depth, sizeof(frame));
	return recurse_forever(depth + 1) + frame[depth % sizeof(frame)];
}

/* kernel_jop's gadget: an ordinary function, its address taken, so it opens with a landing pad. */
static __attribute__((noinline)) void jop_gadget(void)
{
	printk("crashtest: kernel_jop: the call landed past the landing pad and ran\n");
}

/*
 * A forward-edge hijack: the kind of pointer an attacker who can write a
 * function pointer makes, aimed into the middle of a function -- here just
 * past its landing pad, where the rest of the function would run. Kernel
 * IBT (#CP ENDBRANCH) and kernel BTI (a Branch Target exception) stop the
 * call on its first instruction; without them the gadget runs and returns.
 */
static void kernel_jop(void)
{
	size_t pad = arch_cfi_landing_pad_size((const void *)jop_gadget);
	void (*volatile hijacked)(void);

	if (pad == 0)
		panic("crashtest=kernel_jop: the gadget has no landing pad to skip");
	hijacked = (void (*)(void))((uintptr_t)jop_gadget + pad);
	hijacked();
}

/* Where kernel_rop's overwritten return address sends the RET: only without a kernel shadow stack. */
static __noreturn __attribute__((noinline)) void rop_landing(void)
{
	panic("crashtest=kernel_rop: the overwritten return address ran: no kernel shadow stack "
	      "stopped it");
}

/*
 * A return-address overwrite, what a kernel stack buffer overflow makes:
 * this function's own saved return address, just above its frame record
 * (x86: [RBP + 8]; arm64: the frame record's saved LR at [X29 + 8]), is
 * pointed elsewhere. A kernel shadow stack (#CP near ret; GCS's return
 * check) stops the RET, which finds the true address on the shadow stack.
 */
static __attribute__((noinline)) void kernel_rop_victim(void)
{
	void **saved_ret = (void **)((char *)__builtin_frame_address(0) + sizeof(void *));

	if (*saved_ret != __builtin_return_address(0))
		panic("crashtest=kernel_rop: the saved return address is not where the frame "
		      "record says");
	*(void *volatile *)saved_ret = (void *)rop_landing;
	printk("crashtest: kernel_rop: return address overwritten with %p\n", (void *)rop_landing);
}

/* waitq: a kernel thread that sleeps on the queue of an object about to be freed. */
static void sleep_on(void *q)
{
	(void)waitq_sleep(q, 0);
}

/*
 * The object is freed while the thread still sleeps on its queue: the
 * check at the free (waitq_assert_empty(), in every build) must stop it
 * there, naming the sleeper, before any later walk of the queue follows
 * a pointer into freed memory.
 */
static void waitq_freed_under_sleeper(void)
{
	struct waitq *q = kzalloc(sizeof(*q));
	struct task *t = q ? kthread_run("crash-sleeper", sleep_on, q) : NULL;

	if (!t)
		panic("crashtest=waitq: no memory for the sleeper");
	while (READ_ONCE(q->head) != t)
		schedule(); /* until it sleeps on q */
	waitq_assert_empty(q, "crashtest=waitq's queue");
	kfree(q);
}

void crashtest_run_scheduled(void)
{
	const char *kind = cmdline_get(&kernel_cmdline, "crashtest");

	if (kind && strcmp(kind, "waitq") == 0) {
		waitq_freed_under_sleeper();
		panic("crashtest=waitq did not crash");
	}
}

void crashtest_run_requested(void)
{
	const char *kind = cmdline_get(&kernel_cmdline, "crashtest");

	if (!kind)
		return;
	printk("crashtest: %s\n", kind);
	if (strcmp(kind, "null") == 0) {
		volatile unsigned long *null = NULL;

		// cppcheck-suppress nullPointer ; the whole point of crashtest=null
		*null = 0xdead;
	} else if (strcmp(kind, "stack") == 0) {
		recurse_forever(0);
	} else if (strcmp(kind, "faultlocked") == 0) {
		/* A fault inside a spinlock's critical section: reported as the fault. */
		volatile unsigned long *null = NULL;

		spin_lock_irqsave(&lockdep_test_inner);
		// cppcheck-suppress nullPointer ; the whole point of crashtest=faultlocked
		*null = 0xdead;
	} else if (strcmp(kind, "lockorder") == 0) {
		/* Inner, then outer: the order <kernel/lock_order.h> forbids. */
		spin_lock_irqsave(&lockdep_test_inner);
		spin_lock_irqsave(&lockdep_test_outer);
	} else if (strcmp(kind, "kernel_jop") == 0) {
		kernel_jop();
	} else if (strcmp(kind, "kernel_rop") == 0) {
		kernel_rop_victim();
	} else if (strcmp(kind, "waitq") == 0) {
		return; /* needs the scheduler: crashtest_run_scheduled() */
	}
	panic("crashtest=%s did not crash", kind);
}

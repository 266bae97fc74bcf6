// SPDX-License-Identifier: MIT
/*
 * thread_create / thread_join on clone3. The kernel does the bookkeeping:
 * CLONE_PARENT_SETTID stores the new tid in t->tid before clone3 returns,
 * CLONE_CHILD_CLEARTID zeroes that word and futex-wakes it when the thread
 * exits, so joining is "wait until t->tid is 0".
 */
#include "../internal.h"
#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define THREAD_CLONE_FLAGS                                                                  \
	(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | \
	 CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID)

/* First C code of a new thread; its result becomes the exit(2) status. */
static int thread_entry(void *p)
{
	struct thread *t = p;

	t->result = t->fn(t->arg);
	return t->result;
}

struct tcb *thread_self(void)
{
	return arch_thread_pointer();
}

int thread_create(struct thread *t, int (*fn)(void *), void *arg, const struct thread_attr *attr)
{
	struct clone_args args;
	size_t page = (size_t)getpagesize();
	bool legacy = attr && (attr->flags & THREAD_ATTR_LEGACY_CLONE);
	void *stack;
	size_t size;
	long r;

	memset(t, 0, sizeof(*t));
	if (attr && attr->stack) {
		if (attr->stack_size == 0)
			return -EINVAL;
		stack = attr->stack;
		size = attr->stack_size;
	} else {
		size_t map_size;

		size = attr && attr->stack_size ? attr->stack_size : THREAD_DEFAULT_STACK;
		if (size > SIZE_MAX - page)
			return -ENOMEM;
		map_size = (size + page - 1) & ~(page - 1);
		stack = mmap(NULL, map_size, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
		if (stack == MAP_FAILED)
			return -errno;
		t->stack = stack;
		t->stack_size = map_size;
		/* The top `size` bytes: the kernel sees size unrounded. */
		stack = (char *)stack + (map_size - size);
	}
	if (legacy && (attr->shadow_stack || attr->shadow_stack_size)) {
		r = -EINVAL;
		goto fail;
	}
	t->fn = fn;
	t->arg = arg;
	t->tcb.self = &t->tcb;

	memset(&args, 0, sizeof(args));
	args.flags = THREAD_CLONE_FLAGS;
	args.parent_tid = (uint64_t)(uintptr_t)&t->tid;
	args.child_tid = (uint64_t)(uintptr_t)&t->tid;
	args.stack = (uint64_t)(uintptr_t)stack;
	args.stack_size = size;
	args.tls = arch_tls_value(&t->tcb);
	if (attr) {
		args.shadow_stack = attr->shadow_stack;
		args.shadow_stack_size = attr->shadow_stack_size;
	}

	if (legacy)
		r = __thread_clone(&args, thread_entry, t);
	else /* a plain VER2 struct unless a shadow-stack field needs VER3 */
		r = __thread_clone3(&args,
				    args.shadow_stack || args.shadow_stack_size
					    ? CLONE_ARGS_SIZE_VER3
					    : CLONE_ARGS_SIZE_VER2,
				    thread_entry, t);
	/* No clone3 (Linux before 5.3, qemu-user): clone(2) says the same, but for the size. */
	if (r == -ENOSYS && !legacy && !args.shadow_stack && !args.shadow_stack_size)
		r = __thread_clone(&args, thread_entry, t);
	if (r < 0)
		goto fail;
	t->created_tid = (int)r;
	t->tcb.tid = (int)r;
	return 0;
fail:
	if (t->stack)
		munmap(t->stack, t->stack_size);
	t->stack = NULL;
	return (int)r;
}

int thread_join(struct thread *t, int *result)
{
	int tid;

	while ((tid = __atomic_load_n(&t->tid, __ATOMIC_ACQUIRE)) != 0)
		futex((volatile uint32_t *)&t->tid, FUTEX_WAIT, (uint32_t)tid, NULL);
	if (result)
		*result = t->result;
	if (t->stack)
		munmap(t->stack, t->stack_size);
	t->stack = NULL;
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * Threads on clone3(). A thread shares the address space, files, fs info,
 * signal handlers and SysV undo state of its creator (CLONE_VM | CLONE_FS |
 * CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM), gets its own
 * TLS block through CLONE_SETTLS, and is joined through the tid word the
 * kernel clears and futex-wakes at exit (CLONE_CHILD_CLEARTID).
 *
 * The struct thread belongs to the caller and must stay alive until
 * thread_join() returns: the thread's control block (TLS) lives inside it.
 */
#ifndef THREAD_H
#define THREAD_H

#include <stddef.h>
#include <stdint.h>

/*
 * Thread control block, pointed to by the thread pointer (FS base on
 * x86_64, TPIDR_EL0 on arm64). self must stay the first member (x86_64 TLS
 * ABI: the word at the thread pointer holds the thread pointer).
 */
struct tcb {
	struct tcb *self;
	int err;	 /* this thread's errno */
	int tid;	 /* filled lazily by thread_self_tid() */
	void *user;	 /* one word of thread-local storage for programs */
	uint64_t pad[4]; /* room to grow without changing the ABI */
};

/*
 * What the kernel receives, exactly: clone3's stack_size is attr.stack_size
 * (THREAD_DEFAULT_STACK when it is 0 and stack is NULL), never rounded. With
 * stack == NULL the library maps PAGE_ALIGN(stack_size) bytes and hands the
 * kernel the top stack_size bytes of that mapping, so the thread starts at the
 * mapping's top. The size matters beyond the stack itself: with shadow
 * stacks on, the kernel sizes the thread's shadow stack from it (x86_64:
 * all of it; arm64: half of it; docs/ABI.md §3.2).
 */
struct thread_attr {
	void *stack;		    /* lowest address; NULL: mmap a stack */
	size_t stack_size;	    /* 0 with stack == NULL: THREAD_DEFAULT_STACK */
	uint64_t shadow_stack;	    /* clone_args.shadow_stack, 0 by default */
	uint64_t shadow_stack_size; /* clone_args.shadow_stack_size, 0 by default */
	unsigned int flags;	    /* THREAD_ATTR_* */
};

#define THREAD_DEFAULT_STACK (64 * 1024)

/*
 * Create the thread with the legacy clone(2) instead of clone3(2). clone(2)
 * carries only the stack top, so the kernel sees a stack size of 0 (the
 * shadow stack then gets the RLIMIT_STACK default: all of it on x86_64, half
 * on arm64). The shadow_stack
 * fields must be 0 with it (-EINVAL otherwise).
 */
#define THREAD_ATTR_LEGACY_CLONE 0x1u

struct thread {
	volatile int tid; /* set by the kernel (PARENT_SETTID), cleared at exit (CHILD_CLEARTID) */
	int created_tid;  /* the tid as first reported, kept after the join */
	void *stack;	  /* mapping to unmap at join, or NULL if the caller's */
	size_t stack_size;
	int (*fn)(void *);
	void *arg;
	int result; /* fn's return value, valid after the join */
	struct tcb tcb;
};

/*
 * Starts fn(arg) in a new thread. attr may be NULL. Returns 0, or a negative
 * errno (nothing is left allocated then). The thread's return value of fn
 * becomes its exit(2) status.
 */
int thread_create(struct thread *t, int (*fn)(void *), void *arg, const struct thread_attr *attr);

/*
 * Waits for t to exit, stores fn's result (as the int fn returned) in
 * *result when result is not NULL, and frees a default stack. Returns 0.
 */
int thread_join(struct thread *t, int *result);

/* The calling thread's control block. */
struct tcb *thread_self(void);

/* A futex-backed lock: 0 free, 1 held, 2 held with waiters. */
struct lock {
	volatile uint32_t word;
};
void lock_acquire(struct lock *l);
void lock_release(struct lock *l);

#endif

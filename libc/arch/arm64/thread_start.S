/* SPDX-License-Identifier: MIT */
/*
 * long __thread_clone3(struct clone_args *args, size_t size,
 *                      int (*fn)(void *), void *arg)
 *
 * The new thread begins right after the svc with x0 = 0, sp = args->stack +
 * args->stack_size, and every other register as the parent had it (an SVC
 * returns all of x1-x30 unchanged). So fn and arg simply stay in x2 and x3.
 * The child never returns into C code of the parent's stack: it calls
 * fn(arg) with an empty frame record (x29 = x30 = 0) and then exit(2) --
 * this thread only -- with fn's result. That also keeps it correct with a
 * GCS: the child starts on a new, empty one, so a `ret` into a frame it
 * did not enter would raise a GCS exception.
 *
 * long __thread_clone(const struct clone_args *args, int (*fn)(void *), void *arg)
 *
 * The same through the legacy clone(2), whose arm64 argument order is
 * flags, new stack top, parent_tid, tls, child_tid (Linux kernel/fork.c,
 * CONFIG_CLONE_BACKWARDS). The kernel sees no stack size.
 */
#include <machine/asm.h>

/* struct clone_args offsets (sched.h) */
#define CA_FLAGS 0
#define CA_CHILD_TID 16
#define CA_PARENT_TID 24
#define CA_EXIT_SIGNAL 32
#define CA_STACK 40
#define CA_STACK_SIZE 48
#define CA_TLS 56

	.text
ENTRY(__thread_clone3)
	mov	x8, #__NR_clone3		/* x0 = args, x1 = size already */
	svc	#0
	cbz	x0, 1f
	ret				/* parent, or error: back to C */
1:
	mov	x9, sp			/* child: new stack, no caller frame */
	and	x9, x9, #-16
	mov	sp, x9
	mov	x29, #0
	mov	x30, #0
	mov	x0, x3
	blr	x2
	mov	x8, #__NR_exit		/* x0 = fn's result */
	svc	#0
	udf	#0
END(__thread_clone3)

ENTRY(__thread_clone)
	mov	x10, x1			/* fn */
	mov	x11, x2			/* arg */
	mov	x9, x0			/* args */
	ldr	x0, [x9, #CA_FLAGS]
	ldr	x1, [x9, #CA_EXIT_SIGNAL]
	orr	x0, x0, x1
	ldr	x1, [x9, #CA_STACK]
	ldr	x2, [x9, #CA_STACK_SIZE]
	add	x1, x1, x2
	ldr	x2, [x9, #CA_PARENT_TID]
	ldr	x3, [x9, #CA_TLS]
	ldr	x4, [x9, #CA_CHILD_TID]
	mov	x8, #__NR_clone
	svc	#0
	cbz	x0, 1f
	ret
1:
	mov	x9, sp
	and	x9, x9, #-16
	mov	sp, x9
	mov	x29, #0
	mov	x30, #0
	mov	x0, x11
	blr	x10
	mov	x8, #__NR_exit
	svc	#0
	udf	#0
END(__thread_clone)

	.section .note.GNU-stack, "", %progbits
	BTI_NOTE

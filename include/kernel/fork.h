/* SPDX-License-Identifier: MIT */
/*
 * clone3()/clone()/fork()/vfork(): argument copying and validation (pure
 * enough to unit-test on the host: kernel/proc/clone_args.c) and the creation
 * of the new task (kernel/proc/fork.c). Rules and their order: docs/ABI.md §2.
 */
#ifndef KERNEL_FORK_H
#define KERNEL_FORK_H

#include <kernel/pid.h>
#include <kernel/types.h>
#include <kernel/uaccess.h>
#include <uapi/linux/sched.h>

struct kernel_clone_args {
	u64 flags;
	int __user *pidfd;
	int __user *child_tid;
	int __user *parent_tid;
	int exit_signal;
	uintptr_t stack; /* lowest address, 0 = keep the parent's SP */
	size_t stack_size;
	uintptr_t tls;
	int set_tid[MAX_PID_NS_LEVEL];
	size_t set_tid_size;
	int cgroup;
	/* clone3's shadow-stack fields; which are used is the boot's clone3_shape's. */
	uintptr_t shadow_stack;	  /* rfc1: lowest address */
	size_t shadow_stack_size; /* rfc1: with shadow_stack; size: alone */
	uintptr_t shstk_token;	  /* token: the token's address */
};

struct task;

/*
 * One shape of clone3's shadow-stack fields (docs/ABI.md §2.5) as data:
 * everything that differs between rfc1, size and token. The shapes are
 * kernel/shstk/shstk.c's; clone3 reads them only through clone3_shape.
 */
struct clone3_shape {
	const char *name; /* the value of the kernel parameter clone3_shstk= */
	size_t size;	  /* the struct's CLONE_ARGS_SIZE_VER3: the E2BIG rule counts from it */
	/* Reads the shape's fields (past the 88 bytes all shapes share) of args into k. */
	void (*read)(struct kernel_clone_args *k, const void *args);
	/* Step 3 of §2.2: whether the fields are valid on this CPU, 0 or -EINVAL. */
	int (*valid)(const struct kernel_clone_args *k);
	/* Whether the fields ask for a shadow stack (else Linux mainline's rules pick one). */
	bool (*asked)(const struct kernel_clone_args *k);
	/* Gives child the shadow stack the fields ask for: 0 or -errno. */
	int (*pick)(struct task *child, const struct kernel_clone_args *k);
	/* Whether the fields are honoured for a caller without shadow stacks, if the arch says so. */
	bool arch_may_take_without_shstk;
};

/* The shapes, indexed by enum clone3_shstk_abi (<uapi/linux/sched.h>). */
extern const struct clone3_shape clone3_shapes[];

/*
 * The shape this boot uses, from the kernel parameter clone3_shstk=
 * (rfc1 unless told otherwise). Set once at boot, by clone3_shape_select().
 */
extern const struct clone3_shape *clone3_shape;

/* Picks the shape named name ("rfc1", "size", "token"): 0, or -EINVAL (unchanged). */
int clone3_shape_select(const char *name);

/* At boot: the shape the command line names, announced (an unknown name keeps rfc1). */
void clone3_shstk_setup(void);

/*
 * clone3 step 1 (copy_clone_args_from_user): size rules (> PAGE_SIZE ->
 * E2BIG, < VER0 -> EINVAL), the trailing-zero rule (E2BIG), faults
 * (EFAULT), set_tid and exit_signal and cgroup checks (EINVAL).
 */
int clone3_copy_args(struct kernel_clone_args *k, const void __user *uargs, size_t usize);

/* clone3 step 2 (clone3_args_valid): flags, stack, shadow stack. 0 or -EINVAL. */
int clone3_args_valid(const struct kernel_clone_args *k);

/* The flag checks every clone flavour shares (copy_process's). 0 or -EINVAL. */
int clone_flags_valid(const struct kernel_clone_args *k, bool caller_is_ns_init,
		      bool pid_ns_for_children_differs);

/*
 * clone(2): the exit signal in the low byte of flags, newsp the new stack
 * pointer itself. Each arch's syscall passes its own argument order here.
 */
long clone_legacy(u64 flags, uintptr_t newsp, int __user *parent_tid, int __user *child_tid,
		  uintptr_t tls);

/*
 * Creates the task; returns its TID as the caller sees it, or -errno.
 * Called without big_lock, which it takes once the child's costly parts
 * are made, and holds on return whenever it got that far.
 */
long kernel_clone(struct kernel_clone_args *k);

#endif

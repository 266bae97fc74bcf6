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
	/* clone3's shadow-stack fields; which are used is the boot's clone3_shstk shape. */
	uintptr_t shadow_stack;	  /* rfc1: lowest address */
	size_t shadow_stack_size; /* rfc1: with shadow_stack; size: alone */
	uintptr_t shstk_token;	  /* token: the token's address */
};

/*
 * The shape of clone3's shadow-stack fields this boot uses, from the
 * kernel parameter clone3_shstk=rfc1|size|token (docs/ABI.md §2.5); rfc1
 * unless told otherwise. Set once at boot, by clone3_shstk_select().
 */
extern enum clone3_shstk_abi clone3_shstk;

/* Picks the shape named name ("rfc1", "size", "token"): 0, or -EINVAL (unchanged). */
int clone3_shstk_select(const char *name);

/* The name of the shape in use. */
const char *clone3_shstk_name(void);

/* The size of struct clone_args in the shape in use: its CLONE_ARGS_SIZE_VER3. */
size_t clone3_args_size(void);

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

/* Creates the task; returns its TID as the caller sees it, or -errno. */
long kernel_clone(struct kernel_clone_args *k);

#endif

// SPDX-License-Identifier: MIT
/*
 * clone3()'s argument rules, in Linux's order (docs/ABI.md §2.2): the copy from
 * user space with its size rules, then the validity of the flags, the
 * stack and the shadow-stack fields. Unit-tested on the host
 * (tests/unit/test_clone_args.c) with a fake user memory.
 *
 * The struct's size and the meaning of its shadow-stack fields depend on
 * the shape the kernel booted with (clone3_shstk=, docs/ABI.md §2.5): this
 * file copies as many bytes as that shape's struct has and lets the shape
 * (struct clone3_shape, kernel/shstk/shstk.c) read its own fields.
 */
#include <kernel/fork.h>
#include <kernel/shstk.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/sched.h>
#include <uapi/linux/signal.h>

#define INT_MAX 0x7fffffff

/* struct clone_args in each shape: the first 88 bytes are the same in all. */
union clone_args_any {
	struct clone_args rfc1;
	struct clone_args_size size;
	struct clone_args_token token;
};

int clone3_copy_args(struct kernel_clone_args *k, const void __user *uargs, size_t usize)
{
	union clone_args_any u;
	const struct clone_args *a = &u.rfc1; /* the shared fields, read through any shape */
	int err;

	/* The two size checks are disjoint, so their order cannot be seen. */
	if (usize > PAGE_SIZE)
		return -E2BIG;
	if (usize < CLONE_ARGS_SIZE_VER0)
		return -EINVAL;
	/* The shape's size is what the trailing-zero rule (E2BIG) counts from. */
	memset(&u, 0, sizeof(u));
	err = copy_struct_from_user(&u, clone3_shape->size, uargs, usize);
	if (err)
		return err;

	if (a->set_tid_size > MAX_PID_NS_LEVEL)
		return -EINVAL;
	if (!a->set_tid && a->set_tid_size > 0)
		return -EINVAL;
	if (a->set_tid && a->set_tid_size == 0)
		return -EINVAL;
	/* Only the low 8 bits (CSIGNAL) may be used, and it must be a valid signal. */
	if (a->exit_signal & ~CSIGNAL)
		return -EINVAL;
	if (a->exit_signal > _NSIG)
		return -EINVAL;
	if ((a->flags & CLONE_INTO_CGROUP) && (a->cgroup > INT_MAX || usize < CLONE_ARGS_SIZE_VER2))
		return -EINVAL;

	memset(k, 0, sizeof(*k));
	k->flags = a->flags;
	k->pidfd = (int __user *)(uintptr_t)a->pidfd;
	k->child_tid = (int __user *)(uintptr_t)a->child_tid;
	k->parent_tid = (int __user *)(uintptr_t)a->parent_tid;
	k->exit_signal = (int)a->exit_signal;
	k->stack = (uintptr_t)a->stack;
	k->stack_size = (size_t)a->stack_size;
	k->tls = (uintptr_t)a->tls;
	k->set_tid_size = (size_t)a->set_tid_size;
	k->cgroup = (int)a->cgroup;
	clone3_shape->read(k, &u);
	if (a->set_tid && copy_from_user(k->set_tid, (const void __user *)(uintptr_t)a->set_tid,
					 k->set_tid_size * sizeof(int)))
		return -EFAULT;
	return 0;
}

/* A stack pointer needs a size and the size a pointer; the range must be user memory. */
static bool clone3_stack_valid(const struct kernel_clone_args *k)
{
	if (k->stack == 0)
		return k->stack_size == 0;
	return k->stack_size != 0 && access_ok((const void __user *)k->stack, k->stack_size);
}

int clone3_args_valid(const struct kernel_clone_args *k)
{
	const u64 known = CLONE_LEGACY_FLAGS | CLONE_CLEAR_SIGHAND | CLONE_INTO_CGROUP;

	if (k->flags & ~known)
		return -EINVAL;
	/* CSIGNAL holds the exit signal in clone(); in clone3 only CLONE_NEWTIME lives there. */
	if (k->flags & (CLONE_DETACHED | (CSIGNAL & ~CLONE_NEWTIME)))
		return -EINVAL;
	if ((k->flags & (CLONE_SIGHAND | CLONE_CLEAR_SIGHAND)) ==
	    (CLONE_SIGHAND | CLONE_CLEAR_SIGHAND))
		return -EINVAL;
	if ((k->flags & (CLONE_THREAD | CLONE_PARENT)) && k->exit_signal)
		return -EINVAL;
	if (!clone3_stack_valid(k))
		return -EINVAL;
	return shstk_clone_args_valid(k);
}

int clone_flags_valid(const struct kernel_clone_args *k, bool caller_is_ns_init,
		      bool pid_ns_for_children_differs)
{
	u64 f = k->flags;

	if ((f & (CLONE_NEWNS | CLONE_FS)) == (CLONE_NEWNS | CLONE_FS))
		return -EINVAL;
	if ((f & (CLONE_NEWUSER | CLONE_FS)) == (CLONE_NEWUSER | CLONE_FS))
		return -EINVAL;
	if ((f & CLONE_THREAD) && !(f & CLONE_SIGHAND))
		return -EINVAL;
	if ((f & CLONE_SIGHAND) && !(f & CLONE_VM))
		return -EINVAL;
	if ((f & CLONE_PARENT) && caller_is_ns_init)
		return -EINVAL;
	if ((f & CLONE_THREAD) &&
	    ((f & (CLONE_NEWUSER | CLONE_NEWPID)) || pid_ns_for_children_differs))
		return -EINVAL;
	if ((f & CLONE_PIDFD) && (f & CLONE_DETACHED))
		return -EINVAL;
	/* A new time namespace cannot share the address space (its vDSO data). */
	if ((f & (CLONE_NEWTIME | CLONE_VM)) == (CLONE_NEWTIME | CLONE_VM))
		return -EINVAL;
	/*
	 * Namespaces Umbra does not have fail as on a Linux built without them.
	 * CLONE_NEWPID and CLONE_NEWTIME are real; the others are not.
	 */
	if (f & (CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER |
		 CLONE_NEWNET))
		return -EINVAL;
	if ((f & CLONE_PIDFD) && (f & CLONE_PARENT_SETTID) && k->pidfd == k->parent_tid)
		return -EINVAL;
	/* Last, as in Linux, where the cgroup is looked up while the child is made. */
	if (f & CLONE_INTO_CGROUP)
		return -EBADF; /* no cgroup2 hierarchy exists, so no fd can name a cgroup */
	return 0;
}

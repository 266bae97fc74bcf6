// SPDX-License-Identifier: MIT
/*
 * unshare(2), as Linux's ksys_unshare(): the calling process leaves what
 * it shares, or puts its future children into new namespaces. Of the
 * namespaces, CLONE_NEWPID and CLONE_NEWTIME are real (docs/ABI.md §2):
 * they change the namespace the caller's children are born into, never
 * the caller's own. The others fail EINVAL, as on a Linux built without
 * them, as clone does. Umbra has no per-process root or working directory
 * to copy (CLONE_FS) and no System V semaphores (CLONE_SYSVSEM): unsharing
 * them changes nothing, as on Linux when nothing is shared.
 */
#include <kernel/err.h>
#include <kernel/file.h>
#include <kernel/pid.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/timens.h>
#include <kernel/vm.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/sched.h>

#define UNSHARE_KNOWN                                                                     \
	(CLONE_THREAD | CLONE_FS | CLONE_NEWNS | CLONE_SIGHAND | CLONE_VM | CLONE_FILES | \
	 CLONE_SYSVSEM | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET | CLONE_NEWUSER |     \
	 CLONE_NEWPID | CLONE_NEWCGROUP | CLONE_NEWTIME)
#define UNSHARE_ABSENT_NS \
	(CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWNET)

/* Linux's check_unshare_flags(): what cannot be unshared while shared. */
static long unshare_flags_valid(unsigned long f)
{
	struct process *p = current->proc;

	if (f & ~(unsigned long)UNSHARE_KNOWN)
		return -EINVAL;
	/* A thread group, signal handlers or an address space in use by others stay shared. */
	if ((f & (CLONE_THREAD | CLONE_SIGHAND | CLONE_VM)) && p->nr_threads > 1)
		return -EINVAL;
	if ((f & (CLONE_SIGHAND | CLONE_VM)) && refcount_read(&current->sighand->refs) > 1)
		return -EINVAL;
	if ((f & CLONE_VM) && current->mm && refcount_read(&current->mm->users) > 1)
		return -EINVAL;
	return 0;
}

SYSCALL(unshare)
{
	unsigned long f = a[0];
	struct process *p = current->proc;
	struct pid_ns *pns = NULL;
	struct time_ns *tns = NULL;
	long err;

	/* The flags that imply others, in Linux's order. */
	if (f & CLONE_NEWUSER)
		f |= CLONE_THREAD | CLONE_FS;
	if (f & CLONE_VM)
		f |= CLONE_SIGHAND;
	if (f & CLONE_SIGHAND)
		f |= CLONE_THREAD;
	if (f & CLONE_NEWNS)
		f |= CLONE_FS;
	err = unshare_flags_valid(f);
	if (err)
		return err;
	if (f & UNSHARE_ABSENT_NS)
		return -EINVAL;
	if (f & CLONE_NEWPID) {
		/* Once per generation: a caller whose children already go elsewhere cannot. */
		if (p->pid_ns_for_children != task_active_pid_ns(current))
			return -EINVAL;
		pns = pid_ns_create(p->pid_ns_for_children);
		if (IS_ERR(pns))
			return PTR_ERR(pns);
	}
	if (f & CLONE_NEWTIME) {
		tns = time_ns_create();
		if (!tns) {
			if (pns)
				pid_ns_put(pns);
			return -ENOMEM;
		}
	}
	if ((f & CLONE_FILES) && refcount_read(&current->files->refs) > 1) {
		struct files *copy = files_copy(current->files);

		if (!copy) {
			if (pns)
				pid_ns_put(pns);
			if (tns)
				time_ns_put(tns);
			return -ENOMEM;
		}
		files_put(current->files);
		current->files = copy;
	}
	if (pns) {
		pid_ns_put(p->pid_ns_for_children);
		p->pid_ns_for_children = pns;
	}
	if (tns) {
		time_ns_put(p->time_ns_for_children);
		p->time_ns_for_children = tns;
	}
	return 0;
}

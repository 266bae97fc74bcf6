// SPDX-License-Identifier: MIT
/*
 * Creating tasks: kernel_clone() and the clone3/clone/fork/vfork system
 * calls on top of it. The order of checks follows Linux (docs/ABI.md §2.2);
 * every resource is taken before the child becomes visible, so a failure
 * anywhere unwinds completely.
 */
#include <kernel/big_lock.h>
#include <kernel/cmdline.h>
#include <kernel/err.h>
#include <kernel/exit.h>
#include <kernel/file.h>
#include <kernel/fork.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/pgrp.h>
#include <kernel/pid.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/shstk.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/timens.h>
#include <kernel/vdso.h>
#include <kernel/vfs.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/sched.h>
#include <uapi/linux/signal.h>

/* A new thread group's process struct, allocated and zeroed, its first thread linked (without big_lock), filled. */
static void process_fill(struct process *p, const struct process *parent_proc)
{
	p->state = PROC_ALIVE;
	process_children_init(p);
	refcount_set(&p->refs, 1);
	memcpy(p->rlim, parent_proc->rlim, sizeof(p->rlim));
	itimers_init(p); /* a fork's child starts with no interval timer */
}

/*
 * A new process's IDs and namespaces: its PID (the process's own
 * reference), the signal it sends its parent at death, its time namespace
 * (also its children's, until an unshare) and its children's PID namespace.
 */
static void process_fill_ids(struct process *cp, struct pid *pid, int exit_signal,
			     struct time_ns *tns, struct pid_ns *ns)
{
	cp->pid = pid;
	refcount_inc(&pid->refs);
	cp->exit_signal = exit_signal;
	cp->time_ns = tns;
	time_ns_get(cp->time_ns);
	cp->time_ns_for_children = cp->time_ns;
	time_ns_get(cp->time_ns_for_children);
	cp->pid_ns_for_children = ns;
	pid_ns_get(ns);
}

static void process_link_child(struct process *parent, struct process *child)
{
	process_set_parent(child, parent);
	process_children_push(parent, child);
}

/*
 * Sleeps until the vfork child execs or exits; only a kill ends the wait
 * early. Until vw->released is set the child is alive (it releases us
 * before it dies), so on a kill we can still reach it to take our wait
 * back. big_lock is held and nothing sleeps between the check and the
 * store, so no other task or CPU runs kernel code there.
 */
static void vfork_wait(struct task *child, struct vfork_wait *vw)
{
	while (!vw->released) {
		if (waitq_sleep_killable(NULL, 0)) {
			if (!vw->released)
				child->vfork = NULL;
			return;
		}
	}
}

void vfork_release(struct task *child)
{
	struct vfork_wait *vw = child->vfork;

	if (!vw)
		return;
	child->vfork = NULL;
	vw->released = true;
	task_wake(vw->parent);
}

/*
 * A thread sharing the caller's fs struct, files or not (fork's copy is
 * made already), joins the caller's process without big_lock: nothing of
 * that is the lock's (docs/DESIGN.md §7.3). What a pidfd, a vfork or
 * another process's struct would need, it leaves to the locked path.
 */
static bool clone_links_unlocked(u64 f)
{
	return (f & (CLONE_THREAD | CLONE_FS)) == (CLONE_THREAD | CLONE_FS) &&
	       !(f & (CLONE_VFORK | CLONE_PIDFD));
}

/*
 * The new thread child joins the caller's process under its siglock
 * alone, which an exit of the whole process takes too
 * (process_begin_exit()): a process that exits, or whose namespace died
 * (whose init's exit kills every process in it), takes no thread -- false,
 * nothing done, and the locked path gives the error -- and one that
 * begins to exit after this finds the thread on its list and ends it. Its
 * TID names it from here, as the locked path's; it stays TASK_NEW until
 * the caller wakes it.
 */
static bool thread_link_unlocked(struct task *parent, struct task *child, struct pid *pid,
				 const struct pid_ns *ns, u64 f)
{
	struct process *p = parent->proc;
	unsigned long flags = spin_lock_irqsave(&p->siglock);

	if (p->exiting || READ_ONCE(ns->dead)) {
		spin_unlock_irqrestore(&p->siglock, flags);
		return false;
	}
	/* Held by the caller, which cannot let go of them meanwhile: counts alone. */
	if (f & CLONE_FILES) {
		child->files = parent->files;
		refcount_inc(&child->files->refs);
	}
	child->fs = parent->fs;
	if (child->fs)
		refcount_inc(&child->fs->refs);
	child->sighand = parent->sighand;
	refcount_inc(&child->sighand->refs);
	child->state = TASK_NEW;
	process_thread_link_locked(p, child); /* child->proc set: a lookup by TID reads it */
	__atomic_store_n(&pid->task, child, __ATOMIC_RELEASE);
	spin_unlock_irqrestore(&p->siglock, flags);
	return true;
}

/* What a new thread takes of the caller's own, which only the caller changes. */
static void thread_fill(struct task *child, const struct task *parent, struct pid *pid,
			const struct kernel_clone_args *k)
{
	u64 f = k->flags;

	child->pid = pid;
	/* A thread sharing the address space (not vfork) starts without the alternate stack. */
	if ((f & CLONE_VM) && !(f & CLONE_VFORK))
		child->altstack = (struct sigaltstack){ .flags = SS_DISABLE };
	else
		child->altstack = parent->altstack;
	child->sigmask = parent->sigmask;
	child->cpus_allowed = parent->cpus_allowed; /* as Linux: affinity is inherited */
	if (f & CLONE_CHILD_SETTID)
		child->set_child_tid = (uintptr_t)k->child_tid;
	if (f & CLONE_CHILD_CLEARTID)
		child->clear_child_tid = (uintptr_t)k->child_tid;
}

/* The caller's return: the child's ID in its own namespace, and CLONE_PARENT_SETTID's copy. */
static long clone_return(const struct task *parent, struct pid *pid,
			 const struct kernel_clone_args *k)
{
	long ret = pid_nr_in(pid, task_active_pid_ns(parent));

	if (k->flags & CLONE_PARENT_SETTID)
		(void)put_user((int)ret, k->parent_tid); /* errors ignored, as Linux */
	return ret;
}

/*
 * A fork whose child process is linked without big_lock (docs/DESIGN.md
 * §7.3): a plain fork -- nothing shared, no pidfd, vfork, new namespace
 * or other parent -- of a process with one thread, whose handlers are its
 * own. So what the child copies only this thread changes -- handlers,
 * program file, time namespace -- but the root and cwd, which a CLONE_FS
 * sharer may change: those are copied under the fs struct's lock.
 */
static bool fork_links_unlocked(u64 f, const struct task *parent, bool sighand_filled)
{
	const u64 locked = CLONE_THREAD | CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
			   CLONE_PARENT | CLONE_NEWPID | CLONE_NEWTIME | CLONE_PIDFD | CLONE_VFORK;

	return !(f & locked) && sighand_filled && READ_ONCE(parent->proc->nr_threads) == 1 &&
	       parent->fs;
}

/*
 * The new process cp -- its struct filled, its first thread child linked,
 * its address space's vDSO in place -- joins its parent and its PID names
 * it, without big_lock. Under the parent's children_lock and siglock it
 * takes the parent's group and session (which change under that siglock,
 * kernel/proc/pgrp.c), goes on the parent's list and is published: its
 * PID names the process, then the thread, each whole before (release
 * stores), as the locked path's attach comes last.
 *
 * A kill of the parent, its group or its namespace's init that is under
 * way, holding big_lock, may have passed the child's number before it was
 * published: the grace period waits for it, after which the parent's
 * exiting mark or the namespace's dead one says so, and the child is
 * doomed -- it exits as it first runs, as one that was killed. One that
 * comes after finds it. Linux's copy_process() fails the fork instead
 * (its check and its attach are one hold of tasklist_lock); here the
 * parent is exiting, and never sees the return.
 */
static long fork_link_unlocked(struct task *parent, struct task *child, struct pid *pid,
			       struct pid_ns *ns, const struct kernel_clone_args *k,
			       struct fs_struct *new_fs, struct sighand *new_sighand)
{
	struct process *pp = parent->proc, *cp = child->proc;
	unsigned long flags, sig_flags;
	bool doomed;
	long ret;

	process_fill(cp, pp);
	child->mm->exe = parent->mm->exe ? dentry_get(parent->mm->exe) : NULL;
	thread_fill(child, parent, pid, k);
	child->fs = fs_struct_copy_into(new_fs, parent->fs);
	child->sighand = new_sighand;
	child->state = TASK_NEW;
	process_fill_ids(cp, pid, k->exit_signal, pp->time_ns_for_children, ns);
	cp->parent_thread = parent;
	process_set_parent_unpublished(cp, pp);

	flags = spin_lock_irqsave(&pp->children_lock);
	sig_flags = spin_lock_irqsave(&pp->siglock);
	pgrp_fork(cp, pp);
	doomed = pp->exiting || READ_ONCE(ns->dead);
	process_children_push_locked(pp, cp);
	__atomic_store_n(&pid->proc, cp, __ATOMIC_RELEASE);
	__atomic_store_n(&pid->task, child, __ATOMIC_RELEASE);
	spin_unlock_irqrestore(&pp->siglock, sig_flags);
	spin_unlock_irqrestore(&pp->children_lock, flags);

	big_lock_synchronize();
	doomed = doomed || READ_ONCE(pp->exiting) || READ_ONCE(ns->dead);
	if (doomed) {
		/* Not yet run: its first return finds it exiting, as a kill's would. */
		flags = spin_lock_irqsave(&cp->siglock);
		if (!cp->exiting) {
			WRITE_ONCE(cp->exiting, true);
			cp->exit_code = WAIT_STATUS_SIGNALED(SIGKILL);
		}
		spin_unlock_irqrestore(&cp->siglock, flags);
	}
	ret = clone_return(parent, pid, k);
	task_wake_new(child);
	return ret;
}

long kernel_clone(struct kernel_clone_args *k)
{
	struct task *parent = current, *child;
	struct process *pp = parent->proc, *cp;
	struct pid_ns *ns, *new_ns = NULL;
	struct process *new_proc = NULL;
	struct sighand *new_sighand = NULL;
	struct fs_struct *new_fs = NULL;
	bool sighand_filled = false;
	struct pid *new_pid = NULL;
	struct time_ns *tns = NULL;
	struct pid *pid = NULL;
	int pidfd = -1;
	long err;
	u64 f = k->flags;

	/*
	 * Entered without big_lock (the clone calls are in
	 * <kernel/syscall_unlocked.h>). The checks read the caller's own
	 * process -- whether it is a namespace's init, fixed at its birth, and
	 * the namespace its children go to, which only its own threads'
	 * unshare() changes, as they may while the child is being made anyway
	 * -- and counts that a clone or an exit on another CPU may change the
	 * next moment, as they may in Linux between its check and the clone.
	 */
	if (LOCK_DEBUG)
		BUG_ON(spin_held(&big_lock));
	err = clone_flags_valid(k, pp->is_ns_init,
				READ_ONCE(pp->pid_ns_for_children) != task_active_pid_ns(parent));
	if (err)
		return err;

	/* Linux's threads-max: what stops a fork bomb (RLIMIT_NPROC spares root, see task_limit_reached). */
	if (task_limit_reached())
		return -EAGAIN;

	/*
	 * A thread just joined or a child just reaped may still be being freed
	 * on another CPU: wait for those, so the child gets their kernel
	 * stack's slot and heap room back rather than new ones (a kernel page
	 * table or heap page that would then stay, and move a program's
	 * free-page count, <kernel/kmem.h>) -- and for nothing else.
	 */
	page_free_settle_cpus(&pp->freeing_cpus);
	/*
	 * The costly part of a clone -- the task and its kernel stack, the
	 * address space (shared, or fork's copy), the registers, the shadow
	 * stack (the shadow-stack pointer is part of the registers), fork's
	 * copy of the fd table (under the table's own lock), the memory of a
	 * new process struct, signal table and fs struct, filled below, and the PID -- is
	 * made before big_lock is taken (docs/DESIGN.md §7.3): each takes only
	 * its own locks and the address space's, and nothing of the child is
	 * visible but its PID's number, which names no task until the clone
	 * can no longer fail. The space before the namespaces and the PID,
	 * as Linux's copy_mm() comes before alloc_pid(); the parent's space
	 * stays, current being one of its users. The lock is taken once, for
	 * the rest: with several CPUs queueing for it, each take waits its turn.
	 * Two CPUs may pass the limit's check at once and go over it by one
	 * task each, as Linux's nr_threads check may.
	 */
	child = task_alloc(parent->name);
	err = child ? 0 : -ENOMEM;
	if (!err && !(f & CLONE_THREAD)) {
		new_proc = kzalloc(sizeof(*new_proc));
		err = new_proc ? 0 : -ENOMEM;
	}
	if (!err && !(f & CLONE_SIGHAND)) {
		new_sighand = kmalloc(sizeof(*new_sighand));
		err = new_sighand ? 0 : -ENOMEM;
		/*
		 * A table no other thread shares changes only in its own task's
		 * calls (sigaction, a fault's forced signal, SA_RESETHAND), and
		 * this task is here: copied now, without big_lock. A shared one
		 * is copied below, under it.
		 */
		if (!err && refcount_read(&parent->sighand->refs) == 1) {
			sighand_fill(new_sighand, parent->sighand, f & CLONE_CLEAR_SIGHAND);
			sighand_filled = true;
		}
	}
	if (!err) {
		new_pid = kzalloc(sizeof(*new_pid));
		err = new_pid ? 0 : -ENOMEM;
	}
	/* Only this task changes its own fs pointer (unshare): parent->fs holds still. */
	if (!err && !(f & CLONE_FS) && parent->fs) {
		new_fs = kzalloc(sizeof(*new_fs));
		err = new_fs ? 0 : -ENOMEM;
	}
	if (!err && (f & CLONE_VM)) {
		child->mm = parent->mm;
		refcount_inc(&child->mm->users);
	} else if (!err) {
		child->mm = mm_fork(parent->mm);
		err = child->mm ? 0 : -ENOMEM;
	}
	if (!err)
		err = arch_task_fork(child, parent, k->stack, f & CLONE_SETTLS, k->tls);
	if (!err)
		err = shstk_clone(child, parent, k);
	if (!err && !(f & CLONE_FILES)) {
		child->files = files_copy(parent->files);
		err = child->files ? 0 : -ENOMEM;
	}
	/*
	 * The PID namespace (the child of CLONE_NEWPID is the init of a new
	 * one) and the child's numbers in it and above, under pid_lock alone
	 * (kernel/proc/pid.c): Linux's copy_namespaces() then alloc_pid(). The
	 * pid is found by lookups from here, with no task yet, as Linux's is
	 * before attach_pid(): a kill or a pidfd_open() of it says ESRCH.
	 */
	ns = (f & CLONE_THREAD) ? task_active_pid_ns(parent) : READ_ONCE(pp->pid_ns_for_children);
	if (!err && (f & CLONE_NEWPID)) {
		struct pid_ns *made = pid_ns_create(ns);

		if (IS_ERR(made))
			err = PTR_ERR(made);
		else
			ns = new_ns = made;
	}
	if (!err) {
		pid = pid_alloc_in(new_pid, ns, k->set_tid, k->set_tid_size);
		new_pid = NULL; /* the pid now, or freed with the failure */
		err = IS_ERR(pid) ? PTR_ERR(pid) : 0;
	}
	if (!err && clone_links_unlocked(f)) {
		thread_fill(child, parent, pid, k);
		if (thread_link_unlocked(parent, child, pid, ns, f)) {
			long ret = clone_return(parent, pid, k);

			task_wake_new(child);
			return ret;
		}
		/* Exiting, or its namespace dead: the locked path says so (its own checks, its undo). */
	}
	/*
	 * A new process's first thread: linked now, before anyone can see the
	 * process (its pid and its parent's list name it only under big_lock,
	 * below), so its siglock is never waited for -- and not held with the
	 * big lock either.
	 */
	if (new_proc) {
		unsigned long flags;

		process_threads_init(new_proc);
		flags = spin_lock_irqsave(&new_proc->siglock);
		process_thread_link_locked(new_proc, child);
		spin_unlock_irqrestore(&new_proc->siglock, flags);
	}
	/*
	 * Not for a child in a namespace other than the caller's (after
	 * unshare(CLONE_NEWPID)), nor its first: a dead one's fork says ENOMEM
	 * to a caller that lives on, and an init is the locked path's to make.
	 */
	if (!err && fork_links_unlocked(f, parent, sighand_filled) &&
	    ns == task_active_pid_ns(parent) && pid_nr_in(pid, ns) != 1) {
		mm_lock(child->mm);
		err = vdso_fork(child->mm, pp->time_ns_for_children);
		mm_unlock(child->mm);
		if (!err)
			return fork_link_unlocked(parent, child, pid, ns, k, new_fs, new_sighand);
		big_lock_retake();
		goto put_pid;
	}
	big_lock_retake();
	if (!child)
		return err;
	/* The thread group: the caller's, or a new one (NULL if it could not be had: err says so). */
	cp = (f & CLONE_THREAD) ? pp : new_proc;
	if (new_proc)
		process_fill(new_proc, pp);
	if (child->mm && !(f & CLONE_VM))
		child->mm->exe = parent->mm->exe ? dentry_get(parent->mm->exe) : NULL;
	if (err)
		goto put_ns;
	/*
	 * The namespace's init exited after the pid was numbered: its kill of
	 * every process in it is over, and would miss this child.
	 */
	if (ns->dead) {
		err = -ENOMEM;
		goto put_pid;
	}
	if (f & CLONE_NEWTIME) {
		tns = time_ns_create();
		if (!tns) {
			err = -ENOMEM;
			goto put_pid;
		}
	}

	thread_fill(child, parent, pid, k);

	/* A child in another time namespace reads that namespace's offsets. */
	if (!(f & (CLONE_VM | CLONE_THREAD))) {
		mm_lock(child->mm);
		err = vdso_fork(child->mm, tns ? tns : pp->time_ns_for_children);
		mm_unlock(child->mm);
		if (err)
			goto put_pid;
	}

	/* Files: fork's copy was made above, without big_lock. */
	if (f & CLONE_FILES) {
		child->files = parent->files;
		refcount_inc(&child->files->refs);
	}
	if (f & CLONE_FS) {
		child->fs = parent->fs;
		if (child->fs)
			refcount_inc(&child->fs->refs);
	} else if (parent->fs) {
		child->fs = fs_struct_copy_into(new_fs, parent->fs);
		new_fs = NULL;
	}

	/* Signal handlers: shared, or a copy (cleared for CLONE_CLEAR_SIGHAND). */
	if (f & CLONE_SIGHAND) {
		child->sighand = parent->sighand;
		refcount_inc(&child->sighand->refs);
	} else {
		/* A shared table, filled under big_lock: another thread's sigaction may change it. */
		if (!sighand_filled)
			sighand_fill(new_sighand, parent->sighand, f & CLONE_CLEAR_SIGHAND);
		child->sighand = new_sighand;
		new_sighand = NULL;
	}
	if (f & CLONE_PIDFD) {
		struct file *file = file_open_pidfd(pid, 0);

		if (!file) {
			err = -ENOMEM;
			goto put_sighand;
		}
		pidfd = fd_install(parent->files, file, true);
		if (pidfd < 0) {
			file_put(file);
			err = pidfd;
			goto put_sighand;
		}
		if (put_user(pidfd, k->pidfd)) {
			fd_close(parent->files, pidfd);
			err = -EFAULT;
			goto put_sighand;
		}
	}

	/*
	 * Killed while the child was being made (the lock was let go above, and
	 * a PID namespace's end kills without waiting): the child is not made,
	 * as Linux's copy_process() gives up when a signal is pending, so no
	 * child outlives a kill of its parent or of the parent's namespace.
	 */
	if (signal_fatal_pending(parent)) {
		if (pidfd >= 0)
			fd_close(parent->files, pidfd);
		err = -EINTR;
		goto put_sighand;
	}

	/*
	 * Nothing can fail from here: make the child visible, not yet runnable.
	 * Its pid names it only now, as Linux's attach_pid() comes last: a
	 * failure above frees the task, and the pid may outlive it -- a pidfd
	 * made above holds it, and a read() on another CPU may hold that file
	 * for a moment -- so a pid that named the task earlier would lead a
	 * kill() of its number to freed memory.
	 */
	pid->task = child;
	child->state = TASK_NEW;
	if (!(f & CLONE_THREAD)) {
		/* A CLONE_PARENT child signals the shared parent as the caller does (Linux's copy_process()). */
		process_fill_ids(cp, pid, (f & CLONE_PARENT) ? pp->exit_signal : k->exit_signal,
				 tns ? tns : pp->time_ns_for_children, ns);
		pid->proc = cp;
		/*
		 * PID 1 of its namespace is the namespace's init: the child of
		 * CLONE_NEWPID, or the first child after unshare(CLONE_NEWPID)
		 * (Linux's is_child_reaper()).
		 */
		if (pid_nr_in(pid, ns) == 1) {
			ns->reaper = cp;
			cp->is_ns_init = true;
		}
		pgrp_fork(cp, pp);
		process_link_child((f & CLONE_PARENT) ? pp->parent : pp, cp);
		cp->parent_thread = (f & CLONE_PARENT) ? pp->parent_thread : parent;
	}
	if (tns)
		time_ns_put(tns);
	if (new_ns)
		pid_ns_put(new_ns);
	if (f & CLONE_THREAD) {
		unsigned long flags = spin_lock_irqsave(&cp->siglock);

		process_thread_link_locked(cp, child);
		spin_unlock_irqrestore(&cp->siglock, flags);
	}

	long ret = clone_return(parent, pid, k);

	if (f & CLONE_VFORK) {
		struct vfork_wait vw = { .parent = parent, .released = false };

		child->vfork = &vw;
		task_wake_new(child);
		vfork_wait(child, &vw);
		return ret;
	}
	/*
	 * The rest takes only run-queue locks: big_lock goes first, and the
	 * call returns as an unlocked one does (TASK_NEW says why no other
	 * CPU can run the child meanwhile).
	 */
	big_lock_release_for_return();
	task_wake_new(child);
	return ret;

put_sighand:
	sighand_put(child->sighand);
	fs_struct_put(child->fs);
	child->fs = NULL;
put_pid:
	pid_put(pid);
	if (tns)
		time_ns_put(tns);
put_ns:
	if (new_ns)
		pid_ns_put(new_ns);
	if (child->files)
		files_put(child->files);
	if (child->mm) {
		shstk_release(child, child->mm);
		mm_put(child->mm);
	}
	kfree(new_pid);
	kfree(new_sighand);
	kfree(new_fs);
	if (!(f & CLONE_THREAD))
		kfree(new_proc);
	task_free(child);
	return err;
}

/* The kernel parameter that picks clone3's shape: the kernel's command line, not its ABI. */
#define CLONE3_SHAPE_PARAM "clone3_shstk"

void clone3_shstk_setup(void)
{
	const char *name = cmdline_get(&kernel_cmdline, CLONE3_SHAPE_PARAM);

	if (name && clone3_shape_select(name))
		pr_warn("clone3: %s=%s is not rfc1, size or token; keeping %s\n",
			CLONE3_SHAPE_PARAM, name, clone3_shape->name);
	pr_info("clone3: shadow-stack fields: %s (CLONE_ARGS_SIZE_VER3 = %zu)\n",
		clone3_shape->name, clone3_shape->size);
}

/*
 * Entered without big_lock (<kernel/syscall_unlocked.h>), as clone, fork and
 * vfork are: the arguments are copied from the caller's memory and checked,
 * and kernel_clone() takes the lock once the child is made.
 */
SYSCALL(clone3)
{
	struct kernel_clone_args k;
	int err = clone3_copy_args(&k, (const void __user *)a[0], a[1]);

	if (err)
		return err;
	err = clone3_args_valid(&k);
	if (err)
		return err;
	if (k.stack)
		k.stack += k.stack_size; /* the stack grows down: start at its top */
	return kernel_clone(&k);
}

long clone_legacy(u64 flags, uintptr_t newsp, int __user *parent_tid, int __user *child_tid,
		  uintptr_t tls)
{
	struct kernel_clone_args k;

	/*
	 * clone()'s flags are an int in Linux's ABI: only the low 32 bits count
	 * (kernel/proc/fork.c takes lower_32_bits()), so bits above them, which only
	 * clone3() can name, are ignored here rather than acted on.
	 */
	u32 flags32 = (u32)flags;

	memset(&k, 0, sizeof(k));
	k.flags = flags32 & ~CSIGNAL;
	k.exit_signal = (int)(flags32 & CSIGNAL);
	k.stack = newsp;
	k.parent_tid = parent_tid;
	k.child_tid = child_tid;
	k.tls = tls;
	/* Legacy clone hands the pidfd back through parent_tid. */
	k.pidfd = k.parent_tid;
	if (k.flags & CLONE_DETACHED)
		k.flags &= ~CLONE_DETACHED; /* ignored by clone(), as in Linux */
	if ((k.flags & (CLONE_THREAD | CLONE_PARENT)) && k.exit_signal)
		k.exit_signal = 0; /* threads never signal their parent */
	return kernel_clone(&k);
}

SYSCALL(fork)
{
	struct kernel_clone_args k;

	(void)a;
	memset(&k, 0, sizeof(k));
	k.exit_signal = SIGCHLD;
	return kernel_clone(&k);
}

SYSCALL(vfork)
{
	struct kernel_clone_args k;

	(void)a;
	memset(&k, 0, sizeof(k));
	k.flags = CLONE_VFORK | CLONE_VM;
	k.exit_signal = SIGCHLD;
	return kernel_clone(&k);
}

// SPDX-License-Identifier: MIT
/*
 * Signal handlers and alternate stacks: rt_sigaction(), sigaltstack(), and
 * the handler tables fork, CLONE_SIGHAND, CLONE_CLEAR_SIGHAND and execve
 * copy, share or reset.
 */
#include <kernel/kmem.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <string.h>
#include <uapi/linux/errno.h>

struct sighand *sighand_create(void)
{
	struct sighand *sh = kzalloc(sizeof(*sh)); /* every handler SIG_DFL */

	if (sh)
		refcount_set(&sh->refs, 1);
	return sh;
}

void sighand_masks(const struct sighand *sh, u64 *ignored, u64 *caught)
{
	*ignored = *caught = 0;
	for (int sig = 1; sig <= _NSIG && sh; sig++) {
		uintptr_t h = sh->action[sig - 1].handler;

		if (h == SIG_IGN)
			*ignored |= 1ull << (sig - 1);
		else if (h != SIG_DFL)
			*caught |= 1ull << (sig - 1);
	}
}

/* Every handler but SIG_IGN back to SIG_DFL (execve, CLONE_CLEAR_SIGHAND). */
static void reset_handlers(struct sighand *sh)
{
	for (int i = 0; i < _NSIG; i++) {
		if (sh->action[i].handler != SIG_IGN)
			memset(&sh->action[i], 0, sizeof(sh->action[i]));
	}
}

void sighand_fill(struct sighand *sh, const struct sighand *src, bool reset)
{
	memcpy(sh, src, sizeof(*sh));
	refcount_set(&sh->refs, 1);
	if (reset)
		reset_handlers(sh);
}

struct sighand *sighand_copy(const struct sighand *src, bool reset)
{
	struct sighand *sh = kmalloc(sizeof(*sh));

	if (sh)
		sighand_fill(sh, src, reset);
	return sh;
}

void sighand_put(struct sighand *sh)
{
	if (sh && refcount_dec_and_test(&sh->refs))
		kfree(sh);
}

int signal_exec(struct task *t)
{
	/* A table shared with other processes is left alone: the new program gets its own. */
	if (refcount_read(&t->sighand->refs) > 1) {
		struct sighand *own = sighand_copy(t->sighand, true);

		if (!own)
			return -ENOMEM;
		sighand_put(t->sighand);
		t->sighand = own;
	} else {
		reset_handlers(t->sighand);
	}
	t->altstack = (struct sigaltstack){ .flags = SS_DISABLE };
	return 0;
}

SYSCALL(rt_sigaction)
{
	int sig = (int)a[0];
	const struct kernel_sigaction __user *uact = (const struct kernel_sigaction __user *)a[1];
	struct kernel_sigaction __user *uold = (struct kernel_sigaction __user *)a[2];
	struct kernel_sigaction act;

	if (a[3] != sizeof(u64))
		return -EINVAL;
	if (sig < 1 || sig > _NSIG)
		return -EINVAL;
	if (uact && copy_from_user(&act, uact, sizeof(act)))
		return -EFAULT;
	/* SIGKILL and SIGSTOP keep their default action. */
	if (uact && (sig == SIGKILL || sig == SIGSTOP))
		return -EINVAL;

	struct k_sigaction *ka = &current->sighand->action[sig - 1];
	struct kernel_sigaction old = { ka->handler, ka->flags, ka->restorer, ka->mask };

	/*
	 * Linux's order: the new action is in place before the old one is
	 * copied out. Under siglock: a child's exit without big_lock reads its
	 * parent's SIGCHLD action there (signal_notify_parent_unlocked()).
	 */
	if (uact) {
		unsigned long flags = spin_lock_irqsave(&current->proc->siglock);

		ka->handler = act.sa_handler;
		ka->flags = act.sa_flags;
		ka->restorer = act.sa_restorer;
		ka->mask = act.sa_mask & ~SIG_UNBLOCKABLE;
		/* Ignoring a signal drops what is pending of it. */
		if (ka->handler == SIG_IGN) {
			for (struct task *t = current->proc->threads; t; t = t->thread_next)
				t->sigpending &= ~SIGBIT(sig);
			current->proc->sigpending &= ~SIGBIT(sig);
		}
		spin_unlock_irqrestore(&current->proc->siglock, flags);
	}
	if (uold && copy_to_user(uold, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

SYSCALL(sigaltstack)
{
	const struct user_stack __user *uss = (const struct user_stack __user *)a[0];
	struct user_stack __user *uold = (struct user_stack __user *)a[1];
	struct sigaltstack *cur = &current->altstack;
	bool on = on_sigaltstack(current, arch_task_user_sp(current));
	struct user_stack ss;

	if (uold) {
		struct user_stack old = { (void *)cur->sp, cur->flags & (int)SS_AUTODISARM,
					  cur->size };

		if (on)
			old.ss_flags |= SS_ONSTACK;
		if ((cur->flags & SS_DISABLE) || !cur->size)
			old.ss_flags |= SS_DISABLE;
		if (copy_to_user(uold, &old, sizeof(old)))
			return -EFAULT;
	}
	if (!uss)
		return 0;
	if (copy_from_user(&ss, uss, sizeof(ss)))
		return -EFAULT;
	return altstack_set(current, arch_task_user_sp(current), &ss);
}

// SPDX-License-Identifier: MIT
/*
 * The architecture-independent parts of a signal frame (see
 * <kernel/signal.h>): which stack the frame goes on, the uc_stack record
 * of the alternate stack, SS_AUTODISARM, and what rt_sigreturn restores of
 * the alternate stack. The arch builds and parses the rest of the frame
 * (arch/ARCH/signal.c), calling these at the same points Linux's
 * get_sigframe(), __save_altstack() and restore_altstack() are called.
 */
#include <kernel/signal.h>
#include <kernel/task.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/signal.h>

bool on_sigaltstack(const struct task *t, uintptr_t addr)
{
	const struct sigaltstack *ss = &t->altstack;

	return !(ss->flags & SS_DISABLE) && ss->size && addr - ss->sp < ss->size;
}

uintptr_t sigframe_stack(const struct task *t, const struct k_sigaction *ka, uintptr_t user_sp,
			 uintptr_t sp, bool *to_altstack)
{
	*to_altstack = (ka->flags & SA_ONSTACK) && !on_sigaltstack(t, user_sp) &&
		       !(t->altstack.flags & SS_DISABLE) && t->altstack.size;
	return *to_altstack ? t->altstack.sp + t->altstack.size : sp;
}

int altstack_set(struct task *t, uintptr_t user_sp, const struct user_stack *ss)
{
	int mode = ss->ss_flags & ~(int)SS_AUTODISARM;

	if (on_sigaltstack(t, user_sp))
		return -EPERM; /* not while running on it */
	if (mode != SS_DISABLE && mode != SS_ONSTACK && mode != 0)
		return -EINVAL;
	if (mode == SS_DISABLE) {
		t->altstack = (struct sigaltstack){ .flags = ss->ss_flags };
		return 0;
	}
	if (ss->ss_size < MINSIGSTKSZ)
		return -ENOMEM;
	t->altstack.sp = (uintptr_t)ss->ss_sp;
	t->altstack.size = ss->ss_size;
	t->altstack.flags = ss->ss_flags;
	return 0;
}

void sigframe_save_altstack(const struct task *t, uintptr_t user_sp, struct user_stack *uss)
{
	(void)user_sp;
	uss->ss_sp = (void *)t->altstack.sp;
	uss->ss_size = t->altstack.size;
	uss->ss_flags = t->altstack.flags; /* as registered, SS_AUTODISARM included */
}

void sigframe_delivered(struct task *t, bool to_altstack)
{
	if (to_altstack && (t->altstack.flags & SS_AUTODISARM))
		t->altstack = (struct sigaltstack){ .flags = SS_DISABLE };
}

void sigframe_restore_altstack(struct task *t, uintptr_t user_sp, const struct user_stack *uss)
{
	(void)altstack_set(t, user_sp, uss); /* a refused record keeps the current stack */
}

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

void sigframe_save_altstack(const struct task *t, uintptr_t user_sp, struct user_stack *uss)
{
	uss->ss_sp = (void *)t->altstack.sp;
	uss->ss_size = t->altstack.size;
	uss->ss_flags = on_sigaltstack(t, user_sp)	   ? SS_ONSTACK
			: (t->altstack.flags & SS_DISABLE) ? SS_DISABLE
							   : 0;
}

void sigframe_delivered(struct task *t, bool to_altstack)
{
	if (to_altstack && (t->altstack.flags & SS_AUTODISARM))
		t->altstack = (struct sigaltstack){ .flags = SS_DISABLE };
}

void sigframe_restore_altstack(struct task *t, uintptr_t user_sp, const struct user_stack *uss)
{
	if (on_sigaltstack(t, user_sp))
		return; /* it cannot change while we run on it */
	if (uss->ss_flags & SS_DISABLE) {
		t->altstack = (struct sigaltstack){ .flags = SS_DISABLE };
	} else if (uss->ss_size >= MINSIGSTKSZ) {
		t->altstack.sp = (uintptr_t)uss->ss_sp;
		t->altstack.size = uss->ss_size;
		t->altstack.flags &= ~SS_DISABLE;
	}
}

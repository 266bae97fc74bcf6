// SPDX-License-Identifier: MIT
/*
 * Entering and leaving the kernel, for every architecture (<kernel/entry.h>).
 *
 * Kernel code runs holding big_lock (docs/DESIGN.md §7.3). The lock is
 * taken here on every entry -- system call, exception, interrupt -- and
 * dropped here: on the way back to kernel mode by the entry that took it,
 * on the way to user mode as the last step before the arch's return
 * instruction (IRET, ERET). The scheduler keeps it across a context
 * switch and drops it around an idle wait (kernel/proc/sched.c); nothing
 * else takes or drops it, but a system call that began without it and
 * needs it after all (big_lock_take_late()).
 *
 * The exceptions: the system calls of <kernel/syscall_unlocked.h>
 * (enter_syscall()), and each architecture's table of the entries that
 * run without the lock -- a user page fault on memory only its address
 * space's lock guards, an interrupt answering the CPU that holds the big
 * lock, a report of a fault that may come halfway through taking it --
 * read here before anything else.
 */
#include <kernel/big_lock.h>
#include <kernel/entry.h>
#include <kernel/exit.h>
#include <kernel/lockdep.h>
#include <kernel/percpu.h>
#include <kernel/sched.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>

static const struct entry_rule *rule_for(const struct entry_rule *rules, size_t n,
					 unsigned int vector, bool from_user)
{
	unsigned int from = from_user ? ENTRY_FROM_USER : ENTRY_FROM_KERNEL;

	for (size_t i = 0; i < n; i++)
		if (rules[i].vector == vector && (rules[i].from & from))
			return &rules[i];
	return NULL;
}

void enter_from_user_mode(void)
{
	big_lock_retake(); /* the lock and the arch's catch-up, as a call that let it go takes it back */
}

void enter_syscall(unsigned long nr)
{
	if (!syscall_runs_unlocked(nr))
		enter_from_user_mode();
}

/*
 * From kernel mode: whether to dispatch (false: the entry's rule ran it
 * without the lock); *took says this entry took big_lock (the CPU did not
 * hold it: an interrupt in the idle wait), which entry_trap() drops after
 * the dispatch.
 */
static bool enter_from_kernel_mode(const struct entry_rule *r, struct trap_frame *f, bool *took)
{
	const struct spinlock *held;

	*took = false;
	if (spin_held(&big_lock))
		return true;
	/*
	 * A lock that ranks after big_lock is held, with interrupts off (the
	 * lock debugger's rule): so this is an exception inside its critical
	 * section, a kernel bug. Its handler would wait for big_lock out of
	 * order; report the trap itself, where it came from, instead of the
	 * lock debugger's complaint about that wait.
	 */
	if (LOCK_DEBUG && lockdep_check(&big_lock, &held) == LOCKDEP_ORDER)
		arch_trap_fatal(f, held);
	if (r && r->lock == ENTRY_TRY_LOCK && !spin_trylock(&big_lock)) {
		if (r->run(f))
			return false;
		spin_lock(&big_lock);
	} else if (!r || r->lock != ENTRY_TRY_LOCK) {
		spin_lock(&big_lock);
	}
	*took = true;
	arch_entry_locked(false);
	return true;
}

void entry_trap(struct trap_frame *f, unsigned int vector, bool from_user,
		const struct entry_rule *rules, size_t nr_rules,
		void (*dispatch)(struct trap_frame *f, bool from_user))
{
	const struct entry_rule *r = rule_for(rules, nr_rules, vector, from_user);
	bool took;

	if (r && r->lock == ENTRY_NO_LOCK && r->run(f))
		return;
	if (from_user) {
		enter_from_user_mode();
		dispatch(f, true);
		return; /* return_to_user_mode() drops the lock */
	}
	if (!enter_from_kernel_mode(r, f, &took))
		return;
	dispatch(f, false);
	if (took)
		spin_unlock(&big_lock);
}

void exit_to_user_mode(void)
{
	for (;;) {
		if (current->proc->exiting)
			do_exit_thread(current->proc->exit_code);
		if (signal_deliver(current))
			continue; /* a signal was acted on: look again */
		if (!this_cpu()->need_resched && (current->cpus_allowed & (1ull << this_cpu()->id)))
			return;
		schedule();
	}
}

/*
 * Read without big_lock by a task about to return to user mode that does
 * not hold it: whether the return-to-user loop has anything to do -- a
 * signal or kill, a reschedule, a CPU it may no longer use, a frame the
 * return would refuse. What another CPU sets after the look is found at
 * this task's next entry, as for a task already in user mode when it was
 * set.
 */
static bool return_to_user_has_work(const struct trap_frame *f)
{
	struct cpu *c = this_cpu();

	return signal_pending(current) || READ_ONCE(c->need_resched) ||
	       !(current->cpus_allowed & (1ull << c->id)) || !arch_user_frame_fits(f);
}

void enter_new_user_task(struct trap_frame *f)
{
	schedule_tail_user();
	/*
	 * Most children go straight to user mode, as an unlocked system call
	 * returns: fork's child would otherwise queue for big_lock only to find
	 * nothing to do. A signal, a kill, a reschedule or a frame the return
	 * would refuse takes the whole loop under the lock.
	 */
	if (return_to_user_has_work(f))
		big_lock_retake();
}

void return_to_user_mode(struct trap_frame *f)
{
	/*
	 * Only an entry that ran without the lock comes here not holding it
	 * (from user mode, the CPU held nothing before): an unlocked system
	 * call or user fault, an entry of the arch's table, or a clone's child
	 * that found nothing to do (enter_new_user_task()). Such an entry
	 * meets work for the loop only where it gave up its CPU or went to
	 * sleep (slept_in_call) -- a signal that ended a pipe's sleep, a
	 * shadow-stack pointer x86 refused at the switch back -- so only then
	 * does it look (return_to_user_has_work(), as a clone's child does),
	 * and it takes the lock and the loop only for work found: a pipe read
	 * or a join that slept and was simply woken goes straight back. Work
	 * another CPU makes for this one after the look comes with an IPI,
	 * which the return to user mode lets in at once.
	 */
	if (!spin_held(&big_lock)) {
		if (!current->slept_in_call)
			return;
		current->slept_in_call = false;
		if (!return_to_user_has_work(f))
			return;
		big_lock_retake();
	}
	current->slept_in_call = false;
	/*
	 * A frame the return instruction would refuse becomes the signal it
	 * would have raised, and the loop delivers that; a handler that is
	 * itself a bad address faults with the signal blocked, which kills,
	 * so this ends.
	 */
	do
		exit_to_user_mode();
	while (!arch_user_frame_check(f));
	spin_unlock(&big_lock);
	/* What a reap unlinked, freed now: the heap's lock is no longer waited for holding big_lock. */
	if (current->nr_free_later)
		big_lock_free_deferred(current);
}

/* SPDX-License-Identifier: MIT */
/*
 * Kernel entry and exit (kernel/entry.c), the one place that decides what
 * happens to big_lock at the user/kernel boundary. An architecture's
 * vectors save the registers and call in here; what is left to it is the
 * dispatch of its own vectors, the table of the few entries that run
 * without the lock (struct entry_rule), and two hooks.
 */
#ifndef KERNEL_ENTRY_H
#define KERNEL_ENTRY_H

#include <kernel/types.h>

struct spinlock;
struct trap_frame;

/* Which side an entry came from (a mask: a rule may cover both). */
enum entry_from {
	ENTRY_FROM_USER = 1,
	ENTRY_FROM_KERNEL = 2,
	ENTRY_FROM_ANY = 3,
};

/* How an entry the arch lists treats big_lock. */
enum entry_lock {
	/*
	 * run() first, with no lock: true when it handled the entry; false
	 * sends it the ordinary way, under the lock (a case the rule does
	 * not cover). An entry from user mode that run() handled returns
	 * to user mode as it came: return_to_user_mode() does nothing.
	 */
	ENTRY_NO_LOCK,
	/*
	 * From kernel mode, without the lock: takes it only if it is free.
	 * If busy, run() says whether the entry may be dropped (true) or must
	 * wait for the lock after all (false).
	 */
	ENTRY_TRY_LOCK,
};

struct entry_rule {
	unsigned int vector; /* the arch's number for the entry */
	unsigned int from;   /* enum entry_from */
	enum entry_lock lock;
	bool (*run)(struct trap_frame *f);
};

/*
 * One exception or interrupt (interrupts off): the arch's rule for it if
 * it has one, else dispatch(f, from_user) holding big_lock. From kernel
 * mode the lock is taken unless this CPU holds it (an interrupt in the
 * idle wait) and dropped again here; from user mode it stays held until
 * return_to_user_mode().
 */
void entry_trap(struct trap_frame *f, unsigned int vector, bool from_user,
		const struct entry_rule *rules, size_t nr_rules,
		void (*dispatch)(struct trap_frame *f, bool from_user));

/* An entry from user mode (interrupts off): takes big_lock. */
void enter_from_user_mode(void);

/*
 * A system call's entry (interrupts off): takes big_lock, unless call nr
 * is one that runs without it (syscall_runs_unlocked()).
 */
void enter_syscall(unsigned long nr);

/*
 * The return-to-user loop, big_lock held: exits when the process is being
 * killed, acts on the first pending signal, reschedules when the time
 * slice is over or the task may no longer run on this CPU; until none of
 * it is left to do.
 */
void exit_to_user_mode(void);

/*
 * Every return to user mode ends here, the frame about to be restored at
 * f (interrupts off): the loop above, the arch's check of the frame, and
 * big_lock dropped as the very last kernel step.
 */
void return_to_user_mode(struct trap_frame *f);

/*
 * The arch's hooks. arch_entry_locked(): this CPU just took big_lock on
 * an entry (x86: catch up with kernel-stack unmaps, the TLB-sync hook).
 * arch_user_frame_check(): makes f fit to return to user mode; false when
 * it cannot be and the signal the return would have raised is queued.
 * arch_trap_fatal(): the panic report of a kernel-mode trap (vector,
 * address, registers, backtrace from the trapped code) that came while
 * this CPU held the spinlock held, where no handler may run.
 */
void arch_entry_locked(bool from_user);
bool arch_user_frame_check(struct trap_frame *f);
__noreturn void arch_trap_fatal(struct trap_frame *f, const struct spinlock *held);

/*
 * Read without big_lock, changing nothing: true when arch_user_frame_check()
 * would pass f as it is, with no signal to raise.
 */
bool arch_user_frame_fits(const struct trap_frame *f);

/*
 * A clone's child's first C code (the arch's ret_from_fork), f its frame:
 * the switch finished, then to user mode without big_lock unless the
 * return-to-user loop has work for it.
 */
void enter_new_user_task(struct trap_frame *f);

#endif

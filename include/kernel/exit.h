/* SPDX-License-Identifier: MIT */
/* Leaving: thread exit, process exit, zombies and wait4()/waitid(). */
#ifndef KERNEL_EXIT_H
#define KERNEL_EXIT_H

#include <kernel/compiler.h>

struct process;

/* Wait-status encodings, as wait4() returns them. */
#define WAIT_STATUS_EXITED(code) (((code)&0xff) << 8)
#define WAIT_STATUS_SIGNALED(sig) ((sig)&0x7f)

/*
 * Ends the current thread. status is the wait status its process leaves
 * with if this is the last thread. Never returns.
 */
__noreturn void do_exit_thread(int status);

/* Makes every thread of the current process leave with status, then exits. */
__noreturn void do_exit_group(int status);

/* Starts a group exit of p with status (used by fatal signals). */
void process_begin_exit(struct process *p, int status);

/*
 * The end of a zombie, or of a process nobody will reap: unhashed and
 * let go, its memory freed after big_lock (wait.c's reap). Under big_lock,
 * or without it once p is unreachable -- off its parent's list, its PID no
 * longer naming it -- and big_lock_synchronize() has waited out every
 * hold that could have found it, when p shares its time namespaces with
 * init (a last reference to one frees a shared-memory object's page,
 * which is the lock's).
 */
void process_free(struct process *p);

#endif

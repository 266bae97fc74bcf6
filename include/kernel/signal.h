/* SPDX-License-Identifier: MIT */
/*
 * Signals, default actions only (handlers arrive with the signal issue):
 * a signal whose default action is to terminate kills the whole process
 * when it is not blocked; ignored-by-default signals are dropped; stop and
 * continue are not supported and are dropped too. SIGKILL cannot be
 * blocked. Pending signals are kept per thread and per process.
 */
#ifndef KERNEL_SIGNAL_H
#define KERNEL_SIGNAL_H

#include <kernel/types.h>

struct task;
struct process;

#define SIGBIT(sig) (1ull << ((sig)-1))

/* Sends sig to a process (kill) or one thread (tgkill). 0 or -EINVAL. */
int signal_send_process(struct process *p, int sig);
int signal_send_thread(struct task *t, int sig);

/*
 * A synchronous fault in user mode (page fault, #UD, #CP ...): prints what
 * happened and kills the process with sig, whatever the mask says.
 */
void signal_force_fault(int sig, int si_code, uintptr_t addr, const char *what);

/* True when t must leave: its process is exiting or SIGKILL is pending. */
bool signal_fatal_pending(const struct task *t);

/*
 * Acts on the first deliverable pending signal of t: returns true when it
 * started a group exit, false when nothing (more) was pending.
 */
bool signal_deliver_default(struct task *t);

#endif

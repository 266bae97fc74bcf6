/* SPDX-License-Identifier: MIT */
/*
 * Process groups and sessions, as Linux's (kernel/proc/pgrp.c). A process
 * group and a session are each named by the pid of the process that
 * started it (struct process's pgrp and session hold a reference to that
 * pid, so its number is not handed out again while the group lives); NULL
 * is Linux's 0, what the first process has until it calls setsid().
 */
#ifndef KERNEL_PGRP_H
#define KERNEL_PGRP_H

#include <kernel/types.h>

struct pid;
struct process;
struct ksiginfo;

/* fork: the child joins its parent's process group and session, and keeps its terminal. */
void pgrp_fork(struct process *child, const struct process *parent);
/* The process is freed: its references to its group and session go. */
void pgrp_release(struct process *p);

/* The number of pid (a group, a session) in the caller's namespace; 0 for NULL. */
int pgrp_vnr(const struct pid *pid);
bool process_is_session_leader(const struct process *p);

/* Calls fn for each process (alive or a zombie) of the group; fn must not free processes. */
void pgrp_for_each(const struct pid *pgrp, void (*fn)(struct process *p, void *ctx), void *ctx);
/* Whether any process (alive or a zombie) is in the group. */
bool pgrp_exists(const struct pid *pgrp);
/*
 * Linux's session_of_pgrp(): the session of a process in the group, else
 * of the process whose pid it is; NULL when neither exists.
 */
struct pid *pgrp_session(const struct pid *pgrp, bool *found);
/*
 * POSIX's orphaned process group (Linux's will_become_orphaned_pgrp()):
 * no member has a parent in another group of the same session (a parent
 * that is init does not count).
 */
bool pgrp_is_orphaned(const struct pid *pgrp);
/* kill(-pgrp): sig to every process of the group (a zombie takes it silently). -ESRCH when there is none. */
int pgrp_kill(const struct pid *pgrp, int sig, const struct ksiginfo *info);

#endif

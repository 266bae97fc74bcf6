/* SPDX-License-Identifier: MIT */
/*
 * PIDs and PID namespaces (CLONE_NEWPID). A task's struct pid holds one
 * number per namespace level, from the initial namespace (level 0) down to
 * the namespace the task lives in; each namespace numbers its tasks from 1,
 * and its first process (number 1) reaps its orphans.
 */
#ifndef KERNEL_PID_H
#define KERNEL_PID_H

#include <kernel/atomic.h>
#include <kernel/types.h>

#define MAX_PID_NS_LEVEL 32 /* Linux's nesting limit */
#define PID_MAX 32768	    /* numbers are 1 .. PID_MAX - 1 */

struct process;
struct task;

struct pid_map; /* a namespace's number bitmap and lookup table (kernel/proc/pid.c) */

struct pid_ns {
	refcount_t refs;
	unsigned int level;
	struct pid_ns *parent;
	int last_nr;		/* the last number handed out, for round-robin allocation */
	struct process *reaper; /* the namespace's init, once it exists */
	/*
	 * Its init has exited: no process enters it any more, a fork into it
	 * is ENOMEM (Linux's PIDNS_ADDING cleared, pid_namespaces(7)).
	 */
	bool dead;
	struct pid_map *map; /* allocated with the namespace (lazily for the initial one) */
};

struct pid {
	refcount_t refs;
	unsigned int level; /* nr[0..level] and ns[0..level] are valid */
	int nr[MAX_PID_NS_LEVEL + 1];
	struct pid_ns *ns[MAX_PID_NS_LEVEL + 1];
	/* hash_next[l]: the next pid in ns[l]'s lookup bucket for nr[l] */
	struct pid *hash_next[MAX_PID_NS_LEVEL + 1];
	struct task *task; /* the thread holding this pid, NULL once it is gone */
	/* the process whose thread-group ID this is, NULL once it is reaped (pidfds look) */
	struct process *proc;
};

extern struct pid_ns init_pid_ns;

/*
 * Costs: allocating a number, finding a pid and counting a namespace are
 * bounded by the namespace's own map (a bitmap of PID_MAX bits and a hash
 * table), never by the number of pids in the system, so thousands of
 * zombies do not slow every fork down.
 */

/* A new namespace below parent: -ENOSPC past MAX_PID_NS_LEVEL, -ENOMEM. */
struct pid_ns *pid_ns_create(struct pid_ns *parent);
void pid_ns_get(struct pid_ns *ns);
void pid_ns_put(struct pid_ns *ns);

/*
 * Allocates a pid in ns and all its ancestors. set_tid (may be NULL) asks
 * for specific numbers, innermost level first, as clone3() passes them.
 * Returns the pid or an ERR_PTR: -EINVAL, -EEXIST, -EAGAIN, -ENOMEM.
 */
struct pid *pid_alloc(struct pid_ns *ns, const int *set_tid, size_t set_tid_size);
/*
 * The same in mem, a zeroed struct pid the caller allocated beforehand
 * (clone, without big_lock): it is the pid, or freed with the failure.
 */
struct pid *pid_alloc_in(struct pid *mem, struct pid_ns *ns, const int *set_tid,
			 size_t set_tid_size);
void pid_put(struct pid *pid);
/* The same, its memory freed by kfree_after_big_lock(): for a reap or an exit. */
void pid_put_after_big_lock(struct pid *pid);

/*
 * The thread pid names, or NULL (pid may be NULL too): one read, as a
 * thread's exit may clear it without big_lock (kernel/proc/exit.c); the
 * task stays readable until a holder of big_lock lets it go.
 */
static inline struct task *pid_task(const struct pid *pid)
{
	return pid ? READ_ONCE(pid->task) : NULL;
}

/*
 * The number of pid in ns, or 0 when pid is not visible from ns. Inline:
 * wait4, kill and clone ask it several times per call, and a pid's
 * numbers never change.
 */
static inline int pid_nr_in(const struct pid *pid, const struct pid_ns *ns)
{
	if (!pid || ns->level > pid->level || pid->ns[ns->level] != ns)
		return 0;
	return pid->nr[ns->level];
}

/* Calls fn for every pid visible in ns. fn must not free pids. */
void pid_for_each_in_ns(const struct pid_ns *ns, void (*fn)(struct pid *pid, void *ctx), void *ctx);

/* The pid with number nr in ns, or NULL. */
struct pid *pid_find(const struct pid_ns *ns, int nr);

#endif

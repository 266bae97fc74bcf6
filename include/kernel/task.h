/* SPDX-License-Identifier: MIT */
/*
 * Tasks and processes. A task is one thread of execution with its own
 * kernel stack; a process is the thread group (CLONE_THREAD) sharing a
 * PID, a parent, children, rlimits and signal state. Address spaces
 * (CLONE_VM) and file tables (CLONE_FILES) are shared by reference count
 * and may be shared across processes too, as in Linux.
 *
 * Concurrency: kernel code runs with interrupts off and holding big_lock
 * (<kernel/big_lock.h>), so it is never preempted and at most one CPU runs
 * it at a time; user code runs on every CPU. Timer interrupts taken in user
 * mode set the CPU's need_resched.
 */
#ifndef KERNEL_TASK_H
#define KERNEL_TASK_H

#include <asm/task.h>
#include <kernel/atomic.h>
#include <kernel/cputime.h>
#include <kernel/futex.h>
#include <kernel/itimer.h>
#include <kernel/kstack.h>
#include <kernel/percpu.h>
#include <kernel/pid.h>
#include <kernel/posix_timer.h>
#include <kernel/ptrace.h>
#include <kernel/shstk.h>
#include <kernel/signal.h>
#include <kernel/spinlock.h>
#include <kernel/types.h>
#include <kernel/waitq.h>
#include <uapi/linux/types.h>

/* A reap's frees: the process, the task and the PID struct, and one to spare. */
#define TASK_FREE_LATER 8

struct mm;
struct files;
struct fs_struct;
struct pid;
struct pid_ns;
struct time_ns;
struct process;
struct tty;

/*
 * A vfork parent's wait for its child, on the parent's kernel stack. The
 * child holds the only pointer to it and clears that pointer when it
 * releases the parent; a parent that stops waiting early (killed) clears
 * it first. So neither side ever points at a task that may be gone.
 */
struct vfork_wait {
	struct task *parent;
	bool released;
};

/* The child execs or exits: wake its vfork parent, if it still waits. */
void vfork_release(struct task *child);

enum task_state {
	TASK_RUNNING,  /* on the run queue or running */
	TASK_SLEEPING, /* on a wait queue (and maybe a timer) */
	TASK_WAKING,   /* runnable, on its way to another CPU's queue (kernel/proc/sched.c) */
	TASK_TRACED,   /* a ptrace stop: only the tracer's resume or SIGKILL wakes it */
	TASK_DEAD,     /* exited: freed once we switch away from it */
	/*
	 * Made by clone and visible (in its process, under its PID), not yet
	 * run: no wake but task_wake_new() makes it runnable, as Linux's
	 * TASK_NEW. So the clone may wake it after letting big_lock go -- a
	 * kill meanwhile only marks the signal, which the child finds when it
	 * first runs -- and no other CPU can run it, let it exit and free it
	 * before that wake has touched it.
	 */
	TASK_NEW,
};

struct trap_frame;

struct task {
	struct pid *pid; /* the thread ID in every PID namespace level */
	struct process *proc;
	struct mm *mm;
	struct files *files;
	struct fs_struct *fs; /* root, cwd, umask: shared with CLONE_FS (<kernel/vfs.h>) */
	struct kstack kstack;
	struct arch_task arch;	   /* saved registers, FS base, FPU state */
	struct shstk_thread shstk; /* the shadow stack the kernel allocated for it */
	enum task_state state;
	char name[16];
	bool is_idle;	  /* a CPU's idle task: never queued, never in user mode */
	unsigned int cpu; /* the CPU it runs or last ran on */
	u64 cpus_allowed; /* sched_setaffinity(): bit n = CPU n may run it */

	struct task *run_next;	  /* run queue */
	struct task *thread_next; /* threads of proc */
	/*
	 * The link that points at this task (p->threads or the previous
	 * thread's thread_next): a thread leaves its process in O(1), so a
	 * group of thousands exits in linear time.
	 */
	struct task **thread_pprev;
	struct task *wait_next; /* the wait queue we sleep on */
	struct waitq *waiting_on;
	u64 wake_at;		 /* tick to wake at when sleeping with a time-out, or 0 */
	struct task *timed_next; /* the list of sleepers with a time-out */
	bool timed_out;

	uintptr_t set_child_tid;	/* CLONE_CHILD_SETTID: written when it first runs */
	uintptr_t clear_child_tid;	/* CLONE_CHILD_CLEARTID: cleared + futex-woken at exit */
	struct futex_waiter futex_wait; /* on a futex bucket while in FUTEX_WAIT */
	struct vfork_wait *vfork;	/* our vfork parent's wait, released when we exec or exit */

	void (*kthread_fn)(void *arg); /* a kernel thread's work (kernel/proc/kthread.c) */
	void *kthread_arg;

	struct sighand *sighand; /* handlers, shared with CLONE_SIGHAND */
	/* An exited task's reference to its handlers, let go by task_release() off the big lock. */
	struct sighand *sighand_to_put;
	/*
	 * Memory kfree_after_big_lock() keeps until this task lets the lock go
	 * -- or, kept while it did not hold it, until the hold then in
	 * progress has ended (free_later_grace, the latest such).
	 */
	void *free_later[TASK_FREE_LATER];
	unsigned int nr_free_later;
	bool free_later_waits;
	struct spin_grace free_later_grace;
	u64 sigmask;			/* blocked signals (bit n-1 = signal n) */
	u64 sigpending;			/* signals sent to this thread */
	struct ksiginfo siginfo[_NSIG]; /* what came with each of them */
	struct sigaltstack altstack;
	bool interruptible; /* asleep where a signal ends the sleep */
	/*
	 * Since it entered the kernel the task gave up its CPU, or went to
	 * sleep and a signal stopped it: the only ways an entry without
	 * big_lock meets work for the return-to-user loop -- the signal that
	 * ended the sleep, a shadow-stack pointer x86 refused at the switch
	 * back (kernel/entry.c).
	 */
	bool slept_in_call;
	/* Its exit emptied its address space and closed its fds before big_lock (kernel/proc/exit.c). */
	bool left_early;
	/*
	 * It has begun to leave without big_lock (exit_thread_unlocked(),
	 * kernel/proc/exit.c), Linux's PF_EXITING: set under its process's
	 * children_lock, so a sibling's exit never makes it the parent thread
	 * of a child; no tracer may attach to it any more, and a signal sent
	 * to the process wakes another thread.
	 */
	bool exit_begun;
	/* Its exit's page_free_begin(): the CPU whose count its free ends (<kernel/kmem.h>). */
	u64 free_announced;
	struct ptrace_state ptrace; /* traced by its parent process (kernel/proc/ptrace.c) */
	/*
	 * ppoll's temporary mask: the mask to restore once the call is over,
	 * and whether it is still to be restored -- by the signal frame (it
	 * becomes the frame's saved mask) or, with no handler to run, on the
	 * way back to user space (Linux's set_restore_sigmask()).
	 */
	u64 saved_sigmask;
	bool restore_sigmask;
	int pdeath_signal;	/* prctl(PR_SET_PDEATHSIG): sent when the parent thread exits */
	struct cpu_usage usage; /* its CPU time, switches and faults (kernel/time/cputime.c) */
	u64 start_tick;		/* timer_ticks() when it was made (/proc/PID/stat's starttime) */
	/*
	 * Not 0 for the last thread of a process that became a zombie: its
	 * stack goes at the switch away, the struct stays as the zombie's
	 * (process.zombie_task) until the parent reaps it. Two owners then,
	 * the CPU that switches away from it and the reaper, each without
	 * waiting for the other: the second of them to let go frees the
	 * struct (task_zombie_put()).
	 */
	atomic_t zombie_owners;
};

/*
 * The registers a task's last entry from user mode saved: the frame at the
 * top of its kernel stack, where both architectures' entries put it. What
 * ptrace reads and writes, what a signal frame is built from and restores.
 */
struct trap_frame *task_user_frame(const struct task *t);

enum process_state { PROC_ALIVE, PROC_ZOMBIE };

struct process {
	struct pid *pid; /* the thread group ID: its first thread's pid */
	/*
	 * Set by process_set_parent(), under big_lock and siglock; a move to a
	 * new parent (reparenting) also holds the old parent's children_lock
	 * to take it off that list and the new one's to put it on, with
	 * reparenting set between the two holds. So a last thread that exits
	 * without big_lock (kernel/proc/exit.c) finds its parent under siglock,
	 * and, holding that parent's children_lock, knows it stays the parent
	 * while it marks the zombie and tells it (process_lock_parent()).
	 */
	struct process *parent;
	bool reparenting;
	/*
	 * getppid()'s answer: parent's ID as this process's namespace sees it,
	 * 0 without a parent or when it lies outside. Written with parent,
	 * under big_lock; read without it (getppid runs unlocked,
	 * docs/DESIGN.md §7.3), where following parent could meet a parent
	 * being reaped on another CPU.
	 */
	int ppid;
	struct task *parent_thread; /* the parent's thread that forked it (Linux's real_parent) */
	/*
	 * Linked through sibling. Always changed under children_lock: a push
	 * under big_lock too; an unlink under big_lock too, but a reap's,
	 * which may take a zombie off without it (kernel/proc/wait.c). A
	 * reader holding children_lock sees whole links and live children; a
	 * reader holding big_lock alone may meet a zombie being reaped, whose
	 * link and memory stay until its hold ends (big_lock_synchronize()).
	 */
	struct process *children;
	struct process *sibling;
	struct spinlock children_lock;
	unsigned int nr_tracees; /* threads of its children it traces (kernel/proc/ptrace.c) */
	bool exit_traced;	 /* its last thread died traced: its tracer's wait reaps it */
	/*
	 * The threads, linked through thread_next. Every change takes
	 * siglock: clone's link (under big_lock too) and an exit's unlink,
	 * which a thread that is not the last makes without big_lock
	 * (kernel/proc/exit.c). A reader holding siglock sees whole links and
	 * live threads; one holding big_lock alone may meet a thread that is
	 * leaving, whose link and memory stay until its hold ends (the exit
	 * waits for it: big_lock_synchronize()). siglock also keeps a
	 * sender's choice of a thread to wake (kernel/signal/signal.c) and the
	 * CPU time of exited threads (exited_usage) whole against an exit.
	 */
	struct task *threads;
	unsigned int nr_threads;
	struct spinlock siglock;
	enum process_state state;
	int exit_signal; /* sent to the parent when we die (0: none) */
	int wait_status; /* wait4() status once a zombie */
	/*
	 * A zombie's last thread, dead, without stack, memory or files: what
	 * /proc/PID shows until the parent reaps it (Linux keeps the leader's
	 * task_struct the same way). NULL while alive.
	 */
	struct task *zombie_task;
	bool exiting;	/* exit_group or a fatal signal: threads leave */
	int exit_code;	/* the status every thread leaves with */
	u64 sigpending; /* signals sent to the process */
	struct ksiginfo siginfo[_NSIG];
	struct waitq child_exit; /* parent sleeps here in wait4() */
	/*
	 * The struct's memory: one reference for the process itself, let go
	 * when it is reaped (or dies with no parent), and one for each child
	 * whose exit is about to wake child_exit after letting big_lock go
	 * (kernel/proc/exit.c). The last frees it.
	 */
	refcount_t refs;
	/*
	 * The CPUs (a bit each) where a thread of it or a child it reaped
	 * began its stack's free: its next clone waits for those frees alone
	 * (page_free_settle_cpus(), <kernel/kmem.h>).
	 */
	u64 freeing_cpus;
	struct pid_ns *pid_ns_for_children;
	struct time_ns *time_ns;
	struct time_ns *time_ns_for_children;
	struct rlimit64 rlim[RLIM_NLIMITS];
	bool is_ns_init;		 /* the child reaper of its PID namespace */
	struct cpu_usage exited_usage;	 /* of its threads that exited */
	struct cpu_usage children_usage; /* of the children it reaped, and theirs */
	struct itimers itimers;		 /* setitimer(), alarm() (kernel/time/itimer.c) */
	/* timer_create()'s timers (kernel/time/posix_timers.c) */
	struct posix_timers posix_timers;
	/*
	 * Process group and session (kernel/proc/pgrp.c), each held as the
	 * pid of its leader; NULL is Linux's 0, init's before it calls
	 * setsid(). tty: the controlling terminal, or NULL.
	 */
	struct pid *pgrp;
	struct pid *session;
	struct tty *tty;
	bool did_exec; /* ran execve() since its fork: setpgid() on it is EACCES */
	/* Job control (kernel/signal/jobctl.c): a group stop and what wait4 still has to report. */
	bool stopped;	      /* every thread waits on stop_wait for SIGCONT */
	int stop_report;      /* the stopping signal, until a WUNTRACED wait took it */
	bool continue_report; /* continued, until a WCONTINUED wait took it */
	struct waitq stop_wait;
};

/*
 * t is its zombie process's last thread, which /proc shows as the zombie
 * from the moment the process became one under the big lock -- before the
 * thread's last switch marks it TASK_DEAD (Linux reads exit_state).
 */
static inline bool task_is_zombie_thread(const struct task *t)
{
	return t->proc && t->proc->state == PROC_ZOMBIE && t->proc->zombie_task == t;
}

/* t waits in its process's group stop (kernel/signal/jobctl.c): Linux's TASK_STOPPED. */
static inline bool task_in_group_stop(const struct task *t)
{
	return t->proc && READ_ONCE(t->waiting_on) == &t->proc->stop_wait;
}

/* Allocates a task with a kernel stack; NULL on failure. Not yet runnable. */
struct task *task_alloc(const char *name);
/* Frees a task that never ran or is dead and switched away from. */
void task_free(struct task *t);
/* Frees what a dead task ran on (its stack, the arch's state), keeping the struct for kfree(). */
void task_release(struct task *t);
/* A zombie's last thread: one owner (above) lets go; the last frees the struct. */
void task_zombie_put(struct task *t);
/* The reaper's let-go: the struct, if it goes, by kfree_after_big_lock(). */
void task_zombie_put_after_big_lock(struct task *t);

/*
 * kfree(ptr), made once the calling task has let big_lock go: on its
 * return to user mode, or with its stack if it is exiting. For memory a
 * wait4() reap or an exit unlinks under the lock: its free takes the
 * heap's lock, and with several CPUs forking, a CPU that queued there
 * while holding big_lock kept every other CPU waiting for it
 * (docs/BENCH.md). A task keeps TASK_FREE_LATER such pointers; more are
 * freed at once. The memory must be unreachable, as for kfree().
 * Called without big_lock -- a reap that unlinked a PID from its chain
 * under pid_lock alone -- the memory may still be in a lookup of another
 * CPU that holds the lock: it is freed once that hold has ended (a grace
 * period, <kernel/big_lock.h>), by big_lock_free_deferred() at the end of
 * the call (wait4 is the one), or at the task's next let-go of the lock.
 */
void kfree_after_big_lock(void *ptr);
/*
 * Lets big_lock go for the rest of a system call whose last steps take
 * only locks of their own -- a clone's wake of its child, wait4's
 * copy-out: the call then returns to user mode as an unlocked one does
 * (kernel/entry.c), and what kfree_after_big_lock() kept is freed here.
 */
void big_lock_release_for_return(void);

/*
 * What t kept for kfree_after_big_lock(), freed; t no longer holds
 * big_lock. Memory kept without the lock waits for its grace period.
 */
void big_lock_free_deferred(struct task *t);

/* Tasks that exist now (Linux's nr_threads: /proc/loadavg's total). */
unsigned int task_count(void);
/* Linux's threads-max: how many tasks this machine's RAM allows (kernel/proc/task.c). */
size_t task_max(void);
/* True when no more tasks may be created (-EAGAIN): Linux's threads-max rule. */
bool task_limit_reached(void);
/* A process became a zombie (+1) or was reaped (-1): zombies count against the limit. */
void task_count_zombie(int delta);

/* Makes a sleeping task runnable (never one in a ptrace stop, nor a TASK_NEW one). */
void task_wake(struct task *t);
/* The first wake of a clone's child, its state TASK_NEW: the clone's last step. */
void task_wake_new(struct task *t);
/*
 * Waits until t, which is not runnable (a ptrace stop), is off its CPU:
 * its registers saved by its switch away. Linux's wait_task_inactive().
 */
void task_wait_off_cpu(struct task *t);
/* Wakes t only if it sleeps where a signal ends the sleep (a signal came for it). */
void task_wake_interruptible(struct task *t);
/* Ends t's ptrace stop (TASK_TRACED): the tracer resumed it, or it is being killed. */
void task_wake_traced(struct task *t);

/* The thread ID / process ID of t as seen from namespace ns. */
int task_tid_in(const struct task *t, const struct pid_ns *ns);
int task_tgid_in(const struct task *t, const struct pid_ns *ns);
/*
 * The PID namespace t lives in (its pid's deepest level); inline, as
 * pid_nr_in() is: wait4 and kill ask it for every child they look at.
 */
static inline struct pid_ns *task_active_pid_ns(const struct task *t)
{
	return t->pid ? t->pid->ns[t->pid->level] : &init_pid_ns;
}
/* Makes parent (NULL: none) c's parent, and c->ppid what getppid() says. Under big_lock. */
void process_set_parent(struct process *c, struct process *parent);
/* The same for a process nobody else can reach yet (a fork without big_lock). */
void process_set_parent_unpublished(struct process *c, struct process *parent);
/*
 * A move of c from one parent to another (reparenting): begun holding the
 * old parent's children_lock, once c is off its list; ended holding the
 * new one's (or none, for no parent), where c gets it as its parent.
 */
void process_move_begin(struct process *c);
void process_move_end(struct process *c, struct process *parent);
/*
 * c's parent with its children_lock held (*flags for the unlock), a
 * reference taken on the parent's struct; NULL when c has none. Waits
 * out a move in progress. For an exit without big_lock.
 */
struct process *process_lock_parent(struct process *c, unsigned long *flags);
/* Lets go of a reference to p's struct: the last frees it, after big_lock's grace. */
void process_put(struct process *p);
/*
 * p's children list: made empty; c put at its head; c taken off it. The
 * last two under big_lock, and each takes p->children_lock. The _locked
 * unlink is for a caller that holds p->children_lock itself, with or
 * without big_lock: a reap's claim of its zombie (kernel/proc/wait.c).
 */
void process_children_init(struct process *p);
void process_children_push(struct process *p, struct process *c);
void process_children_push_locked(struct process *p, struct process *c);
void process_children_unlink(struct process *p, struct process *c);
void process_children_unlink_locked(struct process *p, struct process *c);
/*
 * p's threads (<kernel/task.h>: siglock): made empty, its lock ready; t
 * put at the head; t taken off. The last two with p->siglock held.
 */
void process_threads_init(struct process *p);
void process_thread_link_locked(struct process *p, struct task *t);
void process_thread_unlink_locked(struct task *t);

/* ---- arch hooks ---- */
/*
 * The child's kernel stack gets a copy of parent's user registers (return
 * value 0). Returns 0, or a negative errno for a register value the
 * architecture refuses (x86_64: a TLS base outside user space is -EPERM);
 * it then changes nothing that kernel_clone() would have to undo.
 */
int arch_task_fork(struct task *child, const struct task *parent, uintptr_t new_sp, bool set_tls,
		   uintptr_t tls);
/* Resets the user registers for a new program at entry with stack pointer sp. */
void arch_task_exec(struct task *t, uintptr_t entry, uintptr_t sp);
/* Switches the CPU from prev to next: registers, FPU, TLS base, address space. */
void arch_switch_to(struct task *prev, struct task *next);
/* Releases what the architecture holds for t (task_free(): t never runs again). */
void arch_task_free(struct task *t);
/* The boot thread becomes the idle task: records its state. */
void arch_task_init_idle(struct task *t);
/* User instruction and stack pointer of t (for fault reports). */
uintptr_t arch_task_user_ip(const struct task *t);
uintptr_t arch_task_user_sp(const struct task *t);

#endif

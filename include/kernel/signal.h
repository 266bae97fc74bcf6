/* SPDX-License-Identifier: MIT */
/*
 * POSIX signals. Handlers are per process (shared with CLONE_SIGHAND);
 * masks, alternate stacks and thread-directed pending signals per thread;
 * process-directed pending signals per process. One siginfo is kept per
 * pending signal number (standard and real-time signals alike are not
 * queued twice). The stop signals stop the whole process and SIGCONT
 * resumes it (job control: kernel/signal/jobctl.c).
 *
 * The arch builds and checks its signal frame (arch_signal_setup_frame,
 * rt_sigreturn), including the shadow-stack part of it.
 */
#ifndef KERNEL_SIGNAL_H
#define KERNEL_SIGNAL_H

#include <kernel/atomic.h>
#include <kernel/types.h>
#include <uapi/linux/signal.h>

struct task;
struct process;

#define SIGBIT(sig) (1ull << ((sig)-1))
#define SIG_UNBLOCKABLE (SIGBIT(SIGKILL) | SIGBIT(SIGSTOP))
#define SIG_STOP_SIGNALS (SIGBIT(SIGSTOP) | SIGBIT(SIGTSTP) | SIGBIT(SIGTTIN) | SIGBIT(SIGTTOU))

struct k_sigaction {
	uintptr_t handler; /* SIG_DFL, SIG_IGN or a user address */
	unsigned long flags;
	uintptr_t restorer;
	u64 mask;
};

/* The handler table, shared by CLONE_SIGHAND. */
struct sighand {
	refcount_t refs;
	struct k_sigaction action[_NSIG]; /* action[sig - 1] */
};

/* What the kernel keeps of a pending signal; becomes a user siginfo_t. */
struct ksiginfo {
	int signo;
	int code;
	int pid;
	int status;
	uintptr_t addr;
	/* SI_TIMER: the POSIX timer's ID, its overrun (filled as it is dequeued) and sigev_value */
	int timer_id;
	int overrun;
	u64 value;
};

struct sigaltstack {
	uintptr_t sp;
	size_t size;
	int flags; /* as sigaltstack(2) set them: the mode (0, SS_ONSTACK, SS_DISABLE) | SS_AUTODISARM */
};

/* ---- handler tables (kernel/signal/sigaction.c) ---- */
struct sighand *sighand_create(void);
/*
 * A private copy; with reset, every handler but SIG_IGN becomes SIG_DFL.
 * sighand_fill() makes it in a table kmalloc'ed beforehand (clone, which
 * allocates it without big_lock).
 */
struct sighand *sighand_copy(const struct sighand *src, bool reset);
void sighand_fill(struct sighand *sh, const struct sighand *src, bool reset);
void sighand_put(struct sighand *sh);
/* The signals sh ignores (SIG_IGN) and catches (a handler), bit sig - 1 each; sh may be NULL. */
void sighand_masks(const struct sighand *sh, u64 *ignored, u64 *caught);
/* execve: handlers reset (SIG_IGN stays), the alternate stack disabled. */
int signal_exec(struct task *t);

/* ---- sending and delivering (kernel/signal/signal.c) ---- */

/* Sends sig to a process (kill) or one thread (tgkill). info NULL: from current. */
int signal_send_process(struct process *p, int sig, const struct ksiginfo *info);
int signal_send_thread(struct task *t, int sig, const struct ksiginfo *info);
/* As kill(): sig (info as given) to p, forced past a namespace init's protection when sent from outside. */
int signal_kill_process(struct process *p, int sig, const struct ksiginfo *info);

/*
 * A synchronous fault in user mode (page fault, #UD, #CP, GCS ...): sig
 * is delivered now, whatever the mask; a blocked or ignored one reverts to
 * its default action, which kills the process with a report.
 */
void signal_force_fault(int sig, int si_code, uintptr_t addr, const char *what);

/* True when t must leave: its process is exiting. */
bool signal_fatal_pending(const struct task *t);

/*
 * t's blocked set becomes mask (less SIGKILL and SIGSTOP). A signal
 * pending for the process that t now blocks wakes another thread that can
 * take it, as Linux's __set_task_blocked(): the send may have woken t for
 * it. Every change of a mask goes through here: rt_sigprocmask, sigsuspend
 * and ppoll's temporary masks, a handler's mask, sigreturn.
 */
void signal_set_mask(struct task *t, u64 mask);

/*
 * gone has just left p's threads (p->siglock held): a signal sent to p
 * that gone could have taken, and that its send may have woken gone for,
 * wakes another thread that can (Linux's retarget_shared_pending()).
 */
void signal_thread_left(struct process *p, const struct task *gone);

/* True when t has a signal to handle: sleeps end with -EINTR. */
bool signal_pending(const struct task *t);

/*
 * Delivers t's next unblocked pending signal: its default action, or a
 * frame for its handler. Returns true when it did something and should be
 * called again, false when nothing (more) is to be done.
 */
bool signal_deliver(struct task *t);

/*
 * p is a zombie: parent, its parent (p->parent, or the one p had before
 * it left the list), gets exit_signal. True when that parent will not reap
 * it (SIGCHLD ignored, or SA_NOCLDWAIT): the caller frees it.
 */
bool signal_notify_parent(struct process *p, struct process *parent);
/* The same answer, without the signal: asked before p becomes a zombie (kernel/proc/exit.c). */
bool signal_parent_reaps_nothing(const struct process *p);
/*
 * signal_notify_parent() without big_lock, for a zombie whose last thread
 * left without it, the parent's children_lock held. Only for an exit
 * signal of SIGCHLD or none: another may end the parent, which is big_lock's.
 */
bool signal_notify_parent_unlocked(struct process *p, struct process *parent);

/* ---- job control (kernel/signal/jobctl.c) ---- */

/* SIGSTOP, SIGTSTP, SIGTTIN or SIGTTOU. */
bool signal_is_stop(int sig);
/*
 * What sending sig does at once, whatever its handler (Linux's
 * prepare_signal()): a stop signal discards a pending SIGCONT; SIGCONT
 * discards pending stops and resumes a stopped p.
 */
void signal_prepare(struct process *p, int sig);
/* A stop signal's default action in t: stops t's process, then waits to be continued. */
void signal_stop(struct task *t, int sig);
/* While t's process is stopped: waits for SIGCONT (or SIGKILL). */
void signal_stopped_wait(struct task *t);

/* Fills a user siginfo_t from k. */
void siginfo_to_user(struct user_siginfo *u, const struct ksiginfo *k);

/* ---- the generic parts of a signal frame (kernel/signal/sigframe.c) ---- */

struct user_stack;

/* True when addr lies on t's alternate signal stack. */
bool on_sigaltstack(const struct task *t, uintptr_t addr);

/*
 * Where ka's frame goes: the top of t's alternate stack when SA_ONSTACK
 * asks for it, it is set up and user_sp is not on it already (*to_altstack
 * says so); else sp, the arch's choice below user_sp (x86: past the red zone).
 */
uintptr_t sigframe_stack(const struct task *t, const struct k_sigaction *ka, uintptr_t user_sp,
			 uintptr_t sp, bool *to_altstack);
/*
 * sigaltstack(2)'s setting half, also what rt_sigreturn restores: 0, or EPERM while user_sp is
 * on the current alternate stack, EINVAL for a bad mode, ENOMEM below MINSIGSTKSZ. The flags are
 * kept as given (SS_AUTODISARM and the mode), as the frame's uc_stack records them.
 */
int altstack_set(struct task *t, uintptr_t user_sp, const struct user_stack *ss);
/* The frame's uc_stack: t's alternate stack and its flags as registered (as Linux). */
void sigframe_save_altstack(const struct task *t, uintptr_t user_sp, struct user_stack *uss);
/* The frame is written: an SS_AUTODISARM alternate stack is given up while the handler runs on it. */
void sigframe_delivered(struct task *t, bool to_altstack);
/* rt_sigreturn: the alternate stack as uss recorded it, unless user_sp is on it (errors ignored, as Linux). */
void sigframe_restore_altstack(struct task *t, uintptr_t user_sp, const struct user_stack *uss);

/* ---- arch hooks ---- */

/*
 * Builds the frame for ka's handler on t's user stack (the alternate one
 * when SA_ONSTACK asks and t is not on it yet) -- and on its shadow stack
 * -- and points the user registers at the handler. old_mask is restored by
 * rt_sigreturn. 0, -EFAULT when the frame cannot be written, -ENOSPC when
 * the shadow stack has no room for its part (a shadow-stack overflow).
 */
int arch_signal_setup_frame(struct task *t, int sig, const struct k_sigaction *ka,
			    const struct ksiginfo *info, u64 old_mask);

enum syscall_restart { RESTART_NO_HANDLER, RESTART_HANDLER_EINTR, RESTART_HANDLER_RESTART };
/*
 * An interrupted system call is restarted or made -EINTR: -ERESTARTSYS
 * restarts after an SA_RESTART handler or none, -ERESTARTNOHAND only when
 * no handler ran.
 */
void arch_syscall_restart(struct task *t, enum syscall_restart how);

#endif

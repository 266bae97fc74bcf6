// SPDX-License-Identifier: MIT
/*
 * ptrace(2) (see <kernel/ptrace.h>): attaching, the stops a traced thread
 * makes and the tracer's requests, with Linux's errnos (kernel/ptrace.c,
 * kernel/signal.c's ptrace_stop() there). The tracer is always the
 * tracee's parent process (docs/ABI.md §7.5), so a tracee needs no list of
 * its own: a process's tracees are the traced threads of its children.
 *
 * A stop: the tracee, on its way back to user space (exit_to_user_mode()),
 * records what its tracer's wait is to report, goes TASK_TRACED and
 * schedules away; the run queue never sees it until a resume request, a
 * detach, its tracer's exit or SIGKILL makes it runnable again. Its user
 * registers stay in the trap frame at the top of its kernel stack, where
 * the register sets read and write them.
 */
#include <kernel/access_vm.h>
#include <kernel/pid.h>
#include <kernel/ptrace.h>
#include <kernel/sched.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/ptrace.h>
#include <uapi/linux/signal.h>
#include <uapi/linux/uio.h>

/*
 * The options Umbra carries out. TRACESYSGOOD only marks system-call stops,
 * which never happen here (PTRACE_SYSCALL is refused), so it is exact to
 * take it. The other Linux options (fork/clone/exit events, seccomp) are
 * refused with EINVAL rather than accepted and not honoured.
 */
#define PTRACE_O_DONE (PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL)

static bool valid_signal(unsigned long sig)
{
	return sig <= _NSIG;
}

static struct process *tracer_of(const struct task *t)
{
	return t->proc->parent;
}

/* Linux's check_ptrace_options(), then Umbra's refusal of what it does not do. */
static int check_options(unsigned long opts)
{
	if (opts & ~(unsigned long)PTRACE_O_MASK)
		return -EINVAL;
	if (opts & ~(unsigned long)PTRACE_O_DONE)
		return -EINVAL; /* options Umbra does not support: docs/ABI.md §7.5 */
	return 0;
}

/* The tracer's SIGCHLD for a stop (Linux's do_notify_parent_cldstop()), and its wait woken. */
static void notify_tracer(struct task *t, int why, int status)
{
	struct process *tracer = tracer_of(t);
	struct ksiginfo k = { .signo = SIGCHLD, .code = why, .status = status };
	const struct task *any = tracer ? READ_ONCE(tracer->threads) : NULL;

	if (!any || tracer->state != PROC_ALIVE)
		return;
	if (!(any->sighand->action[SIGCHLD - 1].flags & SA_NOCLDSTOP)) {
		k.pid = task_tid_in(t, tracer->pid->ns[tracer->pid->level]);
		signal_send_process(tracer, SIGCHLD, &k);
	}
	waitq_wake(&tracer->child_exit, -1);
}

/*
 * Stops current until its tracer resumes it; returns the signal the tracer
 * resumed it with (0: none). No stop when it is no longer traced or is
 * being killed: then exit_code itself comes back.
 */
static int ptrace_stop(int exit_code, int why, struct ksiginfo *info)
{
	struct task *t = current;
	int code;

	if (!ptrace_traced(&t->ptrace) || t->proc->exiting || !tracer_of(t))
		return exit_code;
	t->ptrace.trap_pending = false; /* any stop answers a pending PTRACE_INTERRUPT */
	t->ptrace.last_siginfo = info;
	t->ptrace.exit_code = exit_code;
	t->state = TASK_TRACED; /* the tracer, told next, resumes it only under big_lock */
	notify_tracer(t, why, why == CLD_TRAPPED ? exit_code & 0x7f : 0);
	while (READ_ONCE(t->state) == TASK_TRACED)
		schedule(); /* only task_wake_traced() puts it back on the run queue */
	t->ptrace.last_siginfo = NULL;
	code = t->ptrace.exit_code;
	t->ptrace.exit_code = 0;
	return code;
}

/* Linux's ptrace_do_notify(): an event stop whose siginfo says SIGTRAP, si_code = the code. */
static void ptrace_event_stop(int code, int why)
{
	struct ksiginfo info = { .signo = SIGTRAP, .code = code };

	info.pid = task_tid_in(current, task_active_pid_ns(current)); /* Linux: task_pid_vnr() */
	ptrace_stop(code, why, &info);
}

int ptrace_signal(struct task *t, int sig, struct ksiginfo *info, bool thread_directed)
{
	sig = ptrace_stop(sig, CLD_TRAPPED, info);
	if (!sig || t->proc->exiting)
		return 0;
	if (sig != info->signo) {
		/* Another signal: from the tracer, unless it set a siginfo of its own. */
		struct process *tracer = tracer_of(t);

		*info = (struct ksiginfo){ .signo = sig, .code = SI_USER };
		if (tracer)
			info->pid = pid_nr_in(tracer->pid, task_active_pid_ns(t));
	}
	if (t->sigmask & SIGBIT(sig)) {
		/* Blocked now: put back, for when it is unblocked (Linux requeues it). */
		if (thread_directed) {
			t->sigpending |= SIGBIT(sig);
			t->siginfo[sig - 1] = *info;
		} else {
			t->proc->sigpending |= SIGBIT(sig);
			t->proc->siginfo[sig - 1] = *info;
		}
		return 0;
	}
	return sig;
}

bool ptrace_trap(struct task *t)
{
	if (!t->ptrace.trap_pending)
		return false;
	t->ptrace.trap_pending = false;
	if (!(t->ptrace.flags & PT_SEIZED))
		return false;
	/* Linux's do_jobctl_trap() for a seized tracee outside any group stop. */
	ptrace_event_stop(SIGTRAP | (PTRACE_EVENT_STOP << 8), CLD_STOPPED);
	return true;
}

void ptrace_exec(void)
{
	struct task *t = current;

	if (!ptrace_traced(&t->ptrace))
		return;
	if (t->ptrace.options & PTRACE_O_TRACEEXEC) {
		struct process *tracer = tracer_of(t);

		/* The message is the TID before exec, as the tracer sees it (no de_thread here). */
		t->ptrace.message =
			tracer ? (unsigned long)task_tid_in(t, tracer->pid->ns[tracer->pid->level])
			       : 0;
		ptrace_event_stop(SIGTRAP | (PTRACE_EVENT_EXEC << 8), CLD_TRAPPED);
	} else if (!(t->ptrace.flags & PT_SEIZED)) {
		/* Linux's send_sig(SIGTRAP, current, 0): SI_USER, from itself. */
		struct ksiginfo info = { .signo = SIGTRAP, .code = SI_USER };

		info.pid = task_tgid_in(t, task_active_pid_ns(t));
		signal_send_thread(t, SIGTRAP, &info);
	}
}

/*
 * A tracer counts its tracees (process->nr_tracees), so that a wait4()
 * which looks at its children before it takes big_lock knows without
 * walking their threads whether a traced stop may be among what it
 * reports (kernel/proc/wait.c). Both under big_lock.
 */
static void trace_start(struct task *t, unsigned int flags)
{
	struct process *tracer = tracer_of(t);

	t->ptrace.flags = flags;
	WRITE_ONCE(tracer->nr_tracees, tracer->nr_tracees + 1);
}

static void trace_end(struct task *t)
{
	struct process *tracer = tracer_of(t);

	if (ptrace_traced(&t->ptrace))
		WRITE_ONCE(tracer->nr_tracees, tracer->nr_tracees - 1);
}

/* Ends t's tracing; a stopped t runs on (with the signal exit_code holds, as Linux). */
static void untrace(struct task *t)
{
	trace_end(t);
	t->ptrace = (struct ptrace_state){ .exit_code = t->ptrace.exit_code };
	task_wake_traced(t);
}

void ptrace_task_exit(struct task *t)
{
	trace_end(t);
	t->ptrace = (struct ptrace_state){ 0 };
}

void ptrace_tracer_exit(struct process *p)
{
	for (struct process *c = p->children; c; c = c->sibling) {
		for (struct task *t = c->threads; t; t = t->thread_next) {
			if (!ptrace_traced(&t->ptrace))
				continue;
			if (t->ptrace.options & PTRACE_O_EXITKILL)
				signal_send_thread(t, SIGKILL, NULL);
			untrace(t);
		}
	}
}

long ptrace_wait_stopped(struct process *me, int want, bool nowait, int *status, bool *any)
{
	struct pid_ns *ns = task_active_pid_ns(current);

	*any = false;
	for (struct process *c = me->children; c; c = c->sibling) {
		for (struct task *t = c->threads; t; t = t->thread_next) {
			int tid = task_tid_in(t, ns);

			if (!ptrace_traced(&t->ptrace) || (want > 0 && tid != want))
				continue;
			*any = true;
			if (t->state != TASK_TRACED || !t->ptrace.exit_code)
				continue;
			*status = (t->ptrace.exit_code << 8) | 0x7f;
			if (!nowait)
				t->ptrace.exit_code = 0;
			return tid;
		}
	}
	return 0;
}

/* ---- the requests ---- */

static long ptrace_traceme(void)
{
	struct task *t = current;
	struct process *parent = t->proc->parent;

	if (ptrace_traced(&t->ptrace))
		return -EPERM;
	/* A parent already on its way out: no error, as if it untraced us at once (Linux). */
	if (parent && parent->state == PROC_ALIVE && !parent->exiting)
		trace_start(t, PT_PTRACED);
	return 0;
}

/* A child of the caller that is a zombie with this PID: PTRACE_ATTACH says EPERM for it. */
static bool is_zombie_child(int nr)
{
	struct pid_ns *ns = task_active_pid_ns(current);

	for (struct process *c = current->proc->children; c; c = c->sibling) {
		if (c->state == PROC_ZOMBIE && pid_nr_in(c->pid, ns) == nr)
			return true;
	}
	return false;
}

static long ptrace_attach(struct task *child, long req, unsigned long addr, unsigned long data)
{
	bool seize = req == PTRACE_SEIZE;

	if (seize) {
		if (addr != 0 || (data & ~(unsigned long)PTRACE_O_MASK))
			return -EIO;
		if (check_options(data))
			return -EINVAL;
	}
	if (child->proc == current->proc)
		return -EPERM; /* oneself, or a thread of one's own */
	if (child->proc->parent != current->proc)
		return -EPERM; /* docs/ABI.md §7.5: only one's children */
	if (child->proc->state != PROC_ALIVE || ptrace_traced(&child->ptrace))
		return -EPERM;
	/*
	 * A thread leaving without big_lock marked itself before it looks,
	 * under this lock, whether it is traced (kernel/proc/exit.c): it is
	 * refused, as Linux refuses a PF_EXITING task, or it finds the tracer.
	 */
	unsigned long flags = spin_lock_irqsave(&child->proc->siglock);
	bool leaving = READ_ONCE(child->exit_begun);

	if (!leaving)
		trace_start(child, PT_PTRACED | (seize ? PT_SEIZED : 0));
	spin_unlock_irqrestore(&child->proc->siglock, flags);
	if (leaving)
		return -EPERM;
	child->ptrace.options = seize ? data : 0;
	if (!seize) {
		/* Linux's SEND_SIG_PRIV: SI_KERNEL, no sender. */
		struct ksiginfo info = { .signo = SIGSTOP, .code = SI_KERNEL };

		signal_send_thread(child, SIGSTOP, &info);
	}
	return 0;
}

/*
 * Linux's ptrace_check_attach(): child is traced by the caller's process
 * and (unless ignore_state) stopped, not being killed. 0 or -ESRCH. A
 * stopped child may still be on its CPU -- it lets big_lock go before its
 * switch saves its registers (kernel/proc/sched.c) -- so the request waits
 * until it is off, as Linux's wait_task_inactive(): before, a register-set
 * read could get the shadow-stack pointer of the child's previous switch.
 */
static int check_attach(struct task *child, bool ignore_state)
{
	if (!ptrace_traced(&child->ptrace) || tracer_of(child) != current->proc)
		return -ESRCH;
	if (ignore_state)
		return 0;
	if (child->state != TASK_TRACED || child->proc->exiting)
		return -ESRCH;
	task_wait_off_cpu(child);
	return 0;
}

static long resume(struct task *child, unsigned long sig)
{
	if (!valid_signal(sig))
		return -EIO;
	child->ptrace.exit_code = (int)sig;
	task_wake_traced(child);
	return 0;
}

static const struct regset *find_regset(unsigned long type)
{
	for (unsigned int i = 0; i < arch_nr_regsets; i++) {
		if (arch_regsets[i].type == type)
			return &arch_regsets[i];
	}
	return NULL;
}

/* PTRACE_GETREGSET / SETREGSET: Linux's ptrace_regset() over the iovec at uiov. */
static long regset_request(struct task *child, long req, unsigned long type,
			   struct iovec __user *uiov)
{
	u64 buf[REGSET_MAX_BYTES / sizeof(u64)];
	const struct regset *rs;
	struct iovec kiov;
	size_t len;
	int err;

	if (!access_ok(uiov, sizeof(*uiov)) || copy_from_user(&kiov, uiov, sizeof(kiov)))
		return -EFAULT;
	rs = find_regset(type);
	if (!rs || kiov.iov_len % rs->size)
		return -EINVAL;
	len = MIN(kiov.iov_len, (size_t)rs->n * rs->size);
	if (req == PTRACE_GETREGSET) {
		err = rs->get(child, buf);
		if (err)
			return err;
		if (copy_to_user(kiov.iov_base, buf, len))
			return -EFAULT;
	} else {
		err = rs->set(child, kiov.iov_base, len);
		if (err)
			return err;
	}
	return put_user((unsigned long)len, &uiov->iov_len) ? -EFAULT : 0;
}

static long peek(struct task *child, unsigned long addr, unsigned long __user *data)
{
	unsigned long word;

	if (access_remote_vm(child->mm, addr, &word, sizeof(word), FOLL_FORCE) != sizeof(word))
		return -EIO;
	return put_user(word, data) ? -EFAULT : 0;
}

static long poke(struct task *child, unsigned long addr, unsigned long word)
{
	size_t n = access_remote_vm(child->mm, addr, &word, sizeof(word), FOLL_FORCE | FOLL_WRITE);

	return n == sizeof(word) ? 0 : -EIO;
}

static long ptrace_request(struct task *child, long req, unsigned long addr, unsigned long data)
{
	void __user *datap = (void __user *)data;

	switch (req) {
	case PTRACE_PEEKTEXT:
	case PTRACE_PEEKDATA:
		return peek(child, addr, datap);
	case PTRACE_POKETEXT:
	case PTRACE_POKEDATA:
		return poke(child, addr, data);
	case PTRACE_SETOPTIONS: {
		int err = check_options(data);

		if (!err)
			child->ptrace.options = data;
		return err;
	}
	case PTRACE_GETEVENTMSG:
		return put_user(child->ptrace.message, (unsigned long __user *)datap) ? -EFAULT : 0;
	case PTRACE_GETSIGINFO: {
		struct user_siginfo u;

		if (!child->ptrace.last_siginfo)
			return -EINVAL;
		siginfo_to_user(&u, child->ptrace.last_siginfo);
		return copy_to_user(datap, &u, sizeof(u)) ? -EFAULT : 0;
	}
	case PTRACE_INTERRUPT:
		if (!(child->ptrace.flags & PT_SEIZED))
			return -EIO;
		child->ptrace.trap_pending = true;
		task_wake_interruptible(child); /* its sleep ends, to be restarted after the stop */
		return 0;
	case PTRACE_DETACH:
		if (!valid_signal(data))
			return -EIO;
		child->ptrace.exit_code = (int)data;
		untrace(child);
		return 0;
	case PTRACE_CONT:
		return resume(child, data);
	case PTRACE_KILL:
		/* Linux's send_sig_info(SIGKILL, SEND_SIG_NOINFO, child). */
		signal_send_thread(child, SIGKILL, NULL);
		return 0;
	case PTRACE_GETREGSET:
	case PTRACE_SETREGSET:
		return regset_request(child, req, addr, datap);
	default:
		/* PEEKUSR, SINGLESTEP, SYSCALL, LISTEN, SETSIGINFO, ...: docs/ABI.md §7.5. */
		return -EIO;
	}
}

SYSCALL(ptrace)
{
	long req = (long)a[0];
	int nr = (int)a[1];
	struct pid *pid;
	struct task *child;
	int err;

	if (req == PTRACE_TRACEME)
		return ptrace_traceme();
	pid = nr > 0 ? pid_find(task_active_pid_ns(current), nr) : NULL;
	child = pid_task(pid);
	if (!child) {
		if ((req == PTRACE_ATTACH || req == PTRACE_SEIZE) && nr > 0 && is_zombie_child(nr))
			return -EPERM; /* Linux finds the zombie, then refuses its exit_state */
		return -ESRCH;
	}
	if (req == PTRACE_ATTACH || req == PTRACE_SEIZE)
		return ptrace_attach(child, req, a[2], a[3]);
	err = check_attach(child, req == PTRACE_KILL || req == PTRACE_INTERRUPT);
	if (err)
		return err;
	return ptrace_request(child, req, a[2], a[3]);
}

// SPDX-License-Identifier: MIT
/*
 * pidfds: files that name a process (clone3's CLONE_PIDFD, pidfd_open).
 * Polling one says POLLIN once every thread of the process has exited
 * (a zombie), and POLLHUP too once it is reaped, as Linux's pidfd_poll();
 * waitid(P_PIDFD) waits for it; pidfd_send_signal() signals it.
 */
#include <kernel/file.h>
#include <kernel/pid.h>
#include <kernel/poll.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/pidfd.h>
#include <uapi/linux/signal.h>

static unsigned int pidfd_poll(struct file *f)
{
	const struct process *p = f->pid->proc;

	if (!p)
		return POLLIN | POLLRDNORM | POLLHUP; /* reaped */
	if (p->state == PROC_ZOMBIE)
		return POLLIN | POLLRDNORM;
	return 0;
}

static void pidfd_release(struct file *f)
{
	pid_put(f->pid);
}

/* No read or write op: both are EINVAL, as Linux's pidfd_fops. */
static const struct file_ops pidfd_ops = { .release = pidfd_release, .poll = pidfd_poll };

bool file_is_pidfd(const struct file *f)
{
	return f->ops == &pidfd_ops;
}

struct file *file_open_pidfd(struct pid *pid, unsigned int extra_flags)
{
	struct file *f = file_new(&pidfd_ops);

	if (f) {
		refcount_inc(&pid->refs);
		f->pid = pid;
		f->f_flags |= extra_flags;
	}
	return f;
}

/*
 * pidfd_open(pid, flags), Linux 6.15's rules: flags other than
 * PIDFD_NONBLOCK → EINVAL (PIDFD_THREAD too: Umbra has no thread pidfds,
 * as Linux before 6.9); pid <= 0 → EINVAL; no such pid in the caller's
 * namespace, or its task already reaped → ESRCH; a thread that does not
 * lead its thread group → ENOENT. The fd is O_CLOEXEC.
 */
SYSCALL(pidfd_open)
{
	int nr = (int)a[0];
	unsigned int flags = (unsigned int)a[1];
	struct pid *pid;
	struct file *f;
	int fd;

	if (flags & ~PIDFD_NONBLOCK)
		return -EINVAL;
	if (nr <= 0)
		return -EINVAL;
	pid = pid_find(task_active_pid_ns(current), nr);
	if (!pid || (!pid->task && !pid->proc))
		return -ESRCH;
	if (!pid->proc)
		return -ENOENT;
	f = file_open_pidfd(pid, flags);
	if (!f)
		return -ENOMEM;
	fd = fd_install(current->files, f, true);
	if (fd < 0)
		file_put(f);
	return fd;
}

/*
 * pidfd_send_signal(pidfd, sig, info, flags), in Linux's order: flags must
 * be 0 (Umbra has none of Linux 6.9's scope flags: EINVAL, as before), a
 * bad fd → EBADF, a file that is no pidfd → EBADF, a process outside the
 * caller's namespace → EINVAL, info that does not say sig → EINVAL, or
 * that claims a kernel or tkill origin towards another process → EPERM;
 * a reaped process → ESRCH; a bad signal → EINVAL. A zombie takes it
 * silently.
 */
SYSCALL(pidfd_send_signal)
{
	struct file *f = fd_get(current->files, (int)a[0]);
	int sig = (int)a[1];
	const struct user_siginfo __user *uinfo = (const struct user_siginfo __user *)a[2];
	struct ksiginfo k = { .signo = sig, .code = SI_USER };
	struct process *p;

	if ((unsigned int)a[3])
		return -EINVAL;
	if (!f || !file_is_pidfd(f))
		return -EBADF;
	if (!pid_nr_in(f->pid, task_active_pid_ns(current)))
		return -EINVAL;
	p = f->pid->proc;
	if (uinfo) {
		struct user_siginfo u;

		if (copy_from_user(&u, uinfo, sizeof(u)))
			return -EFAULT;
		if (u.si_signo != sig)
			return -EINVAL;
		if (f->pid != current->pid && (u.si_code >= 0 || u.si_code == SI_TKILL))
			return -EPERM;
		k.code = u.si_code;
		k.pid = u.u.proc.pid;
	} else if (p) {
		k.pid = task_tgid_in(current, p->pid->ns[p->pid->level]);
	}
	if (!p)
		return -ESRCH;
	if (sig < 0 || sig > _NSIG)
		return -EINVAL;
	return signal_kill_process(p, sig, &k);
}

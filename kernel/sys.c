// SPDX-License-Identifier: MIT
/* Identity, system information and resource-limit system calls. */
#include <kernel/arch.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/pid.h>
#include <kernel/sched.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/uaccess.h>
#include <string.h>
#include <uapi/linux/errno.h>

SYSCALL(getpid)
{
	(void)a;
	return task_tgid_in(current, task_active_pid_ns(current));
}

SYSCALL(gettid)
{
	(void)a;
	return task_tid_in(current, task_active_pid_ns(current));
}

/* The parent as seen from our namespace; 0 when it lies outside (as Linux). */
SYSCALL(getppid)
{
	struct process *parent = current->proc->parent;

	(void)a;
	return parent ? pid_nr_in(parent->pid, task_active_pid_ns(current)) : 0;
}

/* Everything runs as root: uid and gid 0. */
SYSCALL(getuid)
{
	(void)a;
	return 0;
}

SYSCALL(geteuid)
{
	(void)a;
	return 0;
}

SYSCALL(getgid)
{
	(void)a;
	return 0;
}

SYSCALL(getegid)
{
	(void)a;
	return 0;
}

SYSCALL(uname)
{
	struct new_utsname u;

	memset(&u, 0, sizeof(u));
	strlcpy(u.sysname, "Umbra", sizeof(u.sysname));
	strlcpy(u.nodename, "umbra", sizeof(u.nodename));
	strlcpy(u.release, "0.1", sizeof(u.release));
	strlcpy(u.version, "#1", sizeof(u.version));
	strlcpy(u.machine, arch_name, sizeof(u.machine));
	strlcpy(u.domainname, "(none)", sizeof(u.domainname));
	return copy_to_user((struct new_utsname __user *)a[0], &u, sizeof(u));
}

/* mem_unit is the page size, so freeram is the exact free page count. */
SYSCALL(sysinfo)
{
	struct sysinfo si;

	memset(&si, 0, sizeof(si));
	si.uptime = (long)(time_monotonic_ns() / NSEC_PER_SEC);
	si.totalram = page_total_count();
	si.freeram = page_free_count();
	si.mem_unit = PAGE_SIZE;
	return copy_to_user((struct sysinfo __user *)a[0], &si, sizeof(si));
}

SYSCALL(sched_yield)
{
	(void)a;
	schedule();
	return 0;
}

SYSCALL(set_tid_address)
{
	current->clear_child_tid = a[0];
	return task_tid_in(current, task_active_pid_ns(current));
}

/*
 * reboot(2): root only -- everyone here. RESTART resets the machine; the
 * other commands power it off with a passing verdict.
 */
SYSCALL(reboot)
{
	unsigned int magic1 = (unsigned int)a[0], magic2 = (unsigned int)a[1];
	unsigned int cmd = (unsigned int)a[2];

	if (magic1 != LINUX_REBOOT_MAGIC1 ||
	    (magic2 != LINUX_REBOOT_MAGIC2 && magic2 != LINUX_REBOOT_MAGIC2A &&
	     magic2 != LINUX_REBOOT_MAGIC2B && magic2 != LINUX_REBOOT_MAGIC2C))
		return -EINVAL;
	switch (cmd) {
	case LINUX_REBOOT_CMD_POWER_OFF:
	case LINUX_REBOOT_CMD_HALT:
		poweroff(POWEROFF_PASS);
	case LINUX_REBOOT_CMD_RESTART:
		restart();
	default:
		return -EINVAL;
	}
}

/* ---- resource limits ---- */

static struct process *rlimit_target(int pid)
{
	if (pid == 0)
		return current->proc;

	struct pid *p = pid_find(task_active_pid_ns(current), pid);

	return p && p->task ? p->task->proc : NULL;
}

static long do_prlimit(int pid, unsigned int res, const struct rlimit64 *new, struct rlimit64 *old)
{
	struct process *p;

	if (res >= RLIM_NLIMITS)
		return -EINVAL;
	if (new &&new->rlim_cur > new->rlim_max)
		return -EINVAL;
	p = rlimit_target(pid);
	if (!p)
		return -ESRCH;
	if (old)
		*old = p->rlim[res];
	if (new)
		p->rlim[res] = *new; /* root may raise the hard limit too */
	return 0;
}

SYSCALL(prlimit64)
{
	struct rlimit64 new, old;
	const struct rlimit64 __user *unew = (const struct rlimit64 __user *)a[2];
	struct rlimit64 __user *uold = (struct rlimit64 __user *)a[3];
	long err;

	if (unew && copy_from_user(&new, unew, sizeof(new)))
		return -EFAULT;
	err = do_prlimit((int)a[0], (unsigned int)a[1], unew ? &new : NULL, uold ? &old : NULL);
	if (err)
		return err;
	if (uold && copy_to_user(uold, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

/* getrlimit/setrlimit use struct rlimit: two unsigned longs, the same layout on 64-bit. */
SYSCALL(getrlimit)
{
	struct rlimit64 old;
	long err = do_prlimit(0, (unsigned int)a[0], NULL, &old);

	if (err)
		return err;
	return copy_to_user((struct rlimit64 __user *)a[1], &old, sizeof(old));
}

SYSCALL(setrlimit)
{
	struct rlimit64 new;

	if (copy_from_user(&new, (const struct rlimit64 __user *)a[1], sizeof(new)))
		return -EFAULT;
	return do_prlimit(0, (unsigned int)a[0], &new, NULL);
}

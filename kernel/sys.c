// SPDX-License-Identifier: MIT
/* Identity, system information and resource-limit system calls. */
#include <kernel/arch.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/pid.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/uaccess.h>
#include <kernel/version.h>
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

/*
 * The parent as seen from our namespace; 0 when it lies outside (as
 * Linux). Runs without big_lock: the answer is kept up to date by
 * process_set_parent().
 */
SYSCALL(getppid)
{
	(void)a;
	return READ_ONCE(current->proc->ppid);
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
	strlcpy(u.sysname, UTS_SYSNAME, sizeof(u.sysname));
	strlcpy(u.nodename, UTS_NODENAME, sizeof(u.nodename));
	strlcpy(u.release, UTS_RELEASE, sizeof(u.release));
	strlcpy(u.version, UTS_VERSION, sizeof(u.version));
	strlcpy(u.machine, arch_name, sizeof(u.machine));
	strlcpy(u.domainname, UTS_DOMAINNAME, sizeof(u.domainname));
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

	struct task *t = pid_task(p);

	return t ? t->proc : NULL;
}

static long do_prlimit(int pid, unsigned int res, const struct rlimit64 *new, struct rlimit64 *old)
{
	struct process *p;

	if (res >= RLIM_NLIMITS)
		return -EINVAL;
	if (new &&new->rlim_cur > new->rlim_max)
		return -EINVAL;
	/* No fd table may grow past NR_OPEN (Linux's sysctl_nr_open). */
	if (new &&res == RLIMIT_NOFILE &&new->rlim_max > NR_OPEN)
		return -EPERM;
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

/* ---- CPU affinity ---- */

/*
 * Linux's nr_cpu_ids: the CPUs the firmware lists (possible CPUs), online
 * or not. The bytes of a CPU mask: that many bits rounded up to longs,
 * Linux's cpumask_size() with CONFIG_CPUMASK_OFFSTACK (as distribution
 * kernels build x86_64).
 */
static unsigned int nr_cpu_ids(void)
{
	return smp_nr_cpus ? smp_nr_cpus : 1;
}

static size_t cpumask_size(void)
{
	return ((nr_cpu_ids() + 63) / 64) * sizeof(unsigned long);
}

_Static_assert(SMP_MAX_CPUS <= 64, "a CPU mask is one u64");

/* The thread of thread ID pid (0: the caller), as Linux's find_process_by_pid(); NULL: ESRCH. */
static struct task *affinity_target(int pid)
{
	struct pid *p;

	if (pid == 0)
		return current;
	p = pid > 0 ? pid_find(task_active_pid_ns(current), pid) : NULL;
	return p ? p->task : NULL;
}

/*
 * sched_getaffinity(pid, len, mask): len must hold nr_cpu_ids bits and be
 * a multiple of a long (EINVAL), pid must exist (ESRCH); writes the
 * thread's mask limited to the CPUs that schedule (Linux: cpu_active_mask)
 * and returns how many bytes it wrote.
 */
SYSCALL(sched_getaffinity)
{
	unsigned int len = (unsigned int)a[1];
	struct task *t;
	u64 mask;
	size_t n = MIN(len, cpumask_size());

	if ((u64)len * 8 < nr_cpu_ids() || (len & (sizeof(unsigned long) - 1)))
		return -EINVAL;
	t = affinity_target((int)a[0]);
	if (!t)
		return -ESRCH;
	mask = t->cpus_allowed & smp_scheduling_mask();
	if (copy_to_user((void __user *)a[2], &mask, n))
		return -EFAULT;
	return (long)n;
}

/*
 * sched_setaffinity(pid, len, mask): the mask is read (EFAULT; a short one
 * is zero-extended, a long one cut to the kernel's size), the target must
 * exist (ESRCH), and the mask must include a CPU that schedules, else
 * EINVAL. A thread running on a CPU it may no longer use leaves it before
 * it returns to user mode (at once for the caller).
 */
SYSCALL(sched_setaffinity)
{
	unsigned int len = (unsigned int)a[1];
	u64 mask = 0;
	struct task *t;

	if (copy_from_user(&mask, (const void __user *)a[2], MIN(len, cpumask_size())))
		return -EFAULT;
	t = affinity_target((int)a[0]);
	if (!t)
		return -ESRCH;
	if (nr_cpu_ids() < 64)
		mask &= (1ull << nr_cpu_ids()) - 1;
	if (!(mask & smp_scheduling_mask()))
		return -EINVAL;
	t->cpus_allowed = mask;
	sched_move_task(t);
	return 0;
}

/* getcpu(cpu, node, cache): this CPU on node 0; either pointer may be NULL; cache is unused. */
SYSCALL(getcpu)
{
	unsigned int cpu = this_cpu()->id;
	int err = 0;

	if (a[0])
		err |= put_user(cpu, (unsigned int __user *)a[0]);
	if (a[1])
		err |= put_user(0u, (unsigned int __user *)a[1]);
	return err ? -EFAULT : 0;
}

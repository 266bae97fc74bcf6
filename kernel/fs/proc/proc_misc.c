// SPDX-License-Identifier: MIT
/*
 * The small /proc files: /proc/version (fs/proc/version.c's layout with
 * uname()'s strings), /proc/cmdline (the command line as the boot loader
 * gave it), /proc/cpuinfo (the arch's, arch/ARCH/proc.c),
 * /proc/sys/kernel/pid_max (read-only here), and a process's
 * argument and environment strings, read from its memory where exec put
 * them (/proc/PID/cmdline and environ, fs/proc/base.c).
 */
#include <kernel/arch.h>
#include <kernel/cmdline.h>
#include <kernel/kmem.h>
#include <kernel/pgtable.h>
#include <kernel/pid.h>
#include <kernel/procfs.h>
#include <kernel/ptrace.h>
#include <kernel/smp.h>
#include <kernel/task.h>
#include <kernel/version.h>
#include <kernel/vm.h>

void proc_version_show(struct proc_buf *b, struct task *t)
{
	(void)t;
	proc_puts(b, UTS_SYSNAME " version " UTS_RELEASE " (" UTS_COMPILER ") " UTS_VERSION "\n");
}

void proc_kernel_cmdline_show(struct proc_buf *b, struct task *t)
{
	(void)t;
	proc_printf(b, "%s\n", kernel_cmdline.raw);
}

/* One block per CPU that runs tasks, as Linux lists its online CPUs. */
void proc_cpuinfo_show(struct proc_buf *b, struct task *t)
{
	u64 cpus = smp_scheduling_mask();

	(void)t;
	for (unsigned int i = 0; i < SMP_MAX_CPUS; i++)
		if (cpus & (1ull << i))
			arch_proc_cpuinfo(b, i);
}

/*
 * One more than the highest PID number (include/kernel/pid.h), as Linux's
 * sysctl: its default of 32768 is Linux's too on machines of up to 32 CPUs
 * (kernel/pid.c: PID_MAX_DEFAULT, raised to 1024 per CPU beyond). Linux's
 * root may write it; here the file is read-only like every /proc file.
 */
void proc_pid_max_show(struct proc_buf *b, struct task *t)
{
	(void)t;
	proc_printf(b, "%d\n", PID_MAX);
}

/*
 * How many tasks the machine allows (kernel/proc/task.c: task_max(), Linux's
 * threads-max from RAM), read-only like every /proc file.
 */
void proc_threads_max_show(struct proc_buf *b, struct task *t)
{
	(void)t;
	proc_printf(b, "%zu\n", task_max());
}

/*
 * Copies [start, end) of mm into b, a page at a time through the page
 * tables; stops at a page that is not mapped (user space dropped it) or,
 * with stop_at_nul, after the first NUL. Returns the bytes copied.
 */
static size_t copy_from_mm(struct proc_buf *b, const struct mm *mm, uintptr_t start, uintptr_t end,
			   bool stop_at_nul)
{
	size_t copied = 0;

	mm_lock(mm); /* the pages stay while this copies them */
	/* An exiting process's space may be emptied already (mm_empty()): no table to look in. */
	for (uintptr_t va = start; mm->pgd && va < end;) {
		phys_addr_t frame = pgtable_lookup(mm->pgd, ALIGN_DOWN(va, PAGE_SIZE));
		uintptr_t stop = MIN(end, ALIGN_DOWN(va, PAGE_SIZE) + PAGE_SIZE);
		const char *p;

		if (!frame)
			break;
		p = (const char *)phys_to_virt(frame) + (va % PAGE_SIZE);
		for (; va < stop; va++, p++, copied++) {
			proc_putc(b, *p);
			if (stop_at_nul && *p == '\0') {
				mm_unlock(mm);
				return copied + 1;
			}
		}
	}
	mm_unlock(mm);
	return copied;
}

/*
 * The argument strings, NUL after each. A program that wrote over the
 * last NUL (setproctitle) gets Linux's reading: up to the first NUL, on
 * into the environment strings if need be.
 */
void proc_cmdline_show(struct proc_buf *b, struct task *t)
{
	const struct mm *mm = t->mm;
	size_t start = b->len;

	if (!mm || mm->arg_end <= mm->arg_start)
		return;
	if (copy_from_mm(b, mm, mm->arg_start, mm->arg_end, false) && !b->failed &&
	    b->text[b->len - 1] != '\0') {
		b->len = start;
		copy_from_mm(b, mm, mm->arg_start, mm->env_end, true);
		if (b->len > start && !b->failed && b->text[b->len - 1] == '\0')
			b->len--; /* as Linux: the string, without its NUL */
	}
}

/* PID/comm: the name exec or PR_SET_NAME gave (read-only here; Linux lets its owner write it). */
void proc_comm_show(struct proc_buf *b, struct task *t)
{
	proc_printf(b, "%s\n", t->name);
}

void proc_environ_show(struct proc_buf *b, struct task *t)
{
	if (t->mm)
		copy_from_mm(b, t->mm, t->mm->env_start, t->mm->env_end, false);
}

/* Whether t runs or may run now: its registers are not to be read (Linux's "running"). */
static bool task_may_run(const struct task *t)
{
	enum task_state s = READ_ONCE(t->state);

	return s == TASK_RUNNING || s == TASK_WAKING;
}

/*
 * PID/syscall, in Linux's format (fs/proc/base.c): the system call the
 * task is in -- its number, six arguments, user stack pointer and return
 * address --; "-1 SP IP" when it entered the kernel some other way;
 * "running" when it runs or may run, its registers on the move; and
 * "-1 0x0 0x0" for a zombie, whose stack is gone. A task reading its own
 * sees the openat() that opened the file, when this text was made. This
 * reader holds the big lock, but a waker does not
 * need it: a task woken while its frame was read, which may already have
 * run, and slept again, is "running" too (Linux's wait_task_inactive()
 * check, by the state and the count of switches).
 */
void proc_syscall_show(struct proc_buf *b, struct task *t)
{
	unsigned long a[6];
	u64 switches = 0;
	int nr;

	if (task_is_zombie_thread(t) || t->state == TASK_DEAD || t->is_idle || t->kthread_fn) {
		proc_printf(b, "-1 0x0 0x0\n");
		return;
	}
	if (t != current) {
		switches = __atomic_load_n(&t->usage.nvcsw, __ATOMIC_ACQUIRE);
		if (task_may_run(t))
			goto running;
	}
	nr = arch_task_syscall(t, a);
	if (t != current) {
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		if (task_may_run(t) ||
		    __atomic_load_n(&t->usage.nvcsw, __ATOMIC_ACQUIRE) != switches)
			goto running;
	}
	if (nr < 0) {
		proc_printf(b, "%d 0x%lx 0x%lx\n", nr, (unsigned long)arch_task_user_sp(t),
			    (unsigned long)arch_task_user_ip(t));
		return;
	}
	proc_printf(b, "%d 0x%lx 0x%lx 0x%lx 0x%lx 0x%lx 0x%lx 0x%lx 0x%lx\n", nr, a[0], a[1], a[2],
		    a[3], a[4], a[5], (unsigned long)arch_task_user_sp(t),
		    (unsigned long)arch_task_user_ip(t));
	return;
running:
	proc_printf(b, "running\n");
}

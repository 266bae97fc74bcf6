// SPDX-License-Identifier: MIT
/*
 * /proc/PID/stat, /proc/PID/task/TID/stat and /proc/PID/statm in Linux's
 * formats (fs/proc/array.c: do_task_stat(), proc_pid_statm()). stat is one
 * line of 52 fields, comm in parentheses; times are in USER_HZ (100)
 * clock ticks, which are Umbra's ticks (HZ is 100). A process's stat sums
 * its threads (times, faults), a thread's is its own. Fields Umbra has no
 * notion of print as Linux prints them for a task without the thing:
 * process group and session 0 (Umbra keeps neither yet), no terminal
 * (tty_nr 0, tpgid -1), no major faults, priority 20 and nice 0 (one
 * policy, SCHED_OTHER), no guest time, no block-I/O delay; startstack 0
 * (exec does not record where argc lies); kstkesp and kstkeip 0, as Linux
 * prints them for any task not dumping core.
 */
#include <kernel/pid.h>
#include <kernel/procfs.h>
#include <kernel/sched_stat.h>
#include <kernel/signal.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <uapi/linux/mman.h>
#include <uapi/linux/resource.h>

#define PF_KTHREAD 0x00200000u /* Linux's task flag of a kernel thread */
#define DEFAULT_PRIO 20	       /* task_prio() of a SCHED_OTHER task of nice 0 */

const char *proc_task_state(const struct task *t)
{
	/*
	 * A zombie's last thread is Z from the moment its process became a
	 * zombie, under the big lock this reader holds: its parent is woken
	 * after the lock goes and may look here while the thread still runs
	 * to its last switch, which marks it TASK_DEAD (Linux likewise reads
	 * exit_state, set before the parent is told, ahead of the task state).
	 */
	if (task_is_zombie_thread(t))
		return "Z (zombie)";
	switch (t->state) {
	case TASK_RUNNING:
	case TASK_WAKING:
	case TASK_NEW: /* runnable in a moment: Linux reports its TASK_NEW as R too */
		return "R (running)";
	case TASK_SLEEPING:
		/* A group stop's wait, Linux's TASK_STOPPED: T, not the D its killable sleep is. */
		if (task_in_group_stop(t))
			return "T (stopped)";
		return t->interruptible ? "S (sleeping)" : "D (disk sleep)";
	case TASK_TRACED:
		return "t (tracing stop)";
	default: /* TASK_DEAD, not a zombie's last thread (above) */
		return "X (dead)";
	}
}

/* The program image's text and data: its executable and writable ELF areas. */
struct image_bounds {
	unsigned long start_code, end_code, start_data, end_data;
};

static void image_bounds(const struct mm *mm, struct image_bounds *ib)
{
	*ib = (struct image_bounds){ 0 };
	mm_lock(mm);
	for (const struct vma *v = vma_first(&mm->vmas); v; v = vma_next(v)) {
		if (!(v->flags & VM_IMAGE))
			continue;
		if ((v->prot & PROT_EXEC) && !ib->start_code) {
			ib->start_code = v->start;
			ib->end_code = v->end;
		} else if ((v->prot & PROT_WRITE) && !ib->start_data) {
			ib->start_data = v->start;
			ib->end_data = v->end;
		}
	}
	mm_unlock(mm);
}

static u64 bits31(u64 set)
{
	return set & 0x7fffffffu; /* Linux: "must be decimal for Linux 2.0 compatibility" */
}

static void show_stat(struct proc_buf *b, struct task *t, bool whole)
{
	struct pid_ns *ns = task_active_pid_ns(current);
	const struct process *p = t->proc;
	struct mm *mm = t->mm;
	struct cpu_usage u, children = p->children_usage;
	struct mm_usage mu = { 0 };
	struct image_bounds ib = { 0 };
	u64 ignored, caught;
	unsigned long rss = 0;

	if (whole)
		cputime_process(p, &u);
	else
		cputime_thread(t, &u);
	if (mm) {
		mm_usage(mm, &mu);
		image_bounds(mm, &ib);
		rss = mu.rss_anon + mu.rss_shmem;
	}
	sighand_masks(t->sighand, &ignored, &caught);
	proc_printf(b, "%d (%s) %c %d 0 0 0 -1 %u",
		    whole ? task_tgid_in(t, ns) : task_tid_in(t, ns), t->name,
		    proc_task_state(t)[0], p->parent ? pid_nr_in(p->parent->pid, ns) : 0,
		    t->kthread_fn ? PF_KTHREAD : 0u);
	proc_printf(b, " %llu %llu 0 0 %llu %llu %llu %llu", (unsigned long long)u.minflt,
		    (unsigned long long)children.minflt, (unsigned long long)u.utime_ticks,
		    (unsigned long long)u.stime_ticks, (unsigned long long)children.utime_ticks,
		    (unsigned long long)children.stime_ticks);
	proc_printf(b, " %d 0 %u 0 %llu %lu %lu %llu", DEFAULT_PRIO, p->nr_threads,
		    (unsigned long long)t->start_tick, mu.size, rss,
		    (unsigned long long)p->rlim[RLIMIT_RSS].rlim_cur);
	proc_printf(b, " %lu %lu 0 0 0", mm ? ib.start_code : 0, mm ? ib.end_code : 0);
	proc_printf(b, " %llu %llu %llu %llu", (unsigned long long)bits31(t->sigpending),
		    (unsigned long long)bits31(t->sigmask), (unsigned long long)bits31(ignored),
		    (unsigned long long)bits31(caught));
	/* wchan: 1 for a task asleep in the kernel (Linux no longer prints the address). */
	proc_printf(b, " %d 0 0 %d %u 0 0 0 0 0",
		    t->state == TASK_SLEEPING && (!whole || p->nr_threads < 2) ? 1 : 0,
		    p->exit_signal, t->cpu);
	if (mm)
		proc_printf(b, " %lu %lu %lu %lu %lu %lu %lu", ib.start_data, ib.end_data,
			    (unsigned long)mm->start_brk, (unsigned long)mm->arg_start,
			    (unsigned long)mm->arg_end, (unsigned long)mm->env_start,
			    (unsigned long)mm->env_end);
	else
		proc_puts(b, " 0 0 0 0 0 0 0");
	/* exit_code: the status wait4() will report, once a zombie (Linux's task->exit_code). */
	proc_printf(b, " %d\n", p->state == PROC_ZOMBIE ? p->wait_status : 0);
}

void proc_pid_stat_show(struct proc_buf *b, struct task *t)
{
	show_stat(b, t, true);
}

void proc_tid_stat_show(struct proc_buf *b, struct task *t)
{
	show_stat(b, t, false);
}

/* size resident shared text lib data dt, in pages; lib and dt are always 0 on Linux now. */
void proc_statm_show(struct proc_buf *b, struct task *t)
{
	struct mm_usage u = { 0 };

	if (t->mm)
		mm_usage(t->mm, &u);
	proc_printf(b, "%lu %lu %lu %lu 0 %lu 0\n", u.size / PAGE_SIZE, u.rss_anon + u.rss_shmem,
		    u.rss_shmem, u.exe / PAGE_SIZE, (u.data + u.stack) / PAGE_SIZE);
}

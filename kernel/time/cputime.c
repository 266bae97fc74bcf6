// SPDX-License-Identifier: MIT
/* CPU-time accounting and the CPU clocks (see <kernel/cputime.h>). */
#include <kernel/big_lock.h>
#include <kernel/clock_timer.h>
#include <kernel/cputime.h>
#include <kernel/itimer.h>
#include <kernel/pid.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/timer.h>
#include <kernel/uaccess.h>
#include <kernel/vm.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/time.h>

#define NSEC_PER_TICK (NSEC_PER_SEC / HZ)

void cpu_usage_add(struct cpu_usage *dst, const struct cpu_usage *src)
{
	dst->utime_ticks += src->utime_ticks;
	dst->stime_ticks += src->stime_ticks;
	dst->nvcsw += src->nvcsw;
	dst->nivcsw += src->nivcsw;
	dst->minflt += src->minflt;
	dst->maxrss = MAX(dst->maxrss, src->maxrss);
}

void cputime_tick(struct task *t, bool from_user)
{
	assert_big_lock_held();
	if (from_user)
		t->usage.utime_ticks++;
	else
		t->usage.stime_ticks++;
	if (t->proc)
		itimer_cpu_tick(t->proc, from_user);
	cpu_timers_charged(t);
}

/*
 * The process's maxrss and the live address space's high-water mark,
 * whichever is higher: RUSAGE_SELF and RUSAGE_THREAD report the same
 * (Linux's getrusage() looks at the signal struct and the caller's mm for
 * both).
 */
static unsigned long live_maxrss(const struct task *t)
{
	unsigned long m = t->proc ? t->proc->exited_usage.maxrss : 0;

	return t->mm ? MAX(m, t->mm->hiwater_rss) : m;
}

void cputime_thread(const struct task *t, struct cpu_usage *u)
{
	*u = t->usage;
	u->maxrss = live_maxrss(t);
}

void cputime_process(const struct process *p, struct cpu_usage *u)
{
	/* siglock: a thread that exits meanwhile is counted once, live or exited. */
	struct spinlock *l = (struct spinlock *)&p->siglock; /* the lock, not what p reports */
	unsigned long flags;

	/* No thread: a zombie's, whose usage is all exited and stays so (a reap's). */
	if (!READ_ONCE(p->threads)) {
		*u = p->exited_usage;
		return;
	}
	flags = spin_lock_irqsave(l);

	*u = p->exited_usage;
	for (const struct task *t = p->threads; t; t = t->thread_next) {
		cpu_usage_add(u, &t->usage);
		u->maxrss = MAX(u->maxrss, live_maxrss(t));
	}
	spin_unlock_irqrestore(l, flags);
}

void cputime_mm_leave(const struct task *t)
{
	struct process *p = t->proc;
	unsigned long flags;

	if (!p || !t->mm)
		return;
	/* A sibling's exit may add to exited_usage meanwhile, without big_lock. */
	flags = spin_lock_irqsave(&p->siglock);
	p->exited_usage.maxrss = MAX(p->exited_usage.maxrss, t->mm->hiwater_rss);
	spin_unlock_irqrestore(&p->siglock, flags);
}

void cputime_thread_exit(struct task *t)
{
	assert_spin_held(&t->proc->siglock); /* with its unlink: a reader sees it counted once */
	cpu_usage_add(&t->proc->exited_usage, &t->usage);
	t->usage = (struct cpu_usage){ 0 };
}

void cputime_reap(struct process *parent, const struct process *child)
{
	struct cpu_usage u;

	cputime_process(child, &u);
	cpu_usage_add(&parent->children_usage, &u);
	cpu_usage_add(&parent->children_usage, &child->children_usage);
}

/* What a CPU clock counts, in ticks, of usage u. */
static u64 clock_ticks(int which, const struct cpu_usage *u)
{
	return which == CPUCLOCK_VIRT ? u->utime_ticks : u->utime_ticks + u->stime_ticks;
}

s64 cpu_usage_clock_ns(int which, const struct cpu_usage *u)
{
	return (s64)clock_ticks(which, u) * NSEC_PER_TICK;
}

int cputime_clock_read(int clock, bool for_read, s64 *ns)
{
	int nr = CPUCLOCK_PID(clock), which = CPUCLOCK_WHICH(clock);
	struct cpu_usage u;

	if (which >= CPUCLOCK_MAX)
		return -EINVAL;
	if (CPUCLOCK_PERTHREAD(clock)) {
		const struct task *t = current;

		if (nr != 0) {
			struct pid *pid = nr > 0 ? pid_find(task_active_pid_ns(current), nr) : NULL;

			t = pid_task(pid);
			if (!t || t->proc != current->proc)
				return -EINVAL;
		}
		cputime_thread(t, &u);
	} else {
		const struct process *p = current->proc;

		if (nr != 0) {
			struct pid *pid = nr > 0 ? pid_find(task_active_pid_ns(current), nr) : NULL;

			if (!pid)
				return -EINVAL;
			if (for_read && pid->task == current)
				p = current->proc; /* the caller's own thread ID names its process */
			else if (pid->proc && pid->proc->pid == pid)
				p = pid->proc; /* a thread-group leader's ID, alive or a zombie */
			else
				return -EINVAL;
		}
		cputime_process(p, &u);
	}
	*ns = (s64)clock_ticks(which, &u) * NSEC_PER_TICK;
	return 0;
}

static struct timeval ticks_to_timeval(u64 ticks)
{
	u64 us = ticks * (1000000 / HZ);

	return (struct timeval){ (long)(us / 1000000), (long)(us % 1000000) };
}

static long ticks_to_clock_t(u64 ticks)
{
	return (long)(ticks * USER_HZ / HZ);
}

/*
 * times(): clock ticks since boot, as Linux's count of jiffies (which starts
 * 5 minutes short of wrapping, so no value is -1 for long on 32 bits;
 * here, from 0).
 */
SYSCALL(times)
{
	struct tms __user *u = (struct tms __user *)a[0];

	if (u) {
		struct cpu_usage self;
		const struct cpu_usage *c = &current->proc->children_usage;
		struct tms tms;

		cputime_process(current->proc, &self);
		tms = (struct tms){ ticks_to_clock_t(self.utime_ticks),
				    ticks_to_clock_t(self.stime_ticks),
				    ticks_to_clock_t(c->utime_ticks),
				    ticks_to_clock_t(c->stime_ticks) };
		if (copy_to_user(u, &tms, sizeof(tms)))
			return -EFAULT;
	}
	return ticks_to_clock_t(timer_ticks());
}

void cpu_usage_to_rusage(const struct cpu_usage *u, struct rusage *ru)
{
	*ru = (struct rusage){
		.ru_utime = ticks_to_timeval(u->utime_ticks),
		.ru_stime = ticks_to_timeval(u->stime_ticks),
		.ru_minflt = (long)u->minflt,
		.ru_nvcsw = (long)u->nvcsw,
		.ru_nivcsw = (long)u->nivcsw,
		.ru_maxrss = (long)(u->maxrss * (PAGE_SIZE / 1024)), /* KiB */
	};
}

/* RUSAGE_SELF, RUSAGE_CHILDREN or RUSAGE_THREAD; -EINVAL otherwise. */
SYSCALL(getrusage)
{
	int who = (int)a[0];
	struct cpu_usage u;
	struct rusage ru;

	switch (who) {
	case RUSAGE_SELF:
		cputime_process(current->proc, &u);
		break;
	case RUSAGE_CHILDREN:
		u = current->proc->children_usage;
		break;
	case RUSAGE_THREAD:
		cputime_thread(current, &u);
		break;
	default:
		return -EINVAL;
	}
	cpu_usage_to_rusage(&u, &ru);
	return copy_to_user((struct rusage __user *)a[1], &ru, sizeof(ru));
}

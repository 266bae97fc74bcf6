// SPDX-License-Identifier: MIT
/*
 * The system's counters for /proc (see <kernel/sched_stat.h>). A CPU's
 * idle time is not counted tick by tick: an idle secondary CPU stops its
 * tick (arch_idle_wait()), so idle is what is left of the time since boot
 * once the ticks charged to tasks there are taken away.
 *
 * The load average is Linux's calc_load() (kernel/sched/loadavg.c): every
 * LOAD_FREQ ticks, with n the tasks running, runnable or in an
 * uninterruptible sleep, each average a becomes
 * (a * e + n * FIXED_1 * (FIXED_1 - e)) / FIXED_1, rounded up while it
 * climbs, for e = EXP_1, EXP_5, EXP_15.
 */
#include <kernel/big_lock.h>
#include <kernel/pid.h>
#include <kernel/sched_stat.h>
#include <kernel/smp.h>
#include <kernel/task.h>
#include <kernel/timer.h>

static struct cpu_stat cpu_stats[SMP_MAX_CPUS];
static u64 nr_switches[SMP_MAX_CPUS], nr_forks;
static unsigned long avenrun[3];
static u64 next_load_tick = LOAD_FREQ;

static unsigned long calc_load(unsigned long load, unsigned long exp, unsigned long active)
{
	unsigned long next = load * exp + active * (FIXED_1 - exp);

	if (active >= load)
		next += FIXED_1 - 1;
	return next / FIXED_1;
}

struct task_census {
	unsigned int running, blocked;
};

static void count_one(struct pid *pid, void *ctx)
{
	struct task_census *c = ctx;
	const struct task *t = pid->task;

	if (!t || t->is_idle)
		return;
	if (t->state == TASK_RUNNING)
		c->running++;
	else if (t->state == TASK_SLEEPING && !t->interruptible)
		c->blocked++;
}

void sched_stat_count(unsigned int *running, unsigned int *blocked)
{
	struct task_census c = { 0 };

	assert_big_lock_held();
	pid_for_each_in_ns(&init_pid_ns, count_one, &c); /* every task has a number there */
	*running = c.running;
	*blocked = c.blocked;
}

static void update_load(void)
{
	unsigned int running, blocked;
	unsigned long active;

	sched_stat_count(&running, &blocked);
	active = (unsigned long)(running + blocked) * FIXED_1;
	avenrun[0] = calc_load(avenrun[0], EXP_1, active);
	avenrun[1] = calc_load(avenrun[1], EXP_5, active);
	avenrun[2] = calc_load(avenrun[2], EXP_15, active);
}

void sched_stat_tick(unsigned int cpu, bool from_user, bool idle)
{
	if (cpu >= SMP_MAX_CPUS)
		return;
	if (!idle) {
		if (from_user)
			cpu_stats[cpu].user++;
		else
			cpu_stats[cpu].system++;
	}
	if (cpu == 0 && timer_ticks() >= next_load_tick) {
		next_load_tick += LOAD_FREQ;
		update_load();
	}
}

void sched_stat_switch(unsigned int cpu)
{
	nr_switches[cpu]++;
}

void sched_stat_fork(void)
{
	__atomic_fetch_add(&nr_forks, 1, __ATOMIC_RELAXED); /* task_alloc() runs without big_lock */
}

void sched_stat_cpu(unsigned int cpu, struct cpu_stat *s)
{
	*s = cpu < SMP_MAX_CPUS ? cpu_stats[cpu] : (struct cpu_stat){ 0 };
}

u64 sched_stat_idle(unsigned int cpu)
{
	struct cpu_stat s;
	u64 now = timer_ticks();

	sched_stat_cpu(cpu, &s);
	return now > s.user + s.system ? now - s.user - s.system : 0;
}

u64 sched_stat_switches(void)
{
	u64 n = 0;

	for (unsigned int cpu = 0; cpu < SMP_MAX_CPUS; cpu++)
		n += READ_ONCE(nr_switches[cpu]);
	return n;
}

u64 sched_stat_forks(void)
{
	return nr_forks;
}

void sched_stat_loadavg(unsigned long avg[3])
{
	for (int i = 0; i < 3; i++)
		avg[i] = avenrun[i];
}

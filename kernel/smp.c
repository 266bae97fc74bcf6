// SPDX-License-Identifier: MIT
/*
 * Bringing up the secondary CPUs. The boot CPU starts them one at a time
 * through the arch's mechanism (x86 INIT-SIPI-SIPI, arm64 PSCI CPU_ON) and
 * waits for each one's report before the next. Each starts on the stack of
 * its idle task, checks its shadow-stack hardware, reports, sets up its
 * own timer and interrupt controller, and enters its idle loop; it takes
 * tasks from the run queue once smp_start_scheduling() lets it (after the
 * kernel's self-tests, which expect one CPU).
 *
 * nosmp and maxcpus= are Linux's (kernel/cpu.c): maxcpus=N lets at most N
 * CPUs be online, the boot CPU included; nosmp and maxcpus=0 keep every
 * secondary off.
 */
#include <kernel/arch.h>
#include <kernel/big_lock.h>
#include <kernel/boot.h>
#include <kernel/cmdline.h>
#include <kernel/kstack.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <kernel/task.h>
#include <kernel/timer.h>
#include <format.h>
#include <uapi/linux/errno.h>

struct smp_cpu smp_cpus[SMP_MAX_CPUS];
struct cpu cpus[SMP_MAX_CPUS] = { [0] = { .self = &cpus[0], .id = 0 } };
unsigned int smp_nr_cpus;
unsigned int smp_max_cpus = SMP_MAX_CPUS;

unsigned int smp_online_count(void)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < smp_nr_cpus; i++)
		n += __atomic_load_n(&smp_cpus[i].state, __ATOMIC_ACQUIRE) == SMP_CPU_ONLINE;
	return n;
}

void smp_report(struct smp_cpu *c, u64 seen_id, enum smp_shstk shstk, u64 detail)
{
	u32 starting = SMP_CPU_STARTING;

	c->seen_id = seen_id;
	c->shstk = shstk;
	c->detail = detail;
	/*
	 * Everything above is visible before the boot CPU sees ONLINE. A CPU
	 * that answers after the boot CPU gave up on it (FAILED) is not let in:
	 * it was left out of the count, the log and the verdict, so it stays out,
	 * parked: interrupts on (it still answers TLB shootdowns), never scheduled.
	 */
	if (!__atomic_compare_exchange_n(&c->state, &starting, SMP_CPU_ONLINE, false,
					 __ATOMIC_RELEASE, __ATOMIC_RELAXED))
		for (;;)
			arch_idle_wait();
}

static void parse_limits(void)
{
	unsigned long max;

	if (cmdline_get(&kernel_cmdline, "nosmp"))
		smp_max_cpus = 0;
	else if (cmdline_get_ulong(&kernel_cmdline, "maxcpus", &max))
		smp_max_cpus = max < SMP_MAX_CPUS ? (unsigned int)max : SMP_MAX_CPUS;
}

/*
 * Waits for c's report, at most SMP_START_TIMEOUT_TICKS: a CPU that never
 * answers INIT-SIPI-SIPI (or PSCI CPU_ON) must not stop the boot. False
 * when it did not come; c is then FAILED, atomically against a report
 * arriving at the same moment (smp_report()).
 */
static bool wait_for(struct smp_cpu *c)
{
	u64 start = timer_ticks();
	u32 starting = SMP_CPU_STARTING;

	while (__atomic_load_n(&c->state, __ATOMIC_ACQUIRE) == SMP_CPU_STARTING) {
		if (timer_ticks() - start > SMP_START_TIMEOUT_TICKS)
			return !__atomic_compare_exchange_n(&c->state, &starting, SMP_CPU_FAILED,
							    false, __ATOMIC_ACQUIRE,
							    __ATOMIC_ACQUIRE);
		arch_cpu_relax();
	}
	return true;
}

static void start_one(const struct boot_info *info, struct smp_cpu *c)
{
	unsigned int id = (unsigned int)(c - smp_cpus);
	struct task *idle = task_alloc("idle");
	int err;

	if (!idle) {
		pr_warn("smp: no memory for the idle task of %s %#lx\n", arch_smp_id_name,
			(unsigned long)c->hw_id);
		c->state = SMP_CPU_FAILED;
		return;
	}
	c->idle = idle;
	cpus[id].self = &cpus[id];
	cpus[id].id = id;
	c->state = SMP_CPU_STARTING;
	err = arch_smp_start_cpu(info, c, idle->kstack.top);
	if (err) {
		pr_warn("smp: %s %#lx cannot be started (error %d)\n", arch_smp_id_name,
			(unsigned long)c->hw_id, err);
		c->state = SMP_CPU_FAILED;
	} else if (!wait_for(c)) {
		pr_warn("smp: CPU %u (%s %#lx) did not start\n", id, arch_smp_id_name,
			(unsigned long)c->hw_id);
	}
	/* The idle task of a CPU that failed is kept: it may still wake up and use its stack. */
}

void smp_secondary_main(struct smp_cpu *c)
{
	struct cpu *me = this_cpu();

	sched_init_secondary(c->idle);
	arch_smp_secondary_init(me);
	/*
	 * Asleep until smp_start_scheduling() lets it in (its IPI wakes it):
	 * the boot CPU holds big_lock through the self-tests, and spinning on
	 * it that long only steals an emulator's host CPUs from the boot CPU.
	 */
	while (!READ_ONCE(me->scheduling))
		arch_idle_wait();
	sched_idle_loop();
}

void smp_start_scheduling(void)
{
	unsigned int n = 0;

	assert_big_lock_held();
	for (unsigned int i = 0; i < smp_nr_cpus; i++) {
		/* Only a CPU that reached smp_secondary_main() has an idle task to fall back on. */
		if (i == this_cpu()->id || smp_cpus[i].state != SMP_CPU_ONLINE ||
		    !READ_ONCE(cpus[i].idle))
			continue;
		WRITE_ONCE(cpus[i].scheduling, true);
		arch_smp_send_reschedule(i);
		n++;
	}
	pr_info("smp: scheduling on %u CPU%s\n", n + 1, n ? "s" : "");
}

u64 smp_scheduling_mask(void)
{
	u64 m = 0;

	for (unsigned int i = 0; i < smp_nr_cpus; i++)
		if (READ_ONCE(cpus[i].scheduling))
			m |= 1ull << i;
	return m;
}

static const char *const shstk_words[] = {
	[SMP_SHSTK_UNCHECKED] = "unchecked",
	[SMP_SHSTK_OK] = "ok",
	[SMP_SHSTK_ABSENT] = "absent",
	[SMP_SHSTK_MISMATCH] = "feature bits differ",
	[SMP_SHSTK_BAD_REG] = "register did not read back",
};

void smp_init(const struct boot_info *info)
{
	char ids[256];
	size_t len = 0;
	unsigned int started = 0, off = 0, limit;
	u64 me = arch_smp_this_cpu_id();

	parse_limits();
	limit = smp_max_cpus ? smp_max_cpus : 1; /* the boot CPU is always online */
	smp_nr_cpus = arch_smp_list_cpus(info, smp_cpus, SMP_MAX_CPUS);
	if (smp_nr_cpus == 0) {
		/* No list: the boot CPU alone, as the firmware would have said. */
		smp_cpus[0] = (struct smp_cpu){ .hw_id = me, .boot = true };
		smp_nr_cpus = 1;
	}
	for (unsigned int i = 0; i < smp_nr_cpus; i++) {
		struct smp_cpu *c = &smp_cpus[i];

		if (c->boot) {
			c->seen_id = me;
			c->shstk = SMP_SHSTK_OK; /* the reference the others are checked against */
			c->state = SMP_CPU_ONLINE;
		}
	}
	for (unsigned int i = 0; i < smp_nr_cpus; i++) {
		struct smp_cpu *c = &smp_cpus[i];

		if (c->boot)
			continue;
		if (1 + started >= limit) {
			off++;
			continue;
		}
		start_one(info, c);
		started++;
	}
	arch_smp_started_all();

	for (unsigned int i = 0; i < smp_nr_cpus && len < sizeof(ids) - 24; i++) {
		const struct smp_cpu *c = &smp_cpus[i];

		if (c->state != SMP_CPU_ONLINE)
			continue;
		len += (size_t)snprintf(ids + len, sizeof(ids) - len, "%s0x%lx", len ? " " : "",
					(unsigned long)c->seen_id);
		if (!c->boot && c->shstk != SMP_SHSTK_OK && c->shstk != SMP_SHSTK_ABSENT)
			pr_warn("smp: %s %#lx: shadow-stack check: %s (%#lx)\n", arch_smp_id_name,
				(unsigned long)c->seen_id, shstk_words[c->shstk],
				(unsigned long)c->detail);
	}
	ids[len] = '\0';
	printk("smp: %u CPUs online (%ss %s)", smp_online_count(), arch_smp_id_name, ids);
	if (off)
		printk(", %u kept off by %s", off, smp_max_cpus == 0 ? "nosmp" : "maxcpus=");
	printk("\n");
}

unsigned int smp_scheduling_count(void)
{
	unsigned int n = 0;

	/* The mask's set bits (no libgcc for __builtin_popcount in the kernel). */
	for (u64 m = smp_scheduling_mask(); m; m &= m - 1)
		n++;
	return n;
}

// SPDX-License-Identifier: MIT
/*
 * Starting the secondary CPUs (kernel/smp.c) against a fake machine and a
 * fake clock: one CPU of four never answers its start-up IPIs. The boot CPU
 * must give up on it after SMP_START_TIMEOUT_TICKS -- not wait forever --,
 * say "CPU n (APIC ID x) did not start", start the CPUs after it, count
 * only the three that came up, schedule on those, and keep the silent one
 * out even when it answers late (it parks in smp_report()).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <kernel/big_lock.h>
#include <kernel/cmdline.h>
#include <kernel/percpu.h>
#include <kernel/smp.h>
#include <kernel/task.h>
#include <kernel/timer.h>

#define NR_FAKE_CPUS 4
#define SILENT_ID 2 /* the APIC ID that never answers */

/* ---- the fake clock: every pause of a waiting CPU is one tick ---- */
static u64 now, relaxes;

u64 timer_ticks(void)
{
	return now;
}

void arch_cpu_relax(void)
{
	relaxes++;
	now++;
}

/* ---- the console ---- */
static char log_text[4096];

int printk(const char *fmt, ...);
int printk(const char *fmt, ...)
{
	size_t len = strlen(log_text);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(log_text + len, sizeof(log_text) - len, fmt, ap);
	va_end(ap);
	return 0;
}

/* ---- the fake machine: CPUs 0-3, APIC IDs 0-3, one silent ---- */
const char arch_smp_id_name[] = "APIC ID";
static unsigned int kicked[NR_FAKE_CPUS], reschedules[NR_FAKE_CPUS];
static u64 started_at[NR_FAKE_CPUS];

unsigned int arch_smp_list_cpus(const struct boot_info *info, struct smp_cpu *c, unsigned int max)
{
	(void)info;
	assert_true(max >= NR_FAKE_CPUS);
	for (unsigned int i = 0; i < NR_FAKE_CPUS; i++)
		c[i] = (struct smp_cpu){ .hw_id = i, .boot = i == 0 };
	return NR_FAKE_CPUS;
}

u64 arch_smp_this_cpu_id(void)
{
	return 0;
}

int arch_smp_start_cpu(const struct boot_info *info, struct smp_cpu *c, uintptr_t stack_top)
{
	(void)info;
	(void)stack_top;
	kicked[c->hw_id]++;
	started_at[c->hw_id] = now;
	if (c->hw_id != SILENT_ID)
		smp_report(c, c->hw_id, SMP_SHSTK_OK, 0); /* as the CPU would, at once */
	return 0;
}

void arch_smp_started_all(void)
{
}

void arch_smp_send_reschedule(unsigned int cpu)
{
	reschedules[cpu]++;
}

/* A CPU parked by smp_report() idles here for good: the test leaves through a jump. */
static jmp_buf parked;
static bool expect_park;

void arch_idle_wait(void)
{
	assert_true(expect_park);
	longjmp(parked, 1);
}

/* ---- the rest of the kernel smp.c calls ---- */
struct cpu unit_cpu = { .self = &unit_cpu, .id = 0 };
struct cmdline kernel_cmdline;
/* Held by this (the boot) CPU, as through the kernel's self-tests. */
struct spinlock big_lock = { .holder_cpu = 0 };
static struct task tasks[NR_FAKE_CPUS];
static unsigned int nr_tasks;

struct task *task_alloc(const char *name)
{
	(void)name;
	return nr_tasks < NR_FAKE_CPUS ? &tasks[nr_tasks++] : NULL;
}

const char *cmdline_get(const struct cmdline *c, const char *key)
{
	(void)c;
	(void)key;
	return NULL;
}

bool cmdline_get_ulong(const struct cmdline *c, const char *key, unsigned long *out)
{
	(void)c;
	(void)key;
	(void)out;
	return false;
}

void lockdep_not_held(const struct spinlock *l, const char *where)
{
	(void)l;
	(void)where;
	fail_msg("big_lock not held");
	__builtin_unreachable();
}

void sched_init_secondary(struct task *idle)
{
	(void)idle;
}

void sched_idle_loop(void)
{
	fail_msg("a secondary's main loop ran on the host");
	__builtin_unreachable();
}

void arch_smp_secondary_init(struct cpu *c)
{
	(void)c;
}

static void test_silent_cpu_bounded_and_reported(void **state)
{
	(void)state;
	smp_init(NULL);

	/* Every secondary was kicked once, the ones after the silent CPU too. */
	assert_int_equal(kicked[1], 1);
	assert_int_equal(kicked[SILENT_ID], 1);
	assert_int_equal(kicked[3], 1);
	/* The wait gave up just past the limit, not later, not forever. */
	assert_int_equal(started_at[3] - started_at[SILENT_ID], SMP_START_TIMEOUT_TICKS + 1);
	assert_int_equal(relaxes, SMP_START_TIMEOUT_TICKS + 1);
	assert_int_equal(smp_cpus[SILENT_ID].state, SMP_CPU_FAILED);
	assert_int_equal(smp_online_count(), 3);
	assert_non_null(strstr(log_text, "smp: CPU 2 (APIC ID 0x2) did not start\n"));
	assert_non_null(strstr(log_text, "smp: 3 CPUs online (APIC IDs 0x0 0x1 0x3)\n"));

	/* The suite runs on the three that came up. */
	cpus[0].scheduling = true; /* the boot CPU schedules from the start */
	for (unsigned int i = 1; i < NR_FAKE_CPUS; i++)
		cpus[i].idle = &tasks[i - 1];
	smp_start_scheduling();
	assert_int_equal(reschedules[1], 1);
	assert_int_equal(reschedules[SILENT_ID], 0);
	assert_int_equal(reschedules[3], 1);
	assert_int_equal(smp_scheduling_count(), 3);
	assert_non_null(strstr(log_text, "smp: scheduling on 3 CPUs\n"));

	/* The silent CPU wakes up at last: it is not let in. */
	expect_park = true;
	if (setjmp(parked) == 0) {
		smp_report(&smp_cpus[SILENT_ID], SILENT_ID, SMP_SHSTK_OK, 0);
		fail_msg("a late CPU came back from smp_report()");
	}
	assert_int_equal(smp_cpus[SILENT_ID].state, SMP_CPU_FAILED);
	assert_int_equal(smp_online_count(), 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_silent_cpu_bounded_and_reported),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

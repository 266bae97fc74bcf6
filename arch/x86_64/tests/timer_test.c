// SPDX-License-Identifier: MIT
/*
 * The tick and what the MADT said (timer.c, madt.c).
 *
 * x86_apic_timer_rate: ten ticks of the local APIC timer take 100 ms as
 * another clock measures them -- one other than the clock the calibration
 * used when the machine has one (the ACPI PM timer, the HPET, the PIT).
 * Emulated time is not exact: a tick can be late (the host paused the
 * emulator) but never early, and a late first tick can let the next one
 * come sooner by at most one period (a pending interrupt, SDM vol. 3A
 * §11.8.4). So the best of three windows must be at least 0.6 times the
 * expected count, which catches a tick too fast; and at most 10 times it:
 * a host running ten emulators at once makes ticks late by half (they
 * were seen at 1.6 times), while a dead timer or a missing /16 is far
 * beyond. That ticks are not too slow is proved exactly by the counter's
 * rate below.
 *
 * x86_apic_timer_count_rate: the APIC timer's counter falls at the rate
 * the calibration found, within 10%, measured against the same other clock
 * over 3 ms inside one tick period (so no reload, and no interrupt latency,
 * comes into it); each end of the window is read between two reference
 * reads close together, so a paused emulator cannot skew it. A window a
 * tick or a long pause fell into is thrown away and another tried, until
 * five count: an overloaded host pauses the emulator often, but not always. With the
 * rate test above: the counter runs at the calibrated rate, and the ticks
 * it makes come no faster than that and are not lost.
 *
 * x86_madt_lists_boot_cpu: the boot CPU's APIC ID is one of the MADT's
 * enabled local APICs (ACPI 6.5 §5.2.12.2, §5.2.12.12).
 */
#include <asm/acpi_hw.h>
#include <asm/apic.h>
#include <kernel/arch.h>
#include <kernel/ktest.h>
#include <kernel/printk.h>
#include <kernel/timer.h>

#define RATE_TICKS 10
#define RATE_WINDOWS 3
#define SPIN_LIMIT 400000000ul

/* A reference other than the one the calibration used, if there is one. */
static const struct refclock *independent_clock(void)
{
	const struct refclock *fallback = NULL;

	for (int k = 0; k < NR_REFCLOCKS; k++) {
		const struct refclock *rc = refclock_get((enum refclock_kind)k);

		if (rc && rc != x86_timer.used)
			return rc;
		if (rc && !fallback)
			fallback = rc;
	}
	return fallback;
}

/* Reference counts RATE_TICKS ticks took, from a tick edge; 0 if the timer stalled. */
static u64 window(const struct refclock *rc, u64 give_up)
{
	struct refclock_watch w;
	unsigned long spins = 0;
	u64 t0 = timer_ticks();

	while (timer_ticks() == t0 && spins++ < SPIN_LIMIT)
		arch_cpu_relax();
	t0 = timer_ticks();
	refclock_watch_start(&w, rc);
	while (timer_ticks() < t0 + RATE_TICKS) {
		if (refclock_watch_read(&w) > give_up || spins++ >= SPIN_LIMIT)
			return 0;
	}
	return refclock_watch_read(&w);
}

KTEST(x86_apic_timer_rate)
{
	const struct refclock *rc = independent_clock();
	u64 expected, best = ~0ull;

	if (!rc) {
		ktest_skip(ctx, "no reference clock (PM timer, HPET, PIT) to measure against");
		return;
	}
	expected = rc->hz * RATE_TICKS / HZ;
	for (int i = 0; i < RATE_WINDOWS; i++) {
		u64 n = window(rc, expected * 20);

		if (n && n < best)
			best = n;
	}
	printk("# %d ticks of the APIC timer (%s) took %lu %s counts, %lu expected\n", RATE_TICKS,
	       x86_timer.source, (unsigned long)best, rc->name, (unsigned long)expected);
	KTEST_EXPECT(ctx, best != ~0ull);
	KTEST_EXPECT(ctx, best >= expected * 6 / 10);
	KTEST_EXPECT(ctx, best <= expected * 10);
}

#define COUNT_WINDOW_DIVISOR 333 /* 3 ms */
#define COUNT_TRIES 5
/*
 * Windows tried for COUNT_TRIES undisturbed ones: each costs one or two
 * tick periods, so a quiet machine is done in five and a host that pauses
 * the emulator for most periods still finds five within a few seconds.
 */
#define COUNT_ATTEMPTS 300

/* The APIC count rate over one window inside a tick period, or 0 when it was disturbed. */
static u64 count_rate(const struct refclock *rc)
{
	struct refclock_watch w;
	u64 r0, r1, period_ref = rc->hz / HZ;
	u32 c0, c1;
	unsigned long spins = 0;
	u64 t0 = timer_ticks();

	while (timer_ticks() == t0 && spins++ < SPIN_LIMIT)
		arch_cpu_relax(); /* start just after a reload: the whole period is ahead */
	t0 = timer_ticks();
	refclock_watch_start(&w, rc);
	if (!apic_timer_sample(&w, &r0, &c0))
		return 0;
	while (refclock_watch_read(&w) < r0 + rc->hz / COUNT_WINDOW_DIVISOR && spins++ < SPIN_LIMIT)
		;
	if (!apic_timer_sample(&w, &r1, &c1))
		return 0;
	/* Less than 80% of a period by the reference and still falling: no reload between. */
	if (timer_ticks() != t0 || c1 >= c0 || r1 <= r0 || r1 - r0 >= period_ref * 8 / 10)
		return 0;
	return (u64)(c0 - c1) * rc->hz / (r1 - r0);
}

KTEST(x86_apic_timer_count_rate)
{
	const struct refclock *rc = independent_clock();
	u64 rates[COUNT_TRIES], want = x86_timer.apic_timer_hz;
	unsigned int n = 0, attempts = 0;

	if (!rc) {
		ktest_skip(ctx, "no reference clock (PM timer, HPET, PIT) to measure against");
		return;
	}
	for (; n < COUNT_TRIES && attempts < COUNT_ATTEMPTS; attempts++) {
		u64 r = count_rate(rc);

		if (r)
			rates[n++] = r;
	}
	/* The median of the undisturbed windows. */
	for (unsigned int i = 1; i < n; i++) {
		for (unsigned int j = i; j > 0 && rates[j - 1] > rates[j]; j--) {
			u64 t = rates[j];

			rates[j] = rates[j - 1];
			rates[j - 1] = t;
		}
	}
	if (n)
		printk("# the APIC timer counts at %lu Hz by the %s (%u of %u windows "
		       "undisturbed), "
		       "calibrated %lu Hz\n",
		       (unsigned long)rates[n / 2], rc->name, n, attempts, (unsigned long)want);
	else
		printk("# no window of %u was undisturbed (a tick or a pause of the machine in "
		       "each)\n",
		       attempts);
	KTEST_EXPECT(ctx, n > 0);
	if (n) {
		KTEST_EXPECT(ctx, rates[n / 2] >= want * 9 / 10);
		KTEST_EXPECT(ctx, rates[n / 2] <= want * 11 / 10);
	}
}

KTEST(x86_madt_lists_boot_cpu)
{
	u32 id = lapic_id();
	bool listed = false;

	if (!x86_madt.found) {
		ktest_skip(ctx, "no MADT");
		return;
	}
	for (unsigned int i = 0; i < x86_madt.nr_cpus; i++) {
		if (x86_madt.cpus[i].apic_id == id && !x86_madt.cpus[i].online_capable)
			listed = true;
	}
	KTEST_EXPECT(ctx, x86_madt.nr_cpus >= 1);
	KTEST_EXPECT(ctx, listed);
}

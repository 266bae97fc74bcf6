// SPDX-License-Identifier: MIT
/*
 * verdict.hold=SECONDS: keep the verdict block on the screen that long
 * before the machine powers off. On a real machine ACPI's power-off turns
 * the screen dark at once, so without a hold nobody at the bench could read
 * it; on an emulator the boot runner takes its screenshot during the hold
 * (tests/boot/screen). Interrupts are off by then, so the hold counts the
 * CPU's cycle counter (TSC, CNTVCT_EL0), whose rate is measured against the
 * timer tick over the whole run: no arch knows it otherwise.
 */
#include <kernel/cmdline.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/random.h>
#include <kernel/timer.h>

#define HOLD_MAX_SECONDS 3600

static u64 start_ticks, start_cycles;

void verdict_hold_mark(void)
{
	start_ticks = timer_ticks();
	start_cycles = arch_cycle_counter();
}

void verdict_hold(void)
{
	unsigned long seconds;
	u64 ticks = timer_ticks() - start_ticks, cycles, per_second, until;

	if (!cmdline_get_ulong(&kernel_cmdline, "verdict.hold", &seconds) || seconds == 0)
		return;
	if (seconds > HOLD_MAX_SECONDS)
		seconds = HOLD_MAX_SECONDS;
	cycles = arch_cycle_counter() - start_cycles;
	if (ticks < HZ || cycles == 0) {
		printk("umbra: verdict.hold: the timer ran too short to measure the cycle "
		       "counter\n");
		return;
	}
	per_second = cycles / ticks * HZ;
	/* The runner waits for this line: the screen is complete when it appears. */
	printk("umbra: verdict on screen, held %lu s\n", seconds);
	until = arch_cycle_counter() + per_second * seconds;
	while ((s64)(arch_cycle_counter() - until) < 0)
		;
}

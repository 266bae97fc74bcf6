// SPDX-License-Identifier: MIT
/*
 * How long the verdict block stays on the screen before the machine
 * powers off, which darkens it:
 *   - on a real machine (no emulator detected: kernel/verdict/verdict_facts.c)
 *     until a key is pressed -- a byte from the PC's keyboard controller or
 *     the console UART (arch_key_pressed()) -- or the power is cut, whatever
 *     verdict.hold says: the stick's image carries verdict.hold=10 for the
 *     emulators, and a person at the bench must be able to photograph it;
 *   - on an emulator, verdict.hold=SECONDS (none: no hold); the boot runner
 *     takes its screenshot then (tests/boot/screen); verdict.hold=key waits
 *     for a key there too (the runner sends one through QEMU's monitor).
 * A USB keyboard is not read: only what the firmware leaves behind an i8042
 * or a UART (docs/HARDWARE.md).
 * Interrupts are off by then, so the timed hold counts the CPU's cycle
 * counter (TSC, CNTVCT_EL0), whose rate is measured against the timer tick
 * over the whole run: no arch knows it otherwise.
 */
#include <kernel/cmdline.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/random.h>
#include <kernel/timer.h>
#include <kernel/verdict.h>
#include <string.h>

#define HOLD_MAX_SECONDS 3600
#define STALE_BYTES_MAX 64 /* input that came before the hold, thrown away */

static u64 start_ticks, start_cycles;

void verdict_hold_mark(void)
{
	start_ticks = timer_ticks();
	start_cycles = arch_cycle_counter();
}

/* Until a byte comes in; the ones already waiting do not count. */
static void hold_until_key(bool real_machine)
{
	for (unsigned int i = 0; i < STALE_BYTES_MAX && arch_key_pressed(); i++)
		;
	/* The runner waits for this line: the screen is complete when it appears. */
	printk("umbra: verdict on screen, held until a key is pressed%s\n",
	       real_machine ? " or the power is cut" : "");
	while (!arch_key_pressed())
		;
	printk("umbra: key pressed, leaving\n");
}

void verdict_hold(void)
{
	unsigned long seconds;
	u64 ticks = timer_ticks() - start_ticks, cycles, per_second, until;
	const char *opt = cmdline_get(&kernel_cmdline, "verdict.hold");

	if (!emulator_name() || (opt && strcmp(opt, "key") == 0)) {
		hold_until_key(!emulator_name());
		return;
	}
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

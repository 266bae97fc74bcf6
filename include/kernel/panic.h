/* SPDX-License-Identifier: MIT */
/*
 * panic(): a broken kernel invariant. Prints a report and powers off with
 * POWEROFF_PANIC so the boot runner reports it instead of timing out.
 * Never used for anything user space can cause: that gets an errno.
 */
#ifndef KERNEL_PANIC_H
#define KERNEL_PANIC_H

#include <kernel/compiler.h>
#include <kernel/types.h>

/* Exit statuses the host runner understands (see tests/boot/run). */
enum poweroff_status {
	POWEROFF_PASS = 0,  /* every self-test passed */
	POWEROFF_FAIL = 1,  /* a test failed */
	POWEROFF_PANIC = 2, /* the kernel panicked */
	/* nothing failed, but shadow stacks were not validated (include/kernel/verdict.h) */
	POWEROFF_NOT_VALIDATED = 3,
};

__noreturn void panic(const char *fmt, ...) __printf(1, 2);

/*
 * Prints "backtrace:", pc, then the return address of each frame record
 * up the frame-pointer chain from fp: both architectures keep the record
 * as [fp] = the caller's frame pointer, [fp + 8] = the return address
 * (x86_64 with -fno-omit-frame-pointer; arm64's AAPCS64 frame records).
 * Stops at a pointer that is not mapped kernel memory or a return address
 * outside the kernel's text, so a report never faults on a bad chain.
 */
void backtrace_from(uintptr_t pc, uintptr_t fp);

/* True once a CPU has started a panic report (printk then takes no lock a stopped CPU may hold). */
bool panic_in_progress(void);

/*
 * For reports panic() cannot format (a trap's registers): turns interrupts
 * off, prints the banner line with the message and the running task, and
 * returns so the caller can add details before poweroff(POWEROFF_PANIC).
 * A second panic while one is being reported powers off at once.
 */
void panic_begin(const char *fmt, ...) __printf(1, 2);

/*
 * Flushes the console and leaves the machine (emulator exit, then halt).
 * A status of POWEROFF_PASS becomes the verdict's (POWEROFF_NOT_VALIDATED,
 * or POWEROFF_FAIL when a test case failed): include/kernel/verdict.h.
 */
__noreturn void poweroff(enum poweroff_status status);

/*
 * The end-of-run summary on the screen and the console (kernel/verdict/verdict_screen.c),
 * status being what the kernel was asked to leave with. True when it was drawn on a screen.
 */
bool verdict_screen_show(enum poweroff_status status);

/*
 * verdict.hold=SECONDS (kernel/verdict/verdict_hold.c): waits that long with the
 * verdict on the screen. verdict_hold_mark() starts the measurement of the
 * cycle counter's rate, once the timer ticks.
 */
void verdict_hold_mark(void);
void verdict_hold(void);

/* Flushes the console and resets the machine (reboot(LINUX_REBOOT_CMD_RESTART)). */
__noreturn void restart(void);

/* The line a panic report starts with; the boot runner looks for it. */
#define PANIC_BANNER "Kernel panic"

#define BUG_ON(cond)                                                             \
	do {                                                                     \
		if (unlikely(cond))                                              \
			panic("BUG_ON(%s) at %s:%d", #cond, __FILE__, __LINE__); \
	} while (0)

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The kernel's own count of the test results that passed over its console,
 * for the verdict block on the screen (kernel/verdict_screen.c). It reads
 * the same bytes the serial console carries: a "# ktap-suite: NAME" line
 * starts a program (the kernel's self-tests announce themselves the same
 * way), and each top-level KTAP result line of that program counts as
 * passed ("ok N ..."), skipped ("ok N ... # SKIP ...") or failed
 * ("not ok N ..."). Nested (indented) results are not counted: a program's
 * top level already sums them. Pure code: host-tested.
 */
#ifndef KERNEL_KTAP_TALLY_H
#define KERNEL_KTAP_TALLY_H

#include <kernel/types.h>

#define KTAP_TALLY_SUITES 32
#define KTAP_TALLY_NAME 24
#define KTAP_TALLY_LINE 160 /* longer lines are judged by their start */

struct ktap_suite_count {
	char name[KTAP_TALLY_NAME];
	unsigned int passed, failed, skipped;
};

struct ktap_tally {
	struct ktap_suite_count suite[KTAP_TALLY_SUITES];
	unsigned int nr_suites;
	bool overflow; /* results of suites beyond KTAP_TALLY_SUITES went to the last */
	char line[KTAP_TALLY_LINE];
	unsigned int len;
};

/* Feeds one console byte. */
void ktap_tally_putc(struct ktap_tally *t, char c);

/* Sums of every suite. */
void ktap_tally_totals(const struct ktap_tally *t, unsigned int *passed, unsigned int *failed,
		       unsigned int *skipped);

/* The console's tally (kernel/console.c feeds it). */
extern struct ktap_tally console_tally;

#endif

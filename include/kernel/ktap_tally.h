/* SPDX-License-Identifier: MIT */
/*
 * The kernel's own count of the test results that passed over its console,
 * for the verdict block on the screen (kernel/verdict/verdict_screen.c). It reads
 * the same bytes the serial console carries: a "# ktap-suite: NAME" line
 * starts a program (the kernel's self-tests announce themselves the same
 * way) and its "# Totals:" line ends it; each top-level KTAP result line
 * in between counts as
 * passed ("ok N ..."), skipped ("ok N ... # SKIP ...") or failed
 * ("not ok N ..."). Nested (indented) results are not counted: a program's
 * top level already sums them. A failed case's name is kept as
 * "suite/case" (',' and ';' in it become '_', it being a list in the
 * verdict's record). Pure code: host-tested.
 */
#ifndef KERNEL_KTAP_TALLY_H
#define KERNEL_KTAP_TALLY_H

#include <kernel/types.h>

#define KTAP_TALLY_SUITES 32
#define KTAP_TALLY_NAME 24
#define KTAP_TALLY_LINE 160    /* longer lines are judged by their start */
#define KTAP_TALLY_FAILED 1024 /* room for the names of failed cases */

struct ktap_suite_count {
	char name[KTAP_TALLY_NAME];
	unsigned int passed, failed, skipped;
};

struct ktap_tally {
	struct ktap_suite_count suite[KTAP_TALLY_SUITES];
	unsigned int nr_suites;
	bool overflow; /* results of suites beyond KTAP_TALLY_SUITES went to the last */
	bool open;     /* between a suite's announcement and its "# Totals:" line */
	/* "suite/case,suite/case": the failed cases, in order, as many as fit. */
	char failed[KTAP_TALLY_FAILED];
	unsigned int failed_len, failed_dropped;
	char line[KTAP_TALLY_LINE];
	unsigned int len;
};

/* Feeds one console byte. */
void ktap_tally_putc(struct ktap_tally *t, char c);

/* Sums of every suite. */
void ktap_tally_totals(const struct ktap_tally *t, unsigned int *passed, unsigned int *failed,
		       unsigned int *skipped);

/* The console's tally (kernel/console/console.c feeds it). */
extern struct ktap_tally console_tally;

#endif

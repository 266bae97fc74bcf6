/* SPDX-License-Identifier: MIT */
/*
 * KTAP output in the shape tools/testing/selftests/kselftest.h prints:
 *
 *   TAP version 13
 *   1..N
 *   ok 1 name
 *   not ok 2 name
 *   ok 3 name # SKIP reason
 *   # Totals: pass:1 fail:1 xfail:0 xpass:0 skip:1 error:0
 *
 * Lines go through the buffered stdout. Not thread safe: report from one
 * thread.
 */
#ifndef KTAP_H
#define KTAP_H

#include <stdbool.h>

void ktap_header(void);
void ktap_plan(unsigned int n);
/* Reports one case; returns ok so callers can chain on it. */
bool ktap_ok(bool ok, const char *name_fmt, ...) __attribute__((format(printf, 2, 3)));
void ktap_skip(const char *name, const char *reason_fmt, ...) __attribute__((format(printf, 2, 3)));
/* A diagnostic line: "# " + message (a trailing newline is added if missing). */
void ktap_print_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * Prints the totals line (and a note when the plan was not met) and returns
 * the exit status: 0 when nothing failed and the plan was met, else 1.
 */
int ktap_finish(void);

#endif

// SPDX-License-Identifier: MIT
/* KTAP reporting in kselftest.h's format; see ktap.h. */
#include <ktap.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static unsigned int planned, number, passed, failed, skipped;

void ktap_header(void)
{
	printf("TAP version 13\n");
}

void ktap_plan(unsigned int n)
{
	planned = n;
	printf("1..%u\n", n);
}

/* Prints fmt/ap followed by a newline unless it already ends in one. */
static void print_line(const char *fmt, va_list ap)
{
	size_t n = strlen(fmt);

	vprintf(fmt, ap);
	if (n == 0 || fmt[n - 1] != '\n')
		putchar('\n');
}

bool ktap_ok(bool ok, const char *name_fmt, ...)
{
	va_list ap;

	number++;
	if (ok)
		passed++;
	else
		failed++;
	printf("%sok %u ", ok ? "" : "not ", number);
	va_start(ap, name_fmt);
	print_line(name_fmt, ap);
	va_end(ap);
	return ok;
}

void ktap_skip(const char *name, const char *reason_fmt, ...)
{
	va_list ap;

	number++;
	skipped++;
	printf("ok %u %s # SKIP ", number, name);
	va_start(ap, reason_fmt);
	print_line(reason_fmt, ap);
	va_end(ap);
}

void ktap_print_msg(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	print_line(fmt, ap);
	va_end(ap);
}

int ktap_finish(void)
{
	bool plan_met = number == planned;

	if (!plan_met)
		printf("# Planned tests != run tests (%u != %u)\n", planned, number);
	printf("# Totals: pass:%u fail:%u xfail:0 xpass:0 skip:%u error:0\n", passed, failed,
	       skipped);
	fflush_stdout();
	return failed == 0 && plan_met ? 0 : 1;
}

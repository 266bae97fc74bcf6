// SPDX-License-Identifier: MIT
/* Diagnostics and case skipping for the test programs (test.h). */
#include "test.h"
#include <ktap.h>
#include <errno.h>
#include <format.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

/*
 * One write() per line: another CPU's output cannot land inside it, and a
 * process killed right after (an attack that ends it) leaves no half line
 * for the next program's KTAP to continue.
 */
void note(const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	fflush_stdout();
	va_start(ap, fmt);
	n = vsnprintf(line + 2, sizeof(line) - 3, fmt, ap);
	va_end(ap);
	line[0] = '#';
	line[1] = ' ';
	if (n < 0)
		n = 0;
	if ((size_t)n > sizeof(line) - 4)
		n = (int)(sizeof(line) - 4); /* cut: the line still ends */
	line[2 + n] = '\n';
	(void)write(STDOUT_FILENO, line, (size_t)n + 3);
}

bool case_skipped(const char *name, enum need need, bool supported, const char *feature)
{
	if (need == LIVE && !supported) {
		ktap_skip(name, "%s not supported", feature);
		return true;
	}
	if (need == UNSUPPORTED && supported) {
		ktap_skip(name, "%s supported", feature);
		return true;
	}
	return false;
}

bool fails_with(long r, int e)
{
	if (r != -1 || errno != e) {
		ktap_print_msg("got %ld errno %d, expected -1 errno %d", r, errno, e);
		return false;
	}
	return true;
}

bool mmap_fails_with(void *r, int e)
{
	return fails_with(r == MAP_FAILED ? -1 : (long)(uintptr_t)r, e);
}

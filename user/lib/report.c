// SPDX-License-Identifier: MIT
/* Diagnostics and case skipping for the test programs (test.h). */
#include "test.h"
#include <ktap.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

void note(const char *fmt, ...)
{
	va_list ap;

	fflush_stdout();
	dprintf(STDOUT_FILENO, "# ");
	va_start(ap, fmt);
	vdprintf(STDOUT_FILENO, fmt, ap);
	va_end(ap);
	dprintf(STDOUT_FILENO, "\n");
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

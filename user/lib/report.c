// SPDX-License-Identifier: MIT
/* Diagnostics and case skipping for the test programs (test.h). */
#include "test.h"
#include <ktap.h>
#include <stdarg.h>
#include <stdio.h>
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

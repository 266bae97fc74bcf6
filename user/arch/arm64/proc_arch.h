/* SPDX-License-Identifier: MIT */
/*
 * The arm64 half of /bin/procfs: Linux prints no arm64 lines in
 * /proc/PID/status, and /proc/cpuinfo is checked against CNTFRQ_EL0 and
 * AT_HWCAP (EL0 may read the one, the kernel gives the other).
 */
#ifndef USER_PROC_ARCH_H
#define USER_PROC_ARCH_H

#include "counter.h"
#include "test.h"
#include <auxv.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define ARCH_STATUS_FEATURES_OFF NULL
#define ARCH_STATUS_FEATURES_ON NULL
/*
 * /proc/PID/syscall of a task stopped on its way out of a call: -1, as
 * Linux's arm64 forgets the call (NO_SYSCALL) before it acts on a signal.
 */
#define FORGETS_CALL_AT_SIGNAL 1

#define HWCAP_FP (1ul << 0)
#define HWCAP_GCS (1ul << 32)

static inline bool has_feature(const char *features, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = strstr(features, w); p; p = strstr(p + 1, w)) {
		if (p[-1] == ' ' && (p[n] == ' ' || p[n] == '\n'))
			return true;
	}
	return false;
}

/*
 * cpuinfo: BogoMIPS is CNTFRQ_EL0 / 500000 with two decimals, Features
 * names fp and gcs as AT_HWCAP has them (gcs iff GCS works: live), and the
 * MIDR lines follow.
 */
static inline int arch_cpuinfo_check(const char *text, bool live)
{
	unsigned long freq = (unsigned long)counter_freq(), hwcap = getauxval(AT_HWCAP);
	const char *features = strstr(text, "\nFeatures\t:");
	char want[64];

	EXPECT_TRUE("starts with processor 0", strncmp(text, "processor\t: 0\n", 14) == 0);
	snprintf(want, sizeof(want), "\nBogoMIPS\t: %lu.%02lu\n", freq / 500000, freq / 5000 % 100);
	EXPECT_TRUE(want, strstr(text, want) != NULL);
	EXPECT_TRUE("Features line", features != NULL);
	features += 11;
	EXPECT("fp feature", has_feature(features, "fp"), (hwcap & HWCAP_FP) != 0);
	EXPECT("gcs feature", has_feature(features, "gcs"), live);
	EXPECT("gcs hwcap", (hwcap & HWCAP_GCS) != 0, live);
	EXPECT_TRUE("CPU lines", strstr(text, "\nCPU implementer\t: 0x") &&
					 strstr(text, "\nCPU architecture: 8\nCPU variant\t: 0x") &&
					 strstr(text, "\nCPU part\t: 0x") &&
					 strstr(text, "\nCPU revision\t: "));
	return 0;
}

#endif

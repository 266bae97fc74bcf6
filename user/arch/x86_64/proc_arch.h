/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 half of /bin/procfs: status's x86_Thread_features lines and
 * /proc/cpuinfo checked against CPUID, which user space runs itself
 * (Intel SDM vol. 2A, CPUID).
 */
#ifndef USER_PROC_ARCH_H
#define USER_PROC_ARCH_H

#include "test.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* status's lines for a thread without and with shadow stacks on (Linux's exact text). */
/* /proc/PID/syscall of a task stopped on its way out of a call: that call (orig_ax kept). */
#define FORGETS_CALL_AT_SIGNAL 0
#define ARCH_STATUS_FEATURES_OFF "\nx86_Thread_features:\t\nx86_Thread_features_locked:\t\n"
#define ARCH_STATUS_FEATURES_ON "\nx86_Thread_features:\tshstk \nx86_Thread_features_locked:\t\n"

static inline void arch_cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	__asm__ volatile("cpuid"
			 : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
			 : "a"(leaf), "c"(sub));
}

/* Whether the flags line holds the word w. */
static inline bool has_flag(const char *flags, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = strstr(flags, w); p; p = strstr(p + 1, w)) {
		if (p[-1] == ' ' && (p[n] == ' ' || p[n] == '\n'))
			return true;
	}
	return false;
}

/*
 * cpuinfo against CPUID: vendor, cpuid level, flags fpu/lm/sse2 as the
 * bits say, user_shstk iff shadow stacks work (live), never "shstk".
 */
static inline int arch_cpuinfo_check(const char *text, bool live)
{
	uint32_t r[4];
	char want[64], vendor[13];
	const char *flags = strstr(text, "\nflags\t\t:");

	arch_cpuid(0, 0, r);
	memcpy(vendor, &r[1], 4);
	memcpy(vendor + 4, &r[3], 4);
	memcpy(vendor + 8, &r[2], 4);
	vendor[12] = '\0';
	EXPECT_TRUE("starts with processor 0", strncmp(text, "processor\t: 0\n", 14) == 0);
	snprintf(want, sizeof(want), "\nvendor_id\t: %s\n", vendor);
	EXPECT_TRUE(want, strstr(text, want) != NULL);
	snprintf(want, sizeof(want), "\ncpuid level\t: %u\n", r[0]);
	EXPECT_TRUE(want, strstr(text, want) != NULL);
	EXPECT_TRUE("fpu, wp lines",
		    strstr(text, "\nfpu\t\t: yes\n") && strstr(text, "\nwp\t\t: yes\n"));
	EXPECT_TRUE("flags line", flags != NULL);
	flags += 9;
	arch_cpuid(1, 0, r);
	EXPECT("fpu flag", has_flag(flags, "fpu"), (r[3] & 1) != 0);
	EXPECT("sse2 flag", has_flag(flags, "sse2"), (r[3] >> 26) & 1);
	EXPECT("lm flag", has_flag(flags, "lm"), 1);
	EXPECT("user_shstk flag", has_flag(flags, "user_shstk"), live);
	EXPECT("no shstk flag (Linux shows none)", has_flag(flags, "shstk"), 0);
	EXPECT_TRUE("ends with power management and a blank line",
		    strstr(text, "\npower management:") && text[strlen(text) - 2] == '\n');
	return 0;
}

#endif

// SPDX-License-Identifier: MIT
/* System facts the test programs compare against (test.h). */
#include "test.h"
#include <sys/resource.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>

unsigned long free_pages(void)
{
	struct sysinfo si;

	return sysinfo(&si) == 0 ? si.freeram : 0;
}

unsigned long rlimit_stack(void)
{
	struct rlimit rl;

	return getrlimit(RLIMIT_STACK, &rl) == 0 ? rl.rlim_cur : 0;
}

bool on_umbra(void)
{
	static int known; /* 0 unknown, 1 Umbra, 2 not */
	struct utsname u;

	if (!known)
		known = uname(&u) == 0 && strcmp(u.sysname, "Umbra") == 0 ? 1 : 2;
	return known == 1;
}

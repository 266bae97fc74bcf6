// SPDX-License-Identifier: MIT
/* System facts the test programs compare against (test.h). */
#include "test.h"
#include <sys/resource.h>
#include <sys/sysinfo.h>

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

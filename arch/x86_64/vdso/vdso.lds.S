/* SPDX-License-Identifier: MIT */
/* The x86_64 vDSO: Linux's names and version (glibc and musl look for LINUX_2.6). */
#include <vdso-layout.lds>

VERSION
{
	LINUX_2.6 {
	global:
		clock_gettime;
		__vdso_clock_gettime;
		gettimeofday;
		__vdso_gettimeofday;
		time;
		__vdso_time;
		clock_getres;
		__vdso_clock_getres;
		getcpu;
		__vdso_getcpu;
	local: *;
	};
}

/* SPDX-License-Identifier: MIT */
/* The arm64 vDSO: Linux's names and version (glibc and musl look for LINUX_2.6.39). */
#include <vdso-layout.lds>

VERSION
{
	LINUX_2.6.39 {
	global:
		__kernel_rt_sigreturn;
		__kernel_gettimeofday;
		__kernel_clock_gettime;
		__kernel_clock_getres;
	local: *;
	};
}

// SPDX-License-Identifier: MIT
/*
 * The arm64 vDSO's clock functions, under the names and version Linux's
 * carries (arch/arm64/kernel/vdso/vdso.lds.S: LINUX_2.6.39), so glibc and
 * musl find them. Plain BL/RET code runs under GCS as it is; built with
 * -mbranch-protection=standard, every function starts with a BTI C landing
 * pad, for programs that run with BTI on (sigreturn.S is the fourth symbol).
 */
#include <vdso_clock.h>

int __kernel_clock_gettime(int clock, struct timespec *ts);
int __kernel_gettimeofday(struct timeval *tv, struct timezone *tz);
int __kernel_clock_getres(int clock, struct timespec *res);

int __kernel_clock_gettime(int clock, struct timespec *ts)
{
	return vdso_clock_gettime_common(clock, ts);
}

int __kernel_gettimeofday(struct timeval *tv, struct timezone *tz)
{
	return vdso_gettimeofday_common(tv, tz);
}

int __kernel_clock_getres(int clock, struct timespec *res)
{
	return vdso_clock_getres_common(clock, res);
}

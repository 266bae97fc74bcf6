// SPDX-License-Identifier: MIT
/*
 * The x86_64 vDSO's functions, under the names and version Linux's carries
 * (arch/x86/entry/vdso/vdso.lds.S: LINUX_2.6, each as __vdso_NAME and NAME),
 * so glibc and musl find them. Built with -fcf-protection=full: every
 * function starts with ENDBR64 and the object says IBT and SHSTK in its GNU
 * property note, as Linux's vDSO does (vdso.lds checks the note's place).
 */
#include <vdso_clock.h>

struct getcpu_cache;

int __vdso_clock_gettime(int clock, struct timespec *ts);
int __vdso_gettimeofday(struct timeval *tv, struct timezone *tz);
long __vdso_time(long *t);
int __vdso_clock_getres(int clock, struct timespec *res);
long __vdso_getcpu(unsigned int *cpu, unsigned int *node, struct getcpu_cache *unused);

int __vdso_clock_gettime(int clock, struct timespec *ts)
{
	return vdso_clock_gettime_common(clock, ts);
}

int __vdso_gettimeofday(struct timeval *tv, struct timezone *tz)
{
	return vdso_gettimeofday_common(tv, tz);
}

/* time(): the seconds of CLOCK_REALTIME, also stored at t when t is not NULL. */
long __vdso_time(long *t)
{
	long long mono, realtime_offset;
	long sec;

	vdso_read_clock(&mono, &realtime_offset);
	sec = (long)((mono + realtime_offset) / VDSO_NSEC_PER_SEC);
	if (t)
		*t = sec;
	return sec;
}

int __vdso_clock_getres(int clock, struct timespec *res)
{
	return vdso_clock_getres_common(clock, res);
}

/*
 * getcpu(): the kernel keeps each CPU's number in its IA32_TSC_AUX (Linux
 * puts the node above bit 12; Umbra has one node), which RDPID reads, or
 * RDTSCP where there is no RDPID (Intel SDM vol. 2B, RDPID and RDTSCP); the
 * clock page says which the CPU has. Without either, the system call.
 */
long __vdso_getcpu(unsigned int *cpu, unsigned int *node,
		   struct getcpu_cache *unused __attribute__((unused)))
{
	unsigned long aux;
	unsigned int lo, hi, tsc_aux;

	switch (vdso_clock_page.x86_getcpu) {
	case 1:
		__asm__ __volatile__("rdpid %0" : "=r"(aux));
		break;
	case 2:
		__asm__ __volatile__("rdtscp" : "=a"(lo), "=d"(hi), "=c"(tsc_aux));
		aux = tsc_aux;
		break;
	default:
		return vdso_syscall2(__NR_getcpu, (long)cpu, (long)node);
	}
	if (cpu)
		*cpu = (unsigned int)(aux & 0xfff);
	if (node)
		*node = (unsigned int)(aux >> 12);
	return 0;
}

int clock_gettime(int clock, struct timespec *ts)
	__attribute__((weak, alias("__vdso_clock_gettime")));
int gettimeofday(struct timeval *tv, struct timezone *tz)
	__attribute__((weak, alias("__vdso_gettimeofday")));
long time(long *t) __attribute__((weak, alias("__vdso_time")));
int clock_getres(int clock, struct timespec *res)
	__attribute__((weak, alias("__vdso_clock_getres")));
long getcpu(unsigned int *cpu, unsigned int *node,
	    struct getcpu_cache *unused __attribute__((unused)))
	__attribute__((weak, alias("__vdso_getcpu")));

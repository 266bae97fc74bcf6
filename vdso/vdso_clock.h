/* SPDX-License-Identifier: MIT */
/*
 * What the vDSO's clock functions do, on both architectures: read the
 * [vvar] pages (include/kernel/vdso_data.h) under their sequence count, and
 * ask the kernel by a system call for whatever the pages do not hold (the
 * CPU clocks, a bad clock id, a pointer to check). The arch's vdso.c gives
 * the functions their exported names (x86_64 __vdso_*, arm64 __kernel_*);
 * vdso_arch.h gives the system call and the barriers.
 */
#ifndef VDSO_CLOCK_H
#define VDSO_CLOCK_H

#include <kernel/vdso_data.h>
#include <uapi/linux/time.h>
#include <vdso_arch.h>

#define VDSO_NSEC_PER_SEC 1000000000ll

/* At fixed places below the vDSO's first page (the arch's vdso.lds), reached PC-relative. */
extern const volatile struct vdso_clock_page vdso_clock_page __attribute__((visibility("hidden")));
extern const struct vdso_timens_page vdso_timens_page __attribute__((visibility("hidden")));

/* The clock page's monotonic time and real-time offset of one tick, read consistently. */
static inline void vdso_read_clock(long long *mono, long long *realtime_offset)
{
	unsigned int seq;

	for (;;) {
		seq = vdso_clock_page.seq;
		if (seq & 1)
			continue; /* the writer is in the middle: it is one tick's work */
		vdso_read_barrier();
		*mono = vdso_clock_page.monotonic_ns;
		*realtime_offset = vdso_clock_page.realtime_offset_ns;
		vdso_read_barrier();
		if (vdso_clock_page.seq == seq)
			return;
	}
}

/* Nanoseconds to a timespec; ns >= 0 for every clock the pages hold. */
static inline void vdso_ns_to_timespec(long long ns, struct timespec *ts)
{
	ts->tv_sec = ns / VDSO_NSEC_PER_SEC;
	ts->tv_nsec = ns % VDSO_NSEC_PER_SEC;
}

/*
 * The clock's value in nanoseconds, as kernel/time/time.c's clock_read()
 * gives it; 0 when the pages do not hold that clock.
 */
static inline int vdso_clock_ns(int clock, long long *ns)
{
	long long mono, realtime_offset;

	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_TAI:
		vdso_read_clock(&mono, &realtime_offset);
		*ns = mono + realtime_offset;
		return 1;
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_MONOTONIC_COARSE:
		vdso_read_clock(&mono, &realtime_offset);
		*ns = mono + vdso_timens_page.monotonic_offset_ns;
		return 1;
	case CLOCK_BOOTTIME:
		vdso_read_clock(&mono, &realtime_offset);
		*ns = mono + vdso_timens_page.boottime_offset_ns;
		return 1;
	default:
		return 0;
	}
}

static inline int vdso_clock_gettime_common(int clock, struct timespec *ts)
{
	long long ns;

	if (!vdso_clock_ns(clock, &ns))
		return (int)vdso_syscall2(VDSO_NR_clock_gettime, clock, (long)ts);
	vdso_ns_to_timespec(ns, ts);
	return 0;
}

/*
 * gettimeofday(): a NULL tv or tz is skipped, as the system call does; a
 * bad pointer faults here (SIGSEGV) where the system call says EFAULT, as
 * with Linux's vDSO.
 */
static inline int vdso_gettimeofday_common(struct timeval *tv, struct timezone *tz)
{
	if (tv) {
		long long mono, realtime_offset;
		struct timespec ts;

		vdso_read_clock(&mono, &realtime_offset);
		vdso_ns_to_timespec(mono + realtime_offset, &ts);
		tv->tv_sec = ts.tv_sec;
		tv->tv_usec = ts.tv_nsec / 1000;
	}
	if (tz) {
		tz->tz_minuteswest = vdso_clock_page.tz_minuteswest;
		tz->tz_dsttime = vdso_clock_page.tz_dsttime;
	}
	return 0;
}

/* clock_getres(): one tick for every clock the pages hold; NULL res is allowed. */
static inline int vdso_clock_getres_common(int clock, struct timespec *res)
{
	long long ignored;

	if (!vdso_clock_ns(clock, &ignored))
		return (int)vdso_syscall2(VDSO_NR_clock_getres, clock, (long)res);
	if (res)
		vdso_ns_to_timespec(vdso_clock_page.resolution_ns, res);
	return 0;
}

#endif

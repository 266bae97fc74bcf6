/* SPDX-License-Identifier: MIT */
/*
 * The vDSO's data, which the kernel writes and every process reads through
 * its read-only [vvar] area (kernel/time/vdso.c writes it, vdso/gettime.c
 * reads it). Two pages: the clock page, one for the whole machine, and the
 * page of the reader's time namespace, one per namespace. Shared with code
 * built for user space: fixed-width types only, nothing of the kernel's.
 */
#ifndef KERNEL_VDSO_DATA_H
#define KERNEL_VDSO_DATA_H

/* Where each page lies from the start of [vvar]; [vdso] follows [vvar]. */
#define VDSO_CLOCK_PAGE 0
#define VDSO_TIMENS_PAGE 1
#define VVAR_PAGES 2

#ifndef __ASSEMBLER__

/*
 * The clock page. Every clock here moves by whole ticks, so the vDSO needs
 * no hardware counter: it reads the values of the last tick, the very
 * numbers the system calls read (kernel/time/time.c), and agrees with them
 * exactly. The writer (the tick and settimeofday(), under the big lock, so
 * one at a time) makes seq odd, changes the fields, and makes it even
 * again; a reader that saw an odd seq, or a seq that changed while it
 * read, reads again (Linux's seqcount_t, include/linux/seqlock.h).
 */
struct vdso_clock_page {
	unsigned int seq;
	unsigned int x86_getcpu; /* 1: RDPID, 2: RDTSCP read IA32_TSC_AUX = the CPU; 0: neither */
	long long monotonic_ns;	 /* CLOCK_MONOTONIC at the last tick */
	long long realtime_offset_ns; /* CLOCK_REALTIME - CLOCK_MONOTONIC */
	long long resolution_ns;      /* what clock_getres() says: one tick */
	int tz_minuteswest;	      /* settimeofday()'s time zone */
	int tz_dsttime;
};

/*
 * A time namespace's page: what it adds to CLOCK_MONOTONIC and
 * CLOCK_BOOTTIME. Written once, before any process of the namespace can
 * map it (kernel/proc/task.c's time_ns_create()), so read without a count.
 */
struct vdso_timens_page {
	long long monotonic_offset_ns;
	long long boottime_offset_ns;
};

#endif
#endif

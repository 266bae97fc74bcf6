/* SPDX-License-Identifier: MIT */
/*
 * Time namespaces (CLONE_NEWTIME): per-namespace offsets added to
 * CLOCK_MONOTONIC and CLOCK_BOOTTIME. A new namespace starts with both
 * offsets zero; Linux sets them through /proc/PID/timens_offsets, which
 * Umbra does not have, so they stay zero.
 */
#ifndef KERNEL_TIMENS_H
#define KERNEL_TIMENS_H

#include <kernel/atomic.h>
#include <kernel/types.h>

struct shmem;

struct time_ns {
	refcount_t refs;
	s64 monotonic_offset_ns;
	s64 boottime_offset_ns;
	struct shmem *vvar; /* its [vvar] pages (kernel/time/vdso.c) */
};

extern struct time_ns init_time_ns;

struct time_ns *time_ns_create(void); /* NULL when out of memory */
void time_ns_get(struct time_ns *ns);
void time_ns_put(struct time_ns *ns);

#endif

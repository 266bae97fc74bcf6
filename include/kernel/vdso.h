/* SPDX-License-Identifier: MIT */
/*
 * The vDSO (kernel/time/vdso.c): a small shared object the kernel maps into
 * every program, as Linux does, so that reading a clock costs no system
 * call. Below it the [vvar] pages (include/kernel/vdso_data.h) that it reads
 * and the kernel updates at each tick.
 *
 *	VVAR_BASE	[vvar]	the clock page, the time namespace's page
 *	VDSO_BASE	[vdso]	the ELF image (AT_SYSINFO_EHDR points here)
 */
#ifndef KERNEL_VDSO_H
#define KERNEL_VDSO_H

#include <kernel/types.h>
#include <kernel/vdso_data.h>
#include <kernel/vm.h>

/* Just above the mmap area (docs/DESIGN.md §3.3). */
#define VVAR_BASE MMAP_TOP
#define VDSO_BASE (VVAR_BASE + VVAR_PAGES * PAGE_SIZE)

struct time_ns;

/* Makes the vDSO's pages from the image in the kernel; at boot, before the first program. */
void vdso_init(void);

/* exec: maps [vvar] (with ns's page) and [vdso] into mm, whose lock the caller holds. 0 or -ENOMEM. */
int vdso_map(struct mm *mm, struct time_ns *ns);

/*
 * fork into another time namespace (clone's CLONE_NEWTIME, or after
 * unshare()): the child's [vvar] shows ns's page instead of its parent's.
 * The caller holds mm's lock. 0 or -ENOMEM.
 */
int vdso_fork(struct mm *mm, struct time_ns *ns);

/* A time namespace's page, made with it (time_ns_create()); 0 or -ENOMEM. */
int vdso_timens_init(struct time_ns *ns);
/* Drops it, when the namespace goes. */
void vdso_timens_free(struct time_ns *ns);

/* The user address of an exported vDSO symbol (arm64: __kernel_rt_sigreturn), 0 if none. */
uintptr_t vdso_symbol(const char *name);

/*
 * Writes the clock page from the kernel's clocks: at each tick and when
 * the wall clock is set. Under the big lock (one writer at a time).
 */
void vdso_clock_update(s64 monotonic_ns, s64 realtime_offset_ns, int tz_minuteswest,
		       int tz_dsttime);

/* ---- arch hook ---- */
/* The clock page's x86_getcpu value (include/kernel/vdso_data.h): how getcpu() reads the CPU. */
unsigned int arch_vdso_getcpu_mode(void);

#endif

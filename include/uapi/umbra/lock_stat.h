/* SPDX-License-Identifier: MIT */
/*
 * Umbra's /proc/lock_stat (not Linux's shape): this header line, then one
 * line per lock name that made a CPU wait, "CONTENTIONS WAIT_TOTAL
 * WAIT_MAX NAME" (decimal; the name last, as it may hold spaces). The
 * kernel prints it, /bin/bench_smp and the procfs test read it.
 */
#ifndef UAPI_UMBRA_LOCK_STAT_H
#define UAPI_UMBRA_LOCK_STAT_H

#define LOCK_STAT_HEADER "# contentions wait_total wait_max lock (ticks of the CPU counter)\n"

#endif

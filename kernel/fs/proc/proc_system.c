// SPDX-License-Identifier: MIT
/*
 * The system-wide /proc files, in Linux's formats:
 * /proc/meminfo (fs/proc/meminfo.c): "Label:" padded to 16 columns, kB
 *	right-aligned in 8, the lines Umbra can fill truthfully: every page
 *	is RAM from the one pool, the tree's file pages are the page cache
 *	(Cached, as Linux counts ramfs), no swap; MemAvailable is MemFree (no
 *	page Umbra holds can be reclaimed); the kernel's own pages as Linux
 *	names them: the heap's (Slab, all of it SUnreclaim), the kernel
 *	stacks' (KernelStack) and the user page tables' (PageTables).
 * /proc/uptime (fs/proc/uptime.c): seconds since boot (the reader's time
 *	namespace's boot-time offset added) and the idle time of every CPU
 *	summed, both with two decimals.
 * /proc/loadavg (fs/proc/loadavg.c): the three averages (kernel/proc/
 *	sched_stat.c) rounded as Linux rounds them, runnable/total tasks, and
 *	the last PID the reader's namespace handed out.
 * /proc/stat (fs/proc/stat.c): per-CPU times in USER_HZ ticks (user, nice,
 *	system, idle, iowait, irq, softirq, steal, guest, guest_nice: Umbra
 *	has only user, system and idle), then intr (the total only: Umbra
 *	does not number its interrupts as Linux's descriptors), ctxt, btime,
 *	processes (tasks made since boot), procs_running, procs_blocked (the
 *	uninterruptible sleepers: Umbra has no I/O wait), softirq (none).
 * /proc/lock_stat is Umbra's own, smaller than Linux's (<kernel/lock_stat.h>).
 */
#include <format.h>
#include <kernel/arch.h>
#include <kernel/heap.h>
#include <kernel/kmem.h>
#include <kernel/kstack.h>
#include <kernel/lock_stat.h>
#include <kernel/percpu.h>
#include <kernel/pgtable.h>
#include <kernel/pid.h>
#include <kernel/procfs.h>
#include <kernel/sched_stat.h>
#include <kernel/smp.h>
#include <kernel/spinlock.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/timens.h>
#include <kernel/timer.h>
#include <kernel/vfs.h>
#include <uapi/umbra/lock_stat.h>

#define KB_PER_PAGE (PAGE_SIZE / 1024)
#define NR_SOFTIRQS 10 /* Linux's softirq kinds: the line's ten zeros */

static void show_kb(struct proc_buf *b, const char *label, unsigned long pages)
{
	proc_printf(b, "%-16s%8lu kB\n", label, pages * KB_PER_PAGE);
}

void proc_meminfo_show(struct proc_buf *b, struct task *t)
{
	unsigned long free = page_free_count();

	(void)t;
	show_kb(b, "MemTotal:", page_total_count());
	show_kb(b, "MemFree:", free);
	show_kb(b, "MemAvailable:", free);
	show_kb(b, "Buffers:", 0);
	show_kb(b, "Cached:", ramfs_pages_used());
	show_kb(b, "SwapCached:", 0);
	show_kb(b, "SwapTotal:", 0);
	show_kb(b, "SwapFree:", 0);
	/* What the kernel holds for itself: a free-page count that moved shows where. */
	show_kb(b, "Slab:", heap_pages_held());
	show_kb(b, "SReclaimable:", 0);
	show_kb(b, "SUnreclaim:", heap_pages_held());
	show_kb(b, "KernelStack:", kstack_pages_held());
	show_kb(b, "PageTables:", pgtable_pages_held());
}

/* Ticks as Linux prints seconds: "S.CC". */
static void show_ticks(struct proc_buf *b, u64 ticks)
{
	proc_printf(b, "%llu.%02llu", (unsigned long long)(ticks / HZ),
		    (unsigned long long)(ticks % HZ * 100 / HZ));
}

/*
 * Linux's slabinfo 2.1 (mm/slab_common.c), a kmalloc-N line per size class
 * of the heap: objects handed out and slots in the slabs held, the object
 * size, objects and pages per slab; Umbra's heap has no tunables and no
 * per-CPU caches (zeros). Larger requests are whole pages, in Slab of
 * /proc/meminfo but in no line here, as Linux's large kmalloc().
 */
void proc_slabinfo_show(struct proc_buf *b, struct task *t)
{
	struct heap_class_use u;
	char name[24];

	(void)t;
	proc_puts(b, "slabinfo - version: 2.1\n# name            <active_objs> <num_objs> "
		     "<objsize> <objperslab> <pagesperslab> : tunables <limit> <batchcount> "
		     "<sharedfactor> : slabdata <active_slabs> <num_slabs> <sharedavail>\n");
	for (unsigned int c = 0; heap_class_use(c, &u); c++) {
		snprintf(name, sizeof(name), "kmalloc-%u", u.size);
		proc_printf(b,
			    "%-17s %6lu %6lu %6u %4u %4d : tunables %4u %4u %4u : slabdata %6lu "
			    "%6lu %6lu\n",
			    name, (unsigned long)u.objs, (unsigned long)(u.slabs * u.per_slab),
			    u.size, u.per_slab, 1, 0, 0, 0, (unsigned long)u.slabs,
			    (unsigned long)u.slabs, 0ul);
	}
}

void proc_uptime_show(struct proc_buf *b, struct task *t)
{
	s64 ns = time_monotonic_ns() + current->proc->time_ns->boottime_offset_ns;
	u64 idle = 0, cpus = smp_scheduling_mask();

	(void)t;
	for (unsigned int i = 0; i < SMP_MAX_CPUS; i++)
		if (cpus & (1ull << i))
			idle += sched_stat_idle(i);
	if (ns < 0)
		ns = 0;
	proc_printf(b, "%llu.%02llu ", (unsigned long long)(ns / 1000000000),
		    (unsigned long long)(ns % 1000000000 / 10000000));
	show_ticks(b, idle);
	proc_puts(b, "\n");
}

/* Linux's LOAD_INT and LOAD_FRAC, after adding FIXED_1/200 to round to two decimals. */
static void show_load(struct proc_buf *b, unsigned long avg)
{
	avg += FIXED_1 / 200;
	proc_printf(b, "%lu.%02lu ", avg >> FSHIFT, ((avg & (FIXED_1 - 1)) * 100) >> FSHIFT);
}

void proc_loadavg_show(struct proc_buf *b, struct task *t)
{
	unsigned long avg[3];
	unsigned int running, blocked;

	(void)t;
	sched_stat_loadavg(avg);
	sched_stat_count(&running, &blocked);
	for (int i = 0; i < 3; i++)
		show_load(b, avg[i]);
	proc_printf(b, "%u/%u %d\n", running, task_count(), task_active_pid_ns(current)->last_nr);
}

static void show_cpu(struct proc_buf *b, const char *label, u64 user, u64 system, u64 idle)
{
	proc_printf(b, "%s %llu 0 %llu %llu 0 0 0 0 0 0\n", label, (unsigned long long)user,
		    (unsigned long long)system, (unsigned long long)idle);
}

void proc_stat_show(struct proc_buf *b, struct task *t)
{
	u64 online = smp_scheduling_mask(), user = 0, system = 0, idle = 0, intr = 0;
	unsigned int running, blocked;
	struct cpu_stat s;
	char label[16];

	(void)t;
	for (unsigned int i = 0; i < SMP_MAX_CPUS; i++) {
		if (!(online & (1ull << i)))
			continue;
		sched_stat_cpu(i, &s);
		user += s.user;
		system += s.system;
		idle += sched_stat_idle(i);
		intr += cpus[i].ticks;
	}
	show_cpu(b, "cpu ", user, system, idle);
	for (unsigned int i = 0; i < SMP_MAX_CPUS; i++) {
		if (!(online & (1ull << i)))
			continue;
		sched_stat_cpu(i, &s);
		snprintf(label, sizeof(label), "cpu%u", i);
		show_cpu(b, label, s.user, s.system, sched_stat_idle(i));
	}
	sched_stat_count(&running, &blocked);
	proc_printf(b, "intr %llu\nctxt %llu\nbtime %lld\nprocesses %llu\n",
		    (unsigned long long)intr, (unsigned long long)sched_stat_switches(),
		    (long long)((time_realtime_ns() - time_monotonic_ns()) / 1000000000),
		    (unsigned long long)sched_stat_forks());
	proc_printf(b, "procs_running %u\nprocs_blocked %u\nsoftirq 0", running, blocked);
	for (int i = 0; i < NR_SOFTIRQS; i++)
		proc_puts(b, " 0");
	proc_puts(b, "\n");
}

static void show_lock_stat(struct proc_buf *b, const struct lock_stat *s)
{
	proc_printf(b, "%llu %llu %llu %s\n", (unsigned long long)s->contentions,
		    (unsigned long long)s->wait_total, (unsigned long long)s->wait_max, s->name);
}

/*
 * /proc/lock_stat (<kernel/lock_stat.h>): a header naming the columns,
 * then one line per lock name that ever waited, in the order each first
 * did: the acquisitions that waited, their ticks in all, the longest, and
 * the name last (it may hold spaces: "futex bucket"). Every CPU's waits
 * are in but its latest, which joins at its next (<kernel/lock_stat.h>).
 */
void proc_lock_stat_show(struct proc_buf *b, struct task *t)
{
	struct lock_stat s;
	unsigned int i = 0;
	unsigned long flags;

	(void)t;
	proc_puts(b, LOCK_STAT_HEADER);
	if (!LOCK_STAT) {
		proc_puts(b, "# not counted: this kernel was built with LOCK_STAT=0\n");
		return;
	}
	flags = arch_irq_save();
	lock_stat_flush_this_cpu();
	arch_irq_restore(flags);
	while (i < LOCK_STAT_NAMES && lock_stat_read(i, &s)) {
		show_lock_stat(b, &s);
		i++;
	}
	if (lock_stat_read(LOCK_STAT_NAMES, &s))
		show_lock_stat(b, &s); /* "(other)": names past the table's */
}

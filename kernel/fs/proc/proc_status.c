// SPDX-License-Identifier: MIT
/*
 * /proc/PID/status in Linux's format and order (fs/proc/array.c,
 * proc_pid_status()): the lines Umbra can fill truthfully. Left out, as a
 * Linux built without the feature leaves them out or because Umbra does
 * not keep the number: Umask (no umask), NSpgid and NSsid (no process
 * groups or sessions), VmPeak, VmHWM and VmPTE (no high-water marks, no
 * table count), Seccomp (none), Mems_allowed (no cpusets) and the
 * context-switch counts (docs/ABI.md §7.4).
 */
#include <kernel/file.h>
#include <kernel/pid.h>
#include <kernel/procfs.h>
#include <kernel/smp.h>
#include <kernel/signal.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <uapi/linux/resource.h>

/* Everything runs as root with every capability: CAP_LAST_CAP is 40 (CAP_CHECKPOINT_RESTORE). */
#define CAP_FULL_SET 0x000001fffffffffful

/* The name as Linux prints it: newline and backslash escaped. */
static void show_name(struct proc_buf *b, const char *name)
{
	proc_puts(b, "Name:\t");
	for (const char *c = name; *c; c++) {
		if (*c == '\n')
			proc_puts(b, "\\n");
		else if (*c == '\\')
			proc_puts(b, "\\\\");
		else
			proc_printf(b, "%c", *c);
	}
	proc_puts(b, "\n");
}

static void show_ids(struct proc_buf *b, struct task *t, const struct pid_ns *ns)
{
	const struct process *parent = t->proc->parent;
	const struct pid *tgid = t->proc->pid;

	proc_printf(b, "State:\t%s\n", proc_task_state(t));
	proc_printf(b, "Tgid:\t%d\nNgid:\t0\nPid:\t%d\n", task_tgid_in(t, ns), task_tid_in(t, ns));
	proc_printf(b, "PPid:\t%d\n", parent ? pid_nr_in(parent->pid, ns) : 0);
	/* The tracer is always the parent process (docs/ABI.md §7.5). */
	proc_printf(b, "TracerPid:\t%d\n",
		    ptrace_traced(&t->ptrace) && parent ? pid_nr_in(parent->pid, ns) : 0);
	proc_puts(b, "Uid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\n");
	proc_printf(b, "FDSize:\t%u\n", t->files ? t->files->max_fds : 0);
	proc_puts(b, "Groups:\t \n"); /* no supplementary groups; Linux's trailing space */
	/* The numbers from the reader's namespace down to the task's own. */
	proc_puts(b, "NStgid:");
	for (unsigned int l = ns->level; l <= tgid->level; l++)
		proc_printf(b, "\t%d", tgid->nr[l]);
	proc_puts(b, "\nNSpid:");
	for (unsigned int l = ns->level; l <= t->pid->level; l++)
		proc_printf(b, "\t%d", t->pid->nr[l]);
	proc_printf(b, "\nKthread:\t%d\n", t->kthread_fn ? 1 : 0);
}

static void show_kb(struct proc_buf *b, const char *label, unsigned long bytes)
{
	proc_printf(b, "%s%8lu kB\n", label, bytes >> 10);
}

static void show_mm(struct proc_buf *b, const struct mm *mm)
{
	struct mm_usage u;

	mm_usage(mm, &u);
	show_kb(b, "VmSize:\t", u.size);
	show_kb(b, "VmLck:\t", 0);
	show_kb(b, "VmPin:\t", 0);
	show_kb(b, "VmRSS:\t", (u.rss_anon + u.rss_shmem) * PAGE_SIZE);
	show_kb(b, "RssAnon:\t", u.rss_anon * PAGE_SIZE);
	show_kb(b, "RssFile:\t", 0);
	show_kb(b, "RssShmem:\t", u.rss_shmem * PAGE_SIZE);
	show_kb(b, "VmData:\t", u.data);
	show_kb(b, "VmStk:\t", u.stack);
	show_kb(b, "VmExe:\t", u.exe);
	show_kb(b, "VmLib:\t", u.lib);
	show_kb(b, "VmSwap:\t", 0);
	proc_puts(b, "CoreDumping:\t0\nTHP_enabled:\t0\nuntag_mask:\t0xffffffffffffffff\n");
}

static int bits_set(u64 v)
{
	int n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

static void show_signals(struct proc_buf *b, const struct task *t)
{
	u64 ignored, caught, pending = t->sigpending | t->proc->sigpending;
	u64 limit = t->proc->rlim[RLIMIT_SIGPENDING].rlim_cur;

	sighand_masks(t->sighand, &ignored, &caught);
	proc_printf(b, "Threads:\t%u\n", t->proc->nr_threads);
	proc_printf(b, "SigQ:\t%d/%llu\n", bits_set(pending), (unsigned long long)limit);
	proc_printf(b, "SigPnd:\t%016llx\nShdPnd:\t%016llx\n", (unsigned long long)t->sigpending,
		    (unsigned long long)t->proc->sigpending);
	proc_printf(b, "SigBlk:\t%016llx\nSigIgn:\t%016llx\nSigCgt:\t%016llx\n",
		    (unsigned long long)t->sigmask, (unsigned long long)ignored,
		    (unsigned long long)caught);
}

/*
 * The CPUs t may run on, as sched_getaffinity() reports them. Cpus_allowed
 * as Linux's "%*pb" prints a mask of nr_cpu_ids bits: hex in
 * groups of 32 bits, most significant first, comma-separated, the first
 * group only as wide as its bits need; Cpus_allowed_list as "%*pbl":
 * ranges such as 0-3,5.
 */
static void show_cpus_allowed(struct proc_buf *b, const struct task *t)
{
	unsigned int nbits = smp_nr_cpus ? smp_nr_cpus : 1;
	u64 mask = t->cpus_allowed & smp_scheduling_mask(); /* as sched_getaffinity() says */
	unsigned int groups = (nbits + 31) / 32;
	bool first = true;

	proc_puts(b, "Cpus_allowed:\t");
	for (unsigned int g = groups; g-- > 0;) {
		unsigned int bits = g == groups - 1 ? nbits - g * 32 : 32;

		proc_printf(b, "%s%0*x", g == groups - 1 ? "" : ",", (int)((bits + 3) / 4),
			    (unsigned int)(mask >> (g * 32)));
	}
	proc_puts(b, "\nCpus_allowed_list:\t");
	for (unsigned int i = 0; i < nbits; i++) {
		unsigned int j = i;

		if (!(mask & (1ull << i)))
			continue;
		while (j + 1 < nbits && (mask & (1ull << (j + 1))))
			j++;
		if (j == i)
			proc_printf(b, "%s%u", first ? "" : ",", i);
		else
			proc_printf(b, "%s%u-%u", first ? "" : ",", i, j);
		first = false;
		i = j;
	}
	proc_puts(b, "\n");
}

void proc_status_show(struct proc_buf *b, struct task *t)
{
	show_name(b, t->name);
	show_ids(b, t, task_active_pid_ns(current));
	if (t->mm)
		show_mm(b, t->mm);
	show_signals(b, t);
	proc_printf(b,
		    "CapInh:\t%016lx\nCapPrm:\t%016lx\nCapEff:\t%016lx\nCapBnd:\t%016lx\n"
		    "CapAmb:\t%016lx\n",
		    0ul, CAP_FULL_SET, CAP_FULL_SET, CAP_FULL_SET, 0ul);
	/* No PR_SET_NO_NEW_PRIVS; PR_GET_SPECULATION_CTRL is EINVAL, which Linux prints so. */
	proc_puts(b, "NoNewPrivs:\t0\nSpeculation_Store_Bypass:\tunknown\n"
		     "SpeculationIndirectBranch:\tunsupported\n");
	show_cpus_allowed(b, t);
	arch_proc_status(b, t);
}

// SPDX-License-Identifier: MIT
/*
 * /bin/procfs: the /proc files static Linux programs read, in Linux's
 * formats, with exact values (docs/ABI.md §7.3, §7.4).
 *
 * Proves: /proc/version is uname()'s; the boot command line reaches init as
 * Linux passes it (/proc/1/environ and /proc/1/cmdline: the test image's
 * UMBRA_PROCFS=env and umbra_procfs, the kernel's own words kept back);
 * /proc/self/cmdline is our argv; status names the process with its ids,
 * thread count, signal masks and memory sizes, and in a PID namespace its
 * numbers at each level (NSpid); an absent PID is ENOENT; smaps counts a
 * private area's touched pages exactly, a page fork shares as shared with
 * half of it in Pss until a write copies it, shared memory as shared once
 * two processes map it; maps pads names to Linux's column; a shadow stack's
 * VmFlags end in "ss" and an ordinary area's have none; x86_64 status shows
 * x86_Thread_features "shstk" exactly when it is on; cpuinfo agrees with
 * what user space reads of the CPU itself; /proc/sys/kernel/pid_max is
 * Linux's default and the bound clone3's set_tid checks against;
 * getdents64 of /proc lists our PID and exactly one more while a child
 * lives, with Linux's d_type for links, files and directories, and
 * /proc/self/task our one thread; a child that exited is listed as a
 * zombie (stat state Z with its wait status, status "Z (zombie)", no
 * cmdline or exe) until reaped; PID/stat has 52 fields with pid, comm,
 * state, ppid and num_threads exact for us and a sleeping child; statm's
 * size is the sum of the maps areas; MemFree falls by exactly the pages
 * touched; uptime advances; loadavg's format and last PID; Umbra's
 * /proc/lock_stat lines (skipped on Linux); /proc/stat's
 * CPU lines; /proc/mounts and its link; mount/umount2 of tmpfs (a file in
 * it, EBUSY while open, gone after) and of proc elsewhere, and their errnos.
 */
#include "proc_arch.h"
#include "shstk_enable.h"
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <fcntl.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <machine/stat.h>
#include <uapi/linux/stat.h>
#include <uapi/umbra/lock_stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <thread.h>
#include <time.h>
#include <unistd.h>

/* The words the test images' command line adds for init (Makefile CMDLINE). */
#define INIT_ENV "HOME=/\0TERM=linux\0UMBRA_PROCFS=env\0"
#define INIT_ARGV "/init\0umbra_procfs\0"

static char text[65536];
static long text_len;

/* Reads path whole into text (NUL-terminated): its length, or -errno. */
static long slurp(const char *path)
{
	int fd = open(path, O_RDONLY);
	long n = 0, r;

	if (fd < 0)
		return -errno;
	while ((r = read(fd, text + n, sizeof(text) - 1 - (size_t)n)) > 0)
		n += r;
	close(fd);
	text[n] = '\0';
	text_len = n;
	return n;
}

/* The value of status line "label" ("Pid:") up to the newline, or "". */
static const char *field(const char *label)
{
	static char value[256];
	const char *p = text;
	size_t n = strlen(label), k = 0;

	while (p && strncmp(p, label, n) != 0) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	value[0] = '\0';
	if (!p)
		return value;
	for (p += n; *p == '\t' || *p == ' '; p++)
		;
	while (p[k] && p[k] != '\n' && k < sizeof(value) - 1) {
		value[k] = p[k];
		k++;
	}
	value[k] = '\0';
	return value;
}

static bool field_is(const char *label, const char *want)
{
	const char *got = field(label);

	if (strcmp(got, want) == 0)
		return true;
	note("%s got \"%s\", want \"%s\"", label, got, want);
	return false;
}

static bool field_is_num(const char *label, long want)
{
	char w[32];

	snprintf(w, sizeof(w), "%ld", want);
	return field_is(label, w);
}

/* Narrows text to the smaps entry of the area starting at start: 0, or -1. */
static int smaps_of(unsigned long start)
{
	char head[32];
	char *p, *end;

	if (slurp("/proc/self/smaps") <= 0)
		return -1;
	snprintf(head, sizeof(head), "%08lx-", start);
	p = strncmp(text, head, strlen(head)) == 0 ? text : NULL;
	if (!p) {
		snprintf(head + 1, sizeof(head) - 1, "%08lx-", start);
		head[0] = '\n';
		p = strstr(text, head);
		if (p)
			p++;
	}
	if (!p)
		return -1;
	end = strstr(p, "\nVmFlags:");
	end = end ? strchr(end + 1, '\n') : NULL;
	if (!end)
		return -1;
	end[1] = '\0';
	memmove(text, p, (size_t)(end + 2 - p));
	return 0;
}

static long kb(const char *label)
{
	return strtol(field(label), NULL, 10);
}

static void *map(size_t pages, int flags)
{
	void *p = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE, flags | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static void touch(void *p, size_t pages)
{
	for (size_t i = 0; i < pages; i++)
		((volatile char *)p)[i * PAGE] = 1;
}

/* The exit code of the child pid, or -1 (noted) if it did not exit. */
static int exit_code(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st)) {
		note("child %d did not exit normally", pid);
		return -1;
	}
	return WEXITSTATUS(st);
}

/* ---- the system ---- */

static int case_version(void)
{
	struct utsname u;
	char want[256];

	EXPECT("uname", uname(&u), 0);
	EXPECT_TRUE("read", slurp("/proc/version") > 0);
	snprintf(want, sizeof(want), "%s version %s (", u.sysname, u.release);
	EXPECT_TRUE("starts as Linux's: sysname version release (compiler)",
		    strncmp(text, want, strlen(want)) == 0);
	snprintf(want, sizeof(want), ") %s\n", u.version);
	EXPECT_TRUE("ends with uname's version",
		    text_len > (long)strlen(want) &&
			    strcmp(text + text_len - strlen(want), want) == 0);
	return 0;
}

/*
 * "32768\n", Linux's default on machines of up to 32 CPUs, and the real
 * bound: clone3 takes set_tid = pid_max - 1 and refuses pid_max (EINVAL).
 */
static int case_pid_max(void)
{
	pid_t tid;
	struct clone_args args = { .exit_signal = SIGCHLD,
				   .set_tid = (uintptr_t)&tid,
				   .set_tid_size = 1 };
	long pid;
	int st;

	EXPECT("length", slurp("/proc/sys/kernel/pid_max"), 6);
	EXPECT_TRUE("32768", strcmp(text, "32768\n") == 0);
	tid = 32768;
	EXPECT_TRUE("clone3 with set_tid = pid_max: EINVAL",
		    fails_with(syscall(__NR_clone3, &args, sizeof(args)), EINVAL));
	tid = 32767;
	pid = syscall(__NR_clone3, &args, sizeof(args));
	if (pid == 0)
		_exit(0);
	EXPECT("clone3 with set_tid = pid_max - 1", pid, 32767);
	EXPECT("reaped", waitpid((pid_t)pid, &st, 0), 32767);
	return 0;
}

static int case_cmdline(void)
{
	EXPECT_TRUE("read", slurp("/proc/cmdline") > 0);
	EXPECT_TRUE("one line", strchr(text, '\n') == text + text_len - 1);
	EXPECT_TRUE("the test words", strstr(text, "UMBRA_PROCFS=env umbra_procfs") != NULL);
	EXPECT_TRUE("the kernel's words too", strstr(text, "ktest.cmdline=umbra") != NULL);
	return 0;
}

static int case_init_env(void)
{
	EXPECT("length", slurp("/proc/1/environ"), sizeof(INIT_ENV) - 1);
	EXPECT_TRUE("HOME=/ TERM=linux UMBRA_PROCFS=env, nothing of the kernel's",
		    memcmp(text, INIT_ENV, sizeof(INIT_ENV) - 1) == 0);
	return 0;
}

static int case_init_argv(void)
{
	EXPECT("length", slurp("/proc/1/cmdline"), sizeof(INIT_ARGV) - 1);
	EXPECT_TRUE("/init umbra_procfs", memcmp(text, INIT_ARGV, sizeof(INIT_ARGV) - 1) == 0);
	return 0;
}

static int case_self_cmdline(void)
{
	EXPECT("length", slurp("/proc/self/cmdline"), sizeof("/bin/procfs"));
	EXPECT_TRUE("argv[0] and its NUL", memcmp(text, "/bin/procfs", sizeof("/bin/procfs")) == 0);
	return 0;
}

/* PID/comm: the name, a newline; prctl(PR_SET_NAME) changes it (Linux's proc_pid_comm). */
static int case_self_comm(void)
{
	char name[16] = "";

	EXPECT("length", slurp("/proc/self/comm"), 7);
	EXPECT("the program's name", strcmp(text, "procfs\n"), 0);
	EXPECT("PR_SET_NAME", syscall(__NR_prctl, PR_SET_NAME, "renamed", 0, 0, 0), 0);
	EXPECT("the new name", slurp("/proc/self/comm"), 8);
	EXPECT("its bytes", strcmp(text, "renamed\n"), 0);
	EXPECT("PR_GET_NAME", syscall(__NR_prctl, PR_GET_NAME, name, 0, 0, 0), 0);
	EXPECT("the same", strcmp(name, "renamed"), 0);
	EXPECT("back", syscall(__NR_prctl, PR_SET_NAME, "procfs", 0, 0, 0), 0);
	return 0;
}

/* ---- status ---- */

/* The calling thread's CPUs as Linux's "%*pbl" writes them: "0-3", "0,2". */
static const char *cpu_list(char *buf)
{
	unsigned long mask = 0;
	size_t len = 0;

	buf[0] = '\0';
	if (syscall(__NR_sched_getaffinity, 0, sizeof(mask), &mask) < 0)
		return "?";
	for (int i = 0; i < 64; i++) {
		int j = i;

		if (!(mask >> i & 1))
			continue;
		while (j < 63 && (mask >> (j + 1) & 1))
			j++;
		len += (size_t)snprintf(buf + len, 64 - len, len ? ",%d" : "%d", i);
		if (j > i)
			len += (size_t)snprintf(buf + len, 64 - len, "-%d", j);
		i = j;
	}
	return buf;
}

static int case_status_ids(void)
{
	char cpus[64];
	char ns[32];

	EXPECT_TRUE("read", slurp("/proc/self/status") > 0);
	EXPECT_TRUE("Name first", strncmp(text, "Name:\tprocfs\n", 13) == 0);
	EXPECT_TRUE("State", field_is("State:", "R (running)"));
	EXPECT_TRUE("Tgid", field_is_num("Tgid:", getpid()));
	EXPECT_TRUE("Pid", field_is_num("Pid:", getpid()));
	EXPECT_TRUE("PPid", field_is_num("PPid:", getppid()));
	EXPECT_TRUE("TracerPid", field_is("TracerPid:", "0"));
	EXPECT_TRUE("Uid", field_is("Uid:", "0\t0\t0\t0"));
	EXPECT_TRUE("FDSize", field_is("FDSize:", "64"));
	snprintf(ns, sizeof(ns), "%d", getpid());
	EXPECT_TRUE("NStgid", field_is("NStgid:", ns));
	EXPECT_TRUE("NSpid", field_is("NSpid:", ns));
	EXPECT_TRUE("Threads", field_is("Threads:", "1"));
	EXPECT_TRUE("Kthread", field_is("Kthread:", "0"));
	EXPECT_TRUE("Cpus_allowed_list", field_is("Cpus_allowed_list:", cpu_list(cpus)));
	EXPECT_TRUE("Linux's order: Pid before Uid before VmSize before Threads before SigQ",
		    strstr(text, "\nPid:") < strstr(text, "\nUid:") &&
			    strstr(text, "\nUid:") < strstr(text, "\nVmSize:") &&
			    strstr(text, "\nVmSize:") < strstr(text, "\nThreads:") &&
			    strstr(text, "\nThreads:") < strstr(text, "\nSigQ:"));
	return 0;
}

static volatile int thread_go;

static int waiting_thread(void *arg)
{
	(void)arg;
	while (!thread_go)
		sched_yield();
	return 0;
}

static int case_status_threads(void)
{
	struct thread t;
	int r = -1;

	thread_go = 0;
	EXPECT("thread_create", thread_create(&t, waiting_thread, NULL, NULL), 0);
	slurp("/proc/self/status");
	thread_go = 1;
	thread_join(&t, &r);
	EXPECT_TRUE("Threads with one more", field_is("Threads:", "2"));
	slurp("/proc/self/status");
	/*
	 * Linux wakes the joiner (CLONE_CHILD_CLEARTID) before the thread leaves
	 * its group, so there it may count a moment longer; Umbra's is exact.
	 */
	for (int i = 0; !on_umbra() && i < 1000 && !field_is("Threads:", "1"); i++) {
		sched_yield();
		slurp("/proc/self/status");
	}
	EXPECT_TRUE("Threads after the join", field_is("Threads:", "1"));
	return 0;
}

static void no_handler(int sig)
{
	(void)sig;
}

/* In a child: SIGUSR1 blocked and pending, SIGUSR2 ignored, SIGTERM caught. */
static int signal_masks(void)
{
	unsigned long usr1 = 1ul << (SIGUSR1 - 1);
	struct kernel_sigaction ign = { SIG_IGN, 0, 0, 0 };
	struct kernel_sigaction catch = { (unsigned long)no_handler, SA_RESTORER,
					  (unsigned long)no_handler, 0 };
	char want[32];

	EXPECT("block", syscall4(__NR_rt_sigprocmask, SIG_BLOCK, (long)&usr1, 0, 8), 0);
	EXPECT("ignore", syscall4(__NR_rt_sigaction, SIGUSR2, (long)&ign, 0, 8), 0);
	EXPECT("catch", syscall4(__NR_rt_sigaction, SIGTERM, (long)&catch, 0, 8), 0);
	EXPECT("kill", kill(getpid(), SIGUSR1), 0);
	EXPECT_TRUE("read", slurp("/proc/self/status") > 0);
	snprintf(want, sizeof(want), "%016lx", usr1);
	EXPECT_TRUE("SigPnd", field_is("SigPnd:", "0000000000000000"));
	EXPECT_TRUE("ShdPnd", field_is("ShdPnd:", want));
	EXPECT_TRUE("SigBlk", field_is("SigBlk:", want));
	snprintf(want, sizeof(want), "%016lx", 1ul << (SIGUSR2 - 1));
	EXPECT_TRUE("SigIgn", field_is("SigIgn:", want));
	snprintf(want, sizeof(want), "%016lx", 1ul << (SIGTERM - 1));
	EXPECT_TRUE("SigCgt", field_is("SigCgt:", want));
	return 0;
}

static int case_status_signals(void)
{
	return child_result(signal_masks, 0, 0, 0) ? 0 : FAIL_CODE;
}

/* VmSize grows by a mapping's size, VmRSS and RssAnon by the pages touched. */
static int case_status_memory(void)
{
	long size, rss, anon;
	char *p;

	slurp("/proc/self/status"); /* the buffers are touched now */
	slurp("/proc/self/status");
	size = kb("VmSize:"), rss = kb("VmRSS:"), anon = kb("RssAnon:");
	p = map(16, MAP_PRIVATE);
	EXPECT_TRUE("mmap", p != NULL);
	touch(p, 8);
	slurp("/proc/self/status");
	munmap(p, 16 * PAGE);
	EXPECT("VmSize grew by 64 kB", kb("VmSize:") - size, 64);
	EXPECT("VmRSS grew by 32 kB", kb("VmRSS:") - rss, 32);
	EXPECT("RssAnon grew by 32 kB", kb("RssAnon:") - anon, 32);
	EXPECT_TRUE("VmSwap", field_is("VmSwap:", "0 kB"));
	return 0;
}

static volatile int *ns_go;

/* The namespace's first process: its own numbers, then waits for the parent's look. */
static int ns_child(void)
{
	if (slurp("/proc/self/status") <= 0)
		return 10;
	/*
	 * Umbra's /proc numbers as the reader's namespace does (docs/ABI.md
	 * §7.4); Linux's as the namespace that mounted it, here the first one.
	 */
	if (on_umbra() &&
	    (!field_is("Pid:", "1") || !field_is("NSpid:", "1") || !field_is("NStgid:", "1")))
		return 11;
	if (on_umbra() && !field_is("PPid:", "0")) /* the parent is outside the namespace */
		return 12;
	while (!*ns_go)
		sched_yield();
	return 0;
}

static int case_status_pid_namespace(void)
{
	struct clone_args a;
	char path[64], want[64];
	long pid;
	bool ok;

	ns_go = map(1, MAP_SHARED);
	EXPECT_TRUE("mmap", ns_go != NULL);
	memset(&a, 0, sizeof(a));
	a.flags = CLONE_NEWPID;
	a.exit_signal = SIGCHLD;
	fflush_stdout();
	pid = clone3(&a, sizeof(a));
	if (pid == 0)
		_exit(ns_child());
	EXPECT_TRUE("clone3(CLONE_NEWPID)", pid > 0);
	snprintf(path, sizeof(path), "/proc/%ld/status", pid);
	ok = slurp(path) > 0;
	*ns_go = 1;
	snprintf(want, sizeof(want), "%ld\t1", pid);
	EXPECT("child's own view", exit_code((pid_t)pid), 0);
	EXPECT_TRUE("read the child's status", ok);
	EXPECT_TRUE("NSpid: ours, then its namespace's", field_is("NSpid:", want));
	EXPECT_TRUE("NStgid", field_is("NStgid:", want));
	EXPECT_TRUE("Pid as we number it", field_is_num("Pid:", pid));
	EXPECT_TRUE("PPid: us", field_is_num("PPid:", getpid()));
	munmap((void *)ns_go, PAGE);
	return 0;
}

static int case_missing_pid(void)
{
	EXPECT("an absent pid", slurp("/proc/32767/status"), -ENOENT);
	EXPECT("an absent file", slurp("/proc/self/nonesuch"), -ENOENT);
	EXPECT("not a pid", slurp("/proc/12x/status"), -ENOENT);
	return 0;
}

/* ---- maps and smaps ---- */

static int case_smaps_private(void)
{
	char *p = map(16, MAP_PRIVATE);

	EXPECT_TRUE("mmap", p != NULL);
	touch(p, 5);
	EXPECT("entry", smaps_of((unsigned long)p), 0);
	munmap(p, 16 * PAGE);
	EXPECT("Size", kb("Size:"), 64);
	EXPECT("KernelPageSize", kb("KernelPageSize:"), 4);
	EXPECT("Rss", kb("Rss:"), 20);
	EXPECT("Pss", kb("Pss:"), 20);
	EXPECT("Private_Dirty", kb("Private_Dirty:"), 20);
	EXPECT("Shared_Dirty", kb("Shared_Dirty:"), 0);
	EXPECT("Anonymous", kb("Anonymous:"), 20);
	EXPECT("Swap", kb("Swap:"), 0);
	EXPECT_TRUE("THPeligible", field_is("THPeligible:", "0"));
	EXPECT_TRUE("VmFlags, no ss", field_is("VmFlags:", "rd wr mr mw me ac "));
	return 0;
}

static char *cow_area;

/* A fork child: 5 pages shared with the parent, then one written (copied). */
static int cow_child(void)
{
	if (smaps_of((unsigned long)cow_area) || kb("Rss:") != 20 || kb("Shared_Dirty:") != 20 ||
	    kb("Private_Dirty:") != 0 || kb("Pss:") != 10) {
		note("before the write: Rss %ld Shared_Dirty %ld Pss %ld", kb("Rss:"),
		     kb("Shared_Dirty:"), kb("Pss:"));
		return 1;
	}
	cow_area[0] = 2;
	if (smaps_of((unsigned long)cow_area) || kb("Rss:") != 20 || kb("Shared_Dirty:") != 16 ||
	    kb("Private_Dirty:") != 4 || kb("Pss:") != 12) {
		note("after the write: Rss %ld Shared_Dirty %ld Private_Dirty %ld Pss %ld",
		     kb("Rss:"), kb("Shared_Dirty:"), kb("Private_Dirty:"), kb("Pss:"));
		return 2;
	}
	return 0;
}

static int case_smaps_fork(void)
{
	bool ok;

	cow_area = map(16, MAP_PRIVATE);
	EXPECT_TRUE("mmap", cow_area != NULL);
	touch(cow_area, 5);
	ok = child_result(cow_child, 0, 0, 0);
	munmap(cow_area, 16 * PAGE);
	return ok ? 0 : FAIL_CODE;
}

static char *shm_area;

static int shm_child(void)
{
	/* Linux's fork copies no page-table entries of shared memory: fault them back in. */
	for (int i = 0; i < 2; i++)
		(void)((volatile char *)shm_area)[i * PAGE];
	if (smaps_of((unsigned long)shm_area) || kb("Rss:") != 8 || kb("Shared_Dirty:") != 8 ||
	    kb("Pss:") != 4 || kb("Anonymous:") != 0) {
		note("shared: Rss %ld Shared_Dirty %ld Pss %ld", kb("Rss:"), kb("Shared_Dirty:"),
		     kb("Pss:"));
		return 1;
	}
	return 0;
}

static int case_smaps_shared(void)
{
	bool ok;

	shm_area = map(4, MAP_SHARED);
	EXPECT_TRUE("mmap", shm_area != NULL);
	touch(shm_area, 2);
	EXPECT("entry", smaps_of((unsigned long)shm_area), 0);
	EXPECT("Rss", kb("Rss:"), 8);
	EXPECT("Private_Dirty: one mapper", kb("Private_Dirty:"), 8);
	EXPECT("Anonymous: shared memory is not", kb("Anonymous:"), 0);
	EXPECT_TRUE("VmFlags", field_is("VmFlags:", "rd wr sh mr mw me ms "));
	ok = child_result(shm_child, 0, 0, 0);
	munmap(shm_area, 4 * PAGE);
	return ok ? 0 : FAIL_CODE;
}

static int case_maps_columns(void)
{
	char *stack, *line;

	EXPECT_TRUE("read", slurp("/proc/self/maps") > 0);
	stack = strstr(text, "[stack]\n");
	EXPECT_TRUE("a [stack] line", stack != NULL);
	for (line = stack; line > text && line[-1] != '\n'; line--)
		;
	EXPECT("the name starts at column 73, as Linux pads it", stack - line, 73);
	EXPECT_TRUE("an unnamed area ends \"0 \"", strstr(text, " 00:00 0 \n") != NULL);
	return 0;
}

/* ---- shadow stacks ---- */

static bool live; /* shadow stacks can be turned on here */

/*
 * On a shadow stack: the area holding the shadow-stack pointer is unnamed
 * (Linux names none) and its VmFlags end in ss; status's arch lines say shstk.
 */
static int on_shadow_stack(void)
{
	char *line, *flags, *e;
	unsigned long ssp = SHSTK_POINTER() - 8, start, end; /* SSP may be the area's end */

	if (slurp("/proc/self/smaps") <= 0)
		return 1;
	for (line = text; line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		start = strtoul(line, &e, 16);
		end = *e == '-' ? strtoul(e + 1, &e, 16) : 0;
		if (*e == ' ' && start <= ssp && ssp < end)
			break;
	}
	if (!line)
		return 2;
	if (strncmp(strchr(line, '\n') - 3, " 0 \n", 4) != 0) {
		note("shadow stack %.80s: named", line);
		return 5;
	}
	flags = strstr(line, "\nVmFlags: ");
	if (!flags || strncmp(flags + 10, "rd wr mr mw me ac ss \n", 22) != 0) {
		note("shadow stack %.60s", flags ? flags + 1 : "?");
		return 3;
	}
	if (ARCH_STATUS_FEATURES_ON &&
	    (slurp("/proc/self/status") <= 0 || !strstr(text, ARCH_STATUS_FEATURES_ON)))
		return 4;
	return 0;
}

static void case_shadow_stack(void)
{
	int st = run_child(on_shadow_stack, SHSTK_MODE_ENABLE);

	live = WIFEXITED(st) && WEXITSTATUS(st) != ENABLE_FAILED;
	if (case_skipped("smaps_shadow_stack_vmflags_ss", LIVE, live, "shadow stacks"))
		return;
	ktap_ok(status_is(st, 0, 0), "smaps_shadow_stack_vmflags_ss");
}

static int status_features_off(void)
{
	EXPECT_TRUE("read", slurp("/proc/self/status") > 0);
	EXPECT_TRUE("the arch lines, empty", strstr(text, ARCH_STATUS_FEATURES_OFF) != NULL);
	EXPECT_TRUE("last", strcmp(strstr(text, ARCH_STATUS_FEATURES_OFF) +
					   strlen(ARCH_STATUS_FEATURES_OFF),
				   "") == 0);
	return 0;
}

static int case_cpuinfo(void)
{
	unsigned long mask = 0;
	int blocks = 0, n = 0;

	EXPECT_TRUE("read", slurp("/proc/cpuinfo") > 0);
	/* One block per online CPU, numbered from 0: here every CPU is in our mask. */
	EXPECT("getaffinity", syscall(__NR_sched_getaffinity, 0, sizeof(mask), &mask),
	       (long)sizeof(mask));
	for (const char *p = text; (p = strstr(p, "processor\t: ")) != NULL; p++) {
		EXPECT("processor numbers in order", strtol(p + 12, NULL, 10), n);
		blocks++;
		n++;
	}
	EXPECT("a block per CPU", blocks, __builtin_popcountl(mask));
	return arch_cpuinfo_check(text, live);
}

/* ---- the directories and the system files ---- */

/* Linux's d_type values (include/linux/fs_types.h). */
#ifndef DT_DIR
#define DT_DIR 4
#define DT_REG 8
#define DT_LNK 10
#endif

/* One entry of a listed directory. */
struct entry {
	char name[32];
	unsigned char type;
};

static struct entry entries[1024];
static int nentries;

/* Lists path whole with getdents64 (a small buffer, several calls): entries, or -errno. */
static int list_dir(const char *path)
{
	static char buf[512];
	int fd = open(path, O_RDONLY | O_DIRECTORY), n = 0;
	long got;

	if (fd < 0)
		return -errno;
	while ((got = syscall(__NR_getdents64, fd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < got;) {
			unsigned short reclen = *(unsigned short *)(buf + off + 16);

			if (n < (int)(sizeof(entries) / sizeof(entries[0]))) {
				snprintf(entries[n].name, sizeof(entries[n].name), "%s",
					 buf + off + 19);
				entries[n].type = (unsigned char)buf[off + 18];
				n++;
			}
			off += reclen;
		}
	}
	close(fd);
	nentries = n;
	return got < 0 ? -errno : n;
}

/* The d_type of name in the last listing, or -1 when it is not there. */
static int type_of(const char *name)
{
	for (int i = 0; i < nentries; i++)
		if (strcmp(entries[i].name, name) == 0)
			return entries[i].type;
	return -1;
}

static int count_numbers(void)
{
	int n = 0;

	for (int i = 0; i < nentries; i++)
		n += entries[i].name[0] >= '1' && entries[i].name[0] <= '9';
	return n;
}

static void pause_ms(long ms)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = ms * 1000000 };

	nanosleep(&ts, NULL);
}

/* A child that waits for its parent to close fds[1]; the pipe's read end stays with the caller. */
static pid_t paused_child(int fds[2])
{
	pid_t pid;
	char c;

	if (pipe(fds))
		return -1;
	pid = fork();
	if (pid == 0) {
		close(fds[1]);
		(void)read(fds[0], &c, 1);
		_exit(0);
	}
	close(fds[0]);
	return pid;
}

static int case_readdir_root(void)
{
	char me[16], child_name[16];
	int before, fds[2], st;
	pid_t child;

	snprintf(me, sizeof(me), "%d", getpid());
	before = list_dir("/proc");
	EXPECT_TRUE("listed", before > 0);
	EXPECT("our own PID, a directory", type_of(me), DT_DIR);
	EXPECT("self, a link", type_of("self"), DT_LNK);
	EXPECT("thread-self, a link", type_of("thread-self"), DT_LNK);
	EXPECT("meminfo, a file", type_of("meminfo"), DT_REG);
	EXPECT("sys, a directory", type_of("sys"), DT_DIR);
	EXPECT(".", type_of("."), DT_DIR);
	before = count_numbers();
	child = paused_child(fds);
	EXPECT_TRUE("fork", child > 0);
	snprintf(child_name, sizeof(child_name), "%d", child);
	EXPECT_TRUE("listed with the child", list_dir("/proc") > 0);
	EXPECT("the child, a directory", type_of(child_name), DT_DIR);
	EXPECT("one PID more", count_numbers(), before + 1);
	close(fds[1]);
	EXPECT("reaped", waitpid(child, &st, 0), child);
	EXPECT_TRUE("listed after", list_dir("/proc") > 0);
	EXPECT("the child is gone", type_of(child_name), -1);
	EXPECT("as many PIDs as before", count_numbers(), before);
	return 0;
}

static int case_readdir_self(void)
{
	char tid[16];

	EXPECT_TRUE("listed", list_dir("/proc/self") > 0);
	EXPECT("stat", type_of("stat"), DT_REG);
	EXPECT("statm", type_of("statm"), DT_REG);
	EXPECT("status", type_of("status"), DT_REG);
	EXPECT("maps", type_of("maps"), DT_REG);
	EXPECT("fd", type_of("fd"), DT_DIR);
	EXPECT("task", type_of("task"), DT_DIR);
	EXPECT("exe", type_of("exe"), DT_LNK);
	EXPECT("cwd", type_of("cwd"), DT_LNK);
	EXPECT("root", type_of(".."), DT_DIR);
	/* One thread: task lists exactly it. */
	snprintf(tid, sizeof(tid), "%ld", syscall(__NR_gettid));
	EXPECT("task listed", list_dir("/proc/self/task"), 3);
	EXPECT("the thread", type_of(tid), DT_DIR);
	/* fd lists the directory's own descriptor among the open ones, as links. */
	EXPECT_TRUE("fd listed", list_dir("/proc/self/fd") > 2);
	EXPECT("fd 0 a link", type_of("0"), DT_LNK);
	return 0;
}

static long sys_stat(const char *p, struct stat *st)
{
	return syscall(__NR_newfstatat, AT_FDCWD, p, st, 0);
}

/* The state letter of /proc/PID/stat (after the ") " that ends comm), or 0. */
static char state_letter(pid_t pid)
{
	char path[64];
	const char *p;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (slurp(path) <= 0)
		return 0;
	p = strrchr(text, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

/*
 * Parses text, a /proc/PID/syscall line of a task in a call -- nr, then
 * six arguments, sp and ip as 0x-prefixed hex -- into nr and v: the number
 * of fields read, up to 9.
 */
static int parse_syscall_line(long *nr, unsigned long v[8])
{
	char *p = text, *end;
	int fields = 0;

	*nr = strtol(p, &end, 10);
	if (end == p)
		return 0;
	for (fields = 1, p = end; fields < 9; fields++, p = end) {
		if (strncmp(p, " 0x", 3) != 0)
			break;
		v[fields - 1] = strtoul(p + 3, &end, 16);
		if (end == p + 3)
			break;
	}
	return *p == '\n' ? fields : -1;
}

static char sleeper_buf[16];
static const char self_path[] = "/proc/self/syscall";

/*
 * /proc/PID/syscall, Linux's format: a task reading its own sees the call
 * that made the view (Linux: the read(); Umbra, whose /proc files are
 * made at open: the openat()); a child asleep in read() shows the
 * number and all six registers of the call, as the call received them
 * (the three read() ignores included); a child stopped by its own
 * kill(SIGSTOP) reads state T and shows that kill(); a child spinning in
 * user mode is "running"; the file is 0400.
 */
static int case_syscall_file(void)
{
	unsigned long v[8];
	char buf[256], path[64];
	struct stat sb;
	int fds[2], st, fd, tries;
	long nr, n;
	pid_t child;

	fd = (int)syscall(__NR_openat, (long)AT_FDCWD, self_path, (long)O_RDONLY, 0x33L, 0x44L,
			  0x55L);
	EXPECT_TRUE("open self", fd >= 0);
	n = read(fd, buf, 200);
	close(fd);
	EXPECT_TRUE("read self", n > 0 && n < 200);
	buf[n] = '\0';
	memcpy(text, buf, (size_t)n + 1);
	EXPECT("nine fields", parse_syscall_line(&nr, v), 9);
	if (on_umbra()) {
		/* Umbra's /proc files are made at open: the call then was the openat(). */
		EXPECT("its own openat", nr, __NR_openat);
		EXPECT("AT_FDCWD", v[0], (unsigned long)(long)AT_FDCWD);
		EXPECT("path", v[1], (unsigned long)self_path);
		EXPECT("flags", v[2], O_RDONLY);
		EXPECT("fourth", v[3], 0x33);
	} else {
		/* Linux's, at the first read: the read(). */
		EXPECT("its own read", nr, __NR_read);
		EXPECT("fd", v[0], (unsigned long)fd);
		EXPECT("buffer", v[1], (unsigned long)buf);
		EXPECT("count", v[2], 200);
	}
	EXPECT("stat", sys_stat(self_path, &sb), 0);
	EXPECT("mode 0400", sb.st_mode, S_IFREG | 0400);

	EXPECT("pipe", pipe(fds), 0);
	child = fork();
	if (child == 0) {
		close(fds[1]);
		syscall(__NR_read, (long)fds[0], sleeper_buf, 7L, 0x44L, 0x55L, 0x66L);
		_exit(0);
	}
	EXPECT_TRUE("fork", child > 0);
	close(fds[0]);
	for (tries = 0; tries < 10000 && state_letter(child) != 'S'; tries++)
		sched_yield();
	EXPECT("asleep", state_letter(child), 'S');
	snprintf(path, sizeof(path), "/proc/%d/syscall", child);
	EXPECT_TRUE("read the sleeper's", slurp(path) > 0);
	EXPECT("nine fields", parse_syscall_line(&nr, v), 9);
	EXPECT("read", nr, __NR_read);
	EXPECT("fd", v[0], (unsigned long)fds[0]);
	EXPECT("buffer", v[1], (unsigned long)sleeper_buf);
	EXPECT("count", v[2], 7);
	EXPECT("fourth", v[3], 0x44);
	EXPECT("fifth", v[4], 0x55);
	EXPECT("sixth", v[5], 0x66);
	EXPECT_TRUE("sp and ip", v[6] != 0 && v[7] != 0);
	close(fds[1]);
	EXPECT("reaped", waitpid(child, &st, 0), child);

	/* Stopped by its own SIGSTOP: state T, and the kill() it stopped in. */
	child = fork();
	if (child == 0) {
		syscall(__NR_kill, (long)getpid(), (long)SIGSTOP, 0x33L, 0x44L, 0x55L, 0x66L);
		_exit(0);
	}
	EXPECT_TRUE("fork", child > 0);
	EXPECT("stopped", waitpid(child, &st, WUNTRACED), child);
	EXPECT_TRUE("by SIGSTOP", WIFSTOPPED(st) && WSTOPSIG(st) == SIGSTOP);
	EXPECT("state T", state_letter(child), 'T');
	snprintf(path, sizeof(path), "/proc/%d/status", child);
	EXPECT_TRUE("status read", slurp(path) > 0);
	EXPECT_TRUE("State: T (stopped)", field_is("State:", "T (stopped)"));
	snprintf(path, sizeof(path), "/proc/%d/syscall", child);
	EXPECT_TRUE("read the stopped one's", slurp(path) > 0);
	if (FORGETS_CALL_AT_SIGNAL) {
		/* arm64 Linux forgets the call before it acts on a signal (do_signal()). */
		EXPECT("no call", parse_syscall_line(&nr, v), 3);
		EXPECT("-1", nr, -1);
	} else {
		EXPECT("nine fields", parse_syscall_line(&nr, v), 9);
		EXPECT("kill", nr, __NR_kill);
		EXPECT("its pid", v[0], (unsigned long)child);
		EXPECT("SIGSTOP", v[1], SIGSTOP);
		EXPECT("sixth", v[5], 0x66);
	}
	kill(child, SIGKILL);
	EXPECT("reaped", waitpid(child, &st, 0), child);

	child = fork();
	if (child == 0)
		for (;;)
			__asm__ __volatile__("" ::: "memory");
	EXPECT_TRUE("fork", child > 0);
	snprintf(path, sizeof(path), "/proc/%d/syscall", child);
	EXPECT("read the spinner's", slurp(path), 8);
	EXPECT("running", strcmp(text, "running\n"), 0);
	kill(child, SIGKILL);
	EXPECT("reaped", waitpid(child, &st, 0), child);
	return 0;
}

/* The fields of a stat line: comm in fields[1] without its parentheses. */
static char stat_fields[64][64];

static int split_stat(void)
{
	const char *open_paren = strchr(text, '('), *close_paren = strrchr(text, ')'), *p;
	int n = 2;

	if (!open_paren || !close_paren)
		return 0;
	snprintf(stat_fields[0], sizeof(stat_fields[0]), "%.*s", (int)(open_paren - text - 1),
		 text);
	snprintf(stat_fields[1], sizeof(stat_fields[1]), "%.*s",
		 (int)(close_paren - open_paren - 1), open_paren + 1);
	for (p = close_paren + 2; *p && *p != '\n' && n < 64; n++) {
		size_t k = 0;

		while (p[k] && p[k] != ' ' && p[k] != '\n')
			k++;

		snprintf(stat_fields[n], sizeof(stat_fields[n]), "%.*s", (int)k, p);
		p += k;
		if (*p == ' ')
			p++;
	}
	return n;
}

static int case_pid_stat(void)
{
	char path[64];
	int fds[2], st;
	pid_t child;

	EXPECT_TRUE("read self", slurp("/proc/self/stat") > 0);
	EXPECT("52 fields", split_stat(), 52);
	EXPECT("pid", strtol(stat_fields[0], NULL, 10), getpid());
	EXPECT("comm", strcmp(stat_fields[1], "procfs"), 0);
	EXPECT("state: running, as the reader", stat_fields[2][0], 'R');
	EXPECT("ppid", strtol(stat_fields[3], NULL, 10), getppid());
	EXPECT("num_threads", strtol(stat_fields[19], NULL, 10), 1);
	EXPECT("itrealvalue", strtol(stat_fields[20], NULL, 10), 0);
	EXPECT("exit_code", strtol(stat_fields[51], NULL, 10), 0);
	child = paused_child(fds);
	EXPECT_TRUE("fork", child > 0);
	snprintf(path, sizeof(path), "/proc/%d/stat", child);
	/* Until it sleeps in read: at most a second. */
	for (int i = 0; i < 100; i++) {
		EXPECT_TRUE("read child", slurp(path) > 0);
		if (split_stat() == 52 && stat_fields[2][0] == 'S')
			break;
		pause_ms(10);
	}
	EXPECT("child pid", strtol(stat_fields[0], NULL, 10), child);
	EXPECT("child state: asleep", stat_fields[2][0], 'S');
	EXPECT("child ppid", strtol(stat_fields[3], NULL, 10), getpid());
	EXPECT("child comm", strcmp(stat_fields[1], "procfs"), 0);
	EXPECT("child threads", strtol(stat_fields[19], NULL, 10), 1);
	close(fds[1]);
	EXPECT("reaped", waitpid(child, &st, 0), child);
	return 0;
}

static int case_statm_is_maps(void)
{
	unsigned long pages = 0, size;
	char *line, *e;

	EXPECT_TRUE("maps", slurp("/proc/self/maps") > 0);
	for (line = text; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		unsigned long start = strtoul(line, &e, 16), end = strtoul(e + 1, NULL, 16);
		const char *eol = strchr(line, '\n');

		/* x86_64 Linux's [vsyscall] page is the kernel's, in no address space's size. */
		if (eol && eol - line > 10 && strncmp(eol - 10, "[vsyscall]", 10) == 0)
			continue;
		pages += (end - start) / 4096;
	}
	EXPECT_TRUE("statm", slurp("/proc/self/statm") > 0);
	size = strtoul(text, &e, 10);
	EXPECT("size is the areas' pages", size, pages);
	for (int i = 0; i < 6; i++)
		EXPECT_TRUE("seven fields", *e == ' ' && (strtoul(e + 1, &e, 10), 1));
	EXPECT("one line", strcmp(e, "\n"), 0);
	return 0;
}

/* A meminfo line's kB, or -1. */
static long meminfo_kb(const char *label)
{
	const char *p;
	size_t n = strlen(label);

	if (slurp("/proc/meminfo") <= 0)
		return -1;
	for (p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (strncmp(p, label, n) == 0)
			return (p[16 + 8] == ' ' && p[16 + 9] == 'k') ? strtol(p + n, NULL, 10)
								      : -2;
	return -1;
}

#define TOUCHED 16

static int case_meminfo_free(void)
{
	/* 2 MiB and a page: the touched pages share one page table, made by the first touch. */
	size_t len = (2u << 20) + 4096;
	char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *first = (char *)(((unsigned long)m + (2u << 20) - 1) & ~((2ul << 20) - 1));
	long before, after;

	EXPECT_TRUE("mmap", m != MAP_FAILED);
	if (first + TOUCHED * 4096 > m + len)
		first = m;
	EXPECT_TRUE("MemTotal", meminfo_kb("MemTotal:") > 0);
	EXPECT_TRUE("SwapTotal", meminfo_kb("SwapTotal:") >= 0);
	first[0] = 1; /* the page table */
	before = meminfo_kb("MemFree:");
	for (int i = 1; i <= TOUCHED; i++)
		first[i * 4096] = 1;
	after = meminfo_kb("MemFree:");
	EXPECT("MemFree fell by the pages touched", before - after, TOUCHED * 4);
	munmap(m, len);
	return 0;
}

/*
 * The kernel's own pages, as Linux names them: a page touched far from
 * every other mapping (48 TiB, its own 512 GiB of the root) needs three
 * page tables of its own below the root on both architectures (four
 * levels), which PageTables counts and munmap gives back (a one-page
 * area: no huge page can back it); the heap
 * (Slab) and the kernel stacks (KernelStack) are never empty while this
 * runs. /proc/slabinfo is in Linux's version 2.1 format.
 */
static int case_meminfo_kernel_pages(void)
{
	char *far = (char *)0x300000000000ul;
	char *m = mmap(far, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	long before, after, unmapped;

	EXPECT_TRUE("mmap at 48 TiB", m == far);
	EXPECT_TRUE("Slab", meminfo_kb("Slab:") > 0);
	EXPECT_TRUE("KernelStack", meminfo_kb("KernelStack:") > 0);
	before = meminfo_kb("PageTables:");
	m[0] = 1;
	after = meminfo_kb("PageTables:");
	munmap(m, 4096);
	unmapped = meminfo_kb("PageTables:");
	EXPECT_TRUE("PageTables before", before > 0);
	EXPECT("PageTables grew by three tables", after - before, 3 * 4);
	EXPECT("PageTables back after munmap", unmapped, before);
	EXPECT_TRUE("slabinfo", slurp("/proc/slabinfo") > 0);
	EXPECT("slabinfo's version line", strncmp(text, "slabinfo - version: 2.1\n", 24), 0);
	EXPECT_TRUE("a kmalloc-64 line", strstr(text, "\nkmalloc-64 ") != NULL);
	return 0;
}

/* "S.CC I.CC\n": centiseconds, or -1 when the format is not Linux's. */
static long uptime_cs(long *idle)
{
	char *e;
	long s, c, is, ic;

	if (slurp("/proc/uptime") <= 0)
		return -1;
	s = strtol(text, &e, 10);
	if (*e != '.' || e[3] != ' ')
		return -1;
	c = strtol(e + 1, &e, 10);
	is = strtol(e + 1, &e, 10);
	if (*e != '.' || strcmp(e + 3, "\n") != 0)
		return -1;
	ic = strtol(e + 1, NULL, 10);
	*idle = is * 100 + ic;
	return s * 100 + c;
}

static int case_uptime(void)
{
	long idle1, idle2, t1 = uptime_cs(&idle1), t2;

	EXPECT_TRUE("format", t1 >= 0);
	pause_ms(50);
	t2 = uptime_cs(&idle2);
	EXPECT_TRUE("format again", t2 >= 0);
	EXPECT_TRUE("uptime advances", t2 >= t1 + 4);
	EXPECT_TRUE("idle never goes back", idle2 >= idle1);
	return 0;
}

static int case_loadavg(void)
{
	unsigned long run, total;
	long last;
	char *e;
	pid_t child;
	int st;

	child = fork();
	if (child == 0)
		_exit(0);
	EXPECT("reaped", waitpid(child, &st, 0), child);
	EXPECT_TRUE("read", slurp("/proc/loadavg") > 0);
	e = text;
	for (int i = 0; i < 3; i++) {
		strtoul(e, &e, 10);
		EXPECT_TRUE("an average: N.NN", *e == '.' && e[3] == ' ');
		e += 4;
	}
	run = strtoul(e, &e, 10);
	EXPECT_TRUE("running/total", *e == '/');
	total = strtoul(e + 1, &e, 10);
	last = strtol(e + 1, &e, 10);
	EXPECT("one line", strcmp(e, "\n"), 0);
	EXPECT_TRUE("we run", run >= 1);
	EXPECT_TRUE("no more running than there are", run <= total);
	EXPECT("the last PID is our child's", last, child);
	return 0;
}

/*
 * Umbra's /proc/lock_stat (not Linux's shape): its header, then lines of
 * three counts and a name, the longest wait never more than all of them,
 * and no line without a contention.
 */
static int case_lock_stat(void)
{
	char *e;

	EXPECT_TRUE("read", slurp("/proc/lock_stat") > 0);
	EXPECT("the header", strncmp(text, LOCK_STAT_HEADER, strlen(LOCK_STAT_HEADER)), 0);
	for (e = text + strlen(LOCK_STAT_HEADER); *e;) {
		unsigned long n = strtoul(e, &e, 10), total = strtoul(e, &e, 10);
		unsigned long max = strtoul(e, &e, 10);
		char *nl = strchr(e, '\n');

		EXPECT_TRUE("a name after the counts", *e == ' ' && nl && nl > e + 1);
		EXPECT_TRUE("counted", n > 0);
		EXPECT_TRUE("the longest within the total", max <= total);
		e = nl + 1;
	}
	return 0;
}

static int case_mounts(void)
{
	char target[32];
	long n = syscall(__NR_readlinkat, AT_FDCWD, "/proc/mounts", target, sizeof(target));

	EXPECT("mounts links to self/mounts", n, 11);
	EXPECT("its target", memcmp(target, "self/mounts", 11), 0);
	EXPECT_TRUE("read", slurp("/proc/self/mounts") > 0);
	EXPECT_TRUE("the root", strncmp(text, "rootfs / rootfs rw", 18) == 0);
	EXPECT_TRUE("procfs", strstr(text, "\nproc /proc proc rw,") != NULL);
	return 0;
}

static int case_stat_system(void)
{
	long cpus = 0;
	unsigned long mask = 0;

	EXPECT_TRUE("read", slurp("/proc/stat") > 0);
	EXPECT_TRUE("the sum first", strncmp(text, "cpu  ", 5) == 0);
	for (const char *p = text; (p = strstr(p, "\ncpu")) != NULL; p++)
		cpus++;
	EXPECT("getaffinity", syscall(__NR_sched_getaffinity, 0, sizeof(mask), &mask),
	       (long)sizeof(mask));
	EXPECT("a line per CPU", cpus, __builtin_popcountl(mask));
	EXPECT_TRUE("ctxt", strstr(text, "\nctxt ") != NULL);
	EXPECT_TRUE("btime", strstr(text, "\nbtime ") != NULL);
	EXPECT_TRUE("processes", strstr(text, "\nprocesses ") != NULL);
	EXPECT_TRUE("procs_running", strstr(text, "\nprocs_running ") != NULL);
	EXPECT_TRUE("procs_blocked", strstr(text, "\nprocs_blocked ") != NULL);
	return 0;
}

/* ---- mount and umount2 ---- */

#define MNT_DIR "/procfs-mnt"
#define MNT_FILE MNT_DIR "/f"

static long sys_mkdir(const char *p)
{
	return syscall(__NR_mkdirat, AT_FDCWD, p, 0755);
}

static long sys_rmdir(const char *p)
{
	return syscall(__NR_unlinkat, AT_FDCWD, p, AT_REMOVEDIR);
}

static long sys_unlink(const char *p)
{
	return syscall(__NR_unlinkat, AT_FDCWD, p, 0);
}

static long sys_mount(const char *src, const char *target, const char *type, unsigned long flags)
{
	return syscall(__NR_mount, src, target, type, flags, NULL);
}

static long sys_umount2(const char *target, int flags)
{
	return syscall(__NR_umount2, target, flags);
}

/* The line of /proc/self/mounts for mount point dir, or NULL. */
static const char *mounts_line(const char *dir)
{
	char want[64];
	const char *p;

	if (slurp("/proc/self/mounts") <= 0)
		return NULL;
	snprintf(want, sizeof(want), " %s ", dir);
	p = strstr(text, want);
	if (!p)
		return NULL;
	while (p > text && p[-1] != '\n')
		p--;
	return p;
}

static int case_mount_tmpfs(void)
{
	struct stat st;
	const char *line;
	int fd;

	sys_mkdir(MNT_DIR);
	EXPECT("mount tmpfs", sys_mount("umbra-tmp", MNT_DIR, "tmpfs", 0), 0);
	line = mounts_line(MNT_DIR);
	EXPECT_TRUE("listed in mounts", line != NULL);
	EXPECT_TRUE("its line", strncmp(line, "umbra-tmp " MNT_DIR " tmpfs rw,",
					strlen("umbra-tmp " MNT_DIR " tmpfs rw,")) == 0);
	EXPECT("the root's mode", sys_stat(MNT_DIR, &st), 0);
	EXPECT("sticky and open to all", st.st_mode & 07777, 01777);
	fd = open(MNT_FILE, O_CREAT | O_RDWR, 0644);
	EXPECT_TRUE("a file in it", fd >= 0);
	EXPECT("written", write(fd, "x", 1), 1);
	EXPECT_TRUE("busy while open", fails_with(sys_umount2(MNT_DIR, 0), EBUSY));
	close(fd);
	EXPECT("umount", sys_umount2(MNT_DIR, 0), 0);
	EXPECT_TRUE("the file went with it", fails_with(sys_stat(MNT_FILE, &st), ENOENT));
	EXPECT_TRUE("not listed any more", mounts_line(MNT_DIR) == NULL);
	EXPECT_TRUE("not a mount point now", fails_with(sys_umount2(MNT_DIR, 0), EINVAL));
	EXPECT("rmdir", sys_rmdir(MNT_DIR), 0);
	return 0;
}

static int case_mount_proc(void)
{
	char target[16], want[16];
	long n;

	sys_mkdir(MNT_DIR);
	EXPECT("mount proc", sys_mount("proc", MNT_DIR, "proc", 0), 0);
	n = syscall(__NR_readlinkat, AT_FDCWD, MNT_DIR "/self", target, sizeof(target));
	snprintf(want, sizeof(want), "%d", getpid());
	EXPECT("self there", n, (long)strlen(want));
	EXPECT("self is us", memcmp(target, want, (size_t)n), 0);
	EXPECT_TRUE("listed", mounts_line(MNT_DIR) != NULL);
	EXPECT("umount", sys_umount2(MNT_DIR, 0), 0);
	EXPECT_TRUE("gone", fails_with(syscall(__NR_readlinkat, AT_FDCWD, MNT_DIR "/self", target,
					       sizeof(target)),
				       ENOENT));
	EXPECT("rmdir", sys_rmdir(MNT_DIR), 0);
	return 0;
}

static int case_mount_errors(void)
{
	int fd;

	sys_mkdir(MNT_DIR);
	EXPECT_TRUE("unknown type", fails_with(sys_mount("x", MNT_DIR, "nosuchfs", 0), ENODEV));
	EXPECT_TRUE("no type", fails_with(sys_mount("x", MNT_DIR, NULL, 0), EINVAL));
	EXPECT_TRUE("no target", fails_with(sys_mount("x", MNT_DIR "/none", "tmpfs", 0), ENOENT));
	fd = open(MNT_FILE, O_CREAT | O_RDWR, 0644);
	EXPECT_TRUE("a file", fd >= 0);
	close(fd);
	EXPECT_TRUE("through a file",
		    fails_with(sys_mount("x", MNT_FILE "/d", "tmpfs", 0), ENOTDIR));
	EXPECT_TRUE("on a file", fails_with(sys_mount("x", MNT_FILE, "tmpfs", 0), ENOTDIR));
	EXPECT_TRUE("umount flags", fails_with(sys_umount2(MNT_DIR, 0x100), EINVAL));
	EXPECT_TRUE("umount no mount", fails_with(sys_umount2(MNT_DIR, 0), EINVAL));
	EXPECT_TRUE("umount missing", fails_with(sys_umount2(MNT_DIR "/none", 0), ENOENT));
	EXPECT("mount", sys_mount("x", MNT_DIR, "tmpfs", 0), 0);
	EXPECT_TRUE("expire with force", fails_with(sys_umount2(MNT_DIR, 4 | 1), EINVAL));
	EXPECT("umount", sys_umount2(MNT_DIR, 0), 0);
	EXPECT("unlink", sys_unlink(MNT_FILE), 0);
	EXPECT("rmdir", sys_rmdir(MNT_DIR), 0);
	return 0;
}

static void run(int (*body)(void), const char *name)
{
	int r = body();

	ktap_ok(r == 0, "%s", name);
}

/*
 * A child that exited and is not yet reaped: a zombie, in /proc as on
 * Linux (listed; stat's state Z and its exit status in exit_code; status
 * "Z (zombie)"; no memory, so an empty cmdline and no exe), gone once
 * reaped.
 */
static int case_zombie(void)
{
	char name[16], path[64], link[64];
	siginfo_t si;
	pid_t child = fork();
	int st;

	if (child == 0)
		_exit(7);
	EXPECT_TRUE("fork", child > 0);
	/* Until it is a zombie, without reaping it. */
	EXPECT("waitid WNOWAIT", waitid(P_PID, child, &si, WEXITED | WNOWAIT), 0);
	snprintf(name, sizeof(name), "%d", child);
	EXPECT_TRUE("listed", list_dir("/proc") > 0);
	EXPECT("the zombie, a directory", type_of(name), DT_DIR);
	snprintf(path, sizeof(path), "/proc/%d/stat", child);
	EXPECT_TRUE("stat read", slurp(path) > 0);
	EXPECT("52 fields", split_stat(), 52);
	EXPECT("pid", strtol(stat_fields[0], NULL, 10), child);
	EXPECT("comm", strcmp(stat_fields[1], "procfs"), 0);
	EXPECT("state Z", stat_fields[2][0], 'Z');
	EXPECT("ppid", strtol(stat_fields[3], NULL, 10), getpid());
	EXPECT("vsize", strtol(stat_fields[22], NULL, 10), 0);
	EXPECT("exit_code: the wait status", strtol(stat_fields[51], NULL, 10), 7 << 8);
	snprintf(path, sizeof(path), "/proc/%d/status", child);
	EXPECT_TRUE("status read", slurp(path) > 0);
	EXPECT_TRUE("State: Z (zombie)", field_is("State:", "Z (zombie)"));
	EXPECT_TRUE("Pid", field_is_num("Pid:", child));
	snprintf(path, sizeof(path), "/proc/%d/cmdline", child);
	EXPECT("cmdline empty", slurp(path), 0);
	snprintf(path, sizeof(path), "/proc/%d/syscall", child);
	EXPECT_TRUE("syscall read", slurp(path) > 0);
	EXPECT("syscall: no stack, no call", strcmp(text, "-1 0x0 0x0\n"), 0);
	snprintf(path, sizeof(path), "/proc/%d/exe", child);
	EXPECT("no exe",
	       syscall(__NR_readlinkat, AT_FDCWD, path, link, sizeof(link)) < 0 ? -errno : 0,
	       -ENOENT);
	EXPECT("reaped", waitpid(child, &st, 0), child);
	EXPECT("its status", st, 7 << 8);
	snprintf(path, sizeof(path), "/proc/%d/stat", child);
	EXPECT("stat gone", slurp(path), -ENOENT);
	EXPECT_TRUE("listed after", list_dir("/proc") > 0);
	EXPECT("no longer listed", type_of(name), -1);
	return 0;
}

int main(void)
{
	bool arch_status = ARCH_STATUS_FEATURES_OFF != NULL;

	ktap_header();
	ktap_plan(35 + arch_status);
	run(case_version, "version_is_uname");
	run(case_pid_max, "sys_kernel_pid_max_bounds_set_tid");
	run(case_cmdline, "cmdline_is_the_boot_command_line");
	run(case_init_env, "init_environment_from_command_line");
	run(case_init_argv, "init_arguments_from_command_line");
	run(case_self_cmdline, "self_cmdline_is_argv");
	run(case_self_comm, "self_comm_is_name");
	run(case_status_ids, "status_ids");
	run(case_status_threads, "status_threads");
	run(case_status_signals, "status_signal_masks");
	run(case_status_memory, "status_memory_sizes");
	run(case_status_pid_namespace, "status_nspid_in_pid_namespace");
	run(case_missing_pid, "absent_pid_is_enoent");
	run(case_smaps_private, "smaps_private_area_exact");
	run(case_smaps_fork, "smaps_fork_shares_then_copies");
	run(case_smaps_shared, "smaps_shared_memory");
	run(case_maps_columns, "maps_name_column_as_linux");
	case_shadow_stack();
	if (arch_status)
		ktap_ok(child_result(status_features_off, 0, 0, 0), "x86_thread_features_off");
	run(case_cpuinfo, "cpuinfo_matches_cpu");
	run(case_readdir_root, "readdir_root_lists_live_pids");
	run(case_readdir_self, "readdir_self_entries_and_types");
	run(case_zombie, "zombie_listed_state_z_until_reaped");
	run(case_pid_stat, "pid_stat_fields");
	run(case_syscall_file, "syscall_names_the_call_a_task_sleeps_in");
	run(case_statm_is_maps, "statm_size_is_maps_sum");
	run(case_meminfo_free, "meminfo_free_moves_by_pages_touched");
	run(case_meminfo_kernel_pages, "meminfo_counts_the_kernels_own_pages");
	run(case_uptime, "uptime_monotonic");
	run(case_loadavg, "loadavg_format_and_last_pid");
	if (on_umbra())
		run(case_lock_stat, "lock_stat_lines");
	else
		ktap_skip("lock_stat_lines",
			  "not Umbra: Linux's /proc/lock_stat has another shape");
	run(case_mounts, "mounts_lines");
	run(case_stat_system, "stat_cpu_lines");
	run(case_mount_tmpfs, "mount_tmpfs_and_umount");
	run(case_mount_proc, "mount_proc_elsewhere");
	run(case_mount_errors, "mount_umount_errnos");
	return ktap_finish();
}

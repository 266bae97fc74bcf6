// SPDX-License-Identifier: MIT
/*
 * /bin/fuzz: the in-tree system-call fuzzer (see fuzz.h for the process
 * tree). Arguments are key=value words:
 *
 *   seed=S      the run's seed (default 1); worker I's is fuzz_worker_seed(S, I)
 *   workers=N   how many workers (default per architecture, fuzz_arch.h)
 *   calls=N     calls per worker
 *   jobs=N      workers at the same time (default one per CPU it may use, at least 2)
 *   seconds=N   start no worker after N seconds (with workers=0: run that long)
 *   worker=I    replay only worker I (with trace=1: every call printed first)
 *   first=I     start at worker I (workers=N still ends before worker N)
 *   timeout=MS  a worker that starts no call for this long is killed (default 1500)
 *   verbose=1   a line for every worker that ended abnormally
 *   pages=1     one worker at a time, and a line for each that changed the free page count
 *
 * Proves, as KTAP suite "fuzz": the generated calls never bring the
 * kernel down (fuzz_calls_no_panic: every worker ran and the root saw them
 * all end), every worker dies when killed (fuzz_workers_killable), no
 * PID namespace's init is killed by what happens inside it
 * (fuzz_pid_ns_init_survives), and the free page count is exactly back
 * after everything was reaped and the sandbox emptied (fuzz_free_pages_exact).
 *
 * "fuzz exec-child seed=S" is how the fuzzer execs itself: a few calls
 * with that seed, no report.
 */
#include "fuzz.h"
#include "test.h"
#include <fuzz_arch.h>
#include <fcntl.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <time.h>
#include <uapi/linux/fs.h>
#include <unistd.h>

struct fuzz_config cfg = {
	.seed = 1,
	.workers = FZ_DEFAULT_WORKERS,
	.calls = FZ_DEFAULT_CALLS,
	.jobs = 0, /* parse_args(): one per CPU */
	.only = -1,
	.timeout = 1500,
	.self_path = "/bin/fuzz",
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* The CPUs this process may run on (its affinity mask's bits); 1 if it cannot tell. */
static unsigned int cpus_usable(void)
{
	unsigned long mask[4] = { 0 };
	long n = syscall3(__NR_sched_getaffinity, 0, sizeof(mask), (long)mask);
	unsigned int cpus = 0;

	for (size_t i = 0; n > 0 && i < N(mask); i++)
		cpus += (unsigned int)__builtin_popcountl(mask[i]);
	return cpus ? cpus : 1;
}

/* Parses key=value words; false (with a message) on an unknown one. */
static bool parse_args(int argc, char **argv, bool *exec_child)
{
	bool timeout_given = false;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq = strchr(a, '=');
		const char *v = eq ? eq + 1 : "";
		size_t k = eq ? (size_t)(eq - a) : strlen(a);
		unsigned long n = strtoul(v, NULL, 0);

#define KEY(s) (k == sizeof(s) - 1 && strncmp(a, s, k) == 0)
		if (KEY("exec-child"))
			*exec_child = true;
		else if (KEY("seed"))
			cfg.seed = n;
		else if (KEY("workers"))
			cfg.workers = (unsigned int)n;
		else if (KEY("calls"))
			cfg.calls = (unsigned int)n;
		else if (KEY("jobs"))
			cfg.jobs = n ? (unsigned int)n : 1;
		else if (KEY("seconds"))
			cfg.seconds = (unsigned int)n;
		else if (KEY("worker"))
			cfg.only = (int)n;
		else if (KEY("first"))
			cfg.first = (unsigned int)n;
		else if (KEY("timeout"))
			cfg.timeout = (unsigned int)n, timeout_given = true;
		else if (KEY("trace"))
			cfg.trace = n != 0;
		else if (KEY("verbose"))
			cfg.verbose = n != 0;
		else if (KEY("pages"))
			cfg.pages = n != 0;
		else {
			printf("# fuzz: unknown argument '%s'\n", a);
			return false;
		}
#undef KEY
	}
	if (!cfg.jobs)
		cfg.jobs = cpus_usable() > 2 ? cpus_usable() : 2;
	if (cfg.pages)
		cfg.jobs = 1;
	if (cfg.trace && !timeout_given)
		cfg.timeout *= 10; /* printing every call is slow */
	if (!cfg.workers && !cfg.seconds)
		cfg.workers = FZ_DEFAULT_WORKERS; /* workers=0 runs for seconds=N */
	if (argc > 0 && argv[0][0] == '/')
		cfg.self_path = argv[0];
	return true;
}

/*
 * Lazily made kernel state must exist before the first count: our stack
 * and buffers touched, a whole root-nanny-worker round made, and as many
 * tasks alive at once as a run can have (their kernel stacks' page tables).
 */
/* Maps a file once, read-only and private: its pages, from then on the file's own. */
static bool map_file_once(const char *path)
{
	long fd = syscall4(__NR_openat, AT_FDCWD, (long)path, O_RDONLY, 0);
	long size, map;

	if (fd < 0)
		return false;
	size = syscall3(__NR_lseek, fd, 0, SEEK_END);
	if (size > 0) {
		map = syscall6(__NR_mmap, 0, size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (map > 0) /* an address, not an errno */
			syscall2(__NR_munmap, map, size);
	}
	syscall1(__NR_close, fd);
	return true;
}

/*
 * A file of the boot image gets pages of its own the first time it is
 * executed or mapped (the exec shares them: docs/DESIGN.md §5.9), and keeps
 * them: a page cache, not a leak. Every file the workers may execute or
 * map -- the path pool's programs, the malformed ELF files, /init through
 * the arena's descriptor -- is mapped once here, before the count.
 */
static void warm_file_pages(void)
{
	static const char *const files[] = { "/init", "/bin/fuzz", "/bin/clone3",
					     "/fuzz/elf/entry-noncanonical" };
	char path[32];

	for (size_t i = 0; i < N(files); i++)
		map_file_once(files[i]);
	for (unsigned int i = 0;; i++) {
		snprintf(path, sizeof(path), "/fuzz/elf/%u", i);
		if (!map_file_once(path))
			break;
	}
}

static void warm_up(void)
{
	volatile char pad[32 * 1024];
	long pids[96];
	struct fuzz_config saved = cfg;
	int st;

	memset((char *)pad, 0, sizeof(pad));
	for (size_t i = 0; i < N(pids); i++) {
		pids[i] = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
		if (pids[i] == 0) {
			fz_sleep_ms(200);
			syscall1(__NR_exit_group, 0);
		}
	}
	for (size_t i = 0; i < N(pids); i++)
		if (pids[i] > 0)
			syscall4(__NR_wait4, pids[i], (long)&st, 0, 0);
	cfg.calls = 0;
	cfg.workers = 1;
	cfg.first = 0;
	cfg.only = -1;
	cfg.seconds = 0;
	cfg.trace = false;
	fuzz_run_root();
	cfg = saved;
	warm_file_pages();
}

static void print_config(void)
{
	printf("# fuzz: " FUZZ_ARCH_NAME
	       " seed=%#lx workers=%u calls=%u jobs=%u seconds=%u timeout=%u\n",
	       (unsigned long)cfg.seed, cfg.workers, cfg.calls, cfg.jobs, cfg.seconds, cfg.timeout);
}

/* One /proc entry: a process's pid, name, state and parent, if it is a process's directory. */
static void report_process(const char *name, void *ctx)
{
	char path[40], stat[96];

	(void)ctx;
	if (name[0] < '1' || name[0] > '9')
		return;
	snprintf(path, sizeof(path), "/proc/%s/stat", name);
	fz_read_proc(path, stat, sizeof(stat));
	if (!stat[0])
		return;
	/* pid (comm) state ppid ...: the first four fields. */
	char *end = strchr(stat, ')');
	char *cut = end ? strchr(end + 4, ' ') : NULL;

	if (cut)
		*cut = 0;
	ktap_print_msg("left: %s", stat);
}

/*
 * For a free-page count that did not come back: every process still
 * there, by its /proc/PID/stat, so a run that cannot be repeated still
 * says whether a straggler or a leak was left.
 */
static void report_processes_left(void)
{
	long dir = syscall4(__NR_openat, AT_FDCWD, (long)"/proc", O_RDONLY | O_DIRECTORY, 0);

	if (dir < 0)
		return;
	fz_each_entry(dir, report_process, NULL);
	syscall1(__NR_close, dir);
}

/* The kernel's accounts a free-page count that did not come back is looked for in. */
static const char *const accounts[] = { "/proc/meminfo", "/proc/slabinfo" };
static char accounts_before[N(accounts)][2048];

static void save_accounts(void)
{
	for (size_t i = 0; i < N(accounts); i++)
		fz_read_proc(accounts[i], accounts_before[i], sizeof(accounts_before[i]));
}

/* Each line of path that changed since before. */
static void report_lines_moved(const char *path, const char *before)
{
	static char now[2048];
	const char *a = before, *b = now;

	fz_read_proc(path, now, sizeof(now));
	while (*a && *b) {
		const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
		size_t la = ea ? (size_t)(ea - a) : strlen(a),
		       lb = eb ? (size_t)(eb - b) : strlen(b);

		if (la != lb || memcmp(a, b, la) != 0)
			ktap_print_msg("%s: %.*s -> %.*s", path + 6, (int)la, a, (int)lb, b);
		a += la + (a[la] == '\n');
		b += lb + (b[lb] == '\n');
	}
}

/*
 * For a free-page count that did not come back: the lines of /proc/meminfo
 * (Slab, KernelStack, PageTables, Cached) and /proc/slabinfo (objects and
 * slabs per size class) that changed since the count began, so a leak
 * names the kind of page it is, and a slab page tells a leaked object
 * from a page held by objects that merely moved.
 */
static void report_accounts_moved(void)
{
	for (size_t i = 0; i < N(accounts); i++)
		report_lines_moved(accounts[i], accounts_before[i]);
}

/* The cases, in the order main reports them. */
static const char *const fuzz_cases[] = { "fuzz_calls_no_panic", "fuzz_workers_killable",
					  "fuzz_pid_ns_init_survives", "fuzz_free_pages_exact" };

int main(int argc, char **argv)
{
	bool exec_child = false;
	unsigned long before, after;
	int root;

	if (!parse_args(argc, argv, &exec_child))
		return 2;
	if (exec_child) {
		struct ctx c;

		fuzz_child_ctx(&c, cfg.seed);
		arena_init(&c.rng);
		sig_setup_worker(&c);
		fuzz_run(&c);
	}
	ktap_header();
	ktap_plan(4);
	if (!on_umbra()) {
		/*
		 * Its verdicts judge Umbra: exact free pages, no hang. On Linux
		 * (make test-linux) random calls have left workers that SIGKILL
		 * did not end within HANG_MS and an /init that never finished
		 * (arm64, 5 December), and Linux's free pages move on their own.
		 */
		for (unsigned int i = 0; i < N(fuzz_cases); i++)
			ktap_skip(fuzz_cases[i], "the fuzzer judges Umbra's kernel, not Linux's");
		return ktap_finish();
	}
	print_config();
	sandbox_enter();
	warm_up();
	save_accounts();
	before = fz_free_pages();
	root = fuzz_run_root();
	sandbox_clean();
	after = fz_free_pages();
	/*
	 * Dead tasks' pages come back a little later (a kernel stack is freed
	 * after its last switch), later still on a slow or loaded machine:
	 * only HANG_MS without them is a leak.
	 */
	for (int i = 0; i < HANG_MS / 10 && after != before; i++) {
		fz_sleep_ms(10); /* sleep-ok: a poll's interval */
		after = fz_free_pages();
	}
	ktap_ok(root >= 0, "fuzz_calls_no_panic");
	ktap_ok(root >= 0 && !(root & 1), "fuzz_workers_killable");
	ktap_ok(root >= 0 && !(root & 2), "fuzz_pid_ns_init_survives");
	ktap_print_msg("free pages before %lu after %lu", before, after);
	if (before != after) {
		report_processes_left();
		report_accounts_moved();
	}
	ktap_ok(before == after, "fuzz_free_pages_exact");
	/* As pid 1 (init=/bin/fuzz) we inherit orphans: reap them. */
	while (wait4(-1, NULL, WNOHANG | __WALL, NULL) > 0)
		;
	return ktap_finish();
}

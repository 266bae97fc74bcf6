// SPDX-License-Identifier: MIT
/*
 * /bin/fuzz: the in-tree system-call fuzzer (see fuzz.h for the process
 * tree). Arguments are key=value words:
 *
 *   seed=S      the run's seed (default 1); worker I's is fuzz_worker_seed(S, I)
 *   workers=N   how many workers (default per architecture, fuzz_arch.h)
 *   calls=N     calls per worker
 *   jobs=N      workers at the same time (default 2)
 *   seconds=N   start no worker after N seconds (with workers=0: run that long)
 *   worker=I    replay only worker I (with trace=1: every call printed first)
 *   timeout=MS  a worker running longer is killed (default 1500)
 *   avoid=A,B   leave out triggers of known kernel bugs (names below)
 *   verbose=1   a line for every worker that ended abnormally
 *   pages=1     one worker at a time, and a line for each that changed the free page count
 *
 * Proves, as KTAP suite "fuzz": the generated calls never bring the
 * kernel down (fuzz_calls_no_panic: every worker ran and the root saw them
 * all end), every worker dies when killed (fuzz_workers_killable), no
 * PID namespace's init is killed by what happens inside it
 * (fuzz_pid_ns_init_survives), and the free page count is exactly back
 * after everything was reaped (fuzz_free_pages_exact).
 *
 * "fuzz exec-child seed=S" is how the fuzzer execs itself: a few calls
 * with that seed, no report.
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct fuzz_config cfg = {
	.seed = 1,
	.workers = FZ_DEFAULT_WORKERS,
	.calls = FZ_DEFAULT_CALLS,
	.jobs = 2,
	.only = -1,
	.timeout = 1500,
	.self_path = "/bin/fuzz",
};

static const struct {
	const char *name;
	unsigned int bit;
} avoid_names[] = {
	{ "vfork-kill", AVOID_VFORK_KILL },	{ "exit-signal", AVOID_EXIT_SIGNAL },
	{ "noncanon", AVOID_NONCANON },		{ "tf-syscall", AVOID_TF_SYSCALL },
	{ "long-timeout", AVOID_LONG_TIMEOUT }, { "clone-high", AVOID_CLONE_HIGH },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Exit codes of a nanny: how its worker ended. */
#define NANNY_DONE 0	   /* all calls made */
#define NANNY_LANDED 77	   /* came back through a rewritten signal frame */
#define NANNY_EXITED 1	   /* an exit call of its own, with another status */
#define NANNY_LOST 126	   /* no status: the worker vanished */
#define NANNY_SIGNALED 128 /* + the signal that killed it */

#define KILL_GRACE_MS 5000 /* how long a SIGKILLed nanny may take to die */

static bool parse_avoid(const char *list)
{
	while (*list) {
		const char *comma = strchr(list, ',');
		size_t n = comma ? (size_t)(comma - list) : strlen(list);
		bool found = false;

		for (size_t i = 0; i < N(avoid_names); i++) {
			if (strlen(avoid_names[i].name) == n &&
			    strncmp(list, avoid_names[i].name, n) == 0) {
				cfg.avoid |= avoid_names[i].bit;
				found = true;
			}
		}
		if (!found)
			return false;
		list += n;
		if (*list == ',')
			list++;
	}
	return true;
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
		else if (KEY("timeout"))
			cfg.timeout = (unsigned int)n, timeout_given = true;
		else if (KEY("trace"))
			cfg.trace = n != 0;
		else if (KEY("verbose"))
			cfg.verbose = n != 0;
		else if (KEY("pages"))
			cfg.pages = n != 0;
		else if (!(KEY("avoid") && parse_avoid(v))) {
			printf("# fuzz: unknown argument '%s'\n", a);
			return false;
		}
#undef KEY
	}
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

static long long now_ms(void)
{
	return monotonic_ns() / 1000000;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

/* ---- the worker and its nanny ---- */

static void __attribute__((noreturn)) worker_main(unsigned int index)
{
	struct ctx c;
	char name[16];

	memset(&c, 0, sizeof(c));
	c.rng.s = fuzz_worker_seed(cfg.seed, index);
	c.ncalls = cfg.calls;
	c.spawn = 8;
	c.trace = cfg.trace;
	/* The task name shows in the kernel's reports (fuzz_run() adds the call index). */
	fz_worker_index = index;
	snprintf(name, sizeof(name), "fz%u", index);
	syscall2(SYS_prctl, 15 /* PR_SET_NAME */, (long)name);
	fz_trace(&c, "worker %u seed %#lx", index, (unsigned long)c.rng.s);
	arena_init(&c.rng);
	sig_setup_worker(&c);
	fuzz_run(&c);
}

/* The next pid this namespace hands out, less one: a child that exits at once tells. */
static long last_pid(void)
{
	long pid = syscall5(SYS_clone, SIGCHLD, 0, 0, 0, 0);
	int st;

	if (pid == 0)
		syscall1(SYS_exit_group, 0);
	if (pid > 0)
		syscall4(SYS_wait4, pid, (long)&st, 0, 0);
	return pid;
}

/*
 * Pid 1 of a namespace of its own: starts the worker, waits for it, then
 * kills every other process of the namespace and reaps them, so nothing
 * the worker started outlives it. Its exit code says how the worker ended.
 */
static void __attribute__((noreturn)) nanny_main(unsigned int index)
{
	long worker, r;
	int st = 0, code = NANNY_LOST;

	if (!cfg.trace) /* the console is the report's: workers write elsewhere */
		for (int fd = 0; fd < 3; fd++)
			syscall1(SYS_close, fd);
	worker = syscall5(SYS_clone, SIGCHLD, 0, 0, 0, 0);
	if (worker == 0)
		worker_main(index);
	while (worker > 0) {
		r = syscall4(SYS_wait4, -1, (long)&st, __WALL, 0);
		if (r == worker) {
			if (WIFEXITED(st))
				code = WEXITSTATUS(st) == 0		 ? NANNY_DONE
				       : WEXITSTATUS(st) == NANNY_LANDED ? NANNY_LANDED
									 : NANNY_EXITED;
			else
				code = NANNY_SIGNALED + WTERMSIG(st);
			break;
		}
		if (r < 0 && r != -4 /* EINTR */)
			break;
	}
	for (int round = 0; round < 3; round++) {
		long last = last_pid();

		for (long p = 2; p <= last; p++)
			syscall2(SYS_kill, p, SIGKILL);
		for (int i = 0; i < 20; i++) {
			r = syscall4(SYS_wait4, -1, (long)&st, __WALL | WNOHANG, 0);
			if (r < 0)
				break;
			if (r == 0)
				sleep_ms(2);
		}
	}
	while (syscall4(SYS_wait4, -1, (long)&st, __WALL, 0) > 0)
		;
	syscall1(SYS_exit_group, code);
	__builtin_unreachable();
}

/* ---- the root: pid 1 of the fuzzing namespace ---- */

static unsigned long free_pages(void)
{
	struct sysinfo si;

	return sysinfo(&si) == 0 ? si.freeram : 0;
}

struct slot {
	long pid; /* the nanny, 0 when free */
	unsigned int index;
	long long started, killed;
	unsigned long pages; /* free pages when it started (pages=1) */
};

struct totals {
	unsigned int started, done, landed, exited, lost, timeouts, unkillable, init_killed;
	unsigned int by_signal[65];
	unsigned int reported;
};

/* Starts worker index under a nanny in a new PID namespace. */
static long start_nanny(unsigned int index)
{
	struct clone_args a;
	long pid;

	memset(&a, 0, sizeof(a));
	a.flags = CLONE_NEWPID;
	a.exit_signal = SIGCHLD;
	pid = syscall2(SYS_clone3, (long)&a, CLONE_ARGS_SIZE_VER0);
	if (pid == 0)
		nanny_main(index);
	return pid;
}

static void report(struct totals *t, const struct slot *s, const char *what)
{
	t->reported++;
	if (!cfg.verbose && t->reported > 20) {
		if (t->reported == 21)
			printf("# (more abnormal workers not listed: verbose=1 lists them)\n");
		return;
	}
	printf("# worker %u (seed %#lx) %s: replay with make fuzz SEED=%#lx WORKER=%u CALLS=%u "
	       "TRACE=1%s%s\n",
	       s->index, (unsigned long)fuzz_worker_seed(cfg.seed, s->index), what,
	       (unsigned long)cfg.seed, s->index, cfg.calls, cfg.avoid ? " AVOID=" : "",
	       cfg.avoid ? fuzz_avoid_arg() + strlen("avoid=") : "");
}

static void account(struct totals *t, struct slot *s, int st)
{
	char what[64];

	if (WIFSIGNALED(st)) {
		if (s->killed) {
			t->timeouts++;
			report(t, s, "timed out and was killed");
		} else {
			/* Nothing inside a namespace may kill its init (Linux: SIGNAL_UNKILLABLE). */
			t->init_killed++;
			snprintf(what, sizeof(what),
				 "left its namespace's init killed by signal %d", WTERMSIG(st));
			report(t, s, what);
		}
		return;
	}
	int code = WEXITSTATUS(st);

	if (code == NANNY_DONE)
		t->done++;
	else if (code == NANNY_LANDED)
		t->landed++;
	else if (code == NANNY_EXITED)
		t->exited++;
	else if (code > NANNY_SIGNALED && code <= NANNY_SIGNALED + 64) {
		t->by_signal[code - NANNY_SIGNALED]++;
		if (cfg.verbose) {
			snprintf(what, sizeof(what), "was killed by signal %d",
				 code - NANNY_SIGNALED);
			report(t, s, what);
		}
	} else {
		t->lost++;
		report(t, s, "vanished without a status");
	}
}

static bool time_left(long long start)
{
	return !cfg.seconds || now_ms() - start < (long long)cfg.seconds * 1000;
}

static int root_main(void)
{
	struct slot slots[16];
	struct totals t;
	unsigned int next = cfg.only >= 0 ? (unsigned int)cfg.only : 0;
	unsigned int end = cfg.only >= 0 ? next + 1 : cfg.workers;
	unsigned int jobs = cfg.jobs < N(slots) ? cfg.jobs : N(slots);
	long long start = now_ms();
	int st;

	memset(slots, 0, sizeof(slots));
	memset(&t, 0, sizeof(t));
	for (;;) {
		unsigned int live = 0;

		for (unsigned int i = 0; i < jobs; i++) {
			if (!slots[i].pid && (next < end || (!cfg.workers && cfg.only < 0)) &&
			    time_left(start)) {
				fflush_stdout();
				slots[i].pages = cfg.pages ? free_pages() : 0;
				slots[i].pid = start_nanny(next);
				slots[i].index = next++;
				slots[i].started = now_ms();
				slots[i].killed = 0;
				t.started++;
				if (slots[i].pid < 0) {
					printf("# fuzz: clone3 of a nanny failed: %ld\n",
					       slots[i].pid);
					slots[i].pid = 0;
				}
			}
			live += slots[i].pid != 0;
		}
		if (!live)
			break;

		long r = syscall4(SYS_wait4, -1, (long)&st, WNOHANG | __WALL, 0);

		if (r > 0) {
			for (unsigned int i = 0; i < jobs; i++) {
				if (slots[i].pid == r) {
					account(&t, &slots[i], st);
					slots[i].pid = 0;
					if (cfg.pages && free_pages() != slots[i].pages)
						printf("# worker %u: free pages %lu before, %lu "
						       "after\n",
						       slots[i].index, slots[i].pages,
						       free_pages());
				}
			}
			continue; /* else an orphan of a killed namespace, reaped */
		}
		for (unsigned int i = 0; i < jobs; i++) {
			struct slot *s = &slots[i];
			long long now = now_ms();

			if (!s->pid)
				continue;
			if (!s->killed && now - s->started > cfg.timeout) {
				syscall2(SYS_kill, s->pid, SIGKILL);
				s->killed = now;
			} else if (s->killed && now - s->killed > KILL_GRACE_MS) {
				t.unkillable++;
				report(&t, s,
				       "did not die within 5 s of SIGKILL (a task that cannot be "
				       "killed)");
				s->pid = 0;
			}
		}
		sleep_ms(5);
	}
	/* Whatever is left (orphans of killed namespaces) is ours to reap. */
	for (int i = 0; i < 200 && syscall4(SYS_wait4, -1, (long)&st, WNOHANG | __WALL, 0) >= 0;
	     i++)
		sleep_ms(5);

	unsigned int calls = cfg.calls * (t.started);

	printf("# fuzz: %u workers (%u calls each, %u generated at most) in %lld ms: %u made all "
	       "their calls, "
	       "%u came back through a rewritten signal frame, %u exited early, %u timed out\n",
	       t.started, cfg.calls, calls, now_ms() - start, t.done, t.landed, t.exited,
	       t.timeouts);
	for (int sig = 1; sig <= 64; sig++)
		if (t.by_signal[sig])
			printf("# fuzz: %u workers killed by signal %d\n", t.by_signal[sig], sig);
	if (t.lost || t.unkillable || t.init_killed)
		printf("# fuzz: %u without a status, %u unkillable, %u namespace inits killed\n",
		       t.lost, t.unkillable, t.init_killed);
	fflush_stdout();
	return (t.unkillable ? 1 : 0) | (t.init_killed ? 2 : 0) | (t.lost ? 4 : 0);
}

/* Runs the root in a new PID namespace; its exit status, or -1. */
static int run_root(void)
{
	struct clone_args a;
	long pid;
	int st;

	fflush_stdout();
	memset(&a, 0, sizeof(a));
	a.flags = CLONE_NEWPID;
	a.exit_signal = SIGCHLD;
	pid = syscall2(SYS_clone3, (long)&a, CLONE_ARGS_SIZE_VER0);
	if (pid == 0)
		exit(root_main());
	if (pid < 0) {
		printf("# fuzz: clone3 of the root failed: %ld\n", pid);
		return -1;
	}
	if (waitpid((pid_t)pid, &st, 0) != pid)
		return -1;
	if (WIFSIGNALED(st)) {
		printf("# fuzz: the root (its namespace's init) was killed by signal %d\n",
		       WTERMSIG(st));
		return -1;
	}
	return WEXITSTATUS(st);
}

/*
 * Lazily made kernel state must exist before the first count: our stack
 * and buffers touched, a whole root-nanny-worker round made, and as many
 * tasks alive at once as a run can have (their kernel stacks' page tables).
 */
static void warm_up(void)
{
	volatile char pad[32 * 1024];
	long pids[96];
	struct fuzz_config saved = cfg;
	int st;

	memset((char *)pad, 0, sizeof(pad));
	for (size_t i = 0; i < N(pids); i++) {
		pids[i] = syscall5(SYS_clone, SIGCHLD, 0, 0, 0, 0);
		if (pids[i] == 0) {
			sleep_ms(200);
			syscall1(SYS_exit_group, 0);
		}
	}
	for (size_t i = 0; i < N(pids); i++)
		if (pids[i] > 0)
			syscall4(SYS_wait4, pids[i], (long)&st, 0, 0);
	cfg.calls = 0;
	cfg.workers = 1;
	cfg.only = -1;
	cfg.seconds = 0;
	cfg.trace = false;
	run_root();
	cfg = saved;
}

const char *fuzz_avoid_arg(void)
{
	static char avoid[128];
	size_t n = 0;

	avoid[0] = '\0';
	for (size_t i = 0; i < N(avoid_names); i++) {
		if (cfg.avoid & avoid_names[i].bit)
			n += (size_t)snprintf(avoid + n, sizeof(avoid) - n, "%s%s",
					      n ? "," : "avoid=", avoid_names[i].name);
	}
	return avoid;
}

static void print_config(void)
{
	printf("# fuzz: " FUZZ_ARCH_NAME
	       " seed=%#lx workers=%u calls=%u jobs=%u seconds=%u timeout=%u %s\n",
	       (unsigned long)cfg.seed, cfg.workers, cfg.calls, cfg.jobs, cfg.seconds, cfg.timeout,
	       fuzz_avoid_arg());
}

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
	print_config();
	warm_up();
	before = free_pages();
	root = run_root();
	after = free_pages();
	for (int i = 0; i < 50 && after != before;
	     i++) { /* dead tasks may be freed a little later */
		sleep_ms(10);
		after = free_pages();
	}
	ktap_ok(root >= 0, "fuzz_calls_no_panic");
	ktap_ok(root >= 0 && !(root & 1), "fuzz_workers_killable");
	ktap_ok(root >= 0 && !(root & 2), "fuzz_pid_ns_init_survives");
	ktap_print_msg("free pages before %lu after %lu", before, after);
	ktap_ok(before == after, "fuzz_free_pages_exact");
	/* As pid 1 (init=/bin/fuzz) we inherit orphans: reap them. */
	while (wait4(-1, NULL, WNOHANG | __WALL, NULL) > 0)
		;
	return ktap_finish();
}

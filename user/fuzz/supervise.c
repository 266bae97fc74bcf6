// SPDX-License-Identifier: MIT
/*
 * Running the workers (see fuzz.h for the process tree): the root starts
 * each worker under a nanny in a PID namespace of its own, kills those
 * that run too long, reaps everything, and tallies how each one ended;
 * the nanny waits for its worker and then kills and reaps whatever the
 * worker left in its namespace.
 */
#include "fuzz.h"
#include "test.h"
#include <fuzz_arch.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <machine/syscall.h>
#include <sys/syscall.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Exit codes of a nanny: how its worker ended. */
#define NANNY_DONE 0	   /* all calls made */
#define NANNY_LANDED 77	   /* came back through a rewritten signal frame */
#define NANNY_EXITED 1	   /* an exit call of its own, with another status */
#define NANNY_LOST 126	   /* no status: the worker vanished */
#define NANNY_SIGNALED 128 /* + the signal that killed it */

/* How long a SIGKILLed nanny may take to die: only a task that cannot be killed takes longer. */
#define KILL_GRACE_MS HANG_MS

volatile unsigned long *fz_progress;
volatile char (*fz_last_call)[FZ_CALL_NAME];

long long fz_now_ms(void)
{
	return monotonic_ns() / 1000000;
}

void fz_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

/*
 * The root sleeps between its looks until a nanny ends or the poll's
 * interval is over, whichever comes first: SIGCHLD is blocked but while it
 * sleeps (ppoll's mask), and its handler, which does nothing, ends the
 * sleep. A worker takes a few milliseconds, so a fixed sleep left slots
 * idle, most of all with several CPUs. The nanny puts both back before it
 * starts its worker, which so starts as it always did.
 */
static unsigned long root_mask_saved; /* a 64-bit signal set */

static void root_sigchld(int sig)
{
	(void)sig;
}

static void root_signals_setup(void)
{
	struct kernel_sigaction act;
	unsigned long chld = 1ul << (SIGCHLD - 1);

	memset(&act, 0, sizeof(act));
	act.sa_handler = (uintptr_t)root_sigchld;
	act.sa_flags = SA_RESTORER | SA_RESTART;
	act.sa_restorer = (uintptr_t)fz_restorer;
	syscall4(__NR_rt_sigaction, SIGCHLD, (long)&act, 0, 8);
	syscall4(__NR_rt_sigprocmask, SIG_BLOCK, (long)&chld, (long)&root_mask_saved, 8);
}

static void root_signals_undo(void)
{
	struct kernel_sigaction act;

	memset(&act, 0, sizeof(act)); /* SIG_DFL */
	syscall4(__NR_rt_sigaction, SIGCHLD, (long)&act, 0, 8);
	syscall4(__NR_rt_sigprocmask, SIG_SETMASK, (long)&root_mask_saved, 0, 8);
}

/* Sleeps ms, or until a child's SIGCHLD comes (or came while blocked). */
static void root_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	ppoll(NULL, 0, &ts, &root_mask_saved);
}

/* ---- the worker and its nanny ---- */

static void __attribute__((noreturn)) worker_main(unsigned int index, unsigned int slot)
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
	fz_progress = fz_progress ? &fz_progress[slot] : NULL;
	fz_last_call = fz_last_call ? &fz_last_call[slot] : NULL;
	snprintf(name, sizeof(name), "fz%u", index);
	syscall2(__NR_prctl, 15 /* PR_SET_NAME */, (long)name);
	/*
	 * A session of its own: its kill(0, ...) reaches its own process
	 * group, never the root's or init's; its group is orphaned (its
	 * parent, the nanny, is in another session), so the terminal's stop
	 * signals pass it by (only SIGSTOP stops it, until the root's time
	 * limit kills it); and it has no controlling terminal until it asks.
	 */
	syscall0(__NR_setsid);
	fz_trace(&c, "worker %u seed %#lx", index, (unsigned long)c.rng.s);
	arena_init(&c.rng);
	sig_setup_worker(&c);
	fuzz_run(&c);
}

/* The next pid this namespace hands out, less one: a child that exits at once tells. */
static long last_pid(void)
{
	long pid = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
	int st;

	if (pid == 0)
		syscall1(__NR_exit_group, 0);
	if (pid > 0)
		syscall4(__NR_wait4, pid, (long)&st, 0, 0);
	return pid;
}

/*
 * Pid 1 of a namespace of its own: starts the worker, waits for it, then
 * kills every other process of the namespace and reaps them, so nothing
 * the worker started outlives it. Its exit code says how the worker ended.
 */
static void __attribute__((noreturn)) nanny_main(unsigned int index, unsigned int slot)
{
	long worker, r;
	int st = 0, code = NANNY_LOST;

	root_signals_undo();
	if (!cfg.trace) /* the console is the report's: workers write elsewhere */
		for (int fd = 0; fd < 3; fd++)
			syscall1(__NR_close, fd);
	worker = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
	if (worker == 0)
		worker_main(index, slot);
	while (worker > 0) {
		r = syscall4(__NR_wait4, -1, (long)&st, __WALL, 0);
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
			syscall2(__NR_kill, p, SIGKILL);
		for (int i = 0; i < 20; i++) {
			r = syscall4(__NR_wait4, -1, (long)&st, __WALL | WNOHANG, 0);
			if (r < 0)
				break;
			if (r == 0)
				fz_sleep_ms(
					2); /* sleep-ok: a sweep's pause; the wait below reaps the rest */
		}
	}
	while (syscall4(__NR_wait4, -1, (long)&st, __WALL, 0) > 0)
		;
	syscall1(__NR_exit_group, code);
	__builtin_unreachable();
}

/* ---- the root: pid 1 of the fuzzing namespace ---- */

unsigned long fz_free_pages(void)
{
	struct sysinfo si;

	return sysinfo(&si) == 0 ? si.freeram : 0;
}

/* What a timed-out worker was doing: its state, call and page-fault count. */
#define DOING_LEN 48

struct slot {
	long pid; /* the nanny, 0 when free */
	unsigned int index;
	long long started, killed;
	unsigned long progress; /* the worker's count of calls started, when last seen */
	long long moved;	/* when the count last moved */
	unsigned long pages;	/* free pages when it started (pages=1) */
	char doing[DOING_LEN];	/* what the worker did when it timed out (by /proc) */
};

/* What the processes of the workers that timed out were doing, and how many of them each. */
#define TIMEOUT_CALLS 24

struct totals {
	unsigned int started, done, landed, exited, lost, timeouts, unkillable, init_killed;
	unsigned int by_signal[65];
	unsigned int reported;
	struct {
		char name[FZ_CALL_NAME];
		unsigned int n;
	} timed_out_in[TIMEOUT_CALLS];
};

/* Slot's last call name, copied out of the shared page: printable, terminated, or "none". */
static void last_call_of(unsigned int slot, char name[FZ_CALL_NAME])
{
	size_t i = 0;

	for (; i < FZ_CALL_NAME - 1 && fz_last_call[slot][i]; i++) {
		char ch = fz_last_call[slot][i];

		name[i] = (ch > ' ' && ch < 0x7f) ? ch : '?';
	}
	name[i] = '\0';
	if (!i)
		strcpy(name, "none");
}

/* Counts one process of a timed-out worker under what it did ("other" when the table is full). */
static void count_timeout(struct totals *t, const char *call)
{
	size_t i;

	for (i = 0; i < TIMEOUT_CALLS && t->timed_out_in[i].n; i++)
		if (strcmp(t->timed_out_in[i].name, call) == 0)
			break;
	if (i == TIMEOUT_CALLS) {
		i = TIMEOUT_CALLS - 1;
		call = "other";
	}
	strcpy(t->timed_out_in[i].name, call);
	t->timed_out_in[i].n++;
}

/* "# fuzz: ...: in call 98 40, running 3, ...": the calls that may wait for good. */
static void print_timeouts(const struct totals *t)
{
	if (!t->timeouts)
		return;
	printf("# fuzz: the timed-out workers' processes, by /proc/PID/syscall when killed:");
	for (size_t i = 0; i < TIMEOUT_CALLS && t->timed_out_in[i].n; i++)
		printf("%s %s %u", i ? "," : "", t->timed_out_in[i].name, t->timed_out_in[i].n);
	printf("\n");
}

/* The processes the root sees, each with its parent (a walk of /proc). */
struct proc_list {
	long pid[128], ppid[128];
	long minflt[128]; /* its page faults: a count that races while it runs is a fault loop */
	char state[128];  /* its stat's state letter */
	bool under[128];  /* a descendant of the nanny looked at */
	unsigned int n;
};

void fz_read_proc(const char *path, char *buf, size_t size)
{
	long fd = syscall4(__NR_openat, AT_FDCWD, (long)path, O_RDONLY, 0);
	long got = fd >= 0 ? syscall3(__NR_read, fd, (long)buf, (long)size - 1) : -1;

	if (fd >= 0)
		syscall1(__NR_close, fd);
	buf[got > 0 ? got : 0] = 0;
}

/* /proc/PID/what into buf, as fz_read_proc(). */
static void read_proc_of(long pid, const char *what, char *buf, size_t size)
{
	char path[48];

	snprintf(path, sizeof(path), "/proc/%ld/%s", pid, what);
	fz_read_proc(path, buf, size);
}

static void note_process(const char *name, void *ctx)
{
	struct proc_list *l = ctx;
	char stat[128];
	const char *end;
	long pid;

	if (name[0] < '1' || name[0] > '9' || l->n == N(l->pid))
		return;
	pid = strtol(name, NULL, 10);
	read_proc_of(pid, "stat", stat, sizeof(stat));
	end = strrchr(stat, ')'); /* pid (comm) state ppid */
	if (!end || strlen(end) < 5)
		return;
	l->pid[l->n] = pid;
	l->state[l->n] = end[2];
	/* ppid, then pgrp, session, tty_nr, tpgid, flags, and minflt */
	char *p = (char *)end + 4;

	l->ppid[l->n] = strtol(p, &p, 10);
	for (int field = 0; field < 5; field++)
		(void)strtol(p, &p, 10);
	l->minflt[l->n] = strtol(p, NULL, 10);
	l->under[l->n++] = false;
}

/*
 * Before a timed-out worker is killed: what each process under its nanny
 * is doing, by its state letter (S asleep, T stopped, t traced, R
 * runnable) and /proc/PID/syscall -- in a call ("in call N", the arch's
 * number), outside one (entered through an interrupt or a fault), or
 * running -- counted in t; the worker's own, with its page faults, in
 * doing. A worker whose processes all sleep in calls that may wait for
 * good (a read of an empty pipe, a futex no one wakes, pause) timed out
 * by design; one that runs, or sleeps in a call that cannot wait, is
 * worth a replay.
 */
static void count_what_timed_out(struct totals *t, long nanny, char doing[DOING_LEN])
{
	static struct proc_list l;
	char line[160], key[FZ_CALL_NAME];
	long dir = syscall4(__NR_openat, AT_FDCWD, (long)"/proc", O_RDONLY | O_DIRECTORY, 0);
	bool more = true;

	strcpy(doing, "gone");
	if (dir < 0)
		return;
	l.n = 0;
	fz_each_entry(dir, note_process, &l);
	syscall1(__NR_close, dir);
	while (more) { /* the nanny's descendants, generation by generation */
		more = false;
		for (unsigned int i = 0; i < l.n; i++) {
			if (l.under[i])
				continue;
			bool parent_under = l.ppid[i] == nanny;

			for (unsigned int j = 0; j < l.n && !parent_under; j++)
				parent_under = l.under[j] && l.pid[j] == l.ppid[i];
			if (parent_under)
				l.under[i] = more = true;
		}
	}
	for (unsigned int i = 0; i < l.n; i++) {
		if (!l.under[i])
			continue;
		read_proc_of(l.pid[i], "syscall", line, sizeof(line));
		if (!line[0])
			continue; /* gone meanwhile */
		if (strncmp(line, "running", 7) == 0)
			snprintf(key, sizeof(key), "%c running", l.state[i]);
		else if (line[0] == '-')
			snprintf(key, sizeof(key), "%c outside a call", l.state[i]);
		else
			snprintf(key, sizeof(key), "%c in call %ld", l.state[i],
				 strtol(line, NULL, 10));
		count_timeout(t, key);
		if (l.ppid[i] == nanny)
			snprintf(doing, DOING_LEN, "%s, %ld faults", key, l.minflt[i]);
	}
}

/* Starts worker index under a nanny in a new PID namespace; its calls count in fz_progress[slot]. */
static long start_nanny(unsigned int index, unsigned int slot)
{
	struct clone_args a;
	long pid;

	memset(&a, 0, sizeof(a));
	a.flags = CLONE_NEWPID;
	a.exit_signal = SIGCHLD;
	pid = syscall2(__NR_clone3, (long)&a, CLONE_ARGS_SIZE_VER0);
	if (pid == 0)
		nanny_main(index, slot);
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
	       "TRACE=1\n",
	       s->index, (unsigned long)fuzz_worker_seed(cfg.seed, s->index), what,
	       (unsigned long)cfg.seed, s->index, cfg.calls);
}

static void account(struct totals *t, struct slot *s, unsigned int slot, int st)
{
	char what[128];

	if (WIFSIGNALED(st)) {
		if (s->killed) {
			char call[FZ_CALL_NAME];

			last_call_of(slot, call);
			t->timeouts++;
			snprintf(what, sizeof(what),
				 "timed out (%s) after it started %s, and was killed", s->doing,
				 call);
			report(t, s, what);
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
	return !cfg.seconds || fz_now_ms() - start < (long long)cfg.seconds * 1000;
}

static int root_main(void)
{
	struct slot slots[16];
	struct totals t;
	unsigned int next = cfg.only >= 0 ? (unsigned int)cfg.only : cfg.first;
	unsigned int end = cfg.only >= 0 ? next + 1 : cfg.workers;
	unsigned int jobs = cfg.jobs < N(slots) ? cfg.jobs : N(slots);
	long long start = fz_now_ms();
	int st;

	memset(slots, 0, sizeof(slots));
	memset(&t, 0, sizeof(t));
	root_signals_setup();
	tty_save(); /* put back after every worker */
	fz_progress = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	fz_last_call = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (fz_progress == MAP_FAILED || fz_last_call == MAP_FAILED) {
		printf("# fuzz: no shared page for the workers' progress\n");
		return 4;
	}
	for (;;) {
		unsigned int live = 0;

		for (unsigned int i = 0; i < jobs; i++) {
			if (!slots[i].pid && (next < end || (!cfg.workers && cfg.only < 0)) &&
			    time_left(start)) {
				fflush_stdout();
				slots[i].pages = cfg.pages ? fz_free_pages() : 0;
				fz_progress[i] = 0;
				fz_last_call[i][0] = '\0';
				slots[i].progress = 0;
				slots[i].pid = start_nanny(next, i);
				slots[i].index = next++;
				slots[i].started = slots[i].moved = fz_now_ms();
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

		long r = syscall4(__NR_wait4, -1, (long)&st, WNOHANG | __WALL, 0);

		if (r > 0) {
			for (unsigned int i = 0; i < jobs; i++) {
				if (slots[i].pid == r) {
					account(&t, &slots[i], i, st);
					slots[i].pid = 0;
					tty_restore(); /* the report's lines as the console began */
					if (cfg.pages && fz_free_pages() != slots[i].pages)
						printf("# worker %u: free pages %lu before, %lu "
						       "after\n",
						       slots[i].index, slots[i].pages,
						       fz_free_pages());
				}
			}
			continue; /* else an orphan of a killed namespace, reaped */
		}
		for (unsigned int i = 0; i < jobs; i++) {
			struct slot *s = &slots[i];
			long long now = fz_now_ms();

			unsigned long progress = fz_progress[i];

			if (!s->pid)
				continue;
			if (progress != s->progress) {
				s->progress = progress;
				s->moved = now;
			}
			if (!s->killed && now - s->moved > cfg.timeout) {
				count_what_timed_out(&t, s->pid, s->doing);
				syscall2(__NR_kill, s->pid, SIGKILL);
				s->killed = now;
			} else if (s->killed && now - s->killed > KILL_GRACE_MS) {
				t.unkillable++;
				report(&t, s,
				       "did not die within HANG_MS of SIGKILL (a task that cannot "
				       "be killed)");
				s->pid = 0;
			}
		}
		root_sleep_ms(5); /* sleep-ok: the poll's interval, ended early by a nanny's end */
	}
	/* Whatever is left (orphans of killed namespaces) is ours to reap. */
	for (long long end = fz_now_ms() + HANG_MS;
	     syscall4(__NR_wait4, -1, (long)&st, WNOHANG | __WALL, 0) >= 0 && fz_now_ms() < end;)
		fz_sleep_ms(5); /* sleep-ok: the poll's interval */

	unsigned int calls = cfg.calls * (t.started);

	printf("# fuzz: %u workers (%u calls each, %u generated at most) in %lld ms: %u made all "
	       "their calls, "
	       "%u came back through a rewritten signal frame, %u exited early, %u timed out\n",
	       t.started, cfg.calls, calls, fz_now_ms() - start, t.done, t.landed, t.exited,
	       t.timeouts);
	print_timeouts(&t);
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
int fuzz_run_root(void)
{
	struct clone_args a;
	long pid;
	int st;

	fflush_stdout();
	memset(&a, 0, sizeof(a));
	a.flags = CLONE_NEWPID;
	a.exit_signal = SIGCHLD;
	pid = syscall2(__NR_clone3, (long)&a, CLONE_ARGS_SIZE_VER0);
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

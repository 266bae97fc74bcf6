// SPDX-License-Identifier: MIT
/*
 * /bin/bench_smp: how Umbra's throughput grows with CPUs. Not a test and
 * not run by /init: `make bench-smp` (scripts/bench-smp) boots it as init
 * (init=/bin/bench_smp -- window=TICKS) on the deterministic emulators with
 * 1, 2 and 4 CPUs and turns its lines into ops per million ticks and the
 * ratio to one CPU. The same static binary runs on Linux for the anchor.
 *
 * For each workload one worker process per CPU, pinned there
 * (sched_setaffinity), loops one operation for the same window of the CPU
 * counter (counter.h: RDTSC, CNTVCT_EL0), all starting at one agreed
 * count; the sum of their completed operations is the figure:
 *   getppid        getppid()
 *   mmap_touch     mmap one page, write it, munmap
 *   thread_shstk   libc thread_create + thread_join, shadow stacks on
 *                  (skipped where the machine has none)
 *   fork_wait      fork, the child _exits, wait4
 *   pipe_pingpong  one byte to a partner process (pinned to the same CPU)
 *                  and one back, through two pipes
 *
 * settle_ms=MS sleeps that long before the first workload: make bench-smp
 * gives it Linux, whose kernel threads still finish its boot in the first
 * second after init starts, so a window there measured them too.
 *
 * Output, one line each:
 *   bench-smp begin kernel=K arch=A counter=C cpus=N window=W
 *   bench-smp result WORKLOAD cpus=N ops=X ticks=W late=L per_cpu=X0,X1,...
 * (L: the most ticks a worker began after the agreed start; Xi: each
 * worker's count)
 *   bench-smp lockstat WORKLOAD cpus=N NAME=CONTENTIONS/TICKS ...
 * (where the kernel has Umbra's /proc/lock_stat: the locks that made a
 * CPU wait during the workload, how often and how long in all)
 *   bench-smp skip WORKLOAD | why
 *   bench-smp end
 */
#include "counter.h"
#include "shstk_enable.h"
#include <machine/syscall.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/reboot.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <thread.h>
#include <uapi/linux/ioctls.h>
#include <uapi/umbra/lock_stat.h>
#include <unistd.h>

#define MAX_CPUS 64
#define DEFAULT_WINDOW 20000000ull /* ticks each worker loops for */
#define START_MARGIN 4000000ull	   /* ticks from the go to the agreed start */

static uint64_t window = DEFAULT_WINDOW;
static unsigned long settle_ms; /* asleep before the first workload (settle_ms=) */
static int cpu_ids[MAX_CPUS];
static int ncpus;
static size_t page;

/* ---- Umbra's /proc/lock_stat: which locks a workload waited on ---- */

#define LOCK_STAT_MAX 40

struct lock_snapshot {
	int n;
	char name[LOCK_STAT_MAX][32];
	unsigned long contentions[LOCK_STAT_MAX], ticks[LOCK_STAT_MAX];
};

/* Reads /proc/lock_stat into *s; false where there is none in Umbra's shape (Linux). */
static bool lock_stat_snapshot(struct lock_snapshot *s)
{
	static char text[4096];
	int fd = open("/proc/lock_stat", O_RDONLY);
	ssize_t len = 0, got;
	char *p;

	s->n = 0;
	if (fd < 0)
		return false;
	while (len < (ssize_t)sizeof(text) - 1 &&
	       (got = read(fd, text + len, sizeof(text) - 1 - (size_t)len)) > 0)
		len += got;
	close(fd);
	text[len] = '\0';
	if (strncmp(text, LOCK_STAT_HEADER, strlen(LOCK_STAT_HEADER)) != 0)
		return false;
	for (p = text + strlen(LOCK_STAT_HEADER); *p && s->n < LOCK_STAT_MAX;) {
		char *end, *nl;
		size_t nlen;

		s->contentions[s->n] = strtoul(p, &end, 10);
		s->ticks[s->n] = strtoul(end, &end, 10);
		strtoul(end, &end, 10); /* the longest wait */
		nl = strchr(end, '\n');
		if (*end != ' ' || !nl)
			break;
		/* The name, its spaces made '_' so the report's NAME=... stays one word. */
		nlen = (size_t)(nl - end - 1);
		if (nlen >= sizeof(s->name[0]))
			nlen = sizeof(s->name[0]) - 1;
		memcpy(s->name[s->n], end + 1, nlen);
		s->name[s->n][nlen] = '\0';
		for (char *c = s->name[s->n]; *c; c++)
			if (*c == ' ')
				*c = '_';
		s->n++;
		p = nl + 1;
	}
	return true;
}

/* Prints what changed from before to after: the locks that made CPUs wait meanwhile. */
static void lock_stat_report(const char *workload, const struct lock_snapshot *before,
			     const struct lock_snapshot *after)
{
	printf("bench-smp lockstat %s cpus=%d", workload, ncpus);
	for (int i = 0; i < after->n; i++) {
		unsigned long c = after->contentions[i], t = after->ticks[i];

		for (int j = 0; j < before->n; j++) {
			if (strcmp(before->name[j], after->name[i]) == 0) {
				c -= before->contentions[j];
				t -= before->ticks[j];
			}
		}
		if (c)
			printf(" %s=%lu/%lu", after->name[i], c, t);
	}
	printf("\n");
}

/* The CPUs this process may run on (sched_getaffinity), in cpu_ids[]. */
static void read_cpus(void)
{
	unsigned long mask[MAX_CPUS / (8 * sizeof(unsigned long))] = { 0 };
	long n = syscall3(__NR_sched_getaffinity, 0, sizeof(mask), (long)mask);

	ncpus = 0;
	for (int i = 0; n > 0 && i < MAX_CPUS; i++)
		if (mask[i / (8 * sizeof(unsigned long))] &
		    (1ul << (i % (8 * sizeof(unsigned long)))))
			cpu_ids[ncpus++] = i;
	if (ncpus == 0) { /* no answer: one CPU, unpinned */
		cpu_ids[0] = -1;
		ncpus = 1;
	}
}

static void pin_to(int cpu)
{
	unsigned long mask[MAX_CPUS / (8 * sizeof(unsigned long))] = { 0 };

	if (cpu < 0)
		return;
	mask[cpu / (8 * sizeof(unsigned long))] = 1ul << (cpu % (8 * sizeof(unsigned long)));
	syscall3(__NR_sched_setaffinity, 0, sizeof(mask), (long)mask);
}

/* --- the operations: true when one completed ------------------------------------------- */

static bool op_getppid(void)
{
	return getppid() > 0;
}

static bool op_mmap_touch(void)
{
	volatile char *p =
		mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return false;
	p[0] = 1;
	return munmap((void *)p, page) == 0;
}

static int thread_return(void *arg)
{
	return (int)(long)arg;
}

static bool op_thread(void)
{
	struct thread t;
	int res = 0;

	if (thread_create(&t, thread_return, (void *)1l, NULL) != 0)
		return false;
	thread_join(&t, &res);
	return res == 1;
}

static bool op_fork_wait(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	return pid > 0 && wait4(pid, &status, 0, NULL) == pid && status == 0;
}

static int to_partner[2], from_partner[2];

static bool op_pingpong(void)
{
	char c = 'x';

	return write(to_partner[1], &c, 1) == 1 && read(from_partner[0], &c, 1) == 1;
}

/* The partner: echoes each byte until its pipe closes. */
static void partner(int cpu)
{
	char c;

	pin_to(cpu);
	close(to_partner[1]);
	close(from_partner[0]);
	while (read(to_partner[0], &c, 1) == 1)
		if (write(from_partner[1], &c, 1) != 1)
			break;
	_exit(0);
}

struct workload {
	const char *name;
	bool (*op)(void);
	bool shstk;
	bool pair;
};

static const struct workload workloads[] = {
	{ "getppid", op_getppid, false, false },
	{ "mmap_touch", op_mmap_touch, false, false },
	{ "thread_shstk", op_thread, true, false },
	{ "fork_wait", op_fork_wait, false, false },
	{ "pipe_pingpong", op_pingpong, false, true },
};

/* What a worker reports: its place in cpu_ids[], its count, and how late it began. */
struct worker_result {
	uint64_t index, ops, late;
};

/*
 * One worker: on its CPU, waits for the start the parent sends, loops until
 * the window ends, writes its count. Shadow stacks turned on here stay on
 * to the end, so this never returns: it leaves with SHSTK_EXIT().
 */
static __attribute__((noreturn)) void worker(const struct workload *w, int index, int go_fd,
					     int result_fd)
{
	int cpu = cpu_ids[index];
	uint64_t start, end, now;
	struct worker_result r = { (uint64_t)index, 0, 0 };

	pin_to(cpu);
	if (w->pair) {
		pid_t pid;

		if (pipe(to_partner) || pipe(from_partner))
			SHSTK_EXIT(2);
		pid = fork();
		if (pid == 0)
			partner(cpu);
		close(to_partner[0]);
		close(from_partner[1]);
	}
	if (w->shstk && SHSTK_ENABLE())
		SHSTK_EXIT(3);
	if (read(go_fd, &start, sizeof(start)) != sizeof(start))
		SHSTK_EXIT(4);
	end = start + window;
	while ((now = counter_read()) < start)
		;
	r.late = now - start; /* past the agreed start: the margin was too short */
	while (counter_read() < end) {
		if (!w->op())
			SHSTK_EXIT(5);
		r.ops++;
	}
	if (write(result_fd, &r, sizeof(r)) != sizeof(r))
		SHSTK_EXIT(6);
	if (w->pair) {
		close(to_partner[1]); /* the partner reads EOF and exits; init reaps it */
		wait4(-1, NULL, 0, NULL);
	}
	SHSTK_EXIT(0);
}

/* Whether this machine gives shadow stacks: a child turns them on and says. */
static bool have_shadow_stacks(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		SHSTK_EXIT(SHSTK_ENABLE() ? 1 : 0);
	return pid > 0 && wait4(pid, &status, 0, NULL) == pid && status == 0;
}

static void run(const struct workload *w)
{
	int go[2], result[2], failed = 0;
	uint64_t start, total = 0, late = 0, per_cpu[MAX_CPUS] = { 0 };

	static struct lock_snapshot locks_before, locks_after;
	bool lock_stat = lock_stat_snapshot(&locks_before);

	if (pipe(go) || pipe(result)) {
		printf("bench-smp skip %s | no pipe\n", w->name);
		return;
	}
	fflush_stdout();
	for (int i = 0; i < ncpus; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			close(go[1]);
			close(result[0]);
			worker(w, i, go[0], result[1]);
		}
		if (pid < 0)
			failed++;
	}
	close(go[0]);
	close(result[1]);
	start = counter_read() + START_MARGIN;
	for (int i = 0; i < ncpus; i++)
		if (write(go[1], &start, sizeof(start)) != sizeof(start))
			failed++;
	close(go[1]);
	for (int i = 0; i < ncpus; i++) {
		struct worker_result r;

		if (read(result[0], &r, sizeof(r)) == sizeof(r) && r.index < (uint64_t)ncpus) {
			total += r.ops;
			per_cpu[r.index] = r.ops;
			late = r.late > late ? r.late : late;
		} else {
			failed++;
		}
	}
	close(result[0]);
	if (lock_stat && lock_stat_snapshot(&locks_after))
		lock_stat_report(w->name, &locks_before, &locks_after);
	for (int i = 0; i < ncpus; i++) {
		int status;

		if (wait4(-1, &status, 0, NULL) < 0 || status != 0)
			failed++;
	}
	if (failed) {
		printf("bench-smp skip %s | %d of %d workers failed\n", w->name, failed, ncpus);
		return;
	}
	printf("bench-smp result %s cpus=%d ops=%llu ticks=%llu late=%llu per_cpu=", w->name, ncpus,
	       (unsigned long long)total, (unsigned long long)window, (unsigned long long)late);
	for (int i = 0; i < ncpus; i++)
		printf("%s%llu", i ? "," : "", (unsigned long long)per_cpu[i]);
	printf("\n");
}

int main(int argc, char **argv)
{
	struct utsname u;
	bool shstk;

	page = (size_t)getpagesize();
	for (int i = 1; i < argc; i++) {
		if (strncmp(argv[i], "window=", 7) == 0 && strtoul(argv[i] + 7, NULL, 10) > 0)
			window = strtoul(argv[i] + 7, NULL, 10);
		else if (strncmp(argv[i], "settle_ms=", 10) == 0)
			settle_ms = strtoul(argv[i] + 10, NULL, 10);
		else
			printf("bench-smp note ignored argument '%s'\n", argv[i]);
	}
	read_cpus();
	uname(&u);
	printf("bench-smp begin kernel=%s arch=%s counter=%s cpus=%d window=%llu\n", u.sysname,
	       u.machine, COUNTER_NAME, ncpus, (unsigned long long)window);
	if (settle_ms) {
		struct timespec t = { (time_t)(settle_ms / 1000),
				      (long)(settle_ms % 1000) * 1000000 };

		syscall(__NR_nanosleep, &t, NULL);
	}
	shstk = have_shadow_stacks();
	for (size_t i = 0; i < sizeof(workloads) / sizeof(workloads[0]); i++) {
		if (workloads[i].shstk && !shstk)
			printf("bench-smp skip %s | no shadow stacks here\n", workloads[i].name);
		else
			run(&workloads[i]);
	}
	printf("bench-smp end\n");
	fflush_stdout();
	/*
	 * As init, power the machine off. First tcdrain (TCSBRK with a
	 * non-zero argument): Linux's serial driver may still hold the last
	 * lines in its buffer, and a panic does not wait for them (/init
	 * drains for the same reason). Umbra's console has sent everything
	 * already, so there it returns at once. Then
	 * reboot(2): on Linux an init that exits panics instead (tests/linux/
	 * stage's panic=-1 turns that into a restart); Umbra's power-off is
	 * what its init's exit with status 0 does too.
	 */
	if (getpid() == 1) {
		syscall(__NR_ioctl, 1, TCSBRK, 1);
		reboot((int)LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2, LINUX_REBOOT_CMD_POWER_OFF,
		       NULL);
	}
	return 0;
}

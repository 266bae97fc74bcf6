// SPDX-License-Identifier: MIT
/*
 * /bin/bench: what Umbra's process, thread and memory operations cost,
 * timed with the CPU counter user space reads itself (counter.h: RDTSC,
 * CNTVCT_EL0). Not a test and not run by /init: `make bench` boots it as
 * init (init=/bin/bench -- runs=N live=N maps=N) on the deterministic
 * emulators, where the counter counts instructions, and scripts/bench turns
 * its output into a table, CSV files and a plot.
 *
 * Every row is the median of `runs` samples (default 1000) after one
 * warm-up, each sample one operation between two counter reads: getppid;
 * clock_gettime(CLOCK_MONOTONIC) by the system call and through the vDSO
 * (shadow stacks off and on);
 * fork + wait4, shadow stacks off and on, each in a process fresh from
 * execve (/bin/bench row=KEY), so both fork the same small address space;
 * a raw clone(2) thread (CLONE_VM ..., the child exits at
 * once) joined on its CLONE_CHILD_CLEARTID futex, and a libc
 * thread_create + thread_join, shadow stacks off and on; mmap + munmap
 * against map_shadow_stack + munmap; mmap + munmap of one page with 0,
 * 1,000 and 10,000 other mappings; the create cost with 1, 100, 1,000 and
 * 10,000 live threads (shadow stacks off and on); the free pages an idle
 * thread's shadow stack holds (sysinfo's freeram is Umbra's exact free
 * page count). Shadow stacks are turned on once, half way, for good.
 *
 * Output, one line each, for scripts/bench (values in counter ticks):
 *   bench begin arch=A counter=C freq=HZ runs=N live=N maps=N
 *   bench boot ticks=T                        counter at the start of main
 *   bench row KEY runs=N median=M p10=.. p90=.. min=.. | what was timed
 *   bench row KEY skip | why                  not measured here
 *   bench value KEY V | what it is            a number that is not a time
 *   bench live PHASE n=N ticks=T              create cost at N live threads
 *   bench note TEXT
 *   bench end ticks=T ns=NS                   counter and CLOCK_MONOTONIC spent
 */
#include "bench_arch.h"
#include "counter.h"
#include "shstk_enable.h"
#include <errno.h>
#include <linux/futex.h>
#include <machine/syscall.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <thread.h>
#include <time.h>
#include <unistd.h>

#define MAX_RUNS 100000
#define CHECKPOINT_RUNS 100 /* samples per live-thread checkpoint, at most */
#define PAGE_THREADS 100    /* idle threads the page count is taken over */
#define SMALL_MAP (64 * 1024)
#define DEFAULT_MAP (8ul << 20) /* RLIMIT_STACK's default: x86_64's default shadow stack */
#define RAW_STACK 4096
#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* A thread exactly like a pthread: its own VM, files, handlers; joined by its tid word. */
#define RAW_THREAD_FLAGS                                                                    \
	(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | \
	 CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID)

static unsigned long runs = 1000, live_max = 10000, maps_max = 10000;
static uint64_t *samples; /* MAX_RUNS of them, mapped once */
static size_t page;
static const unsigned long checkpoints[] = { 1, 100, 1000, 10000 };

/* --- statistics ------------------------------------------------------------------------ */

static void sort(uint64_t *v, size_t n)
{
	static const size_t gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 }; /* Ciura's */

	for (size_t g = 0; g < ARRAY_LEN(gaps); g++) {
		for (size_t i = gaps[g]; i < n; i++) {
			uint64_t x = v[i];
			size_t j = i;

			for (; j >= gaps[g] && v[j - gaps[g]] > x; j -= gaps[g])
				v[j] = v[j - gaps[g]];
			v[j] = x;
		}
	}
}

static uint64_t median_of(uint64_t *v, size_t n)
{
	sort(v, n);
	return n ? v[n / 2] : 0;
}

/* Prints samples[0..n) as row key, sorted in place. */
static void print_row(const char *key, size_t n, const char *what)
{
	if (n == 0) {
		printf("bench row %s skip | %s: no sample\n", key, what);
		return;
	}
	sort(samples, n);
	printf("bench row %s runs=%zu median=%llu p10=%llu p90=%llu min=%llu | %s\n", key, n,
	       (unsigned long long)samples[n / 2], (unsigned long long)samples[n / 10],
	       (unsigned long long)samples[n * 9 / 10], (unsigned long long)samples[0], what);
}

static void skip_row(const char *key, const char *what, const char *why, int err)
{
	printf("bench row %s skip | %s: %s (errno %d)\n", key, what, why, err);
}

static unsigned long free_pages(void)
{
	struct sysinfo si;

	return sysinfo(&si) == 0 ? si.freeram : 0;
}

/* --- the operations: each returns its duration in ticks, OP_FAILED when it failed ------- */

#define OP_FAILED UINT64_MAX

static uint64_t time_counter(void)
{
	uint64_t t0 = counter_read();

	return counter_read() - t0;
}

static uint64_t time_getppid(void)
{
	uint64_t t0 = counter_read();

	getppid();
	return counter_read() - t0;
}

/* clock_gettime(CLOCK_MONOTONIC) as libc makes it: through the vDSO where the kernel maps one. */
static uint64_t time_vdso_clock_gettime(void)
{
	struct timespec ts;
	uint64_t t0 = counter_read();

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return counter_read() - t0;
}

/* The same clock by the system call, for comparison. */
static uint64_t time_syscall_clock_gettime(void)
{
	struct timespec ts;
	uint64_t t0 = counter_read();

	syscall2(__NR_clock_gettime, CLOCK_MONOTONIC, (long)&ts);
	return counter_read() - t0;
}

static uint64_t time_fork_wait(void)
{
	int status;
	uint64_t t0 = counter_read();
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	if (pid < 0 || wait4(pid, &status, 0, NULL) != pid)
		return OP_FAILED;
	return counter_read() - t0;
}

/* fork, execve of the bundled 2 MB static busybox ("true"), wait4: what each shell command costs. */
static uint64_t time_exec_busybox(void)
{
	static char *const argv[] = { "true", NULL }, *const envp[] = { NULL };
	int status;
	uint64_t t0 = counter_read();
	pid_t pid = fork();

	if (pid == 0) {
		execve("/bin/busybox", argv, envp);
		_exit(127);
	}
	if (pid < 0 || wait4(pid, &status, 0, NULL) != pid || status != 0)
		return OP_FAILED;
	return counter_read() - t0;
}

static char raw_stack[RAW_STACK] __attribute__((aligned(16)));

/*
 * clone(2) without a stack size: with shadow stacks on, the kernel gives
 * the thread one of the default size. CLONE_PARENT_SETTID stores the tid in
 * the word before the child can run, CLONE_CHILD_CLEARTID zeroes it and
 * wakes it at the child's exit: the join is "wait until it is 0".
 */
static uint64_t time_raw_thread(void)
{
	static volatile int tid_word;
	uint64_t t0 = counter_read();
	long tid = bench_clone_exit(RAW_THREAD_FLAGS, raw_stack + RAW_STACK, (int *)&tid_word,
				    (int *)&tid_word);
	int seen;

	if (tid <= 0) {
		errno = (int)-tid;
		return OP_FAILED;
	}
	while ((seen = __atomic_load_n(&tid_word, __ATOMIC_ACQUIRE)) != 0)
		futex((volatile uint32_t *)&tid_word, FUTEX_WAIT, (uint32_t)seen, NULL);
	return counter_read() - t0;
}

static int thread_return(void *arg)
{
	return (int)(long)arg;
}

static uint64_t time_libc_thread(void)
{
	struct thread t;
	uint64_t t0 = counter_read();

	if (thread_create(&t, thread_return, NULL, NULL) != 0)
		return OP_FAILED;
	thread_join(&t, NULL);
	return counter_read() - t0;
}

static size_t map_size = SMALL_MAP;

static uint64_t time_mmap(void)
{
	uint64_t t0 = counter_read();
	void *p = mmap(NULL, map_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED || munmap(p, map_size) != 0)
		return OP_FAILED;
	return counter_read() - t0;
}

static uint64_t time_map_shadow_stack(void)
{
	uint64_t t0 = counter_read();
	void *p = map_shadow_stack(NULL, map_size, SHADOW_STACK_SET_TOKEN);

	if (p == MAP_FAILED || munmap(p, map_size) != 0)
		return OP_FAILED;
	return counter_read() - t0;
}

/*
 * One row: a warm-up, then n samples of op. A failed sample ends the row
 * with what was collected; *err gets its errno.
 */
static size_t sample(uint64_t (*op)(void), unsigned long n, int *err)
{
	size_t got = 0;

	*err = 0;
	errno = 0;
	if (op() == OP_FAILED) {
		*err = errno;
		return 0;
	}
	while (got < n) {
		uint64_t t = op();

		if (t == OP_FAILED) {
			*err = errno;
			break;
		}
		samples[got++] = t;
	}
	return got;
}

static void row(const char *key, uint64_t (*op)(void), const char *what)
{
	int err;
	size_t n = sample(op, runs, &err);

	if (n)
		print_row(key, n, what);
	else
		skip_row(key, what, "the operation failed", err);
	fflush_stdout();
}

/* --- many mappings ------------------------------------------------------------------------ */

/*
 * mmap + munmap of one page with 0, 1,000 and 10,000 other mappings: one-page
 * mappings made by plain mmap (so they lie where the kernel puts them),
 * alternately read-only and read-write so that no kernel merges them.
 */
static void mappings_rows(void)
{
	static const unsigned long counts[] = { 1000, 10000 };
	void **maps = mmap(NULL, maps_max * sizeof(void *) + 1, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned long n = 0;
	int err = maps == MAP_FAILED ? errno : 0;

	map_size = page;
	row("mmap_1page_0", time_mmap, "mmap + munmap of 1 page, no other mappings added");
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
		char key[32], what[96];

		snprintf(key, sizeof(key), "mmap_1page_%lu", counts[i]);
		snprintf(what, sizeof(what), "mmap + munmap of 1 page with %lu other mappings",
			 counts[i]);
		while (maps != MAP_FAILED && n < counts[i] && n < maps_max) {
			int prot = (n & 1) ? PROT_READ : PROT_READ | PROT_WRITE;
			void *p = mmap(NULL, page, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

			if (p == MAP_FAILED) {
				err = errno;
				break;
			}
			maps[n++] = p;
		}
		if (n < counts[i]) {
			printf("bench row %s skip | %s: only %lu mappings (maps=%lu, errno %d)\n",
			       key, what, n, maps_max, err);
			continue;
		}
		row(key, time_mmap, what);
	}
	while (n)
		munmap(maps[--n], page);
	if (maps != MAP_FAILED)
		munmap(maps, maps_max * sizeof(void *) + 1);
}

/* --- live threads ------------------------------------------------------------------------- */

static volatile uint32_t release_word, spare_word;
static volatile uint32_t parked; /* idle threads that reached their wait */

/* Waits until *arg (a release word) is set; the thread is then "idle". */
static int idle_thread(void *arg)
{
	volatile uint32_t *word = arg;

	__atomic_fetch_add(&parked, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(word, __ATOMIC_ACQUIRE) == 0)
		futex(word, FUTEX_WAIT, 0, NULL);
	return 0;
}

/* libc threads made with clone(2): each gets the default-size shadow stack when they are on. */
static const struct thread_attr idle_attr = { .flags = THREAD_ATTR_LEGACY_CLONE };

static uint64_t time_idle_create(struct thread *t, volatile uint32_t *word)
{
	uint64_t t0 = counter_read();
	int err = thread_create(t, idle_thread, (void *)word, &idle_attr);

	if (err) {
		errno = -err;
		return OP_FAILED;
	}
	return counter_read() - t0;
}

/* Sets *word, wakes its waiters, joins threads[0..n). */
static void release(volatile uint32_t *word, struct thread *threads, unsigned long n)
{
	__atomic_store_n(word, 1, __ATOMIC_RELEASE);
	futex(word, FUTEX_WAKE, 0x7fffffff, NULL);
	while (n)
		thread_join(&threads[--n], NULL);
	__atomic_store_n(word, 0, __ATOMIC_RELEASE);
}

/*
 * At a checkpoint (n - 1 threads alive): the median of up to
 * CHECKPOINT_RUNS creations of thread number n, each joined again untimed.
 */
static void checkpoint_row(const char *phase, unsigned long n, struct thread *spare)
{
	unsigned long want = runs < CHECKPOINT_RUNS ? runs : CHECKPOINT_RUNS;
	size_t got = 0;
	char key[48], what[128];
	int err = 0;

	snprintf(key, sizeof(key), "live_%s_%lu", phase, n);
	snprintf(what, sizeof(what),
		 "create thread number %lu, the others idle (libc, clone(2)), shadow stacks %s", n,
		 phase);
	while (got < want) {
		uint64_t t = time_idle_create(spare, &spare_word);

		if (t == OP_FAILED) {
			err = errno;
			break;
		}
		samples[got++] = t;
		release(&spare_word, spare, 1);
	}
	if (got)
		print_row(key, got, what);
	else
		skip_row(key, what, "could not create it", err);
	fflush_stdout();
}

/*
 * Threads are added one by one up to live_max (or until the kernel says
 * no); their create costs go out in buckets for the plot, and at the
 * checkpoints the n-th creation is timed over and over.
 */
static void live_threads(const char *phase)
{
	size_t bytes = (live_max + 1) * sizeof(struct thread);
	struct thread *threads =
		mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t *costs = samples + MAX_RUNS / 2; /* checkpoint_row() uses the first half */
	unsigned long n = 0, bucket_start = 1;
	size_t c = 0, in_bucket = 0;
	int err = 0;

	if (threads == MAP_FAILED) {
		printf("bench note live threads %s: no memory for %lu threads\n", phase, live_max);
		return;
	}
	while (n < live_max) {
		if (c < ARRAY_LEN(checkpoints) && checkpoints[c] == n + 1)
			checkpoint_row(phase, checkpoints[c++], &threads[live_max]);

		uint64_t t = time_idle_create(&threads[n], &release_word);

		if (t == OP_FAILED) {
			err = errno;
			break;
		}
		n++;
		costs[in_bucket++] = t;
		/*
		 * The first thread alone, then buckets of 9 or about 5 % of n
		 * (some 70 points up to 10,000), each its median: one sample
		 * in a bucket may have a timer tick in it.
		 */
		if (n == 1 ||
		    n - bucket_start + 1 >= (bucket_start > 180 ? bucket_start / 20 : 9)) {
			printf("bench live %s n=%lu ticks=%llu\n", phase, n,
			       (unsigned long long)median_of(costs, in_bucket));
			bucket_start = n + 1;
			in_bucket = 0;
		}
	}
	if (in_bucket)
		printf("bench live %s n=%lu ticks=%llu\n", phase, n,
		       (unsigned long long)median_of(costs, in_bucket));
	printf("bench value live_%s_reached %lu | live threads created, shadow stacks %s%s\n",
	       phase, n, phase, n < live_max ? " (then the kernel refused)" : "");
	if (n < live_max)
		printf("bench note live threads %s: thread %lu failed with errno %d\n", phase,
		       n + 1, err);
	for (; c < ARRAY_LEN(checkpoints) && checkpoints[c] <= live_max; c++)
		printf("bench row live_%s_%lu skip | create thread number %lu, shadow stacks %s: "
		       "only %lu threads could be created (errno %d)\n",
		       phase, checkpoints[c], checkpoints[c], phase, n, err);
	fflush_stdout();
	release(&release_word, threads, n);
	munmap(threads, bytes);
}

/*
 * Free pages per idle thread, counted in a fresh fork of this process (so
 * page tables left by earlier rows do not count): PAGE_THREADS threads
 * made as the live ones are, each run to its wait. With control set, each
 * thread also gets an ordinary mapping of the default shadow-stack size
 * right after it, its top page written where a thread's first push lands:
 * the same layout and page tables as a shadow stack, one data page. The
 * child prints the value (hundredths of a page) as "bench value KEY".
 */
static void pages_per_idle_thread(const char *key, bool control, const char *what)
{
	static struct thread threads[PAGE_THREADS];
	int status;
	pid_t pid;

	fflush_stdout();
	pid = fork();
	if (pid == 0) {
		long before, after;
		unsigned int n = 0;

		__atomic_store_n(&parked, 0, __ATOMIC_RELEASE);
		before = (long)free_pages();
		for (; n < PAGE_THREADS; n++) {
			if (thread_create(&threads[n], idle_thread, (void *)&release_word,
					  &idle_attr) != 0)
				break;
			if (control) {
				char *m = mmap(NULL, BENCH_DEFAULT_SHSTK_BYTES,
					       PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
					       -1, 0);

				if (m == MAP_FAILED)
					break;
				m[BENCH_DEFAULT_SHSTK_BYTES - 8] = 1;
			}
		}
		while (__atomic_load_n(&parked, __ATOMIC_ACQUIRE) < n)
			sched_yield(); /* until each has run to its wait */
		after = (long)free_pages();
		if (n < PAGE_THREADS)
			printf("bench value %s skip | %s: only %u threads\n", key, what, n);
		else
			printf("bench value %s %ld.%02ld | %s\n", key,
			       (before - after) * 100 / PAGE_THREADS / 100,
			       (before - after) * 100 / PAGE_THREADS % 100, what);
		fflush_stdout();
		_exit(0); /* the threads go with the process */
	}
	if (pid < 0 || wait4(pid, &status, 0, NULL) != pid)
		printf("bench value %s skip | %s: fork failed (errno %d)\n", key, what, errno);
}

/* --- the two halves ----------------------------------------------------------------------- */

static uint64_t start_ticks;
static long long start_ns;

static __attribute__((noreturn)) void finish(void)
{
	printf("bench end ticks=%llu ns=%lld\n", (unsigned long long)(counter_read() - start_ticks),
	       monotonic_ns() - start_ns);
	fflush_stdout();
	exit(0);
}

static void thread_rows(bool on)
{
	row(on ? "raw_thread_on" : "raw_thread_off", time_raw_thread,
	    on ? "raw clone(2) thread + futex join, shadow stack on (" BENCH_DEFAULT_SHSTK ")"
	       : "raw clone(2) thread + futex join, shadow stack off");
	row(on ? "libc_thread_on" : "libc_thread_off", time_libc_thread,
	    on ? "libc thread_create + thread_join (clone3, 64 KiB stack), shadow stack on"
	       : "libc thread_create + thread_join (clone3, 64 KiB stack), shadow stack off");
}

/* Shadow stacks on for good: never returns (the stack it enabled on is its own). */
static __attribute__((noreturn)) void second_half(void)
{
	long err = SHSTK_ENABLE();

	if (err) {
		const char *keys[] = { "vdso_clock_gettime_on", "raw_thread_on",
				       "libc_thread_on",	"live_on_1",
				       "live_on_100",		"live_on_1000",
				       "live_on_10000" };

		printf("bench note shadow stacks unavailable: %s says %ld\n", SHSTK_ENABLE_NAME,
		       err);
		for (size_t i = 0; i < ARRAY_LEN(keys); i++)
			printf("bench row %s skip | shadow stacks on: not available here\n",
			       keys[i]);
		printf("bench value pages_per_thread_on skip | no shadow stacks here\n");
		finish();
	}
	printf("bench note shadow stacks on: %s\n", SHSTK_ENABLE_NAME);
	row("vdso_clock_gettime_on", time_vdso_clock_gettime,
	    "clock_gettime(CLOCK_MONOTONIC) through the vDSO, shadow stack on");
	thread_rows(true);

	pages_per_idle_thread("pages_per_thread_on", false,
			      "free pages an idle thread holds, shadow stack (" BENCH_DEFAULT_SHSTK
			      ") on");
	fflush_stdout();
	live_threads("on");
	finish();
}

/*
 * profile=KEY: only that row, between "bench profile begin/end" lines, each
 * followed by a 3-second sleep, so a host tracing the emulator
 * (scripts/bench-profile) can switch its trace on and off around it. The
 * live_*_1000 rows time the 1,000th thread's creation and its join;
 * exec_busybox (profile only) fork + execve of /bin/busybox true + wait4.
 */
struct simple_row {
	const char *key;
	uint64_t (*op)(void);
	bool shstk_on;
	void (*setup)(void); /* the state the row needs, or NULL */
};

/* For mmap_1page_10000: the other mappings. */
/* For mmap_1page_0: one page, no other mappings added. */
static void setup_one_page(void)
{
	map_size = page;
}

static void setup_maps(void)
{
	map_size = page;
	for (unsigned long n = 0; n < 10000; n++)
		mmap(NULL, page, (n & 1) ? PROT_READ : PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

/* For live_*_1000: 999 idle threads, and room for the 1,000th (live_on_1: none). */
static struct thread *profile_threads;

static void setup_idle_threads(int n)
{
	profile_threads = mmap(NULL, 1000 * sizeof(struct thread), PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (int i = 0; profile_threads != MAP_FAILED && i < n; i++)
		thread_create(&profile_threads[i], idle_thread, (void *)&release_word, &idle_attr);
}

static void setup_threads(void)
{
	setup_idle_threads(999);
}

static void setup_no_threads(void)
{
	setup_idle_threads(0);
}

/* The 1,000th thread made and joined again (the live_*_1000 rows time the make only). */
static uint64_t time_spare_thread(void)
{
	uint64_t t0 = counter_read();

	if (profile_threads == MAP_FAILED ||
	    thread_create(&profile_threads[999], idle_thread, (void *)&spare_word, &idle_attr))
		return OP_FAILED;
	release(&spare_word, &profile_threads[999], 1);
	return counter_read() - t0;
}

/* For raw_thread_on_churned: 999 threads made and joined, their tables left behind. */
static void setup_churn(void)
{
	setup_threads();
	release(&release_word, profile_threads, 999);
}

/* For pipe_pingpong: a child that echoes each byte of one pipe into the other. */
static int to_partner = -1, from_partner = -1;

static void setup_partner(void)
{
	int there[2], back[2];
	char byte;

	if (pipe(there) || pipe(back))
		return;
	if (fork() == 0) {
		while (read(there[0], &byte, 1) == 1 && write(back[1], &byte, 1) == 1)
			;
		_exit(0);
	}
	to_partner = there[1];
	from_partner = back[0];
}

/* One byte to the partner and back: two wake-ups, two sleeps, two switches. */
static uint64_t time_pipe_pingpong(void)
{
	char byte = 'x';
	uint64_t t0 = counter_read();

	if (write(to_partner, &byte, 1) != 1 || read(from_partner, &byte, 1) != 1)
		return OP_FAILED;
	return counter_read() - t0;
}

static const struct simple_row simple_rows[] = {
	{ "getppid", time_getppid, false, NULL },
	{ "vdso_clock_gettime", time_vdso_clock_gettime, false, NULL },
	{ "vdso_clock_gettime_on", time_vdso_clock_gettime, true, NULL },
	{ "fork_wait", time_fork_wait, false, NULL },
	{ "raw_thread_off", time_raw_thread, false, NULL },
	{ "raw_thread_on", time_raw_thread, true, NULL },
	{ "libc_thread_off", time_libc_thread, false, NULL },
	{ "libc_thread_on", time_libc_thread, true, NULL },
	{ "fork_wait_on", time_fork_wait, true, NULL },
	{ "mmap_1page_0", time_mmap, false, setup_one_page },
	{ "mmap_1page_10000", time_mmap, false, setup_maps },
	{ "live_off_1000", time_spare_thread, false, setup_threads },
	{ "live_on_1000", time_spare_thread, true, setup_threads },
	{ "live_on_1", time_spare_thread, true, setup_no_threads },
	{ "raw_thread_on_churned", time_raw_thread, true, setup_churn },
	{ "exec_busybox", time_exec_busybox, false, NULL },
	{ "pipe_pingpong", time_pipe_pingpong, false, setup_partner },
};

static const char *profile_key;
static const char *fresh_key; /* row=KEY: this process only measures that row */

static void sleep_s(long s)
{
	struct timespec ts = { s, 0 };

	nanosleep(&ts, NULL);
}

/*
 * Never inlined, never merged (they store different values): scripts/
 * bench-profile counts the instructions run between their addresses.
 */
static volatile int profile_marks;

static __attribute__((noinline, used)) void bench_profile_mark_begin(void)
{
	profile_marks = 1;
}

static __attribute__((noinline, used)) void bench_profile_mark_end(void)
{
	profile_marks = 2;
}

static __attribute__((noreturn)) void profile_row(const struct simple_row *r)
{
	int err;

	if (r->shstk_on && SHSTK_ENABLE()) {
		printf("bench note profile %s: shadow stacks unavailable\n", r->key);
		finish();
	}
	if (r->setup)
		r->setup();
	r->op(); /* warm-up */
	printf("bench profile begin %s\n", r->key);
	fflush_stdout();
	sleep_s(3);

	bench_profile_mark_begin();

	size_t n = sample(r->op, runs, &err);

	bench_profile_mark_end();
	printf("bench profile end %s\n", r->key);
	fflush_stdout();
	sleep_s(3);
	print_row(r->key, n, "profiled");
	finish();
}

/* What the rows fresh_row() measures time. */
static const char *fresh_key_what(const char *key)
{
	if (strcmp(key, "fork_wait") == 0)
		return "fork + wait4 (the child exits at once), from a fresh process";
	if (strcmp(key, "fork_wait_on") == 0)
		return "fork + wait4, shadow stack on, from a fresh process";
	return key;
}

/* The row of simple_rows[] called key, or NULL. */
static const struct simple_row *simple_row_named(const char *key)
{
	for (size_t i = 0; i < ARRAY_LEN(simple_rows); i++) {
		if (strcmp(key, simple_rows[i].key) == 0)
			return &simple_rows[i];
	}
	return NULL;
}

/* row=KEY, in the process fresh_row() started: that row alone, then exit. */
static __attribute__((noreturn)) void fresh_row_here(const struct simple_row *r)
{
	if (r->shstk_on && SHSTK_ENABLE())
		printf("bench row %s skip | shadow stacks on: not available here\n", r->key);
	else
		row(r->key, r->op, fresh_key_what(r->key));
	fflush_stdout();
	exit(0);
}

/*
 * A row measured by a process of its own, fresh from execve: what a fork
 * costs depends on what the forking process holds (its resident pages, its
 * areas), and by the time the shadow-stack-on rows run, the bench has
 * grown its stack and run 10,000 threads. Measured this way, the off and
 * on rows fork the same small process and differ only by the shadow stack.
 */
static void fresh_row(const char *key)
{
	char key_arg[48], runs_arg[32];
	char *argv[] = { "/bin/bench", key_arg, runs_arg, NULL }, *envp[] = { NULL };
	int status = -1;
	pid_t pid;

	snprintf(key_arg, sizeof(key_arg), "row=%s", key);
	snprintf(runs_arg, sizeof(runs_arg), "runs=%lu", runs);
	fflush_stdout();
	pid = fork();
	if (pid == 0) {
		execve(argv[0], argv, envp);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || status != 0)
		printf("bench row %s skip | %s: its process failed (status %#x)\n", key,
		       fresh_key_what(key), status);
}

static void parse_args(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		unsigned long v =
			strtoul(strchr(argv[i], '=') ? strchr(argv[i], '=') + 1 : "", NULL, 10);

		if (strncmp(argv[i], "runs=", 5) == 0 && v > 0)
			runs = v < MAX_RUNS / 2 ? v : MAX_RUNS / 2;
		else if (strncmp(argv[i], "live=", 5) == 0)
			live_max = v;
		else if (strncmp(argv[i], "maps=", 5) == 0)
			maps_max = v;
		else if (strncmp(argv[i], "profile=", 8) == 0)
			profile_key = argv[i] + 8;
		else if (strncmp(argv[i], "row=", 4) == 0)
			fresh_key = argv[i] + 4;
		else
			printf("bench note ignored argument '%s'\n", argv[i]);
	}
}

int main(int argc, char **argv)
{
	struct utsname u;

	start_ticks = counter_read();
	start_ns = monotonic_ns();
	page = (size_t)getpagesize();
	parse_args(argc, argv);
	uname(&u);
	if (!fresh_key) { /* a row's own process prints its row alone */
		printf("bench begin arch=%s counter=%s freq=%llu runs=%lu live=%lu maps=%lu\n",
		       u.machine, COUNTER_NAME, (unsigned long long)counter_freq(), runs, live_max,
		       maps_max);
		printf("bench boot ticks=%llu\n", (unsigned long long)start_ticks);
	}
	samples = mmap(NULL, MAX_RUNS * sizeof(uint64_t), PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (samples == MAP_FAILED) {
		printf("bench note no memory for the samples\n");
		return 1;
	}

	if (fresh_key && simple_row_named(fresh_key))
		fresh_row_here(simple_row_named(fresh_key));
	if (fresh_key) {
		printf("bench note row=%s: no such row\n", fresh_key);
		return 1;
	}
	if (profile_key && simple_row_named(profile_key))
		profile_row(simple_row_named(profile_key));
	if (profile_key) {
		printf("bench note profile=%s: no such row\n", profile_key);
		finish();
	}

	row("counter", time_counter, "two back-to-back counter reads (the timing overhead)");
	row("getppid", time_getppid, "getppid");
	row("clock_gettime_syscall", time_syscall_clock_gettime,
	    "clock_gettime(CLOCK_MONOTONIC) by the system call");
	row("vdso_clock_gettime", time_vdso_clock_gettime,
	    "clock_gettime(CLOCK_MONOTONIC) through the vDSO, shadow stack off");
	fresh_row("fork_wait");
	fresh_row("fork_wait_on");
	thread_rows(false);

	map_size = SMALL_MAP;
	row("mmap_64k", time_mmap, "mmap + munmap, 64 KiB");
	row("map_shadow_stack_64k", time_map_shadow_stack, "map_shadow_stack + munmap, 64 KiB");
	map_size = DEFAULT_MAP;
	row("mmap_8m", time_mmap, "mmap + munmap, 8 MiB");
	row("map_shadow_stack_8m", time_map_shadow_stack, "map_shadow_stack + munmap, 8 MiB");
	mappings_rows();

	pages_per_idle_thread("pages_per_thread_off", false,
			      "free pages an idle thread holds, shadow stack off");
	pages_per_idle_thread("pages_per_thread_control", true,
			      "free pages an idle thread holds, shadow stack off, plus an "
			      "ordinary " BENCH_DEFAULT_SHSTK " mapping with its top page written");
	live_threads("off");
	second_half();
}

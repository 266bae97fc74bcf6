// SPDX-License-Identifier: MIT
/*
 * /bin/smp: several CPUs as user space sees them, with shadow stacks live
 * where the machine has them (CET on x86_64, GCS on arm64), written against
 * Linux's behaviour (make test-linux).
 *
 * Proves: a thread pinned with sched_setaffinity runs on exactly that CPU
 * (getcpu says so after every yield), and there a deep call chain, a
 * signal's shadow-stack frame and a new thread's kernel-allocated shadow
 * stack behave exactly as anywhere; threads that migrate between CPUs,
 * moving themselves or moved by another thread, while taking signals,
 * never see their shadow-stack pointer change under a call; a thread moved
 * while it waits its turn runs at once on the idle CPU it was moved to; and when one
 * CPU unmaps or protects memory, or forks, a thread of the same process
 * running in user mode on another CPU sees it at its next access (the TLB
 * shootdown): death at its first push on an unmapped shadow stack, SIGSEGV
 * with SEGV_MAPERR / SEGV_ACCERR at the exact address, private copies after
 * fork. Pipes, FIFOs and futexes, which run without the big lock, hand data
 * and turns between CPUs without a lost wake-up, and a FIFO's open asleep
 * on the pipe's mutex outlives the pipe's last close on another CPU. Threads
 * on every CPU forking and reaping with wait4(-1) at once get every child
 * exactly once, with its own status.
 *
 * With the argument stress=SECONDS (make stress) it runs only the
 * migration stress, round after round, for that long in guest time.
 *
 * The cases that need two CPUs skip ("only one CPU") when
 * sched_getaffinity(0) holds fewer; the shadow-stack parts skip where the
 * machine has no shadow stacks. Each case runs in a child with a watchdog
 * on its progress, so a hang fails the case instead of the boot. The arch half is smp_arch.h.
 */
#include "shstk_enable.h"
#include "sig_arch.h"
#include "smp_arch.h"
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread.h>
#include <time.h>
#include <uapi/linux/stat.h>
#include <unistd.h>

#define MASK_LONGS 16	 /* the affinity buffer: 1024 CPUs, as glibc's cpu_set_t */
#define MAX_CPUS 64	 /* CPUs used from the mask (a thread's seen-CPU set is one word) */
#define DEPTH 200	 /* the deep call chain */
#define HANDLER_DEPTH 32 /* the chain a signal handler runs */
#define STRESS_ITERS 24	 /* moves per thread in the migration stress */
#define STRESS_DEPTH 64	 /* its call chain per move */
#define MAX_WORKERS 16	 /* 2 x CPUs, at most */
#define SIGNALS_PER_WORKER 4
/*
 * A case's watchdog: killed after this long without progress (test_progress:
 * a worker's move or call chain done, a round; not a signal sent, which the
 * driver does for as long as it runs), not after this long in all --
 * eight or sixteen emulated CPUs on a two-core host take many times a
 * single CPU's time for the same work, and a real machine's time is its own.
 */
#define CASE_MS 30000
/*
 * A wait for what a correct kernel does at once (a thread moved, a victim
 * killed) is bounded only so that the case says what went wrong before the
 * watchdog kills it: half the watchdog's time, a hang on any machine.
 */
#define LOST_MS (CASE_MS / 2)

static int cpus[MAX_CPUS], ncpus;
static bool ss_supported; /* map_shadow_stack worked: shadow stacks can be enabled */

/* ---- CPUs ---- */

static long set_affinity(long tid, int cpu)
{
	unsigned long mask[MASK_LONGS] = { 0 };

	mask[cpu / 64] = 1ul << (cpu % 64);
	return syscall3(__NR_sched_setaffinity, tid, sizeof(mask), (long)mask);
}

/* The only CPU in tid's affinity mask, -1 when it has none or several. */
static int affinity_single(long tid)
{
	unsigned long mask[MASK_LONGS] = { 0 };
	long n = syscall3(__NR_sched_getaffinity, tid, sizeof(mask), (long)mask);
	int found = -1;

	for (long c = 0; n > 0 && c < n * 8; c++) {
		if (!(mask[c / 64] >> (c % 64) & 1))
			continue;
		if (found >= 0)
			return -1;
		found = (int)c;
	}
	return found;
}

static int current_cpu(void)
{
	unsigned int cpu = ~0u;

	return syscall3(__NR_getcpu, (long)&cpu, 0, 0) == 0 ? (int)cpu : -1;
}

static int cpu_index(int cpu)
{
	for (int i = 0; i < ncpus; i++)
		if (cpus[i] == cpu)
			return i;
	return -1;
}

/* Fills cpus[] from the initial affinity mask; false if it cannot be read. */
static bool read_cpus(void)
{
	unsigned long mask[MASK_LONGS] = { 0 };
	long n = syscall3(__NR_sched_getaffinity, 0, sizeof(mask), (long)mask);

	for (long c = 0; n > 0 && c < n * 8 && ncpus < MAX_CPUS; c++)
		if (mask[c / 64] >> (c % 64) & 1)
			cpus[ncpus++] = (int)c;
	return n > 0;
}

static void raw_yield(void)
{
	syscall0(__NR_sched_yield);
}

/* ---- the shadow-stack checks ---- */

/* The first inconsistency any thread or handler saw (checked at the end of a case). */
static struct {
	int count;
	const char *what;
	unsigned long got, want;
} bad;

static void inconsistent(const char *what, unsigned long got, unsigned long want)
{
	if (__atomic_fetch_add(&bad.count, 1, __ATOMIC_SEQ_CST) == 0) {
		bad.what = what;
		bad.got = got;
		bad.want = want;
	}
}

/* 0, or a note on the first inconsistency and a failure code. */
static int no_inconsistency(void)
{
	if (__atomic_load_n(&bad.count, __ATOMIC_SEQ_CST) == 0)
		return 0;
	note("%d inconsistencies; the first: %s: got %#lx, want %#lx", bad.count, bad.what, bad.got,
	     bad.want);
	return FAIL_CODE;
}

/*
 * One call per level down to 0, yielding at yield_at: each level reads the
 * shadow-stack pointer on the way down and again after the deeper call
 * returned, which must give the same value. noipa: a real call every level.
 */
static __attribute__((noinline, noipa)) void descend(int depth, unsigned long *trail, int yield_at)
{
	unsigned long here = smp_ssp();

	trail[depth] = here;
	if (depth == yield_at)
		raw_yield();
	if (depth > 0)
		descend(depth - 1, trail, yield_at);
	if (smp_ssp() != here)
		inconsistent("SSP after a deeper call returned", smp_ssp(), here);
}

/* descend(), then: with a shadow stack, each level is exactly one entry below its caller. */
static void call_chain(int depth, int yield_at)
{
	unsigned long trail[DEPTH + 1];

	descend(depth, trail, yield_at);
	for (int d = depth; d > 0 && trail[depth]; d--)
		if (trail[d - 1] != trail[d] - SMP_SS_ENTRY)
			inconsistent("SSP one call deeper", trail[d - 1], trail[d] - SMP_SS_ENTRY);
}

/* What a thread's SIGUSR1 handler saw; a thread's tcb->user points at its own. */
struct worker {
	int index;
	bool want_ss;
	volatile int ready, done, req, moved, target;
	volatile int hits, sig_cpu;
	volatile unsigned long sig_ssp;
	unsigned long seen; /* bit i: ran on cpus[i] */
	struct thread t;
};

/*
 * SIGUSR1: records the CPU and SSP; with a shadow stack, checks the frame
 * delivery pushed (at SSP the restorer, at SSP + 8 the token of the
 * interrupted SSP, which is SSP + 16: docs/ABI.md §4.7, §5.7), then runs a
 * call chain of its own on top of it.
 */
static void on_usr1(int sig)
{
	struct worker *w = thread_self()->user;
	unsigned long ssp = smp_ssp();

	(void)sig;
	if (!w) {
		inconsistent("SIGUSR1 on a thread without a record", 0, 1);
		return;
	}
	w->sig_ssp = ssp;
	w->sig_cpu = current_cpu();
	if (ssp) {
		unsigned long ss0 = *(volatile unsigned long *)ssp;
		unsigned long ss8 = *(volatile unsigned long *)(ssp + 8);

		if (ss0 != (unsigned long)sig_restorer)
			inconsistent("[SSP] in a handler (the restorer)", ss0,
				     (unsigned long)sig_restorer);
		if (ss8 != sig_ss_frame_token(ssp + 16))
			inconsistent("[SSP + 8] in a handler (the pre-signal token)", ss8,
				     sig_ss_frame_token(ssp + 16));
	}
	call_chain(HANDLER_DEPTH, -1);
	w->hits++;
}

static long install_usr1(void)
{
	struct kernel_sigaction a = { (unsigned long)on_usr1, SA_RESTORER | SA_RESTART,
				      (unsigned long)sig_restorer, 0 };

	return syscall4(__NR_rt_sigaction, SIGUSR1, (long)&a, 0, 8);
}

/* ---- 1. pinned: every CPU of the mask in turn ---- */

/*
 * In the calling thread, pinned to cpu: getcpu says cpu across yields; a
 * SIGUSR1 sent to itself is handled on cpu; with ss, a deep chain with a
 * yield in its middle keeps SSP, the handler's SSP is the interrupted one
 * less the 16-byte frame and sigreturn gives that one back.
 */
static int on_this_cpu(int cpu, bool ss)
{
	struct worker *w = thread_self()->user;
	long pid = syscall0(__NR_getpid), tid = syscall0(__NR_gettid), sent;
	unsigned long pre, post;
	int hits = w->hits;

	for (int k = 0; k < 4; k++) {
		EXPECT("getcpu", current_cpu(), cpu);
		raw_yield();
	}
	if (ss) {
		EXPECT_TRUE("the shadow stack is on", smp_ssp() != 0);
		call_chain(DEPTH, DEPTH / 2);
	}
	pre = smp_ssp();
	sent = syscall3(__NR_tgkill, pid, tid, SIGUSR1); /* handled on the way back */
	post = smp_ssp();
	EXPECT("tgkill", sent, 0);
	EXPECT("handler ran", w->hits, hits + 1);
	EXPECT("the handler's CPU", w->sig_cpu, cpu);
	if (ss) {
		EXPECT("SSP in the handler", w->sig_ssp, pre - 16);
		EXPECT("SSP after sigreturn", post, pre);
	}
	EXPECT("getcpu after the signal", current_cpu(), cpu);
	return no_inconsistency();
}

struct pin_arg {
	int cpu;
	bool ss;
	unsigned long creator_ss_start;
	struct worker w;
};

/* A thread created on cpu: it is pinned there (the creator's mask) and does the same. */
static int pinned_thread(void *p)
{
	struct pin_arg *a = p;
	const struct area *ss;

	thread_self()->user = &a->w;
	EXPECT("the thread's affinity (its creator's)", affinity_single(0), a->cpu);
	if (a->ss) {
		ss = find_area(smp_ssp());
		EXPECT_TRUE("the thread's SSP is in a shadow-stack area", ss && ss->ss);
		EXPECT_TRUE("a shadow stack of its own", ss->start != a->creator_ss_start);
	}
	return on_this_cpu(a->cpu, a->ss);
}

static bool pinned_ss; /* the shadow-stack case: body_pinned checks SSPs too */

static int body_pinned(void)
{
	static struct worker main_w;
	static struct pin_arg arg;
	const struct area *ss = NULL;
	unsigned long main_ss_start = 0;
	int r, result = -1;

	thread_self()->user = &main_w;
	EXPECT("rt_sigaction", install_usr1(), 0);
	if (pinned_ss) {
		ss = find_area(smp_ssp());
		EXPECT_TRUE("main's SSP is in a shadow-stack area", ss && ss->ss);
		/* Kept now: find_area()'s answer lives in a table the next maps read rewrites. */
		main_ss_start = ss->start;
	}
	for (int i = 0; i < ncpus; i++) {
		EXPECT("sched_setaffinity", set_affinity(0, cpus[i]), 0);
		EXPECT("sched_getaffinity", affinity_single(0), cpus[i]);
		r = on_this_cpu(cpus[i], pinned_ss);
		if (r)
			return r;
		arg.cpu = cpus[i];
		arg.ss = pinned_ss;
		arg.creator_ss_start = main_ss_start;
		EXPECT("thread_create", thread_create(&arg.w.t, pinned_thread, &arg, NULL), 0);
		thread_join(&arg.w.t, &result);
		EXPECT("the pinned thread's result", result, 0);
	}
	return 0;
}

static int body_pinned_getcpu(void)
{
	pinned_ss = false;
	return body_pinned();
}

static int body_pinned_ss(void)
{
	pinned_ss = true;
	return body_pinned();
}

/* ---- 2. migration stress ---- */

static struct worker workers[MAX_WORKERS];
static int nworkers;

/*
 * A worker: STRESS_ITERS times a call chain (yielding at a different depth
 * each time), then a move: even workers move themselves to the next CPU,
 * odd ones ask the driver to move them; getcpu must then be the new CPU.
 * It ends once it has handled a signal.
 */
static int stress_worker(void *p)
{
	struct worker *w = p;
	int want;

	thread_self()->user = w;
	if (w->want_ss && !smp_ssp())
		inconsistent("a worker without a shadow stack", 0, 1);
	__atomic_store_n(&w->ready, 1, __ATOMIC_SEQ_CST);
	for (int k = 0; k < STRESS_ITERS; k++) {
		call_chain(STRESS_DEPTH, k % STRESS_DEPTH);
		if (w->index % 2 == 0) {
			want = cpus[(w->index + k + 1) % ncpus];
			if (set_affinity(0, want) != 0)
				inconsistent("sched_setaffinity of itself", 1, 0);
		} else {
			__atomic_store_n(&w->req, k + 1, __ATOMIC_SEQ_CST);
			while (__atomic_load_n(&w->moved, __ATOMIC_SEQ_CST) < k + 1)
				raw_yield();
			want = __atomic_load_n(&w->target, __ATOMIC_SEQ_CST);
		}
		int cpu = current_cpu();

		if (cpu != want)
			inconsistent("getcpu after a move", (unsigned long)cpu,
				     (unsigned long)want);
		if (cpu_index(cpu) >= 0)
			w->seen |= 1ul << cpu_index(cpu);
		test_progress();
	}
	while (__atomic_load_n(&w->hits, __ATOMIC_SEQ_CST) == 0)
		raw_yield();
	unsigned long usr1 = 1ul << (SIGUSR1 - 1);

	syscall4(__NR_rt_sigprocmask, SIG_BLOCK, (long)&usr1, 0, 8);
	__atomic_store_n(&w->done, 1, __ATOMIC_SEQ_CST);
	return 0;
}

/*
 * The driver (the case's main thread, on any CPU): moves the odd workers
 * that ask, and sends SIGUSR1 to workers picked by a fixed pseudo-random
 * sequence, SIGNALS_PER_WORKER per worker, then to any that has had none.
 */
static int drive(void)
{
	long pid = syscall0(__NR_getpid);
	unsigned int seed = 2463534242u;
	int sent = 0, moves = 0, handled = 0, left;

	do {
		left = 0;
		for (int i = 0; i < nworkers; i++) {
			struct worker *w = &workers[i];
			int req = __atomic_load_n(&w->req, __ATOMIC_SEQ_CST);

			if (__atomic_load_n(&w->done, __ATOMIC_SEQ_CST))
				continue;
			left++;
			if (i % 2 && req > w->moved) {
				int c = cpus[(i + req) % ncpus];

				EXPECT("sched_setaffinity of another thread",
				       set_affinity(w->t.created_tid, c), 0);
				__atomic_store_n(&w->target, c, __ATOMIC_SEQ_CST);
				__atomic_store_n(&w->moved, req, __ATOMIC_SEQ_CST);
				moves++;
				test_progress();
			}
		}
		seed ^= seed << 13;
		seed ^= seed >> 17;
		seed ^= seed << 5;
		int j = (int)(seed % (unsigned int)nworkers);

		if (sent >= SIGNALS_PER_WORKER * nworkers)
			for (j = 0; j < nworkers && workers[j].hits; j++)
				;
		if (j < nworkers && !__atomic_load_n(&workers[j].done, __ATOMIC_SEQ_CST)) {
			long r = syscall3(__NR_tgkill, pid, workers[j].t.created_tid, SIGUSR1);

			EXPECT_TRUE("tgkill (0, or ESRCH for a worker that just ended)",
				    r == 0 || r == -ESRCH);
			sent++;
		}
		raw_yield();
	} while (left);
	for (int i = 0; i < nworkers; i++)
		handled += workers[i].hits;
	note("%d workers on %d CPUs: %d moves by the driver, %d by the workers, %d signals sent, "
	     "%d handled",
	     nworkers, ncpus, moves, (nworkers + 1) / 2 * STRESS_ITERS, sent, handled);
	return 0;
}

static int body_stress(void)
{
	int r, result;

	EXPECT("rt_sigaction", install_usr1(), 0);
	nworkers = 2 * ncpus > MAX_WORKERS ? MAX_WORKERS : 2 * ncpus;
	for (int i = 0; i < nworkers; i++) {
		workers[i].index = i;
		workers[i].want_ss = smp_ssp() != 0;
		EXPECT("thread_create",
		       thread_create(&workers[i].t, stress_worker, &workers[i], NULL), 0);
	}
	for (int i = 0; i < nworkers; i++)
		while (!__atomic_load_n(&workers[i].ready, __ATOMIC_SEQ_CST))
			raw_yield();
	r = drive();
	for (int i = 0; i < nworkers; i++) {
		thread_join(&workers[i].t, &result);
		EXPECT("a worker's result", result, 0);
	}
	if (r)
		return r;
	for (int i = 0; i < nworkers; i++) {
		EXPECT_TRUE("every worker ran on 2 CPUs at least",
			    __builtin_popcountl(workers[i].seen) >= 2);
		EXPECT_TRUE("every worker handled a signal", workers[i].hits >= 1);
	}
	return no_inconsistency();
}

/*
 * `smp stress=SECONDS` (make stress): rounds of the migration stress, each
 * with fresh workers, until SECONDS of CLOCK_MONOTONIC -- the guest's own
 * time -- have passed. Any round's inconsistency ends it.
 */
static long stress_seconds;

static int body_stress_timed(void)
{
	long long start = monotonic_ns(), end = start + stress_seconds * 1000000000LL;
	int rounds = 0, r;

	do {
		memset(workers, 0, sizeof(workers));
		r = body_stress();
		if (r)
			return r;
		rounds++;
		test_progress();
	} while (monotonic_ns() < end);
	note("%d rounds of the migration stress in %lld ms of guest time", rounds,
	     (monotonic_ns() - start) / 1000000);
	return 0;
}

/* ---- 3. shootdown: a change made on CPU A, seen by a thread spinning on CPU B ---- */

static volatile int go, victim_ready, victim_cpu, victim_survived;
static volatile unsigned long victim_ssp;
static volatile unsigned char *victim_byte; /* the page's byte the victim reads */

/* One call and its return: a push on the shadow stack. */
static __attribute__((noinline, noipa)) void one_call(void)
{
	__asm__ volatile("" : : : "memory");
}

/* Pins the caller to cpus[0], the victim-to-be to cpus[1] (through its argument). */
static int pin_main(void)
{
	EXPECT("sched_setaffinity", set_affinity(0, cpus[0]), 0);
	EXPECT("getcpu", current_cpu(), cpus[0]);
	return 0;
}

/* Waits (the watchdog bounds it) for the victim to be spinning, then checks its CPU. */
static int victim_spinning(void)
{
	while (!__atomic_load_n(&victim_ready, __ATOMIC_SEQ_CST))
		sleep_ms(1); /* sleep-ok: a poll's interval (the watchdog bounds the wait) */
	EXPECT("the victim's CPU", victim_cpu, cpus[1]);
	return 0;
}

static bool victim_went_on(void *unused)
{
	(void)unused;
	return victim_survived != 0;
}

/*
 * After the change: waits for the victim to die (and the process with it),
 * up to LOST_MS; SURVIVED when its next access worked.
 */
static int victim_outcome(void)
{
	long long end;

	__atomic_store_n(&go, 1, __ATOMIC_SEQ_CST);
	end = monotonic_ns() + LOST_MS * 1000000LL;
	while (!victim_went_on(NULL) && monotonic_ns() < end)
		sleep_ms(1); /* sleep-ok: a poll's interval, bounded by LOST_MS */
	if (victim_survived)
		note("the thread on CPU %d still reached the old page (a stale TLB entry)",
		     cpus[1]);
	else
		note("the thread on CPU %d neither died nor went on", cpus[1]);
	return victim_survived ? SURVIVED : FAIL_CODE;
}

/* Pinned to B, runs calls there, then spins in user mode until go; then one call. */
static int ss_victim(void *p)
{
	(void)p;
	if (set_affinity(0, cpus[1]) != 0)
		return 1;
	victim_cpu = current_cpu();
	call_chain(DEPTH, -1); /* its shadow stack's pages are now in B's TLB */
	victim_ssp = smp_ssp();
	__atomic_store_n(&victim_ready, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&go, __ATOMIC_SEQ_CST))
		smp_relax();
	one_call(); /* pushes on the unmapped shadow stack: SIGSEGV, and no frame for a handler */
	victim_survived = 1;
	return 0;
}

/* Expected: killed by SIGSEGV (the parent checks); SURVIVED would be a stale TLB entry. */
static int body_shootdown_ss(void)
{
	const struct area *ss;
	struct thread t;
	int r = pin_main();

	if (r)
		return r;
	EXPECT("thread_create", thread_create(&t, ss_victim, NULL, NULL), 0);
	r = victim_spinning();
	if (r)
		return r;
	ss = find_area(victim_ssp);
	EXPECT_TRUE("the victim's SSP is in a shadow-stack area", ss && ss->ss);
	EXPECT("munmap of its shadow stack", munmap((void *)ss->start, ss->end - ss->start), 0);
	return victim_outcome();
}

static int fault_code; /* the si_code body_shootdown_mem's victim must get */

/* The victim's SIGSEGV: exit_group(0) when si_code and si_addr are exact. */
static void on_segv(int sig, siginfo_t *si, void *uc)
{
	const struct user_siginfo *info = (const void *)si;

	(void)sig;
	(void)uc;
	if (info->si_code != fault_code || info->si_addr != (unsigned long)victim_byte) {
		note("SIGSEGV si_code %d si_addr %#lx, want %d %#lx", info->si_code, info->si_addr,
		     fault_code, (unsigned long)victim_byte);
		syscall1(__NR_exit_group, 3);
	}
	syscall1(__NR_exit_group, 0);
}

/* Pinned to B, reads the page, then reads it in a loop until go; then once more. */
static int mem_victim(void *p)
{
	unsigned long sum = 0;

	(void)p;
	if (set_affinity(0, cpus[1]) != 0)
		return 1;
	victim_cpu = current_cpu();
	sum += *victim_byte;
	__atomic_store_n(&victim_ready, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&go, __ATOMIC_SEQ_CST))
		sum += *victim_byte;
	sum += *victim_byte; /* must fault */
	victim_survived = 1;
	return (int)(sum & 1);
}

/* Expected: exit 0 from the victim's handler: SIGSEGV, fault_code, the exact address. */
static int body_shootdown_mem(void)
{
	struct kernel_sigaction a = { (unsigned long)on_segv, SA_SIGINFO | SA_RESTORER,
				      (unsigned long)sig_restorer, 0 };
	struct thread t;
	void *page = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int r = pin_main();

	if (r)
		return r;
	EXPECT_TRUE("mmap", page != MAP_FAILED);
	victim_byte = (unsigned char *)page + 0x123;
	*victim_byte = 7;
	EXPECT("rt_sigaction", syscall4(__NR_rt_sigaction, SIGSEGV, (long)&a, 0, 8), 0);
	EXPECT("thread_create", thread_create(&t, mem_victim, NULL, NULL), 0);
	r = victim_spinning();
	if (r)
		return r;
	if (fault_code == SEGV_MAPERR)
		EXPECT("munmap", munmap(page, PAGE), 0);
	else
		EXPECT("mprotect PROT_NONE", mprotect(page, PAGE, PROT_NONE), 0);
	return victim_outcome();
}

static int body_shootdown_munmap(void)
{
	fault_code = SEGV_MAPERR;
	return body_shootdown_mem();
}

static int body_shootdown_mprotect(void)
{
	fault_code = SEGV_ACCERR;
	return body_shootdown_mem();
}

/* The page both sides of the fork write: the writer's counter and one mark each. */
struct cow_page {
	volatile unsigned long counter, parent_mark, child_mark;
};

static struct cow_page *cow;
static unsigned long *writes_seen; /* MAP_SHARED: the writer's count, seen by the fork child too */

/* Pinned to B, increments the counter until go. */
static int cow_writer(void *p)
{
	(void)p;
	if (set_affinity(0, cpus[1]) != 0)
		return 1;
	victim_cpu = current_cpu();
	cow->counter++;
	__atomic_store_n(&victim_ready, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&go, __ATOMIC_SEQ_CST)) {
		cow->counter++;
		__atomic_fetch_add(writes_seen, 1, __ATOMIC_SEQ_CST);
	}
	return 0;
}

static bool writer_went_on(void *since)
{
	return __atomic_load_n(writes_seen, __ATOMIC_SEQ_CST) >= (unsigned long)since + 100;
}

/*
 * The fork child: the writer's increments after the fork and the parent's
 * mark must not reach it. Its own mark is for the parent to not see. The
 * shared count says when the writer has gone on, on any machine: counted
 * from after the parent's mark, so also after the parent read at_fork --
 * counted from the child's start, a writer that ran on before the parent
 * read at_fork and then not again (eight CPUs on a two-core host) failed
 * the parent's own check.
 */
static int cow_child(int to_child, int to_parent)
{
	unsigned long c0 = cow->counter, c1, s0;
	char b;

	if (read(to_child, &b, 1) != 1) /* the parent has written its mark */
		return 2;
	s0 = __atomic_load_n(writes_seen, __ATOMIC_SEQ_CST);
	if (!wait_until(writer_went_on, (void *)s0, "the writer's increments"))
		return 6;
	c1 = cow->counter;
	if (c1 != c0) {
		note("child: the counter moved from %lu to %lu after the fork", c0, c1);
		return 3;
	}
	if (cow->parent_mark != 0) {
		note("child: the parent's mark reached the child");
		return 4;
	}
	cow->child_mark = 1;
	return write(to_parent, "c", 1) == 1 ? 0 : 5;
}

static int body_shootdown_cow(void)
{
	int to_child[2], to_parent[2], st = -1, r = pin_main();
	unsigned long at_fork;
	struct thread t;
	pid_t pid;
	char b;

	if (r)
		return r;
	cow = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	EXPECT_TRUE("mmap", cow != MAP_FAILED);
	writes_seen = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	EXPECT_TRUE("mmap shared", writes_seen != MAP_FAILED);
	EXPECT("pipe", pipe(to_child), 0);
	EXPECT("pipe", pipe(to_parent), 0);
	EXPECT("thread_create", thread_create(&t, cow_writer, NULL, NULL), 0);
	r = victim_spinning();
	if (r)
		return r;
	fflush_stdout();
	pid = fork();
	if (pid == 0)
		_exit(cow_child(to_child[0], to_parent[1]));
	at_fork = cow->counter;
	cow->parent_mark = 1;
	EXPECT("fork", pid > 0, 1);
	EXPECT("write", write(to_child[1], "p", 1), 1);
	EXPECT("read (the child's answer)", read(to_parent[0], &b, 1), 1);
	EXPECT("the child's mark in the parent", cow->child_mark, 0);
	EXPECT("wait4", wait4(pid, &st, 0, NULL), pid);
	EXPECT_TRUE("the child's checks", status_is(st, 0, 0));
	EXPECT_TRUE("the writer went on in the parent", cow->counter > at_fork);
	__atomic_store_n(&go, 1, __ATOMIC_SEQ_CST);
	thread_join(&t, &r);
	EXPECT("the writer's result", r, 0);
	return 0;
}

/* ---- 4. moving a thread that waits its turn ---- */

static int queued_seen_cpu = -1, queued_stop;

/* Reports its CPU, and yields: while its creator runs on their one CPU, it waits queued. */
static int queued_thread(void *p)
{
	(void)p;
	while (!__atomic_load_n(&queued_stop, __ATOMIC_SEQ_CST)) {
		__atomic_store_n(&queued_seen_cpu, current_cpu(), __ATOMIC_SEQ_CST);
		test_progress();
		raw_yield();
	}
	return 0;
}

/*
 * The main thread and a second thread share one CPU, so whenever main runs
 * the other waits queued; main moves it to a CPU where nothing runs. That
 * CPU must take it at once (a correct kernel wakes it: guest microseconds);
 * an idle CPU that is never told sleeps on. The last CPU is the target: a
 * task woken elsewhere (the watchdog's, every 10 ms) wakes the first idle
 * CPU, which would take the thread by chance if it were that one, and the
 * case would prove nothing with three CPUs or more. LOST_MS bounds the wait
 * only so that a lost thread fails this case with its note instead of the
 * watchdog's: after it, main lets the thread back onto its own CPU so it can end.
 */

static int body_move_queued(void)
{
	static struct thread t;
	int a = cpus[0], b = cpus[ncpus - 1], r = -1;
	long long deadline;

	__atomic_store_n(&queued_stop, 0, __ATOMIC_SEQ_CST);
	EXPECT("sched_setaffinity of itself", set_affinity(0, a), 0);
	EXPECT("thread_create", thread_create(&t, queued_thread, NULL, NULL), 0);
	while (__atomic_load_n(&queued_seen_cpu, __ATOMIC_SEQ_CST) != a)
		raw_yield();
	EXPECT("sched_setaffinity of the queued thread", set_affinity(t.created_tid, b), 0);
	deadline = monotonic_ns() + LOST_MS * 1000000LL;
	while (__atomic_load_n(&queued_seen_cpu, __ATOMIC_SEQ_CST) != b &&
	       monotonic_ns() < deadline)
		raw_yield();
	int seen = __atomic_load_n(&queued_seen_cpu, __ATOMIC_SEQ_CST);

	if (seen != b) {
		unsigned long both[MASK_LONGS] = { 0 };

		both[a / 64] |= 1ul << (a % 64);
		both[b / 64] |= 1ul << (b % 64);
		syscall3(__NR_sched_setaffinity, t.created_tid, sizeof(both), (long)both);
	}
	__atomic_store_n(&queued_stop, 1, __ATOMIC_SEQ_CST);
	thread_join(&t, &r);
	EXPECT("the CPU the moved thread ran on", seen, b);
	EXPECT("the thread's result", r, 0);
	return 0;
}

/* ---- a woken task goes where a CPU idles ---- */

static int woken_seen_cpu = -1, woken_spin_stop;

/* Keeps CPU arg busy until told to stop. */
static int busy_spinner(void *arg)
{
	if (set_affinity(0, (int)(long)arg) != 0)
		return 1;
	while (!__atomic_load_n(&woken_spin_stop, __ATOMIC_SEQ_CST))
		;
	return 0;
}

/*
 * Runs on CPU arg, then may run anywhere, sleeps with a time-out and says
 * where it woke. Its last CPU is arg, busy by then: the wake must send it
 * to a CPU that idles, not queue it behind the spinner.
 */
static int timed_sleeper(void *arg)
{
	int a = (int)(long)arg;
	unsigned long all[MASK_LONGS] = { 0 };

	if (set_affinity(0, a) != 0 || current_cpu() != a)
		return 1;
	for (int i = 0; i < ncpus; i++)
		all[cpus[i] / 64] |= 1ul << (cpus[i] % 64);
	if (syscall3(__NR_sched_setaffinity, 0, sizeof(all), (long)all) != 0)
		return 2;
	sleep_ms(50); /* sleep-ok: the time-out is the wake the case is about */
	__atomic_store_n(&woken_seen_cpu, current_cpu(), __ATOMIC_SEQ_CST);
	return 0;
}

static int body_wake_to_idle(void)
{
	static struct thread spinner, sleeper;
	int a = cpus[0], rs = -1, rp = -1;

	__atomic_store_n(&woken_spin_stop, 0, __ATOMIC_SEQ_CST);
	__atomic_store_n(&woken_seen_cpu, -1, __ATOMIC_SEQ_CST);
	EXPECT("thread_create of the spinner",
	       thread_create(&spinner, busy_spinner, (void *)(long)a, NULL), 0);
	EXPECT("thread_create of the sleeper",
	       thread_create(&sleeper, timed_sleeper, (void *)(long)a, NULL), 0);
	thread_join(&sleeper, &rs); /* this thread sleeps too: its CPU idles */
	__atomic_store_n(&woken_spin_stop, 1, __ATOMIC_SEQ_CST);
	thread_join(&spinner, &rp);
	EXPECT("the sleeper's result", rs, 0);
	EXPECT("the spinner's result", rp, 0);
	EXPECT("woke on the spinner's CPU", __atomic_load_n(&woken_seen_cpu, __ATOMIC_SEQ_CST) == a,
	       0);
	return 0;
}

/* ---- an address space changed on every CPU at once ---- */

#define MAP_ROUNDS 200
#define MAP_PAGES 4

static int mappers_done;

/* The word each mapper writes at page pg of round r: whose, which round, which page. */
static unsigned long map_mark(long who, int r, int pg)
{
	return (unsigned long)who << 32 | (unsigned long)r << 8 | (unsigned long)pg;
}

/*
 * Pinned to a CPU of its own: maps, fills (a fault per page), write-protects,
 * reads back and unmaps, MAP_ROUNDS times -- system calls and faults that
 * take only the address space's lock, so on every CPU at once.
 */
static int mapper(void *arg)
{
	long who = (long)arg;

	if (set_affinity(0, cpus[who % ncpus]) != 0)
		return 1;
	for (int r = 0; r < MAP_ROUNDS; r++) {
		unsigned long *p = mmap(NULL, MAP_PAGES * PAGE, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return 2;
		for (int pg = 0; pg < MAP_PAGES; pg++)
			p[pg * PAGE / sizeof(*p)] = map_mark(who, r, pg);
		if (mprotect(p, MAP_PAGES * PAGE, PROT_READ) != 0)
			return 3;
		for (int pg = 0; pg < MAP_PAGES; pg++)
			if (p[pg * PAGE / sizeof(*p)] != map_mark(who, r, pg))
				return 4;
		if (munmap(p, MAP_PAGES * PAGE) != 0)
			return 5;
	}
	__atomic_fetch_add(&mappers_done, 1, __ATOMIC_SEQ_CST);
	return 0;
}

/* The first bytes of /proc/self/maps: its first line starts with a hex address. */
static bool maps_readable(void)
{
	char buf[64];
	int fd = open("/proc/self/maps", O_RDONLY);
	long n = fd >= 0 ? read(fd, buf, sizeof(buf)) : -1;

	if (fd >= 0)
		close(fd);
	return n > 0 && ((buf[0] >= '0' && buf[0] <= '9') || (buf[0] >= 'a' && buf[0] <= 'f'));
}

/*
 * One mapper per CPU, while this thread copies the space (fork, whose copy
 * runs without the big lock too) and reads it (/proc/self/maps) as it
 * changes: every mapper reads back what it wrote, every child exits as
 * told, every read of the maps is whole (docs/DESIGN.md §7.3). A missed
 * lock shows as the lock debugger's panic, a lost TLB flush as a wrong word.
 */
static int body_parallel_address_space(void)
{
	static struct thread t[MAX_CPUS];
	int res, forks = 0;

	for (int i = 0; i < ncpus; i++)
		EXPECT("thread_create", thread_create(&t[i], mapper, (void *)(long)i, NULL), 0);
	while (__atomic_load_n(&mappers_done, __ATOMIC_SEQ_CST) < ncpus && forks < 1000) {
		pid_t pid = fork();
		int st = -1;

		if (pid == 0)
			_exit(7);
		EXPECT("fork", pid > 0, 1);
		EXPECT("waitpid", waitpid(pid, &st, 0), pid);
		EXPECT("the fork child's status", st, 7 << 8);
		EXPECT("/proc/self/maps while the space changes", maps_readable(), 1);
		forks++;
	}
	for (int i = 0; i < ncpus; i++) {
		thread_join(&t[i], &res);
		EXPECT("the mapper's result", res, 0);
	}
	note("%d mappers, %d rounds each, %d forks meanwhile", ncpus, MAP_ROUNDS, forks);
	return 0;
}

/* ---- pipes: read and write without the big lock ---- */

#define PINGPONG_ROUNDS 300
#define POLL_ROUNDS 256
#define EINTR_ROUNDS 40

/* In a child pinned to cpu: echoes each byte, plus one, until in closes. */
static void echo_until_eof(int cpu, int in, int out)
{
	unsigned char b;

	set_affinity(0, cpu);
	while (read(in, &b, 1) == 1) {
		b++;
		if (write(out, &b, 1) != 1)
			_exit(1);
	}
	_exit(0);
}

/* In a child pinned to cpu: PINGPONG_ROUNDS bytes to a partner on peer, each back plus one. */
static void pingpong_pair(int cpu, int peer)
{
	int to[2], from[2], st = -1;
	pid_t pid;

	set_affinity(0, cpu);
	if (pipe(to) || pipe(from))
		_exit(2);
	pid = fork();
	if (pid == 0) {
		close(to[1]);
		close(from[0]);
		echo_until_eof(peer, to[0], from[1]);
	}
	close(to[0]);
	close(from[1]);
	for (int i = 0; i < PINGPONG_ROUNDS; i++) {
		unsigned char b = (unsigned char)i, got = 0;

		if (write(to[1], &b, 1) != 1 || read(from[0], &got, 1) != 1 ||
		    got != (unsigned char)(b + 1))
			_exit(3);
		test_progress();
	}
	close(to[1]);
	if (waitpid(pid, &st, 0) != pid || st != 0)
		_exit(4);
	_exit(0);
}

static volatile int usr2_hits;

static void on_usr2(int sig)
{
	(void)sig;
	usr2_hits++;
}

struct blocked_reader {
	int fd;
	volatile long got, err;
	volatile long tid;
};

static int blocked_reader(void *p)
{
	struct blocked_reader *r = p;
	char b;

	r->tid = syscall0(__NR_gettid);
	r->got = read(r->fd, &b, 1);
	r->err = r->got < 0 ? errno : 0;
	return 0;
}

/*
 * Pipes now run read and write without the big lock, under a mutex of
 * their own (docs/DESIGN.md §7.3), and sleep and wake through the
 * scheduler's own lock. On every CPU at once: pairs of processes ping-pong
 * bytes (half on one CPU, half across two), each byte checked; a poller
 * never sleeps through a write made on another CPU (a lost wake-up hangs,
 * which the watchdog fails); a signal ends a blocked read with EINTR (no
 * SA_RESTART); a read blocked while another thread closes its fd goes on
 * and gets the byte written after, and the pipe has no reader only once
 * that read let its file go (then EPIPE).
 */
static int body_pipes_unlocked(void)
{
	pid_t pairs[MAX_CPUS];
	struct kernel_sigaction a = { (unsigned long)on_usr2, SA_RESTORER,
				      (unsigned long)sig_restorer, 0 };
	int st, p[2];

	for (int i = 0; i < ncpus; i++) {
		pairs[i] = fork();
		if (pairs[i] == 0)
			pingpong_pair(cpus[i], cpus[(i + (i & 1)) % ncpus]);
		EXPECT("fork", pairs[i] > 0, 1);
	}
	/* A signal ends a blocked read: EINTR without SA_RESTART. */
	EXPECT("rt_sigaction", syscall4(__NR_rt_sigaction, SIGUSR2, (long)&a, 0, 8), 0);
	a = (struct kernel_sigaction){ (unsigned long)SIG_IGN, 0, 0, 0 }; /* EPIPE, not death */
	EXPECT("rt_sigaction", syscall4(__NR_rt_sigaction, SIGPIPE, (long)&a, 0, 8), 0);
	for (int i = 0; i < EINTR_ROUNDS; i++) {
		static struct blocked_reader r;
		struct thread t;
		int res;

		EXPECT("pipe", pipe(p), 0);
		r = (struct blocked_reader){ .fd = p[0] };
		EXPECT("thread_create", thread_create(&t, blocked_reader, &r, NULL), 0);
		while (!r.tid || task_state((int)r.tid) != 'S')
			raw_yield();
		EXPECT("tgkill", syscall3(__NR_tgkill, syscall0(__NR_getpid), r.tid, SIGUSR2), 0);
		thread_join(&t, &res);
		EXPECT("the blocked read's result", r.got, -1);
		EXPECT("its errno", r.err, EINTR);
		/* Closed under a blocked read: the read goes on, on its own reference. */
		r = (struct blocked_reader){ .fd = p[0] };
		EXPECT("thread_create", thread_create(&t, blocked_reader, &r, NULL), 0);
		while (!r.tid || task_state((int)r.tid) != 'S')
			raw_yield();
		EXPECT("close under the read", close(p[0]), 0);
		EXPECT("write to the reader that is left", write(p[1], "y", 1), 1);
		thread_join(&t, &res);
		EXPECT("the read closed under it", r.got, 1);
		EXPECT("write once no reader is left", write(p[1], "z", 1), -1);
		EXPECT("its errno", errno, EPIPE);
		close(p[1]);
		test_progress();
	}
	EXPECT("SIGUSR2 handled each time", usr2_hits, EINTR_ROUNDS);
	for (int i = 0; i < ncpus; i++) {
		EXPECT("waitpid", waitpid(pairs[i], &st, 0), pairs[i]);
		EXPECT("the ping-pong pair's status", st, 0);
	}
	/*
	 * Then, with nothing else waking pollers: poll() against a writer on
	 * another CPU, its write landing at every moment of the poller's way
	 * to sleep. The writer waits for its turn spinning on shared memory
	 * and stays alive, so no exit or pipe of its own wakes the poller in
	 * the writer's place.
	 */
	volatile unsigned long *turn =
		mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t writer;

	EXPECT_TRUE("mmap", turn != MAP_FAILED);
	EXPECT("pipe", pipe(p), 0);
	set_affinity(0, cpus[0]);
	writer = fork();
	if (writer == 0) {
		set_affinity(0, cpus[1]);
		for (unsigned long i = 1; i <= POLL_ROUNDS; i++) {
			while (__atomic_load_n(turn, __ATOMIC_ACQUIRE) != i)
				;
			for (volatile unsigned long k = 0; k < (i % 64) * 40; k++)
				;
			if (write(p[1], "x", 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	EXPECT("fork", writer > 0, 1);
	for (unsigned long i = 1; i <= POLL_ROUNDS; i++) {
		struct pollfd pf = { .fd = p[0], .events = POLLIN };
		char b;

		__atomic_store_n(turn, i, __ATOMIC_RELEASE);
		EXPECT("poll on a pipe another CPU writes", poll(&pf, 1, -1), 1);
		EXPECT("revents", pf.revents, POLLIN);
		EXPECT("read", read(p[0], &b, 1), 1);
		test_progress();
	}
	EXPECT("waitpid", waitpid(writer, &st, 0), writer);
	EXPECT("the writer's status", st, 0);
	close(p[0]);
	close(p[1]);
	note("%d ping-pong pairs of %d rounds, %d polls, %d interrupted and %d closed reads", ncpus,
	     PINGPONG_ROUNDS, POLL_ROUNDS, EINTR_ROUNDS, EINTR_ROUNDS);
	return 0;
}

/* ---- a FIFO's open racing its last close ---- */

#define FIFO_ROUNDS 200
#define FIFO_PATH "/smp_fifo"
#define FIFO_WRITE 60000 /* under the 64 KiB a pipe holds: the write never waits */

/*
 * An open of a FIFO takes the pipe's mutex to count itself as a reader and
 * writer; when the mutex is busy -- a write on another CPU copying its
 * bytes -- the open sleeps. The last close of the pipe's other files may
 * come meanwhile. The pipe must stay for the sleeping open: once freed,
 * that open woke to take a mutex in freed memory (a panic on the heap's
 * poison, or a hang the watchdog fails). Each round: this process opens
 * the FIFO, starts a write of 60,000 bytes and closes it; a child on
 * another CPU opens and closes it as the write runs, after a delay that
 * differs from round to round so its open lands at every moment of the
 * write. The next round starts with the FIFO's pipe gone.
 */
static int body_fifo_open_races_last_close(void)
{
	static char bytes[FIFO_WRITE];
	volatile unsigned long *turn =
		mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t opener;
	int st;

	EXPECT_TRUE("mmap", turn != MAP_FAILED);
	syscall(__NR_unlinkat, AT_FDCWD, FIFO_PATH, 0); /* a FIFO an earlier run left */
	EXPECT("mknodat", syscall(__NR_mknodat, AT_FDCWD, FIFO_PATH, S_IFIFO | 0600, 0), 0);
	set_affinity(0, cpus[0]);
	opener = fork();
	if (opener == 0) {
		set_affinity(0, cpus[1]);
		for (unsigned long i = 1; i <= FIFO_ROUNDS; i++) {
			int fd;

			while (__atomic_load_n(&turn[0], __ATOMIC_ACQUIRE) != i)
				;
			for (volatile unsigned long k = 0; k < (i % 32) * 60; k++)
				;
			fd = open(FIFO_PATH, O_RDWR | O_NONBLOCK);
			if (fd < 0 || close(fd))
				_exit(1);
			__atomic_store_n(&turn[1], i, __ATOMIC_RELEASE);
		}
		_exit(0);
	}
	EXPECT("fork", opener > 0, 1);
	for (unsigned long i = 1; i <= FIFO_ROUNDS; i++) {
		int fd = open(FIFO_PATH, O_RDWR);

		EXPECT_TRUE("open the FIFO", fd >= 0);
		__atomic_store_n(&turn[0], i, __ATOMIC_RELEASE);
		EXPECT("write", write(fd, bytes, FIFO_WRITE), FIFO_WRITE);
		EXPECT("close", close(fd), 0);
		while (__atomic_load_n(&turn[1], __ATOMIC_ACQUIRE) != i)
			raw_yield();
		test_progress();
	}
	EXPECT("waitpid", waitpid(opener, &st, 0), opener);
	EXPECT("the opener's status", st, 0);
	EXPECT("unlinkat", syscall(__NR_unlinkat, AT_FDCWD, FIFO_PATH, 0), 0);
	return 0;
}

/* ---- PID numbers handed out on every CPU at once ---- */

#define PID_ROUNDS 60
#define PID_BASE 20000 /* set_tid numbers: PID_BASE + round, free at boot on Umbra and Linux */

/* Shared by the workers (MAP_SHARED): who has arrived, who has tried, what each got. */
struct pid_race {
	int arrived[PID_ROUNDS];
	int tried[PID_ROUNDS];
	long set_tid_got[PID_ROUNDS][MAX_CPUS]; /* clone3's return, or -errno */
	long fork_got[PID_ROUNDS][MAX_CPUS];	/* fork's */
};

static void wait_for_all(int *count)
{
	while (__atomic_load_n(count, __ATOMIC_ACQUIRE) < ncpus)
		raw_yield();
}

/* A child of a round: lives until every worker has tried, so its number stays taken. */
static void live_until_tried(struct pid_race *r, int round)
{
	wait_for_all(&r->tried[round]);
	_exit(0);
}

/*
 * Worker w, pinned to its CPU: in each round, once all workers are there,
 * a clone3() asking for the round's number with set_tid and a plain fork;
 * both children live until every worker has tried both.
 */
static void pid_worker(struct pid_race *r, int w)
{
	set_affinity(0, cpus[w]);
	for (int round = 0; round < PID_ROUNDS; round++) {
		pid_t want = PID_BASE + round;
		struct clone_args args = { .exit_signal = SIGCHLD,
					   .set_tid = (uintptr_t)&want,
					   .set_tid_size = 1 };
		long c, f;

		__atomic_add_fetch(&r->arrived[round], 1, __ATOMIC_ACQ_REL);
		wait_for_all(&r->arrived[round]);
		c = syscall(__NR_clone3, &args, sizeof(args));
		if (c == 0)
			live_until_tried(r, round);
		r->set_tid_got[round][w] = c >= 0 ? c : -errno;
		f = fork();
		if (f == 0)
			live_until_tried(r, round);
		r->fork_got[round][w] = f >= 0 ? f : -errno;
		__atomic_add_fetch(&r->tried[round], 1, __ATOMIC_ACQ_REL);
		if ((c > 0 && waitpid((pid_t)c, NULL, 0) != c) ||
		    (f > 0 && waitpid((pid_t)f, NULL, 0) != f))
			_exit(3);
	}
	_exit(0);
}

/*
 * One worker per CPU numbers children at once, with pid_lock alone
 * (kernel/proc/pid.c): in every round exactly one of the clone3() calls
 * asking for the same number gets it and the others say EEXIST, and the
 * forks' numbers, all alive together, differ from each other and from it.
 */
static int body_pid_numbers_race(void)
{
	struct pid_race *r =
		mmap(NULL, sizeof(*r), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t workers[MAX_CPUS];
	int st;

	EXPECT_TRUE("mmap", r != MAP_FAILED);
	for (int w = 0; w < ncpus; w++) {
		workers[w] = fork();
		if (workers[w] == 0)
			pid_worker(r, w);
		EXPECT("fork a worker", workers[w] > 0, 1);
	}
	for (int w = 0; w < ncpus; w++) {
		EXPECT("waitpid", waitpid(workers[w], &st, 0), workers[w]);
		EXPECT("the worker's status", st, 0);
	}
	for (int round = 0; round < PID_ROUNDS; round++) {
		int winners = 0;

		for (int w = 0; w < ncpus; w++) {
			long c = r->set_tid_got[round][w];

			if (c == PID_BASE + round)
				winners++;
			else
				EXPECT("clone3 with a set_tid another CPU took", c, -EEXIST);
			EXPECT_TRUE("fork", r->fork_got[round][w] > 0);
			EXPECT_TRUE("a fork's number is not the set_tid one",
				    r->fork_got[round][w] != PID_BASE + round);
			for (int v = 0; v < w; v++)
				EXPECT_TRUE("two live children with one number",
					    r->fork_got[round][v] != r->fork_got[round][w]);
		}
		EXPECT("clone3 calls given the number", winners, 1);
	}
	note("%d workers, %d rounds of a set_tid race and a fork each", ncpus, PID_ROUNDS);
	return 0;
}

/* ---- a clone that fails after its pidfd was installed ---- */

#define PIDFD_BATCHES 12
#define PIDFD_CLONES 24	  /* failed clones a batch: each takes the next PID number */
#define PIDFD_BAD_PTR 8ul /* where clone3 stores the pidfd: an unmapped page, so EFAULT */

static volatile int pidfd_stop, pidfd_probe_fd, pidfd_lo;

/* Reads the fd a failing clone's pidfd gets, again and again: read() runs without big_lock. */
static int pidfd_reader(void *arg)
{
	char b;

	set_affinity(0, cpus[(long)arg % ncpus]);
	while (!pidfd_stop)
		(void)read(pidfd_probe_fd, &b, 1);
	return 0;
}

/* Signals 0 to the numbers the failing clones take, again and again. */
static int pidfd_killer(void *arg)
{
	set_affinity(0, cpus[(long)arg % ncpus]);
	while (!pidfd_stop) {
		int lo = pidfd_lo;

		for (int p = lo + 1; p <= lo + PIDFD_CLONES + 2 && !pidfd_stop; p++)
			(void)kill(p, 0);
	}
	return 0;
}

/*
 * clone3(CLONE_PIDFD) whose pidfd store faults: the child is never made
 * and the call says EFAULT, while a thread on another CPU reads the fd
 * the pidfd got for that moment and another signals the PID numbers the
 * clones take. A pid that named the child before the failure outlived it
 * while the reader held the pidfd, and the signal then reached freed
 * memory (make fuzz found it: a namespace's init killing every number).
 */
static int body_clone_pidfd_efault(void)
{
	static struct thread reader, killer;
	struct clone_args args = { .flags = CLONE_PIDFD,
				   .pidfd = PIDFD_BAD_PTR,
				   .exit_signal = SIGCHLD };
	int res, st;

	pidfd_probe_fd = dup(1);
	EXPECT_TRUE("dup", pidfd_probe_fd >= 0);
	EXPECT("close", close(pidfd_probe_fd), 0);
	set_affinity(0, cpus[0]);
	EXPECT("thread_create", thread_create(&reader, pidfd_reader, (void *)1l, NULL), 0);
	EXPECT("thread_create", thread_create(&killer, pidfd_killer, (void *)2l, NULL), 0);
	for (int batch = 0; batch < PIDFD_BATCHES; batch++) {
		pid_t f = fork();

		if (f == 0)
			_exit(0);
		EXPECT("waitpid", waitpid(f, &st, 0), f);
		pidfd_lo = f;
		for (int i = 0; i < PIDFD_CLONES; i++) {
			long c = syscall(__NR_clone3, &args, sizeof(args));

			if (c == 0)
				_exit(9); /* a child that should not exist */
			EXPECT("clone3 with a pidfd pointer that faults", c < 0 ? -errno : c,
			       -EFAULT);
		}
		test_progress();
	}
	pidfd_stop = 1;
	thread_join(&reader, &res);
	thread_join(&killer, &res);
	EXPECT("the pidfd's fd, closed again", fcntl(pidfd_probe_fd, F_GETFD) < 0 ? errno : 0,
	       EBADF);
	EXPECT("no child left", waitpid(-1, &st, WNOHANG) < 0 ? errno : 0, ECHILD);
	note("%d clones failed EFAULT with a reader and a signaller on other CPUs",
	     PIDFD_BATCHES * PIDFD_CLONES);
	return 0;
}

/* ---- futexes without the big lock ---- */

#define FUTEX_ROUNDS 400

/* One pair's turn word: even, the first thread's turn; odd, the second's. */
struct futex_pair {
	volatile uint32_t turn;
	int cpu;
	unsigned int side; /* 0 or 1: whose turn parity is this thread's */
	volatile long bad;
};

static struct futex_pair futex_pairs[MAX_CPUS][2];

/*
 * Takes its turn FUTEX_ROUNDS times: waits in FUTEX_WAIT while the word
 * says the partner's turn, then passes the turn and wakes the partner. A
 * wake lost between a waiter's check of the word and its sleep hangs the
 * pair, which the watchdog fails.
 */
static int futex_turns(void *p)
{
	struct futex_pair *me = p;
	struct futex_pair *pair = me - me->side;

	set_affinity(0, me->cpu);
	for (unsigned int i = 0; i < FUTEX_ROUNDS; i++) {
		uint32_t t;

		while (((t = pair->turn) & 1) != me->side) {
			long r = futex(&pair->turn, FUTEX_WAIT_PRIVATE, t, NULL);

			if (r && errno != EAGAIN)
				me->bad = errno;
		}
		__atomic_store_n(&pair->turn, t + 1, __ATOMIC_SEQ_CST);
		if (futex(&pair->turn, FUTEX_WAKE_PRIVATE, 1, NULL) < 0)
			me->bad = errno;
		test_progress();
	}
	return 0;
}

/*
 * futex(2) runs without the big lock (docs/DESIGN.md §7.3): its waiters
 * are kept per hash bucket under the bucket's own lock, and a waiter reads
 * the word after it is on its bucket. On every CPU at once, pairs of
 * threads hand a turn back and forth through one futex word each, one
 * thread of each pair on this CPU and the other on the next; every turn
 * is a sleep in FUTEX_WAIT or a wake that came before it, on two CPUs.
 */
static int body_futex_pingpong(void)
{
	struct thread threads[MAX_CPUS][2];
	int res;

	for (int i = 0; i < ncpus; i++) {
		for (unsigned int side = 0; side < 2; side++) {
			futex_pairs[i][side] =
				(struct futex_pair){ .cpu = cpus[(i + (int)side) % ncpus],
						     .side = side };
		}
	}
	for (int i = 0; i < ncpus; i++)
		for (unsigned int side = 0; side < 2; side++)
			EXPECT("thread_create",
			       thread_create(&threads[i][side], futex_turns, &futex_pairs[i][side],
					     NULL),
			       0);
	for (int i = 0; i < ncpus; i++) {
		for (unsigned int side = 0; side < 2; side++) {
			thread_join(&threads[i][side], &res);
			EXPECT("a futex call's errno (0: none failed)", futex_pairs[i][side].bad,
			       0);
		}
		EXPECT("turns taken", futex_pairs[i][0].turn, 2 * FUTEX_ROUNDS);
	}
	note("%d futex pairs of %d turns each", ncpus, FUTEX_ROUNDS);
	return 0;
}

/* ---- wait4 from a thread on every CPU ---- */

#define REAP_FORKS 40 /* children each thread forks, reaping one child after each */

static struct thread reap_threads[MAX_CPUS];
static pid_t reap_forked[MAX_CPUS][REAP_FORKS], reap_got[MAX_CPUS][REAP_FORKS];
static int reap_status[MAX_CPUS][REAP_FORKS];

static int reap_code(int w, int i)
{
	return (w * REAP_FORKS + i) % 250 + 1;
}

/*
 * Forks a child that exits with its own code, then reaps any one child of
 * the process with wait4(-1): perhaps another thread's. Each thread waits
 * only after its own fork, so a waiter always has a child left to get.
 */
static int reap_thread(void *arg)
{
	long w = (long)arg;

	set_affinity(0, cpus[w]);
	for (int i = 0; i < REAP_FORKS; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(reap_code((int)w, i));
		reap_forked[w][i] = pid;
		reap_got[w][i] = wait4(-1, &reap_status[w][i], 0, NULL);
	}
	return 0;
}

/*
 * A thread of one process on every CPU forks and reaps at once: wait4's
 * scan without big_lock (kernel/proc/wait.c) runs beside the other threads'
 * reaps and the clones' pushes on the same children list. Every child is
 * reaped exactly once, with its own status, and then none is left.
 */
static int body_wait4_every_cpu(void)
{
	int result, st;

	for (int w = 0; w < ncpus; w++)
		EXPECT("thread_create",
		       thread_create(&reap_threads[w], reap_thread, (void *)(long)w, NULL), 0);
	for (int w = 0; w < ncpus; w++) {
		thread_join(&reap_threads[w], &result);
		EXPECT("a thread's result", result, 0);
	}
	for (int w = 0; w < ncpus; w++) {
		for (int i = 0; i < REAP_FORKS; i++) {
			int found = 0;

			EXPECT_TRUE("fork", reap_forked[w][i] > 0);
			EXPECT_TRUE("wait4 got a child", reap_got[w][i] > 0);
			for (int v = 0; v < ncpus; v++) {
				for (int j = 0; j < REAP_FORKS; j++) {
					if (reap_got[v][j] != reap_forked[w][i])
						continue;
					found++;
					EXPECT("its status", reap_status[v][j],
					       reap_code(w, i) << 8);
				}
			}
			EXPECT("times the child was reaped", found, 1);
		}
	}
	EXPECT("none left", wait4(-1, &st, 0, NULL), -1);
	EXPECT("ECHILD", errno, ECHILD);
	note("%d threads forked and reaped %d children each", ncpus, REAP_FORKS);
	return 0;
}

/* ---- a reap without the big lock, and the lookups that race it ---- */

#define LOOKUP_ROUNDS 60 /* children forked and reaped while the lookups run */

static volatile pid_t lookup_target; /* the child now being made, exited and reaped */
static volatile int lookup_stop;
static volatile long lookup_bad;	   /* the first result no rule allows, as a line number */
static volatile unsigned long lookup_hits; /* lookups that found the child, zombie or not */

#define LOOKUP_FAIL()                          \
	do {                                   \
		if (!lookup_bad)               \
			lookup_bad = __LINE__; \
	} while (0)

/*
 * What a reader on another CPU asks of the child: kill(pid, 0) and a
 * SIGWINCH it ignores, its group and session, /proc/PID/stat and status (which read the zombie's last
 * thread), and waitid(WNOWAIT), a report that reaps nothing. Each finds the
 * child -- alive, or a zombie not yet reaped -- or says it is gone, never
 * anything else.
 */
static void look_up_child(pid_t t)
{
	char path[48], buf[512];
	siginfo_t si;
	int fd;
	long n;

	if (kill(t, 0) == 0)
		lookup_hits++;
	else if (errno != ESRCH)
		LOOKUP_FAIL();
	/* A signal it ignores by default: the send looks at its threads' handlers. */
	if (kill(t, SIGWINCH) != 0 && errno != ESRCH)
		LOOKUP_FAIL();
	n = syscall(__NR_getpgid, t);
	if (n < 0 ? errno != ESRCH : n != t && n != syscall(__NR_getpgid, 0))
		LOOKUP_FAIL();
	n = syscall(__NR_getsid, t);
	if (n < 0 ? errno != ESRCH : n != syscall(__NR_getsid, 0))
		LOOKUP_FAIL();
	for (int which = 0; which < 2; which++) {
		snprintf(path, sizeof(path), "/proc/%d/%s", t, which ? "status" : "stat");
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			if (errno != ENOENT && errno != ESRCH)
				LOOKUP_FAIL();
			continue;
		}
		n = read(fd, buf, sizeof(buf) - 1);
		/* Opened while it was there: read whole, or ESRCH once it is gone. */
		if (n < 0 ? errno != ESRCH : n == 0)
			LOOKUP_FAIL();
		close(fd);
	}
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, t, &si, WEXITED | WNOHANG | WNOWAIT) == 0) {
		if (si.si_pid != 0 && (si.si_pid != t || si.si_status != t % 250 + 1))
			LOOKUP_FAIL();
	} else if (errno != ECHILD) {
		LOOKUP_FAIL();
	}
}

static int lookup_reader(void *arg)
{
	set_affinity(0, cpus[(long)arg % ncpus]);
	while (!lookup_stop) {
		pid_t t = lookup_target;

		if (t > 0)
			look_up_child(t);
	}
	return 0;
}

/*
 * wait4() reaps without big_lock (kernel/proc/wait.c): it takes the zombie
 * off its list, makes its PID name nothing, and waits out every hold of
 * big_lock that may have found it before it frees it. A reader on every
 * other CPU looks the child up again and again, by number, through /proc
 * and through waitid(WNOWAIT) from another thread of the reaper, while
 * this CPU forks it, lets it exit (its own group leader, so its group's
 * PID goes with it) and reaps it. A free too early is a read of freed
 * memory, which the debugging build's poison catches; a lookup that finds
 * a half-reaped child says something no rule allows.
 */
static int body_reap_races_lookups(void)
{
	struct thread readers[MAX_CPUS];
	int res, st;

	set_affinity(0, cpus[0]);
	for (int i = 1; i < ncpus; i++)
		EXPECT("thread_create",
		       thread_create(&readers[i], lookup_reader, (void *)(long)i, NULL), 0);
	for (int round = 0; round < LOOKUP_ROUNDS && !lookup_bad; round++) {
		pid_t c = fork();

		if (c == 0) {
			syscall(__NR_setpgid, 0, 0);
			_exit(getpid() % 250 + 1);
		}
		EXPECT_TRUE("fork", c > 0);
		lookup_target = c;
		EXPECT("wait4 of the child", wait4(c, &st, 0, NULL), c);
		EXPECT("its status", st, (c % 250 + 1) << 8);
		if (round % 8 == 0)
			test_progress();
	}
	lookup_stop = 1;
	for (int i = 1; i < ncpus; i++)
		thread_join(&readers[i], &res);
	EXPECT("the line of the first lookup no rule allows (0: none)", lookup_bad, 0);
	EXPECT("none left", wait4(-1, &st, WNOHANG, NULL) < 0 ? errno : 0, ECHILD);
	note("%d children reaped while %d CPUs looked them up (%lu lookups found one)",
	     LOOKUP_ROUNDS, ncpus - 1, lookup_hits);
	return 0;
}

/* ---- a reap's grace period beside a shootdown of its own space ---- */

#define REMAP_ROUNDS 150 /* children reaped while the other thread remaps */

static volatile int remap_stop;
static volatile unsigned long remaps;
static volatile long remap_bad;

/*
 * Over and over on another CPU: an anonymous page at one address,
 * written, then a file mapped over it with MAP_FIXED. The file's mmap
 * takes big_lock, and the anonymous page's unmap under it sends a TLB
 * shootdown to every CPU that runs this address space -- the reaping
 * thread's, in the kernel.
 */
static int remapper(void *arg)
{
	int fd = open("/bin/smp", O_RDONLY);
	char *at = mmap(NULL, PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	set_affinity(0, cpus[(long)arg % ncpus]);
	if (fd < 0 || at == MAP_FAILED) {
		remap_bad = fd < 0 ? __LINE__ : -__LINE__;
		return 0;
	}
	while (!remap_stop) {
		char *p = mmap(at, PAGE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

		if (p != at) {
			remap_bad = __LINE__;
			break;
		}
		p[0] = 1;
		if (mmap(at, PAGE, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) != at) {
			remap_bad = __LINE__;
			break;
		}
		remaps++;
	}
	close(fd);
	return 0;
}

/*
 * wait4's reap waits for the hold of big_lock in progress to end
 * (big_lock_synchronize()) with interrupts off. If that holder sends this
 * CPU a TLB shootdown and waits for its answer, the reaper must answer
 * while it waits, as a lock waiter does; a first version did not, and
 * make fuzz hung on qemu-x86_64. Here the holder is the reaper's own
 * sibling thread remapping a page on another CPU (x86 answers shootdowns
 * by IPI; arm64's TLB maintenance needs no answer, and passes as well).
 */
static int body_reap_beside_shootdowns(void)
{
	static struct thread other;
	int res, st;

	set_affinity(0, cpus[0]);
	EXPECT("thread_create", thread_create(&other, remapper, (void *)1l, NULL), 0);
	for (int round = 0; round < REMAP_ROUNDS && !remap_bad; round++) {
		pid_t c = fork();

		if (c == 0)
			_exit(round % 250 + 1);
		EXPECT_TRUE("fork", c > 0);
		EXPECT("wait4 of the child", wait4(c, &st, 0, NULL), c);
		EXPECT("its status", st, (round % 250 + 1) << 8);
		if (round % 16 == 0)
			test_progress();
	}
	remap_stop = 1;
	thread_join(&other, &res);
	EXPECT("the line where the remapping failed (0: none)", remap_bad, 0);
	EXPECT_TRUE("remaps made", remaps > 0);
	note("%d children reaped while another CPU remapped a page %lu times", REMAP_ROUNDS,
	     remaps);
	return 0;
}

/* ---- a signal to the process, and the thread it chose exiting ---- */

#define RETARGET_ROUNDS 40 /* threads made, each chosen for a signal and then ended */

static volatile int retarget_ready, retarget_sent, retarget_done, retarget_over;
static volatile int retarget_taken; /* SIGUSR1s handled, by any thread */
static bool retarget_by_block;	    /* the chosen thread blocks SIGUSR1 instead of ending */

static void on_usr1_taken(int sig)
{
	(void)sig;
	__atomic_fetch_add(&retarget_taken, 1, __ATOMIC_SEQ_CST);
}

static const unsigned long usr1_bit = 1ul << (SIGUSR1 - 1);

/*
 * The thread a signal sent to the process is meant for: it unblocks
 * SIGUSR1 and spins in user mode on main's CPU until the signal is sent,
 * then ends -- or blocks SIGUSR1 and waits for the round's end -- before a
 * tick can bring it into the kernel to take the signal, most rounds.
 */
static int chosen_thread(void *arg)
{
	(void)arg;
	set_affinity(0, cpus[0]);
	syscall4(__NR_rt_sigprocmask, SIG_UNBLOCK, (long)&usr1_bit, 0, 8);
	__atomic_store_n(&retarget_ready, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&retarget_sent, __ATOMIC_SEQ_CST))
		;
	if (!retarget_by_block)
		return 0;
	syscall4(__NR_rt_sigprocmask, SIG_BLOCK, (long)&usr1_bit, 0, 8);
	while (!__atomic_load_n(&retarget_over, __ATOMIC_SEQ_CST))
		sleep_ms(1); /* sleep-ok: a poll's interval until the sender's round ends */
	return 0;
}

/* Run on a CPU of its own with SIGUSR1 blocked: makes the chosen threads and sends. */
static int retarget_sender(void *arg)
{
	long main_tid = (long)arg, lost = 0;

	set_affinity(0, cpus[1]);
	syscall4(__NR_rt_sigprocmask, SIG_BLOCK, (long)&usr1_bit, 0, 8);
	for (int r = 0; r < RETARGET_ROUNDS && !lost; r++) {
		struct thread t;
		int before = retarget_taken, res;
		long long end;

		retarget_ready = retarget_sent = retarget_over = 0;
		if (thread_create(&t, chosen_thread, NULL, NULL))
			return -1;
		while (!__atomic_load_n(&retarget_ready, __ATOMIC_SEQ_CST))
			;
		kill(getpid(), SIGUSR1);
		__atomic_store_n(&retarget_sent, 1, __ATOMIC_SEQ_CST);
		if (!retarget_by_block)
			thread_join(&t, &res);
		end = monotonic_ns() + LOST_MS * 1000000LL;
		while (__atomic_load_n(&retarget_taken, __ATOMIC_SEQ_CST) == before && !lost) {
			if (monotonic_ns() >= end)
				lost = r + 1;
			sleep_ms(1); /* sleep-ok: a poll's interval (LOST_MS bounds the wait) */
		}
		__atomic_store_n(&retarget_over, 1, __ATOMIC_SEQ_CST);
		if (retarget_by_block)
			thread_join(&t, &res);
		test_progress();
	}
	__atomic_store_n(&retarget_done, 1, __ATOMIC_SEQ_CST);
	syscall3(__NR_tgkill, getpid(), main_tid, SIGUSR1); /* main's sigsuspend ends */
	return (int)lost;
}

/*
 * A signal sent to the process wakes one thread that can take it: here the
 * newest, running on another CPU, which ends before it enters the kernel
 * again. Its exit then wakes another thread that can (Linux's
 * retarget_shared_pending()): main, asleep in sigsuspend(), takes every
 * one of the signals. Before, the signal stayed pending with only
 * threads asleep for it, and the sender waited in vain (a thread with
 * SIGUSR1 blocked, whose result names the first round lost).
 */
static int signal_outlives_chosen_thread(bool by_block)
{
	static struct thread sender;
	struct kernel_sigaction a = { (unsigned long)on_usr1_taken, SA_RESTORER,
				      (unsigned long)sig_restorer, 0 };
	unsigned long none = 0;
	int res;

	retarget_by_block = by_block;
	EXPECT("rt_sigaction", syscall4(__NR_rt_sigaction, SIGUSR1, (long)&a, 0, 8), 0);
	set_affinity(0, cpus[0]);
	EXPECT("thread_create",
	       thread_create(&sender, retarget_sender, (void *)syscall0(__NR_gettid), NULL), 0);
	while (!__atomic_load_n(&retarget_done, __ATOMIC_SEQ_CST))
		syscall2(__NR_rt_sigsuspend, (long)&none, 8);
	thread_join(&sender, &res);
	EXPECT("the sender's result (0: every signal taken; n + 1: lost in round n; -1: no thread)",
	       res, 0);
	EXPECT_TRUE("signals taken", retarget_taken >= RETARGET_ROUNDS);
	note("%d signals sent to the process, each meant for a thread that then %s; %d taken",
	     RETARGET_ROUNDS, by_block ? "blocked it" : "ended", retarget_taken);
	return 0;
}

static int body_signal_outlives_chosen_thread(void)
{
	return signal_outlives_chosen_thread(false);
}

/*
 * The same, the chosen thread blocking the signal instead of ending: it
 * wakes another thread that can take it, as Linux's __set_task_blocked()
 * (signal_set_mask()); main takes every one.
 */
static int body_signal_outlives_chosen_thread_blocking(void)
{
	return signal_outlives_chosen_thread(true);
}

/* ---- threads that exit without the big lock, and what races them ---- */

#define CHURN_THREADS 60 /* threads each CPU's maker creates and joins */

static volatile int churn_stop, churn_made;
static volatile long churn_bad; /* the first result no rule allows, as a line number */
static volatile int churn_latest_tid;

#define CHURN_FAIL()                          \
	do {                                  \
		if (!churn_bad)               \
			churn_bad = __LINE__; \
	} while (0)

static int churn_body(void *arg)
{
	(void)arg;
	churn_latest_tid = (int)syscall0(__NR_gettid);
	return 7;
}

/* Makes and joins threads on its CPU: each one's clone links and its exit unlinks without big_lock. */
static int churn_maker(void *arg)
{
	set_affinity(0, cpus[(long)arg % ncpus]);
	for (int i = 0; i < CHURN_THREADS; i++) {
		struct thread t;
		int res = -1;

		if (thread_create(&t, churn_body, NULL, NULL)) {
			CHURN_FAIL();
			break;
		}
		thread_join(&t, &res);
		if (res != 7)
			CHURN_FAIL();
		__atomic_fetch_add(&churn_made, 1, __ATOMIC_SEQ_CST);
		if (i % 16 == 0)
			test_progress();
	}
	return 0;
}

static long rusage_us(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		return -1;
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000L + ru.ru_utime.tv_usec +
	       ru.ru_stime.tv_usec;
}

/* The process's thread count as /proc/self/status says it; -1 if unreadable. */
static int status_threads(void)
{
	char buf[2048], *at;
	int fd = open("/proc/self/status", O_RDONLY);
	long n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	at = strstr(buf, "\nThreads:");
	return at ? atoi(at + 9) : -1;
}

/*
 * What a reader asks while the threads come and go: the latest one by
 * TID (tgkill(0): there or gone, and its /proc directory read whole or
 * gone), the thread count, and the process's CPU time, which must never
 * go back -- an exiting thread's time moves into the process's with its
 * unlink, under one lock, so a reader never counts it twice or not at all.
 */
static int churn_reader(void *arg)
{
	long pid = syscall0(__NR_getpid), last = 0;

	set_affinity(0, cpus[(long)arg % ncpus]);
	while (!churn_stop) {
		int tid = churn_latest_tid, fd, n;
		char path[64], buf[512];
		long us;

		if (tid > 0) {
			long r = syscall3(__NR_tgkill, pid, tid, 0);

			if (r != 0 && r != -ESRCH)
				CHURN_FAIL();
			snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
			fd = open(path, O_RDONLY);
			if (fd >= 0) {
				long got = read(fd, buf, sizeof(buf));

				if (got < 0 ? errno != ESRCH : got == 0)
					CHURN_FAIL();
				close(fd);
			} else if (errno != ENOENT && errno != ESRCH) {
				CHURN_FAIL();
			}
		}
		n = status_threads();
		if (n < 1)
			CHURN_FAIL();
		us = rusage_us();
		if (us < last)
			CHURN_FAIL();
		last = us;
	}
	return 0;
}

/*
 * Threads made and joined on every CPU at once -- clone links a thread and
 * a thread's exit unlinks it, under the process's siglock, neither holding
 * big_lock (docs/DESIGN.md §7.3) -- while a reader on every CPU looks the
 * newest up by TID and through /proc and reads the process's CPU time. A
 * thread freed while a holder of big_lock still stood on it is a read of
 * freed memory, which the debugging build's poison catches. Every join gets
 * its thread's result; at the end the process has its one thread again.
 */
static int body_thread_exits_race_lookups(void)
{
	struct thread makers[MAX_CPUS], readers[MAX_CPUS];
	int res;

	for (int i = 0; i < ncpus; i++) {
		EXPECT("thread_create",
		       thread_create(&makers[i], churn_maker, (void *)(long)i, NULL), 0);
		EXPECT("thread_create",
		       thread_create(&readers[i], churn_reader, (void *)(long)(i + 1), NULL), 0);
	}
	for (int i = 0; i < ncpus; i++)
		thread_join(&makers[i], &res);
	churn_stop = 1;
	for (int i = 0; i < ncpus; i++)
		thread_join(&readers[i], &res);
	EXPECT("the line of the first result no rule allows (0: none)", churn_bad, 0);
	EXPECT("threads made and joined", churn_made, ncpus * CHURN_THREADS);
	/*
	 * Linux wakes the joiner (CLONE_CHILD_CLEARTID) before the thread
	 * leaves its group, so there it may count a moment longer; Umbra's is
	 * exact.
	 */
	for (int i = 0; !on_umbra() && i < 1000 && status_threads() != 1; i++)
		sched_yield();
	EXPECT("Threads: in /proc/self/status", status_threads(), 1);
	note("%d threads made and joined on %d CPUs while %d readers looked", churn_made, ncpus,
	     ncpus);
	return 0;
}

/*
 * Runs reaper as the init of a new PID namespace, so every orphan of its
 * descendants comes to it; 0 once it exited 0 (it notes what failed).
 */
static int run_as_pid_ns_init(int (*reaper)(void))
{
	long pid;
	int st;

	fflush_stdout();
	pid = syscall5(__NR_clone, CLONE_NEWPID | SIGCHLD, 0, 0, 0, 0);
	if (pid == 0)
		_exit(reaper());
	EXPECT_TRUE("clone(CLONE_NEWPID)", pid > 0);
	EXPECT("wait4 of the reaper", wait4((pid_t)pid, &st, 0, NULL), pid);
	EXPECT("the reaper's status", st, 0);
	return 0;
}

/* ---- orphans that exit while their parent does ---- */

#define ORPHAN_ROUNDS 24       /* middle processes, half with SIGCHLD ignored by the reaper */
#define ORPHANS (2 * MAX_CPUS) /* at most, per round */
#define MIDDLE_CODE 200

static volatile pid_t
	*orphan_pids; /* shared: each round's grandchildren, as the middle forked them */

/*
 * The middle process of a round: forks its grandchildren, two for each
 * CPU, each moved to its CPU to spin a little and exit with its own code,
 * and exits at once -- while they are exiting, as it moves them to the
 * reaper.
 */
static void orphan_middle(int n)
{
	for (int i = 0; i < n; i++) {
		pid_t g = fork();

		if (g == 0) {
			set_affinity(0, cpus[i % ncpus]);
			for (volatile int spin = 0; spin < (i % 4) * 2000; spin++)
				;
			_exit(i + 1);
		}
		orphan_pids[i] = g;
	}
	_exit(MIDDLE_CODE);
}

/*
 * One round in the reaper, the init of a PID namespace: every grandchild
 * and the middle process are reaped exactly once, with their own codes,
 * then wait4() says ECHILD. With SIGCHLD ignored nobody is reaped by
 * wait4(), which says ECHILD once no child is left; by then every one of
 * them has exited (Linux moves a process's children to the reaper before
 * it leaves its own parent's list): none holds the pipe's write end. Not
 * that each is gone by number: Linux's wait4() may say ECHILD while an
 * exited one is still being freed. 0, or the line that failed.
 */
static int orphan_round(bool ignore)
{
	int n = 2 * ncpus, seen[ORPHANS + 1] = { 0 }, st, alive[2];
	char byte;
	pid_t got;

	for (int i = 0; i < n; i++)
		orphan_pids[i] = 0;
	/* Each of them holds the write end until it exits. */
	if (pipe(alive) != 0 || fcntl(alive[0], F_SETFL, O_NONBLOCK) != 0)
		return __LINE__;
	pid_t mid = fork();

	if (mid == 0)
		orphan_middle(n);
	close(alive[1]);
	if (mid < 0)
		return __LINE__;
	/*
	 * A wait that sleeps when the exits tell the reaper (a wake-up lost
	 * hangs it); WNOHANG again and again when they do not, a look in
	 * every window of the middle's exit.
	 */
	while ((got = wait4(-1, &st, ignore ? WNOHANG : 0, NULL)) >= 0) {
		if (got == 0)
			continue;
		if (ignore)
			return __LINE__; /* nothing to reap when SIGCHLD is ignored */
		int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;

		if (got == mid ? code != MIDDLE_CODE
			       : code < 1 || code > n || orphan_pids[code - 1] != got)
			return __LINE__;
		if (++seen[got == mid ? 0 : code] != 1)
			return __LINE__;
	}
	if (errno != ECHILD)
		return __LINE__;
	for (int i = 0; i <= n; i++)
		if (!ignore && seen[i] != 1)
			return __LINE__;
	for (int i = 0; i < n; i++)
		if (orphan_pids[i] <= 0)
			return __LINE__;
	/* No write end left: every one of them has exited (EAGAIN: one still runs). */
	if (read(alive[0], &byte, 1) != 0)
		return __LINE__;
	close(alive[0]);
	return 0;
}

static int orphan_reaper(void)
{
	struct kernel_sigaction dfl = { (unsigned long)SIG_DFL, SA_RESTORER, 0, 0 };
	struct kernel_sigaction ign = { (unsigned long)SIG_IGN, SA_RESTORER, 0, 0 };

	for (int round = 0; round < ORPHAN_ROUNDS; round++) {
		bool ignore = round % 2;
		int line;

		syscall4(__NR_rt_sigaction, SIGCHLD, (long)(ignore ? &ign : &dfl), 0, 8);
		line = orphan_round(ignore);
		if (line) {
			note("round %d (SIGCHLD %s): the check at line %d failed, errno %d", round,
			     ignore ? "ignored" : "default", line, errno);
			return 1;
		}
	}
	return 0;
}

/*
 * A process's last thread ends it without big_lock when it has nothing to
 * hand on (kernel/proc/exit.c): it becomes a zombie and tells its parent
 * under the parent's children_lock, while the parent may be exiting and
 * moving it to the reaper under big_lock. Each round a middle process
 * forks a grandchild or two per CPU and exits as they do; the reaper, a
 * PID namespace's init, must get each of them once: a zombie told to two
 * parents, or to none, is reaped twice or never (the wait4() hangs: the
 * case times out). Every other round the reaper ignores SIGCHLD, so the
 * exits free themselves, and the reaper's wait4() must not say ECHILD
 * while one of them still lives.
 */
static int body_orphans_exit_with_their_parent(void)
{
	orphan_pids = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	EXPECT_TRUE("mmap", orphan_pids != MAP_FAILED);
	EXPECT("the orphans' reaper", run_as_pid_ns_init(orphan_reaper), 0);
	note("%d rounds of %d orphans on %d CPUs", ORPHAN_ROUNDS, 2 * ncpus, ncpus);
	return 0;
}

/* ---- a group kill while the group forks ---- */

#define GROUP_KILL_ROUNDS 16

/* A forker: in its own group, it forks children that wait to be killed, as fast as it can. */
static void group_forker(int cpu)
{
	set_affinity(0, cpus[cpu % ncpus]);
	for (;;) {
		pid_t c = fork();

		if (c == 0) {
			for (;;)
				syscall(__NR_ppoll, 0, 0, 0, 0, 8); /* pause(): until a signal */
		}
		if (c < 0)
			sched_yield(); /* out of PIDs or memory for a moment: the kill comes */
	}
}

/*
 * One round in a PID namespace's init: a forker on every CPU but the
 * first, all in one new group, fork children into it while this CPU
 * kills the group with SIGKILL. Every process of the group must die of
 * it -- the forkers and every child, also one a fork was making as the
 * kill went by (kernel/proc/fork.c dooms it) -- so the reaper gets them
 * all, each killed by SIGKILL, and then ECHILD. A child the kill missed
 * would wait for ever: the case times out. 0, or the line that failed.
 */
static int group_kill_round(int round)
{
	pid_t forkers[MAX_CPUS], group = 0;
	int st, reaped = 0;
	pid_t got;

	for (int i = 1; i < ncpus; i++) {
		forkers[i] = fork();
		if (forkers[i] == 0) {
			syscall(__NR_setpgid, 0, group);
			group_forker(i);
		}
		if (forkers[i] < 0)
			return __LINE__;
		if (!group)
			group = forkers[i];
		syscall(__NR_setpgid, forkers[i], group); /* as a shell does, from both sides */
	}
	for (volatile int spin = 0; spin < 20000 * (1 + round % 4); spin++)
		;
	if (kill(-group, SIGKILL) != 0)
		return __LINE__;
	while ((got = wait4(-1, &st, 0, NULL)) > 0) {
		reaped++;
		if (!WIFSIGNALED(st) || WTERMSIG(st) != SIGKILL)
			return __LINE__;
	}
	if (errno != ECHILD || reaped < ncpus - 1)
		return __LINE__;
	return 0;
}

static int group_kill_reaper(void)
{
	set_affinity(0, cpus[0]);
	for (int round = 0; round < GROUP_KILL_ROUNDS; round++) {
		int line = group_kill_round(round);

		if (line) {
			note("round %d: the check at line %d failed, errno %d", round, line, errno);
			return 1;
		}
	}
	return 0;
}

/*
 * A plain fork links its child without big_lock (kernel/proc/fork.c),
 * while a kill of the forker's group walks the group holding it: no child
 * may outlive the kill. The reaper is a PID namespace's init, so every
 * child of a killed forker comes to it.
 */
static int body_group_kill_while_forking(void)
{
	EXPECT("the forkers' reaper", run_as_pid_ns_init(group_kill_reaper), 0);
	note("%d group kills of %d forkers", GROUP_KILL_ROUNDS, ncpus - 1);
	return 0;
}

/* ---- /proc/PID of a process that is exiting ---- */

#define PROC_EXIT_ROUNDS 40

/*
 * A child on another CPU exits while its parent reads /proc/CHILD/status
 * over and over: as in Linux, the directory is there from the fork to the
 * reap -- alive, then a zombie (Z) -- never missing in between, though the
 * last thread leaves and the zombie is made without big_lock
 * (kernel/proc/exit.c).
 */
static int body_exiting_process_stays_in_proc(void)
{
	int st;

	set_affinity(0, cpus[0]);
	for (int round = 0; round < PROC_EXIT_ROUNDS; round++) {
		pid_t c = fork();
		char state = 0;
		long looks = 0;

		if (c == 0) {
			set_affinity(0, cpus[1 + round % (ncpus - 1)]);
			_exit(7);
		}
		EXPECT_TRUE("fork", c > 0);
		while (state != 'Z') {
			state = task_state(c);
			looks++;
			if (!state)
				note("round %d, look %ld: /proc/%d/status could not be read", round,
				     looks, c);
			EXPECT_TRUE("/proc/CHILD/status read before the reap", state != 0);
		}
		EXPECT("wait4 of the child", wait4(c, &st, 0, NULL), c);
		EXPECT("its status", st, 7 << 8);
	}
	note("%d children watched through /proc as they exited", PROC_EXIT_ROUNDS);
	return 0;
}

/* ---- the cases ---- */

enum { ONE_CPU = 1, TWO_CPUS = 2 };

static const struct smp_case {
	const char *name;
	int (*body)(void);
	int min_cpus;
	bool ss;	/* runs with the shadow stack on: skips without one */
	bool ss_if_any; /* runs with it on where there is one, else without */
	int sig, exit;	/* the child's expected end */
} cases[] = {
	{ "pinned_every_cpu_getcpu", body_pinned_getcpu, ONE_CPU, false, false, 0, 0 },
	{ "pinned_every_cpu_shadow_stack", body_pinned_ss, ONE_CPU, true, false, 0, 0 },
	{ "migration_stress_shadow_stack", body_stress, TWO_CPUS, false, true, 0, 0 },
	{ "shootdown_munmap_shadow_stack_sigsegv", body_shootdown_ss, TWO_CPUS, true, false,
	  SIGSEGV, 0 },
	{ "shootdown_munmap_read_segv_maperr", body_shootdown_munmap, TWO_CPUS, false, false, 0,
	  0 },
	{ "shootdown_mprotect_none_read_segv_accerr", body_shootdown_mprotect, TWO_CPUS, false,
	  false, 0, 0 },
	{ "shootdown_fork_cow_writer_private", body_shootdown_cow, TWO_CPUS, false, false, 0, 0 },
	{ "map_fault_unmap_fork_on_every_cpu", body_parallel_address_space, TWO_CPUS, false, true,
	  0, 0 },
	{ "affinity_moves_queued_thread_to_idle_cpu", body_move_queued, TWO_CPUS, false, false, 0,
	  0 },
	{ "timed_wake_goes_to_an_idle_cpu", body_wake_to_idle, TWO_CPUS, false, false, 0, 0 },
	{ "pipes_pingpong_poll_eintr_close_on_every_cpu", body_pipes_unlocked, TWO_CPUS, false,
	  false, 0, 0 },
	{ "futex_pingpong_on_every_cpu", body_futex_pingpong, TWO_CPUS, false, false, 0, 0 },
	{ "fifo_open_races_last_close_on_every_cpu", body_fifo_open_races_last_close, TWO_CPUS,
	  false, false, 0, 0 },
	{ "pid_numbers_race_on_every_cpu", body_pid_numbers_race, TWO_CPUS, false, false, 0, 0 },
	{ "clone_pidfd_efault_races_read_and_kill", body_clone_pidfd_efault, TWO_CPUS, false, false,
	  0, 0 },
	{ "wait4_from_every_cpu_reaps_each_child_once", body_wait4_every_cpu, TWO_CPUS, false,
	  false, 0, 0 },
	{ "reap_races_lookups_on_every_cpu", body_reap_races_lookups, TWO_CPUS, false, false, 0,
	  0 },
	{ "reap_answers_shootdowns_while_it_waits", body_reap_beside_shootdowns, TWO_CPUS, false,
	  false, 0, 0 },
	{ "process_signal_outlives_the_thread_it_chose", body_signal_outlives_chosen_thread,
	  TWO_CPUS, false, false, 0, 0 },
	{ "process_signal_goes_on_when_its_thread_blocks_it",
	  body_signal_outlives_chosen_thread_blocking, TWO_CPUS, false, false, 0, 0 },
	{ "thread_exits_race_lookups_on_every_cpu", body_thread_exits_race_lookups, TWO_CPUS, false,
	  false, 0, 0 },
	{ "orphans_exit_while_their_parent_exits_on_every_cpu", body_orphans_exit_with_their_parent,
	  TWO_CPUS, false, false, 0, 0 },
	{ "exiting_process_stays_in_proc_until_reaped", body_exiting_process_stays_in_proc,
	  TWO_CPUS, false, false, 0, 0 },
	{ "group_kill_while_forking_leaves_no_child", body_group_kill_while_forking, TWO_CPUS,
	  false, false, 0, 0 },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

/* The stress alone for stress_seconds, as one KTAP case. */
static int run_stress_timed(bool cpus_known)
{
	unsigned long mode = ss_supported ? SHSTK_MODE_ENABLE : 0;

	ktap_plan(1);
	if (ncpus < 2) {
		ktap_skip("migration_stress_timed", "only one CPU");
		return ktap_finish();
	}
	note("migration stress for %ld s of guest time on %d CPUs, %s %s", stress_seconds, ncpus,
	     SMP_SS_NAME, ss_supported ? "on" : "not supported");
	ktap_ok(cpus_known && status_is(run_child_within(body_stress_timed, mode, CASE_MS), 0, 0),
		"migration_stress_timed");
	return ktap_finish();
}

int main(int argc, char **argv)
{
	bool cpus_known = read_cpus();

	ss_supported = have_shadow_stacks();
	ktap_header();
	for (int i = 1; i < argc; i++)
		if (!strncmp(argv[i], "stress=", 7))
			stress_seconds = strtol(argv[i] + 7, NULL, 10);
	if (stress_seconds > 0)
		return run_stress_timed(cpus_known);
	ktap_plan(NCASES);
	note("%d CPU%s in the affinity mask%s; %s %s", ncpus, ncpus == 1 ? "" : "s",
	     cpus_known ? "" : " (unreadable)", SMP_SS_NAME,
	     ss_supported ? "supported" : "not supported");
	for (unsigned int i = 0; i < NCASES; i++) {
		const struct smp_case *c = &cases[i];
		unsigned long mode = (c->ss || c->ss_if_any) && ss_supported ? SHSTK_MODE_ENABLE
									     : 0;

		if (c->min_cpus == TWO_CPUS && ncpus < 2) {
			ktap_skip(c->name, "only one CPU");
			continue;
		}
		if (case_skipped(c->name, c->ss ? LIVE : ANY, ss_supported, SMP_SS_NAME))
			continue;
		if (c->ss_if_any && !ss_supported)
			note("%s: no %s: the SSP checks see 0 and check nothing", c->name,
			     SMP_SS_NAME);
		ktap_ok(cpus_known && status_is(run_child_within(c->body, mode, CASE_MS), c->exit,
						c->sig),
			"%s", c->name);
	}
	return ktap_finish();
}

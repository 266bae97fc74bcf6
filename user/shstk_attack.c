// SPDX-License-Identifier: MIT
/*
 * /bin/shstk_attack: the attack that made the clone3 series drop RFC v1's
 * shadow_stack address (docs/ABI.md §2.5): a new thread started on another
 * thread's *live* shadow stack.
 *
 * A victim thread stops inside victim_wait() with the newest entry of its
 * shadow stack (x86_64 CET) or GCS (arm64) holding victim_wait's return
 * address, at address V. The attacker asks clone3 for a thread whose
 * shadow-stack pointer is V + 8, just above that entry:
 *   - clone3_shstk=rfc1: shadow_stack = V + 8 - PAGE, shadow_stack_size =
 *     PAGE. clone3 succeeds. The new thread's first CALL / BLR pushes its
 *     own return address at V, over the victim's. When the victim returns
 *     from victim_wait, the CPU finds the wrong address on the shadow stack:
 *     #CP (x86_64) or a GCS data check (arm64), SIGSEGV with SEGV_CPERR, in
 *     the victim's thread. Expected: exactly that (the handler checks the
 *     signal, si_code and thread, then exits 42).
 *   - clone3_shstk=token: shstk_token = V. V holds a return address, not
 *     a token for a stack at V + 8, so clone3 fails with EINVAL and the
 *     victim returns normally.
 *   - clone3_shstk=size names no address: the attack cannot be asked for.
 * Each case skips, with the reason, where the kernel booted another shape
 * or the machine has no shadow stacks. The cases run in a forked child
 * with shadow stacks enabled (run_child), so its threads get theirs.
 */
#include "shstk_attack_arch.h"
#include "shstk_enable.h"
#include "sig_arch.h"
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <thread.h>
#include <unistd.h>

#define CPERR_IN_VICTIM 42 /* the exit status that says the attack hit the victim as expected */
#define BAD_SIGNAL 81
#define BAD_SI_CODE 82
#define BAD_THREAD 83
#define NO_OUTCOME 84
#define ATTACK_STACK (64 * 1024)
#define WAIT_ROUNDS 200000 /* yields to wait for the other thread, at most */

static const char *const shape_names[] = CLONE3_SHSTK_NAMES;
static int shape; /* the kernel's clone3_shstk= */

/* Shared between the threads; every access is volatile. */
static volatile unsigned long victim_ssp;
static volatile int victim_ready, go, victim_tid, victim_returned;

/* The victim's return path: stops here with its return address newest on its shadow stack. */
static __attribute__((noinline)) void victim_wait(void)
{
	victim_ssp = attack_read_ssp();
	victim_ready = 1;
	while (!go)
		attack_yield();
}

static int victim(void *arg)
{
	(void)arg;
	victim_tid = (int)syscall0(__NR_gettid);
	victim_wait();
	victim_returned = 1;
	return 7;
}

/* Runs in the new thread: being called pushed its return address at the victim's V. */
static __attribute__((noinline)) void attacker(void)
{
	go = 1;
}

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	int tid = (int)syscall0(__NR_gettid);

	(void)uc;
	if (sig != SIGSEGV) {
		note("signal %d, expected SIGSEGV", sig);
		syscall1(__NR_exit_group, BAD_SIGNAL);
	}
	if (si->si_code != SEGV_CPERR) {
		note("SIGSEGV si_code %d, expected SEGV_CPERR (%d)", si->si_code, SEGV_CPERR);
		syscall1(__NR_exit_group, BAD_SI_CODE);
	}
	if (tid != victim_tid) {
		note("SIGSEGV in thread %d, expected the victim %d", tid, victim_tid);
		syscall1(__NR_exit_group, BAD_THREAD);
	}
	note("victim %d: SIGSEGV SEGV_CPERR returning from victim_wait; its entry at %#lx now "
	     "holds %#lx",
	     tid, victim_ssp, *(volatile unsigned long *)victim_ssp);
	syscall1(__NR_exit_group, CPERR_IN_VICTIM);
}

static bool wait_for(volatile int *flag)
{
	for (int i = 0; i < WAIT_ROUNDS && !*flag; i++)
		attack_yield();
	return *flag;
}

/* The attack, in a child with shadow stacks on: its exit status says what happened. */
static int attack_body(void)
{
	struct kernel_sigaction sa = { (unsigned long)on_segv, SA_SIGINFO | SA_RESTORER,
				       (unsigned long)sig_restorer, 0 };
	union {
		struct clone_args rfc1;
		struct clone_args_token token;
	} a;
	unsigned long size;
	struct thread t;
	void *stack;
	long r;
	int res = 0;

	EXPECT("rt_sigaction", syscall4(__NR_rt_sigaction, SIGSEGV, (long)&sa, 0, 8), 0);
	stack = mmap(NULL, ATTACK_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
		     0);
	EXPECT("mmap of the new thread's stack", stack == MAP_FAILED, 0);
	EXPECT("thread_create", thread_create(&t, victim, NULL, NULL), 0);
	EXPECT("the victim is waiting", wait_for(&victim_ready), 1);
	EXPECT("the victim has a shadow stack", victim_ssp != 0, 1);

	memset(&a, 0, sizeof(a));
	a.rfc1.flags = CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD |
		       CLONE_SYSVSEM;
	a.rfc1.stack = (uint64_t)(uintptr_t)stack;
	a.rfc1.stack_size = ATTACK_STACK;
	if (shape == CLONE3_SHSTK_TOKEN) {
		a.token.shstk_token = victim_ssp; /* would start the thread at V + 8 */
		size = CLONE_ARGS_SIZE_VER3_TOKEN;
	} else {
		a.rfc1.shadow_stack = victim_ssp + 8 - PAGE; /* ends at V + 8 */
		a.rfc1.shadow_stack_size = PAGE;
		size = CLONE_ARGS_SIZE_VER3_RFC1;
	}
	r = attack_clone3(&a, size, attacker);
	note("clone3 with the victim's shadow stack at %#lx says %ld", victim_ssp, r);

	if (shape == CLONE3_SHSTK_TOKEN) {
		EXPECT("clone3 refuses a live shadow stack", r, -EINVAL);
		go = 1;
		thread_join(&t, &res);
		EXPECT("the victim returned normally", victim_returned, 1);
		EXPECT("the victim's result", res, 7);
		return 0;
	}
	EXPECT("clone3 accepts any range (rfc1)", r > 0, 1);
	/* The handler ends the process; the victim returning means nothing was corrupted. */
	wait_for(&victim_returned);
	if (victim_returned) {
		note("the victim returned normally: its return address survived");
		return SURVIVED;
	}
	return NO_OUTCOME;
}

/* Skips name unless the kernel booted with shape want and the machine has shadow stacks. */
static bool skipped(const char *name, int want, bool live)
{
	if (case_skipped(name, LIVE, live, ATTACK_FEATURE))
		return true;
	if (shape != want) {
		ktap_skip(name, "the kernel runs clone3_shstk=%s, this case is %s's",
			  shape_names[shape], shape_names[want]);
		return true;
	}
	return false;
}

int main(void)
{
	bool live = have_shadow_stacks();

	shape = clone3_shstk_booted();
	ktap_header();
	ktap_plan(2);
	if (shape < 0) {
		ktap_print_msg("cannot read clone3_shstk= from /proc/cmdline");
		shape = CLONE3_SHSTK_RFC1;
	}
	ktap_print_msg("clone3_shstk=%s, %s %s", shape_names[shape], ATTACK_FEATURE,
		       live ? "available" : "not supported");

	if (!skipped("rfc1_thread_on_live_shadow_stack_victim_cperr", CLONE3_SHSTK_RFC1, live))
		ktap_ok(child_result(attack_body, SHSTK_MODE_ENABLE, 0, CPERR_IN_VICTIM),
			"rfc1_thread_on_live_shadow_stack_victim_cperr");
	if (!skipped("token_thread_on_live_shadow_stack_einval", CLONE3_SHSTK_TOKEN, live))
		ktap_ok(child_result(attack_body, SHSTK_MODE_ENABLE, 0, 0),
			"token_thread_on_live_shadow_stack_einval");
	return ktap_finish();
}

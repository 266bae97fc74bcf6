// SPDX-License-Identifier: MIT
/*
 * /bin/ibt: x86_64 user indirect branch tracking, Umbra's interface
 * (docs/ABI.md §4.8), KTAP, one case a line.
 *
 * Every bundled program is built with -fcf-protection=full, so each
 * function starts with ENDBR64. The cases aim indirect calls at the
 * snippet below, whose entry is an ENDBR64 and whose middle is not: a
 * function pointer into the middle of a function is the forward-edge
 * hijack. With IBT off it runs; with it on it is #CP (ENDBRANCH), SIGSEGV
 * SEGV_CPERR with si_addr 0 and the saved RIP at the target. Around it:
 * the arch_prctl errnos and lock, the tracker state across signal
 * delivery and rt_sigreturn (UC_WAIT_ENDBR), fork and threads keeping IBT
 * and exec dropping it.
 *
 * "live" cases need IBT (an ENABLE in a child works) and are skipped
 * without it ("# SKIP IBT not supported"); "unsupported" cases assert the
 * EOPNOTSUPP there and are skipped where IBT is; "any" cases run everywhere.
 *
 *   /bin/ibt           run the cases
 *   /bin/ibt --status  exit with ARCH_SHSTK_STATUS's features (the exec case)
 */
#include "sig_arch.h"
#include <errno.h>
#include <ktap.h>
#include <signal.h>
#include <uapi/asm-x86_64/sigcontext.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <thread.h>
#include <uapi/asm-x86_64/prctl.h>
#include <unistd.h>
#include "test.h"

/*
 * The snippet: entry (ENDBR64) returns 1, mid (no ENDBR64) returns 2.
 * ENDBR64 is F3 0F 1E FA, a NOP where IBT is absent or off (SDM vol. 2A).
 */
long ibt_snippet(void);
long ibt_snippet_mid(void);
__asm__(".text\n"
	".p2align 4\n"
	".globl ibt_snippet, ibt_snippet_mid\n"
	"ibt_snippet:\n"
	"	endbr64\n"
	"	mov $1, %eax\n"
	"	ret\n"
	"ibt_snippet_mid:\n"
	"	mov $2, %eax\n"
	"	ret\n");

static bool supported;	 /* ENABLE(IBT) works in a child */
static const char *self; /* argv[0], re-executed by the exec case */

static long prctl_raw(int code, unsigned long arg)
{
	return syscall2(__NR_arch_prctl, code, (long)arg);
}

static unsigned long status(void)
{
	unsigned long f = ~0ul;

	return prctl_raw(ARCH_SHSTK_STATUS, (unsigned long)&f) ? ~0ul : f;
}

/* An indirect CALL the compiler cannot make direct. */
static long call(unsigned long fn)
{
	long (*volatile f)(void) = (long (*)(void))fn;

	return f();
}

static int __attribute__((noinline)) t0(void)
{
	return 10;
}
static int __attribute__((noinline)) t1(void)
{
	return 21;
}
static int __attribute__((noinline)) t2(void)
{
	return 32;
}
static int __attribute__((noinline)) t3(void)
{
	return 43;
}
static int __attribute__((noinline)) t4(void)
{
	return 54;
}
static int __attribute__((noinline)) t5(void)
{
	return 65;
}

/* A jump table: GCC's NOTRACK JMP, which IA32_U_CET.NO_TRACK_EN lets through. */
static int __attribute__((noinline)) table(volatile int i)
{
	switch (i) {
	case 0:
		return t0() + 0;
	case 1:
		return t1() + 0;
	case 2:
		return t2() + 0;
	case 3:
		return t3() + 0;
	case 4:
		return t4() + 0;
	case 5:
		return t5() + 0;
	default:
		return -1;
	}
}

/* ---- the #CP a missing ENDBR64 raises ---- */

static void install(int sig, unsigned long handler)
{
	struct kernel_sigaction a = { handler, SA_SIGINFO | SA_RESTORER,
				      (unsigned long)sig_restorer, 0 };

	syscall4(__NR_rt_sigaction, sig, (long)&a, 0, 8);
}

static volatile unsigned long want_rip;
static volatile int faults;
static volatile unsigned long first_flags;

/* SIGSEGV SEGV_CPERR, si_addr 0, RIP at the target, the frame waiting for ENDBR64: exit 0. */
static void cperr_exit(int sig, siginfo_t *si, void *uc)
{
	const struct ucontext *u = uc;

	(void)sig;
	if (si->si_code != SEGV_CPERR || si->si_addr != 0) {
		note("si_code %d si_addr %#lx, want SEGV_CPERR and 0", si->si_code, si->si_addr);
		_exit(10);
	}
	if (u->uc_mcontext.rip != want_rip) {
		note("rip %#lx, want %#lx", u->uc_mcontext.rip, want_rip);
		_exit(11);
	}
	if (!(u->uc_flags & UC_WAIT_ENDBR)) {
		note("uc_flags %#lx without UC_WAIT_ENDBR", u->uc_flags);
		_exit(12);
	}
	_exit(0);
}

static int enable_ibt(void)
{
	long r = prctl_raw(ARCH_SHSTK_ENABLE, ARCH_SHSTK_IBT);

	if (r)
		note("ENABLE(IBT): %ld", r);
	return (int)r;
}

/* With IBT on, calls fn expecting #CP at it: exit 0 from the handler. */
static int expect_cperr(unsigned long fn)
{
	if (enable_ibt())
		return 9;
	want_rip = fn;
	install(SIGSEGV, (unsigned long)cperr_exit);
	note("call %#lx returned %ld", fn, call(fn));
	return SURVIVED;
}

/* ---- cases ---- */

static int body_fresh_status(void)
{
	EXPECT("STATUS after exec", status() & ARCH_SHSTK_IBT, 0);
	return 0;
}

static int body_einval(void)
{
	EXPECT("ENABLE(IBT | SHSTK)",
	       prctl_raw(ARCH_SHSTK_ENABLE, ARCH_SHSTK_IBT | ARCH_SHSTK_SHSTK), -EINVAL);
	EXPECT("ENABLE(1 << 3)", prctl_raw(ARCH_SHSTK_ENABLE, 1ul << 3), -EINVAL);
	EXPECT("DISABLE(1 << 3)", prctl_raw(ARCH_SHSTK_DISABLE, 1ul << 3), -EINVAL);
	return 0;
}

/* The hijack with the feature off: the middle of a function runs. */
static int body_off_mid(void)
{
	EXPECT("entry", call((unsigned long)ibt_snippet), 1);
	EXPECT("middle (the hijack works)", call((unsigned long)ibt_snippet_mid), 2);
	return 0;
}

static int body_enable_status(void)
{
	EXPECT("ENABLE(IBT)", prctl_raw(ARCH_SHSTK_ENABLE, ARCH_SHSTK_IBT), 0);
	EXPECT("again", prctl_raw(ARCH_SHSTK_ENABLE, ARCH_SHSTK_IBT), 0);
	EXPECT("STATUS", status(), ARCH_SHSTK_IBT); /* without shadow stacks */
	EXPECT("indirect call to ENDBR64", call((unsigned long)ibt_snippet), 1);
	for (int i = 0; i < 6; i++)
		EXPECT("jump table", table(i), 10 + 11 * i);
	EXPECT("DISABLE(IBT)", prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_IBT), 0);
	EXPECT("STATUS after DISABLE", status(), 0);
	EXPECT("middle after DISABLE", call((unsigned long)ibt_snippet_mid), 2);
	EXPECT("DISABLE again", prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_IBT), 0);
	return 0;
}

static int body_mid(void)
{
	return expect_cperr((unsigned long)ibt_snippet_mid);
}

static int body_lock(void)
{
	EXPECT("LOCK(IBT)", prctl_raw(ARCH_SHSTK_LOCK, ARCH_SHSTK_IBT), 0);
	EXPECT("ENABLE(IBT) locked", prctl_raw(ARCH_SHSTK_ENABLE, ARCH_SHSTK_IBT), -EPERM);
	EXPECT("DISABLE(IBT) locked", prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_IBT), -EPERM);
	EXPECT("STATUS", status(), 0);
	return 0;
}

static int body_lock_on(void)
{
	EXPECT("ENABLE(IBT)", enable_ibt(), 0);
	EXPECT("LOCK(IBT)", prctl_raw(ARCH_SHSTK_LOCK, ARCH_SHSTK_IBT), 0);
	EXPECT("DISABLE(IBT) locked", prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_IBT), -EPERM);
	EXPECT("STATUS", status(), ARCH_SHSTK_IBT);
	return 0;
}

/* Delivery enters the handler as an indirect call: one without ENDBR64 faults. */
static int body_handler_no_endbr(void)
{
	if (enable_ibt())
		return 9;
	install(SIGUSR1, (unsigned long)ibt_snippet_mid);
	kill(getpid(), SIGUSR1);
	return SURVIVED;
}

static void cperr_again(int sig, siginfo_t *si, void *uc)
{
	struct ucontext *u = uc;

	(void)sig;
	(void)si;
	if (faults++ == 0) {
		first_flags = u->uc_flags;
		return; /* still waiting: rt_sigreturn resumes waiting, the same #CP again */
	}
	u->uc_flags &= ~UC_WAIT_ENDBR; /* repaired: the middle may run */
}

static int body_sigreturn(void)
{
	long r;

	if (enable_ibt())
		return 9;
	install(SIGSEGV, (unsigned long)cperr_again);
	r = call((unsigned long)ibt_snippet_mid);
	EXPECT("faults before UC_WAIT_ENDBR was cleared", faults, 2);
	EXPECT("first frame's UC_WAIT_ENDBR", first_flags & UC_WAIT_ENDBR, UC_WAIT_ENDBR);
	EXPECT("the middle ran after", r, 2);
	return 0;
}

static int child_mid(void)
{
	want_rip = (unsigned long)ibt_snippet_mid;
	install(SIGSEGV, (unsigned long)cperr_exit);
	if (status() != ARCH_SHSTK_IBT)
		return 13;
	note("call returned %ld", call((unsigned long)ibt_snippet_mid));
	return SURVIVED;
}

static int body_fork(void)
{
	if (enable_ibt())
		return 9;
	EXPECT_TRUE("forked child keeps IBT", child_result(child_mid, 0, 0, 0));
	return 0;
}

static int thread_mid(void *arg)
{
	(void)arg;
	return status() == ARCH_SHSTK_IBT ? (int)call((unsigned long)ibt_snippet_mid) : 13;
}

/* A thread inherits IBT: its hijack kills the process with SIGSEGV. */
static int body_thread(void)
{
	struct thread t;
	int result = 0;

	if (enable_ibt())
		return 9;
	if (thread_create(&t, thread_mid, NULL, NULL))
		return 8;
	thread_join(&t, &result);
	note("thread returned %d", result);
	return SURVIVED;
}

/* exec drops IBT: the new program starts with it off and its hijack runs. */
static int body_exec(void)
{
	if (enable_ibt())
		return 9;
	return exec_self(self, "--status");
}

static int body_unsupported(void)
{
	EXPECT("ENABLE(IBT)", prctl_raw(ARCH_SHSTK_ENABLE, ARCH_SHSTK_IBT), -EOPNOTSUPP);
	EXPECT("DISABLE(IBT)", prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_IBT), -EOPNOTSUPP);
	return 0;
}

struct tcase {
	const char *name;
	enum need need;
	int (*body)(void);
	int signal; /* the child's death by this signal, else exit 0 */
};

static const struct tcase cases[] = {
	{ "status_without_ibt_after_exec", ANY, body_fresh_status, 0 },
	{ "enable_two_features_or_unknown_bit_einval", ANY, body_einval, 0 },
	{ "ibt_off_mid_function_call_runs", ANY, body_off_mid, 0 },
	{ "enable_status_disable_endbr64_and_jump_tables_run", LIVE, body_enable_status, 0 },
	{ "ibt_on_mid_function_call_cperr", LIVE, body_mid, 0 },
	{ "lock_then_enable_or_disable_eperm", LIVE, body_lock, 0 },
	{ "lock_while_on_disable_eperm", LIVE, body_lock_on, 0 },
	{ "signal_handler_without_endbr64_sigsegv", LIVE, body_handler_no_endbr, SIGSEGV },
	{ "sigreturn_restores_wait_for_endbranch", LIVE, body_sigreturn, 0 },
	{ "fork_child_keeps_ibt", LIVE, body_fork, 0 },
	{ "thread_keeps_ibt_mid_call_kills_process", LIVE, body_thread, SIGSEGV },
	{ "exec_drops_ibt", LIVE, body_exec, 0 },
	{ "enable_unsupported_eopnotsupp", UNSUPPORTED, body_unsupported, 0 },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

static int probe(void)
{
	return prctl_raw(ARCH_SHSTK_ENABLE, ARCH_SHSTK_IBT) ? 1 : 0;
}

int main(int argc, char **argv)
{
	self = argc > 0 && argv[0][0] == '/' ? argv[0] : "/bin/ibt";
	if (argc > 1 && strcmp(argv[1], "--status") == 0)
		return status() == 0 && call((unsigned long)ibt_snippet_mid) == 2 ? 0 : 1;
	ktap_header();
	ktap_plan(NCASES);
	int st = run_child(probe, 0);

	supported = st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
	ktap_print_msg("arch_prctl(ARCH_SHSTK_ENABLE, ARCH_SHSTK_IBT): IBT %ssupported",
		       supported ? "" : "not ");
	for (size_t i = 0; i < NCASES; i++) {
		const struct tcase *c = &cases[i];

		if (case_skipped(c->name, c->need, supported, "IBT"))
			continue;
		ktap_ok(child_result(c->body, 0, c->signal, 0), "%s", c->name);
	}
	return ktap_finish();
}

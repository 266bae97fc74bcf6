// SPDX-License-Identifier: MIT
/*
 * /bin/bti: arm64 user Branch Target Identification (docs/ABI.md §5.11), KTAP,
 * one case a line.
 *
 * This program is built like every bundled one (-mbranch-protection=standard,
 * libc's BTI_NOTE), so its GNU property says BTI and exec maps its code
 * guarded. The cases aim indirect branches at the snippet below, whose
 * entry is a BTI c and whose middle is no landing pad: a function pointer
 * into the middle of a function is the forward-edge hijack. In an unguarded
 * page it runs; in a guarded page it is a Branch Target exception, SIGILL
 * ILL_ILLOPC at the target (Linux's do_el0_bti()). Around it: PROT_BTI's
 * errnos, SCTLR_EL1.BT0 (PACIASP is no landing pad for a BR through a
 * register other than x16/x17), the BTYPE of a handler's entry and of a
 * sigreturn frame, and fork, threads and exec keeping the code guarded.
 *
 * "live" cases need FEAT_BTI (AT_HWCAP2 & HWCAP2_BTI) and are skipped
 * without it ("# SKIP BTI not supported"); "unsupported" cases assert what
 * Linux does there and are skipped where BTI is; "any" cases run everywhere.
 *
 *   /bin/bti         run the cases
 *   /bin/bti --mid   call into the middle of the snippet (the exec case)
 */
#include "sig_arch.h"
#include <auxv.h>
#include <errno.h>
#include <ktap.h>
#include <signal.h>
#include <uapi/asm-arm64/sigcontext.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <thread.h>
#include <uapi/asm-arm64/hwcap.h>
#include <uapi/asm-arm64/mman.h>
#include <unistd.h>
#include "test.h"

#define PSTATE_BTYPE (3ul << 10)      /* PSTATE.BTYPE, bits 11:10 (Arm ARM C5.2.18) */
#define PSTATE_BTYPE_CALL (2ul << 10) /* 0b10: what a BLR leaves */
#define ID_AA64PFR1 "S3_0_C0_C4_1"

/*
 * The snippet, in this program's (guarded) text; the cases also copy it to
 * pages of their own. Offsets: entry (BTI c) returns 1; mid (no landing
 * pad) returns 2; pac (PACIASP, a landing pad for BLR and for BR x16/x17,
 * and with SCTLR_EL1.BT0 set not for BR through another register) returns
 * 3; jump (BTI j: BR only) returns 4. HINT encodings (Arm ARM C6.2): #34
 * BTI c, #36 BTI j, #25 PACIASP, #29 AUTIASP -- NOPs where BTI or pointer
 * authentication is absent or off.
 */
long bti_snippet(void);
long bti_snippet_mid(void);
long bti_snippet_pac(void);
long bti_snippet_jump(void);
extern const char bti_snippet_end[];
__asm__(".text\n"
	".p2align 4\n"
	".globl bti_snippet, bti_snippet_mid, bti_snippet_pac, bti_snippet_jump, bti_snippet_end\n"
	"bti_snippet:\n"
	"	hint #34\n"
	"	mov x0, #1\n"
	"	ret\n"
	"bti_snippet_mid:\n"
	"	mov x0, #2\n"
	"	ret\n"
	"bti_snippet_pac:\n"
	"	hint #25\n"
	"	mov x0, #3\n"
	"	hint #29\n"
	"	ret\n"
	"bti_snippet_jump:\n"
	"	hint #36\n"
	"	mov x0, #4\n"
	"	ret\n"
	"bti_snippet_end:\n");

#define OFF(sym) ((unsigned long)(sym) - (unsigned long)bti_snippet)

static bool supported;	 /* AT_HWCAP2 has HWCAP2_BTI */
static const char *self; /* argv[0], re-executed by the exec case */

/* An indirect call the compiler cannot turn into a direct one: a BLR. */
static long call(unsigned long fn)
{
	long (*volatile f)(void) = (long (*)(void))fn;

	return f();
}

/* BR through x16 (x16_only) or x15 to fn, x30 set to come back here. */
static long jump(unsigned long fn, bool x16_only)
{
	register unsigned long r0 __asm__("x0");

	if (x16_only)
		__asm__ volatile("mov x16, %1\n\tadr x30, 1f\n\tbr x16\n1:"
				 : "=r"(r0)
				 : "r"(fn)
				 : "x16", "x30", "memory");
	else
		__asm__ volatile("mov x15, %1\n\tadr x30, 1f\n\tbr x15\n1:"
				 : "=r"(r0)
				 : "r"(fn)
				 : "x15", "x30", "memory");
	return (long)r0;
}

/*
 * Copies the snippet to page p as new code: cleaned to the PoU, stale
 * instructions dropped (Arm ARM D7.5.9). Not __builtin___clear_cache:
 * Debian's libgcc, which has it, carries no BTI marking.
 */
static void put_snippet(char *p)
{
	memcpy(p, (const void *)bti_snippet, (size_t)(bti_snippet_end - (const char *)bti_snippet));
	for (unsigned long a = (unsigned long)p; a < (unsigned long)p + PAGE; a += 64)
		__asm__ volatile("dc cvau, %0" ::"r"(a) : "memory");
	__asm__ volatile("dsb ish" ::: "memory");
	for (unsigned long a = (unsigned long)p; a < (unsigned long)p + PAGE; a += 64)
		__asm__ volatile("ic ivau, %0" ::"r"(a) : "memory");
	__asm__ volatile("dsb ish\n\tisb" ::: "memory");
}

/* A copy of the snippet in a fresh page with rights prot; 0 when mmap failed. */
static unsigned long snippet_page(int prot)
{
	char *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return 0;
	put_snippet(p);
	if (mprotect(p, PAGE, prot)) {
		note("mprotect(%#x): errno %d", prot, errno);
		return 0;
	}
	return (unsigned long)p;
}

/* ---- the SIGILL a guarded page raises ---- */

static void install(int sig, unsigned long handler)
{
	struct kernel_sigaction a = { handler, SA_SIGINFO | SA_RESTORER,
				      (unsigned long)sig_restorer, 0 };

	syscall4(__NR_rt_sigaction, sig, (long)&a, 0, 8);
}

static volatile unsigned long want_addr, want_btype = PSTATE_BTYPE_CALL;
static volatile int sigill_count;
static volatile unsigned long seen_btype;

/*
 * Checks SIGILL ILL_ILLOPC at want_addr, the saved PC there and BTYPE the
 * branch's (PSTATE.BTYPE is saved in SPSR_EL1 on the exception, Arm ARM
 * D8.6.2), then exits 0 (or why not).
 */
static void sigill_exit(int sig, siginfo_t *si, void *uc)
{
	const struct ucontext *u = uc;

	(void)sig;
	if (si->si_code != ILL_ILLOPC) {
		note("si_code %d, want ILL_ILLOPC", si->si_code);
		_exit(10);
	}
	if (si->si_addr != want_addr || u->uc_mcontext.pc != want_addr) {
		note("si_addr %#lx pc %#lx, want %#lx", si->si_addr,
		     (unsigned long)u->uc_mcontext.pc, want_addr);
		_exit(11);
	}
	seen_btype = u->uc_mcontext.pstate & PSTATE_BTYPE;
	if (seen_btype != want_btype) {
		note("saved BTYPE %#lx, want %#lx", seen_btype >> 10, want_btype >> 10);
		_exit(12);
	}
	_exit(0);
}

static void on_sigill(void (*fn)(int, siginfo_t *, void *))
{
	install(SIGILL, (unsigned long)fn);
}

/* Calls fn expecting a Branch Target exception at it: exit 0 from the handler. */
static int expect_bti_fault(unsigned long fn)
{
	want_addr = fn;
	on_sigill(sigill_exit);
	note("call %#lx returned %ld", fn, call(fn));
	return SURVIVED;
}

/* ---- cases ---- */

static int body_hwcap(void)
{
	unsigned long pfr1;

	__asm__ volatile("mrs %0, " ID_AA64PFR1 : "=r"(pfr1));
	EXPECT("HWCAP2_BTI iff ID_AA64PFR1_EL1.BT >= 1", !!(getauxval(AT_HWCAP2) & HWCAP2_BTI),
	       (pfr1 & 0xf) >= 1);
	return 0;
}

static int body_unknown_prot(void)
{
	void *p = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT_TRUE("mmap", p != MAP_FAILED);
	EXPECT_TRUE("mprotect(PROT_READ | 0x20) EINVAL",
		    fails_with(mprotect(p, PAGE, PROT_READ | 0x20), EINVAL));
	return 0;
}

/* The hijack with the feature off: an unguarded page runs the middle of a function. */
static int body_unguarded_mid(void)
{
	unsigned long p = snippet_page(PROT_READ | PROT_EXEC);

	EXPECT_TRUE("snippet page", p);
	EXPECT("entry", call(p), 1);
	EXPECT("middle (the hijack works)", call(p + OFF(bti_snippet_mid)), 2);
	return 0;
}

static int body_text_mid(void)
{
	return expect_bti_fault((unsigned long)bti_snippet_mid);
}

static int body_text_entry(void)
{
	EXPECT("BLR to BTI c", call((unsigned long)bti_snippet), 1);
	EXPECT("BLR to PACIASP", call((unsigned long)bti_snippet_pac), 3);
	EXPECT("BR x16 to BTI j", jump((unsigned long)bti_snippet_jump, true), 4);
	EXPECT("BR x15 to BTI j", jump((unsigned long)bti_snippet_jump, false), 4);
	EXPECT("BR x16 to BTI c", jump((unsigned long)bti_snippet, true), 1);
	EXPECT("BR x16 to PACIASP", jump((unsigned long)bti_snippet_pac, true), 3);
	return 0;
}

static int body_prot_bti_mid(void)
{
	unsigned long p = snippet_page(PROT_READ | PROT_EXEC | PROT_BTI);

	if (!p)
		return 9;
	EXPECT("entry of a PROT_BTI page", call(p), 1);
	return expect_bti_fault(p + OFF(bti_snippet_mid));
}

static int body_mmap_prot_bti_mid(void)
{
	char *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE | PROT_EXEC | PROT_BTI,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT_TRUE("mmap(RWX | PROT_BTI)", p != MAP_FAILED);
	put_snippet(p);
	return expect_bti_fault((unsigned long)p + OFF(bti_snippet_mid));
}

/* mprotect without PROT_BTI unguards the page (Linux's VM_ARCH_CLEAR). */
static int body_mprotect_clears(void)
{
	unsigned long p = snippet_page(PROT_READ | PROT_EXEC | PROT_BTI);

	EXPECT_TRUE("snippet page", p);
	EXPECT("mprotect(R|X)", mprotect((void *)p, PAGE, PROT_READ | PROT_EXEC), 0);
	EXPECT("middle after PROT_BTI dropped", call(p + OFF(bti_snippet_mid)), 2);
	return 0;
}

/* SCTLR_EL1.BT0 = 1: PACIASP is no landing pad for BR through x15 (BTYPE 0b11). */
static int body_bt0(void)
{
	want_addr = (unsigned long)bti_snippet_pac;
	want_btype = PSTATE_BTYPE;
	on_sigill(sigill_exit);
	note("BR x15 to PACIASP returned %ld", jump((unsigned long)bti_snippet_pac, false));
	return SURVIVED;
}

static int body_blr_to_bti_j(void)
{
	return expect_bti_fault((unsigned long)bti_snippet_jump);
}

/* Delivery is a BLR to the handler: one in guarded text without a landing pad faults. */
static int body_handler_no_pad(void)
{
	install(SIGUSR1, (unsigned long)bti_snippet_mid);
	kill(getpid(), SIGUSR1);
	return SURVIVED;
}

static void sigill_again(int sig, siginfo_t *si, void *uc)
{
	struct ucontext *u = uc;

	(void)sig;
	(void)si;
	if (sigill_count++ == 0) {
		seen_btype = u->uc_mcontext.pstate & PSTATE_BTYPE;
		return; /* BTYPE 0b10 comes back with sigreturn: the same fault again */
	}
	u->uc_mcontext.pstate &= ~PSTATE_BTYPE; /* now the middle may run */
}

/* sigreturn restores the frame's BTYPE as it is (Linux keeps PSTATE.BTYPE). */
static int body_sigreturn_btype(void)
{
	long r;

	on_sigill(sigill_again);
	r = call((unsigned long)bti_snippet_mid);
	EXPECT("faults before BTYPE was cleared", sigill_count, 2);
	EXPECT("first frame's BTYPE", seen_btype, PSTATE_BTYPE_CALL);
	EXPECT("the middle ran after", r, 2);
	return 0;
}

static int child_mid(void)
{
	return expect_bti_fault((unsigned long)bti_snippet_mid);
}

static int body_fork(void)
{
	EXPECT_TRUE("forked child's text guarded", child_result(child_mid, 0, 0, 0));
	return 0;
}

static int thread_mid(void *arg)
{
	(void)arg;
	return (int)call((unsigned long)bti_snippet_mid);
}

/* A thread shares the guarded text: its hijack kills the process with SIGILL. */
static int body_thread(void)
{
	struct thread t;
	int result = 0;

	if (thread_create(&t, thread_mid, NULL, NULL))
		return 9;
	thread_join(&t, &result);
	note("thread returned %d", result);
	return SURVIVED;
}

static int body_exec(void)
{
	return exec_self(self, "--mid");
}

static int body_unsupported_mprotect(void)
{
	void *p = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT_TRUE("mmap", p != MAP_FAILED);
	EXPECT_TRUE("mprotect(R|X|PROT_BTI) EINVAL",
		    fails_with(mprotect(p, PAGE, PROT_READ | PROT_EXEC | PROT_BTI), EINVAL));
	return 0;
}

/* mmap does not check protection bits: PROT_BTI is dropped, the page unguarded. */
static int body_unsupported_mmap(void)
{
	char *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE | PROT_EXEC | PROT_BTI,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT_TRUE("mmap(RWX | PROT_BTI)", p != MAP_FAILED);
	put_snippet(p);
	EXPECT("middle", call((unsigned long)p + OFF(bti_snippet_mid)), 2);
	return 0;
}

struct tcase {
	const char *name;
	enum need need;
	int (*body)(void);
	int signal; /* the child's death by this signal, else exit 0 */
};

static const struct tcase cases[] = {
	{ "hwcap2_bti_matches_id_aa64pfr1_bt", ANY, body_hwcap, 0 },
	{ "mprotect_unknown_prot_bit_einval", ANY, body_unknown_prot, 0 },
	{ "unguarded_page_mid_function_call_runs", ANY, body_unguarded_mid, 0 },
	{ "program_text_mid_function_call_sigill_illopc", LIVE, body_text_mid, 0 },
	{ "program_text_landing_pads_accept_their_branches", LIVE, body_text_entry, 0 },
	{ "mprotect_prot_bti_mid_function_call_sigill", LIVE, body_prot_bti_mid, 0 },
	{ "mmap_prot_bti_mid_function_call_sigill", LIVE, body_mmap_prot_bti_mid, 0 },
	{ "mprotect_without_prot_bti_unguards", LIVE, body_mprotect_clears, 0 },
	{ "br_x15_to_paciasp_sigill_sctlr_bt0", LIVE, body_bt0, 0 },
	{ "blr_to_bti_j_sigill", LIVE, body_blr_to_bti_j, 0 },
	{ "signal_handler_without_landing_pad_sigill", LIVE, body_handler_no_pad, SIGILL },
	{ "sigreturn_restores_btype", LIVE, body_sigreturn_btype, 0 },
	{ "fork_child_text_guarded", LIVE, body_fork, 0 },
	{ "thread_mid_function_call_kills_process_sigill", LIVE, body_thread, SIGILL },
	{ "exec_maps_text_guarded_from_gnu_property", LIVE, body_exec, SIGILL },
	{ "mprotect_prot_bti_unsupported_einval", UNSUPPORTED, body_unsupported_mprotect, 0 },
	{ "mmap_prot_bti_unsupported_ignored", UNSUPPORTED, body_unsupported_mmap, 0 },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

int main(int argc, char **argv)
{
	self = argc > 0 && argv[0][0] == '/' ? argv[0] : "/bin/bti";
	if (argc > 1 && strcmp(argv[1], "--mid") == 0)
		return (int)call((unsigned long)bti_snippet_mid); /* dies by SIGILL when guarded */
	ktap_header();
	ktap_plan(NCASES);
	supported = (getauxval(AT_HWCAP2) & HWCAP2_BTI) != 0;
	ktap_print_msg("AT_HWCAP2 %#lx: BTI %ssupported", getauxval(AT_HWCAP2),
		       supported ? "" : "not ");
	for (size_t i = 0; i < NCASES; i++) {
		const struct tcase *c = &cases[i];

		if (case_skipped(c->name, c->need, supported, "BTI"))
			continue;
		ktap_ok(child_result(c->body, 0, c->signal, 0), "%s", c->name);
	}
	return ktap_finish();
}

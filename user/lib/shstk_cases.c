// SPDX-License-Identifier: MIT
/*
 * The shadow-stack cases x86_64's /bin/shstk and arm64's /bin/gcs share
 * (docs/ABI.md §3: the rules both architectures share, and their §4/§5
 * halves where only a number differs), written once on the hooks of
 * shstk_arch.h: map_shadow_stack's errnos that are the same on both,
 * mprotect of a shadow stack, clone3's seed fields, the free of a thread's
 * shadow stack at exit, libc's vfork(), exec, a tampered return address.
 * The ISA-specific cases (WRSS/RSTORSSP/INCSSP, GCSPUSHM/GCSSS, each
 * prctl's own arguments and locks, the sizes each gives a thread) stay in
 * user/arch/<arch>/.
 *
 * The bodies may run on a shadow stack enabled in their child's frame:
 * a failed check leaves at once through SHSTK_EXIT with a small code.
 */
#include "shstk_arch.h"
#define TEST_FAIL(code) SHSTK_EXIT(code)
#include "shstk_cases.h"
#include <errno.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAPPED(r) ((r) >= (long)SHSTK_MAP_FLOOR)
#define WRONG_FAULT 67 /* the handler saw another fault than the one expected */

bool shstk_supported;
static const char *self; /* the program, re-executed by the exec cases */

/* ---- helpers ---- */

long shstk_map(unsigned long addr, unsigned long size, unsigned long flags)
{
	return syscall3(__NR_map_shadow_stack, (long)addr, (long)size, (long)flags);
}

unsigned long shstk_free_range(void)
{
	long r = shstk_map(0, 4 * PAGE, 0);

	if (!MAPPED(r) || munmap((void *)r, 4 * PAGE) != 0)
		return 0;
	return (unsigned long)r;
}

long shstk_clone3_exit0(uint64_t flags, uint64_t ss, uint64_t ss_size)
{
	struct clone_args a;
	long pid;
	int st;

	memset(&a, 0, sizeof(a));
	a.flags = flags;
	a.exit_signal = (flags & CLONE_VM) && !(flags & CLONE_VFORK) ? 0 : SIGCHLD;
	a.shadow_stack = ss;
	a.shadow_stack_size = ss_size;
	pid = syscall_clone3_exit0(&a, CLONE_ARGS_SIZE_VER3);
	if (pid < 0)
		return pid;
	if (wait4((pid_t)pid, &st, __WALL, NULL) != pid)
		return -ECHILD;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		note("clone3 child: wait status %#x", st);
		return -1000;
	}
	return 0;
}

/* The asm keeps the recursion from becoming a loop. */
__attribute__((noipa)) long shstk_deep(int n)
{
	long r;

	if (n == 0)
		return 0;
	r = shstk_deep(n - 1);
	__asm__ volatile("" : "+r"(r));
	return r + n;
}

const char *shstk_perms_of(unsigned long addr)
{
	const struct area *a = find_area(addr);

	return a ? a->perms : "none";
}

static volatile unsigned long want_fault_addr;

/* SIGSEGV handler of the mprotect cases: exit 0 for SEGV_ACCERR at want_fault_addr. */
static void accerr_handler(int sig, siginfo_t *si, void *uc)
{
	unsigned long addr = si->si_addr;

	(void)uc;
	if (sig != SIGSEGV || si->si_code != SEGV_ACCERR || addr != want_fault_addr) {
		note("signal %d si_code %d si_addr %#lx, want SIGSEGV SEGV_ACCERR %#lx", sig,
		     si->si_code, addr, want_fault_addr);
		SHSTK_EXIT(WRONG_FAULT);
	}
	SHSTK_EXIT(0);
}

static long catch_accerr(unsigned long addr)
{
	struct kernel_sigaction a = { (unsigned long)accerr_handler, SA_SIGINFO | SA_RESTORER,
				      (unsigned long)sig_restorer, 0 };

	want_fault_addr = addr;
	return syscall4(__NR_rt_sigaction, SIGSEGV, (long)&a, 0, 8);
}

/* ---- "any" and not-supported cases ---- */

/* Without the feature an overwritten return address is followed (exit LANDED). */
static int body_tamper(void)
{
	shstk_tamper_return();
	return SURVIVED; /* the tampered return came back here: neither caught nor landed */
}

/* A lock does not survive exec: the new image's enable works (or says "no hardware"). */
static int body_exec_clears_locks(void)
{
	EXPECT("LOCK(ENABLE)", shstk_lock(SHSTK_MODE_ENABLE),
	       shstk_supported ? 0 : SHSTK_LOCK_UNSUPPORTED);
	return exec_self(self, "--child-enable");
}

/* Without the feature, EOPNOTSUPP comes first, whatever the arguments. */
static int body_map_unsupported(void)
{
	static const unsigned long args[][3] = {
		{ 0, PAGE, 0 },	      { 0, PAGE, 1 },
		{ 0, PAGE, 2 },	      { 0, PAGE, 3 },
		{ 0, PAGE, 4 },	      { 0, 4, 1 },
		{ 0, 8, 0 },	      { 0, 1025, 0 },
		{ 0x10000, PAGE, 0 }, { 0x12345, PAGE, 0 },
		{ 0, ~0UL, 0 },	      { 0, -8UL, 0 },
		{ 0, 0, 0 },	      { (1UL << 32) + 8, PAGE, 0 },
	};

	for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
		long r = shstk_map(args[i][0], args[i][1], args[i][2]);

		if (r != -EOPNOTSUPP)
			note("map_shadow_stack(%#lx, %#lx, %#lx)", args[i][0], args[i][1],
			     args[i][2]);
		EXPECT("map_shadow_stack", r, -EOPNOTSUPP);
	}
	return 0;
}

/* Without the feature, both clone3 shadow-stack fields must be 0: EINVAL (docs/ABI.md §2.4). */
static int body_clone3_unsupported(void)
{
	/*
	 * clone3's shadow_stack fields are the seed series' (docs/ABI.md §2):
	 * mainline Linux does not know them and refuses their non-zero bytes
	 * past the struct it knows with E2BIG, before any other check.
	 */
	long want = on_umbra() ? -EINVAL : -E2BIG;
	static uint64_t word[PAGE / 8] __attribute__((aligned(4096)));
	uint64_t p = (uint64_t)(uintptr_t)word;

	EXPECT("fork-style, pointer + size", shstk_clone3_exit0(0, p, PAGE), want);
	EXPECT("CLONE_VM, pointer + size", shstk_clone3_exit0(CLONE_VM, p, PAGE), want);
	EXPECT("size only", shstk_clone3_exit0(0, 0, PAGE), want);
	EXPECT("pointer only", shstk_clone3_exit0(0, p, 0), want);
	EXPECT("a plain clone3 still works", shstk_clone3_exit0(0, 0, 0), 0);
	return 0;
}

/* ---- map_shadow_stack (live) ---- */

/* Flags other than the architecture's are EINVAL; flags is an unsigned int. */
static int body_map_unknown_flag(void)
{
	EXPECT("flags 4", shstk_map(0, PAGE, 4), -EINVAL);
	EXPECT("flags 1 << 31", shstk_map(0, PAGE, 1UL << 31), -EINVAL);
	/* flags is an unsigned int: bits above 31 are not seen. */
	EXPECT_TRUE("flags 1 << 32 is flags 0", MAPPED(shstk_map(0, PAGE, 1UL << 32)));
	return 0;
}

/* A fixed address that is not page-aligned is EINVAL; the aligned one is used exactly. */
static int body_map_unaligned_addr(void)
{
	unsigned long a = shstk_free_range();

	EXPECT_TRUE("a free range", a != 0);
	EXPECT("addr + 8", shstk_map(a + 8, PAGE, 0), -EINVAL);
	EXPECT("addr + 2048, token", shstk_map(a + 2048, PAGE, SHADOW_STACK_SET_TOKEN), -EINVAL);
	EXPECT("then the aligned addr works", shstk_map(a, PAGE, 0), (long)a);
	return 0;
}

/* A size whose page rounding wraps is EOVERFLOW. */
static int body_map_eoverflow(void)
{
	EXPECT("size -8", shstk_map(0, -8UL, 0), -EOVERFLOW);
	EXPECT("size -4088", shstk_map(0, -4088UL, 0), -EOVERFLOW);
	if (SHSTK_MAP_SIZE_MULTIPLE == 1) { /* any size: also the odd ones */
		EXPECT("size ~0", shstk_map(0, ~0UL, 0), -EOVERFLOW);
		EXPECT("size ~0 - 4094", shstk_map(0, ~0UL - 4094, 0), -EOVERFLOW);
	}
	return 0;
}

/* ---- mprotect of a shadow stack (live; docs/ABI.md §3.5) ---- */

/*
 * Linux's test_mprotect: a shadow stack is rw-p (VM_WRITE); after
 * mprotect(PROT_READ) (r--p) its pages are plain read-only, so the
 * shadow-stack store faults: SIGSEGV, SEGV_ACCERR at the address. Plain
 * reads still work.
 */
static int body_mprotect_ro_store(void)
{
	long r = shstk_map(0, PAGE, 0);

	EXPECT_TRUE("mapped", MAPPED(r));
	EXPECT_TRUE("maps: rw-p", strcmp(shstk_perms_of((unsigned long)r), "rw-p") == 0);
	shstk_store((unsigned long)r + 8, 0x55);
	EXPECT("mprotect(PROT_READ)", mprotect((void *)r, PAGE, PROT_READ), 0);
	EXPECT_TRUE("maps: r--p", strcmp(shstk_perms_of((unsigned long)r), "r--p") == 0);
	EXPECT("a plain read", ((volatile uint64_t *)r)[1], 0x55);
	EXPECT("sigaction", catch_accerr((unsigned long)r + 8), 0);
	shstk_store((unsigned long)r + 8, 0x66);
	return SURVIVED;
}

/* PROT_READ then PROT_READ|PROT_WRITE: the shadow-stack store works again; a plain one faults. */
static int body_mprotect_rw_store(void)
{
	long r = shstk_map(0, 2 * PAGE, 0);
	volatile uint64_t *w = (volatile uint64_t *)r;

	EXPECT_TRUE("mapped", MAPPED(r));
	shstk_store((unsigned long)r, 1); /* page 0 present; page 1 untouched */
	EXPECT("mprotect(PROT_READ)", mprotect((void *)r, 2 * PAGE, PROT_READ), 0);
	EXPECT("mprotect(PROT_READ|PROT_WRITE)",
	       mprotect((void *)r, 2 * PAGE, PROT_READ | PROT_WRITE), 0);
	EXPECT_TRUE("smaps: rw-p, unnamed, VmFlags ss",
		    expect_ss_area((unsigned long)r, (unsigned long)r, 2 * PAGE) != NULL);
	shstk_store((unsigned long)r + 8, 0x77);
	shstk_store((unsigned long)r + PAGE, 0x88);
	EXPECT("page 0", w[1], 0x77);
	EXPECT("page 1", w[PAGE / 8], 0x88);
	EXPECT("sigaction", catch_accerr((unsigned long)r), 0);
	w[0] = 2; /* still a shadow stack: a plain store faults */
	return SURVIVED;
}

/*
 * The thread's own shadow stack made read-only: the next call cannot push
 * its return address (a fault), and the SIGSEGV cannot be delivered either
 * (its frame goes on that shadow stack too): death by SIGSEGV.
 */
static int body_mprotect_own(void)
{
	const struct area *a = find_area(SHSTK_POINTER());

	EXPECT_TRUE("the shadow-stack pointer in an area", a != NULL);
	EXPECT("mprotect(PROT_READ) of the own shadow stack",
	       mprotect((void *)a->start, a->end - a->start, PROT_READ), 0);
	EXPECT("calls", shstk_deep(3), 6);
	return SURVIVED;
}

/* ---- clone3's seed fields (live; docs/ABI.md §2.4, §4.6, §5.6) ---- */

/* The CPU has the feature but this thread has it off: the fields are EINVAL. */
static int body_clone3_off(void)
{
	long r = shstk_map(0, PAGE, 0);

	EXPECT_TRUE("mapped", MAPPED(r));
	EXPECT("feature off: pointer + size", shstk_clone3_exit0(0, (uint64_t)r, PAGE), -EINVAL);
	EXPECT("a plain clone3 works", shstk_clone3_exit0(0, 0, 0), 0);
	return 0;
}

/* Pointer 8-aligned, size >= 8, both or neither (arm64: size a multiple of 8), else EINVAL. */
static int body_clone3_checks(void)
{
	long r = shstk_map(0, PAGE, 0);
	uint64_t ss = (uint64_t)r;

	EXPECT_TRUE("mapped", MAPPED(r));
	EXPECT("pointer + 4", shstk_clone3_exit0(0, ss + 4, PAGE - 8), -EINVAL);
	EXPECT("size 4", shstk_clone3_exit0(0, ss, 4), -EINVAL);
	if (SHSTK_CLONE3_SIZE_MULTIPLE == 8)
		EXPECT("size 12", shstk_clone3_exit0(0, ss, 12), -EINVAL);
	EXPECT("size only", shstk_clone3_exit0(0, 0, PAGE), -EINVAL);
	EXPECT("pointer only", shstk_clone3_exit0(0, ss, 0), -EINVAL);
	EXPECT("size 8", shstk_clone3_exit0(0, ss, 8), 0);
	EXPECT("pointer + 8, size 16", shstk_clone3_exit0(0, ss + 8, 16), 0);
	EXPECT("whole page, CLONE_VM|CLONE_VFORK",
	       shstk_clone3_exit0(CLONE_VM | CLONE_VFORK, ss, PAGE), 0);
	return 0;
}

/* ---- calls, fork, threads, vfork, exec (live) ---- */

int shstk_case_deep_calls(void)
{
	EXPECT("sum of 1..1000 through 1000 nested calls", shstk_deep(1000), 1000 * 1001 / 2);
	EXPECT("status", shstk_status(), SHSTK_MODE_ENABLE);
	return 0;
}

int shstk_case_fork(void)
{
	unsigned long before = SHSTK_POINTER(), after, start, size;
	const struct area *a = find_area(before);
	int st;
	pid_t pid;

	EXPECT_TRUE("the shadow-stack pointer in an area", a != NULL);
	start = a->start;
	size = a->end - a->start;
	fflush_stdout();
	pid = fork();
	after = SHSTK_POINTER();
	if (pid == 0) {
		if (after != before)
			SHSTK_EXIT(2);
		if (shstk_deep(500) != 500 * 501 / 2)
			SHSTK_EXIT(3);
		if (shstk_status() != SHSTK_MODE_ENABLE || !shstk_active())
			SHSTK_EXIT(4);
		if (!expect_ss_area(after, start, size))
			SHSTK_EXIT(5);
		if (count_ss_areas() != 1)
			SHSTK_EXIT(6);
		SHSTK_EXIT(0);
	}
	EXPECT_TRUE("fork", pid > 0);
	EXPECT("wait4", wait4(pid, &st, 0, NULL), pid);
	EXPECT("child wait status (exit 0)", st, 0);
	EXPECT("parent's shadow-stack pointer after fork", after, before);
	EXPECT("parent calls", shstk_deep(500), 500 * 501 / 2);
	EXPECT("parent status", shstk_status(), SHSTK_MODE_ENABLE);
	return 0;
}

static int quick_fn(void *arg)
{
	return (int)(long)arg + (SHSTK_POINTER() != 0);
}

/* 8 create+join rounds free every implicit shadow stack: exact free pages, one area left. */
static int body_implicit_freed(void)
{
	return implicit_shadow_stacks_freed(quick_fn);
}

/* The parent's half of body_vfork, outside the function that called vfork. */
static __attribute__((noipa)) int vfork_parent(pid_t pid, unsigned long before, unsigned long after)
{
	int st;

	EXPECT_TRUE("vfork", pid > 0);
	EXPECT("shadow-stack pointer after vfork", after, before);
	EXPECT("wait4", wait4(pid, &st, 0, NULL), pid);
	EXPECT("child wait status", st, 0);
	EXPECT("calls after vfork", shstk_deep(100), 100 * 101 / 2);
	return 0;
}

/* libc's vfork(): the child makes calls on the shared shadow stack; the parent still returns. */
static int body_vfork(void)
{
	unsigned long before, after;
	pid_t pid;

	fflush_stdout();
	before = SHSTK_POINTER();
	pid = vfork();
	if (pid == 0)
		_exit(shstk_deep(50) == 50 * 51 / 2 ? 0 : 3);
	after = SHSTK_POINTER();
	return vfork_parent(pid, before, after);
}

/* exec disables the feature: the new image's status is 0, its shadow-stack pointer 0. */
static int body_exec_disables(void)
{
	EXPECT("status before exec", shstk_status(), SHSTK_MODE_ENABLE);
	return exec_self(self, "--child-status");
}

/* ---- the table ---- */

#define ENABLE SHSTK_MODE_ENABLE
#define ENABLE_STORE (SHSTK_MODE_ENABLE | SHSTK_MODE_WRITE)

static const struct shstk_case shared_cases[] = {
	{ "return_address_tamper_without_" SHSTK_CASE_WORD "_lands", ANY, body_tamper, 0, 0, LANDED,
	  "without " SHSTK_FEATURE " an overwritten return address is followed (exit 77)" },
	{ "exec_clears_locks", ANY, body_exec_clears_locks, 0, 0, WANT_ENABLE_RESULT,
	  "a lock does not survive exec: the new image's enable gives 0 (its errno without "
	  "the hardware)" },

	{ "map_shadow_stack_unsupported_eopnotsupp", UNSUPPORTED, body_map_unsupported, 0, 0, 0,
	  "without " SHSTK_FEATURE ", map_shadow_stack is EOPNOTSUPP before any argument check" },
	{ "clone3_shadow_stack_unsupported_einval", UNSUPPORTED, body_clone3_unsupported, 0, 0, 0,
	  "without " SHSTK_FEATURE ", clone3 with shadow_stack fields is EINVAL" },

	{ "map_shadow_stack_unknown_flag_einval", LIVE, body_map_unknown_flag, 0, 0, 0,
	  "flags 4 and 1<<31 are EINVAL; bit 32 is outside the unsigned int flags" },
	{ "map_shadow_stack_unaligned_addr_einval", LIVE, body_map_unaligned_addr, 0, 0, 0,
	  "a fixed address not page-aligned is EINVAL" },
	{ "map_shadow_stack_size_overflow_eoverflow", LIVE, body_map_eoverflow, 0, 0, 0,
	  "a size whose page rounding wraps is EOVERFLOW" },
	{ "mprotect_read_only_" SHSTK_STORE_WORD "_segv_accerr", LIVE, body_mprotect_ro_store,
	  ENABLE_STORE, 0, 0,
	  "a shadow stack is rw-p; after mprotect(PROT_READ) (r--p) a shadow-stack store is "
	  "SIGSEGV SEGV_ACCERR" },
	{ "mprotect_read_write_restores_" SHSTK_STORE_WORD, LIVE, body_mprotect_rw_store,
	  ENABLE_STORE, 0, 0,
	  "PROT_READ then PROT_READ|PROT_WRITE: shadow-stack stores work again, plain stores "
	  "still fault" },
	{ "mprotect_read_only_own_" SHSTK_CASE_WORD "_call_sigsegv", LIVE, body_mprotect_own,
	  ENABLE, SIGSEGV, 0,
	  "the own shadow stack made read-only: the next call kills with SIGSEGV" },
	{ "return_address_tamper_dies_sigsegv", LIVE, body_tamper, ENABLE, SIGSEGV, 0,
	  "an overwritten return address with " SHSTK_FEATURE " on: death by SIGSEGV" },
	{ "clone3_shadow_stack_needs_" SHSTK_CASE_WORD "_einval", LIVE, body_clone3_off, 0, 0, 0,
	  "clone3 shadow_stack fields from a thread with " SHSTK_FEATURE " off are EINVAL" },
	{ "clone3_shadow_stack_checks", LIVE, body_clone3_checks, ENABLE, 0, 0,
	  "pointer 8-aligned, size >= 8, both or neither, else EINVAL; good pairs work" },
	{ "implicit_" SHSTK_CASE_WORD "_freed_after_join", LIVE, body_implicit_freed, ENABLE, 0, 0,
	  "8 create+join rounds: free pages exactly back, one shadow-stack area left" },
	{ "vfork_wrapper_survives_child_calls", LIVE, body_vfork, ENABLE, 0, 0,
	  "libc vfork() returns in the parent after the child made calls" },
	{ "exec_disables_" SHSTK_CASE_WORD, LIVE, body_exec_disables, ENABLE, 0, 0,
	  "after exec, the status is 0 and so is the shadow-stack pointer" },
};

#define NSHARED (sizeof(shared_cases) / sizeof(shared_cases[0]))

void shstk_case_run(const struct shstk_case *c)
{
	int want = c->want;

	if (case_skipped(c->name, c->need, shstk_supported, SHSTK_FEATURE))
		return;
	if (want == WANT_ENABLE_RESULT)
		want = shstk_supported ? 0 : SHSTK_ENABLE_UNSUPPORTED;
	if (c->proves)
		ktap_print_msg("%s: %s", c->name, c->proves);
	ktap_ok(child_result(c->body, shstk_supported ? c->mode : 0, c->signal, want), "%s",
		c->name);
}

void shstk_cases_run_shared(void)
{
	for (size_t i = 0; i < NSHARED; i++)
		shstk_case_run(&shared_cases[i]);
}

/*
 * The exec'd modes (the exec cases' new images). --child-status: exit 0 if
 * the status is 0 and so is the shadow-stack pointer. --child-enable: exit
 * 0 if the enable works, else its errno. They never return from main
 * after an enable.
 */
static void child_mode(const char *mode)
{
	if (strcmp(mode, "--child-status") == 0) {
		unsigned long st = shstk_status();

		if (st != 0)
			exit(st > 100 ? 100 : (int)st + 1);
		exit(SHSTK_POINTER() == 0 ? 0 : 50);
	}
	if (strcmp(mode, "--child-enable") == 0) {
		long r = SHSTK_ENABLE();

		SHSTK_EXIT(r == 0 ? 0 : r < 0 && r > -126 ? (int)-r : 126);
	}
	exit(127);
}

void shstk_cases_start(int argc, char **argv, bool supported, unsigned int own)
{
	self = argc > 0 && argv[0][0] == '/' ? argv[0] : "/bin/" SHSTK_PROGRAM;
	if (argc > 1)
		child_mode(argv[1]);
	shstk_supported = supported;
	ktap_header();
	ktap_plan(own + NSHARED);
}

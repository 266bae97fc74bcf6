// SPDX-License-Identifier: MIT
/*
 * /bin/gcs: arm64 Guarded Control Stacks (docs/ABI.md §5), KTAP, one case a line.
 *
 * The cases of Linux's tools/testing/selftests/arm64/gcs/ (docs/ABI.md §8.3) under
 * their names -- basic-gcs (read_status ... fork), libc-gcs (the map_gcs
 * size x flags matrix, map_invalid_gcs, invalid_mprotect, gcs_enabled_thread,
 * gcs_find_terminator), gcs-locking (lock_all_modes, valid_modes.*),
 * gcspushm and gcsstr -- written afresh, plus Umbra's own: the seed clone3
 * shadow-stack fields on arm64 (docs/ABI.md §5.6), thread GCS sizes and
 * freeing (docs/ABI.md §3.2, §3.3), fork/vfork/exec, a tampered return
 * address.
 *
 * Each case runs in a forked child; the parent checks the exact wait status
 * (exit 0, or death by one signal). A child that needs GCS enables it
 * inline in a frame it never returns from (run_child, or the case body
 * itself for the enable/lock cases) and always leaves through GCS_EXIT, so
 * the failure checks here exit rather than return. "live" cases need a CPU
 * with GCS (AT_HWCAP & HWCAP_GCS) and are skipped without one ("# SKIP GCS
 * not supported"); "unsupported" cases assert Linux's EINVAL/EOPNOTSUPP
 * there and are skipped on a GCS machine; "any" cases run everywhere.
 *
 *   /bin/gcs                 run the cases
 *   /bin/gcs --child-status  exit 0 if PR_GET says 0 and GCSPR_EL0 is 0 (exec cases)
 *   /bin/gcs --child-enable  exit 0 if PR_SET ENABLE works, else its errno
 */
#include "shstk_enable.h"
#include <machine/syscall.h>
#include <auxv.h>
#include <errno.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread.h>
#include <unistd.h>

#define SZ_1K 1024UL
#define SZ_2G (1UL << 31)
#define SET PR_SET_SHADOW_STACK_STATUS
#define GET PR_GET_SHADOW_STACK_STATUS
#define LOCK PR_LOCK_SHADOW_STACK_STATUS
#define EN PR_SHADOW_STACK_ENABLE
#define WR PR_SHADOW_STACK_WRITE
#define PU PR_SHADOW_STACK_PUSH
#define MARKER SHADOW_STACK_SET_MARKER
#define TOKEN SHADOW_STACK_SET_TOKEN

static bool supported;	 /* AT_HWCAP has HWCAP_GCS */
static const char *self; /* argv[0], re-executed by the exec cases */

/*
 * Every check runs in a child, possibly on a GCS it must not return from:
 * a failed check leaves at once with a small code (the line number).
 */
#define TEST_FAIL(code) GCS_EXIT(code)
#include "test.h"

/* --- small system helpers -------------------------------------------------------- */

static long prctl_raw(long option, unsigned long a2, unsigned long a3, unsigned long a4,
		      unsigned long a5)
{
	return syscall5(__NR_prctl, option, (long)a2, (long)a3, (long)a4, (long)a5);
}

/* PR_SET_SHADOW_STACK_STATUS through a call: only for changes that keep ENABLE as it is. */
static long set_mode(unsigned long mode)
{
	return prctl_raw(SET, mode, 0, 0, 0);
}

static long lock_mode(unsigned long mode)
{
	return prctl_raw(LOCK, mode, 0, 0, 0);
}

/* PR_GET_SHADOW_STACK_STATUS, or ~0 if the call failed. */
static unsigned long get_mode(void)
{
	unsigned long v = 0xdead;

	return prctl_raw(GET, (unsigned long)&v, 0, 0, 0) == 0 ? v : ~0UL;
}

static long map_gcs_raw(unsigned long addr, unsigned long size, unsigned long flags)
{
	return syscall3(__NR_map_shadow_stack, (long)addr, (long)size, (long)flags);
}

/* docs/ABI.md §3.2 gcs_size(): the GCS size for a thread given n (= stack_size / 2). */
static unsigned long gcs_size(unsigned long n)
{
	unsigned long r = rlimit_stack() / 2;

	if (n)
		return PAGE_ALIGN(n);
	r = PAGE_ALIGN(r < SZ_2G ? r : SZ_2G);
	return r > PAGE ? r : PAGE;
}

/* expect_ss_area(), leaving the child on a mismatch; the area's end. */
static unsigned long ss_area_end(unsigned long addr, unsigned long start, unsigned long size)
{
	const struct area *a = expect_ss_area(addr, start, size);

	if (!a)
		GCS_EXIT(FAIL_CODE);
	return a->end;
}

/* --- functions for the call cases -------------------------------------------------- */

/* Sums 1..n by real recursion (the asm keeps it from becoming a loop). */
static __attribute__((noipa)) long deep(int n)
{
	long r;

	if (n == 0)
		return 0;
	r = deep(n - 1);
	__asm__ volatile("" : "+r"(r));
	return r + n;
}

/* n + 1 nested calls (each a BL, one GCS entry); the deepest GCSPR_EL0. */
static __attribute__((noipa)) unsigned long gcs_recurse(unsigned long n)
{
	unsigned long r;

	if (n == 0)
		return gcs_read_gcspr();
	r = gcs_recurse(n - 1);
	__asm__ volatile("" : "+r"(r));
	return r;
}

/* Reached only through a tampered return address. */
void gcs_landing(void) __attribute__((used, noreturn, noinline));
void gcs_landing(void)
{
	GCS_EXIT(LANDED);
}

/*
 * Replaces its own return address (x30, the BL's link) by gcs_landing and
 * returns: with GCS on, the RET finds the real address on the GCS and
 * raises a GCS exception (data check, RET); without, it lands.
 */
int gcs_tamper_ret(void);
__asm__(".text\n"
	".balign 4\n"
	".globl gcs_tamper_ret\n"
	".type gcs_tamper_ret, %function\n"
	"gcs_tamper_ret:\n"
	"\tadr x30, gcs_landing\n"
	"\tret\n"
	".size gcs_tamper_ret, . - gcs_tamper_ret\n");

/* --- "any" cases ---------------------------------------------------------------- */

/* HWCAP_GCS and PR_GET agree: GET works (0 at start) exactly when the CPU has GCS. */
static int body_hwcap_matches_prctl(void)
{
	unsigned long v = 0xdead;
	long r = prctl_raw(GET, (unsigned long)&v, 0, 0, 0);

	if (supported) {
		EXPECT("PR_GET with HWCAP_GCS", r, 0);
		EXPECT("mode at start", v, 0);
	} else {
		EXPECT("PR_GET without HWCAP_GCS", r, -EINVAL);
	}
	return 0;
}

/* The generic layer: arg3..arg5 of all three options must be 0, else EINVAL. */
static int body_prctl_extra_args(void)
{
	unsigned long v = 0;

	EXPECT("SET(ENABLE, 1, 0, 0)", prctl_raw(SET, EN, 1, 0, 0), -EINVAL);
	EXPECT("SET(ENABLE, 0, 0, 1)", prctl_raw(SET, EN, 0, 0, 1), -EINVAL);
	EXPECT("GET(&v, 0, 1, 0)", prctl_raw(GET, (unsigned long)&v, 0, 1, 0), -EINVAL);
	EXPECT("LOCK(ENABLE, 1, 0, 0)", prctl_raw(LOCK, EN, 1, 0, 0), -EINVAL);
	if (supported)
		EXPECT("mode after the refused calls", get_mode(), 0);
	return 0;
}

/* Without GCS, an overwritten return address is followed. */
static int body_tamper(void)
{
	gcs_tamper_ret();
	return SURVIVED; /* the tampered RET came back here: neither caught nor landed */
}

/* --- not-supported cases (no GCS in the CPU) --------------------------------------- */

/* Without GCS, PR_SET (enable or not) is EINVAL and nothing changes. */
static int body_enable_unsupported(void)
{
	EXPECT("SET(ENABLE)", GCS_SET_MODE(EN), -EINVAL);
	EXPECT("SET(ENABLE|WRITE|PUSH)", GCS_SET_MODE(GCS_MODES_ALL), -EINVAL);
	EXPECT("SET(0)", GCS_SET_MODE(0), -EINVAL);
	return 0;
}

/* Without GCS, PR_GET is EINVAL and leaves the word alone. */
static int body_get_unsupported(void)
{
	unsigned long v = 0x5a5a;

	EXPECT("GET", prctl_raw(GET, (unsigned long)&v, 0, 0, 0), -EINVAL);
	EXPECT("the word", v, 0x5a5a);
	return 0;
}

/* Without GCS, PR_LOCK is EINVAL. */
static int body_lock_unsupported(void)
{
	EXPECT("LOCK(ENABLE)", lock_mode(EN), -EINVAL);
	EXPECT("LOCK(~0)", lock_mode(~0UL), -EINVAL);
	return 0;
}

/* Without GCS, EOPNOTSUPP comes first, whatever the arguments. */
static int body_map_unsupported(void)
{
	static const unsigned long args[][3] = {
		{ 0, PAGE, 0 }, { 0, PAGE, TOKEN | MARKER }, { 0, 8, 0 },    { 0, 1025, 0 },
		{ 0, PAGE, 4 }, { 0x12345, PAGE, 0 },	     { 0, -8UL, 0 }, { 0, 0, 0 },
	};

	for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
		long r = map_gcs_raw(args[i][0], args[i][1], args[i][2]);

		if (r != -EOPNOTSUPP) {
			note("map_shadow_stack(%#lx, %#lx, %#lx) says %ld, want %d", args[i][0],
			     args[i][1], args[i][2], r, -EOPNOTSUPP);
			return FAIL_CODE;
		}
	}
	return 0;
}

/* clone3 issued as one inline sequence whose child exits 0 at once; 0 or -errno. */
static long clone3_exit0(uint64_t flags, uint64_t ss, uint64_t ss_size)
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

/* Without GCS, both clone3 shadow-stack fields must be 0: EINVAL (docs/ABI.md §2.4). */
static int body_clone3_unsupported(void)
{
	/*
	 * clone3's shadow_stack fields are the seed series' (docs/ABI.md §2):
	 * mainline Linux does not know them and refuses their non-zero bytes
	 * past the struct it knows with E2BIG, before any other check.
	 */
	long want = on_umbra() ? -EINVAL : -E2BIG;
	static uint64_t word[PAGE / 8] __attribute__((aligned(4096)));

	EXPECT("pointer + size", clone3_exit0(0, (uint64_t)(uintptr_t)word, PAGE), want);
	EXPECT("size only", clone3_exit0(0, 0, PAGE), want);
	EXPECT("pointer only", clone3_exit0(0, (uint64_t)(uintptr_t)word, 0), want);
	EXPECT("a plain clone3 still works", clone3_exit0(0, 0, 0), 0);
	return 0;
}

/* --- basic-gcs ------------------------------------------------------------------- */

/* read_status: PR_GET works and reports ENABLE once GCS is on. */
static int body_read_status(void)
{
	unsigned long v = 0;

	EXPECT("GET", prctl_raw(GET, (unsigned long)&v, 0, 0, 0), 0);
	EXPECT("mode", v, EN);
	return 0;
}

/*
 * base_enable: PR_SET ENABLE from "off" returns 0, PR_GET and CHKFEAT agree,
 * and GCSPR_EL0 points at the zero top slot of a fresh shadow-stack area of gcs_size(0).
 * This frame enables and so never returns.
 */
static int body_base_enable(void)
{
	unsigned long gcspr, end;
	long r;

	EXPECT("mode before", get_mode(), 0);
	EXPECT("CHKFEAT before", gcs_chkfeat_enabled(), 0);
	EXPECT("GCSPR_EL0 before", gcs_read_gcspr(), 0);
	r = GCS_SET_MODE(EN);
	gcspr = gcs_read_gcspr();
	EXPECT("SET(ENABLE)", r, 0);
	EXPECT("mode after", get_mode(), EN);
	EXPECT("CHKFEAT after", gcs_chkfeat_enabled(), 1);
	end = ss_area_end(gcspr, 0, gcs_size(0));
	EXPECT("GCSPR_EL0 right after the enable", gcspr, end - 8);
	EXPECT("the top slot (end marker)", *(volatile unsigned long *)gcspr, 0);
	GCS_EXIT(0);
}

/*
 * read_gcspr_el0: MRS GCSPR_EL0 works: 8-aligned, in the shadow-stack area, below the
 * 0 end marker, with only return addresses in between.
 */
static int body_read_gcspr(void)
{
	unsigned long gcspr = gcs_read_gcspr(), end;

	note("GCSPR_EL0 %#lx", gcspr);
	EXPECT_TRUE("not 0", gcspr != 0);
	EXPECT("alignment", gcspr & 7, 0);
	end = ss_area_end(gcspr, 0, gcs_size(0));
	EXPECT_TRUE("within 4 entries of the top", gcspr < end - 8 && end - gcspr <= 40);
	EXPECT("end marker", *(volatile unsigned long *)(end - 8), 0);
	for (unsigned long p = gcspr; p < end - 8; p += 8)
		EXPECT_TRUE("a return address below the marker", *(volatile unsigned long *)p != 0);
	return 0;
}

/* Sets mode (ENABLE stays on: no new GCS), checks it, then goes back to ENABLE. */
static int switch_modes(unsigned long mode)
{
	unsigned long gcspr = gcs_read_gcspr();

	EXPECT("SET(mode)", set_mode(mode), 0);
	EXPECT("GET after SET(mode)", get_mode(), mode);
	EXPECT("CHKFEAT", gcs_chkfeat_enabled(), 1);
	EXPECT("SET(ENABLE)", set_mode(EN), 0);
	EXPECT("GET after SET(ENABLE)", get_mode(), EN);
	EXPECT("GCSPR_EL0 unchanged", gcs_read_gcspr(), gcspr);
	EXPECT("shadow-stack areas", count_ss_areas(), 1);
	return 0;
}

/* enable_writeable: ENABLE|WRITE and back to ENABLE. */
static int body_enable_writeable(void)
{
	return switch_modes(EN | WR);
}

/* enable_push_pop: ENABLE|PUSH and back to ENABLE. */
static int body_enable_push_pop(void)
{
	return switch_modes(EN | PU);
}

/* enable_all: ENABLE|PUSH|WRITE and back to ENABLE. */
static int body_enable_all(void)
{
	return switch_modes(EN | PU | WR);
}

/* enable_invalid: PR_SET with unknown bits (ULONG_MAX, bit 3, bit 63) is EINVAL; mode kept. */
static int body_enable_invalid(void)
{
	EXPECT("SET(ULONG_MAX)", set_mode(~0UL), -EINVAL);
	EXPECT("SET(ENABLE | 8)", set_mode(EN | 8), -EINVAL);
	EXPECT("SET(ENABLE | 1 << 63)", set_mode(EN | (1UL << 63)), -EINVAL);
	EXPECT("mode", get_mode(), EN);
	return 0;
}

/*
 * map_guarded_stack: map_shadow_stack(0, 64 KiB, MARKER|TOKEN): the top slot
 * is 0, the one below holds GCS_CAP of its own address, all others are 0;
 * munmap works.
 */
static int body_map_guarded_stack(void)
{
	const unsigned long size = 64 * SZ_1K;
	long r = map_gcs_raw(0, size, MARKER | TOKEN);
	unsigned long *s = (unsigned long *)r;

	EXPECT_TRUE("mapped", r > 0);
	EXPECT("page-aligned", (unsigned long)r & (PAGE - 1), 0);
	ss_area_end((unsigned long)r, (unsigned long)r, size);
	for (unsigned long i = 0; i < size / 8; i++) {
		unsigned long want = i == size / 8 - 2 ? GCS_CAP(&s[i]) : 0;

		if (s[i] != want) {
			note("slot %lu at %p: %#lx, want %#lx", i, (void *)&s[i], s[i], want);
			return FAIL_CODE;
		}
	}
	EXPECT("munmap", munmap(s, size), 0);
	EXPECT_TRUE("unmapped", find_area((unsigned long)r) == NULL);
	return 0;
}

/*
 * fork: the child keeps GCSPR_EL0 (a copy of the GCS), makes calls, sees
 * ENABLE inherited and exits 0; the parent still makes calls.
 */
static int body_fork(void)
{
	unsigned long before = gcs_read_gcspr(), after;
	int st;
	pid_t pid;

	fflush_stdout();
	pid = fork();
	after = gcs_read_gcspr();
	if (pid == 0) {
		if (after != before)
			GCS_EXIT(2);
		if (deep(500) != 500 * 501 / 2)
			GCS_EXIT(3);
		if (get_mode() != EN)
			GCS_EXIT(4);
		if (!gcs_chkfeat_enabled())
			GCS_EXIT(5);
		if (count_ss_areas() != 1)
			GCS_EXIT(6);
		GCS_EXIT(0);
	}
	EXPECT_TRUE("fork", pid > 0);
	EXPECT("wait4", wait4(pid, &st, 0, NULL), pid);
	EXPECT("child wait status (exit 0)", st, 0);
	EXPECT("parent GCSPR_EL0 after fork", after, before);
	EXPECT("parent calls", deep(500), 500 * 501 / 2);
	EXPECT("parent mode", get_mode(), EN);
	return 0;
}

/* can_call_function: 1000 nested calls return their sum with GCS on. */
static int body_can_call_function(void)
{
	EXPECT("sum", deep(1000), 1000 * 1001 / 2);
	return 0;
}

/* --- map_gcs: the size x flags matrix (libc-gcs) -------------------------------------- */

struct gcs_variant {
	const char *name;
	unsigned long size, flags;
};

/* Linux's variant names; its "s3k_marker" maps 4 KiB, and so does ours. */
static const struct gcs_variant variants[] = {
	{ "s2k_cap_marker", 2 * SZ_1K, TOKEN | MARKER },
	{ "s2k_cap", 2 * SZ_1K, TOKEN },
	{ "s2k_marker", 2 * SZ_1K, MARKER },
	{ "s2k", 2 * SZ_1K, 0 },
	{ "s4k_cap_marker", 4 * SZ_1K, TOKEN | MARKER },
	{ "s4k_cap", 4 * SZ_1K, TOKEN },
	{ "s3k_marker", 4 * SZ_1K, MARKER },
	{ "s4k", 4 * SZ_1K, 0 },
	{ "s16k_cap_marker", 16 * SZ_1K, TOKEN | MARKER },
	{ "s16k_cap", 16 * SZ_1K, TOKEN },
	{ "s16k_marker", 16 * SZ_1K, MARKER },
	{ "s16k", 16 * SZ_1K, 0 },
	{ "s64k_cap_marker", 64 * SZ_1K, TOKEN | MARKER },
	{ "s64k_cap", 64 * SZ_1K, TOKEN },
	{ "s64k_marker", 64 * SZ_1K, MARKER },
	{ "s64k", 64 * SZ_1K, 0 },
	{ "s128k_cap_marker", 128 * SZ_1K, TOKEN | MARKER },
	{ "s128k_cap", 128 * SZ_1K, TOKEN },
	{ "s128k_marker", 128 * SZ_1K, MARKER },
	{ "s128k", 128 * SZ_1K, 0 },
};

#define NVARIANTS (sizeof(variants) / sizeof(variants[0]))

static const struct gcs_variant *cur_var; /* set by the parent before each fork */

/* The slot the cap goes in: the top one, or the one below the marker. */
static unsigned long cap_index(void)
{
	return cur_var->size / 8 - ((cur_var->flags & MARKER) ? 2 : 1);
}

/* The fixture's set-up: map_shadow_stack(0, size, flags) must work. */
static unsigned long *variant_map(void)
{
	long r = map_gcs_raw(0, cur_var->size, cur_var->flags);

	note("map_shadow_stack(0, %#lx, %#lx) = %#lx", cur_var->size, cur_var->flags, r);
	EXPECT_TRUE("mapped", r > 0 && (r & (long)(PAGE - 1)) == 0);
	ss_area_end((unsigned long)r, (unsigned long)r, PAGE_ALIGN(cur_var->size));
	return (unsigned long *)r;
}

/*
 * stack_capped: with TOKEN, exactly the cap slot holds GCS_CAP(&slot);
 * every other slot of the mapping (all of them without TOKEN) is 0.
 */
static int body_stack_capped(void)
{
	unsigned long *s = variant_map(), ci = cap_index();

	for (unsigned long i = 0; i < PAGE_ALIGN(cur_var->size) / 8; i++) {
		unsigned long want = (cur_var->flags & TOKEN) && i == ci ? GCS_CAP(&s[i]) : 0;

		if (s[i] != want) {
			note("slot %lu at %p: %#lx, want %#lx", i, (void *)&s[i], s[i], want);
			return FAIL_CODE;
		}
	}
	return 0;
}

/*
 * stack_terminated: with MARKER the last slot (of the unrounded size) is
 * the 0 end marker; with TOKEN alone the cap is the last slot (no marker).
 */
static int body_stack_terminated(void)
{
	unsigned long *s = variant_map(), last = cur_var->size / 8 - 1;

	if (cur_var->flags & MARKER)
		EXPECT("the last slot (end marker)", s[last], 0);
	else if (cur_var->flags & TOKEN)
		EXPECT("the last slot (the cap, no marker)", s[last], GCS_CAP(&s[last]));
	else
		EXPECT("the last slot (fresh memory)", s[last], 0);
	if ((cur_var->flags & MARKER) && (cur_var->flags & TOKEN))
		EXPECT("the slot below the marker", s[last - 1], GCS_CAP(&s[last - 1]));
	return 0;
}

/* not_writeable: a plain store to stack[0] kills with SIGSEGV (reads are fine). */
static int body_not_writeable(void)
{
	volatile unsigned long *s = variant_map();

	EXPECT("a plain read", s[0], 0);
	s[0] = 1;
	return SURVIVED;
}

/*
 * stack_switch: with a cap, GCSSS1/GCSSS2 move GCSPR_EL0 to cap + 8, inside
 * (base, base + size]; cap_index - 1 levels of calls fill the stack down to
 * base + 8; switching back restores GCSPR_EL0 and leaves a fresh cap in the
 * same slot. Without a cap, GCSSS1 onto the slot raises a GCS exception:
 * SIGSEGV. Between the switches nothing but the recursion is called.
 */
static int body_stack_switch(void)
{
	unsigned long *s = variant_map(), ci = cap_index();
	unsigned long base = (unsigned long)s, cap = (unsigned long)&s[ci];
	unsigned long before, now, deepest, old_cap, back, after;

	if (!(cur_var->flags & TOKEN)) {
		gcs_switch(cap);
		GCS_EXIT(SURVIVED);
	}
	before = gcs_read_gcspr();
	old_cap = gcs_switch(cap);
	now = gcs_read_gcspr();
	deepest = gcs_recurse(ci - 1);
	back = gcs_switch(old_cap);
	after = gcs_read_gcspr();

	note("GCSPR %#lx -> %#lx, deepest %#lx, back %#lx; caps %#lx / %#lx", before, now, deepest,
	     after, old_cap, back);
	EXPECT("GCSPR_EL0 on the new stack", now, cap + 8);
	EXPECT_TRUE("in (base, base + size]", now > base && now <= base + cur_var->size);
	EXPECT("deepest GCSPR_EL0", deepest, base + 8);
	EXPECT("the cap left on the old stack", old_cap, before - 8);
	EXPECT("GCSPR_EL0 after switching back", after, before);
	EXPECT("the cap left on the new stack", back, cap);
	EXPECT("that slot holds a valid cap again", s[ci], GCS_CAP(cap));
	EXPECT("calls after the switch back", deep(100), 100 * 101 / 2);
	return 0;
}

/*
 * stack_overflow: with a cap, switching over and nesting cap_index + 1
 * levels of calls runs off the bottom into the guard gap: SIGSEGV. Without
 * a cap, a plain store to the GCS gives the SIGSEGV.
 */
static int body_stack_overflow(void)
{
	unsigned long *s = variant_map(), ci = cap_index();

	if (!(cur_var->flags & TOKEN)) {
		*(volatile unsigned long *)s = 1;
		return SURVIVED;
	}
	gcs_switch((unsigned long)&s[ci]);
	gcs_recurse(ci + 1);
	GCS_EXIT(SURVIVED);
}

struct matrix_test {
	const char *name;
	int (*body)(void);
	bool gcs_on;
	int signal; /* -1: SIGSEGV only without a cap */
};

static const struct matrix_test matrix_tests[] = {
	{ "stack_capped", body_stack_capped, false, 0 },
	{ "stack_terminated", body_stack_terminated, false, 0 },
	{ "not_writeable", body_not_writeable, false, SIGSEGV },
	{ "stack_switch", body_stack_switch, true, -1 },
	{ "stack_overflow", body_stack_overflow, true, SIGSEGV },
};

#define NMATRIX (sizeof(matrix_tests) / sizeof(matrix_tests[0]))

/* --- map_invalid_gcs, invalid_mprotect, other map_shadow_stack errnos --------------- */

struct invalid_size {
	const char *name;
	unsigned long size;
};

/* Linux spells the unaligned variants "unligned_N". */
static const struct invalid_size invalid_sizes[] = {
	{ "too_small", 8 },	 { "unaligned_1", 1025 }, { "unaligned_2", 1026 },
	{ "unaligned_3", 1027 }, { "unaligned_4", 1028 }, { "unaligned_5", 1029 },
	{ "unaligned_6", 1030 }, { "unaligned_7", 1031 },
};

#define NINVALID (sizeof(invalid_sizes) / sizeof(invalid_sizes[0]))

static unsigned long cur_invalid_size;

/* map_invalid_gcs: map_shadow_stack(0, size, 0) with size 8 or not a multiple of 8 is EINVAL. */
static int body_map_invalid(void)
{
	int before = count_ss_areas();

	EXPECT("map_shadow_stack", map_gcs_raw(0, cur_invalid_size, 0), -EINVAL);
	EXPECT("map_shadow_stack with TOKEN", map_gcs_raw(0, cur_invalid_size, TOKEN), -EINVAL);
	EXPECT("shadow-stack areas unchanged", count_ss_areas(), before);
	return 0;
}

/* invalid_mprotect.exec: PROT_EXEC and PROT_EXEC|PROT_READ on a 1-page GCS are EINVAL. */
static int body_invalid_mprotect_exec(void)
{
	long r = map_gcs_raw(0, PAGE, 0);

	EXPECT_TRUE("mapped", r > 0);
	EXPECT("mprotect(PROT_EXEC)", mprotect((void *)r, PAGE, PROT_EXEC) ? errno : 0, EINVAL);
	EXPECT("mprotect(PROT_EXEC|PROT_READ)",
	       mprotect((void *)r, PAGE, PROT_EXEC | PROT_READ) ? errno : 0, EINVAL);
	ss_area_end((unsigned long)r, (unsigned long)r, PAGE);
	return 0;
}

/* Flags other than SET_TOKEN|SET_MARKER are EINVAL. */
static int body_map_unknown_flag(void)
{
	EXPECT("flags 4", map_gcs_raw(0, PAGE, 4), -EINVAL);
	EXPECT("flags 1 << 31", map_gcs_raw(0, PAGE, 1UL << 31), -EINVAL);
	return 0;
}

/* A fixed address that is not page-aligned is EINVAL. */
static int body_map_unaligned_addr(void)
{
	long r = map_gcs_raw(0, 4 * PAGE, 0);

	EXPECT_TRUE("mapped", r > 0);
	EXPECT("munmap", munmap((void *)r, 4 * PAGE), 0);
	EXPECT("addr + 8", map_gcs_raw((unsigned long)r + 8, PAGE, 0), -EINVAL);
	return 0;
}

/* A size whose page rounding wraps is EOVERFLOW. */
static int body_map_eoverflow(void)
{
	EXPECT("size -8", map_gcs_raw(0, -8UL, 0), -EOVERFLOW);
	return 0;
}

/* A fixed address overlapping a mapping is EEXIST; a free one is used exactly. */
static int body_map_fixed(void)
{
	long r = map_gcs_raw(0, 4 * PAGE, 0), r2;

	EXPECT_TRUE("mapped", r > 0);
	EXPECT("over itself", map_gcs_raw((unsigned long)r, PAGE, 0), -EEXIST);
	EXPECT("munmap", munmap((void *)r, 4 * PAGE), 0);
	r2 = map_gcs_raw((unsigned long)r + PAGE, PAGE, TOKEN);
	EXPECT("at a free fixed address", r2, r + (long)PAGE);
	EXPECT("its cap", *(volatile unsigned long *)(r2 + PAGE - 8), GCS_CAP(r2 + PAGE - 8));
	return 0;
}

/* --- locking (gcs-locking) ---------------------------------------------------------- */

struct valid_mode {
	const char *name;
	unsigned long mode;
};

static const struct valid_mode valid_modes[] = {
	{ "enable", EN },
	{ "enable_write", EN | WR },
	{ "enable_push", EN | PU },
	{ "enable_write_push", EN | WR | PU },
};

#define NMODES (sizeof(valid_modes) / sizeof(valid_modes[0]))

static unsigned long cur_mode; /* set by the parent before each fork */

/* lock_all_modes: PR_LOCK(ULONG_MAX) returns 0; enabling is then EBUSY. Never returns. */
static int body_lock_all_modes(void)
{
	EXPECT("LOCK(ULONG_MAX)", lock_mode(~0UL), 0);
	EXPECT("SET(ENABLE) with every bit locked", GCS_SET_MODE(EN), -EBUSY);
	EXPECT("mode", get_mode(), 0);
	GCS_EXIT(0);
}

/* valid_modes.*.set: PR_SET mode from "off" returns 0 and GET reads it back. Never returns. */
static int body_vm_set(void)
{
	long r = GCS_SET_MODE(cur_mode);

	EXPECT("SET(mode)", r, 0);
	EXPECT("GET", get_mode(), cur_mode);
	GCS_EXIT(0);
}

/* valid_modes.*.enable_lock_disable: set mode, lock it, then PR_SET 0 is EBUSY. Never returns. */
static int body_vm_enable_lock_disable(void)
{
	long r = GCS_SET_MODE(cur_mode);

	EXPECT("SET(mode)", r, 0);
	EXPECT("GET", get_mode(), cur_mode);
	EXPECT("LOCK(mode)", lock_mode(cur_mode), 0);
	EXPECT("SET(0)", set_mode(0), -EBUSY);
	EXPECT("GET after the refused disable", get_mode(), cur_mode);
	GCS_EXIT(0);
}

/* valid_modes.*.lock_enable: lock mode while off, then PR_SET mode is EBUSY. Never returns. */
static int body_vm_lock_enable(void)
{
	long r;

	EXPECT("LOCK(mode)", lock_mode(cur_mode), 0);
	r = GCS_SET_MODE(cur_mode);
	EXPECT("SET(mode)", r, -EBUSY);
	EXPECT("GET", get_mode(), 0);
	GCS_EXIT(0);
}

/*
 * valid_modes.*.lock_enable_disable_others: set and lock mode; the unlocked
 * bits still change: PR_SET ALL, then PR_SET mode, both 0. Never returns.
 */
static int body_vm_lock_enable_disable_others(void)
{
	long r = GCS_SET_MODE(cur_mode);

	EXPECT("SET(mode)", r, 0);
	EXPECT("LOCK(mode)", lock_mode(cur_mode), 0);
	EXPECT("SET(ALL)", set_mode(GCS_MODES_ALL), 0);
	EXPECT("GET after SET(ALL)", get_mode(), GCS_MODES_ALL);
	EXPECT("SET(mode)", set_mode(cur_mode), 0);
	EXPECT("GET after SET(mode)", get_mode(), cur_mode);
	GCS_EXIT(0);
}

struct lock_test {
	const char *name;
	int (*body)(void);
};

static const struct lock_test lock_tests[] = {
	{ "set", body_vm_set },
	{ "enable_lock_disable", body_vm_enable_lock_disable },
	{ "lock_enable", body_vm_lock_enable },
	{ "lock_enable_disable_others", body_vm_lock_enable_disable_others },
};

#define NLOCK (sizeof(lock_tests) / sizeof(lock_tests[0]))

/* --- more prctl cases (live) ---------------------------------------------------------- */

/* PR_GET into NULL or an unmapped page is EFAULT. */
static int body_get_efault(void)
{
	long r = map_gcs_raw(0, PAGE, 0); /* any page, then a hole */

	EXPECT("GET(NULL)", prctl_raw(GET, 0, 0, 0, 0), -EFAULT);
	EXPECT_TRUE("mapped", r > 0);
	EXPECT("munmap", munmap((void *)r, PAGE), 0);
	EXPECT("GET(unmapped)", prctl_raw(GET, (unsigned long)r, 0, 0, 0), -EFAULT);
	return 0;
}

/* Disabling returns 0, CHKFEAT agrees, and the GCS stays mapped (freed only at exit). */
static int body_disable_keeps(void)
{
	unsigned long gcspr = gcs_read_gcspr();

	EXPECT("SET(0)", set_mode(0), 0);
	EXPECT("GET", get_mode(), 0);
	EXPECT("CHKFEAT", gcs_chkfeat_enabled(), 0);
	ss_area_end(gcspr, 0, gcs_size(0));
	EXPECT("calls still return", deep(100), 100 * 101 / 2);
	return 0;
}

/* Once a GCS existed, enabling again after a disable is EINVAL. */
static int body_reenable(void)
{
	long r;

	EXPECT("SET(0)", set_mode(0), 0);
	r = GCS_SET_MODE(EN);
	EXPECT("SET(ENABLE) again", r, -EINVAL);
	EXPECT("GET", get_mode(), 0);
	GCS_EXIT(0);
}

/* --- instructions (gcspushm, gcsstr) -------------------------------------------------- */

/*
 * gcspushm: with PUSH, GCSPUSHM pushes one entry and GCSPOPM pops the same
 * value. The value looks like a return address (bits 1:0 clear): GCSPOPM
 * refuses entries with those bits set (tokens) with a GCS exception.
 */
static int body_gcspushm(void)
{
	unsigned long before = gcs_read_gcspr(), mid, popped, after;

	gcs_pushm(0x1234567890abcde0UL);
	mid = gcs_read_gcspr();
	popped = gcs_popm();
	after = gcs_read_gcspr();
	EXPECT("GCSPR_EL0 after GCSPUSHM", mid, before - 8);
	EXPECT("GCSPOPM", popped, 0x1234567890abcde0UL);
	EXPECT("GCSPR_EL0 after GCSPOPM", after, before);
	return 0;
}

/* GCSPOPM of an entry with bit 0 set (a token, not a return address): GCS exception, SIGSEGV. */
static int body_gcspopm_token(void)
{
	gcs_pushm(GCS_CAP(gcs_read_gcspr() - 8));
	gcs_popm();
	return SURVIVED;
}

/* Without PUSH, GCSPUSHM traps as a disabled system instruction (EC 0x18): SIGILL. */
static int body_gcspushm_trap(void)
{
	gcs_pushm(0x1234);
	return SURVIVED;
}

/* gcsstr: with WRITE, GCSSTR (and GCSSTTR) to the free slot below GCSPR_EL0 read back. */
static int body_gcsstr(void)
{
	unsigned long slot = gcs_read_gcspr() - 8;

	gcs_str(slot, 0x1111);
	gcs_dsync();
	EXPECT("after GCSSTR", *(volatile unsigned long *)slot, 0x1111);
	gcs_sttr(slot, 0x2222);
	gcs_dsync();
	EXPECT("after GCSSTTR", *(volatile unsigned long *)slot, 0x2222);
	return 0;
}

/* Without WRITE, GCSSTR is a GCS exception (ExType STR): SIGSEGV. */
static int body_gcsstr_trap(void)
{
	gcs_str(gcs_read_gcspr() - 8, 0x1111);
	return SURVIVED;
}

/* With WRITE, GCSSTR to ordinary memory is a GCS data abort: SIGSEGV. */
static int body_gcsstr_normal(void)
{
	static unsigned long word[2] __attribute__((aligned(16)));

	gcs_str((unsigned long)&word[0], 0x1111);
	return SURVIVED;
}

/* --- mprotect on a GCS (docs/ABI.md §3.5) ------------------------------------------- */

#define WRONG_FAULT 67 /* the handler saw another fault than the one expected */

static volatile unsigned long want_fault_addr;

/* SIGSEGV handler of the mprotect cases: exit 0 for SEGV_ACCERR at want_fault_addr. */
static void accerr_handler(int sig, siginfo_t *si, void *uc)
{
	unsigned long addr = si->si_addr;

	(void)uc;
	if (sig != SIGSEGV || si->si_code != SEGV_ACCERR || addr != want_fault_addr) {
		note("signal %d si_code %d si_addr %#lx, want SIGSEGV SEGV_ACCERR %#lx", sig,
		     si->si_code, addr, want_fault_addr);
		GCS_EXIT(WRONG_FAULT);
	}
	GCS_EXIT(0);
}

static long catch_accerr(unsigned long addr)
{
	struct kernel_sigaction a = { (unsigned long)accerr_handler, SA_SIGINFO, 0, 0 };

	want_fault_addr = addr;
	return syscall4(__NR_rt_sigaction, SIGSEGV, (long)&a, 0, 8);
}

/* The perms /proc/self/maps shows for the area holding addr, or "none". */
static const char *perms_of(unsigned long addr)
{
	const struct area *a = find_area(addr);

	return a ? a->perms : "none";
}

/*
 * A GCS is rw-p (Linux's VM_SHADOW_STACK | VM_WRITE); after mprotect(PROT_READ)
 * (r--p) its pages are plain read-only for EL0 and GCSSTR to it is a data
 * abort: SIGSEGV, SEGV_ACCERR at the address. Plain reads still work.
 */
static int body_mprotect_ro_gcsstr(void)
{
	long r = map_gcs_raw(0, PAGE, 0);

	EXPECT_TRUE("mapped", r > 0);
	EXPECT_TRUE("maps: rw-p", strcmp(perms_of((unsigned long)r), "rw-p") == 0);
	gcs_str((unsigned long)r + 8, 0x55);
	gcs_dsync();
	EXPECT("mprotect(PROT_READ)", mprotect((void *)r, PAGE, PROT_READ), 0);
	EXPECT_TRUE("maps: r--p", strcmp(perms_of((unsigned long)r), "r--p") == 0);
	EXPECT("a plain read", ((volatile unsigned long *)r)[1], 0x55);
	EXPECT("sigaction", catch_accerr((unsigned long)r + 8), 0);
	gcs_str((unsigned long)r + 8, 0x66);
	return SURVIVED;
}

/* PROT_READ then PROT_READ|PROT_WRITE: GCSSTR works again; a plain store still faults. */
static int body_mprotect_rw_gcsstr(void)
{
	long r = map_gcs_raw(0, 2 * PAGE, 0);
	volatile unsigned long *w = (volatile unsigned long *)r;

	EXPECT_TRUE("mapped", r > 0);
	gcs_str((unsigned long)r, 1); /* page 0 present; page 1 untouched */
	gcs_dsync();
	EXPECT("mprotect(PROT_READ)", mprotect((void *)r, 2 * PAGE, PROT_READ), 0);
	EXPECT("mprotect(PROT_READ|PROT_WRITE)",
	       mprotect((void *)r, 2 * PAGE, PROT_READ | PROT_WRITE), 0);
	EXPECT_TRUE("smaps: rw-p, unnamed, VmFlags ss",
		    expect_ss_area((unsigned long)r, (unsigned long)r, 2 * PAGE) != NULL);
	gcs_str((unsigned long)r + 8, 0x77);
	gcs_str((unsigned long)r + PAGE, 0x88);
	gcs_dsync();
	EXPECT("page 0", w[1], 0x77);
	EXPECT("page 1", w[PAGE / 8], 0x88);
	EXPECT("sigaction", catch_accerr((unsigned long)r), 0);
	w[0] = 2;
	return SURVIVED;
}

/*
 * The thread's own GCS made read-only: the next BL cannot push its return
 * address (a GCS data abort), and the SIGSEGV cannot be delivered either
 * (its GCS frame goes there too): death by SIGSEGV.
 */
static int body_mprotect_own_gcs(void)
{
	const struct area *a = find_area(gcs_read_gcspr());

	EXPECT_TRUE("GCSPR_EL0 in an area", a != NULL);
	EXPECT("mprotect(PROT_READ) of the own GCS",
	       mprotect((void *)a->start, a->end - a->start, PROT_READ), 0);
	EXPECT("calls", deep(3), 6);
	return SURVIVED;
}

/* With GCS on, the tampered return raises a GCS exception: SIGSEGV (SEGV_CPERR). */
static int body_tamper_gcs(void)
{
	gcs_tamper_ret();
	return SURVIVED;
}

/* --- threads ---------------------------------------------------------------------- */

struct probe {
	volatile unsigned long gcspr, mode;
	volatile int ready, release;
};

static int probe_fn(void *p)
{
	struct probe *pr = p;

	pr->gcspr = gcs_read_gcspr();
	pr->mode = get_mode();
	__atomic_store_n(&pr->ready, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&pr->release, __ATOMIC_ACQUIRE))
		sched_yield();
	return 7;
}

/*
 * Starts a thread with attr and checks while it runs: PR_GET says ENABLE,
 * its GCSPR_EL0 lies in an shadow-stack area of exactly want bytes that is not the
 * creator's. With ss = 0 (implicit) the thread started at base + size - 8:
 * the top slot is the 0 marker and only return addresses lie between it
 * and GCSPR_EL0; afterwards the area is gone. With a caller-provided GCS
 * it started at ss + size (empty): the top slot holds the first return
 * address, and no other shadow-stack area appeared. Never returns on a failure.
 */
static void thread_gcs(const struct thread_attr *attr, unsigned long want)
{
	static struct thread t;
	struct probe pr = { 0, 0, 0, 0 };
	unsigned long mine = gcs_read_gcspr(), end, first;
	uint64_t ss = attr ? attr->shadow_stack : 0;
	int res = -1, before = count_ss_areas();

	EXPECT("thread_create", thread_create(&t, probe_fn, &pr, attr), 0);
	while (!__atomic_load_n(&pr.ready, __ATOMIC_ACQUIRE))
		sched_yield();
	note("thread GCSPR_EL0 %#lx, mode %#lx", pr.gcspr, pr.mode);
	EXPECT("thread mode", pr.mode, EN);
	EXPECT("shadow-stack areas while it runs", count_ss_areas(), before + (ss ? 0 : 1));
	end = ss_area_end(pr.gcspr, ss, want);
	EXPECT_TRUE("not the creator's GCS", !(mine >= end - want && mine < end));
	if (ss) {
		EXPECT("GCS end = shadow_stack + shadow_stack_size", end,
		       ss + attr->shadow_stack_size);
		first = end - 8;
	} else {
		EXPECT("the top slot (end marker)", *(volatile unsigned long *)(end - 8), 0);
		first = end - 16;
	}
	EXPECT_TRUE("GCSPR_EL0 a few calls below the start",
		    pr.gcspr <= first && first - pr.gcspr <= 32);
	for (unsigned long p = pr.gcspr; p <= first; p += 8)
		EXPECT_TRUE("a return address", *(volatile unsigned long *)p != 0);
	__atomic_store_n(&pr.release, 1, __ATOMIC_RELEASE);
	thread_join(&t, &res);
	EXPECT("thread result", res, 7);
	if (ss)
		EXPECT_TRUE("the caller's GCS survives the thread", find_area(pr.gcspr) != NULL);
	else
		EXPECT_TRUE("the implicit GCS is unmapped after the join",
			    find_area(pr.gcspr) == NULL);
}

/*
 * gcs_enabled_thread: thread_create without attr passes stack_size 64 KiB:
 * the kernel gives the thread a GCS of gcs_size(32 KiB), ENABLE inherited.
 */
static int body_enabled_thread(void)
{
	thread_gcs(NULL, gcs_size(THREAD_DEFAULT_STACK / 2));
	return 0;
}

/* stack_size 8 KiB: a GCS of gcs_size(4 KiB) = one page. */
static int body_thread_8k(void)
{
	struct thread_attr attr = { .stack_size = 8192 };

	thread_gcs(&attr, gcs_size(4096));
	return 0;
}

/* stack_size 1 MiB + 2: half is not page-aligned, so gcs_size rounds it up. */
static int body_thread_1m(void)
{
	struct thread_attr attr = { .stack_size = (1UL << 20) + 2 };

	thread_gcs(&attr, gcs_size(attr.stack_size / 2));
	return 0;
}

/* stack_size 1: half of it is 0, so the RLIMIT_STACK default gcs_size(0) applies. */
static int body_thread_1(void)
{
	struct thread_attr attr = { .stack_size = 1 };

	thread_gcs(&attr, gcs_size(0));
	return 0;
}

/* Legacy clone (the kernel sees stack_size 0): gcs_size(0), half of RLIMIT_STACK. */
static int body_thread_legacy(void)
{
	struct thread_attr attr = { .flags = THREAD_ATTR_LEGACY_CLONE };

	thread_gcs(&attr, gcs_size(0));
	return 0;
}

/* Legacy clone under RLIMIT_STACK 1 MiB: a 512 KiB GCS. */
static int body_thread_rlimit_1m(void)
{
	struct thread_attr attr = { .flags = THREAD_ATTR_LEGACY_CLONE };
	struct rlimit rl;

	EXPECT("getrlimit", getrlimit(RLIMIT_STACK, &rl), 0);
	rl.rlim_cur = 1UL << 20;
	EXPECT("setrlimit", setrlimit(RLIMIT_STACK, &rl), 0);
	EXPECT("gcs_size(0) under 1 MiB", gcs_size(0), 512 * SZ_1K);
	thread_gcs(&attr, gcs_size(0));
	return 0;
}

/* clone3 seed fields: a caller-provided GCS is used as is (GCSPR_EL0 = ss + size), kept after the join. */
static int body_clone3_caller_gcs(void)
{
	long r = map_gcs_raw(0, 4 * PAGE, 0);
	struct thread_attr attr = { 0 };

	EXPECT_TRUE("mapped", r > 0);
	attr.shadow_stack = (uint64_t)r;
	attr.shadow_stack_size = 4 * PAGE;
	thread_gcs(&attr, 4 * PAGE);
	return 0;
}

/* clone3 seed fields: pointer 8-aligned, size >= 8 and a multiple of 8, else EINVAL. */
static int body_clone3_checks(void)
{
	long r = map_gcs_raw(0, PAGE, 0);
	uint64_t ss = (uint64_t)r;

	EXPECT_TRUE("mapped", r > 0);
	EXPECT("pointer + 4", clone3_exit0(0, ss + 4, PAGE - 8), -EINVAL);
	EXPECT("size 4", clone3_exit0(0, ss, 4), -EINVAL);
	EXPECT("size 12", clone3_exit0(0, ss, 12), -EINVAL);
	EXPECT("size only", clone3_exit0(0, 0, PAGE), -EINVAL);
	EXPECT("pointer only", clone3_exit0(0, ss, 0), -EINVAL);
	EXPECT("size 8", clone3_exit0(0, ss, 8), 0);
	EXPECT("pointer + 8, size 16", clone3_exit0(0, ss + 8, 16), 0);
	EXPECT("whole page, CLONE_VM|CLONE_VFORK", clone3_exit0(CLONE_VM | CLONE_VFORK, ss, PAGE),
	       0);
	return 0;
}

/* clone3 seed fields from a thread with GCS off (on a GCS CPU) are EINVAL. */
static int body_clone3_gcs_off(void)
{
	long r = map_gcs_raw(0, PAGE, 0);

	EXPECT_TRUE("mapped", r > 0);
	EXPECT("GCS off: pointer + size", clone3_exit0(0, (uint64_t)r, PAGE), -EINVAL);
	EXPECT("a plain clone3 works", clone3_exit0(0, 0, 0), 0);
	return 0;
}

static int quick_fn(void *arg)
{
	return (int)(long)arg + (gcs_read_gcspr() != 0);
}

/* 8 create+join rounds free every implicit GCS: free pages exactly back, one shadow-stack area left. */
static int body_implicit_freed(void)
{
	return implicit_shadow_stacks_freed(quick_fn);
}

/*
 * gcs_find_terminator: walking up from GCSPR_EL0 reaches a 0 entry, not in
 * the first slot, and it is the top slot of the thread's shadow-stack area.
 */
static int body_find_terminator(void)
{
	unsigned long gcspr = gcs_read_gcspr(), p = gcspr, end;
	int n = 0;

	end = ss_area_end(gcspr, 0, gcs_size(0));
	while (*(volatile unsigned long *)p != 0 && p < end) {
		p += 8;
		n++;
	}
	note("terminator at %#lx after %d entries", p, n);
	EXPECT_TRUE("not the first slot", p != gcspr);
	EXPECT("the terminator is the top slot", p, end - 8);
	return 0;
}

/* The parent's half of body_vfork, outside the function that called vfork. */
static __attribute__((noipa)) int vfork_parent(pid_t pid, unsigned long before, unsigned long after)
{
	int st;

	EXPECT_TRUE("vfork", pid > 0);
	EXPECT("GCSPR_EL0 after vfork", after, before);
	EXPECT("wait4", wait4(pid, &st, 0, NULL), pid);
	EXPECT("child wait status", st, 0);
	EXPECT("calls after vfork", deep(100), 100 * 101 / 2);
	return 0;
}

/* vfork: libc's vfork() returns in the parent after the child made calls on the shared GCS. */
static int body_vfork(void)
{
	unsigned long before, after;
	pid_t pid;

	fflush_stdout();
	before = gcs_read_gcspr();
	pid = vfork();
	if (pid == 0)
		_exit(deep(50) == 50 * 51 / 2 ? 0 : 3);
	after = gcs_read_gcspr();
	return vfork_parent(pid, before, after);
}

/* --- exec ------------------------------------------------------------------------- */

/* exec disables GCS: the new image's PR_GET is 0 and GCSPR_EL0 is 0. */
static int body_exec_disables(void)
{
	EXPECT("mode before exec", get_mode(), EN);
	return exec_self(self, "--child-status");
}

/* exec clears locks: after LOCK(ENABLE), the new image can enable (EINVAL without GCS). */
static int body_exec_clears_locks(void)
{
	EXPECT("LOCK(ENABLE)", lock_mode(EN), supported ? 0 : -EINVAL);
	return exec_self(self, "--child-enable");
}

/* --- the case table ------------------------------------------------------------------ */

struct tcase {
	const char *name;
	enum need need;
	int (*body)(void);
	unsigned long mode; /* set in the child before body (live only) */
	int signal;	    /* 0: exit `want` expected; else death by this signal */
	int want;
	const char *proves;
};

static const struct tcase cases[] = {
	{ "hwcap_matches_prctl", ANY, body_hwcap_matches_prctl, 0, 0, 0,
	  "HWCAP_GCS is set exactly when PR_GET works" },
	{ "prctl_extra_args_einval", ANY, body_prctl_extra_args, 0, 0, 0,
	  "SET/GET/LOCK with a non-zero arg3..arg5 are EINVAL" },
	{ "return_address_tamper_without_gcs_lands", ANY, body_tamper, 0, 0, LANDED,
	  "without GCS an overwritten return address is followed (exit 77)" },
	{ "exec_clears_locks", ANY, body_exec_clears_locks, 0, 0, 0, NULL },

	{ "enable_unsupported_einval", UNSUPPORTED, body_enable_unsupported, 0, 0, 0,
	  "without GCS, PR_SET_SHADOW_STACK_STATUS is EINVAL" },
	{ "get_status_unsupported_einval", UNSUPPORTED, body_get_unsupported, 0, 0, 0,
	  "without GCS, PR_GET_SHADOW_STACK_STATUS is EINVAL" },
	{ "lock_unsupported_einval", UNSUPPORTED, body_lock_unsupported, 0, 0, 0,
	  "without GCS, PR_LOCK_SHADOW_STACK_STATUS is EINVAL" },
	{ "map_shadow_stack_unsupported_eopnotsupp", UNSUPPORTED, body_map_unsupported, 0, 0, 0,
	  "without GCS, map_shadow_stack is EOPNOTSUPP before any argument check" },
	{ "clone3_shadow_stack_unsupported_einval", UNSUPPORTED, body_clone3_unsupported, 0, 0, 0,
	  "without GCS, clone3 with shadow_stack fields is EINVAL" },

	{ "read_status", LIVE, body_read_status, EN, 0, 0, "PR_GET reports ENABLE" },
	{ "base_enable", LIVE, body_base_enable, 0, 0, 0,
	  "PR_SET ENABLE: GET and CHKFEAT agree, GCSPR_EL0 = top of a gcs_size(0) shadow-stack "
	  "area - 8" },
	{ "read_gcspr_el0", LIVE, body_read_gcspr, EN, 0, 0,
	  "MRS GCSPR_EL0 gives an aligned pointer below the end marker" },
	{ "enable_writeable", LIVE, body_enable_writeable, EN, 0, 0,
	  "ENABLE|WRITE and back to ENABLE" },
	{ "enable_push_pop", LIVE, body_enable_push_pop, EN, 0, 0,
	  "ENABLE|PUSH and back to ENABLE" },
	{ "enable_all", LIVE, body_enable_all, EN, 0, 0, "ENABLE|PUSH|WRITE and back to ENABLE" },
	{ "enable_invalid", LIVE, body_enable_invalid, EN, 0, 0,
	  "PR_SET with unknown bits is EINVAL" },
	{ "map_guarded_stack", LIVE, body_map_guarded_stack, 0, 0, 0,
	  "64 KiB with MARKER|TOKEN: marker 0, cap below it, rest 0; munmap" },
	{ "fork", LIVE, body_fork, EN, 0, 0,
	  "a fork child keeps GCSPR_EL0 and ENABLE, makes calls, exits 0" },
	{ "can_call_function", LIVE, body_can_call_function, EN, 0, 0,
	  "1000 nested calls return with GCS on" },

	{ "lock_all_modes", LIVE, body_lock_all_modes, 0, 0, 0,
	  "PR_LOCK(ULONG_MAX) is 0; enabling is then EBUSY" },

	{ "invalid_mprotect.exec", LIVE, body_invalid_mprotect_exec, 0, 0, 0,
	  "mprotect(PROT_EXEC[|PROT_READ]) on a GCS is EINVAL" },
	{ "map_shadow_stack_unknown_flag_einval", LIVE, body_map_unknown_flag, 0, 0, 0,
	  "flags 4 and 1<<31 are EINVAL" },
	{ "map_shadow_stack_unaligned_addr_einval", LIVE, body_map_unaligned_addr, 0, 0, 0,
	  "a fixed address not page-aligned is EINVAL" },
	{ "map_shadow_stack_size_overflow_eoverflow", LIVE, body_map_eoverflow, 0, 0, 0,
	  "a size whose page rounding wraps is EOVERFLOW" },
	{ "map_shadow_stack_fixed_addr", LIVE, body_map_fixed, 0, 0, 0,
	  "a fixed address over a mapping is EEXIST; a free one is used, cap at its top" },

	{ "get_status_efault", LIVE, body_get_efault, 0, 0, 0,
	  "PR_GET into NULL or an unmapped page is EFAULT" },
	{ "disable_keeps_gcs_mapped", LIVE, body_disable_keeps, EN, 0, 0,
	  "PR_SET 0 disables (CHKFEAT agrees) and keeps the shadow-stack area mapped" },
	{ "reenable_after_disable_einval", LIVE, body_reenable, EN, 0, 0,
	  "enabling again after a disable is EINVAL" },

	{ "gcspushm", LIVE, body_gcspushm, EN | PU, 0, 0,
	  "with PUSH: GCSPUSHM then GCSPOPM round-trip one entry" },
	{ "gcspopm_of_token_sigsegv", LIVE, body_gcspopm_token, EN | PU, SIGSEGV, 0,
	  "GCSPOPM refuses a cap token (bit 0 set): SIGSEGV" },
	{ "gcspushm_without_push_sigill", LIVE, body_gcspushm_trap, EN, SIGILL, 0,
	  "without PUSH, GCSPUSHM traps (EC 0x18): SIGILL" },
	{ "gcsstr", LIVE, body_gcsstr, EN | WR, 0, 0,
	  "with WRITE: GCSSTR and GCSSTTR store to the GCS" },
	{ "mprotect_read_only_gcsstr_segv_accerr", LIVE, body_mprotect_ro_gcsstr, EN | WR, 0, 0,
	  "a GCS is rw-p; after mprotect(PROT_READ) (r--p) GCSSTR is SIGSEGV SEGV_ACCERR" },
	{ "mprotect_read_write_restores_gcsstr", LIVE, body_mprotect_rw_gcsstr, EN | WR, 0, 0,
	  "PROT_READ then PROT_READ|PROT_WRITE: GCSSTR works again, plain stores still fault" },
	{ "mprotect_read_only_own_gcs_call_sigsegv", LIVE, body_mprotect_own_gcs, EN, SIGSEGV, 0,
	  "the own GCS made read-only: the next BL kills with SIGSEGV" },
	{ "gcsstr_without_write_sigsegv", LIVE, body_gcsstr_trap, EN, SIGSEGV, 0,
	  "without WRITE, GCSSTR is a GCS exception: SIGSEGV" },
	{ "gcsstr_to_normal_memory_sigsegv", LIVE, body_gcsstr_normal, EN | WR, SIGSEGV, 0,
	  "GCSSTR to ordinary memory is a GCS data abort: SIGSEGV" },
	{ "return_address_tamper_dies_sigsegv", LIVE, body_tamper_gcs, EN, SIGSEGV, 0,
	  "a tampered return address with GCS on: GCS exception, SIGSEGV" },

	{ "gcs_enabled_thread", LIVE, body_enabled_thread, EN, 0, 0,
	  "a thread (stack_size 64 KiB) gets its own gcs_size(32 KiB) GCS, ENABLE inherited" },
	{ "gcs_thread_stack_8k", LIVE, body_thread_8k, EN, 0, 0,
	  "stack_size 8 KiB: a one-page GCS" },
	{ "gcs_thread_stack_1m_plus_2", LIVE, body_thread_1m, EN, 0, 0,
	  "stack_size 1 MiB + 2: a PAGE_ALIGN(512 KiB + 1) GCS" },
	{ "gcs_thread_stack_1", LIVE, body_thread_1, EN, 0, 0,
	  "stack_size 1 (half is 0): a gcs_size(0) GCS" },
	{ "gcs_thread_legacy_clone", LIVE, body_thread_legacy, EN, 0, 0,
	  "legacy clone (stack_size 0): a gcs_size(0) GCS" },
	{ "gcs_thread_rlimit_1m", LIVE, body_thread_rlimit_1m, EN, 0, 0,
	  "RLIMIT_STACK 1 MiB, legacy clone: a 512 KiB GCS" },
	{ "gcs_find_terminator", LIVE, body_find_terminator, EN, 0, 0,
	  "walking up from GCSPR_EL0 ends at the 0 marker in the top slot" },
	{ "implicit_gcs_freed_after_join", LIVE, body_implicit_freed, EN, 0, 0,
	  "8 create+join rounds: free pages exactly back, one shadow-stack area left" },
	{ "vfork_wrapper_survives_child_calls", LIVE, body_vfork, EN, 0, 0,
	  "libc vfork() returns in the parent after the child made calls" },

	{ "clone3_shadow_stack_caller_gcs", LIVE, body_clone3_caller_gcs, EN, 0, 0,
	  "clone3 with a map_shadow_stack GCS: the thread starts at ss + size, no new shadow-stack "
	  "area" },
	{ "clone3_shadow_stack_checks", LIVE, body_clone3_checks, EN, 0, 0,
	  "pointer 8-aligned, size >= 8 and a multiple of 8, both or neither, else EINVAL" },
	{ "clone3_shadow_stack_needs_gcs_einval", LIVE, body_clone3_gcs_off, 0, 0, 0,
	  "clone3 shadow_stack fields from a thread with GCS off are EINVAL" },

	{ "exec_disables_gcs", LIVE, body_exec_disables, EN, 0, 0,
	  "after exec, PR_GET is 0 and GCSPR_EL0 is 0" },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

/* Runs one case (skipping it where its need is not met) and reports it. */
static void run_one(const char *name, enum need need, int (*body)(void), unsigned long mode,
		    int sig, int want, const char *proves)
{
	if (case_skipped(name, need, supported, "GCS"))
		return;
	if (proves)
		ktap_print_msg("%s: %s", name, proves);
	ktap_ok(child_result(body, supported ? mode : 0, sig, want), "%s", name);
}

/* The exec'd modes: never return from main after an enable. */
static void child_mode(const char *mode)
{
	if (strcmp(mode, "--child-status") == 0) {
		unsigned long st = get_mode();

		if (st != 0)
			exit(st > 100 ? 100 : (int)st + 1);
		exit(gcs_read_gcspr() == 0 ? 0 : 50);
	}
	if (strcmp(mode, "--child-enable") == 0) {
		long r = GCS_SET_MODE(EN);

		GCS_EXIT(r == 0 ? 0 : r < 0 && r > -126 ? (int)-r : 126);
	}
	exit(127);
}

int main(int argc, char **argv)
{
	char name[96];
	unsigned int total = NCASES + NVARIANTS * NMATRIX + NMODES * NLOCK + NINVALID;

	self = argc > 0 && argv[0][0] == '/' ? argv[0] : "/bin/gcs";
	if (argc > 1)
		child_mode(argv[1]);
	ktap_header();
	ktap_plan(total);
	supported = (getauxval(AT_HWCAP) & HWCAP_GCS) != 0;
	ktap_print_msg("AT_HWCAP %#lx: GCS %ssupported", getauxval(AT_HWCAP),
		       supported ? "" : "not ");

	for (size_t i = 0; i < NCASES; i++) {
		const struct tcase *c = &cases[i];
		int want = c->want;

		if (c->body == body_exec_clears_locks)
			want = supported ? 0 : EINVAL;
		run_one(c->name, c->need, c->body, c->mode, c->signal, want, c->proves);
		if (c->body == body_lock_all_modes) {
			/* gcs-locking's valid_modes fixture follows its lock_all_modes */
			for (size_t m = 0; m < NMODES; m++)
				for (size_t t = 0; t < NLOCK; t++) {
					cur_mode = valid_modes[m].mode;
					snprintf(name, sizeof(name), "valid_modes.%s.%s",
						 valid_modes[m].name, lock_tests[t].name);
					run_one(name, LIVE, lock_tests[t].body, 0, 0, 0, NULL);
				}
		}
		if (c->body == body_map_guarded_stack) {
			/* libc-gcs's fixtures */
			for (size_t v = 0; v < NVARIANTS; v++)
				for (size_t t = 0; t < NMATRIX; t++) {
					const struct matrix_test *m = &matrix_tests[t];
					int sig = m->signal;

					cur_var = &variants[v];
					if (sig == -1)
						sig = (cur_var->flags & TOKEN) ? 0 : SIGSEGV;
					snprintf(name, sizeof(name), "map_gcs.%s.%s",
						 variants[v].name, m->name);
					run_one(name, LIVE, m->body, m->gcs_on ? EN : 0, sig, 0,
						NULL);
				}
			for (size_t k = 0; k < NINVALID; k++) {
				cur_invalid_size = invalid_sizes[k].size;
				snprintf(name, sizeof(name), "map_invalid_gcs.%s",
					 invalid_sizes[k].name);
				run_one(name, LIVE, body_map_invalid, 0, 0, 0, NULL);
			}
		}
	}
	exit(ktap_finish());
}

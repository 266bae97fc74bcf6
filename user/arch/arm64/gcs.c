// SPDX-License-Identifier: MIT
/*
 * /bin/gcs: arm64 Guarded Control Stacks (docs/ABI.md §5), KTAP, one case a line.
 *
 * The cases of Linux's tools/testing/selftests/arm64/gcs/ (docs/ABI.md §8.3) under
 * their names -- basic-gcs (read_status ... fork), libc-gcs (the map_gcs
 * size x flags matrix, map_invalid_gcs, invalid_mprotect, gcs_enabled_thread,
 * gcs_find_terminator), gcs-locking (lock_all_modes, valid_modes.*),
 * gcspushm and gcsstr -- written afresh, plus Umbra's own: GCS prctl
 * errnos and thread GCS sizes (docs/ABI.md §3.2, §5.4). The cases /bin/shstk
 * shares (map_shadow_stack's common errnos, mprotect of a GCS, the seed
 * clone3 fields, the free at thread exit, vfork, exec, a tampered return
 * address) are user/lib/shstk_cases.c's.
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
/* sig_arch.h: the restorer trampoline (sig_restorer) the shared cases' handler names. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "sig_arch.h"
#pragma GCC diagnostic pop
#include "shstk_arch.h"
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

/*
 * Every check runs in a child, possibly on a GCS it must not return from:
 * a failed check leaves at once with a small code (the line number).
 */
#define TEST_FAIL(code) GCS_EXIT(code)
#include "shstk_cases.h"

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
 * shstk_tamper_return() (shstk_arch.h) replaces its own return address
 * (x30, the BL's link) by gcs_landing and returns: with GCS on, the RET
 * finds the real address on the GCS and raises a GCS exception (data
 * check, RET); without, it lands.
 */
__asm__(".text\n"
	".balign 4\n"
	".globl shstk_tamper_return\n"
	".type shstk_tamper_return, %function\n"
	"shstk_tamper_return:\n"
	"\tadr x30, gcs_landing\n"
	"\tret\n"
	".size shstk_tamper_return, . - shstk_tamper_return\n");

/* --- "any" cases ---------------------------------------------------------------- */

/* HWCAP_GCS and PR_GET agree: GET works (0 at start) exactly when the CPU has GCS. */
static int body_hwcap_matches_prctl(void)
{
	unsigned long v = 0xdead;
	long r = prctl_raw(GET, (unsigned long)&v, 0, 0, 0);

	if (shstk_supported) {
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
	if (shstk_supported)
		EXPECT("mode after the refused calls", shstk_status(), 0);
	return 0;
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
	EXPECT("LOCK(ENABLE)", shstk_lock(EN), -EINVAL);
	EXPECT("LOCK(~0)", shstk_lock(~0UL), -EINVAL);
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

	EXPECT("mode before", shstk_status(), 0);
	EXPECT("CHKFEAT before", gcs_chkfeat_enabled(), 0);
	EXPECT("GCSPR_EL0 before", gcs_read_gcspr(), 0);
	r = GCS_SET_MODE(EN);
	gcspr = gcs_read_gcspr();
	EXPECT("SET(ENABLE)", r, 0);
	EXPECT("mode after", shstk_status(), EN);
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
	EXPECT("GET after SET(mode)", shstk_status(), mode);
	EXPECT("CHKFEAT", gcs_chkfeat_enabled(), 1);
	EXPECT("SET(ENABLE)", set_mode(EN), 0);
	EXPECT("GET after SET(ENABLE)", shstk_status(), EN);
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
	EXPECT("mode", shstk_status(), EN);
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
	long r = shstk_map(0, size, MARKER | TOKEN);
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
	long r = shstk_map(0, cur_var->size, cur_var->flags);

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
	EXPECT("calls after the switch back", shstk_deep(100), 100 * 101 / 2);
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

	EXPECT("map_shadow_stack", shstk_map(0, cur_invalid_size, 0), -EINVAL);
	EXPECT("map_shadow_stack with TOKEN", shstk_map(0, cur_invalid_size, TOKEN), -EINVAL);
	EXPECT("shadow-stack areas unchanged", count_ss_areas(), before);
	return 0;
}

/* invalid_mprotect.exec: PROT_EXEC and PROT_EXEC|PROT_READ on a 1-page GCS are EINVAL. */
static int body_invalid_mprotect_exec(void)
{
	long r = shstk_map(0, PAGE, 0);

	EXPECT_TRUE("mapped", r > 0);
	EXPECT("mprotect(PROT_EXEC)", mprotect((void *)r, PAGE, PROT_EXEC) ? errno : 0, EINVAL);
	EXPECT("mprotect(PROT_EXEC|PROT_READ)",
	       mprotect((void *)r, PAGE, PROT_EXEC | PROT_READ) ? errno : 0, EINVAL);
	ss_area_end((unsigned long)r, (unsigned long)r, PAGE);
	return 0;
}

/* A fixed address overlapping a mapping is EEXIST; a free one is used exactly. */
static int body_map_fixed(void)
{
	long r = shstk_map(0, 4 * PAGE, 0), r2;

	EXPECT_TRUE("mapped", r > 0);
	EXPECT("over itself", shstk_map((unsigned long)r, PAGE, 0), -EEXIST);
	EXPECT("munmap", munmap((void *)r, 4 * PAGE), 0);
	r2 = shstk_map((unsigned long)r + PAGE, PAGE, TOKEN);
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
	EXPECT("LOCK(ULONG_MAX)", shstk_lock(~0UL), 0);
	EXPECT("SET(ENABLE) with every bit locked", GCS_SET_MODE(EN), -EBUSY);
	EXPECT("mode", shstk_status(), 0);
	GCS_EXIT(0);
}

/* valid_modes.*.set: PR_SET mode from "off" returns 0 and GET reads it back. Never returns. */
static int body_vm_set(void)
{
	long r = GCS_SET_MODE(cur_mode);

	EXPECT("SET(mode)", r, 0);
	EXPECT("GET", shstk_status(), cur_mode);
	GCS_EXIT(0);
}

/* valid_modes.*.enable_lock_disable: set mode, lock it, then PR_SET 0 is EBUSY. Never returns. */
static int body_vm_enable_lock_disable(void)
{
	long r = GCS_SET_MODE(cur_mode);

	EXPECT("SET(mode)", r, 0);
	EXPECT("GET", shstk_status(), cur_mode);
	EXPECT("LOCK(mode)", shstk_lock(cur_mode), 0);
	EXPECT("SET(0)", set_mode(0), -EBUSY);
	EXPECT("GET after the refused disable", shstk_status(), cur_mode);
	GCS_EXIT(0);
}

/* valid_modes.*.lock_enable: lock mode while off, then PR_SET mode is EBUSY. Never returns. */
static int body_vm_lock_enable(void)
{
	long r;

	EXPECT("LOCK(mode)", shstk_lock(cur_mode), 0);
	r = GCS_SET_MODE(cur_mode);
	EXPECT("SET(mode)", r, -EBUSY);
	EXPECT("GET", shstk_status(), 0);
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
	EXPECT("LOCK(mode)", shstk_lock(cur_mode), 0);
	EXPECT("SET(ALL)", set_mode(GCS_MODES_ALL), 0);
	EXPECT("GET after SET(ALL)", shstk_status(), GCS_MODES_ALL);
	EXPECT("SET(mode)", set_mode(cur_mode), 0);
	EXPECT("GET after SET(mode)", shstk_status(), cur_mode);
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
	long r = shstk_map(0, PAGE, 0); /* any page, then a hole */

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
	EXPECT("GET", shstk_status(), 0);
	EXPECT("CHKFEAT", gcs_chkfeat_enabled(), 0);
	ss_area_end(gcspr, 0, gcs_size(0));
	EXPECT("calls still return", shstk_deep(100), 100 * 101 / 2);
	return 0;
}

/* Once a GCS existed, enabling again after a disable is EINVAL. */
static int body_reenable(void)
{
	long r;

	EXPECT("SET(0)", set_mode(0), 0);
	r = GCS_SET_MODE(EN);
	EXPECT("SET(ENABLE) again", r, -EINVAL);
	EXPECT("GET", shstk_status(), 0);
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

/* --- threads ---------------------------------------------------------------------- */

struct probe {
	volatile unsigned long gcspr, mode;
	volatile int ready, release;
};

static int probe_fn(void *p)
{
	struct probe *pr = p;

	pr->gcspr = gcs_read_gcspr();
	pr->mode = shstk_status();
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
	long r = shstk_map(0, 4 * PAGE, 0);
	struct thread_attr attr = { 0 };

	EXPECT_TRUE("mapped", r > 0);
	attr.shadow_stack = (uint64_t)r;
	attr.shadow_stack_size = 4 * PAGE;
	thread_gcs(&attr, 4 * PAGE);
	return 0;
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

/* --- the case table (the cases both architectures share: user/lib/shstk_cases.c) --- */

static const struct shstk_case cases[] = {
	{ "hwcap_matches_prctl", ANY, body_hwcap_matches_prctl, 0, 0, 0,
	  "HWCAP_GCS is set exactly when PR_GET works" },
	{ "prctl_extra_args_einval", ANY, body_prctl_extra_args, 0, 0, 0,
	  "SET/GET/LOCK with a non-zero arg3..arg5 are EINVAL" },
	{ "enable_unsupported_einval", UNSUPPORTED, body_enable_unsupported, 0, 0, 0,
	  "without GCS, PR_SET_SHADOW_STACK_STATUS is EINVAL" },
	{ "get_status_unsupported_einval", UNSUPPORTED, body_get_unsupported, 0, 0, 0,
	  "without GCS, PR_GET_SHADOW_STACK_STATUS is EINVAL" },
	{ "lock_unsupported_einval", UNSUPPORTED, body_lock_unsupported, 0, 0, 0,
	  "without GCS, PR_LOCK_SHADOW_STACK_STATUS is EINVAL" },
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
	{ "fork", LIVE, shstk_case_fork, EN, 0, 0,
	  "a fork child keeps GCSPR_EL0 and ENABLE, makes calls, exits 0" },
	{ "can_call_function", LIVE, shstk_case_deep_calls, EN, 0, 0,
	  "1000 nested calls return with GCS on" },
	{ "lock_all_modes", LIVE, body_lock_all_modes, 0, 0, 0,
	  "PR_LOCK(ULONG_MAX) is 0; enabling is then EBUSY" },
	{ "invalid_mprotect.exec", LIVE, body_invalid_mprotect_exec, 0, 0, 0,
	  "mprotect(PROT_EXEC[|PROT_READ]) on a GCS is EINVAL" },
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
	{ "gcsstr_without_write_sigsegv", LIVE, body_gcsstr_trap, EN, SIGSEGV, 0,
	  "without WRITE, GCSSTR is a GCS exception: SIGSEGV" },
	{ "gcsstr_to_normal_memory_sigsegv", LIVE, body_gcsstr_normal, EN | WR, SIGSEGV, 0,
	  "GCSSTR to ordinary memory is a GCS data abort: SIGSEGV" },
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
	{ "clone3_shadow_stack_caller_gcs", LIVE, body_clone3_caller_gcs, EN, 0, 0,
	  "clone3 with a map_shadow_stack GCS: the thread starts at ss + size, no new shadow-stack "
	  "area" },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

/* A case of a fixture (Linux's name.variant.test), live, exit 0 or death by sig. */
static void run_fixture_case(const char *name, int (*body)(void), unsigned long mode, int sig)
{
	const struct shstk_case c = { name, LIVE, body, mode, sig, 0, NULL };

	shstk_case_run(&c);
}

int main(int argc, char **argv)
{
	char name[96];
	bool supported = (getauxval(AT_HWCAP) & HWCAP_GCS) != 0;

	shstk_cases_start(argc, argv, supported,
			  NCASES + NVARIANTS * NMATRIX + NMODES * NLOCK + NINVALID);
	ktap_print_msg("AT_HWCAP %#lx: GCS %ssupported", getauxval(AT_HWCAP),
		       supported ? "" : "not ");

	for (size_t i = 0; i < NCASES; i++) {
		const struct shstk_case *c = &cases[i];

		shstk_case_run(c);
		if (c->body == body_lock_all_modes) {
			/* gcs-locking's valid_modes fixture follows its lock_all_modes */
			for (size_t m = 0; m < NMODES; m++)
				for (size_t t = 0; t < NLOCK; t++) {
					cur_mode = valid_modes[m].mode;
					snprintf(name, sizeof(name), "valid_modes.%s.%s",
						 valid_modes[m].name, lock_tests[t].name);
					run_fixture_case(name, lock_tests[t].body, 0, 0);
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
					run_fixture_case(name, m->body, m->gcs_on ? EN : 0, sig);
				}
			for (size_t k = 0; k < NINVALID; k++) {
				cur_invalid_size = invalid_sizes[k].size;
				snprintf(name, sizeof(name), "map_invalid_gcs.%s",
					 invalid_sizes[k].name);
				run_fixture_case(name, body_map_invalid, 0, 0);
			}
		}
	}
	shstk_cases_run_shared();
	exit(ktap_finish());
}

// SPDX-License-Identifier: MIT
/*
 * /bin/shstk: x86_64 CET user shadow stacks (docs/ABI.md §4), KTAP, one case a line.
 *
 * Proves the CET half (the cases both architectures share, map_shadow_stack's
 * common errnos, mprotect, clone3's seed fields, thread frees, vfork and
 * exec, are user/lib/shstk_cases.c's): arch_prctl(ARCH_SHSTK_*) checks its
 * arguments in Linux's order and with Linux's errnos; map_shadow_stack()
 * takes every x86 errno path of docs/ABI.md §4.5 in order, places its
 * mapping above 4 GiB with a guard page, writes exactly one restore token
 * where RSTORSSP accepts it, and refuses plain stores; a shadow stack
 * catches a tampered return address (#CP -> SIGSEGV); threads get shadow
 * stacks of exactly the size docs/ABI.md §3.2 gives for the stack_size the
 * kernel received, freed at exit unless the caller supplied them; fork
 * copies, vfork shares shadow stacks; WRSS works only when enabled.
 *
 * Each case runs in a forked child, and the parent checks the exact wait
 * status. "live" cases need a CPU with shadow stacks and are skipped
 * without one ("# SKIP shadow stacks not supported"); the "unsupported"
 * cases assert Linux's EOPNOTSUPP/EINVAL there and are skipped on a CET
 * machine; "any" cases run everywhere with the same expected result.
 *
 *   /bin/shstk                 run the cases
 *   /bin/shstk --child-status  exit 0 if STATUS is 0 and RDSSP 0 (exec cases)
 *   /bin/shstk --child-enable  exit 0 if ENABLE(SHSTK) works, else its errno
 */
/* sig_arch.h: the restorer trampoline (sig_restorer) the shared cases' handler names. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "sig_arch.h"
#pragma GCC diagnostic pop
#include "shstk_arch.h"
#include "shstk_cases.h"
#include <machine/prctl.h>
#include <machine/syscall.h>
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
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread.h>
#include <unistd.h>

#define SZ_4G (1UL << 32)
#define SZ_1M (1UL << 20)
#define DEPTH 1000
#define DEPTH_SUM (DEPTH * (DEPTH + 1) / 2) /* 1 + 2 + ... + DEPTH */

/* --- small system helpers -------------------------------------------------------- */

static long prctl_raw(int code, unsigned long arg)
{
	return syscall2(__NR_arch_prctl, code, (long)arg);
}

/* docs/ABI.md §3.2 adjust_shstk_size(): the thread shadow-stack size rule. */
static unsigned long shstk_size_rule(unsigned long stack_size)
{
	unsigned long r = rlimit_stack();

	if (stack_size)
		return PAGE_ALIGN(stack_size);
	return PAGE_ALIGN(r < SZ_4G ? r : SZ_4G);
}

/* --- functions for the call-depth cases ------------------------------------------- */

static unsigned long depth_ssp[DEPTH + 1];

/* Sums 1..n by real recursion (the asm keeps it from becoming a loop). */
static __attribute__((noinline)) long deep(int n)
{
	long r;

	depth_ssp[n] = cet_rdssp();
	if (n == 0)
		return 0;
	r = deep(n - 1);
	__asm__ volatile("" : "+r"(r));
	return r + n;
}

/* Reached only through a tampered return address. */
static __attribute__((noinline, noreturn)) void landing(void)
{
	CET_EXIT(LANDED);
}

/* Overwrites its own return address on the normal stack with landing() (shstk_arch.h). */
__attribute__((noinline)) int shstk_tamper_return(void)
{
	void **ret = (void **)__builtin_frame_address(0) + 1; /* rbp + 8 */

	*(void *volatile *)ret = (void *)landing;
	__asm__ volatile("" : : : "memory");
	return 1;
}

/* --- arch_prctl cases -------------------------------------------------------------- */

/* Before any enable, STATUS writes 0. */
static int case_status_start(void)
{
	unsigned long v = 0xdeadbeef;

	EXPECT("STATUS", prctl_raw(ARCH_SHSTK_STATUS, (unsigned long)&v), 0);
	EXPECT("status word", v, 0);
	return 0;
}

/* Enabled: STATUS is SHSTK and SSP sits one call below the top of a fresh
 * shadow-stack area of the default size PAGE_ALIGN(min(RLIMIT_STACK, 4 GiB)). */
static int body_enable_sets_status(void)
{
	unsigned long ssp = cet_rdssp();
	const struct area *a;

	EXPECT("STATUS", shstk_status(), ARCH_SHSTK_SHSTK);
	EXPECT_TRUE("RDSSP is not 0", ssp != 0);
	if (!expect_ss_area(ssp, 0, shstk_size_rule(0)))
		return 2;
	a = find_area(ssp);
	EXPECT("top - SSP in the first call after enabling", a->end - ssp, 8);
	EXPECT_TRUE("above 4 GiB", a->start >= SZ_4G);
	return 0;
}

/* A second ENABLE returns 0 and changes nothing: same SSP, one shadow-stack area. */
static int body_enable_twice(void)
{
	unsigned long before = cet_rdssp(), after;
	long r = CET_ENABLE_SHSTK();

	after = cet_rdssp();
	EXPECT("second ENABLE", r, 0);
	EXPECT("SSP after the second ENABLE", after, before);
	EXPECT("STATUS", shstk_status(), ARCH_SHSTK_SHSTK);
	EXPECT("shadow-stack areas", count_ss_areas(), 1);
	return 0;
}

/* WRSS cannot be enabled or disabled while SHSTK is off: EPERM, STATUS 0. */
static int body_wrss_without_shstk(void)
{
	EXPECT("ENABLE(WRSS)", prctl_raw(ARCH_SHSTK_ENABLE, ARCH_SHSTK_WRSS), -EPERM);
	EXPECT("DISABLE(WRSS)", prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_WRSS), -EPERM);
	EXPECT("STATUS", shstk_status(), 0);
	return 0;
}

/* SHSTK then WRSS: STATUS 3; WRSS toggles alone, repeated calls return 0. */
static int body_enable_wrss(void)
{
	EXPECT("STATUS", shstk_status(), ARCH_SHSTK_SHSTK | ARCH_SHSTK_WRSS);
	EXPECT("ENABLE(WRSS) again", prctl_raw(ARCH_SHSTK_ENABLE, ARCH_SHSTK_WRSS), 0);
	EXPECT("DISABLE(WRSS)", prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_WRSS), 0);
	EXPECT("STATUS after DISABLE(WRSS)", shstk_status(), ARCH_SHSTK_SHSTK);
	EXPECT("DISABLE(WRSS) again", prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_WRSS), 0);
	return 0;
}

/* More than one bit: EINVAL for ENABLE and DISABLE, nothing enabled. */
static int body_two_bits(void)
{
	long r = CET_ARCH_PRCTL(ARCH_SHSTK_ENABLE, ARCH_SHSTK_SHSTK | ARCH_SHSTK_WRSS);

	if (r == 0)
		CET_EXIT(100); /* enabled: this frame can no longer return */
	EXPECT("ENABLE(SHSTK|WRSS)", r, -EINVAL);
	EXPECT("DISABLE(SHSTK|WRSS)",
	       prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_SHSTK | ARCH_SHSTK_WRSS), -EINVAL);
	EXPECT("STATUS", shstk_status(), 0);
	return 0;
}

/* A single unknown bit, or none, is EINVAL for ENABLE. */
/* Bit 3: Linux knows bits 0 and 1; bit 2 is Umbra's ARCH_SHSTK_IBT (docs/ABI.md §4.8). */
static int body_unknown_bit(void)
{
	EXPECT("ENABLE(1 << 3)", prctl_raw(ARCH_SHSTK_ENABLE, 1UL << 3), -EINVAL);
	EXPECT("ENABLE(1 << 63)", prctl_raw(ARCH_SHSTK_ENABLE, 1UL << 63), -EINVAL);
	EXPECT("ENABLE(0)", prctl_raw(ARCH_SHSTK_ENABLE, 0), -EINVAL);
	EXPECT("STATUS", shstk_status(), 0);
	return 0;
}

/* DISABLE of nothing or of an unknown bit is EINVAL. */
static int body_disable_zero(void)
{
	EXPECT("DISABLE(0)", prctl_raw(ARCH_SHSTK_DISABLE, 0), -EINVAL);
	EXPECT("DISABLE(1 << 3)", prctl_raw(ARCH_SHSTK_DISABLE, 1UL << 3), -EINVAL);
	return 0;
}

/* LOCK(SHSTK): DISABLE(SHSTK) is EPERM (before any CPU check) and changes nothing. */
static int body_lock_disable(void)
{
	unsigned long want = shstk_supported ? ARCH_SHSTK_SHSTK : 0;

	EXPECT("LOCK(SHSTK)", prctl_raw(ARCH_SHSTK_LOCK, ARCH_SHSTK_SHSTK), 0);
	EXPECT("DISABLE(SHSTK)", prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_SHSTK), -EPERM);
	EXPECT("STATUS", shstk_status(), want);
	return 0;
}

/* LOCK(SHSTK) before enabling: ENABLE(SHSTK) is EPERM, STATUS stays 0. */
static int body_lock_enable(void)
{
	long r;

	EXPECT("LOCK(SHSTK)", prctl_raw(ARCH_SHSTK_LOCK, ARCH_SHSTK_SHSTK), 0);
	r = CET_ENABLE_SHSTK();
	if (r == 0)
		CET_EXIT(100);
	EXPECT("ENABLE(SHSTK)", r, -EPERM);
	EXPECT("STATUS", shstk_status(), 0);
	return 0;
}

/* LOCK takes any bits (even unknown ones) and returns 0; then all are locked. */
static int body_lock_any(void)
{
	long r;

	EXPECT("LOCK(~0)", prctl_raw(ARCH_SHSTK_LOCK, ~0UL), 0);
	EXPECT("ENABLE(WRSS)", prctl_raw(ARCH_SHSTK_ENABLE, ARCH_SHSTK_WRSS), -EPERM);
	EXPECT("ENABLE(1 << 2)", prctl_raw(ARCH_SHSTK_ENABLE, 1UL << 2), -EPERM);
	r = CET_ENABLE_SHSTK();
	if (r == 0)
		CET_EXIT(100);
	EXPECT("ENABLE(SHSTK)", r, -EPERM);
	return 0;
}

/* UNLOCK is for ptrace only: on the calling thread, UNLOCK(0) is EINVAL. */
static int body_unlock_self(void)
{
	EXPECT("UNLOCK(0)", prctl_raw(ARCH_SHSTK_UNLOCK, 0), -EINVAL);
	return 0;
}

/* STATUS into unmapped or kernel memory is EFAULT. */
static int body_status_efault(void)
{
	void *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT_TRUE("mmap", p != MAP_FAILED);
	EXPECT("munmap", munmap(p, PAGE), 0);
	EXPECT("STATUS(NULL)", prctl_raw(ARCH_SHSTK_STATUS, 0), -EFAULT);
	EXPECT("STATUS(unmapped page)", prctl_raw(ARCH_SHSTK_STATUS, (unsigned long)p), -EFAULT);
	EXPECT("STATUS(kernel half)", prctl_raw(ARCH_SHSTK_STATUS, 0xffff800000000000UL), -EFAULT);
	EXPECT("STATUS(last user page end - 4)", prctl_raw(ARCH_SHSTK_STATUS, 0x7ffffffffffcUL),
	       -EFAULT);
	return 0;
}

/*
 * Enable, touch the shadow stack with a deep recursion, disable: the area
 * is gone from maps and the free page count is exactly what it was before
 * the enable (a warm-up round first, as leak.c does). Enables inline in
 * this frame, so it only returns after the DISABLE.
 */
static int body_disable_frees(void)
{
	unsigned long before, during, after, ssp, start;
	const struct area *a;
	long r;

	for (int round = 0; round < 2; round++) {
		before = free_pages();
		if (CET_ENABLE_SHSTK() != 0)
			CET_EXIT(ENABLE_FAILED);
		ssp = cet_rdssp();
		a = find_area(ssp - 8);
		start = a ? a->start : 0;
		if (deep(DEPTH) != DEPTH_SUM)
			CET_EXIT(101);
		during = free_pages();
		r = prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_SHSTK);
		after = free_pages();
		/* From here on `ret` is unchecked again. */
		EXPECT("DISABLE(SHSTK)", r, 0);
		EXPECT("STATUS after DISABLE", shstk_status(), 0);
		EXPECT_TRUE("RDSSP after DISABLE is a NOP", cet_rdssp() == 0);
		EXPECT_TRUE("the enabled stack was a shadow-stack area", start != 0);
		note("round %d: free pages %lu before, %lu with the stack in use, %lu after", round,
		     before, during, after);
		EXPECT_TRUE("the area is gone from maps", find_area(ssp - 8) == NULL);
		if (round == 1) {
			EXPECT_TRUE("the recursion used shadow-stack pages", during < before);
			EXPECT("free pages after DISABLE", after, before);
		}
	}
	return 0;
}

/* --- not-supported cases (no CET in the CPU) ----------------------------------------- */

static int body_enable_unsupported(void)
{
	long r = CET_ENABLE_SHSTK();

	if (r == 0)
		CET_EXIT(100);
	EXPECT("ENABLE(SHSTK)", r, -EOPNOTSUPP);
	EXPECT("STATUS", shstk_status(), 0);
	return 0;
}

static int body_disable_unsupported(void)
{
	EXPECT("DISABLE(SHSTK)", prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_SHSTK), -EOPNOTSUPP);
	EXPECT("DISABLE(WRSS)", prctl_raw(ARCH_SHSTK_DISABLE, ARCH_SHSTK_WRSS), -EOPNOTSUPP);
	return 0;
}

/* The CPU check in WRSS control comes before the "SHSTK on?" check. */
static int body_wrss_unsupported(void)
{
	EXPECT("ENABLE(WRSS)", prctl_raw(ARCH_SHSTK_ENABLE, ARCH_SHSTK_WRSS), -EOPNOTSUPP);
	EXPECT("STATUS", shstk_status(), 0);
	return 0;
}

/* --- map_shadow_stack cases (live) ------------------------------------------------------ */

static int body_map_set_marker(void)
{
	EXPECT("flags SET_MARKER", shstk_map(0, PAGE, SHADOW_STACK_SET_MARKER), -EINVAL);
	EXPECT("flags SET_TOKEN|SET_MARKER", shstk_map(0, PAGE, 3), -EINVAL);
	return 0;
}

static int body_map_token_enospc(void)
{
	EXPECT("SET_TOKEN, size 4", shstk_map(0, 4, SHADOW_STACK_SET_TOKEN), -ENOSPC);
	EXPECT("SET_TOKEN, size 0", shstk_map(0, 0, SHADOW_STACK_SET_TOKEN), -ENOSPC);
	EXPECT("SET_TOKEN, size 7", shstk_map(0, 7, SHADOW_STACK_SET_TOKEN), -ENOSPC);
	return 0;
}

static int body_map_erange_low(void)
{
	EXPECT("addr 0x10000", shstk_map(0x10000, PAGE, 0), -ERANGE);
	return 0;
}

static int body_map_erange_4g(void)
{
	EXPECT("addr 4 GiB - 4096", shstk_map(SZ_4G - PAGE, PAGE, 0), -ERANGE);
	EXPECT("addr 4 GiB - 4096, 2 pages (ends at 4 GiB + 4096)",
	       shstk_map(SZ_4G - PAGE, 2 * PAGE, 0), -ERANGE);
	return 0;
}

/* The checks come in docs/ABI.md §4.5's order: flags, token size, range, overflow. */
static int body_map_order(void)
{
	EXPECT("bad flags + small token size + low addr", shstk_map(0x10000, 4, 3), -EINVAL);
	EXPECT("small token size + low addr + overflow", shstk_map(0x10000, 4, 1), -ENOSPC);
	EXPECT("low addr + overflow", shstk_map(0x10000, ~0UL, 0), -ERANGE);
	return 0;
}

static int body_map_eexist(void)
{
	long r = shstk_map(0, 2 * PAGE, 0);

	EXPECT_TRUE("first mapping", r >= (long)SZ_4G);
	EXPECT("same addr", shstk_map((unsigned long)r, PAGE, 0), -EEXIST);
	EXPECT("second page, with token", shstk_map((unsigned long)r + PAGE, PAGE, 1), -EEXIST);
	EXPECT("overlapping from below", shstk_map((unsigned long)r - PAGE, 2 * PAGE, 0), -EEXIST);
	return 0;
}

static int body_map_size0(void)
{
	unsigned long a = shstk_free_range();

	EXPECT_TRUE("a free range", a >= SZ_4G);
	EXPECT("addr, size 0", shstk_map(a, 0, 0), -EINVAL);
	EXPECT("no addr, size 0", shstk_map(0, 0, 0), -EINVAL);
	return 0;
}

/* A token needs addr + size 8-aligned; the failed mapping is removed again. */
static int body_map_token_unaligned_end(void)
{
	unsigned long a = shstk_free_range();

	EXPECT_TRUE("a free range", a >= SZ_4G);
	EXPECT("addr, size 4092, token", shstk_map(a, PAGE - 4, 1), -EINVAL);
	EXPECT_TRUE("nothing left mapped there", find_area(a) == NULL);
	EXPECT("no addr, size 12, token", shstk_map(0, 12, 1), -EINVAL);
	EXPECT("the range is free again", shstk_map(a, PAGE, 0), (long)a);
	return 0;
}

/* Past the user address space: ENOMEM. */
static int body_map_enomem(void)
{
	EXPECT("addr 1 << 47", shstk_map(1UL << 47, PAGE, 0), -ENOMEM);
	return 0;
}

/* Kernel placement: >= 4 GiB, page-aligned, shadow-stack of PAGE_ALIGN(size). */
static int body_map_placement(void)
{
	static const unsigned long sizes[] = { 1, 4096, 10000, 65536 + 8 };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		long r = shstk_map(0, sizes[i], 0);

		EXPECT_TRUE("address >= 4 GiB", r >= (long)SZ_4G);
		EXPECT("address % 4096", (unsigned long)r % PAGE, 0);
		if (!expect_ss_area((unsigned long)r, (unsigned long)r, PAGE_ALIGN(sizes[i])))
			return 2;
	}
	return 0;
}

/* Fixed address: exactly there; the mapping reads as zeroes but for the token. */
static int check_token_layout(unsigned long r, unsigned long size, bool token)
{
	const volatile uint64_t *w = (const volatile uint64_t *)r;
	unsigned long at = (size - 8) / 8;

	for (unsigned long i = 0; i < PAGE_ALIGN(size) / 8; i++) {
		uint64_t want = token && i == at ? (r + size) | 1 : 0;

		if (w[i] != want) {
			note("word at %#lx is %#lx, want %#lx", r + i * 8, (unsigned long)w[i],
			     (unsigned long)want);
			return 1;
		}
	}
	return 0;
}

static int body_map_token(void)
{
	unsigned long a, size = 3 * PAGE + 40;
	long r = shstk_map(0, size, SHADOW_STACK_SET_TOKEN);

	EXPECT_TRUE("mapped", r >= (long)SZ_4G);
	if (!expect_ss_area((unsigned long)r, (unsigned long)r, 4 * PAGE))
		return 2;
	EXPECT("token (addr + size) | 1 at addr + size - 8, zeroes elsewhere",
	       check_token_layout((unsigned long)r, size, true), 0);
	a = shstk_free_range();
	EXPECT_TRUE("a free range", a >= SZ_4G);
	EXPECT("fixed addr with token", shstk_map(a, 2 * PAGE, 1), (long)a);
	EXPECT("token at the fixed addr", check_token_layout(a, 2 * PAGE, true), 0);
	return 0;
}

static int body_map_no_token(void)
{
	long r = shstk_map(0, 2 * PAGE, 0);

	EXPECT_TRUE("mapped", r >= (long)SZ_4G);
	EXPECT("all zero", check_token_layout((unsigned long)r, 2 * PAGE, false), 0);
	return 0;
}

static int body_map_plain_store(void)
{
	long r = shstk_map(0, PAGE, 0);

	EXPECT_TRUE("mapped", r >= (long)SZ_4G);
	*(volatile uint64_t *)r = 1;
	return SURVIVED;
}

/*
 * Kernel-placed shadow stacks, and normal mappings made after them, leave
 * at least one free page right below every shadow-stack area.
 */
static int body_map_guard_gap(void)
{
	int n;

	for (int i = 0; i < 4; i++)
		EXPECT_TRUE("map_shadow_stack", shstk_map(0, PAGE, 0) >= (long)SZ_4G);
	for (int i = 0; i < 4; i++)
		EXPECT_TRUE("mmap", mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
					 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) != MAP_FAILED);
	n = read_maps();
	EXPECT_TRUE("maps", n > 0);
	for (int i = 1; i < n; i++) {
		const struct area *below = maps_area(i - 1), *a = maps_area(i);

		if (!a->ss)
			continue;
		if (below->end + PAGE > a->start) {
			note("area %#lx-%#lx %s '%s' right below shadow-stack area %#lx-%#lx",
			     below->start, below->end, below->perms, below->name, a->start, a->end);
			return 2;
		}
	}
	EXPECT("shadow-stack areas", count_ss_areas(), 4);
	return 0;
}

/*
 * Pivot (test_shstk_pivot): RSTORSSP onto a map_shadow_stack token, calls on
 * the new stack, and back through the restore token SAVEPREVSSP left.
 */
static int body_pivot(void)
{
	unsigned long size = 2 * PAGE, r, token, old, ssp_new, ssp_back;
	uint64_t prev_token, saved_token;
	long sum;

	r = (unsigned long)shstk_map(0, size, SHADOW_STACK_SET_TOKEN);
	EXPECT_TRUE("mapped", r >= SZ_4G && r < (1UL << 47));
	token = r + size - 8;
	old = cet_rdssp();
	cet_rstorssp(token);
	prev_token = *(volatile uint64_t *)token;
	cet_saveprevssp();
	ssp_new = cet_rdssp();
	sum = deep(100);
	saved_token = *(volatile uint64_t *)(old - 8);
	cet_rstorssp(old - 8);
	cet_saveprevssp();
	ssp_back = cet_rdssp();

	EXPECT("previous-SSP token left by RSTORSSP", prev_token, old | 3);
	EXPECT("SSP on the new stack after SAVEPREVSSP", ssp_new, r + size);
	EXPECT("calls on the new stack", sum, 100 * 101 / 2);
	EXPECT_TRUE("the calls ran on the new stack",
		    depth_ssp[100] == r + size - 8 && depth_ssp[0] == r + size - 8 * 101);
	EXPECT("restore token SAVEPREVSSP wrote below the old SSP", saved_token, old | 1);
	EXPECT("SSP back on the old stack", ssp_back, old);
	EXPECT("the new stack's restore token is back", *(volatile uint64_t *)token,
	       (r + size) | 1);
	return 0;
}

/* --- functional cases (live) ----------------------------------------------------------- */

/* Each call level moves SSP down by exactly one 8-byte entry. */
static int body_ssp_moves(void)
{
	unsigned long here = cet_rdssp();

	EXPECT("recursion", deep(50), 50 * 51 / 2);
	EXPECT("first level", depth_ssp[50], here - 8);
	for (int i = 50; i > 0; i--)
		EXPECT("SSP step per call", depth_ssp[i] - depth_ssp[i - 1], 8);
	EXPECT("SSP back after the calls", cet_rdssp(), here);
	return 0;
}

/* A call pushes one entry; INCSSP 1 pops it without a `ret`. */
static int body_incssp(void)
{
	unsigned long a = 0, b = 0, c = 0;

	/*
	 * Not "call 1f; 1:": a CALL with displacement 0 (the get-IP idiom)
	 * pushes nothing on the shadow stack (Intel SDM vol. 2, CALL: the
	 * zero-displacement exception; Bochs models it).
	 */
	__asm__ volatile("sub $128, %%rsp\n\t" /* keep the red zone */
			 "rdsspq %0\n\t"
			 "call 1f\n\t"
			 "ud2\n"
			 "1:\n\t"
			 "rdsspq %1\n\t"
			 "add $8, %%rsp\n\t"
			 "mov $1, %%ecx\n\t"
			 "incsspq %%rcx\n\t"
			 "rdsspq %2\n\t"
			 "add $128, %%rsp"
			 : "+r"(a), "+r"(b), "+r"(c)
			 :
			 : "rcx", "memory");
	EXPECT("SSP after the call", b, a - 8);
	EXPECT("SSP after INCSSP 1", c, a);
	return 0;
}

/* The shadow stack holds exactly this function's return address; WRSS over
 * it makes the `ret` raise #CP. */
static __attribute__((noinline)) int shadow_tamper(void)
{
	unsigned long ssp = cet_rdssp();

	if (*(volatile uint64_t *)ssp != (uint64_t)__builtin_return_address(0)) {
		note("shadow entry %#lx, return address %p", (unsigned long)*(uint64_t *)ssp,
		     __builtin_return_address(0));
		return 3;
	}
	cet_wrss(ssp, (unsigned long)landing);
	return 0;
}

static int body_shstk_violation(void)
{
	int r = shadow_tamper();

	return r ? r : SURVIVED;
}

/* --- WRSS cases (live) ----------------------------------------------------------------- */

static int body_wrss_sigill(void)
{
	long r = shstk_map(0, PAGE, 0);

	EXPECT_TRUE("mapped", r >= (long)SZ_4G);
	cet_wrss((unsigned long)r, 1);
	return SURVIVED;
}

static int body_wrss_writes(void)
{
	long r = shstk_map(0, 2 * PAGE, 0);
	volatile uint64_t *w = (volatile uint64_t *)r;

	EXPECT_TRUE("mapped", r >= (long)SZ_4G);
	cet_wrss((unsigned long)r + 8, 0x1122334455667788UL);
	cet_wrss((unsigned long)r + PAGE + 16, 0x8877665544332211UL); /* an untouched page */
	EXPECT("word 1", w[1], 0x1122334455667788UL);
	EXPECT("word 514", w[PAGE / 8 + 2], 0x8877665544332211UL);
	EXPECT("word 0", w[0], 0);
	EXPECT("word 513", w[PAGE / 8 + 1], 0);
	return 0;
}

static int body_wrss_normal_memory(void)
{
	void *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT_TRUE("mmap", p != MAP_FAILED);
	*(volatile uint64_t *)p = 5; /* present and writable */
	cet_wrss((unsigned long)p, 1);
	return SURVIVED;
}

/* --- clone3 with shadow stacks (live) ---------------------------------------------------- */

/*
 * The seed checks only the pointer's alignment (docs/ABI.md §4.6), so pointer +
 * an odd size is accepted and gives an SSP that is not 8-byte aligned --
 * one IA32_PL3_SSP refuses (bits 1:0 set) or that cannot hold 8-byte
 * entries (bit 2 set). The kernel never writes it: the child dies by
 * SIGSEGV before its first instruction; clone3 itself succeeds. 0 or a code.
 */
static int clone3_child_killed(uint64_t ss, uint64_t ss_size)
{
	struct clone_args a;
	int st = 0;
	long r;

	memset(&a, 0, sizeof(a));
	a.exit_signal = SIGCHLD;
	a.shadow_stack = ss;
	a.shadow_stack_size = ss_size;
	r = syscall_clone3_exit0(&a, CLONE_ARGS_SIZE_VER3);
	EXPECT_TRUE("clone3 returned a pid", r > 0);
	EXPECT("wait4", wait4((pid_t)r, &st, 0, NULL), r);
	EXPECT("child killed by SIGSEGV", WIFSIGNALED(st) ? WTERMSIG(st) : 1000 + WEXITSTATUS(st),
	       SIGSEGV);
	return 0;
}

static int body_clone3_shstk_odd_size(void)
{
	long r = shstk_map(0, PAGE, 0);

	EXPECT_TRUE("mapped", r >= (long)SZ_4G);
	if (clone3_child_killed((uint64_t)r, PAGE - 4)) /* SSP = 4 mod 8 */
		return 1;
	if (clone3_child_killed((uint64_t)r, PAGE - 7)) /* SSP bits 1:0 set */
		return 2;
	EXPECT("an aligned size still works", shstk_clone3_exit0(0, (uint64_t)r, PAGE - 8), 0);
	return 0;
}

/* --- threads (live) ------------------------------------------------------------------- */

static int live_ss_areas; /* shadow-stack areas while the last probe thread ran */

struct probe {
	volatile unsigned long ssp;
	volatile int ready, release;
};

static int probe_fn(void *p)
{
	struct probe *pr = p;

	pr->ssp = cet_rdssp();
	__atomic_store_n(&pr->ready, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&pr->release, __ATOMIC_ACQUIRE))
		sched_yield();
	return 7;
}

/*
 * Starts a thread with attr, checks while it runs that its SSP lies in a
 * shadow-stack area of exactly want bytes that is not the creator's, joins it and,
 * when implicit, checks that the area is gone. 0 or a failure code.
 */
static int thread_shstk(const struct thread_attr *attr, unsigned long want, bool implicit,
			unsigned long *ssp_out)
{
	static struct thread t;
	struct probe pr = { 0, 0, 0 };
	unsigned long mine = cet_rdssp();
	const struct area *a;
	int res = -1, bad = 0;

	EXPECT("thread_create", thread_create(&t, probe_fn, &pr, attr), 0);
	while (!__atomic_load_n(&pr.ready, __ATOMIC_ACQUIRE))
		sched_yield();
	note("thread SSP %#lx", pr.ssp);
	live_ss_areas = count_ss_areas();
	a = find_area(pr.ssp);
	if (a && a->start <= mine && mine < a->end) {
		note("the thread runs on its creator's shadow stack");
		bad = 2;
	} else if (!expect_ss_area(pr.ssp, 0, want)) {
		bad = 3;
	} else if ((a = find_area(pr.ssp)) == NULL || a->end - pr.ssp > 64) {
		note("thread SSP %#lx is more than 8 entries below the top", pr.ssp);
		bad = 4;
	}
	__atomic_store_n(&pr.release, 1, __ATOMIC_RELEASE);
	thread_join(&t, &res);
	EXPECT("thread result", res, 7);
	if (bad)
		return bad;
	if (implicit)
		EXPECT_TRUE("the thread's shadow stack is unmapped after the join",
			    find_area(pr.ssp) == NULL);
	if (ssp_out)
		*ssp_out = pr.ssp;
	return 0;
}

/* thread_create without attr: the library passes stack_size THREAD_DEFAULT_STACK. */
static int body_thread_default(void)
{
	return thread_shstk(NULL, PAGE_ALIGN(THREAD_DEFAULT_STACK), true, NULL);
}

static int thread_of_size(unsigned long stack_size)
{
	struct thread_attr attr = { .stack_size = stack_size };

	return thread_shstk(&attr, shstk_size_rule(stack_size), true, NULL);
}

static int body_thread_1(void)
{
	return thread_of_size(1);
}
static int body_thread_4096(void)
{
	return thread_of_size(4096);
}
static int body_thread_64k(void)
{
	return thread_of_size(65536);
}
static int body_thread_8m(void)
{
	return thread_of_size(8 * SZ_1M);
}

/* Legacy clone: the kernel sees stack_size 0, so the RLIMIT_STACK rule applies. */
static int thread_rlimit(unsigned long rlim)
{
	struct thread_attr attr = { .flags = THREAD_ATTR_LEGACY_CLONE };
	struct rlimit rl;

	if (rlim) {
		EXPECT("getrlimit", getrlimit(RLIMIT_STACK, &rl), 0);
		rl.rlim_cur = rlim;
		EXPECT("setrlimit(RLIMIT_STACK)", setrlimit(RLIMIT_STACK, &rl), 0);
		EXPECT("RLIMIT_STACK", rlimit_stack(), rlim);
	}
	note("RLIMIT_STACK %#lx: want a shadow stack of %#lx", rlimit_stack(), shstk_size_rule(0));
	return thread_shstk(&attr, shstk_size_rule(0), true, NULL);
}

static int body_thread_0(void)
{
	return thread_rlimit(0);
}
static int body_rlimit_1m(void)
{
	return thread_rlimit(SZ_1M);
}
static int body_rlimit_16m(void)
{
	return thread_rlimit(16 * SZ_1M);
}
static int body_rlimit_unaligned(void)
{
	return thread_rlimit(SZ_1M + 1);
}
static int body_rlimit_infinity(void)
{
	return thread_rlimit(RLIM_INFINITY);
}

static unsigned long explicit_ss;

/* A shadow stack passed through thread_attr: the thread runs on it, no new area. */
static int body_explicit_used(void)
{
	struct thread_attr attr;
	unsigned long ssp = 0;
	int before, r;

	explicit_ss = (unsigned long)shstk_map(0, 4 * PAGE, 0);
	EXPECT_TRUE("mapped", explicit_ss >= SZ_4G);
	before = count_ss_areas();
	memset(&attr, 0, sizeof(attr));
	attr.shadow_stack = explicit_ss;
	attr.shadow_stack_size = 4 * PAGE;
	r = thread_shstk(&attr, 4 * PAGE, false, &ssp);
	if (r)
		return r;
	EXPECT_TRUE("the thread's SSP is inside the given shadow stack",
		    ssp >= explicit_ss && ssp < explicit_ss + 4 * PAGE);
	EXPECT("shadow-stack areas while the thread ran (no implicit one was made)", live_ss_areas,
	       before);
	return 0;
}

/* ... and the kernel never frees it: still mapped after the join. */
static int body_explicit_survives(void)
{
	int r = body_explicit_used();

	if (r)
		return r;
	return expect_ss_area(explicit_ss, explicit_ss, 4 * PAGE) ? 0 : 1;
}

static volatile unsigned long vfork_child_ssp;

/* vfork shares the parent's shadow stack and SSP (an inline vfork: one frame). */
static int body_vfork_shares(void)
{
	unsigned long before = 0, after;
	long pid;
	int st;

	fflush_stdout();
	__asm__ volatile(
		"rdsspq %[before]\n\t"
		"mov %[nr], %%eax\n\t"
		"syscall\n\t"
		"test %%rax, %%rax\n\t"
		"jnz 1f\n\t"
		"xor %%edx, %%edx\n\t" /* child */
		"rdsspq %%rdx\n\t"
		"mov %%rdx, (%[slot])\n\t"
		"xor %%edi, %%edi\n\t"
		"mov %[exit], %%eax\n\t"
		"syscall\n\t"
		"ud2\n"
		"1:"
		: "=&a"(pid), [before] "+r"(before)
		: [slot] "r"(&vfork_child_ssp), [nr] "i"(__NR_vfork), [exit] "i"(__NR_exit_group)
		: "rcx", "r11", "rdx", "rdi", "memory");
	after = cet_rdssp();
	EXPECT_TRUE("vfork", pid > 0);
	EXPECT("wait4", wait4((pid_t)pid, &st, 0, NULL), pid);
	EXPECT("child's wait status", st, 0);
	EXPECT_TRUE("SSP non-zero", before != 0);
	EXPECT("child's SSP", vfork_child_ssp, before);
	EXPECT("parent's SSP after vfork", after, before);
	return 0;
}

/* --- the case table (the cases both architectures share: user/lib/shstk_cases.c) --- */

#define S ARCH_SHSTK_SHSTK
#define SW (ARCH_SHSTK_SHSTK | ARCH_SHSTK_WRSS)

static const struct shstk_case cases[] = {
	{ "status_reports_disabled_at_start", ANY, case_status_start, 0, 0, 0,
	  "STATUS writes 0 before any enable" },
	{ "enable_two_bits_einval", ANY, body_two_bits, 0, 0, 0,
	  "ENABLE/DISABLE of SHSTK|WRSS is EINVAL" },
	{ "enable_unknown_bit_einval", ANY, body_unknown_bit, 0, 0, 0,
	  "ENABLE of bit 3, bit 63 or 0 is EINVAL" },
	{ "disable_zero_einval", ANY, body_disable_zero, 0, 0, 0,
	  "DISABLE of 0 or bit 3 is EINVAL" },
	{ "lock_prevents_enable_of_locked_bit", ANY, body_lock_enable, 0, 0, 0,
	  "after LOCK(SHSTK), ENABLE(SHSTK) is EPERM" },
	{ "lock_prevents_disable", ANY, body_lock_disable, S, 0, 0,
	  "after LOCK(SHSTK), DISABLE(SHSTK) is EPERM (the lock check precedes the CPU check)" },
	{ "lock_accepts_any_bits", ANY, body_lock_any, 0, 0, 0,
	  "LOCK(~0) returns 0 and locks every bit (EPERM)" },
	{ "unlock_on_self_einval", ANY, body_unlock_self, 0, 0, 0,
	  "UNLOCK(0) on the calling thread is EINVAL" },
	{ "status_bad_pointer_efault", ANY, body_status_efault, 0, 0, 0,
	  "STATUS to NULL, an unmapped page, a kernel address or a straddling word is EFAULT" },
	{ "enable_unsupported_eopnotsupp", UNSUPPORTED, body_enable_unsupported, 0, 0, 0,
	  "without CET, ENABLE(SHSTK) is EOPNOTSUPP and STATUS stays 0" },
	{ "disable_unsupported_eopnotsupp", UNSUPPORTED, body_disable_unsupported, 0, 0, 0,
	  "without CET, DISABLE(SHSTK) and DISABLE(WRSS) are EOPNOTSUPP" },
	{ "wrss_unsupported_eopnotsupp", UNSUPPORTED, body_wrss_unsupported, 0, 0, 0,
	  "without CET, ENABLE(WRSS) is EOPNOTSUPP (not EPERM)" },
	{ "enable_sets_status", LIVE, body_enable_sets_status, S, 0, 0,
	  "ENABLE: STATUS 1, SSP at the top of a fresh shadow-stack area of the RLIMIT_STACK "
	  "size" },
	{ "enable_twice_is_ok", LIVE, body_enable_twice, S, 0, 0,
	  "a second ENABLE returns 0 and keeps SSP and the one shadow-stack area" },
	{ "wrss_without_shstk_eperm", LIVE, body_wrss_without_shstk, 0, 0, 0,
	  "ENABLE(WRSS)/DISABLE(WRSS) without SHSTK are EPERM" },
	{ "enable_wrss_sets_status", LIVE, body_enable_wrss, SW, 0, 0,
	  "SHSTK then WRSS gives STATUS 3; WRSS toggles alone" },
	{ "disable_frees_shadow_stack", LIVE, body_disable_frees, 0, 0, 0,
	  "DISABLE unmaps the stack: gone from maps, free pages exactly back" },
	{ "map_shadow_stack_set_marker_einval", LIVE, body_map_set_marker, 0, 0, 0,
	  "flags SET_MARKER (2) and 3 are EINVAL on x86" },
	{ "map_shadow_stack_token_size_enospc", LIVE, body_map_token_enospc, 0, 0, 0,
	  "SET_TOKEN with size 4, 0 or 7 is ENOSPC" },
	{ "map_shadow_stack_addr_low_erange", LIVE, body_map_erange_low, 0, 0, 0,
	  "addr 0x10000 is ERANGE" },
	{ "map_shadow_stack_addr_4g_minus_page_erange", LIVE, body_map_erange_4g, 0, 0, 0,
	  "addr 4 GiB - 4096 is ERANGE, even when the range ends above 4 GiB" },
	{ "map_shadow_stack_check_order", LIVE, body_map_order, 0, 0, 0,
	  "flags, then token size, then range, then overflow" },
	{ "map_shadow_stack_occupied_eexist", LIVE, body_map_eexist, 0, 0, 0,
	  "a fixed addr overlapping a mapping is EEXIST" },
	{ "map_shadow_stack_size_0_einval", LIVE, body_map_size0, 0, 0, 0,
	  "size 0 without SET_TOKEN is EINVAL, with or without addr" },
	{ "map_shadow_stack_token_unaligned_end_einval", LIVE, body_map_token_unaligned_end, 0, 0,
	  0, "SET_TOKEN with addr + size not 8-aligned is EINVAL and leaves nothing mapped" },
	{ "map_shadow_stack_past_task_size_enomem", LIVE, body_map_enomem, 0, 0, 0,
	  "a fixed addr past the user address space is ENOMEM" },
	{ "map_shadow_stack_placement", LIVE, body_map_placement, 0, 0, 0,
	  "kernel-placed: >= 4 GiB, page-aligned, shadow-stack area of PAGE_ALIGN(size)" },
	{ "map_shadow_stack_token", LIVE, body_map_token, 0, 0, 0,
	  "SET_TOKEN writes only (addr + size) | 1 at addr + size - 8 (unrounded size)" },
	{ "map_shadow_stack_no_token", LIVE, body_map_no_token, 0, 0, 0,
	  "without SET_TOKEN the mapping reads all zeroes" },
	{ "map_shadow_stack_plain_store_sigsegv", LIVE, body_map_plain_store, 0, SIGSEGV, 0,
	  "a plain store into a shadow stack kills with SIGSEGV" },
	{ "map_shadow_stack_guard_gap", LIVE, body_map_guard_gap, 0, 0, 0,
	  "a free page stays below every kernel-placed shadow-stack area" },
	{ "shstk_pivot", LIVE, body_pivot, S, 0, 0,
	  "RSTORSSP onto the token and SAVEPREVSSP switch stacks and back, tokens exact" },
	{ "after_enable_deep_calls_return", LIVE, shstk_case_deep_calls, S, 0, 0,
	  "1000 nested calls return the sum 500500 with shadow stacks on" },
	{ "ssp_moves_with_calls", LIVE, body_ssp_moves, S, 0, 0,
	  "each call level moves SSP down by exactly 8" },
	{ "incssp_pops", LIVE, body_incssp, S, 0, 0, "call pushes 8 bytes; INCSSP 1 pops them" },
	{ "shstk_violation", LIVE, body_shstk_violation, SW, SIGSEGV, 0,
	  "the shadow entry is the return address; WRSS over it: #CP, SIGSEGV" },
	{ "wrss_without_enable_sigill", LIVE, body_wrss_sigill, S, SIGILL, 0,
	  "WRSS with SHSTK on but WRSS off is #UD: SIGILL" },
	{ "wrss_with_enable_writes", LIVE, body_wrss_writes, SW, 0, 0,
	  "WRSS stores read back with plain loads, also on an untouched page" },
	{ "wrss_to_normal_memory_sigsegv", LIVE, body_wrss_normal_memory, SW, SIGSEGV, 0,
	  "WRSS to ordinary memory kills with SIGSEGV" },
	{ "clone3_shadow_stack_odd_size_child_sigsegv", LIVE, body_clone3_shstk_odd_size, S, 0, 0,
	  "clone3 shadow_stack + a size that is not a multiple of 8: the child dies by SIGSEGV" },
	{ "implicit_thread_shstk_size_default", LIVE, body_thread_default, S, 0, 0,
	  "thread_create(NULL attr) passes stack_size 65536: a 64 KiB shadow-stack area, freed at "
	  "join" },
	{ "implicit_thread_shstk_size_0", LIVE, body_thread_0, S, 0, 0,
	  "legacy clone (stack_size 0): shadow-stack area of RLIMIT_STACK (8 MiB)" },
	{ "implicit_thread_shstk_size_1", LIVE, body_thread_1, S, 0, 0,
	  "stack_size 1: a 4096-byte shadow-stack area" },
	{ "implicit_thread_shstk_size_4096", LIVE, body_thread_4096, S, 0, 0,
	  "stack_size 4096: a 4096-byte shadow-stack area" },
	{ "implicit_thread_shstk_size_64k", LIVE, body_thread_64k, S, 0, 0,
	  "stack_size 65536: a 64 KiB shadow-stack area" },
	{ "implicit_thread_shstk_size_8m", LIVE, body_thread_8m, S, 0, 0,
	  "stack_size 8 MiB: an 8 MiB shadow-stack area" },
	{ "implicit_thread_shstk_rlimit_1m", LIVE, body_rlimit_1m, S, 0, 0,
	  "RLIMIT_STACK 1 MiB, stack_size 0: a 1 MiB shadow-stack area" },
	{ "implicit_thread_shstk_rlimit_16m", LIVE, body_rlimit_16m, S, 0, 0,
	  "RLIMIT_STACK 16 MiB, stack_size 0: a 16 MiB shadow-stack area" },
	{ "implicit_thread_shstk_rlimit_unaligned", LIVE, body_rlimit_unaligned, S, 0, 0,
	  "RLIMIT_STACK 1 MiB + 1, stack_size 0: a 1 MiB + 4096 shadow-stack area" },
	{ "implicit_thread_shstk_rlimit_infinity", LIVE, body_rlimit_infinity, S, 0, 0,
	  "RLIMIT_STACK infinity, stack_size 0: capped at 4 GiB" },
	{ "explicit_thread_shstk_used", LIVE, body_explicit_used, S, 0, 0,
	  "a thread given a map_shadow_stack area runs on it; no other shadow-stack area appears" },
	{ "explicit_shstk_survives_thread_exit", LIVE, body_explicit_survives, S, 0, 0,
	  "that area is still mapped after the join" },
	{ "fork_child_keeps_shadow_stack", LIVE, shstk_case_fork, S, 0, 0,
	  "a fork child has the same SSP, STATUS 1 and working calls" },
	{ "vfork_child_shares_shadow_stack", LIVE, body_vfork_shares, S, 0, 0,
	  "a vfork child's SSP equals the parent's" },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

int main(int argc, char **argv)
{
	long r = shstk_map(0, PAGE, 0);
	bool supported = r >= 0 || r < -4095;

	if (supported)
		munmap((void *)r, PAGE);
	shstk_cases_start(argc, argv, supported, NCASES);
	ktap_print_msg("map_shadow_stack(0, 4096, 0) says %#lx: shadow stacks %ssupported", r,
		       supported ? "" : "not ");
	for (size_t i = 0; i < NCASES; i++)
		shstk_case_run(&cases[i]);
	shstk_cases_run_shared();
	exit(ktap_finish());
}

// SPDX-License-Identifier: MIT
/*
 * /bin/mm: mmap, munmap, mprotect and brk, their errno cases as Linux gives
 * them, and what the mappings do.
 *
 * Proves: bad arguments fail with Linux's exact errno (EINVAL, EEXIST,
 * ENOMEM) and harmless ones succeed (munmap of nothing); a free hint is
 * honoured; MAP_FIXED replaces; munmap of a middle page splits a mapping
 * (the middle faults, the ends still work); PROT_READ pages refuse writes;
 * new anonymous memory reads as zero; brk grows and shrinks. Faults are
 * provoked in a child, which must die of SIGSEGV.
 */
#include "test.h"
#include <errno.h>
#include <ktap.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define NTESTS 20
#define ANON (MAP_PRIVATE | MAP_ANONYMOUS)
#define RW (PROT_READ | PROT_WRITE)

static size_t page;

static char *map(void *hint, size_t len, int flags)
{
	return mmap(hint, len, RW, flags, -1, 0);
}

/* Runs touch(p) in a child; true if the child dies of SIGSEGV. */
static bool child_segfaults(void (*touch)(volatile char *), volatile char *p)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		touch(p);
		_exit(0);
	}
	if (pid < 0 || wait4(pid, &status, 0, NULL) != pid)
		return false;
	if (!WIFSIGNALED(status))
		ktap_print_msg("child was not killed (status %#x)", status);
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV;
}

static void touch_read(volatile char *p)
{
	(void)*p;
}

static void touch_write(volatile char *p)
{
	*p = 1;
}

static void test_errnos(void)
{
	char *m = map(NULL, 2 * page, ANON), *gone;

	errno = 0;
	ktap_ok(mmap_fails_with(mmap(NULL, 0, RW, ANON, -1, 0), EINVAL), "mmap_len_0_einval");
	errno = 0;
	ktap_ok(mmap_fails_with(mmap(m + 1, page, RW, ANON | MAP_FIXED, -1, 0), EINVAL),
		"mmap_fixed_unaligned_einval");
	errno = 0;
	ktap_ok(mmap_fails_with(mmap(NULL, page, RW, MAP_ANONYMOUS, -1, 0), EINVAL),
		"mmap_neither_private_nor_shared_einval");
	errno = 0;
	ktap_ok(mmap_fails_with(mmap(m, page, RW, ANON | MAP_FIXED_NOREPLACE, -1, 0), EEXIST),
		"mmap_fixed_noreplace_over_mapping_eexist");
	errno = 0;
	ktap_ok(fails_with(munmap(m + 1, page), EINVAL), "munmap_unaligned_einval");
	errno = 0;
	ktap_ok(fails_with(munmap(m, 0), EINVAL), "munmap_len_0_einval");
	errno = 0;
	ktap_ok(fails_with(mprotect(m + 1, page, PROT_READ), EINVAL), "mprotect_unaligned_einval");
	errno = 0;
	ktap_ok(fails_with(mprotect(m, page, PROT_READ | 0x40), EINVAL),
		"mprotect_unknown_bits_einval");

	gone = map(NULL, page, ANON);
	munmap(gone, page);
	ktap_ok(munmap(gone, page) == 0, "munmap_unmapped_range_ok");
	errno = 0;
	ktap_ok(fails_with(mprotect(gone, page, PROT_READ), ENOMEM),
		"mprotect_unmapped_range_enomem");
	munmap(m, 2 * page);
}

static void test_placement(void)
{
	char *free_spot = map(NULL, 4 * page, ANON), *got, *m;

	/* Remember a free range, then ask for it by hint (no MAP_FIXED). */
	munmap(free_spot, 4 * page);
	got = map(free_spot + page, page, ANON);
	ktap_ok(got == free_spot + page, "mmap_hint_respected_when_free");
	munmap(got, page);

	m = map(NULL, 2 * page, ANON);
	memset(m, 0x5a, 2 * page);
	got = map(m, page, ANON | MAP_FIXED);
	ktap_ok(got == m && m[0] == 0 && m[page - 1] == 0 && m[page] == 0x5a,
		"mmap_fixed_replaces_mapping");
	munmap(m, 2 * page);
}

static void test_split_and_protect(void)
{
	char *m = map(NULL, 3 * page, ANON);

	memset(m, 0x11, 3 * page);
	ktap_ok(munmap(m + page, page) == 0, "munmap_middle_page");
	m[0] = 1;
	m[2 * page + page - 1] = 2;
	ktap_ok(m[0] == 1 && m[1] == 0x11 && m[3 * page - 1] == 2 && m[2 * page] == 0x11,
		"munmap_middle_both_ends_usable");
	ktap_ok(child_segfaults(touch_read, m + page), "munmap_middle_faults_sigsegv");
	munmap(m, 3 * page);

	m = map(NULL, page, ANON);
	m[0] = 3;
	ktap_ok(mprotect(m, page, PROT_READ) == 0 && m[0] == 3 && child_segfaults(touch_write, m),
		"mprotect_read_only_write_sigsegv");
	munmap(m, page);
}

static void test_zero_and_brk(void)
{
	size_t len = 16 * page;
	char *m = map(NULL, len, ANON), *cur, *grown, *back;
	bool zero = m != MAP_FAILED;

	for (size_t i = 0; zero && i < len; i++)
		zero = m[i] == 0;
	ktap_ok(zero, "demand_paged_memory_reads_zero");
	munmap(m, len);

	cur = sys_brk(0);
	grown = sys_brk(cur + 2 * page);
	ktap_ok(cur != NULL && grown == cur + 2 * page && sys_brk(0) == grown, "brk_grows");
	if (grown == cur + 2 * page) {
		memset(cur, 0x77, 2 * page);
		ktap_ok(cur[0] == 0x77 && cur[2 * page - 1] == 0x77, "brk_grown_memory_writable");
	} else {
		ktap_ok(false, "brk_grown_memory_writable");
	}
	back = sys_brk(cur);
	ktap_ok(back == cur && sys_brk(0) == cur, "brk_shrinks_back");
}

int main(void)
{
	struct rlimit no_core = { 0, 0 };

	page = (size_t)getpagesize();
	setrlimit(RLIMIT_CORE, &no_core); /* expected SIGSEGVs leave no core files */
	ktap_header();
	ktap_plan(NTESTS);
	test_errnos();
	test_placement();
	test_split_and_protect();
	test_zero_and_brk();
	return ktap_finish();
}

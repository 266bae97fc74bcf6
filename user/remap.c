// SPDX-License-Identifier: MIT
/*
 * /bin/remap: mremap() against Linux's mm/mremap.c.
 *
 * Proves: the argument checks (EINVAL for unknown flags, an unaligned
 * address, a zero new size, FIXED without MAYMOVE, DONTUNMAP resizing, an
 * unaligned or overlapping destination; EFAULT with no area, or a source
 * running past its area); a shrink unmaps the tail in place; a growth
 * stays in place when the gap above is free, fails ENOMEM without MAYMOVE
 * when it is not, and moves with MAYMOVE, the bytes going along; FIXED
 * replaces what was at the destination; DONTUNMAP leaves the source mapped
 * and empty; a moved shared area is still shared with a forked child; a
 * moved private page a fork shares stays copy-on-write; old_len 0
 * duplicates a shared area and is EINVAL for a private one; and moving
 * pages around leaves the free page count exactly where it was.
 */
#include "test.h"
#include <errno.h>
#include <ktap.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define RW (PROT_READ | PROT_WRITE)
#define ANON (MAP_PRIVATE | MAP_ANONYMOUS)

static char *map(size_t pages, int flags)
{
	void *p = mmap(NULL, pages * PAGE, RW, flags, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* Fills page i of p with byte i + seed. */
static void fill(char *p, size_t pages, int seed)
{
	for (size_t i = 0; i < pages; i++)
		memset(p + i * PAGE, (int)i + seed, PAGE);
}

static bool holds(const char *p, size_t pages, int seed)
{
	for (size_t i = 0; i < pages; i++) {
		if (p[i * PAGE] != (char)(i + seed) || p[i * PAGE + PAGE - 1] != (char)(i + seed))
			return false;
	}
	return true;
}

static bool mapped(const void *p)
{
	return find_area((unsigned long)p) != NULL;
}

static int argument_checks(void)
{
	char *p = map(2, ANON);

	EXPECT_TRUE("map", p != NULL);
	EXPECT_TRUE("flags", mmap_fails_with(mremap(p, PAGE, PAGE, 8), EINVAL));
	EXPECT_TRUE("unaligned", mmap_fails_with(mremap(p + 1, PAGE, PAGE, 0), EINVAL));
	EXPECT_TRUE("new_len 0", mmap_fails_with(mremap(p, PAGE, 0, 0), EINVAL));
	EXPECT_TRUE("FIXED alone",
		    mmap_fails_with(mremap(p, PAGE, PAGE, MREMAP_FIXED, p + 64 * PAGE), EINVAL));
	EXPECT_TRUE("DONTUNMAP resizing",
		    mmap_fails_with(mremap(p, PAGE, 2 * PAGE, MREMAP_MAYMOVE | MREMAP_DONTUNMAP,
					   p + 64 * PAGE),
				    EINVAL));
	EXPECT_TRUE("unaligned new_addr",
		    mmap_fails_with(mremap(p, PAGE, PAGE, MREMAP_MAYMOVE | MREMAP_FIXED, p + 1),
				    EINVAL));
	EXPECT_TRUE("overlap", mmap_fails_with(mremap(p, 2 * PAGE, 2 * PAGE,
						      MREMAP_MAYMOVE | MREMAP_FIXED, p + PAGE),
					       EINVAL));
	EXPECT_TRUE("no area", mmap_fails_with(mremap((void *)0x10000, PAGE, PAGE, 0), EFAULT));
	EXPECT_TRUE("past the area",
		    mmap_fails_with(mremap(p, 3 * PAGE, 4 * PAGE, MREMAP_MAYMOVE), EFAULT));
	EXPECT_TRUE("duplicate a private area",
		    mmap_fails_with(mremap(p, 0, PAGE, MREMAP_MAYMOVE), EINVAL));
	EXPECT("same size", (unsigned long)mremap(p, 2 * PAGE, 2 * PAGE, 0), (unsigned long)p);
	munmap(p, 2 * PAGE);
	return 0;
}

static int shrink_and_grow_in_place(void)
{
	char *p = map(4, ANON);

	EXPECT_TRUE("map", p != NULL);
	fill(p, 4, 1);
	EXPECT("shrink", (unsigned long)mremap(p, 4 * PAGE, 2 * PAGE, 0), (unsigned long)p);
	EXPECT_TRUE("tail gone", !mapped(p + 2 * PAGE) && mapped(p + PAGE));
	EXPECT("grow back in place", (unsigned long)mremap(p, 2 * PAGE, 3 * PAGE, 0),
	       (unsigned long)p);
	EXPECT_TRUE("bytes kept", holds(p, 2, 1));
	EXPECT("new page is zero", p[2 * PAGE], 0);
	EXPECT("one area", find_area((unsigned long)p)->end, (unsigned long)p + 3 * PAGE);
	munmap(p, 3 * PAGE);
	return 0;
}

static int grow_moves_only_with_maymove(void)
{
	char *p = map(3, ANON), *q;

	EXPECT_TRUE("map", p != NULL);
	EXPECT("hole", munmap(p + PAGE, PAGE), 0);
	EXPECT("a neighbour above",
	       (unsigned long)mmap(p + PAGE, PAGE, RW, ANON | MAP_FIXED, -1, 0),
	       (unsigned long)(p + PAGE));
	fill(p, 1, 7);
	EXPECT_TRUE("no MAYMOVE", mmap_fails_with(mremap(p, PAGE, 2 * PAGE, 0), ENOMEM));
	q = mremap(p, PAGE, 2 * PAGE, MREMAP_MAYMOVE);
	EXPECT_TRUE("moved", q != MAP_FAILED && q != p);
	EXPECT_TRUE("bytes moved", holds(q, 1, 7));
	EXPECT_TRUE("source gone", !mapped(p));
	EXPECT_TRUE("neighbour stays", mapped(p + PAGE));
	munmap(q, 2 * PAGE);
	munmap(p, 3 * PAGE);
	return 0;
}

static int fixed_replaces_destination(void)
{
	char *p = map(2, ANON), *d = map(4, ANON);

	EXPECT_TRUE("map", p && d);
	fill(p, 2, 3);
	fill(d, 4, 50);
	EXPECT("FIXED",
	       (unsigned long)mremap(p, 2 * PAGE, 2 * PAGE, MREMAP_MAYMOVE | MREMAP_FIXED,
				     d + PAGE),
	       (unsigned long)(d + PAGE));
	EXPECT_TRUE("moved bytes", holds(d + PAGE, 2, 3));
	EXPECT_TRUE("around it", d[0] == 50 && d[3 * PAGE] == 53);
	EXPECT_TRUE("source gone", !mapped(p));
	EXPECT("FIXED and shrink",
	       (unsigned long)mremap(d + PAGE, 2 * PAGE, PAGE, MREMAP_MAYMOVE | MREMAP_FIXED, p),
	       (unsigned long)p);
	EXPECT_TRUE("first page", holds(p, 1, 3));
	munmap(d, 4 * PAGE);
	munmap(p, PAGE);
	return 0;
}

static int dontunmap_keeps_empty_source(void)
{
	char *p = map(2, ANON), *q;

	EXPECT_TRUE("map", p != NULL);
	fill(p, 2, 9);
	q = mremap(p, 2 * PAGE, 2 * PAGE, MREMAP_MAYMOVE | MREMAP_DONTUNMAP, NULL);
	EXPECT_TRUE("moved", q != MAP_FAILED && q != p);
	EXPECT_TRUE("bytes moved", holds(q, 2, 9));
	EXPECT_TRUE("source still mapped", mapped(p));
	EXPECT("and empty", p[0] + p[PAGE], 0);
	munmap(p, 2 * PAGE);
	munmap(q, 2 * PAGE);
	return 0;
}

static bool parent_wrote_2(void *byte)
{
	return *(volatile char *)byte == 2;
}

static int shared_stays_shared(void)
{
	char *s = map(2, MAP_SHARED | MAP_ANONYMOUS), *q, *dup;
	int st;
	pid_t pid;

	EXPECT_TRUE("map", s != NULL);
	s[PAGE] = 1;
	pid = fork();
	if (pid == 0) {
		/* A poll that sleeps: on another CPU, yielding does not let the parent run. */
		wait_until(parent_wrote_2, s + PAGE, "the parent's write");
		s[0] = 3; /* through the child's old address */
		_exit(s[PAGE] == 2 ? 0 : 1);
	}
	q = mremap(s, 2 * PAGE, 2 * PAGE, MREMAP_MAYMOVE | MREMAP_DONTUNMAP, NULL);
	EXPECT_TRUE("moved", q != MAP_FAILED);
	q[PAGE] = 2;
	EXPECT("wait", wait4(pid, &st, 0, NULL), pid);
	EXPECT_TRUE("child saw it", status_is(st, 0, 0));
	EXPECT("and wrote back", q[0], 3);
	dup = mremap(q, 0, PAGE, MREMAP_MAYMOVE);
	EXPECT_TRUE("old_len 0 duplicates", dup != MAP_FAILED && dup != q);
	EXPECT("same page", dup[0], 3);
	EXPECT("maps says shared", strcmp(find_area((unsigned long)q)->perms, "rw-s"), 0);
	munmap(s, 2 * PAGE);
	munmap(q, 2 * PAGE);
	munmap(dup, PAGE);
	return 0;
}

static int private_cow_survives_move(void)
{
	char *p = map(1, ANON);
	int st;
	pid_t pid;

	EXPECT_TRUE("map", p != NULL);
	p[0] = 5;
	pid = fork();
	if (pid == 0) {
		char *q = mremap(p, PAGE, 2 * PAGE, MREMAP_MAYMOVE | MREMAP_FIXED,
				 (char *)((uintptr_t)p + 256 * PAGE));

		if (q == MAP_FAILED || q[0] != 5)
			_exit(1);
		q[0] = 6; /* copies the shared page: the parent keeps 5 */
		_exit(q[0] == 6 ? 0 : 2);
	}
	EXPECT("wait", wait4(pid, &st, 0, NULL), pid);
	EXPECT_TRUE("child", status_is(st, 0, 0));
	EXPECT("parent's page", p[0], 5);
	munmap(p, PAGE);
	return 0;
}

static int no_page_leak(void)
{
	unsigned long before = 0;

	for (int round = 0; round < 2; round++) {
		if (round == 1)
			before = free_pages();
		for (int i = 0; i < 10; i++) {
			char *p = map(8, ANON), *q;

			fill(p, 8, i);
			q = mremap(p, 8 * PAGE, 16 * PAGE, MREMAP_MAYMOVE);
			q = mremap(q, 16 * PAGE, 4 * PAGE, 0);
			p = mremap(q, 4 * PAGE, 4 * PAGE, MREMAP_MAYMOVE | MREMAP_DONTUNMAP, NULL);
			munmap(q, 4 * PAGE);
			munmap(p, 4 * PAGE);
		}
	}
	EXPECT("free pages", free_pages(), before);
	return 0;
}

static const struct test_case cases[] = {
	{ "mremap_einval_efault_cases", argument_checks },
	{ "mremap_shrink_and_grow_in_place", shrink_and_grow_in_place },
	{ "mremap_grow_enomem_or_moves_with_maymove", grow_moves_only_with_maymove },
	{ "mremap_fixed_replaces_destination", fixed_replaces_destination },
	{ "mremap_dontunmap_keeps_empty_source", dontunmap_keeps_empty_source },
	{ "mremap_shared_area_stays_shared", shared_stays_shared },
	{ "mremap_moved_private_page_stays_cow", private_cow_survives_move },
	{ "mremap_free_pages_exact", no_page_leak },
};

int main(void)
{
	return test_cases_run(cases, sizeof(cases) / sizeof(cases[0]), false);
}

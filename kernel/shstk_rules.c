// SPDX-License-Identifier: MIT
/*
 * The default sizes of a thread's shadow stack, one small pure function
 * per architecture, as Linux computes them (ABI.md §2.6 and §4.6). Used by
 * the arch hooks and unit-tested on the host (tests/unit/test_shstk_size.c).
 */
#include <kernel/shstk.h>

#define SHSTK_PAGE 4096ull

static u64 page_align(u64 n)
{
	return (n + SHSTK_PAGE - 1) & ~(SHSTK_PAGE - 1);
}

u64 shstk_size_x86(u64 stack_size, u64 rlimit_stack)
{
	if (stack_size)
		return page_align(stack_size);
	return page_align(MIN(rlimit_stack, SHSTK_X86_MAX_DEFAULT));
}

u64 shstk_size_gcs(u64 n, u64 rlimit_stack)
{
	if (n)
		return page_align(n);
	return MAX(SHSTK_PAGE, page_align(MIN(rlimit_stack / 2, SHSTK_GCS_MAX_DEFAULT)));
}

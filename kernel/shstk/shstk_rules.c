// SPDX-License-Identifier: MIT
/*
 * The shadow-stack rules that differ between architectures, one small pure
 * function each, as Linux and the seed series state them: default sizes
 * (docs/ABI.md §3.2), caller-provided clone3 stacks (docs/ABI.md §4.6, §5.6)
 * and map_shadow_stack()'s argument checks (docs/ABI.md §4.5, §5.5),
 * gathered per architecture in a struct shstk_rules that its arch/ picks;
 * the host unit tests (tests/unit/test_shstk_rules.c) check
 * them value by value.
 */
#include <kernel/shstk.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

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

u64 shstk_thread_size_gcs(u64 stack_size, u64 rlimit_stack)
{
	return shstk_size_gcs(stack_size / 2, rlimit_stack);
}

int shstk_clone_stack_check_x86(u64 base, u64 size)
{
	/* Seed RFC v1: only the base is checked for alignment. */
	if ((base & 7) || size < 8)
		return -EINVAL;
	return 0;
}

int shstk_clone_stack_check_gcs(u64 base, u64 size)
{
	/* Umbra's arm64 analogue: the top, base + size, must be a GCS slot too. */
	if ((base & 7) || size < 8 || (size & 7))
		return -EINVAL;
	return 0;
}

int shstk_map_check_x86(u64 addr, u64 size, unsigned int flags)
{
	if (flags & ~SHADOW_STACK_SET_TOKEN)
		return -EINVAL; /* SET_MARKER too: x86 has no end marker */
	if ((flags & SHADOW_STACK_SET_TOKEN) && size < 8)
		return -ENOSPC;
	if (addr && addr < SHSTK_X86_MIN_ADDR)
		return -ERANGE;
	return 0;
}

int shstk_map_check_gcs(u64 addr, u64 size, unsigned int flags)
{
	if (flags & ~(SHADOW_STACK_SET_TOKEN | SHADOW_STACK_SET_MARKER))
		return -EINVAL;
	if (addr & (SHSTK_PAGE - 1))
		return -EINVAL;
	if (size == 8 || (size & 7))
		return -EINVAL;
	return 0;
}

const struct shstk_rules shstk_rules_x86 = {
	.name = "CET shadow stack",
	.thread_size = shstk_size_x86,
	.clone_stack_check = shstk_clone_stack_check_x86,
	.map_check = shstk_map_check_x86,
	.min_addr = SHSTK_X86_MIN_ADDR, /* above 4 GiB, out of 32-bit code's reach */
};

const struct shstk_rules shstk_rules_gcs = {
	.name = "GCS",
	.thread_size = shstk_thread_size_gcs,
	.clone_stack_check = shstk_clone_stack_check_gcs,
	.map_check = shstk_map_check_gcs,
	.min_addr = 0,		     /* no lower bound on arm64 */
	.token_without_shstk = true, /* the series checks GCS on the system only */
};

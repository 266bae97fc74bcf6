// SPDX-License-Identifier: MIT
/*
 * The per-architecture shadow-stack rules (kernel/shstk/shstk_rules.c), value by
 * value: x86's adjust_shstk_size() and arm64's gcs_size() as docs/ABI.md §3.2
 * gives them (with its worked examples), the checks of a caller-provided
 * clone3 stack (docs/ABI.md §4.6, §5.6), and map_shadow_stack's argument
 * checks in Linux's order (docs/ABI.md §4.5, §5.5).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <kernel/shstk.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

#define KiB (1ull << 10)
#define MiB (1ull << 20)
#define GiB (1ull << 30)
#define INF (~0ull)

static void test_x86_explicit_sizes_page_aligned(void **state)
{
	(void)state;
	assert_int_equal(shstk_size_x86(1, 8 * MiB), 4096);
	assert_int_equal(shstk_size_x86(4095, 8 * MiB), 4096);
	assert_int_equal(shstk_size_x86(4096, 8 * MiB), 4096);
	assert_int_equal(shstk_size_x86(4097, 8 * MiB), 8192);
	assert_int_equal(shstk_size_x86(64 * KiB, 8 * MiB), 64 * KiB);
	assert_int_equal(shstk_size_x86(8 * MiB, 1 * MiB),
			 8 * MiB); /* the rlimit does not cap it */
	assert_int_equal(shstk_size_x86(8 * GiB, 8 * MiB), 8 * GiB);
}

static void test_x86_default_follows_rlimit(void **state)
{
	(void)state;
	assert_int_equal(shstk_size_x86(0, 8 * MiB), 8 * MiB); /* docs/ABI.md §3.2's example */
	assert_int_equal(shstk_size_x86(0, 1 * MiB), 1 * MiB);
	assert_int_equal(shstk_size_x86(0, 16 * MiB + 1), 16 * MiB + 4096);
	assert_int_equal(shstk_size_x86(0, 4 * GiB), 4 * GiB);
	assert_int_equal(shstk_size_x86(0, 4 * GiB + 1), 4 * GiB); /* capped */
	assert_int_equal(shstk_size_x86(0, INF), 4 * GiB);	   /* RLIM_INFINITY */
	assert_int_equal(shstk_size_x86(0, 0), 0); /* Linux's edge: the mapping then fails */
}

static void test_gcs_explicit_sizes_page_aligned(void **state)
{
	(void)state;
	assert_int_equal(shstk_size_gcs(1, 8 * MiB), 4096);
	assert_int_equal(shstk_size_gcs(4096, 8 * MiB), 4096);
	assert_int_equal(shstk_size_gcs(32 * KiB, 8 * MiB), 32 * KiB);
	assert_int_equal(shstk_size_gcs(4 * MiB + 8, 8 * MiB), 4 * MiB + 4096);
}

static void test_gcs_default_is_half_the_rlimit(void **state)
{
	(void)state;
	assert_int_equal(shstk_size_gcs(0, 8 * MiB), 4 * MiB); /* docs/ABI.md §3.2's example */
	assert_int_equal(shstk_size_gcs(0, INF), 2 * GiB);     /* capped at 2 GiB */
	assert_int_equal(shstk_size_gcs(0, 4 * GiB), 2 * GiB);
	assert_int_equal(shstk_size_gcs(0, 4 * GiB + 2 * 4096), 2 * GiB);
	assert_int_equal(shstk_size_gcs(0, 8192), 4096);
	assert_int_equal(shstk_size_gcs(0, 100), 4096); /* at least one page */
	assert_int_equal(shstk_size_gcs(0, 0), 4096);
	assert_int_equal(shstk_size_gcs(0, 3 * 4096), 4096 * 2); /* 6 KiB, page-rounded */
}

static void test_clone_stack_x86(void **state)
{
	(void)state;
	assert_int_equal(shstk_clone_stack_check_x86(0x7f0000001000, 4096), 0);
	assert_int_equal(shstk_clone_stack_check_x86(0x7f0000001000, 8), 0);
	assert_int_equal(shstk_clone_stack_check_x86(0x7f0000001000, 7), -EINVAL);
	assert_int_equal(shstk_clone_stack_check_x86(0x7f0000001004, 4096), -EINVAL);
	assert_int_equal(shstk_clone_stack_check_x86(0x7f0000001001, 4096), -EINVAL);
	/* Only the base is checked: an odd size is the seed's (documented) gap. */
	assert_int_equal(shstk_clone_stack_check_x86(0x7f0000001000, 4097), 0);
}

static void test_clone_stack_gcs(void **state)
{
	(void)state;
	assert_int_equal(shstk_clone_stack_check_gcs(0x7f0000001000, 4096), 0);
	assert_int_equal(shstk_clone_stack_check_gcs(0x7f0000001000, 8), 0);
	assert_int_equal(shstk_clone_stack_check_gcs(0x7f0000001000, 4), -EINVAL);
	assert_int_equal(shstk_clone_stack_check_gcs(0x7f0000001008, 4097), -EINVAL);
	assert_int_equal(shstk_clone_stack_check_gcs(0x7f0000001004, 4096), -EINVAL);
}

static void test_map_check_x86(void **state)
{
	(void)state;
	assert_int_equal(shstk_map_check_x86(0, 4096, 0), 0);
	assert_int_equal(shstk_map_check_x86(0, 4096, SHADOW_STACK_SET_TOKEN), 0);
	assert_int_equal(shstk_map_check_x86(0, 4096, SHADOW_STACK_SET_MARKER), -EINVAL);
	assert_int_equal(shstk_map_check_x86(0, 4096, 4), -EINVAL);
	assert_int_equal(shstk_map_check_x86(0, 7, SHADOW_STACK_SET_TOKEN), -ENOSPC);
	assert_int_equal(shstk_map_check_x86(0, 7, 0), 0); /* no token: no minimum */
	assert_int_equal(shstk_map_check_x86(0x10000, 4096, 0), -ERANGE);
	assert_int_equal(shstk_map_check_x86((4ull << 30) - 4096, 4096, 0), -ERANGE);
	assert_int_equal(shstk_map_check_x86(4ull << 30, 4096, 0), 0);
	/* Order: flags before size before address. */
	assert_int_equal(shstk_map_check_x86(0x10000, 4, SHADOW_STACK_SET_MARKER), -EINVAL);
	assert_int_equal(shstk_map_check_x86(0x10000, 4, SHADOW_STACK_SET_TOKEN), -ENOSPC);
}

static void test_map_check_gcs(void **state)
{
	(void)state;
	const unsigned int both = SHADOW_STACK_SET_TOKEN | SHADOW_STACK_SET_MARKER;

	assert_int_equal(shstk_map_check_gcs(0, 4096, both), 0);
	assert_int_equal(shstk_map_check_gcs(0, 4096, 4), -EINVAL);
	assert_int_equal(shstk_map_check_gcs(0x10000, 4096, 0), 0); /* no 4 GiB rule */
	assert_int_equal(shstk_map_check_gcs(0x10008, 4096, 0), -EINVAL);
	assert_int_equal(shstk_map_check_gcs(0, 8, 0), -EINVAL); /* too_small */
	for (unsigned int extra = 1; extra < 8; extra++)	 /* unligned_1..7: 1025..1031 */
		assert_int_equal(shstk_map_check_gcs(0, 1024 + extra, 0), -EINVAL);
	assert_int_equal(shstk_map_check_gcs(0, 16, 0), 0);
	assert_int_equal(shstk_map_check_gcs(0, 0, 0), 0); /* fails later, in the mapping */
}

/*
 * Each architecture's table: a new thread's size for clone3's stack_size
 * (x86: the stack size itself; arm64: half of it), the first stack's
 * (stack_size 0: from RLIMIT_STACK), and where shadow stacks may go.
 */
static void test_rules_tables(void **state)
{
	(void)state;
	assert_int_equal(shstk_rules_x86.thread_size(64 * KiB, 8 * MiB), 64 * KiB);
	assert_int_equal(shstk_rules_x86.thread_size(0, 8 * MiB), 8 * MiB);
	assert_int_equal(shstk_rules_gcs.thread_size(64 * KiB, 8 * MiB), 32 * KiB);
	assert_int_equal(shstk_rules_gcs.thread_size(8 * KiB + 2, 8 * MiB),
			 8 * KiB); /* 4097 -> 8 KiB */
	assert_int_equal(shstk_rules_gcs.thread_size(0, 8 * MiB), 4 * MiB);
	assert_int_equal(shstk_rules_gcs.thread_size(1, 8 * MiB),
			 4 * MiB); /* 1 / 2 = 0: the default */
	assert_int_equal(shstk_rules_x86.min_addr, 4ull << 30);
	assert_int_equal(shstk_rules_gcs.min_addr, 0);
	assert_ptr_equal(shstk_rules_x86.clone_stack_check, shstk_clone_stack_check_x86);
	assert_ptr_equal(shstk_rules_gcs.clone_stack_check, shstk_clone_stack_check_gcs);
	assert_ptr_equal(shstk_rules_x86.map_check, shstk_map_check_x86);
	assert_ptr_equal(shstk_rules_gcs.map_check, shstk_map_check_gcs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_x86_explicit_sizes_page_aligned),
		cmocka_unit_test(test_x86_default_follows_rlimit),
		cmocka_unit_test(test_gcs_explicit_sizes_page_aligned),
		cmocka_unit_test(test_gcs_default_is_half_the_rlimit),
		cmocka_unit_test(test_clone_stack_x86),
		cmocka_unit_test(test_clone_stack_gcs),
		cmocka_unit_test(test_map_check_x86),
		cmocka_unit_test(test_map_check_gcs),
		cmocka_unit_test(test_rules_tables),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * The default shadow-stack sizes (kernel/shstk_size.c): x86's
 * adjust_shstk_size() and arm64's gcs_size(), value by value, as ABI.md
 * §2.6 and §4.6 give them (including their worked examples).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <kernel/shstk.h>

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
	assert_int_equal(shstk_size_x86(0, 8 * MiB), 8 * MiB); /* ABI.md's example */
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
	assert_int_equal(shstk_size_gcs(0, 8 * MiB), 4 * MiB); /* ABI.md's example */
	assert_int_equal(shstk_size_gcs(0, INF), 2 * GiB);     /* capped at 2 GiB */
	assert_int_equal(shstk_size_gcs(0, 4 * GiB), 2 * GiB);
	assert_int_equal(shstk_size_gcs(0, 4 * GiB + 2 * 4096), 2 * GiB);
	assert_int_equal(shstk_size_gcs(0, 8192), 4096);
	assert_int_equal(shstk_size_gcs(0, 100), 4096); /* at least one page */
	assert_int_equal(shstk_size_gcs(0, 0), 4096);
	assert_int_equal(shstk_size_gcs(0, 3 * 4096), 4096 * 2); /* 6 KiB, page-rounded */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_x86_explicit_sizes_page_aligned),
		cmocka_unit_test(test_x86_default_follows_rlimit),
		cmocka_unit_test(test_gcs_explicit_sizes_page_aligned),
		cmocka_unit_test(test_gcs_default_is_half_the_rlimit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

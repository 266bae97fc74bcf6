// SPDX-License-Identifier: MIT
/*
 * kernel/mm/page_pool.c keeps exact books: nr_free and nr_ram are right after
 * every operation; allocations are aligned on the absolute frame number (also
 * with a non-zero base_pfn), never touch reserved frames, holes or the tail
 * bits past nr_pages; bad arguments, double and out-of-range frees give
 * -EINVAL and change nothing; -ENOMEM comes exactly when no aligned run fits;
 * the single-frame next-fit hint wraps around. A randomized stress compares
 * the pool with a trivial reference model after every step.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <kernel/page_pool.h>
#include <uapi/linux/errno.h>

#define MAX_PAGES 512

static u64 bitmap[MAX_PAGES / 64];
static struct page_pool pool;

static void setup(u64 base, u64 nr)
{
	memset(bitmap, 0xa5, sizeof(bitmap)); /* init must not rely on zeroed memory */
	page_pool_init(&pool, bitmap, base, nr);
}

static void assert_counts(u64 nr_free, u64 nr_ram)
{
	assert_int_equal(pool.nr_free, nr_free);
	assert_int_equal(pool.nr_ram, nr_ram);
}

static u64 alloc_ok(u64 count, u64 align)
{
	u64 pfn = ~0ull;

	assert_int_equal(page_pool_alloc(&pool, count, align, &pfn), 0);
	return pfn;
}

static void test_bitmap_bytes_and_init(void **state)
{
	u64 pfn = 1234;

	(void)state;
	assert_int_equal(page_pool_bitmap_bytes(0), 0);
	assert_int_equal(page_pool_bitmap_bytes(1), 8);
	assert_int_equal(page_pool_bitmap_bytes(64), 8);
	assert_int_equal(page_pool_bitmap_bytes(65), 16);
	assert_int_equal(page_pool_bitmap_bytes(70), 16);

	setup(100, 70);
	assert_counts(0, 0);
	assert_int_equal(bitmap[0], ~0ull);
	assert_int_equal(bitmap[1], ~0ull);
	assert_false(page_pool_is_free(&pool, 100));
	assert_int_equal(page_pool_alloc(&pool, 1, 1, &pfn), -ENOMEM);
	assert_int_equal(pfn, 1234);
}

static void test_add_ram_and_reserve(void **state)
{
	(void)state;
	setup(100, 64);
	page_pool_add_ram(&pool, 0, 110); /* clipped to [100, 110) */
	assert_counts(10, 10);
	page_pool_add_ram(&pool, 105, 120); /* 105..109 already free */
	assert_counts(20, 20);
	page_pool_add_ram(&pool, 160, 1000); /* clipped to [160, 164) */
	assert_counts(24, 24);
	page_pool_add_ram(&pool, 50, 100);  /* entirely below: nothing */
	page_pool_add_ram(&pool, 130, 130); /* empty */
	assert_counts(24, 24);
	assert_true(page_pool_is_free(&pool, 100));
	assert_true(page_pool_is_free(&pool, 163));
	assert_false(page_pool_is_free(&pool, 120));
	assert_false(page_pool_is_free(&pool, 99));
	assert_false(page_pool_is_free(&pool, 164));

	/* Reserve a range that is partly free, partly allocated, partly a hole. */
	u64 a = alloc_ok(2, 1);

	assert_int_equal(a, 100);
	assert_counts(22, 24);
	page_pool_reserve(&pool, 90, 125); /* free there: 102..119 = 18 frames */
	assert_counts(4, 6);
	assert_false(page_pool_is_free(&pool, 102));
	/* The allocated frames are still the caller's to free. */
	assert_int_equal(page_pool_free(&pool, 100, 2), 0);
	assert_counts(6, 6);
	page_pool_reserve(&pool, 500, 600); /* outside: nothing */
	assert_counts(6, 6);
}

static void test_alloc_free_counts(void **state)
{
	u64 a, b, c;

	(void)state;
	setup(0, 64);
	page_pool_add_ram(&pool, 0, 64);
	assert_counts(64, 64);
	a = alloc_ok(1, 1);
	assert_counts(63, 64);
	b = alloc_ok(10, 1);
	assert_counts(53, 64);
	c = alloc_ok(53, 1);
	assert_counts(0, 64);
	assert_int_equal(a, 0);
	assert_int_equal(b, 1);
	assert_int_equal(c, 11);
	assert_int_equal(page_pool_alloc(&pool, 1, 1, &a), -ENOMEM);
	assert_int_equal(page_pool_free(&pool, 1, 10), 0);
	assert_counts(10, 64);
	assert_int_equal(page_pool_free(&pool, 0, 1), 0);
	assert_counts(11, 64);
	assert_int_equal(page_pool_free(&pool, 11, 53), 0);
	assert_counts(64, 64);
	assert_int_equal(alloc_ok(64, 1), 0);
	assert_counts(0, 64);
}

static void test_alignment_with_base(void **state)
{
	static const u64 aligns[] = { 1, 2, 4, 8, 16, 32, 64 };

	(void)state;
	setup(3, 300); /* frames 3..302 */
	page_pool_add_ram(&pool, 3, 303);
	assert_int_equal(alloc_ok(1, 8), 8);   /* first multiple of 8 >= 3 */
	assert_int_equal(alloc_ok(5, 16), 16); /* absolute, not index 16 = pfn 19 */
	assert_int_equal(alloc_ok(1, 4), 4);
	assert_int_equal(alloc_ok(3, 128), 128);
	assert_int_equal(alloc_ok(2, 128), 256);
	assert_counts(300 - 12, 300);
	for (size_t i = 0; i < sizeof(aligns) / sizeof(aligns[0]); i++) {
		u64 pfn = alloc_ok(3, aligns[i]);

		assert_int_equal(pfn % aligns[i], 0);
		assert_true(pfn >= 3 && pfn + 3 <= 303);
	}
	assert_counts(300 - 12 - 21, 300);
	/* 256 is taken and 384 is past the end: no 128-aligned frame left. */
	u64 pfn = 77;

	assert_int_equal(page_pool_alloc(&pool, 1, 128, &pfn), -ENOMEM);
	assert_int_equal(pfn, 77);
}

static void test_einval(void **state)
{
	u64 pfn = 55, a;
	u64 saved[MAX_PAGES / 64];
	struct page_pool saved_pool;

	(void)state;
	setup(1000, 128);
	page_pool_add_ram(&pool, 1000, 1128);
	assert_int_equal(page_pool_alloc(&pool, 0, 1, &pfn), -EINVAL);
	assert_int_equal(page_pool_alloc(&pool, 1, 0, &pfn), -EINVAL);
	assert_int_equal(page_pool_alloc(&pool, 1, 3, &pfn), -EINVAL);
	assert_int_equal(page_pool_alloc(&pool, 2, 6, &pfn), -EINVAL);
	assert_int_equal(page_pool_alloc(&pool, 1, (1ull << 40) + 1, &pfn), -EINVAL);
	assert_int_equal(pfn, 55);
	assert_counts(128, 128);

	a = alloc_ok(8, 8); /* 1000..1007 */
	assert_int_equal(a, 1000);
	assert_int_equal(page_pool_free(&pool, 1002, 1), 0);
	assert_counts(121, 128);

	memcpy(saved, bitmap, sizeof(saved));
	saved_pool = pool;
	/* Double frees, whole and partial (1002 is free inside 1000..1007). */
	assert_int_equal(page_pool_free(&pool, 1002, 1), -EINVAL);
	assert_int_equal(page_pool_free(&pool, 1000, 8), -EINVAL);
	assert_int_equal(page_pool_free(&pool, 1001, 2), -EINVAL);
	/* Out of range: below base, at the end, straddling the end, huge count. */
	assert_int_equal(page_pool_free(&pool, 999, 1), -EINVAL);
	assert_int_equal(page_pool_free(&pool, 999, 2), -EINVAL);
	assert_int_equal(page_pool_free(&pool, 1128, 1), -EINVAL);
	assert_int_equal(page_pool_free(&pool, 1127, 2), -EINVAL);
	assert_int_equal(page_pool_free(&pool, 1000, ~0ull), -EINVAL);
	assert_int_equal(page_pool_free(&pool, ~0ull, 1), -EINVAL);
	assert_memory_equal(bitmap, saved, sizeof(saved));
	assert_memory_equal(&pool, &saved_pool, sizeof(pool));
	assert_counts(121, 128);
}

static void test_enomem_exhausted_and_fragmented(void **state)
{
	u64 pfn = 9;

	(void)state;
	setup(0, 16);
	page_pool_add_ram(&pool, 0, 16);
	assert_int_equal(page_pool_alloc(&pool, 17, 1, &pfn), -ENOMEM);
	for (u64 i = 0; i < 16; i++)
		assert_int_equal(alloc_ok(1, 1), i);
	assert_int_equal(page_pool_alloc(&pool, 1, 1, &pfn), -ENOMEM);
	/* Free every other frame: 8 free, but no two adjacent. */
	for (u64 i = 0; i < 16; i += 2)
		assert_int_equal(page_pool_free(&pool, i, 1), 0);
	assert_counts(8, 16);
	assert_int_equal(page_pool_alloc(&pool, 2, 1, &pfn), -ENOMEM);
	assert_int_equal(page_pool_alloc(&pool, 8, 1, &pfn), -ENOMEM);
	assert_int_equal(pfn, 9);
	assert_counts(8, 16);
	/* Even frames are the free ones: the lowest goes to an aligned request. */
	assert_int_equal(alloc_ok(1, 2), 0);
	assert_int_equal(page_pool_free(&pool, 7, 1), 0);
	assert_int_equal(alloc_ok(2, 2), 6); /* the only free pair: 6, 7 */
	assert_counts(6, 16);
}

static void test_holes_and_reserved_never_allocated(void **state)
{
	u64 pfn, got = 0;

	(void)state;
	setup(64, 100); /* frames 64..163 */
	page_pool_add_ram(&pool, 64, 74);
	page_pool_add_ram(&pool, 84, 94);
	page_pool_reserve(&pool, 69, 71);
	assert_counts(18, 18);
	while (page_pool_alloc(&pool, 1, 1, &pfn) == 0) {
		bool ok = (pfn >= 64 && pfn < 69) || (pfn >= 71 && pfn < 74) ||
			  (pfn >= 84 && pfn < 94);

		assert_true(ok);
		got++;
	}
	assert_int_equal(got, 18);
	assert_counts(0, 18);
}

static void test_tail_bits(void **state)
{
	u64 pfn = 5;

	(void)state;
	setup(0, 70);
	page_pool_add_ram(&pool, 0, 1000);
	assert_counts(70, 70);
	assert_int_equal(bitmap[1] >> 6, ~0ull >> 6); /* bits 70..127 stay set */
	assert_false(page_pool_is_free(&pool, 70));
	assert_int_equal(alloc_ok(64, 1), 0);
	/* Only 64..69 are left: 7 frames would need tail bit 70. */
	assert_int_equal(page_pool_alloc(&pool, 7, 1, &pfn), -ENOMEM);
	assert_int_equal(page_pool_alloc(&pool, 7, 64, &pfn), -ENOMEM);
	assert_int_equal(alloc_ok(6, 64), 64);
	assert_int_equal(page_pool_alloc(&pool, 1, 1, &pfn), -ENOMEM);
	assert_int_equal(pfn, 5);
	assert_counts(0, 70);
	assert_int_equal(page_pool_free(&pool, 64, 7), -EINVAL);
	assert_int_equal(page_pool_free(&pool, 64, 6), 0);
	assert_int_equal(page_pool_free(&pool, 0, 64), 0);
	assert_counts(70, 70);
	/* Single frames one by one: exactly 0..69, then nothing. */
	for (u64 i = 0; i < 70; i++)
		assert_int_equal(alloc_ok(1, 1), i);
	assert_int_equal(page_pool_alloc(&pool, 1, 1, &pfn), -ENOMEM);
	assert_int_equal(bitmap[1] >> 6, ~0ull >> 6);
}

static void test_next_fit_wraps(void **state)
{
	u64 pfn;

	(void)state;
	setup(0, 8);
	page_pool_add_ram(&pool, 2, 8);
	assert_int_equal(alloc_ok(1, 1), 2);
	page_pool_add_ram(&pool, 0, 2); /* free frames behind the hint */
	assert_counts(7, 8);
	/* Next fit: the search continues after 2, not from 0. */
	for (u64 i = 3; i < 8; i++)
		assert_int_equal(alloc_ok(1, 1), i);
	/* Past the end: wraps to the start. */
	assert_int_equal(alloc_ok(1, 1), 0);
	assert_int_equal(alloc_ok(1, 1), 1);
	assert_int_equal(page_pool_alloc(&pool, 1, 1, &pfn), -ENOMEM);
	assert_counts(0, 8);
}

/* ---- randomized stress against a reference model ---- */

#define S_BASE 1000
#define S_PAGES 300

static bool ref_used[S_PAGES];
static u64 rng_state = 0x2545f4914f6cdd1dull;

static u64 rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static bool ref_fits(u64 count, u64 align)
{
	for (u64 i = 0; i + count <= S_PAGES; i++) {
		bool free = (S_BASE + i) % align == 0;

		for (u64 j = 0; free && j < count; j++)
			free = !ref_used[i + j];
		if (free)
			return true;
	}
	return false;
}

static void test_random_stress(void **state)
{
	struct {
		u64 pfn, count;
	} live[S_PAGES];
	unsigned int nr_live = 0;
	u64 ref_free = 0;

	(void)state;
	setup(S_BASE, S_PAGES);
	page_pool_add_ram(&pool, S_BASE, S_BASE + S_PAGES);
	page_pool_reserve(&pool, S_BASE + 40, S_BASE + 50);
	page_pool_reserve(&pool, S_BASE + 200, S_BASE + 233);
	for (u64 i = 0; i < S_PAGES; i++) {
		ref_used[i] = (i >= 40 && i < 50) || (i >= 200 && i < 233);
		ref_free += !ref_used[i];
	}
	assert_counts(ref_free, ref_free);

	for (int step = 0; step < 3000; step++) {
		if (nr_live == 0 || rng() % 100 < 55) {
			u64 count = 1 + rng() % (rng() % 4 ? 4 : 24);
			u64 align = 1ull << (rng() % 6);
			u64 pfn;
			int err = page_pool_alloc(&pool, count, align, &pfn);

			if (err == 0) {
				assert_int_equal(pfn % align, 0);
				assert_true(pfn >= S_BASE && pfn + count <= S_BASE + S_PAGES);
				for (u64 j = 0; j < count; j++) {
					assert_false(ref_used[pfn - S_BASE + j]);
					ref_used[pfn - S_BASE + j] = true;
				}
				ref_free -= count;
				live[nr_live].pfn = pfn;
				live[nr_live].count = count;
				nr_live++;
			} else {
				assert_int_equal(err, -ENOMEM);
				assert_false(ref_fits(count, align));
			}
		} else {
			unsigned int k = (unsigned int)(rng() % nr_live);

			assert_int_equal(page_pool_free(&pool, live[k].pfn, live[k].count), 0);
			for (u64 j = 0; j < live[k].count; j++)
				ref_used[live[k].pfn - S_BASE + j] = false;
			ref_free += live[k].count;
			/* Freeing it again is a double free. */
			assert_int_equal(page_pool_free(&pool, live[k].pfn, live[k].count),
					 -EINVAL);
			live[k] = live[--nr_live];
		}
		assert_int_equal(pool.nr_free, ref_free);
		for (u64 i = 0; i < S_PAGES; i++)
			assert_int_equal(page_pool_is_free(&pool, S_BASE + i), !ref_used[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bitmap_bytes_and_init),
		cmocka_unit_test(test_add_ram_and_reserve),
		cmocka_unit_test(test_alloc_free_counts),
		cmocka_unit_test(test_alignment_with_base),
		cmocka_unit_test(test_einval),
		cmocka_unit_test(test_enomem_exhausted_and_fragmented),
		cmocka_unit_test(test_holes_and_reserved_never_allocated),
		cmocka_unit_test(test_tail_bits),
		cmocka_unit_test(test_next_fit_wraps),
		cmocka_unit_test(test_random_stress),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * kernel/boot.c's boot_remove_range(): taking a range out of a memory list
 * (a device tree's no-map region out of the usable RAM) removes a range it
 * covers, shrinks one it cuts at either end, splits one it falls inside,
 * leaves the rest alone, and drops the upper half of a split (with a
 * warning) when the list is full.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <kernel/boot.h>
#include <kernel/printk.h>

static char log_text[512];

int printk(const char *fmt, ...)
{
	va_list ap;
	size_t used = strlen(log_text);
	int n;

	va_start(ap, fmt);
	n = vsnprintf(log_text + used, sizeof(log_text) - used, fmt, ap);
	va_end(ap);
	return n;
}

#define MIB (1ull << 20)

/* True when list holds exactly a range start..end. */
static int has(const struct mem_range *list, unsigned int nr, u64 start, u64 end)
{
	for (unsigned int i = 0; i < nr; i++)
		if (list[i].start == start && list[i].end == end)
			return 1;
	return 0;
}

static void test_cover_cut_split_and_miss(void **state)
{
	struct mem_range list[BOOT_MAX_RANGES];
	unsigned int nr = 0;

	(void)state;
	boot_add_range(list, &nr, 0, 16 * MIB);		 /* split by 4..5 MiB */
	boot_add_range(list, &nr, 32 * MIB, 40 * MIB);	 /* covered by 30..41 MiB */
	boot_add_range(list, &nr, 64 * MIB, 80 * MIB);	 /* cut at its start: 60..66 MiB */
	boot_add_range(list, &nr, 96 * MIB, 112 * MIB);	 /* cut at its end: 110..120 MiB */
	boot_add_range(list, &nr, 128 * MIB, 130 * MIB); /* untouched */

	boot_remove_range(list, &nr, 4 * MIB, 5 * MIB);
	boot_remove_range(list, &nr, 30 * MIB, 41 * MIB);
	boot_remove_range(list, &nr, 60 * MIB, 66 * MIB);
	boot_remove_range(list, &nr, 110 * MIB, 120 * MIB);
	boot_remove_range(list, &nr, 200 * MIB, 200 * MIB); /* empty: nothing */

	assert_int_equal(nr, 5);
	assert_true(has(list, nr, 0, 4 * MIB));
	assert_true(has(list, nr, 5 * MIB, 16 * MIB));
	assert_true(has(list, nr, 66 * MIB, 80 * MIB));
	assert_true(has(list, nr, 96 * MIB, 110 * MIB));
	assert_true(has(list, nr, 128 * MIB, 130 * MIB));
	assert_string_equal(log_text, "");
}

static void test_one_hole_over_several_ranges(void **state)
{
	struct mem_range list[BOOT_MAX_RANGES];
	unsigned int nr = 0;

	(void)state;
	/* Three ranges in a row, a hole across all of the middle one and into both others. */
	boot_add_range(list, &nr, 0, 10 * MIB);
	boot_add_range(list, &nr, 10 * MIB, 20 * MIB);
	boot_add_range(list, &nr, 20 * MIB, 30 * MIB);
	boot_remove_range(list, &nr, 8 * MIB, 22 * MIB);

	assert_int_equal(nr, 2);
	assert_true(has(list, nr, 0, 8 * MIB));
	assert_true(has(list, nr, 22 * MIB, 30 * MIB));
}

static void test_full_list_drops_the_upper_half(void **state)
{
	struct mem_range list[BOOT_MAX_RANGES];
	unsigned int nr = 0;

	(void)state;
	log_text[0] = '\0';
	for (unsigned int i = 0; i < BOOT_MAX_RANGES; i++)
		boot_add_range(list, &nr, (u64)i * 4 * MIB, (u64)i * 4 * MIB + 2 * MIB);
	boot_remove_range(list, &nr, MIB / 2, MIB);

	assert_int_equal(nr, BOOT_MAX_RANGES);
	assert_true(has(list, nr, 0, MIB / 2));
	assert_false(has(list, nr, MIB, 2 * MIB));
	assert_non_null(strstr(log_text, "dropped: table full"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cover_cut_split_and_miss),
		cmocka_unit_test(test_one_hole_over_several_ranges),
		cmocka_unit_test(test_full_list_drops_the_upper_half),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * kernel/locking/lock_stat.c counts contended acquisitions by lock name:
 * one line per name, in the order each first waited, keyed by the name's
 * address (two locks of one name share it); the total and the longest
 * wait are exact; a name past the table's LOCK_STAT_NAMES goes to
 * "(other)".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include <kernel/lock_stat.h>

static const char big[] = "big_lock", heap[] = "heap_lock";
static char names[LOCK_STAT_NAMES + 2][16];

/* The lines in order; the table is the process's, so the tests run as one. */
static void test_counts_by_name_in_first_wait_order(void **state)
{
	struct lock_stat s;

	(void)state;
	assert_false(lock_stat_read(0, &s));
	lock_stat_contended(big, 100);
	lock_stat_contended(heap, 7);
	lock_stat_contended(big, 300);
	lock_stat_contended(big, 50);

	assert_true(lock_stat_read(0, &s));
	assert_ptr_equal(s.name, big);
	assert_int_equal(s.contentions, 3);
	assert_int_equal(s.wait_total, 450);
	assert_int_equal(s.wait_max, 300);
	assert_true(lock_stat_read(1, &s));
	assert_ptr_equal(s.name, heap);
	assert_int_equal(s.contentions, 1);
	assert_int_equal(s.wait_total, 7);
	assert_int_equal(s.wait_max, 7);
	assert_false(lock_stat_read(2, &s));
	assert_false(lock_stat_read(LOCK_STAT_NAMES, &s)); /* nothing in "(other)" yet */
	assert_false(lock_stat_read(LOCK_STAT_NAMES + 1, &s));

	/* The table fills; the names past it are summed as "(other)". */
	for (unsigned int i = 2; i < LOCK_STAT_NAMES + 2; i++) {
		snprintf(names[i], sizeof(names[i]), "lock%u", i);
		lock_stat_contended(names[i], i);
	}
	assert_true(lock_stat_read(LOCK_STAT_NAMES - 1, &s));
	assert_ptr_equal(s.name, names[LOCK_STAT_NAMES - 1]);
	assert_true(lock_stat_read(LOCK_STAT_NAMES, &s));
	assert_string_equal(s.name, "(other)");
	assert_int_equal(s.contentions, 2);
	assert_int_equal(s.wait_total, LOCK_STAT_NAMES + LOCK_STAT_NAMES + 1);
	assert_int_equal(s.wait_max, LOCK_STAT_NAMES + 1);
	/* An old name still finds its own line. */
	lock_stat_contended(heap, 10);
	assert_true(lock_stat_read(1, &s));
	assert_int_equal(s.contentions, 2);
	assert_int_equal(s.wait_max, 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_by_name_in_first_wait_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

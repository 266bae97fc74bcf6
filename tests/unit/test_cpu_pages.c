// SPDX-License-Identifier: MIT
/*
 * kernel/mm/cpu_pages.c, a CPU's cache of free single pages: the owner gets
 * back the page it gave last; a full cache refuses and keeps nothing; a
 * steal empties a slot the owner then skips; a trim hands out the oldest
 * pages and packs the rest; the count is exact. Last, an owner thread and a
 * stealer thread race over the same cache for a while: every page ends up
 * taken exactly once, never by both.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <kernel/cpu_pages.h>

#define PAGE(n) ((phys_addr_t)(n) << 12)

static void test_owner_lifo_and_full(void **state)
{
	struct cpu_pages c;

	(void)state;
	memset(&c, 0, sizeof(c));
	assert_int_equal(cpu_pages_take(&c), 0);
	for (unsigned int i = 1; i <= CPU_PAGES_HIGH; i++)
		assert_true(cpu_pages_give(&c, PAGE(i)));
	assert_int_equal(cpu_pages_count(&c), CPU_PAGES_HIGH);
	assert_false(cpu_pages_give(&c, PAGE(999)));
	assert_int_equal(cpu_pages_count(&c), CPU_PAGES_HIGH);
	for (unsigned int i = CPU_PAGES_HIGH; i >= 1; i--)
		assert_int_equal(cpu_pages_take(&c), PAGE(i));
	assert_int_equal(cpu_pages_take(&c), 0);
	assert_int_equal(cpu_pages_count(&c), 0);
}

static void test_steal_leaves_a_hole(void **state)
{
	struct cpu_pages c;

	(void)state;
	memset(&c, 0, sizeof(c));
	assert_int_equal(cpu_pages_steal(&c), 0);
	for (unsigned int i = 1; i <= 3; i++)
		assert_true(cpu_pages_give(&c, PAGE(i)));
	/* The newest first, as the owner would. */
	assert_int_equal(cpu_pages_steal(&c), PAGE(3));
	assert_int_equal(cpu_pages_count(&c), 2);
	/* The owner skips the hole at the top. */
	assert_int_equal(cpu_pages_take(&c), PAGE(2));
	assert_true(cpu_pages_give(&c, PAGE(4)));
	assert_int_equal(cpu_pages_steal(&c), PAGE(4));
	assert_int_equal(cpu_pages_steal(&c), PAGE(1));
	assert_int_equal(cpu_pages_steal(&c), 0);
	assert_int_equal(cpu_pages_take(&c), 0);
	assert_int_equal(c.top, 0);
}

static void test_trim_takes_the_oldest(void **state)
{
	struct cpu_pages c;
	phys_addr_t out[CPU_PAGES_BATCH];

	(void)state;
	memset(&c, 0, sizeof(c));
	for (unsigned int i = 1; i <= 10; i++)
		assert_true(cpu_pages_give(&c, PAGE(i)));
	c.slot[1] = 0; /* page 2 stolen */
	assert_int_equal(cpu_pages_trim(&c, 4, out), 4);
	assert_int_equal(out[0], PAGE(1));
	assert_int_equal(out[1], PAGE(3));
	assert_int_equal(out[2], PAGE(4));
	assert_int_equal(out[3], PAGE(5));
	assert_int_equal(c.top, 5);
	assert_int_equal(cpu_pages_count(&c), 5);
	for (unsigned int i = 10; i >= 6; i--)
		assert_int_equal(cpu_pages_take(&c), PAGE(i));
	assert_int_equal(cpu_pages_take(&c), 0);
	/* More than it holds: all of them. */
	assert_true(cpu_pages_give(&c, PAGE(7)));
	assert_int_equal(cpu_pages_trim(&c, CPU_PAGES_BATCH, out), 1);
	assert_int_equal(out[0], PAGE(7));
	assert_int_equal(c.top, 0);
}

/* The race: the owner gives pages 1..RACE_PAGES and takes some back; a thread steals. */
enum { RACE_PAGES = 200000 };
static struct cpu_pages race;
static unsigned char taken_by[RACE_PAGES + 1]; /* 1 owner, 2 stealer */
static volatile int owner_done;

static void *stealer(void *arg)
{
	(void)arg;
	for (;;) {
		int done = __atomic_load_n(&owner_done, __ATOMIC_ACQUIRE);
		phys_addr_t p = cpu_pages_steal(&race);

		if (p) {
			unsigned long n = p >> 12;

			assert_true(n >= 1 && n <= RACE_PAGES);
			assert_int_equal(__atomic_exchange_n(&taken_by[n], 2, __ATOMIC_RELAXED), 0);
		} else if (done) {
			return NULL;
		}
	}
}

static void test_owner_and_stealer_race(void **state)
{
	pthread_t t;
	unsigned long owner = 0, stolen = 0;

	(void)state;
	assert_int_equal(pthread_create(&t, NULL, stealer, NULL), 0);
	for (unsigned long n = 1; n <= RACE_PAGES; n++) {
		while (!cpu_pages_give(&race, PAGE(n))) {
			phys_addr_t p = cpu_pages_take(&race); /* full: the owner uses one */

			if (p) {
				assert_int_equal(__atomic_exchange_n(&taken_by[p >> 12], 1,
								     __ATOMIC_RELAXED),
						 0);
				owner++;
			}
		}
		if (n % 3 == 0) {
			phys_addr_t p = cpu_pages_take(&race);

			if (p) {
				assert_int_equal(__atomic_exchange_n(&taken_by[p >> 12], 1,
								     __ATOMIC_RELAXED),
						 0);
				owner++;
			}
		}
	}
	__atomic_store_n(&owner_done, 1, __ATOMIC_RELEASE);
	assert_int_equal(pthread_join(t, NULL), 0);
	for (unsigned long n = 1; n <= RACE_PAGES; n++) {
		assert_int_not_equal(taken_by[n], 0);
		stolen += taken_by[n] == 2;
	}
	assert_int_equal(owner + stolen, RACE_PAGES);
	assert_int_equal(cpu_pages_count(&race), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_owner_lifo_and_full),
		cmocka_unit_test(test_steal_leaves_a_hole),
		cmocka_unit_test(test_trim_takes_the_oldest),
		cmocka_unit_test(test_owner_and_stealer_race),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

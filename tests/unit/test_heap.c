// SPDX-License-Identifier: MIT
/*
 * kernel/mm/heap.c hands out 16-byte aligned, non-overlapping objects of every
 * size from 1 to 5000 bytes and beyond, zeroed by kzalloc; kmalloc(0) and
 * absurd sizes give NULL; it holds exactly as many pages as the backend has
 * outstanding, and both drop to 0 once everything is freed, in any order;
 * double kfree and kfree of a pointer it never returned reach
 * heap_corrupted(). The backend here is aligned_alloc() of exactly the pages
 * asked for, so AddressSanitizer also catches any object that runs past the
 * memory the heap really got.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <kernel/heap.h>
#include <kernel/kmem.h>

/* ---- the backend ---- */

#define MAX_BLOCKS 32768

struct block {
	void *addr;
	size_t pages;
	bool live;
};

static struct block blocks[MAX_BLOCKS]; /* freed blocks stay: see below */
static unsigned int nr_blocks;
static size_t outstanding; /* pages handed to the heap and not returned */
static bool fail_next_alloc;
static int lock_depth;
static unsigned long lock_takes; /* heap_lock() calls: the bulk calls take it once */

void *heap_backend_alloc(size_t pages)
{
	void *p;

	if (fail_next_alloc) {
		fail_next_alloc = false;
		return NULL;
	}
	assert_true(pages > 0);
	assert_true(nr_blocks < MAX_BLOCKS);
	p = aligned_alloc(HEAP_PAGE_SIZE, pages * HEAP_PAGE_SIZE);
	assert_non_null(p);
	memset(p, 0xcc, pages * HEAP_PAGE_SIZE); /* no help from zeroed memory */
	blocks[nr_blocks++] = (struct block){ .addr = p, .pages = pages, .live = true };
	outstanding += pages;
	return p;
}

/*
 * Returned pages are poisoned but kept until the test ends, as a page
 * allocator would keep them mapped: a double kfree then reads poison, not
 * memory the host already gave back.
 */
void heap_backend_free(void *addr, size_t pages)
{
	for (unsigned int i = nr_blocks; i-- > 0;) {
		if (blocks[i].addr == addr && blocks[i].live) {
			assert_int_equal(blocks[i].pages, pages);
			blocks[i].live = false;
			memset(addr, 0xdd, pages * HEAP_PAGE_SIZE);
			outstanding -= pages;
			return;
		}
	}
	fail_msg("heap_backend_free(%p, %zu) of something never allocated", addr, pages);
}

unsigned long heap_lock(void)
{
	assert_int_equal(lock_depth, 0);
	lock_depth++;
	lock_takes++;
	return 0x5eed;
}

void heap_unlock(unsigned long cookie)
{
	assert_int_equal(cookie, 0x5eed);
	assert_int_equal(lock_depth, 1);
	lock_depth--;
}

static jmp_buf corrupt_jmp;
static bool corrupt_armed;
static const char *corrupt_what;
static const void *corrupt_ptr;

void heap_corrupted(const char *what, const void *ptr)
{
	corrupt_what = what;
	corrupt_ptr = ptr;
	if (corrupt_armed) {
		corrupt_armed = false;
		lock_depth = 0; /* it panics with the lock held */
		longjmp(corrupt_jmp, 1);
	}
	fail_msg("unexpected heap_corrupted(\"%s\", %p)", what, ptr);
	abort();
}

/* Runs kfree(ptr) and asserts it reaches heap_corrupted() with that ptr. */
static void expect_corrupt(void *ptr, const char *what)
{
	corrupt_what = NULL;
	corrupt_ptr = NULL;
	if (setjmp(corrupt_jmp) == 0) {
		corrupt_armed = true;
		kfree(ptr);
		corrupt_armed = false;
		fail_msg("kfree(%p) returned instead of reporting corruption", ptr);
	}
	assert_ptr_equal(corrupt_ptr, ptr);
	assert_non_null(corrupt_what);
	assert_non_null(strstr(corrupt_what, what));
}

static void assert_balanced(size_t pages)
{
	assert_int_equal(heap_pages_held(), pages);
	assert_int_equal(outstanding, pages);
	assert_int_equal(lock_depth, 0);
}

/*
 * Gives the host the pages the heap has returned. Live blocks stay (a test
 * that failed may leave some), so one failure does not cascade; every test
 * asserts the balance itself.
 */
static int teardown(void **state)
{
	unsigned int n = 0;

	(void)state;
	for (unsigned int i = 0; i < nr_blocks; i++) {
		if (blocks[i].live)
			blocks[n++] = blocks[i];
		else
			free(blocks[i].addr);
	}
	nr_blocks = n;
	lock_depth = 0;
	return 0;
}

/* ---- helpers ---- */

static u64 rng_state = 0x9e3779b97f4a7c15ull;

static u64 rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void shuffle(unsigned int *idx, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		idx[i] = i;
	for (unsigned int i = n; i > 1; i--) {
		unsigned int j = (unsigned int)(rng() % i), t = idx[i - 1];

		idx[i - 1] = idx[j];
		idx[j] = t;
	}
}

static void fill(void *p, size_t size, unsigned int id)
{
	for (size_t i = 0; i < size; i++)
		((unsigned char *)p)[i] = (unsigned char)(id * 31 + i);
}

static void check_fill(const void *p, size_t size, unsigned int id)
{
	for (size_t i = 0; i < size; i++) {
		if (((const unsigned char *)p)[i] != (unsigned char)(id * 31 + i))
			fail_msg("object %u (%zu bytes at %p) overwritten at byte %zu", id, size, p,
				 i);
	}
}

/* ---- tests ---- */

static void test_zero_and_absurd_sizes(void **state)
{
	(void)state;
	assert_null(kmalloc(0));
	assert_null(kzalloc(0));
	assert_null(kmalloc(((size_t)1 << 30) + 1));
	assert_null(kmalloc(SIZE_MAX));
	kfree(NULL);
	assert_balanced(0);
}

#define NR_SIZES 5000

static void test_every_size_aligned_and_disjoint(void **state)
{
	static void *ptr[NR_SIZES + 1];
	static unsigned int order[NR_SIZES];

	(void)state;
	for (size_t size = 1; size <= NR_SIZES; size++) {
		ptr[size] = kmalloc(size);
		assert_non_null(ptr[size]);
		assert_int_equal((uintptr_t)ptr[size] % 16, 0);
		fill(ptr[size], size, (unsigned int)size);
		assert_int_equal(heap_pages_held(), outstanding);
	}
	/* Every object still holds its own pattern: nothing overlaps. */
	for (size_t size = 1; size <= NR_SIZES; size++)
		check_fill(ptr[size], size, (unsigned int)size);
	shuffle(order, NR_SIZES);
	for (unsigned int i = 0; i < NR_SIZES; i++) {
		size_t size = order[i] + 1;

		check_fill(ptr[size], size, (unsigned int)size);
		kfree(ptr[size]);
		assert_int_equal(heap_pages_held(), outstanding);
	}
	assert_balanced(0);
}

/* kmalloc_bulk() and kfree_bulk(): n objects each under one hold of the lock. */
static void test_bulk_one_lock_each(void **state)
{
	enum { N = 40 };
	void *p[N + 1];
	unsigned long takes = lock_takes;

	(void)state;
	assert_true(kmalloc_bulk(48, N, p));
	assert_int_equal(lock_takes, takes + 1);
	for (unsigned int i = 0; i < N; i++) {
		assert_non_null(p[i]);
		assert_int_equal((uintptr_t)p[i] % 16, 0);
		fill(p[i], 48, i);
	}
	for (unsigned int i = 0; i < N; i++)
		check_fill(p[i], 48, i); /* disjoint */
	p[N] = NULL;			 /* skipped */
	kfree_bulk(p, N + 1);
	assert_int_equal(lock_takes, takes + 2);
	assert_balanced(0);
	/* Nothing asked, nothing done, no lock taken; an absurd size fails whole. */
	assert_true(kmalloc_bulk(48, 0, p));
	kfree_bulk(p, 0);
	assert_int_equal(lock_takes, takes + 2);
	assert_false(kmalloc_bulk(0, 1, p));
	assert_balanced(0);
}

/* A bulk allocation the backend fails half way gives back what it took. */
static void test_bulk_all_or_nothing(void **state)
{
	static void *p[4096];
	const size_t size = 1024;
	size_t per_slab = 0;

	(void)state;
	/* How many objects one slab page holds: allocate until a second page comes. */
	while (heap_pages_held() < 2) {
		p[per_slab] = kmalloc(size);
		assert_non_null(p[per_slab]);
		per_slab++;
	}
	per_slab--;
	kfree_bulk(p, per_slab + 1);
	assert_balanced(0);

	/* One object out, then a bulk of a page's worth: its last needs a new page. */
	void *first = kmalloc(size);

	fail_next_alloc = true;
	assert_false(kmalloc_bulk(size, per_slab, p));
	fail_next_alloc = false;
	assert_balanced(1);
	kfree(first);
	assert_balanced(0);
}

static void test_kzalloc_zeroes(void **state)
{
	static const size_t sizes[] = { 1, 15, 16, 17, 100, 2048, 2049, 4096, 9000 };

	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		/* Dirty an object, free it, keep the slab alive, reallocate. */
		unsigned char *keep = kmalloc(sizes[i]);
		unsigned char *p = kmalloc(sizes[i]);

		memset(p, 0xff, sizes[i]);
		kfree(p);
		p = kzalloc(sizes[i]);
		assert_non_null(p);
		for (size_t j = 0; j < sizes[i]; j++)
			assert_int_equal(p[j], 0);
		kfree(p);
		kfree(keep);
	}
	assert_balanced(0);
}

/*
 * The debugging build (LOCK_DEBUG, as make test boots the kernel) fills a
 * freed object with 0x6b: a dangling read sees a pointer that faults. The
 * first word holds the slab's free list, the rest is poison.
 */
static void test_freed_object_poisoned(void **state)
{
	static const size_t sizes[] = { 16, 64, 688, 1024 }; /* classes of several objects a slab */

	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned char *keep =
			kmalloc(sizes[i]); /* the slab stays: p's memory is readable */
		unsigned char *p = kzalloc(sizes[i]);

		assert_non_null(p);
		kfree(p);
		for (size_t j = sizeof(void *); j < sizes[i]; j++)
			assert_int_equal(p[j], 0x6b);
		kfree(keep);
	}
	assert_balanced(0);
}

static void test_pages_follow_objects(void **state)
{
	void *a, *b, *c;

	(void)state;
	a = kmalloc(1);
	assert_balanced(1);
	b = kmalloc(16); /* same class: same page */
	assert_balanced(1);
	c = kmalloc(17); /* another class: its own page */
	assert_balanced(2);
	kfree(a);
	assert_balanced(2);
	kfree(b); /* the slab's last object: the page goes back */
	assert_balanced(1);
	kfree(c);
	assert_balanced(0);

	/* The backend failing gives NULL and no bookkeeping change. */
	fail_next_alloc = true;
	assert_null(kmalloc(64));
	assert_balanced(0);
	fail_next_alloc = true;
	assert_null(kmalloc(3 * HEAP_PAGE_SIZE));
	assert_balanced(0);
}

static void test_large_objects(void **state)
{
	static const size_t sizes[] = { 2049, 3000, 4000, 4096, 5000, 8192, 12345, 100000, 1 << 20 };
	void *p[sizeof(sizes) / sizeof(sizes[0])];
	size_t n = sizeof(sizes) / sizeof(sizes[0]);

	(void)state;
	for (size_t i = 0; i < n; i++) {
		p[i] = kmalloc(sizes[i]);
		assert_non_null(p[i]);
		assert_int_equal((uintptr_t)p[i] % 16, 0);
		/* Whole pages, at least as many as the object needs. */
		assert_true(heap_pages_held() * HEAP_PAGE_SIZE >= sizes[i]);
		fill(p[i], sizes[i], (unsigned int)i); /* ASan: all of it is real */
		assert_int_equal(heap_pages_held(), outstanding);
	}
	for (size_t i = 0; i < n; i++)
		check_fill(p[i], sizes[i], (unsigned int)i);
	for (size_t i = n; i-- > 0;)
		kfree(p[i]);
	assert_balanced(0);
}

/* A large object is pages of its own: taking and freeing it takes no heap lock. */
static void test_large_objects_take_no_lock(void **state)
{
	unsigned long takes = lock_takes;
	void *big, *small;

	(void)state;
	big = kmalloc(HEAP_MAX_CLASS + 1);
	assert_non_null(big);
	assert_int_equal(heap_pages_held(), 1);
	assert_int_equal(lock_takes, takes);
	small = kmalloc(HEAP_MAX_CLASS); /* the largest class: a slab, under the lock */
	assert_int_equal(lock_takes, takes + 1);
	kfree(big);
	assert_int_equal(lock_takes, takes + 1);
	assert_int_equal(heap_pages_held(), 1);
	kfree(small);
	assert_int_equal(lock_takes, takes + 2);
	assert_balanced(0);
}

static void test_double_kfree(void **state)
{
	void *a, *b, *big;

	(void)state;
	/* A slab that stays alive because b is still in it. */
	a = kmalloc(32);
	b = kmalloc(32);
	kfree(a);
	expect_corrupt(a, "double kfree");
	assert_balanced(1);
	/* The object after b was never handed out: freeing it is as wrong. */
	expect_corrupt((char *)b + 32, "never handed out");
	assert_balanced(1);
	kfree(b);
	assert_balanced(0);

	/* The slab's only object: its page is already back with the backend. */
	a = kmalloc(48);
	kfree(a);
	expect_corrupt(a, "kfree");
	assert_balanced(0);

	big = kmalloc(10000);
	kfree(big);
	expect_corrupt(big, "kfree");
	assert_balanced(0);
}

static void test_kfree_of_foreign_pointers(void **state)
{
	static unsigned char not_heap[2 * HEAP_PAGE_SIZE] __attribute__((aligned(HEAP_PAGE_SIZE)));
	char *small, *other, *big;

	(void)state;
	small = kmalloc(64);
	other = kmalloc(64);
	big = kzalloc(3 * HEAP_PAGE_SIZE);

	expect_corrupt(small + 1, "not a slab object");
	expect_corrupt(small + 16, "not a slab object");
	/* The slab's header, at the start of its page. */
	expect_corrupt((char *)((uintptr_t)small & ~(uintptr_t)(HEAP_PAGE_SIZE - 1)),
		       "not a slab object");
	expect_corrupt(big + 16, "inside a large object");
	expect_corrupt(big + HEAP_PAGE_SIZE, "never returned"); /* its second page */
	expect_corrupt(not_heap + 64, "never returned");
	assert_balanced(1 + 4); /* one slab; 3 pages + header = 4 pages */

	/* Nothing was damaged: everything frees normally. */
	kfree(small);
	kfree(other);
	kfree(big);
	assert_balanced(0);
}

static void test_random_stress(void **state)
{
	static void *ptr[256];
	static size_t size[256];
	static unsigned int order[256];

	(void)state;
	for (int step = 0; step < 4000; step++) {
		unsigned int k = (unsigned int)(rng() % 256);

		if (ptr[k]) {
			check_fill(ptr[k], size[k], k);
			kfree(ptr[k]);
			ptr[k] = NULL;
		} else {
			size[k] = 1 + rng() % (rng() % 8 ? 512 : 9000);
			ptr[k] = kmalloc(size[k]);
			assert_non_null(ptr[k]);
			assert_int_equal((uintptr_t)ptr[k] % 16, 0);
			fill(ptr[k], size[k], k);
		}
		assert_int_equal(heap_pages_held(), outstanding);
	}
	shuffle(order, 256);
	for (unsigned int i = 0; i < 256; i++) {
		unsigned int k = order[i];

		if (ptr[k]) {
			check_fill(ptr[k], size[k], k);
			kfree(ptr[k]);
			ptr[k] = NULL;
		}
	}
	assert_balanced(0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_zero_and_absurd_sizes, teardown),
		cmocka_unit_test_teardown(test_every_size_aligned_and_disjoint, teardown),
		cmocka_unit_test_teardown(test_bulk_one_lock_each, teardown),
		cmocka_unit_test_teardown(test_bulk_all_or_nothing, teardown),
		cmocka_unit_test_teardown(test_kzalloc_zeroes, teardown),
		cmocka_unit_test_teardown(test_freed_object_poisoned, teardown),
		cmocka_unit_test_teardown(test_pages_follow_objects, teardown),
		cmocka_unit_test_teardown(test_large_objects, teardown),
		cmocka_unit_test_teardown(test_large_objects_take_no_lock, teardown),
		cmocka_unit_test_teardown(test_double_kfree, teardown),
		cmocka_unit_test_teardown(test_kfree_of_foreign_pointers, teardown),
		cmocka_unit_test_teardown(test_random_stress, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

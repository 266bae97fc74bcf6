// SPDX-License-Identifier: MIT
/*
 * kernel/mm/vma.c keeps an index of sorted, non-overlapping page-aligned
 * areas (checked after every operation: walked in order with vma_first and
 * vma_next, and by vma_check(), which verifies the tree's order, balance,
 * heights and per-subtree largest gaps): vma_find and vma_range_free answer
 * exactly at area edges; vma_insert keeps the order; vma_remove splits
 * straddling areas and reports exactly the removed pieces; vma_protect
 * splits at both ends, reports exactly the pieces whose rights change, and
 * refuses a range with a hole (-ENOMEM) without changing anything; a failed
 * allocation (-ENOMEM) leaves the list unchanged and leaks nothing;
 * vma_find_gap honours a free aligned hint and otherwise returns the
 * highest fitting gap below high with guard bytes free on both sides, 0
 * when nothing fits; vma_clear releases everything; vma_clone copies
 * exactly, or leaves dst empty on -ENOMEM. Shared areas (VM_SHARED, with
 * kernel/mm/shmem.c): a split keeps each piece's page offset into the object
 * and its own reference, a clone takes one per area, and the object and
 * each of its frames go exactly when the last area referring to it does,
 * whatever the order of removal; a failed split or clone leaves the
 * references as they were. A randomized run compares
 * insert/remove/protect and vma_find_gap with a page-bitmap model; three
 * runs of 100,000 random steps (fixed seeds; one at address 0) compare the
 * exact area boundaries, every callback, lookups and gap searches with
 * unaligned arguments against a model with brute-force placement after
 * every step; and 12,288 areas inserted in random order stay balanced and
 * agree with the model through 20,000 more random steps. The open window
 * (the one top-down placement carves, kept out of the tree's largest gaps)
 * is checked by vma_check() with the rest, and carving it leaves the
 * root's largest gap unchanged.
 *
 * kmalloc/kfree are malloc-based here, count live objects (leak check) and
 * can make the Nth allocation from now fail.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <kernel/kmem.h>
#include <kernel/shmem.h>
#include <kernel/vma.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

#define P 0x1000ul
#define R PROT_READ
#define RW (PROT_READ | PROT_WRITE)
#define RX (PROT_READ | PROT_EXEC)

/* ---- the allocator ---- */

static long live_objects;
static unsigned int fail_countdown; /* 0: never; N: the Nth allocation from now fails */
static unsigned long nr_allocs;

void *kmalloc(size_t size)
{
	nr_allocs++;
	if (fail_countdown && --fail_countdown == 0)
		return NULL;
	void *p = malloc(size);

	assert_non_null(p);
	memset(p, 0xcc, size);
	live_objects++;
	return p;
}

void *kzalloc(size_t size)
{
	void *p = kmalloc(size);

	if (p)
		memset(p, 0, size);
	return p;
}

void kfree(void *ptr)
{
	if (!ptr)
		return;
	live_objects--;
	free(ptr);
}

/* As the heap's: each object counts as one allocation, and any failure fails them all. */
bool kmalloc_bulk(size_t size, size_t n, void **out)
{
	for (size_t i = 0; i < n; i++) {
		out[i] = kmalloc(size);
		if (!out[i]) {
			while (i--)
				kfree(out[i]);
			return false;
		}
	}
	return true;
}

void kfree_bulk(void **ptrs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		kfree(ptrs[i]);
}

static void fail_nth_alloc(unsigned int n)
{
	fail_countdown = n;
}

/* ---- frames, for kernel/mm/shmem.c: counted, never touched ---- */

static long live_frames;
static phys_addr_t next_frame = 0x100000;

phys_addr_t page_alloc_zeroed(size_t count)
{
	assert_int_equal(count, 1);
	live_frames++;
	next_frame += P;
	return next_frame;
}

void page_ref_put(phys_addr_t phys)
{
	assert_true(phys != 0);
	live_frames--;
}

void panic(const char *fmt, ...)
{
	fail_msg("panic: %s", fmt);
	abort();
}

/* ---- helpers ---- */

/* The index's own check (order, balance, gaps), then the walk in address order. */
static void check_invariants(const struct vma_tree *l)
{
	const struct vma *prev = NULL;
	const char *broken = vma_check(l);
	long n = 0;

	if (broken)
		fail_msg("vma index broken: %s", broken);
	for (const struct vma *v = vma_first(l); v; v = vma_next(v)) {
		assert_true(v->start < v->end);
		assert_int_equal(v->start % P, 0);
		assert_int_equal(v->end % P, 0);
		if (prev)
			assert_true(prev->end <= v->start);
		prev = v;
		n++;
	}
	assert_int_equal(l->count, n);
}

struct expect_area {
	uintptr_t start, end;
	unsigned int prot, flags;
};

/* The list is exactly areas[0..n). */
static void assert_list(const struct vma_tree *l, const struct expect_area *areas, size_t n)
{
	const struct vma *v = vma_first(l);

	check_invariants(l);
	for (size_t i = 0; i < n; i++) {
		assert_non_null(v);
		assert_int_equal(v->start, areas[i].start);
		assert_int_equal(v->end, areas[i].end);
		assert_int_equal(v->prot, areas[i].prot);
		assert_int_equal(v->flags, areas[i].flags);
		v = vma_next(v);
	}
	assert_null(v);
}

#define ASSERT_LIST(l, ...)                                                \
	do {                                                               \
		const struct expect_area want_[] = { __VA_ARGS__ };        \
		assert_list((l), want_, sizeof(want_) / sizeof(want_[0])); \
	} while (0)

/* Callback records. */
#define MAX_CALLS 256

struct call {
	uintptr_t start, end;
	unsigned int prot, flags;
};

static struct call calls[MAX_CALLS];
static unsigned int nr_calls;
static int ctx_token;

static void release_cb(const struct vma *v, void *ctx)
{
	uintptr_t start = v->start, end = v->end;

	assert_ptr_equal(ctx, &ctx_token);
	assert_true(nr_calls < MAX_CALLS);
	calls[nr_calls++] = (struct call){ start, end, 0, 0 };
}

static void apply_cb(uintptr_t start, uintptr_t end, unsigned int prot, unsigned int flags,
		     void *ctx)
{
	assert_ptr_equal(ctx, &ctx_token);
	assert_true(nr_calls < MAX_CALLS);
	calls[nr_calls++] = (struct call){ start, end, prot, flags };
}

static void assert_call(unsigned int i, uintptr_t start, uintptr_t end)
{
	assert_true(i < nr_calls);
	assert_int_equal(calls[i].start, start);
	assert_int_equal(calls[i].end, end);
}

static void assert_apply(unsigned int i, uintptr_t start, uintptr_t end, unsigned int prot,
			 unsigned int flags)
{
	assert_call(i, start, end);
	assert_int_equal(calls[i].prot, prot);
	assert_int_equal(calls[i].flags, flags);
}

static struct vma_tree list;

static int setup(void **state)
{
	(void)state;
	list = (struct vma_tree){ 0 };
	nr_calls = 0;
	fail_countdown = 0;
	live_objects = 0;
	live_frames = 0;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fail_countdown = 0;
	vma_clear(&list, NULL, NULL);
	assert_int_equal(live_objects, 0);
	return 0;
}

static void ins(uintptr_t s, uintptr_t e, unsigned int prot, unsigned int flags)
{
	assert_true(vma_range_free(&list, s, e));
	assert_int_equal(vma_insert(&list, s, e, prot, flags), 0);
	check_invariants(&list);
}

/* Areas A [1,3) R, B [5,6) RW|VM_BRK, C [8,12) RX|VM_IMAGE, in pages. */
static void three_areas(void)
{
	ins(8 * P, 12 * P, RX, VM_IMAGE);
	ins(1 * P, 3 * P, R, 0);
	ins(5 * P, 6 * P, RW, VM_BRK);
}

/* ---- find / range_free / insert ---- */

static void test_find(void **state)
{
	(void)state;
	assert_null(vma_find(&list, 0));
	assert_null(vma_find(&list, 0x1000));
	three_areas();
	assert_null(vma_find(&list, 0));
	assert_null(vma_find(&list, P - 1));
	assert_int_equal(vma_find(&list, P)->start, P);
	assert_int_equal(vma_find(&list, 3 * P - 1)->start, P);
	assert_null(vma_find(&list, 3 * P));
	assert_null(vma_find(&list, 5 * P - 1));
	assert_int_equal(vma_find(&list, 5 * P)->end, 6 * P);
	assert_null(vma_find(&list, 6 * P));
	assert_int_equal(vma_find(&list, 8 * P)->prot, RX);
	assert_int_equal(vma_find(&list, 12 * P - 1)->flags, VM_IMAGE);
	assert_null(vma_find(&list, 12 * P));
	assert_null(vma_find(&list, UINTPTR_MAX));
}

static void test_range_free(void **state)
{
	(void)state;
	assert_true(vma_range_free(&list, 0, UINTPTR_MAX));
	three_areas();
	assert_true(vma_range_free(&list, 0, P));
	assert_true(vma_range_free(&list, 3 * P, 5 * P));
	assert_true(vma_range_free(&list, 6 * P, 8 * P));
	assert_true(vma_range_free(&list, 12 * P, UINTPTR_MAX));
	assert_false(vma_range_free(&list, 0, P + 1));
	assert_false(vma_range_free(&list, 3 * P - 1, 5 * P));
	assert_false(vma_range_free(&list, 3 * P, 5 * P + 1));
	assert_false(vma_range_free(&list, 2 * P, 2 * P + 1));
	assert_false(vma_range_free(&list, 0, UINTPTR_MAX));
	assert_false(vma_range_free(&list, 9 * P, 10 * P)); /* inside C */
	assert_false(vma_range_free(&list, 7 * P, 13 * P)); /* around C */
}

static void test_insert_sorted(void **state)
{
	(void)state;
	three_areas();
	ins(3 * P, 5 * P, RW, 0); /* exactly fills the A..B hole */
	ins(20 * P, 21 * P, R, VM_STACK);
	ins(0, P, R, 0);
	ASSERT_LIST(&list, { 0, P, R, 0 }, { P, 3 * P, R, 0 }, { 3 * P, 5 * P, RW, 0 },
		    { 5 * P, 6 * P, RW, VM_BRK }, { 8 * P, 12 * P, RX, VM_IMAGE },
		    { 20 * P, 21 * P, R, VM_STACK });
	assert_int_equal(live_objects, 6);
}

static void test_insert_enomem_unchanged(void **state)
{
	(void)state;
	three_areas();
	fail_nth_alloc(1);
	assert_int_equal(vma_insert(&list, 6 * P, 7 * P, RW, 0), -ENOMEM);
	ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 5 * P, 6 * P, RW, VM_BRK },
		    { 8 * P, 12 * P, RX, VM_IMAGE });
	assert_int_equal(live_objects, 3);
}

/* ---- remove ---- */

static void test_remove_middle_splits(void **state)
{
	(void)state;
	three_areas();
	assert_int_equal(vma_remove(&list, 9 * P, 10 * P, release_cb, &ctx_token), 0);
	ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 5 * P, 6 * P, RW, VM_BRK },
		    { 8 * P, 9 * P, RX, VM_IMAGE }, { 10 * P, 12 * P, RX, VM_IMAGE });
	assert_int_equal(nr_calls, 1);
	assert_call(0, 9 * P, 10 * P);
	/* Four areas, and the removed one's memory kept for the next insertion. */
	assert_non_null(list.spare);
	assert_int_equal(live_objects, 5);
}

static void test_remove_whole_and_hole(void **state)
{
	(void)state;
	three_areas();
	assert_int_equal(vma_remove(&list, 5 * P, 6 * P, release_cb, &ctx_token), 0);
	ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 8 * P, 12 * P, RX, VM_IMAGE });
	assert_int_equal(nr_calls, 1);
	assert_call(0, 5 * P, 6 * P);
	/* A hole: nothing happens, no callback. */
	assert_int_equal(vma_remove(&list, 3 * P, 8 * P, release_cb, &ctx_token), 0);
	assert_int_equal(nr_calls, 1);
	ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 8 * P, 12 * P, RX, VM_IMAGE });
	/* NULL release is allowed. */
	assert_int_equal(vma_remove(&list, P, 3 * P, NULL, NULL), 0);
	ASSERT_LIST(&list, { 8 * P, 12 * P, RX, VM_IMAGE });
	assert_int_equal(live_objects, 2); /* with the spare */
}

static void test_remove_across_areas(void **state)
{
	(void)state;
	three_areas();
	/* From inside A to inside C: A's tail, all of B, C's head. */
	assert_int_equal(vma_remove(&list, 2 * P, 9 * P, release_cb, &ctx_token), 0);
	ASSERT_LIST(&list, { P, 2 * P, R, 0 }, { 9 * P, 12 * P, RX, VM_IMAGE });
	assert_int_equal(nr_calls, 3);
	assert_call(0, 2 * P, 3 * P);
	assert_call(1, 5 * P, 6 * P);
	assert_call(2, 8 * P, 9 * P);
	assert_int_equal(live_objects, 3); /* with the spare */
	/* Everything. */
	nr_calls = 0;
	assert_int_equal(vma_remove(&list, 0, UINTPTR_MAX & ~(P - 1), release_cb, &ctx_token), 0);
	assert_null(vma_first(&list));
	assert_int_equal(nr_calls, 2);
	assert_call(0, P, 2 * P);
	assert_call(1, 9 * P, 12 * P);
	assert_int_equal(live_objects, 1); /* the spare, until vma_clear() */
}

static void test_removal_keeps_one_spare_for_the_next_insert(void **state)
{
	unsigned long allocs;

	(void)state;
	three_areas();
	assert_int_equal(vma_remove(&list, 5 * P, 6 * P, NULL, NULL), 0);
	assert_non_null(list.spare);
	assert_int_equal(live_objects, 3);
	/* One spare only: the next removal's area goes back to the heap. */
	assert_int_equal(vma_remove(&list, P, 3 * P, NULL, NULL), 0);
	assert_int_equal(live_objects, 2);
	/* The next insertion takes it, without the heap. */
	allocs = nr_allocs;
	ins(5 * P, 6 * P, RW, 0);
	assert_int_equal(nr_allocs, allocs);
	assert_null(list.spare);
	assert_int_equal(live_objects, 2);
	/* And the one after needs the heap again. */
	fail_nth_alloc(1);
	assert_int_equal(vma_insert(&list, P, 3 * P, R, 0), -ENOMEM);
	fail_countdown = 0;
	ASSERT_LIST(&list, { 5 * P, 6 * P, RW, 0 }, { 8 * P, 12 * P, RX, VM_IMAGE });
}

static void test_remove_enomem_unchanged(void **state)
{
	(void)state;
	three_areas();
	for (unsigned int n = 1; n <= 2; n++) {
		nr_calls = 0;
		fail_nth_alloc(n);
		/* Needs two splits (inside A and inside C). */
		assert_int_equal(vma_remove(&list, 2 * P, 9 * P, release_cb, &ctx_token), -ENOMEM);
		ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 5 * P, 6 * P, RW, VM_BRK },
			    { 8 * P, 12 * P, RX, VM_IMAGE });
		assert_int_equal(nr_calls, 0);
		assert_int_equal(live_objects, 3);
		fail_countdown = 0;
	}
	/* One split, inside C. */
	fail_nth_alloc(1);
	assert_int_equal(vma_remove(&list, 9 * P, 10 * P, release_cb, &ctx_token), -ENOMEM);
	fail_countdown = 0;
	ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 5 * P, 6 * P, RW, VM_BRK },
		    { 8 * P, 12 * P, RX, VM_IMAGE });
	assert_int_equal(live_objects, 3);
}

static void test_remove_without_split_needs_no_memory(void **state)
{
	(void)state;
	/* A change that splits nothing must not need memory (<kernel/vma.h>). */
	three_areas();
	fail_nth_alloc(1);
	assert_int_equal(vma_remove(&list, 5 * P, 6 * P, release_cb, &ctx_token), 0);
	fail_countdown = 0;
	ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 8 * P, 12 * P, RX, VM_IMAGE });
}

/* ---- protect ---- */

static void test_protect_inside_splits_both_ends(void **state)
{
	(void)state;
	three_areas();
	assert_int_equal(vma_protect(&list, 9 * P, 11 * P, RW, apply_cb, &ctx_token), 0);
	ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 5 * P, 6 * P, RW, VM_BRK },
		    { 8 * P, 9 * P, RX, VM_IMAGE }, { 9 * P, 11 * P, RW, VM_IMAGE },
		    { 11 * P, 12 * P, RX, VM_IMAGE });
	assert_int_equal(nr_calls, 1);
	assert_apply(0, 9 * P, 11 * P, RW, VM_IMAGE);
	assert_int_equal(live_objects, 5);
}

static void test_protect_across_adjacent_areas(void **state)
{
	(void)state;
	ins(0x10 * P, 0x14 * P, R, 0);
	ins(0x14 * P, 0x18 * P, RW, VM_BRK);
	ins(0x18 * P, 0x20 * P, RX, VM_IMAGE);
	/* [0x12, 0x1a): R -> RW changes, RW stays, RX -> RW changes. */
	assert_int_equal(vma_protect(&list, 0x12 * P, 0x1a * P, RW, apply_cb, &ctx_token), 0);
	ASSERT_LIST(&list, { 0x10 * P, 0x12 * P, R, 0 }, { 0x12 * P, 0x14 * P, RW, 0 },
		    { 0x14 * P, 0x18 * P, RW, VM_BRK }, { 0x18 * P, 0x1a * P, RW, VM_IMAGE },
		    { 0x1a * P, 0x20 * P, RX, VM_IMAGE });
	assert_int_equal(nr_calls, 2); /* the unchanged middle is not reported */
	assert_apply(0, 0x12 * P, 0x14 * P, RW, 0);
	assert_apply(1, 0x18 * P, 0x1a * P, RW, VM_IMAGE);
	/* PROT_NONE on the whole lot, NULL apply allowed. */
	assert_int_equal(vma_protect(&list, 0x10 * P, 0x20 * P, PROT_NONE, NULL, NULL), 0);
	for (const struct vma *v = vma_first(&list); v; v = vma_next(v))
		assert_int_equal(v->prot, PROT_NONE);
	check_invariants(&list);
}

static void test_protect_hole_enomem_unchanged(void **state)
{
	(void)state;
	three_areas();
	/* A hole in the middle, at the start, at the end, and all hole. */
	static const uintptr_t ranges[][2] = {
		{ 2 * P, 6 * P }, { 0, 2 * P },	    { 11 * P, 13 * P },
		{ 3 * P, 5 * P }, { 2 * P, 9 * P }, { 5 * P, 7 * P },
	};
	for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
		assert_int_equal(vma_protect(&list, ranges[i][0], ranges[i][1], RW | PROT_EXEC,
					     apply_cb, &ctx_token),
				 -ENOMEM);
		ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 5 * P, 6 * P, RW, VM_BRK },
			    { 8 * P, 12 * P, RX, VM_IMAGE });
		assert_int_equal(nr_calls, 0);
		assert_int_equal(live_objects, 3);
	}
}

static void test_protect_enomem_unchanged(void **state)
{
	(void)state;
	three_areas();
	for (unsigned int n = 1; n <= 2; n++) {
		fail_nth_alloc(n);
		assert_int_equal(vma_protect(&list, 9 * P, 10 * P, RW, apply_cb, &ctx_token),
				 -ENOMEM);
		fail_countdown = 0;
		ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 5 * P, 6 * P, RW, VM_BRK },
			    { 8 * P, 12 * P, RX, VM_IMAGE });
		assert_int_equal(nr_calls, 0);
		assert_int_equal(live_objects, 3);
	}
}

static void test_protect_same_prot_reports_nothing(void **state)
{
	(void)state;
	three_areas();
	assert_int_equal(vma_protect(&list, 9 * P, 10 * P, RX, apply_cb, &ctx_token), 0);
	assert_int_equal(nr_calls, 0);
	check_invariants(&list);
	for (uintptr_t a = 8 * P; a < 12 * P; a += P)
		assert_int_equal(vma_find(&list, a)->prot, RX);
}

/* ---- find_gap ---- */

static void test_gap_empty_list(void **state)
{
	(void)state;
	assert_int_equal(vma_find_gap(&list, 2 * P, 0, P, 16 * P, 0), 14 * P);
	assert_int_equal(vma_find_gap(&list, 15 * P, 0, P, 16 * P, 0), P);
	assert_int_equal(vma_find_gap(&list, 16 * P, 0, P, 16 * P, 0), 0);
	assert_int_equal(vma_find_gap(&list, 0, 0, P, 16 * P, 0), 0);
	assert_int_equal(vma_find_gap(&list, 0, 4 * P, P, 16 * P, 0), 0);
	/* A length that is not a page multiple: the start is still aligned. */
	assert_int_equal(vma_find_gap(&list, P + 1, 0, P, 16 * P, 0), 14 * P);
}

static void test_gap_hint(void **state)
{
	(void)state;
	three_areas();
	/* Free and aligned: taken as is. */
	assert_int_equal(vma_find_gap(&list, 2 * P, 3 * P, 0, 32 * P, 0), 3 * P);
	assert_int_equal(vma_find_gap(&list, P, 6 * P, 0, 32 * P, 0), 6 * P);
	/* Unaligned, occupied, too big for its hole, or outside [low, high): top-down. */
	assert_int_equal(vma_find_gap(&list, 2 * P, 3 * P + 8, 0, 32 * P, 0), 30 * P);
	assert_int_equal(vma_find_gap(&list, 2 * P, 9 * P, 0, 32 * P, 0), 30 * P);
	assert_int_equal(vma_find_gap(&list, 3 * P, 3 * P, 0, 32 * P, 0), 29 * P);
	assert_int_equal(vma_find_gap(&list, P, 40 * P, 0, 32 * P, 0), 31 * P);
	assert_int_equal(vma_find_gap(&list, P, 31 * P + P, 0, 32 * P, 0), 31 * P);
	assert_int_equal(vma_find_gap(&list, P, 3 * P, 4 * P, 32 * P, 0), 31 * P);
	/* With a guard the hint needs free space around it too. */
	assert_int_equal(vma_find_gap(&list, P, 14 * P, 0, 32 * P, P), 14 * P);
	assert_int_equal(vma_find_gap(&list, P, 3 * P, 0, 32 * P, P), 31 * P); /* A at 2 */
	assert_int_equal(vma_find_gap(&list, P, 4 * P, 0, 32 * P, P), 31 * P); /* B at 5 */
	/* The guard above need not be below high, only free. */
	assert_int_equal(vma_find_gap(&list, 2 * P, 3 * P, 0, 32 * P, P), 30 * P);
}

static void test_gap_top_down_below_areas(void **state)
{
	(void)state;
	ins(12 * P, 16 * P, RW, 0); /* up to high */
	ins(6 * P, 8 * P, RW, 0);
	/* Holes: [0,6) 6 pages, [8,12) 4 pages, below high = 16. */
	assert_int_equal(vma_find_gap(&list, 2 * P, 0, 0, 16 * P, 0), 10 * P);
	assert_int_equal(vma_find_gap(&list, 4 * P, 0, 0, 16 * P, 0), 8 * P);
	assert_int_equal(vma_find_gap(&list, 5 * P, 0, 0, 16 * P, 0), P);
	assert_int_equal(vma_find_gap(&list, 6 * P, 0, 0, 16 * P, 0), 0);
	assert_int_equal(vma_find_gap(&list, 7 * P, 0, 0, 16 * P, 0), 0);
	/* low cuts the bottom hole. */
	assert_int_equal(vma_find_gap(&list, 5 * P, 0, P, 16 * P, 0), P);
	assert_int_equal(vma_find_gap(&list, 5 * P, 0, 2 * P, 16 * P, 0), 0);
	/* high below the top area: the space just below high counts. */
	assert_int_equal(vma_find_gap(&list, P, 0, 0, 11 * P, 0), 10 * P);
	assert_int_equal(vma_find_gap(&list, 4 * P, 0, 0, 11 * P, 0), 2 * P);
	/* Areas above high do not matter. */
	assert_int_equal(vma_find_gap(&list, 2 * P, 0, 0, 6 * P, 0), 4 * P);
}

static void test_gap_guard(void **state)
{
	(void)state;
	ins(12 * P, 16 * P, RW, 0);
	ins(7 * P, 9 * P, RW, 0);
	/* [9,12) is 3 pages: a 2-page range with guard 1 page does not fit. */
	assert_int_equal(vma_find_gap(&list, 2 * P, 0, 0, 16 * P, P), 4 * P);
	assert_int_equal(vma_find_gap(&list, P, 0, 0, 16 * P, P), 10 * P);
	assert_int_equal(vma_find_gap(&list, 2 * P, 0, 0, 16 * P, 0), 10 * P);
	/* The guard also applies at high when an area starts there. */
	assert_int_equal(vma_find_gap(&list, P, 0, 0, 12 * P, P), 10 * P);
	assert_int_equal(vma_find_gap(&list, P, 0, 0, 12 * P, 0), 11 * P);
	/* Bottom hole [0,7) with guard 2: [2,5) + guards [0,2) and [5,7). */
	assert_int_equal(vma_find_gap(&list, 3 * P, 0, 0, 16 * P, 2 * P), 2 * P);
	/* The guard below address 0 is cut off, not a reason to refuse. */
	assert_int_equal(vma_find_gap(&list, 4 * P, 0, 0, 16 * P, 2 * P), P);
	assert_int_equal(vma_find_gap(&list, 6 * P, 0, 0, 16 * P, 2 * P), 0);
}

/*
 * The edges of the search: high below the lowest area (only the window
 * under it counts), a guard so large that only a bottom window, whose guard
 * falls off address 0, can hold it, and a length that fits nowhere.
 */
static void test_gap_edges(void **state)
{
	const uintptr_t huge = (uintptr_t)1 << 63, top = UINTPTR_MAX & ~(P - 1);

	(void)state;
	/* Empty: the guard below is cut off at 0, the one above must fit under the top. */
	assert_int_equal(vma_find_gap(&list, P, 0, 0, top, huge), huge - 2 * P);
	ins(16 * P, 20 * P, RW, VM_SHADOW_STACK); /* reaches [15, 21) */
	/* high inside the area: the window below it, [0, 15), is the only one. */
	assert_int_equal(vma_find_gap(&list, 4 * P, 0, 0, 18 * P, 0), 11 * P);
	assert_int_equal(vma_find_gap(&list, 15 * P, 0, 0, 18 * P, 0), 0);
	assert_int_equal(vma_find_gap(&list, 16 * P, 0, 0, 18 * P, 0), 0);
	assert_int_equal(vma_find_gap(&list, 4 * P, 0, 12 * P, 18 * P, 0), 0); /* below low */
	/* A guard of 2^63 fits nowhere now; a length of 2^63 still fits above. */
	assert_int_equal(vma_find_gap(&list, P, 0, 0, top, huge), 0);
	assert_int_equal(vma_find_gap(&list, P, 0, 0, top, UINTPTR_MAX), 0);
	assert_int_equal(vma_find_gap(&list, huge, 0, 0, top, 0), huge - P);
	assert_int_equal(vma_find_gap(&list, top - 21 * P, 0, 0, top, 0), 21 * P);
	assert_int_equal(vma_find_gap(&list, top - 20 * P, 0, 0, top, 0), 0);
	/* Below the shadow stack's reach, [0, 15): guard 13 pages above, cut off below. */
	assert_int_equal(vma_find_gap(&list, P, 0, 0, 18 * P, 13 * P), P);
	assert_int_equal(vma_find_gap(&list, P, 0, 0, 18 * P, 7 * P), 7 * P);
	assert_int_equal(vma_find_gap(&list, 2 * P, 0, 0, 18 * P, 14 * P), 0);
}

/*
 * A change of an empty range (start >= end) changes nothing and needs no
 * memory: no split at start, no callback.
 */
static void test_empty_range_changes_nothing(void **state)
{
	(void)state;
	three_areas();
	fail_nth_alloc(1);
	assert_int_equal(vma_remove(&list, 9 * P, 9 * P, release_cb, &ctx_token), 0);
	assert_int_equal(vma_protect(&list, 9 * P, 9 * P, RW, apply_cb, &ctx_token), 0);
	assert_int_equal(vma_remove(&list, 10 * P, 9 * P, release_cb, &ctx_token), 0);
	fail_countdown = 0;
	assert_int_equal(nr_calls, 0);
	ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 5 * P, 6 * P, RW, VM_BRK },
		    { 8 * P, 12 * P, RX, VM_IMAGE });
	assert_int_equal(live_objects, 3);
}

/* ---- clear / clone ---- */

static void test_clear(void **state)
{
	(void)state;
	three_areas();
	vma_clear(&list, release_cb, &ctx_token);
	assert_null(vma_first(&list));
	assert_int_equal(nr_calls, 3);
	assert_call(0, P, 3 * P);
	assert_call(1, 5 * P, 6 * P);
	assert_call(2, 8 * P, 12 * P);
	assert_int_equal(live_objects, 0);
	vma_clear(&list, release_cb, &ctx_token); /* empty: no calls */
	assert_int_equal(nr_calls, 3);
}

static void test_clone(void **state)
{
	/* garbage is overwritten */
	struct vma_tree copy = { .root = (struct vma *)0x1, .count = 7 };

	(void)state;
	three_areas();
	assert_int_equal(vma_clone(&copy, &list), 0);
	ASSERT_LIST(&copy, { P, 3 * P, R, 0 }, { 5 * P, 6 * P, RW, VM_BRK },
		    { 8 * P, 12 * P, RX, VM_IMAGE });
	assert_int_equal(live_objects, 6);
	/* Independent: changing the source leaves the copy alone. */
	assert_int_equal(vma_remove(&list, 0, 16 * P, NULL, NULL), 0);
	ASSERT_LIST(&copy, { P, 3 * P, R, 0 }, { 5 * P, 6 * P, RW, VM_BRK },
		    { 8 * P, 12 * P, RX, VM_IMAGE });
	vma_clear(&copy, NULL, NULL);
	/* Empty source. */
	assert_int_equal(vma_clone(&copy, &list), 0);
	assert_null(vma_first(&copy));
	assert_int_equal(copy.count, 0);
	assert_null(copy.spare);
	assert_int_equal(live_objects, 1); /* the source's spare */
}

static void test_clone_enomem(void **state)
{
	struct vma_tree copy;

	(void)state;
	three_areas();
	for (unsigned int n = 1; n <= 3; n++) {
		copy.root = (struct vma *)0x1;
		copy.count = 7;
		fail_nth_alloc(n);
		assert_int_equal(vma_clone(&copy, &list), -ENOMEM);
		fail_countdown = 0;
		assert_null(vma_first(&copy));
		assert_int_equal(copy.count, 0);
		assert_int_equal(live_objects, 3);
		ASSERT_LIST(&list, { P, 3 * P, R, 0 }, { 5 * P, 6 * P, RW, VM_BRK },
			    { 8 * P, 12 * P, RX, VM_IMAGE });
	}
}

/* ---- randomized, against a page-bitmap model ---- */

#define NPAGES 64
#define BASE 0x400000ul
#define UNMAPPED 0xffu

static unsigned char model_prot[NPAGES]; /* UNMAPPED or the prot */
static unsigned char model_flags[NPAGES];
static unsigned char touched[NPAGES];

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static unsigned int rnd(unsigned int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned int)(rng % n);
}

static void touch_release(const struct vma *v, void *ctx)
{
	uintptr_t start = v->start, end = v->end;

	(void)ctx;
	assert_true(start >= BASE && end <= BASE + NPAGES * P && start < end);
	for (uintptr_t a = start; a < end; a += P) {
		assert_int_equal(touched[(a - BASE) / P], 0); /* each page once */
		touched[(a - BASE) / P] = 1;
	}
}

static void touch_apply(uintptr_t start, uintptr_t end, unsigned int prot, unsigned int flags,
			void *ctx)
{
	(void)ctx;
	assert_true(start >= BASE && end <= BASE + NPAGES * P && start < end);
	for (uintptr_t a = start; a < end; a += P) {
		size_t i = (a - BASE) / P;

		assert_int_equal(touched[i], 0);
		touched[i] = 1;
		assert_int_equal(flags, model_flags[i]); /* the area's flags */
		assert_int_not_equal(prot, model_prot[i]);
	}
}

static void compare_with_model(void)
{
	check_invariants(&list);
	for (size_t i = 0; i < NPAGES; i++) {
		const struct vma *v = vma_find(&list, BASE + i * P);

		if (model_prot[i] == UNMAPPED) {
			assert_null(v);
		} else {
			assert_non_null(v);
			assert_int_equal(v->prot, model_prot[i]);
			assert_int_equal(v->flags, model_flags[i]);
		}
	}
	for (const struct vma *v = vma_first(&list); v; v = vma_next(v))
		assert_true(v->start >= BASE && v->end <= BASE + NPAGES * P);
}

/* Free, and not in the one-page guard gap on either side of a shadow stack. */
static bool page_placeable(size_t i)
{
	if (i >= NPAGES)
		return true;
	if (model_prot[i] != UNMAPPED)
		return false;
	if (i > 0 && model_prot[i - 1] != UNMAPPED && (model_flags[i - 1] & VM_SHADOW_STACK))
		return false;
	if (i + 1 < NPAGES && model_prot[i + 1] != UNMAPPED &&
	    (model_flags[i + 1] & VM_SHADOW_STACK))
		return false;
	return true;
}

/* The reference vma_find_gap: brute force over pages, highest start first. */
static uintptr_t model_gap(size_t pages, size_t hint, size_t low, size_t high, size_t guard)
{
	if (pages == 0 || pages > high - low)
		return 0;
	for (size_t s = high - pages + 1; s-- > low;) {
		bool ok = true;
		size_t from = s >= guard ? s - guard : 0;

		for (size_t i = from; i < s + pages + guard && ok; i++)
			ok = page_placeable(i);
		if (ok && hint == s)
			return BASE + s * P;
		if (ok && hint == SIZE_MAX) {
			return BASE + s * P;
		}
	}
	return 0;
}

static void test_random_against_model(void **state)
{
	(void)state;
	memset(model_prot, UNMAPPED, sizeof(model_prot));
	memset(model_flags, 0, sizeof(model_flags));
	for (int iter = 0; iter < 20000; iter++) {
		size_t s = rnd(NPAGES);
		size_t e = s + 1 + rnd(NPAGES - s);
		unsigned int prot = rnd(8);
		unsigned int flags = rnd(16);
		bool fail = rnd(10) == 0;
		int op = rnd(4);
		bool all_free = true, all_mapped = true;

		for (size_t i = s; i < e; i++) {
			all_free &= model_prot[i] == UNMAPPED;
			all_mapped &= model_prot[i] != UNMAPPED;
		}
		assert_int_equal(vma_range_free(&list, BASE + s * P, BASE + e * P), all_free);
		memset(touched, 0, sizeof(touched));
		if (fail)
			fail_nth_alloc(1 + rnd(2));
		if (op == 0) {
			if (!all_free) {
				fail_countdown = 0;
				continue;
			}
			int r = vma_insert(&list, BASE + s * P, BASE + e * P, prot, flags);

			if (fail) {
				/* The first allocation is the area itself. */
				assert_int_equal(r, fail_countdown == 0 ? -ENOMEM : 0);
			}
			if (r == 0) {
				memset(model_prot + s, (int)prot, e - s);
				memset(model_flags + s, (int)flags, e - s);
			}
		} else if (op == 1) {
			int r = vma_remove(&list, BASE + s * P, BASE + e * P, touch_release, NULL);

			if (r == 0) {
				for (size_t i = 0; i < NPAGES; i++)
					assert_int_equal(touched[i],
							 i >= s && i < e &&
								 model_prot[i] != UNMAPPED);
				memset(model_prot + s, UNMAPPED, e - s);
			} else {
				assert_int_equal(r, -ENOMEM);
				assert_true(fail);
				for (size_t i = 0; i < NPAGES; i++)
					assert_int_equal(touched[i], 0);
			}
		} else if (op == 2) {
			int r = vma_protect(&list, BASE + s * P, BASE + e * P, prot, touch_apply,
					    NULL);

			if (!all_mapped) {
				assert_int_equal(r, -ENOMEM);
			} else if (r == 0) {
				for (size_t i = 0; i < NPAGES; i++)
					assert_int_equal(touched[i],
							 i >= s && i < e && model_prot[i] != prot);
				memset(model_prot + s, (int)prot, e - s);
			} else {
				assert_int_equal(r, -ENOMEM);
				assert_true(fail);
			}
			if (r)
				for (size_t i = 0; i < NPAGES; i++)
					assert_int_equal(touched[i], 0);
		} else {
			/* find_gap: top-down and with a hint, guard 0..2 pages. */
			size_t low = rnd(NPAGES / 2), high = NPAGES / 2 + rnd(NPAGES / 2 + 1);
			size_t pages = rnd(12), guard = rnd(3);
			size_t hint = rnd(NPAGES);
			uintptr_t top = model_gap(pages, SIZE_MAX, low, high, guard);
			uintptr_t want_hint = model_gap(pages, hint, low, high, guard);

			fail_countdown = 0;
			assert_int_equal(vma_find_gap(&list, pages * P, 0, BASE + low * P,
						      BASE + high * P, guard * P),
					 top);
			assert_int_equal(vma_find_gap(&list, pages * P, BASE + hint * P,
						      BASE + low * P, BASE + high * P, guard * P),
					 want_hint ? want_hint : top);
		}
		fail_countdown = 0;
		compare_with_model();
	}
}

/*
 * Linux's max_map_count: an address space holds at most VMA_MAX_COUNT areas;
 * one more insert, or a split that would pass it, is -ENOMEM with nothing
 * changed, while removing whole areas still works.
 */
static void test_max_map_count_enomem(void **state)
{
	(void)state;
	for (uintptr_t i = 0; i < VMA_MAX_COUNT; i++)
		assert_int_equal(vma_insert(&list, (2 * i + 1) * P, (2 * i + 2) * P, R, 0), 0);
	check_invariants(&list);
	assert_int_equal(list.count, VMA_MAX_COUNT);
	assert_int_equal(vma_insert(&list, 0, P, R, 0), -ENOMEM);
	assert_int_equal(list.count, VMA_MAX_COUNT);
	/* Three areas out, one big one in: a protect splitting it in three fills the two slots. */
	assert_int_equal(vma_remove(&list, 1 * P, 6 * P, NULL, NULL), 0);
	assert_int_equal(list.count, VMA_MAX_COUNT - 3);
	assert_int_equal(vma_insert(&list, 1 * P, 6 * P, R, 0), 0);
	assert_int_equal(vma_protect(&list, 2 * P, 3 * P, RW, NULL, NULL), 0);
	assert_int_equal(list.count, VMA_MAX_COUNT);
	/* Full: the next split fails and changes nothing. */
	assert_int_equal(vma_protect(&list, 4 * P, 5 * P, RW, NULL, NULL), -ENOMEM);
	assert_int_equal(vma_remove(&list, 4 * P, 5 * P, NULL, NULL), -ENOMEM);
	assert_int_equal(list.count, VMA_MAX_COUNT);
	check_invariants(&list);
}

/*
 * ---- long random runs and 10,000+ areas, against a reference model ----
 *
 * The model is a page array: each page's prot (or UNMAPPED), flags, and
 * whether an area starts there, so it knows the exact area boundaries a
 * run of splits must leave. Its gap search is brute force over every
 * aligned start from high down, with the placement rule spelled out in
 * bytes: [s - guard, s + len + guard) must meet no area's reach (a shadow
 * stack reaches a page further on both sides), the guard below being cut
 * off at address 0. After every step the index must list exactly the
 * model's areas and pass vma_check() (order, balance, heights, gaps).
 */

struct model {
	uintptr_t base; /* address of page 0 */
	size_t n;	/* pages */
	unsigned char *prot, *flags, *head;
	unsigned char *seen;   /* pages released or re-protected by the step */
	unsigned int *blocked; /* prefix sums over pages -1..n of "in some reach" */
	bool dirty;	       /* blocked is stale */
};

static struct model *cur;	   /* for the callbacks */
static uintptr_t seen_lo, seen_hi; /* the range of the change */
static uintptr_t last_seen_end;	   /* callbacks come lowest first */

static void model_init(struct model *m, uintptr_t base, size_t n)
{
	m->base = base;
	m->n = n;
	m->prot = malloc(n);
	m->flags = calloc(n, 1);
	m->head = calloc(n, 1);
	m->seen = calloc(n, 1);
	m->blocked = calloc(n + 3, sizeof(*m->blocked));
	assert_true(m->prot && m->flags && m->head && m->seen && m->blocked);
	memset(m->prot, UNMAPPED, n);
	m->dirty = true;
	cur = m;
}

static void model_free(struct model *m)
{
	free(m->prot);
	free(m->flags);
	free(m->head);
	free(m->seen);
	free(m->blocked);
}

static bool mapped(const struct model *m, size_t i)
{
	return i < m->n && m->prot[i] != UNMAPPED;
}

static uintptr_t pg(const struct model *m, size_t i)
{
	return m->base + i * P;
}

/* A change of the model: an area starts wherever a change ends inside one. */
static void model_insert(struct model *m, size_t s, size_t e, unsigned int prot, unsigned int flags)
{
	memset(m->prot + s, (int)prot, e - s);
	memset(m->flags + s, (int)flags, e - s);
	memset(m->head + s, 0, e - s);
	m->head[s] = 1;
	m->dirty = true;
}

static void model_remove(struct model *m, size_t s, size_t e)
{
	memset(m->prot + s, UNMAPPED, e - s);
	memset(m->head + s, 0, e - s);
	if (mapped(m, e))
		m->head[e] = 1;
	m->dirty = true;
}

static void model_protect(struct model *m, size_t s, size_t e, unsigned int prot)
{
	memset(m->prot + s, (int)prot, e - s);
	m->head[s] = 1;
	if (mapped(m, e))
		m->head[e] = 1;
}

/* The index lists exactly the model's areas, and its invariants hold. */
static void model_compare(struct model *m, const struct vma_tree *l)
{
	const struct vma *v = vma_first(l);
	const char *broken = vma_check(l);
	unsigned int areas = 0;

	if (broken)
		fail_msg("vma index broken: %s", broken);
	for (size_t i = 0, j; i < m->n; i = j) {
		if (!mapped(m, i)) {
			j = i + 1;
			continue;
		}
		assert_true(m->head[i]);
		for (j = i + 1; mapped(m, j) && !m->head[j]; j++) {
			assert_int_equal(m->prot[j], m->prot[i]);
			assert_int_equal(m->flags[j], m->flags[i]);
		}
		assert_non_null(v);
		assert_int_equal(v->start, pg(m, i));
		assert_int_equal(v->end, pg(m, j));
		assert_int_equal(v->prot, m->prot[i]);
		assert_int_equal(v->flags, m->flags[i]);
		v = vma_next(v);
		areas++;
	}
	assert_null(v);
	assert_int_equal(l->count, areas);
}

/* Pages -1..n: in an area, or in a shadow stack's guard page on either side. */
static void model_blocked(struct model *m)
{
	if (!m->dirty)
		return;
	m->blocked[0] = 0;
	for (size_t k = 0; k < m->n + 2; k++) {
		size_t i = k - 1; /* page index, SIZE_MAX for page -1 */
		bool b = mapped(m, i) ||
			 (k >= 1 && mapped(m, i - 1) && (m->flags[i - 1] & VM_SHADOW_STACK)) ||
			 (mapped(m, i + 1) && (m->flags[i + 1] & VM_SHADOW_STACK));

		if (k == 0 && m->base == 0)
			b = false; /* there is no page -1 */
		m->blocked[k + 1] = m->blocked[k] + b;
	}
	m->dirty = false;
}

/* True when no reach meets [from, to) (bytes). */
static bool model_free_bytes(struct model *m, uintptr_t from, uintptr_t to)
{
	/* Page numbers k from page -1 (k = 0) to page n (k = n + 1), clipped. */
	__int128 below = (__int128)m->base - P;
	__int128 a = ((__int128)from - below) / P, b = ((__int128)to - below + P - 1) / P;

	if (from < below)
		a = 0;
	if (to <= below)
		b = 0;
	if (a > (__int128)m->n + 2)
		a = m->n + 2;
	if (b > (__int128)m->n + 2)
		b = m->n + 2;
	if (a >= b)
		return true;
	model_blocked(m);
	return m->blocked[b] == m->blocked[a];
}

/*
 * Whether len bytes at s fit with guard bytes free around them. The hint
 * check cuts an end past the top of the address space at the top; the
 * search needs the whole range below it.
 */
static bool model_spot_ok(struct model *m, uintptr_t s, size_t len, size_t guard, bool hint)
{
	uintptr_t from = s >= guard ? s - guard : 0, to;

	if (__builtin_add_overflow(s, len, &to) || __builtin_add_overflow(to, guard, &to)) {
		if (!hint)
			return false;
		to = UINTPTR_MAX;
	}
	return model_free_bytes(m, from, to);
}

static uintptr_t model_find_gap(struct model *m, size_t len, uintptr_t hint, uintptr_t low,
				uintptr_t high, size_t guard)
{
	if (len == 0 || high < low || len > high - low)
		return 0;
	if (hint && hint % P == 0 && hint >= low && hint <= high && len <= high - hint &&
	    model_spot_ok(m, hint, len, guard, true))
		return hint;
	for (uintptr_t s = (high - len) & ~(P - 1); s >= low; s -= P) {
		if (model_spot_ok(m, s, len, guard, false))
			return s;
		if (s < P)
			break;
	}
	return 0;
}

static void seen_release(const struct vma *v, void *ctx)
{
	struct model *m = cur;
	uintptr_t start = v->start, end = v->end;

	(void)ctx;
	assert_true(start >= seen_lo && end <= seen_hi && start < end);
	assert_true(start >= last_seen_end); /* lowest first */
	last_seen_end = end;
	for (uintptr_t a = start; a < end; a += P) {
		size_t i = (a - m->base) / P;

		assert_int_equal(m->seen[i], 0);
		m->seen[i] = 1;
		assert_int_not_equal(m->prot[i], UNMAPPED);
	}
}

static void seen_apply(uintptr_t start, uintptr_t end, unsigned int prot, unsigned int flags,
		       void *ctx)
{
	struct model *m = cur;

	(void)ctx;
	assert_true(start >= seen_lo && end <= seen_hi && start < end);
	assert_true(start >= last_seen_end);
	last_seen_end = end;
	for (uintptr_t a = start; a < end; a += P) {
		size_t i = (a - m->base) / P;

		assert_int_equal(m->seen[i], 0);
		m->seen[i] = 1;
		assert_int_equal(flags, m->flags[i]);
		assert_int_not_equal(prot, m->prot[i]);
	}
}

/* A random range of pages inside the model: mostly short, sometimes long. */
static void rnd_range(const struct model *m, size_t *s, size_t *e)
{
	size_t max = rnd(8) == 0 ? MIN(m->n / 4, 64) : 8;

	*s = rnd((unsigned int)m->n);
	*e = *s + 1 + rnd((unsigned int)MIN(max, m->n - *s));
}

/* A byte count near pages * P: page multiples mostly, sometimes a little over or under. */
static size_t rnd_bytes(size_t pages)
{
	switch (rnd(8)) {
	case 0:
		return pages * P + 1 + rnd(P - 1);
	case 1:
		return pages ? pages * P - 1 - rnd(P - 1) : 0;
	default:
		return pages * P;
	}
}

/* find_gap with random arguments (hint, low, high, guard, unaligned ones too) vs the model. */
/*
 * The spot's neighbours are the areas next to at in address order: prev
 * the last that starts below it, next the first above (NULL at an end).
 */
static void check_spot_neighbours(const struct vma_spot *spot)
{
	const struct vma *next = vma_first_above(&list, spot->at); /* at is free: it starts above */

	assert_ptr_equal(spot->next, next);
	if (next)
		assert_true(next->start > spot->at);
	if (!spot->prev) {
		assert_ptr_equal(vma_first(&list), next);
	} else {
		assert_true(spot->prev->start < spot->at);
		assert_ptr_equal(vma_next(spot->prev), next);
	}
}

static uintptr_t check_find_gap(struct model *m, size_t *len_out, size_t *guard_out,
				struct vma_spot *spot)
{
	size_t len = rnd_bytes(rnd(4) ? 1 + rnd(8) : rnd(64));
	size_t guard = rnd(2) ? 0 : rnd_bytes(rnd(3));
	uintptr_t low = m->base + rnd_bytes(rnd((unsigned int)m->n / 2));
	uintptr_t high = m->base + rnd_bytes(m->n / 2 + rnd((unsigned int)m->n / 2 + 8));
	uintptr_t hint = 0, got, want;

	if (rnd(4) == 0)
		low = m->base >= 64 * P ? m->base - rnd(64) * P : rnd_bytes(rnd(4));
	if (rnd(16) == 0)
		high = UINTPTR_MAX - rnd(2 * P); /* up to the top of the address space */
	else if (rnd(16) == 0)
		high = m->base + rnd_bytes(rnd(16)); /* below the lowest areas, often */
	if (rnd(2))
		hint = rnd(8) ? pg(m, rnd((unsigned int)m->n)) : rnd_bytes(rnd(1 << 20));
	want = model_find_gap(m, len, hint, low, high, guard);
	got = vma_find_spot(&list, len, hint, low, high, guard, spot);
	assert_int_equal(spot->at, got);
	if (got)
		check_spot_neighbours(spot);
	assert_int_equal(vma_find_gap(&list, len, hint, low, high, guard), got);
	if (got != want)
		fail_msg("vma_find_gap(len %#zx, hint %#lx, low %#lx, high %#lx, guard %#zx): "
			 "%#lx, want %#lx",
			 len, (unsigned long)hint, (unsigned long)low, (unsigned long)high, guard,
			 (unsigned long)got, (unsigned long)want);
	*len_out = len;
	*guard_out = guard;
	return got;
}

/* Lookups at random pages: vma_find, vma_first_above, vma_range_free. */
static void check_lookups(struct model *m)
{
	for (int k = 0; k < 4; k++) {
		size_t i = rnd((unsigned int)m->n), j = i;
		uintptr_t a = pg(m, i) + (rnd(2) ? 0 : rnd(P));
		const struct vma *v = vma_find(&list, a), *w = vma_first_above(&list, a);

		if (mapped(m, i)) {
			assert_non_null(v);
			assert_true(v->start <= a && a < v->end);
			assert_int_equal(v->prot, m->prot[i]);
			assert_ptr_equal(w, v);
		} else {
			assert_null(v);
			while (j < m->n && !mapped(m, j))
				j++;
			if (j == m->n)
				assert_true(!w || w->start >= pg(m, m->n));
			else
				assert_true(w && w->start == pg(m, j));
		}
	}

	size_t s, e;
	bool all_free = true;

	rnd_range(m, &s, &e);
	for (size_t i = s; i < e; i++)
		all_free &= !mapped(m, i);
	assert_int_equal(vma_range_free(&list, pg(m, s), pg(m, e)), all_free);
}

/*
 * One random step: insert (at a free place, or where find_gap says, as mmap
 * and the shadow-stack code do), remove, protect, or just a gap search;
 * one allocation in ten fails. Each call is checked against the model
 * (callbacks cover exactly the pages that change, lowest first; only an
 * injected failure fails, and it changes nothing); every check_every steps
 * the whole index is compared.
 */
static void random_step(struct model *m, unsigned long step, unsigned int check_every)
{
	size_t s, e, len, guard;
	unsigned int prot = rnd(8), flags = rnd(16); /* every combination of VM_* */
	bool fail = rnd(10) == 0, all_free = true, all_mapped = true;
	int op = rnd(5), r = 0;

	rnd_range(m, &s, &e);
	for (size_t i = s; i < e; i++) {
		all_free &= !mapped(m, i);
		all_mapped &= mapped(m, i);
	}
	memset(m->seen + s, 0, e - s);
	seen_lo = pg(m, s);
	seen_hi = pg(m, e);
	last_seen_end = 0;
	if (op == 0 && all_free) {
		fail &= !list.spare; /* an insertion with a spare area needs no memory */
		if (fail)
			fail_nth_alloc(1);
		r = vma_insert(&list, pg(m, s), pg(m, e), prot, flags);
		assert_int_equal(r, fail ? -ENOMEM : 0);
		if (!r)
			model_insert(m, s, e, prot, flags);
	} else if (op == 1) {
		struct vma_spot spot;
		uintptr_t at = check_find_gap(m, &len, &guard, &spot);

		len = ALIGN_UP(len, P);
		s = (at - m->base) / P;
		/* Where it found room (at address 0 also when it found none: also free). */
		if (len && at >= m->base && at - m->base <= m->n * P &&
		    len <= m->n * P - (at - m->base) && model_free_bytes(m, at, at + len)) {
			flags = guard >= P ? VM_SHADOW_STACK : flags;
			/* Linked where the search ended (no descent), or the usual way. */
			if (at && rnd(2))
				assert_int_equal(vma_insert_at(&list, &spot, len, prot, flags), 0);
			else
				assert_int_equal(vma_insert(&list, at, at + len, prot, flags), 0);
			model_insert(m, s, s + len / P, prot, flags);
		}
	} else if (op == 2) {
		if (fail)
			fail_nth_alloc(1 + rnd(2));
		r = vma_remove(&list, pg(m, s), pg(m, e), seen_release, NULL);
		for (size_t i = s; i < e; i++)
			assert_int_equal(m->seen[i], !r && mapped(m, i));
		if (!r)
			model_remove(m, s, e);
	} else if (op == 3) {
		if (fail)
			fail_nth_alloc(1 + rnd(2));
		r = vma_protect(&list, pg(m, s), pg(m, e), prot, seen_apply, NULL);
		if (!all_mapped)
			assert_int_equal(r, -ENOMEM);
		for (size_t i = s; i < e; i++)
			assert_int_equal(m->seen[i], !r && m->prot[i] != prot);
		if (!r)
			model_protect(m, s, e, prot);
	} else {
		struct vma_spot spot;

		check_find_gap(m, &len, &guard, &spot);
	}
	if (r && (op != 3 || all_mapped)) {
		assert_int_equal(r, -ENOMEM);
		assert_true(fail);
	}
	fail_countdown = 0; /* an injected failure nothing asked for is cancelled */
	check_lookups(m);
	if (step % check_every == 0)
		model_compare(m, &list);
}

/* vma_clone copies the index exactly (or, on -ENOMEM, leaves nothing). */
static void check_clone(struct model *m)
{
	struct vma_tree copy = { .root = (struct vma *)0x1, .count = 7 };
	long live = live_objects;
	bool fail = rnd(2);

	if (fail)
		fail_nth_alloc(1 + rnd(list.count + 1));
	if (vma_clone(&copy, &list)) {
		assert_true(fail);
		assert_null(vma_first(&copy));
		assert_int_equal(copy.count, 0);
		assert_int_equal(live_objects, live);
	} else {
		model_compare(m, &copy);
		vma_clear(&copy, NULL, NULL);
	}
	fail_countdown = 0;
	assert_int_equal(live_objects, live);
}

static void run_random(uintptr_t base, size_t pages, uint64_t seed, unsigned long steps)
{
	struct model m;

	model_init(&m, base, pages);
	rng = seed;
	for (unsigned long i = 1; i <= steps; i++) {
		random_step(&m, i, 1);
		if (i % 5000 == 0)
			check_clone(&m);
	}
	model_free(&m);
}

/* 100,000 random steps, the index compared with the model after each. */
static void test_random_long_seed1(void **state)
{
	(void)state;
	run_random(0x7fff00000000ul, 512, 0x243f6a8885a308d3ull, 100000);
}

static void test_random_long_seed2(void **state)
{
	(void)state;
	run_random(0x400000ul, 256, 0x13198a2e03707344ull, 100000);
}

/* At address 0, where the guard below a placement is cut off. */
static void test_random_long_at_zero(void **state)
{
	(void)state;
	run_random(0, 256, 0xa4093822299f31d0ull, 100000);
}

/*
 * 12,288 areas (a quarter of them shadow stacks) inserted in random order,
 * then gap searches and 20,000 random steps among them, all against the
 * model; the index must stay balanced (vma_check) throughout.
 */
/*
 * Top-down placement carves one window again and again: a program's areas
 * low, then thread stacks and shadow stacks each placed just below the
 * last. The carved window is the open one, kept out of the tree's largest
 * gaps, so a carve leaves the root's largest gap as it was (every window
 * between the stacks is empty); the search still finds the open window,
 * and a removal of the lowest area widens it again.
 */
static void test_open_window_is_kept_out_of_the_tree(void **state)
{
	const uintptr_t top = 0x7f0000000000ul, stack = 16 * P, shstk = 1024 * P;
	uintptr_t s = 0, g = 0, root_gap;

	(void)state;
	assert_int_equal(vma_insert(&list, 0x400000, 0x500000, RX, VM_IMAGE), 0);
	assert_int_equal(vma_insert(&list, top - stack, top, RW, VM_STACK), 0);
	for (int i = 0; i < 1000; i++) {
		s = vma_find_gap(&list, stack, 0, 0x10000, top, 0);
		assert_int_equal(s, (i ? g - P : top - stack) - stack);
		assert_int_equal(vma_insert(&list, s, s + stack, RW, 0), 0);
		g = vma_find_gap(&list, shstk, 0, 0, top, P);
		assert_int_equal(g, s - P - shstk);
		assert_int_equal(vma_insert(&list, g, g + shstk, R, VM_SHADOW_STACK), 0);
	}
	assert_null(vma_check(&list));
	assert_ptr_equal(list.open, vma_find(&list, g));
	assert_int_equal(list.open_gap, g - P - 0x500000);
	root_gap = list.root->max_gap;
	assert_true(root_gap < shstk);

	/* Carving again and giving back: the tree's largest gap never moves. */
	for (int i = 0; i < 100; i++) {
		uintptr_t a = vma_find_gap(&list, stack, 0, 0x10000, top, 0);
		uintptr_t b;

		assert_int_equal(a, g - P - stack);
		assert_int_equal(vma_insert(&list, a, a + stack, RW, 0), 0);
		b = vma_find_gap(&list, shstk, 0, 0, top, P);
		assert_int_equal(b, a - P - shstk);
		assert_int_equal(vma_insert(&list, b, b + shstk, R, VM_SHADOW_STACK), 0);
		assert_int_equal(list.root->max_gap, root_gap);
		assert_int_equal(vma_remove(&list, b, b + shstk, NULL, NULL), 0);
		assert_int_equal(vma_remove(&list, a, a + stack, NULL, NULL), 0);
		assert_int_equal(list.root->max_gap, root_gap);
		assert_null(vma_check(&list));
	}
	assert_int_equal(list.open_gap, g - P - 0x500000);
	vma_clear(&list, NULL, NULL);
	assert_null(list.open);
}

static void test_ten_thousand_areas(void **state)
{
	enum { SLOTS = 12288 };
	unsigned int *order = malloc(SLOTS * sizeof(*order));
	struct model m;
	struct vma_spot spot;
	size_t len, guard;

	(void)state;
	assert_non_null(order);
	model_init(&m, 0x10000000ul, SLOTS * 4);
	rng = 0x082efa98ec4e6c89ull;
	for (unsigned int k = 0; k < SLOTS; k++)
		order[k] = k;
	for (unsigned int k = SLOTS - 1; k > 0; k--) {
		unsigned int j = rnd(k + 1), t = order[k];

		order[k] = order[j];
		order[j] = t;
	}
	/* Slot k is pages [4k, 4k + 4): one area of 1-2 pages at its page 0 or 1. */
	for (unsigned int k = 0; k < SLOTS; k++) {
		size_t s = 4 * (size_t)order[k] + rnd(2), e = s + 1 + rnd(2);
		unsigned int flags = rnd(4) ? 0 : VM_SHADOW_STACK;

		assert_int_equal(vma_insert(&list, pg(&m, s), pg(&m, e), RW, flags), 0);
		model_insert(&m, s, e, RW, flags);
		if (k % 1024 == 0)
			model_compare(&m, &list);
	}
	model_compare(&m, &list);
	assert_int_equal(list.count, SLOTS);
	for (int k = 0; k < 2000; k++)
		check_find_gap(&m, &len, &guard, &spot);
	for (unsigned long i = 1; i <= 20000; i++)
		random_step(&m, i, 512);
	model_compare(&m, &list);
	assert_true(list.count >= 10000);
	check_clone(&m);
	model_free(&m);
	free(order);
}

/* ---- shared areas ---- */

/* Maps a fresh object of pages pages at [start, ...) and returns it (the area's reference only). */
static struct shmem *shared_area(uintptr_t start, size_t pages)
{
	struct shmem *s = shmem_create(pages);

	assert_non_null(s);
	assert_int_equal(vma_insert_shared(&list, start, start + pages * P, RW, VM_SHARED, s), 0);
	assert_int_equal(refcount_read(&s->refs), 2);
	shmem_put(s); /* the caller's reference: the area holds its own */
	assert_int_equal(refcount_read(&s->refs), 1);
	return s;
}

static void test_shared_split_keeps_offsets(void **state)
{
	(void)state;
	struct shmem *s = shared_area(4 * P, 8);

	for (int i = 0; i < 8; i++)
		assert_true(shmem_page(s, i) != 0);
	assert_int_equal(live_frames, 8);
	/* munmap of pages 2-3 and mprotect of page 6: four areas on one object. */
	assert_int_equal(vma_remove(&list, 6 * P, 8 * P, NULL, NULL), 0);
	assert_int_equal(vma_protect(&list, 10 * P, 11 * P, R, NULL, NULL), 0);
	check_invariants(&list);
	assert_int_equal(refcount_read(&s->refs), 4);

	const uintptr_t starts[] = { 4 * P, 8 * P, 10 * P, 11 * P };
	const uintptr_t pgoffs[] = { 0, 4, 6, 7 };
	int i = 0;

	for (const struct vma *v = vma_first(&list); v; v = vma_next(v), i++) {
		assert_int_equal(v->start, starts[i]);
		assert_ptr_equal(v->shared, s);
		assert_int_equal(v->pgoff, pgoffs[i]);
		assert_int_equal(v->flags, VM_SHARED);
	}
	assert_int_equal(i, 4);
	/* The object keeps the pages no area maps any more, until its last area goes. */
	assert_int_equal(live_frames, 8);
	assert_int_equal(vma_remove(&list, 8 * P, 12 * P, NULL, NULL), 0);
	assert_int_equal(refcount_read(&s->refs), 1);
	assert_int_equal(live_frames, 8);
	assert_int_equal(vma_remove(&list, 4 * P, 6 * P, NULL, NULL), 0);
	assert_int_equal(live_frames, 0);
	assert_int_equal(live_objects, 1); /* the spare */
}

static void test_shared_clone_and_clear(void **state)
{
	struct vma_tree copy;

	(void)state;
	struct shmem *s = shared_area(4 * P, 4);

	assert_int_equal(vma_insert(&list, 10 * P, 11 * P, RW, 0), 0);
	shmem_page(s, 3);
	assert_int_equal(vma_clone(&copy, &list), 0);
	assert_int_equal(refcount_read(&s->refs), 2);
	assert_ptr_equal(vma_find(&copy, 5 * P)->shared, s);
	assert_null(vma_find(&copy, 10 * P)->shared);
	/* The parent exits first: the child's area still holds the page. */
	vma_clear(&list, NULL, NULL);
	assert_int_equal(refcount_read(&s->refs), 1);
	assert_int_equal(live_frames, 1);
	vma_clear(&copy, NULL, NULL);
	assert_int_equal(live_frames, 0);
	assert_int_equal(live_objects, 0);
}

static void test_shared_enomem_keeps_refs(void **state)
{
	struct vma_tree copy;

	(void)state;
	struct shmem *s = shared_area(4 * P, 4);

	fail_nth_alloc(1);
	assert_int_equal(vma_remove(&list, 5 * P, 6 * P, NULL, NULL), -ENOMEM);
	fail_countdown = 0;
	assert_int_equal(refcount_read(&s->refs), 1);
	assert_int_equal(vma_insert(&list, 10 * P, 11 * P, RW, 0), 0);
	assert_int_equal(vma_insert_shared(&list, 12 * P, 13 * P, RW, VM_SHARED, s), 0);
	assert_int_equal(refcount_read(&s->refs), 2);
	for (unsigned int n = 1; n <= 3; n++) {
		fail_nth_alloc(n);
		assert_int_equal(vma_clone(&copy, &list), -ENOMEM);
		fail_countdown = 0;
		assert_int_equal(refcount_read(&s->refs), 2);
	}
	fail_nth_alloc(1);
	assert_int_equal(vma_insert_shared(&list, 14 * P, 15 * P, RW, VM_SHARED, s), -ENOMEM);
	fail_countdown = 0;
	assert_int_equal(refcount_read(&s->refs), 2);
	vma_clear(&list, NULL, NULL);
	assert_int_equal(live_objects, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_find, setup, teardown),
		cmocka_unit_test_setup_teardown(test_range_free, setup, teardown),
		cmocka_unit_test_setup_teardown(test_insert_sorted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_insert_enomem_unchanged, setup, teardown),
		cmocka_unit_test_setup_teardown(test_remove_middle_splits, setup, teardown),
		cmocka_unit_test_setup_teardown(test_remove_whole_and_hole, setup, teardown),
		cmocka_unit_test_setup_teardown(test_remove_across_areas, setup, teardown),
		cmocka_unit_test_setup_teardown(test_removal_keeps_one_spare_for_the_next_insert,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_remove_enomem_unchanged, setup, teardown),
		cmocka_unit_test_setup_teardown(test_remove_without_split_needs_no_memory, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_protect_inside_splits_both_ends, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_protect_across_adjacent_areas, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_protect_hole_enomem_unchanged, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_protect_enomem_unchanged, setup, teardown),
		cmocka_unit_test_setup_teardown(test_protect_same_prot_reports_nothing, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_gap_empty_list, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gap_hint, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gap_top_down_below_areas, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gap_guard, setup, teardown),
		cmocka_unit_test_setup_teardown(test_gap_edges, setup, teardown),
		cmocka_unit_test_setup_teardown(test_empty_range_changes_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_clear, setup, teardown),
		cmocka_unit_test_setup_teardown(test_clone, setup, teardown),
		cmocka_unit_test_setup_teardown(test_clone_enomem, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shared_split_keeps_offsets, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shared_clone_and_clear, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shared_enomem_keeps_refs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_random_against_model, setup, teardown),
		cmocka_unit_test_setup_teardown(test_max_map_count_enomem, setup, teardown),
		cmocka_unit_test_setup_teardown(test_random_long_seed1, setup, teardown),
		cmocka_unit_test_setup_teardown(test_random_long_seed2, setup, teardown),
		cmocka_unit_test_setup_teardown(test_random_long_at_zero, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ten_thousand_areas, setup, teardown),
		cmocka_unit_test_setup_teardown(test_open_window_is_kept_out_of_the_tree, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * Bitmap bookkeeping of page frames (see <kernel/page_pool.h>). Searches are
 * linear: with 4 KiB pages, 1 GiB of RAM is 4096 words, scanned in
 * microseconds, and the code stays obvious.
 */
#include <kernel/page_pool.h>
#include <uapi/linux/errno.h>

#define BITS_PER_WORD 64

static bool bit_test(const struct page_pool *p, u64 i)
{
	return (p->bitmap[i / BITS_PER_WORD] >> (i % BITS_PER_WORD)) & 1;
}

static void bit_set(struct page_pool *p, u64 i)
{
	p->bitmap[i / BITS_PER_WORD] |= 1ull << (i % BITS_PER_WORD);
}

static void bit_clear(struct page_pool *p, u64 i)
{
	p->bitmap[i / BITS_PER_WORD] &= ~(1ull << (i % BITS_PER_WORD));
}

size_t page_pool_bitmap_bytes(u64 nr_pages)
{
	return (size_t)((nr_pages + BITS_PER_WORD - 1) / BITS_PER_WORD) * sizeof(u64);
}

void page_pool_init(struct page_pool *p, u64 *bitmap, u64 base_pfn, u64 nr_pages)
{
	size_t words = page_pool_bitmap_bytes(nr_pages) / sizeof(u64);

	p->base_pfn = base_pfn;
	p->nr_pages = nr_pages;
	p->bitmap = bitmap;
	p->nr_free = 0;
	p->nr_ram = 0;
	p->hint = 0;
	for (size_t i = 0; i < words; i++)
		bitmap[i] = ~0ull; /* also covers the tail bits past nr_pages */
}

/* Clips [start, end) to the pool and turns it into bitmap indices. */
static bool clip(const struct page_pool *p, u64 start_pfn, u64 end_pfn, u64 *lo, u64 *hi)
{
	u64 first = p->base_pfn, last = p->base_pfn + p->nr_pages;

	if (start_pfn < first)
		start_pfn = first;
	if (end_pfn > last)
		end_pfn = last;
	if (start_pfn >= end_pfn)
		return false;
	*lo = start_pfn - first;
	*hi = end_pfn - first;
	return true;
}

void page_pool_add_ram(struct page_pool *p, u64 start_pfn, u64 end_pfn)
{
	u64 lo, hi;

	if (!clip(p, start_pfn, end_pfn, &lo, &hi))
		return;
	for (u64 i = lo; i < hi; i++) {
		if (bit_test(p, i)) {
			bit_clear(p, i);
			p->nr_free++;
			p->nr_ram++;
		}
	}
}

void page_pool_reserve(struct page_pool *p, u64 start_pfn, u64 end_pfn)
{
	u64 lo, hi;

	if (!clip(p, start_pfn, end_pfn, &lo, &hi))
		return;
	for (u64 i = lo; i < hi; i++) {
		if (!bit_test(p, i)) {
			bit_set(p, i);
			p->nr_free--;
			p->nr_ram--; /* reserved RAM is not managed RAM */
		}
	}
}

/* Index of the first free frame at or after i, or nr_pages if none. */
static u64 next_free(const struct page_pool *p, u64 i)
{
	while (i < p->nr_pages) {
		u64 word = p->bitmap[i / BITS_PER_WORD];

		if ((i % BITS_PER_WORD) == 0 && word == ~0ull) {
			i += BITS_PER_WORD; /* a whole word in use: skip it */
			continue;
		}
		if (!bit_test(p, i))
			return i;
		i++;
	}
	return p->nr_pages;
}

/*
 * True when frames [i, i + count) are all free; else *used is the first
 * frame in use there. No run starting in (i, *used] can be free either (it
 * would contain *used), so the search goes on after it: one pass over the
 * bitmap however large the request, not one per start.
 */
static bool run_is_free(const struct page_pool *p, u64 i, u64 count, u64 *used)
{
	for (u64 j = 0; j < count; j++) {
		if (bit_test(p, i + j)) {
			*used = i + j;
			return false;
		}
	}
	return true;
}

int page_pool_alloc(struct page_pool *p, u64 count, u64 align, u64 *pfn)
{
	if (count == 0 || align == 0 || (align & (align - 1)))
		return -EINVAL;
	if (count > p->nr_free)
		return -ENOMEM;

	/* Single frames: next-fit from the hint, then wrap around once. */
	u64 start = (count == 1 && align == 1) ? p->hint : 0;

	for (int pass = 0; pass < 2; pass++) {
		u64 i = next_free(p, start);

		while (i < p->nr_pages) {
			/* Align the absolute frame number, not the index. */
			u64 abs = p->base_pfn + i;
			u64 aligned = (abs + align - 1) & ~(align - 1);

			i = aligned - p->base_pfn;
			if (i + count > p->nr_pages)
				break;
			u64 used;

			if (run_is_free(p, i, count, &used)) {
				for (u64 j = 0; j < count; j++)
					bit_set(p, i + j);
				p->nr_free -= count;
				if (count == 1)
					p->hint = i + 1;
				*pfn = p->base_pfn + i;
				return 0;
			}
			i = next_free(p, used + 1);
		}
		if (start == 0)
			break;
		start = 0;
	}
	return -ENOMEM;
}

int page_pool_free(struct page_pool *p, u64 pfn, u64 count)
{
	if (count == 0 || pfn < p->base_pfn || pfn - p->base_pfn > p->nr_pages ||
	    count > p->nr_pages - (pfn - p->base_pfn))
		return -EINVAL;

	u64 lo = pfn - p->base_pfn;

	for (u64 j = 0; j < count; j++) {
		if (!bit_test(p, lo + j))
			return -EINVAL; /* double free: leave everything as it was */
	}
	for (u64 j = 0; j < count; j++)
		bit_clear(p, lo + j);
	p->nr_free += count;
	if (lo < p->hint)
		p->hint = lo;
	return 0;
}

bool page_pool_is_free(const struct page_pool *p, u64 pfn)
{
	if (pfn < p->base_pfn || pfn - p->base_pfn >= p->nr_pages)
		return false;
	return !bit_test(p, pfn - p->base_pfn);
}

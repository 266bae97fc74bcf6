// SPDX-License-Identifier: MIT
/*
 * The physical page allocator: one page_pool spanning all usable RAM, built
 * from the boot memory map. Its bitmap is carved out of RAM itself, from the
 * part the early page tables already map (EARLY_MAPPED_LIMIT), and so is the
 * reference count of every frame (one u32 each, next to the bitmap): 1 for
 * an allocated page, more while copy-on-write shares it, 0 when free.
 */
#include <kernel/arch.h>
#include <kernel/kmem.h>
#include <kernel/page_pool.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/spinlock.h>
#include <string.h>

static struct page_pool pool;
static u32 *refs; /* indexed by pfn - pool.base_pfn */
/* Guards the pool (refs are atomic): taken from any CPU, with or without big_lock. */
static struct spinlock page_lock = SPINLOCK_INIT(LOCK_LEVEL_PAGE, "page_lock");

static u64 pfn_up(phys_addr_t a)
{
	return (a + PAGE_SIZE - 1) >> PAGE_SHIFT;
}

static u64 pfn_down(phys_addr_t a)
{
	return a >> PAGE_SHIFT;
}

/* True when [start, end) overlaps a reserved range of info. */
static bool overlaps_reserved(const struct boot_info *info, phys_addr_t start, phys_addr_t end)
{
	for (unsigned int i = 0; i < info->nr_reserved; i++) {
		if (start < info->reserved[i].end && info->reserved[i].start < end)
			return true;
	}
	return false;
}

/*
 * Finds bytes of page-aligned usable RAM below EARLY_MAPPED_LIMIT that no
 * reserved range touches, trying each usable range page by page.
 */
static phys_addr_t find_bitmap_home(const struct boot_info *info, size_t bytes)
{
	size_t len = ALIGN_UP(bytes, PAGE_SIZE);

	for (unsigned int i = 0; i < info->nr_usable; i++) {
		phys_addr_t a = ALIGN_UP(info->usable[i].start, PAGE_SIZE);

		for (; a + len <= info->usable[i].end && a + len <= EARLY_MAPPED_LIMIT;
		     a += PAGE_SIZE) {
			if (a != 0 && !overlaps_reserved(info, a, a + len))
				return a;
		}
	}
	return 0;
}

void page_alloc_init(const struct boot_info *info)
{
	u64 lo = ~0ull, hi = 0;

	for (unsigned int i = 0; i < info->nr_usable; i++) {
		lo = MIN(lo, pfn_up(info->usable[i].start));
		hi = MAX(hi, pfn_down(info->usable[i].end));
	}
	if (hi <= lo)
		panic("no usable RAM in the boot memory map");

	size_t bitmap_bytes = ALIGN_UP(page_pool_bitmap_bytes(hi - lo), sizeof(u64));
	size_t bytes = bitmap_bytes + (hi - lo) * sizeof(*refs);
	phys_addr_t home = find_bitmap_home(info, bytes);

	if (!home)
		panic("no room for the page bitmap (%zu bytes)", bytes);

	page_pool_init(&pool, phys_to_virt(home), lo, hi - lo);
	refs = phys_to_virt(home + bitmap_bytes);
	memset(refs, 0, (hi - lo) * sizeof(*refs));
	for (unsigned int i = 0; i < info->nr_usable; i++)
		page_pool_add_ram(&pool, pfn_up(info->usable[i].start),
				  pfn_down(info->usable[i].end));
	for (unsigned int i = 0; i < info->nr_reserved; i++)
		page_pool_reserve(&pool, pfn_down(info->reserved[i].start),
				  pfn_up(info->reserved[i].end));
	page_pool_reserve(&pool, pfn_down(home), pfn_up(home + bytes));
	page_pool_reserve(&pool, 0, 1); /* frame 0 is the failure value */

	pr_info("mm: %lu pages (%lu MiB) managed, %lu free, bitmap at %#lx\n",
		(unsigned long)pool.nr_ram, (unsigned long)(pool.nr_ram >> (20 - PAGE_SHIFT)),
		(unsigned long)pool.nr_free, (unsigned long)home);
}

/* The count of the frame at phys, which must be in the pool. */
static u32 *ref_of(phys_addr_t phys)
{
	u64 pfn = phys >> PAGE_SHIFT;

	if (pfn < pool.base_pfn || pfn - pool.base_pfn >= pool.nr_pages)
		panic("page reference to %#lx: not a managed frame", (unsigned long)phys);
	return &refs[pfn - pool.base_pfn];
}

phys_addr_t page_alloc(size_t count)
{
	unsigned long flags = spin_lock_irqsave(&page_lock);
	u64 pfn;
	int err = page_pool_alloc(&pool, count, 1, &pfn);

	if (!err) {
		for (size_t i = 0; i < count; i++)
			refs[pfn - pool.base_pfn + i] = 1;
	}
	spin_unlock_irqrestore(&page_lock, flags);
	return err ? 0 : (phys_addr_t)pfn << PAGE_SHIFT;
}

phys_addr_t page_alloc_zeroed(size_t count)
{
	phys_addr_t p = page_alloc(count);

	if (p)
		memset(phys_to_virt(p), 0, count * PAGE_SIZE);
	return p;
}

/* With page_lock held. */
static void free_locked(phys_addr_t phys, size_t count)
{
	int err = IS_ALIGNED(phys, PAGE_SIZE) ? page_pool_free(&pool, phys >> PAGE_SHIFT, count)
					      : -1;

	if (err)
		panic("page_free(%#lx, %zu): not an allocated range", (unsigned long)phys, count);
	for (size_t i = 0; i < count; i++) {
		u32 *r = ref_of(phys + i * PAGE_SIZE);

		if (*r != 1)
			panic("page_free(%#lx): frame still shared (%u references)",
			      (unsigned long)(phys + i * PAGE_SIZE), *r);
		*r = 0;
	}
}

void page_free(phys_addr_t phys, size_t count)
{
	unsigned long flags = spin_lock_irqsave(&page_lock);

	free_locked(phys, count);
	spin_unlock_irqrestore(&page_lock, flags);
}

/*
 * A frame's count is atomic, so sharing and unsharing pages (fork's
 * copy-on-write) takes no lock; only the last put, which gives the frame
 * back to the pool, takes page_lock.
 */
void page_ref_get(phys_addr_t phys)
{
	u32 old = __atomic_fetch_add(ref_of(phys), 1, __ATOMIC_RELAXED);

	BUG_ON(old == 0);
}

void page_ref_put(phys_addr_t phys)
{
	u32 *r = ref_of(phys);
	u32 old = __atomic_fetch_sub(r, 1, __ATOMIC_ACQ_REL);

	BUG_ON(old == 0);
	if (old == 1) {
		unsigned long flags = spin_lock_irqsave(&page_lock);

		*r = 1; /* the count free_locked() expects of an unshared frame */
		free_locked(phys, 1);
		spin_unlock_irqrestore(&page_lock, flags);
	}
}

unsigned int page_ref_count(phys_addr_t phys)
{
	return READ_ONCE(*ref_of(phys));
}

size_t page_free_count(void)
{
	return (size_t)READ_ONCE(pool.nr_free);
}

size_t page_total_count(void)
{
	return (size_t)pool.nr_ram;
}

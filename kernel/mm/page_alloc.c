// SPDX-License-Identifier: MIT
/*
 * The physical page allocator: one page_pool spanning all usable RAM, built
 * from the boot memory map. Its bitmap is carved out of RAM itself, anywhere
 * the boot page tables map (EARLY_MAPPED_LIMIT: all RAM up to 512 GiB where
 * the CPU allows), and so is the reference count of every frame (one u32
 * each, next to the bitmap): 1 for an allocated page, more while
 * copy-on-write shares it, 0 when free. Beside them, one struct table_use
 * a frame (<kernel/kmem.h>): what kernel/mm/pgtable.c notes about the frames
 * that are page tables.
 *
 * In front of the pool, each CPU keeps a cache of free single pages
 * (<kernel/cpu_pages.h>, Linux's per-CPU page lists): page_alloc(1) and
 * page_free(p, 1) use only this CPU's cache, with interrupts off and no
 * lock, and take page_lock only to refill it with CPU_PAGES_BATCH pages
 * from the pool when it is empty or to give the coldest batch back when it
 * is full (CPU_PAGES_HIGH). Runs of several pages always come from the pool.
 * A second cache beside it holds pages known to be zero (emptied page
 * tables), which page_alloc_zeroed() hands out without a memset.
 *
 * Why no lock per cache and no IPI: another CPU needs a cache's pages only
 * when the pool has run dry (to allocate one, or to rebuild a free run), and
 * then it only empties slots, each an atomic exchange, so it cannot collide
 * with the owner's lock-free fast path; and it does so holding page_lock,
 * the lock every refill and trim holds too. So under page_lock no page is
 * ever between the pool and a cache: the pool's count plus the caches' is
 * the exact number of free pages (page_free_count()), and an allocation
 * fails only when, at one moment, the pool and every cache are empty. A
 * lock per cache would need a level between heap_lock and page_lock (pages
 * are allocated under heap_lock, and a refill takes page_lock) and a lock
 * and an unlock on every call; an IPI asking the owner to drain would have
 * to be answered by a CPU that may be spinning with interrupts off.
 */
#include <kernel/arch.h>
#include <kernel/big_lock.h>
#include <kernel/cpu_pages.h>
#include <kernel/kmem.h>
#include <kernel/page_pool.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <kernel/spinlock.h>
#include <string.h>
#include <uapi/linux/errno.h>

static struct page_pool pool;
static u32 *refs;		    /* indexed by pfn - pool.base_pfn */
struct table_use_map table_use_map; /* the same, in <kernel/kmem.h> */
_Static_assert(sizeof(struct table_use) == sizeof(u32), "one word a frame");
/*
 * Guards the pool, and the caches against one another (refs are atomic):
 * taken from any CPU, with or without big_lock.
 */
static struct spinlock page_lock = SPINLOCK_INIT(LOCK_LEVEL_PAGE, "page_lock");

/* Each CPU's cache, on cache lines of its own so owners never share one. */
static struct cpu_cache {
	struct cpu_pages pages;
	/*
	 * Free pages known to hold only zeros: page tables a walk emptied
	 * (page_free_zeroed()). page_alloc_zeroed() takes these first and
	 * skips its memset -- a fork's new tables are the ones its last
	 * child's exit emptied -- as Linux's page-table quicklists once did.
	 */
	struct cpu_pages zeroed;
} __aligned(64) caches[SMP_MAX_CPUS];
/* One past the highest CPU id whose cache ever held a page: what to scan. */
static unsigned int nr_caches;

static u64 pfn_up(phys_addr_t a)
{
	return (a + PAGE_SIZE - 1) >> PAGE_SHIFT;
}

static u64 pfn_down(phys_addr_t a)
{
	return a >> PAGE_SHIFT;
}

/* The end of a reserved range of info that [start, end) overlaps, or 0 when none does. */
static phys_addr_t reserved_overlap_end(const struct boot_info *info, phys_addr_t start,
					phys_addr_t end)
{
	for (unsigned int i = 0; i < info->nr_reserved; i++) {
		if (start < info->reserved[i].end && info->reserved[i].start < end)
			return info->reserved[i].end;
	}
	return 0;
}

/*
 * The first bytes of page-aligned usable RAM below EARLY_MAPPED_LIMIT that
 * no reserved range touches, trying each usable range from its start and
 * jumping past every reserved range in the way. The boot map reaches up
 * to 512 GiB (arch early_map.c), so low RAM being small or reserved
 * (memmap=) is no obstacle.
 */
phys_addr_t page_bitmap_home(const struct boot_info *info, size_t bytes)
{
	size_t len = ALIGN_UP(bytes, PAGE_SIZE);

	for (unsigned int i = 0; i < info->nr_usable; i++) {
		phys_addr_t a = ALIGN_UP(MAX(info->usable[i].start, PAGE_SIZE), PAGE_SIZE);

		while (a + len <= info->usable[i].end && a + len <= EARLY_MAPPED_LIMIT) {
			phys_addr_t past = reserved_overlap_end(info, a, a + len);

			if (!past)
				return a;
			a = ALIGN_UP(past, PAGE_SIZE);
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
	size_t bytes = bitmap_bytes + (hi - lo) * (sizeof(*refs) + sizeof(struct table_use));
	phys_addr_t home = page_bitmap_home(info, bytes);

	if (!home)
		panic("no room for the page bitmap (%zu bytes)", bytes);

	page_pool_init(&pool, phys_to_virt(home), lo, hi - lo);
	refs = phys_to_virt(home + bitmap_bytes);
	memset(refs, 0, (hi - lo) * sizeof(*refs));
	table_use_map = (struct table_use_map){ .uses = (struct table_use *)(refs + (hi - lo)),
						.base_pfn = pool.base_pfn,
						.nr_pages = pool.nr_pages };
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

void page_table_use_unmanaged(phys_addr_t table)
{
	panic("page table at %#lx: not a managed frame", (unsigned long)table);
}

/* Raises *mark, one past the highest CPU that used an array, to cover CPU id. */
static void cover_cpu(unsigned int *mark, unsigned int id)
{
	unsigned int seen = READ_ONCE(*mark);

	while (seen <= id && !__atomic_compare_exchange_n(mark, &seen, id + 1, false,
							  __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
}

/* This CPU's caches; interrupts off, so the CPU stays the same. */
static struct cpu_cache *my_cache(void)
{
	unsigned int id = this_cpu()->id;

	cover_cpu(&nr_caches, id);
	return &caches[id];
}

/* One page out of CPU cpu's caches, or 0 when both are empty (stealing: any CPU). */
static phys_addr_t steal_from(unsigned int cpu)
{
	phys_addr_t p = cpu_pages_steal(&caches[cpu].pages);

	return p ? p : cpu_pages_steal(&caches[cpu].zeroed);
}

/* Every cache's pages back into the pool, so free runs are whole again. With page_lock. */
static void drain_all_locked(void)
{
	for (unsigned int cpu = 0; cpu < READ_ONCE(nr_caches); cpu++) {
		phys_addr_t p;

		while ((p = steal_from(cpu)) != 0) {
			if (page_pool_free(&pool, p >> PAGE_SHIFT, 1))
				panic("page cache of CPU %u held %#lx, not an allocated frame", cpu,
				      (unsigned long)p);
		}
	}
}

/* One page out of any CPU's cache, or 0 when all are empty. With page_lock. */
static phys_addr_t steal_locked(void)
{
	for (unsigned int cpu = 0; cpu < READ_ONCE(nr_caches); cpu++) {
		phys_addr_t p = steal_from(cpu);

		if (p)
			return p;
	}
	return 0;
}

/*
 * A page for this CPU, its cache being empty: a batch from the pool (one
 * returned, the rest cached), else a page stolen from another CPU's cache.
 * With page_lock and interrupts off.
 */
static phys_addr_t refill_locked(struct cpu_pages *c)
{
	phys_addr_t first = 0;

	for (unsigned int i = 0; i < CPU_PAGES_BATCH; i++) {
		u64 pfn;

		if (page_pool_alloc(&pool, 1, 1, &pfn))
			break;
		if (!first)
			first = (phys_addr_t)pfn << PAGE_SHIFT;
		else if (!cpu_pages_give(c, (phys_addr_t)pfn << PAGE_SHIFT))
			BUG_ON(1); /* an empty cache holds a batch */
	}
	return first ? first : steal_locked();
}

/* Runs of several pages, or one when the caches are bypassed: from the pool. With page_lock. */
static phys_addr_t pool_alloc_locked(size_t count)
{
	u64 pfn;
	int err = page_pool_alloc(&pool, count, 1, &pfn);

	if (err == -ENOMEM) {
		/* Cached pages may be what the run lacks: back to the pool, then once more. */
		drain_all_locked();
		err = page_pool_alloc(&pool, count, 1, &pfn);
	}
	return err ? 0 : (phys_addr_t)pfn << PAGE_SHIFT;
}

/*
 * One page, from this CPU's caches if they hold one: the known-zero one
 * first when want_zero asks (*zero then says whether the page is), else
 * the other first. With interrupts off.
 */
static inline __attribute__((always_inline)) phys_addr_t alloc_single(bool want_zero, bool *zero)
{
	struct cpu_cache *c = my_cache();
	struct cpu_pages *first = want_zero ? &c->zeroed : &c->pages;
	struct cpu_pages *second = want_zero ? &c->pages : &c->zeroed;
	phys_addr_t p = cpu_pages_take(first);

	*zero = p && want_zero;
	if (!p) {
		p = cpu_pages_take(second);
		*zero = p && !want_zero;
	}
	if (!p) {
		spin_lock(&page_lock);
		p = refill_locked(&c->pages);
		spin_unlock(&page_lock);
	}
	if (p)
		*ref_of(p) = 1;
	return p;
}

/* A run of count pages from the pool. With interrupts off. */
static phys_addr_t alloc_run(size_t count)
{
	phys_addr_t p;

	spin_lock(&page_lock);
	p = pool_alloc_locked(count);
	for (size_t i = 0; p && i < count; i++)
		refs[(p >> PAGE_SHIFT) - pool.base_pfn + i] = 1;
	spin_unlock(&page_lock);
	return p;
}

static inline __attribute__((always_inline)) phys_addr_t alloc_pages(size_t count, bool want_zero)
{
	unsigned long flags = arch_irq_save();
	bool zero = false;
	phys_addr_t p = count == 1 ? alloc_single(want_zero, &zero) : count ? alloc_run(count) : 0;

	arch_irq_restore(flags);
	if (p && want_zero && !zero)
		memset(phys_to_virt(p), 0, count * PAGE_SIZE);
	return p;
}

phys_addr_t page_alloc(size_t count)
{
	return alloc_pages(count, false);
}

phys_addr_t page_alloc_zeroed(size_t count)
{
	return alloc_pages(count, true);
}

/* Gives back a run page_alloc() returned, every page unshared. With page_lock held. */
static void free_locked(phys_addr_t phys, size_t count)
{
	bool allocated = IS_ALIGNED(phys, PAGE_SIZE) && count > 0;

	for (size_t i = 0; allocated && i < count; i++) {
		u32 r = *ref_of(phys + i * PAGE_SIZE);

		if (r > 1)
			panic("page_free(%#lx): frame still shared (%u references)",
			      (unsigned long)(phys + i * PAGE_SIZE), r);
		allocated = r == 1; /* 0: free already, in the pool or in a CPU's cache */
	}
	if (!allocated || page_pool_free(&pool, phys >> PAGE_SHIFT, count))
		panic("page_free(%#lx, %zu): not an allocated range", (unsigned long)phys, count);
	for (size_t i = 0; i < count; i++)
		*ref_of(phys + i * PAGE_SIZE) = 0;
}

/*
 * A single page whose count has just dropped to 0 into this CPU's cache;
 * the coldest batch back to the pool first when the cache is full.
 */
static void cache_free(phys_addr_t phys)
{
	unsigned long flags = arch_irq_save();
	struct cpu_pages *c = &my_cache()->pages;

	if (!cpu_pages_give(c, phys)) {
		phys_addr_t cold[CPU_PAGES_BATCH];

		spin_lock(&page_lock); /* no other CPU steals from c meanwhile */
		unsigned int n = cpu_pages_trim(c, CPU_PAGES_BATCH, cold);

		for (unsigned int i = 0; i < n; i++) {
			if (page_pool_free(&pool, cold[i] >> PAGE_SHIFT, 1))
				panic("page cache of CPU %u held %#lx, not an allocated frame",
				      this_cpu()->id, (unsigned long)cold[i]);
		}
		spin_unlock(&page_lock);
		BUG_ON(!cpu_pages_give(c, phys));
	}
	arch_irq_restore(flags);
}

/* A single page's count from 1 to 0: allocated and unshared, else a panic. */
static inline __attribute__((always_inline)) void unref_single(phys_addr_t phys)
{
	u32 *r = ref_of(phys);
	u32 one = 1;

	/* Allocated and unshared is exactly a count of 1: 0 is a double free. */
	if (!__atomic_compare_exchange_n(r, &one, 0, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
		if (one == 0)
			panic("page_free(%#lx, 1): not an allocated range", (unsigned long)phys);
		panic("page_free(%#lx): frame still shared (%u references)", (unsigned long)phys,
		      one);
	}
}

void page_free(phys_addr_t phys, size_t count)
{
	if (count == 1 && IS_ALIGNED(phys, PAGE_SIZE)) {
		unref_single(phys);
		cache_free(phys);
		return;
	}

	unsigned long flags = spin_lock_irqsave(&page_lock);

	free_locked(phys, count);
	spin_unlock_irqrestore(&page_lock, flags);
}

void page_free_zeroed(phys_addr_t phys)
{
	const u64 *words = phys_to_virt(phys);
	unsigned long flags;
	bool kept;

	/* make test's kernels check the promise: a page handed out as zeroed must be. */
	for (size_t i = 0; LOCK_DEBUG && i < PAGE_SIZE / sizeof(u64); i++) {
		if (words[i])
			panic("page_free_zeroed(%#lx): word %zu is %#lx, not 0",
			      (unsigned long)phys, i, (unsigned long)words[i]);
	}
	unref_single(phys);
	flags = arch_irq_save();
	kept = cpu_pages_give(&my_cache()->zeroed, phys);
	arch_irq_restore(flags);
	if (!kept)
		cache_free(phys); /* that cache is full: an ordinary free page */
}

/*
 * A frame's count is atomic, so sharing and unsharing pages (fork's
 * copy-on-write) takes no lock; the last put gives the frame to this CPU's
 * cache.
 */
void page_ref_get(phys_addr_t phys)
{
	u32 old = __atomic_fetch_add(ref_of(phys), 1, __ATOMIC_RELAXED);

	BUG_ON(old == 0);
}

void page_ref_put(phys_addr_t phys)
{
	u32 old = __atomic_fetch_sub(ref_of(phys), 1, __ATOMIC_ACQ_REL);

	BUG_ON(old == 0);
	if (old == 1)
		cache_free(phys);
}

unsigned int page_ref_count(phys_addr_t phys)
{
	return READ_ONCE(*ref_of(phys));
}

/*
 * Each CPU's dead-task frees, begun and ended: one at a time per CPU, as
 * the task switched to frees the one that died there. A settle waits for
 * the frees each CPU had begun when it looked -- every free a joiner or a
 * reaper could have seen announced -- not for ones begun since, which
 * nobody waits for. One count of frees under way made a settle wait for
 * a moment with none at all: with many CPUs forking and exiting, such a
 * moment may never come.
 */
_Static_assert(SMP_MAX_CPUS <= 64, "page_free_begin()'s mask has a bit per CPU");

static struct free_count {
	u64 begun, ended;
} __attribute__((aligned(64))) frees[SMP_MAX_CPUS];
static unsigned int frees_cpus; /* one past the highest CPU that began one */

u64 page_free_begin(void)
{
	unsigned int id = this_cpu()->id;

	cover_cpu(&frees_cpus, id);
	__atomic_fetch_add(&frees[id].begun, 1, __ATOMIC_SEQ_CST);
	return 1ull << id; /* SMP_MAX_CPUS is 64: one bit each */
}

void page_free_end(u64 cpu_bit)
{
	__atomic_fetch_add(&frees[__builtin_ctzll(cpu_bit)].ended, 1, __ATOMIC_RELEASE);
}

/*
 * A CPU that waits here answers what other CPUs ask of it (a TLB
 * shootdown), as a lock waiter does: the free it waits for may be behind a
 * CPU that waits for big_lock, whose holder waits for that answer. And it
 * waits without big_lock: a thread that exits without the lock may take
 * it after it announced its free (kernel/proc/exit.c), and its free would
 * wait for this wait's hold.
 */
static void settle_cpu(unsigned int cpu)
{
	u64 begun = __atomic_load_n(&frees[cpu].begun, __ATOMIC_ACQUIRE);
	bool dropped = false;

	while (__atomic_load_n(&frees[cpu].ended, __ATOMIC_ACQUIRE) < begun) {
		if (!dropped && spin_held(&big_lock)) {
			big_lock_drop();
			dropped = true;
		}
		arch_smp_poll();
		arch_cpu_relax(); /* arm64's YIELD: a CPU of an emulator lets the others run */
	}
	if (dropped)
		big_lock_retake();
}

void page_free_settle(void)
{
	unsigned int n = __atomic_load_n(&frees_cpus, __ATOMIC_ACQUIRE);

	for (unsigned int cpu = 0; cpu < n; cpu++)
		settle_cpu(cpu);
}

void page_free_settle_cpus(u64 *mask)
{
	/* A bit set after the exchange is a free announced since: the next settle's. */
	for (u64 m = __atomic_exchange_n(mask, 0, __ATOMIC_ACQ_REL); m; m &= m - 1)
		settle_cpu((unsigned int)__builtin_ctzll(m));
}

/* Under page_lock no page moves between the pool and a cache: the sum is exact. */
size_t page_free_count(void)
{
	unsigned long flags;
	size_t n;

	page_free_settle();
	flags = spin_lock_irqsave(&page_lock);
	n = (size_t)pool.nr_free;

	for (unsigned int cpu = 0; cpu < READ_ONCE(nr_caches); cpu++)
		n += page_cpu_cached(cpu);
	spin_unlock_irqrestore(&page_lock, flags);
	return n;
}

size_t page_cpu_cached(unsigned int cpu)
{
	return cpu < SMP_MAX_CPUS
		       ? cpu_pages_count(&caches[cpu].pages) + cpu_pages_count(&caches[cpu].zeroed)
		       : 0;
}

size_t page_total_count(void)
{
	return (size_t)pool.nr_ram;
}

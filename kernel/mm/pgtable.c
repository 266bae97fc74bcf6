// SPDX-License-Identifier: MIT
/*
 * The user half of the page tables, one walker for every architecture
 * (see <kernel/pgtable.h>): the arch's <asm/pgtable.h> encodes entries and
 * does the TLB and barrier work; how tables are found, made, walked and
 * freed is here. Depth 0 is the root, PGT_LEAF the last level.
 */
#include <asm/pgtable.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/pgtable.h>
#include <kernel/vm.h>
#include <kernel/vma.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define PGT_LEAF (PT_LEVELS - 1)
#define PGT_INDEX_BITS 9
_Static_assert(PT_ENTRIES == 1 << PGT_INDEX_BITS, "512 entries a table");

/* The bytes one entry at depth covers. */
static uintptr_t span_of(int depth)
{
	return 1ul << (PAGE_SHIFT + PGT_INDEX_BITS * (PGT_LEAF - depth));
}

static unsigned int index_of(uintptr_t va, int depth)
{
	return (va >> (PAGE_SHIFT + PGT_INDEX_BITS * (PGT_LEAF - depth))) & (PT_ENTRIES - 1);
}

static phys_addr_t frame_of(u64 entry)
{
	return entry & PTE_ADDR_MASK;
}

/* Where user space ends in the root: the walks never touch the kernel half. */
#define PGT_USER_END (PGT_USER_ROOT_SLOTS * (1ul << (PAGE_SHIFT + PGT_INDEX_BITS * PGT_LEAF)))

/*
 * Every table's struct table_use (<kernel/kmem.h>) follows its entries:
 * entry_made() when one goes from 0 to non-zero, entry_cleared() back. A
 * walk then reads only the entries between lo and hi, so unmapping a 4 or
 * 8 MiB shadow stack whose top page alone was touched reads one leaf entry,
 * not 1,024; and a table whose count reaches 0 is freed without reading it.
 */
static void table_use_reset(phys_addr_t table)
{
	*page_table_use(table) = (struct table_use){ .used = 0, .lo = PT_ENTRIES - 1, .hi = 0 };
}

static void entry_made(phys_addr_t table, unsigned int index)
{
	struct table_use *u = page_table_use(table);

	if (!u->used || index < u->lo)
		u->lo = index;
	if (!u->used || index > u->hi)
		u->hi = index;
	u->used++;
}

static void entry_cleared(phys_addr_t table)
{
	struct table_use *u = page_table_use(table);

	BUG_ON(!u->used);
	if (!--u->used)
		table_use_reset(table);
}

/* Pages of user page tables, roots included: /proc/meminfo's PageTables. */
static size_t tables_held;

static void tables_count(long pages)
{
	__atomic_add_fetch(&tables_held, (size_t)pages, __ATOMIC_RELAXED);
}

size_t pgtable_pages_held(void)
{
	return __atomic_load_n(&tables_held, __ATOMIC_RELAXED);
}

phys_addr_t pgtable_create(void)
{
	phys_addr_t pgd = page_alloc_zeroed(1);

	if (pgd) {
		tables_count(1);
		/* The kernel half of the root (x86_64) is not counted: no walk goes there. */
		table_use_reset(pgd);
		pgt_root_init(phys_to_virt(pgd));
	}
	return pgd;
}

/*
 * The leaf slot for va, making missing tables when create is set; NULL if
 * absent or no memory. *table is the leaf table's frame.
 */
static u64 *leaf_slot(phys_addr_t pgd, uintptr_t va, bool create, phys_addr_t *table)
{
	phys_addr_t at = pgd;
	u64 *t = phys_to_virt(pgd);

	for (int depth = 0; depth < PGT_LEAF; depth++) {
		u64 *e = &t[index_of(va, depth)];

		if (!pte_present(READ_ONCE(*e))) {
			if (!create)
				return NULL;

			phys_addr_t n = page_alloc_zeroed(1);

			if (!n)
				return NULL;
			tables_count(1);
			table_use_reset(n);
			pgt_set_table(e, n);
			entry_made(at, index_of(va, depth));
		}
		at = frame_of(READ_ONCE(*e));
		t = phys_to_virt(at);
	}
	*table = at;
	return &t[index_of(va, PGT_LEAF)];
}

/* Fills the empty leaf slot e of table with leaf. */
static void leaf_install(phys_addr_t table, u64 *e, uintptr_t va, u64 leaf)
{
	pte_install(e, leaf);
	entry_made(table, index_of(va, PGT_LEAF));
}

/*
 * One walk over [start, end): leaf() sees every leaf with a frame; missing
 * tables are skipped whole, and in each table only the entries between its
 * lowest and highest used one are read, so a sparse 8 MiB stack costs a
 * few steps. With prune, a table the walk leaves empty is freed (unmap,
 * destroy). table is the leaf table leaf() is called for; looked_at counts
 * the entries read (the cost the pgtable self-tests check).
 */
struct walk {
	phys_addr_t pgd;
	int (*leaf)(struct walk *w, u64 *e, uintptr_t va);
	bool prune;
	void *ctx;
	phys_addr_t table;
	size_t looked_at;
};

/* With prune: frees table, emptied by a walk, and clears its entry for va in parent. */
static void prune_table(struct walk *w, phys_addr_t parent, int depth, phys_addr_t table,
			uintptr_t va)
{
	WRITE_ONCE(((u64 *)phys_to_virt(parent))[index_of(va, depth)], 0);
	entry_cleared(parent);
	tlb_flush_page(w->pgd, va); /* no walk cache may keep it */
	page_free_zeroed(table);    /* no entry in use: every one is 0 */
	tables_count(-1);
}

static int walk_table(struct walk *w, phys_addr_t table, int depth, uintptr_t start, uintptr_t end)
{
	uintptr_t span = span_of(depth);
	struct table_use use = *page_table_use(table);
	u64 *t = phys_to_virt(table);

	if (!use.used)
		return 0;
	/* Only the used entries: [lo, hi] of the table that holds start. */
	uintptr_t first = ALIGN_DOWN(start, span) - index_of(start, depth) * span;

	start = MAX(start, first + use.lo * span);
	end = MIN(end, first + (use.hi + 1) * span);
	for (uintptr_t va = start; va < end;) {
		uintptr_t base = ALIGN_DOWN(va, span);
		uintptr_t next = MIN(base + span, end);
		u64 *e = &t[index_of(va, depth)];
		u64 v = READ_ONCE(*e);
		int err = 0;

		w->looked_at++;
		if (depth == PGT_LEAF) {
			if (pte_has_frame(v)) {
				w->table = table;
				err = w->leaf(w, e, va);
			}
		} else if (pte_present(v)) {
			phys_addr_t sub = frame_of(v);

			err = walk_table(w, sub, depth + 1, va, next);
			if (w->prune && !page_table_use(sub)->used)
				prune_table(w, table, depth, sub, va);
		}
		if (err)
			return err;
		va = next;
	}
	return 0;
}

/*
 * Most walks cover one area, under one entry of the root and of the next
 * level or two: they go straight down that path, without a call per level,
 * to the deepest table that holds the whole range, and walk from there;
 * tables the walk leaves empty are then freed on the way back up.
 */
static int walk(struct walk *w, uintptr_t start, uintptr_t end)
{
	phys_addr_t path[PGT_LEAF], table = w->pgd;
	int depth = 0, err;

	end = MIN(end, PGT_USER_END);
	if (start >= end)
		return 0;
	while (depth < PGT_LEAF && index_of(start, depth) == index_of(end - 1, depth)) {
		u64 v = READ_ONCE(((u64 *)phys_to_virt(table))[index_of(start, depth)]);

		w->looked_at++;
		if (!pte_present(v))
			return 0;
		path[depth++] = table;
		table = frame_of(v);
	}
	err = walk_table(w, table, depth, start, end);
	while (w->prune && depth > 0 && !page_table_use(table)->used) {
		depth--;
		prune_table(w, path[depth], depth, table, start);
		table = path[depth];
	}
	return err;
}

static int leaf_must_be_gone(struct walk *w, u64 *e, uintptr_t va)
{
	BUG_ON(true); /* pages go first, via their areas */
	return 0;
}

void pgtable_destroy(phys_addr_t pgd)
{
	struct walk w = { .pgd = pgd, .leaf = leaf_must_be_gone, .prune = true };

	if (pgd_is_active(pgd))
		arch_pgd_activate(0);
	walk(&w, 0, PGT_USER_END);
	page_free(pgd, 1);
	tables_count(-1);
}

int pgtable_map(phys_addr_t pgd, uintptr_t va, phys_addr_t pa, unsigned int prot,
		unsigned int vm_flags)
{
	phys_addr_t table;
	u64 *e = leaf_slot(pgd, va, true, &table);

	if (!e)
		return -ENOMEM;
	BUG_ON(READ_ONCE(*e));
	leaf_install(table, e, va, pte_leaf(pa, prot, vm_flags));
	return 0;
}

static int unmap_one(struct walk *w, u64 *e, uintptr_t va)
{
	phys_addr_t frame = frame_of(READ_ONCE(*e));
	size_t *unmapped = w->ctx;

	WRITE_ONCE(*e, 0);
	entry_cleared(w->table);
	tlb_flush_page(w->pgd, va);
	page_ref_put(frame);
	(*unmapped)++;
	return 0;
}

size_t pgtable_unmap_counted(phys_addr_t pgd, uintptr_t start, uintptr_t end, size_t *looked_at)
{
	size_t unmapped = 0;
	struct walk w = { .pgd = pgd, .leaf = unmap_one, .prune = true, .ctx = &unmapped };

	walk(&w, start, end);
	*looked_at = w.looked_at;
	return unmapped;
}

size_t pgtable_unmap(phys_addr_t pgd, uintptr_t start, uintptr_t end)
{
	size_t looked_at;

	return pgtable_unmap_counted(pgd, start, end, &looked_at);
}

struct rights {
	unsigned int prot;
	unsigned int vm_flags;
};

static int protect_one(struct walk *w, u64 *e, uintptr_t va)
{
	const struct rights *r = w->ctx;
	u64 new = pte_modify(READ_ONCE(*e), r->prot, r->vm_flags);

	/*
	 * A page fork shares stays read-only: its first write copies it.
	 * Shared memory is meant to be shared: its pages are always writable.
	 */
	if (pte_writable(new) && !(r->vm_flags & VM_SHARED) && page_ref_count(frame_of(new)) > 1)
		new = pte_wrprotect(new);
	pte_replace(w->pgd, e, va, new);
	return 0;
}

void pgtable_protect(phys_addr_t pgd, uintptr_t start, uintptr_t end, unsigned int prot,
		     unsigned int vm_flags)
{
	struct rights r = { prot, vm_flags };
	struct walk w = { .pgd = pgd, .leaf = protect_one, .ctx = &r };

	walk(&w, start, end);
}

struct move_ctx {
	uintptr_t from, to;
	uintptr_t failed_at; /* the source address whose slot could not be made */
};

/* Moves one leaf to its place in the destination; its frame keeps its count. */
static int move_one(struct walk *w, u64 *e, uintptr_t va)
{
	struct move_ctx *c = w->ctx;
	phys_addr_t from_table = w->table, to_table;
	uintptr_t to = va - c->from + c->to;
	u64 *d = leaf_slot(w->pgd, to, true, &to_table);
	u64 leaf = READ_ONCE(*e);

	if (!d) {
		c->failed_at = va;
		return -ENOMEM;
	}
	WRITE_ONCE(*e, 0);
	entry_cleared(from_table);
	tlb_flush_page(w->pgd, va);
	leaf_install(to_table, d, to, leaf);
	return 0;
}

int pgtable_move(phys_addr_t pgd, uintptr_t from, uintptr_t to, size_t len)
{
	struct move_ctx c = { from, to, 0 };
	struct walk w = { .pgd = pgd, .leaf = move_one, .ctx = &c };
	int err = walk(&w, from, from + len);

	if (err) {
		/* Back again: the source's tables are all still there, so this cannot fail. */
		struct move_ctx back = { to, from, 0 };

		w.ctx = &back;
		walk(&w, to, to + (c.failed_at - from));
	}
	pgt_sync();
	return err;
}

phys_addr_t pgtable_lookup(phys_addr_t pgd, uintptr_t va)
{
	phys_addr_t table;
	u64 *e = leaf_slot(pgd, va, false, &table);

	if (!e || !pte_has_frame(READ_ONCE(*e)))
		return 0;
	return frame_of(READ_ONCE(*e));
}

bool pgtable_leaf_allows(phys_addr_t pgd, uintptr_t va, bool write)
{
	phys_addr_t table;
	u64 *e = leaf_slot(pgd, va, false, &table);

	if (!e)
		return false;

	u64 leaf = READ_ONCE(*e);

	return write ? pte_writable(leaf) : pte_present(leaf);
}

struct fork_ctx {
	phys_addr_t dst;
	bool shared;	  /* a VM_SHARED area: both sides keep the leaf as it is */
	bool wrprotected; /* a leaf of the source lost its write access */
	size_t *gained;	  /* pages dst gained */
};

/*
 * Copy-on-write: both sides map the frame read-only and share it; the
 * first write on either side copies it (pgtable_unshare()). A shadow-stack
 * leaf write-protected this way is an ordinary read-only leaf (see the
 * arch's pte_wrprotect()), so a shadow-stack access to it faults too.
 */
static int share_one(struct walk *w, u64 *e, uintptr_t va)
{
	struct fork_ctx *c = w->ctx;
	u64 leaf = READ_ONCE(*e);
	phys_addr_t table;
	u64 *d = leaf_slot(c->dst, va, true, &table);

	if (!d)
		return -ENOMEM;
	BUG_ON(READ_ONCE(*d)); /* the child's tables are new */
	if (pte_writable(leaf) && !c->shared) {
		leaf = pte_wrprotect(leaf);
		WRITE_ONCE(*e, leaf); /* the TLB is flushed once, at the end */
		c->wrprotected = true;
	}
	page_ref_get(frame_of(leaf));
	leaf_install(table, d, va, leaf);
	(*c->gained)++;
	return 0;
}

int pgtable_fork(phys_addr_t dst, phys_addr_t src, uintptr_t start, uintptr_t end,
		 unsigned int vm_flags, size_t *gained)
{
	struct fork_ctx c = { dst, vm_flags & VM_SHARED, false, gained };
	struct walk w = { .pgd = src, .leaf = share_one, .ctx = &c };
	int err = walk(&w, start, end);

	/*
	 * Only rights were taken away (no address changed), which needs no
	 * break-before-make (Arm ARM D8.16.1); the source may be the live
	 * address space, so one flush ends the batch.
	 */
	if (c.wrprotected)
		tlb_flush_all(src);
	pgt_sync();
	return err;
}

int pgtable_unshare(phys_addr_t pgd, uintptr_t va, unsigned int prot, unsigned int vm_flags)
{
	phys_addr_t table;
	u64 *e = leaf_slot(pgd, va, false, &table);
	u64 old = e ? READ_ONCE(*e) : 0;
	phys_addr_t frame = frame_of(old), copy;

	if (!pte_has_frame(old))
		return -EFAULT;
	if (page_ref_count(frame) == 1) {
		pte_replace(pgd, e, va, pte_modify(old, prot, vm_flags));
		return 0;
	}
	copy = page_alloc(1);
	if (!copy)
		return -ENOMEM;
	memcpy(phys_to_virt(copy), phys_to_virt(frame), PAGE_SIZE);
	pte_replace(pgd, e, va, pte_modify((old & ~PTE_ADDR_MASK) | copy, prot, vm_flags));
	page_ref_put(frame);
	return 0;
}

int pgtable_write_fault(phys_addr_t pgd, uintptr_t va, unsigned int prot, unsigned int vm_flags)
{
	phys_addr_t table;
	u64 *e = leaf_slot(pgd, va, false, &table);
	u64 leaf = e ? READ_ONCE(*e) : 0;

	/* Not present (PROT_NONE): the fault is the rights'. */
	if (!pte_present(leaf))
		return -EACCES;
	/*
	 * Writable already, and the area allows the access (mm_handle_fault()
	 * checked): another CPU broke the copy-on-write while this one waited
	 * for big_lock, and flushed the entry this one faulted on. Retry.
	 */
	if (pte_writable(leaf))
		return 0;
	return pgtable_unshare(pgd, va, prot, vm_flags);
}

struct frames_ctx {
	void (*fn)(phys_addr_t frame, uintptr_t va, void *ctx);
	void *ctx;
};

static int frame_one(struct walk *w, u64 *e, uintptr_t va)
{
	struct frames_ctx *c = w->ctx;

	c->fn(frame_of(READ_ONCE(*e)), va, c->ctx);
	return 0;
}

void pgtable_for_each_frame(phys_addr_t pgd, uintptr_t start, uintptr_t end,
			    void (*fn)(phys_addr_t frame, uintptr_t va, void *ctx), void *ctx)
{
	struct frames_ctx c = { fn, ctx };
	struct walk w = { .pgd = pgd, .leaf = frame_one, .ctx = &c };

	walk(&w, start, end);
}

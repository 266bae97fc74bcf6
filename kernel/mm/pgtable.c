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

static u64 *table_of(u64 entry)
{
	return phys_to_virt(entry & PTE_ADDR_MASK);
}

static phys_addr_t frame_of(u64 entry)
{
	return entry & PTE_ADDR_MASK;
}

/* Where user space ends in the root: the walks never touch the kernel half. */
#define PGT_USER_END (PGT_USER_ROOT_SLOTS * (1ul << (PAGE_SHIFT + PGT_INDEX_BITS * PGT_LEAF)))

phys_addr_t pgtable_create(void)
{
	phys_addr_t pgd = page_alloc_zeroed(1);

	if (pgd)
		pgt_root_init(phys_to_virt(pgd));
	return pgd;
}

/* The leaf slot for va, making missing tables when create is set; NULL if absent or no memory. */
static u64 *leaf_slot(phys_addr_t pgd, uintptr_t va, bool create)
{
	u64 *t = phys_to_virt(pgd);

	for (int depth = 0; depth < PGT_LEAF; depth++) {
		u64 *e = &t[index_of(va, depth)];

		if (!pte_present(READ_ONCE(*e))) {
			if (!create)
				return NULL;

			phys_addr_t n = page_alloc_zeroed(1);

			if (!n)
				return NULL;
			pgt_set_table(e, n);
		}
		t = table_of(READ_ONCE(*e));
	}
	return &t[index_of(va, PGT_LEAF)];
}

/*
 * One walk over [start, end): leaf() sees every leaf with a frame; missing
 * tables are skipped whole, so a sparse 8 MiB stack costs a few steps. With
 * prune, a table the walk leaves empty is freed (unmap, destroy).
 */
struct walk {
	phys_addr_t pgd;
	int (*leaf)(struct walk *w, u64 *e, uintptr_t va);
	bool prune;
	void *ctx;
};

static bool table_empty(const u64 *t)
{
	for (int i = 0; i < PT_ENTRIES; i++) {
		if (READ_ONCE(t[i]))
			return false;
	}
	return true;
}

static int walk_table(struct walk *w, u64 *t, int depth, uintptr_t start, uintptr_t end)
{
	uintptr_t span = span_of(depth);

	for (uintptr_t va = start; va < end;) {
		uintptr_t base = ALIGN_DOWN(va, span);
		uintptr_t next = MIN(base + span, end);
		u64 *e = &t[index_of(va, depth)];
		u64 v = READ_ONCE(*e);
		int err = 0;

		if (depth == PGT_LEAF) {
			if (pte_has_frame(v))
				err = w->leaf(w, e, va);
		} else if (pte_present(v)) {
			u64 *sub = table_of(v);

			err = walk_table(w, sub, depth + 1, va, next);
			/* Covered whole, the table is empty; else look. */
			if (w->prune && ((va == base && next == base + span) || table_empty(sub))) {
				WRITE_ONCE(*e, 0);
				tlb_flush_page(w->pgd, va); /* no walk cache may keep it */
				page_free(frame_of(v), 1);
			}
		}
		if (err)
			return err;
		va = next;
	}
	return 0;
}

static int walk(struct walk *w, uintptr_t start, uintptr_t end)
{
	return walk_table(w, phys_to_virt(w->pgd), 0, start, MIN(end, PGT_USER_END));
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
}

int pgtable_map(phys_addr_t pgd, uintptr_t va, phys_addr_t pa, unsigned int prot,
		unsigned int vm_flags)
{
	u64 *e = leaf_slot(pgd, va, true);

	if (!e)
		return -ENOMEM;
	BUG_ON(pte_has_frame(READ_ONCE(*e)));
	pte_install(e, pte_leaf(pa, prot, vm_flags));
	return 0;
}

static int unmap_one(struct walk *w, u64 *e, uintptr_t va)
{
	phys_addr_t frame = frame_of(READ_ONCE(*e));
	size_t *unmapped = w->ctx;

	WRITE_ONCE(*e, 0);
	tlb_flush_page(w->pgd, va);
	page_ref_put(frame);
	(*unmapped)++;
	return 0;
}

size_t pgtable_unmap(phys_addr_t pgd, uintptr_t start, uintptr_t end)
{
	size_t unmapped = 0;
	struct walk w = { .pgd = pgd, .leaf = unmap_one, .prune = true, .ctx = &unmapped };

	walk(&w, start, end);
	return unmapped;
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
	u64 *d = leaf_slot(w->pgd, va - c->from + c->to, true);
	u64 leaf = READ_ONCE(*e);

	if (!d) {
		c->failed_at = va;
		return -ENOMEM;
	}
	WRITE_ONCE(*e, 0);
	tlb_flush_page(w->pgd, va);
	pte_install(d, leaf);
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
	u64 *e = leaf_slot(pgd, va, false);

	if (!e || !pte_has_frame(READ_ONCE(*e)))
		return 0;
	return frame_of(READ_ONCE(*e));
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
	u64 *d = leaf_slot(c->dst, va, true);

	if (!d)
		return -ENOMEM;
	if (pte_writable(leaf) && !c->shared) {
		leaf = pte_wrprotect(leaf);
		WRITE_ONCE(*e, leaf); /* the TLB is flushed once, at the end */
		c->wrprotected = true;
	}
	page_ref_get(frame_of(leaf));
	WRITE_ONCE(*d, leaf);
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
	u64 *e = leaf_slot(pgd, va, false);
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
	u64 *e = leaf_slot(pgd, va, false);
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

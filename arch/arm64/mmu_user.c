// SPDX-License-Identifier: MIT
/*
 * User address spaces: each has its own level-0 table, loaded into TTBR0
 * (the kernel lives in TTBR1, so nothing of it is copied). One ASID (0) for
 * all of them: switching flushes the TLB's non-global entries. Leaves are
 * nG (not global), AF set (no hardware access-flag management), PXN (the
 * kernel never runs user code), AP[1] = EL0 access, AP[2] = read-only,
 * UXN unless PROT_EXEC (Arm ARM D8.3, D8.4), PTE_WRITE on writable leaves
 * (the S1PIE index bit, asm/pte.h). PROT_NONE keeps the frame in an
 * invalid entry marked PTE_SW_PROTNONE. Shadow-stack areas get GCS leaves.
 */
#include <asm/mmu.h>
#include <asm/pte.h>
#include <asm/sysreg.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/vm.h>
#include <kernel/vma.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

static u64 *tbl(u64 entry)
{
	return phys_to_virt(entry & PTE_ADDR_MASK);
}

static u64 user_leaf(phys_addr_t pa, unsigned int prot, unsigned int vm_flags)
{
	if (!(prot & (PROT_READ | PROT_WRITE | PROT_EXEC)))
		return pa | PTE_SW_PROTNONE;

	u64 e = pa | PTE_VALID | PTE_PAGE | PTE_ATTR(MAIR_IDX_NORMAL) | PTE_SH_INNER | PTE_AF |
		PTE_NG | PTE_USER;

	/*
	 * A GCS page: PIE index 0xb, GCS for EL0 and read-only for EL1 (gcs.c).
	 * Never executable; AP[2] = 0 ("dirty"), or GCS stores would fault.
	 * Without S1PIE (no GCS, or gcs=off: such areas are never created
	 * then) it would be plain read-only data.
	 */
	if (vm_flags & VM_SHADOW_STACK) {
		if (arm64_pie_enabled)
			return e | PTE_USER_GCS;
		return e | PTE_PXN | PTE_UXN | PTE_RDONLY;
	}
	e |= PTE_PXN;
	if (prot & PROT_WRITE)
		e |= PTE_WRITE;
	else
		e |= PTE_RDONLY;
	if (!(prot & PROT_EXEC))
		e |= PTE_UXN;
	return e;
}

static bool leaf_has_frame(u64 e)
{
	return (e & PTE_VALID) || (e & PTE_SW_PROTNONE);
}

/* New code pages: make the instruction side see what the direct map wrote (Arm ARM D7.5). */
static void sync_icache(u64 e)
{
	if ((e & PTE_VALID) && !(e & PTE_UXN))
		__asm__ __volatile__("dsb ish\n\tic ialluis\n\tdsb ish\n\tisb" ::: "memory");
}

phys_addr_t arch_pgd_create(void)
{
	return page_alloc_zeroed(1);
}

static void free_table(u64 e, int level)
{
	u64 *t = tbl(e);

	for (int i = 0; i < PT_ENTRIES; i++) {
		if (level < 3 && (t[i] & PTE_VALID))
			free_table(t[i], level + 1);
		else if (level == 3)
			BUG_ON(leaf_has_frame(t[i])); /* pages go first, via their areas */
	}
	page_free(e & PTE_ADDR_MASK, 1);
}

void arch_pgd_destroy(phys_addr_t pgd)
{
	u64 *l0 = phys_to_virt(pgd);

	if ((read_sysreg(ttbr0_el1) & PTE_ADDR_MASK) == pgd) {
		write_sysreg(ttbr0_el1, arm64_empty_pgd());
		isb();
		arm64_flush_all();
	}
	for (int i = 0; i < PT_ENTRIES; i++) {
		if (l0[i] & PTE_VALID)
			free_table(l0[i], 1);
	}
	page_free(pgd, 1);
}

static u64 *leaf_entry(phys_addr_t pgd, uintptr_t va, bool create)
{
	u64 *t = phys_to_virt(pgd);

	for (int level = 0; level < 3; level++) {
		u64 *e = &t[PT_INDEX(va, level)];

		if (!(READ_ONCE(*e) & PTE_VALID)) {
			if (!create)
				return NULL;

			phys_addr_t n = page_alloc_zeroed(1);

			if (!n)
				return NULL;
			__asm__ __volatile__("dsb ishst" ::: "memory");
			WRITE_ONCE(*e, n | PTE_VALID | PTE_TABLE);
		}
		t = tbl(READ_ONCE(*e));
	}
	return &t[PT_INDEX(va, 3)];
}

static bool is_active(phys_addr_t pgd)
{
	return (read_sysreg(ttbr0_el1) & PTE_ADDR_MASK) == pgd;
}

static void flush(phys_addr_t pgd, uintptr_t va)
{
	if (is_active(pgd))
		arm64_flush_page(va);
}

int arch_user_map(phys_addr_t pgd, uintptr_t va, phys_addr_t pa, unsigned int prot,
		  unsigned int vm_flags)
{
	u64 *e = leaf_entry(pgd, va, true);
	u64 leaf = user_leaf(pa, prot, vm_flags);

	if (!e)
		return -ENOMEM;
	BUG_ON(leaf_has_frame(READ_ONCE(*e)));
	sync_icache(leaf);
	WRITE_ONCE(*e, leaf);
	__asm__ __volatile__("dsb ishst\n\tisb" ::: "memory");
	return 0;
}

/* Visits every leaf with a frame in [start, end), skipping missing tables whole. */
static void for_each_leaf(phys_addr_t pgd, uintptr_t start, uintptr_t end,
			  void (*fn)(u64 *e, uintptr_t va, void *ctx), void *ctx)
{
	uintptr_t va = start;

	while (va < end) {
		u64 *t = phys_to_virt(pgd);
		int level;

		for (level = 0; level < 3; level++) {
			u64 e = READ_ONCE(t[PT_INDEX(va, level)]);

			if (!(e & PTE_VALID))
				break;
			t = tbl(e);
		}
		if (level < 3) {
			uintptr_t span = 1ul << (39 - 9 * level);
			uintptr_t next = ALIGN_DOWN(va, span) + span;

			if (next <= va)
				break;
			va = next;
			continue;
		}

		u64 *e = &t[PT_INDEX(va, 3)];

		if (leaf_has_frame(READ_ONCE(*e)))
			fn(e, va, ctx);
		va += PAGE_SIZE;
	}
}

static void unmap_one(u64 *e, uintptr_t va, void *ctx)
{
	phys_addr_t pgd = *(phys_addr_t *)ctx;
	phys_addr_t frame = READ_ONCE(*e) & PTE_ADDR_MASK;

	WRITE_ONCE(*e, 0);
	flush(pgd, va);
	page_free(frame, 1);
}

void arch_user_unmap(phys_addr_t pgd, uintptr_t start, uintptr_t end)
{
	for_each_leaf(pgd, start, end, unmap_one, &pgd);
}

struct protect_ctx {
	phys_addr_t pgd;
	unsigned int prot;
	unsigned int vm_flags;
};

/* Break-before-make (Arm ARM D8.16.1): invalid, flush, then the new entry. */
static void protect_one(u64 *e, uintptr_t va, void *ctx)
{
	struct protect_ctx *c = ctx;
	u64 new = user_leaf(READ_ONCE(*e) & PTE_ADDR_MASK, c->prot, c->vm_flags);

	WRITE_ONCE(*e, 0);
	flush(c->pgd, va);
	sync_icache(new);
	WRITE_ONCE(*e, new);
	__asm__ __volatile__("dsb ishst\n\tisb" ::: "memory");
}

void arch_user_protect(phys_addr_t pgd, uintptr_t start, uintptr_t end, unsigned int prot,
		       unsigned int vm_flags)
{
	struct protect_ctx c = { pgd, prot, vm_flags };

	for_each_leaf(pgd, start, end, protect_one, &c);
}

phys_addr_t arch_user_lookup(phys_addr_t pgd, uintptr_t va)
{
	u64 *e = leaf_entry(pgd, va, false);

	if (!e || !leaf_has_frame(READ_ONCE(*e)))
		return 0;
	return READ_ONCE(*e) & PTE_ADDR_MASK;
}

struct copy_ctx {
	phys_addr_t dst;
	unsigned int prot;
	unsigned int vm_flags;
	int err;
};

static void copy_one(u64 *e, uintptr_t va, void *ctx)
{
	struct copy_ctx *c = ctx;
	u64 old = READ_ONCE(*e);
	phys_addr_t p;
	u64 *d;

	if (c->err)
		return;
	p = page_alloc(1);
	d = p ? leaf_entry(c->dst, va, true) : NULL;
	if (!d) {
		if (p)
			page_free(p, 1);
		c->err = -ENOMEM;
		return;
	}
	memcpy(phys_to_virt(p), phys_to_virt(old & PTE_ADDR_MASK), PAGE_SIZE);
	WRITE_ONCE(*d,
		   (old & PTE_VALID) ? user_leaf(p, c->prot, c->vm_flags) : p | PTE_SW_PROTNONE);
	sync_icache(READ_ONCE(*d));
}

int arch_user_copy(phys_addr_t dst, phys_addr_t src, uintptr_t start, uintptr_t end,
		   unsigned int prot, unsigned int vm_flags)
{
	struct copy_ctx c = { dst, prot, vm_flags, 0 };

	for_each_leaf(src, start, end, copy_one, &c);
	__asm__ __volatile__("dsb ishst" ::: "memory");
	return c.err;
}

void arch_pgd_activate(phys_addr_t pgd)
{
	phys_addr_t want = pgd ? pgd : arm64_empty_pgd();

	if (!want || is_active(want))
		return;
	write_sysreg(ttbr0_el1, want);
	isb();
	arm64_flush_all(); /* one ASID for every address space */
}

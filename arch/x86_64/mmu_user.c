// SPDX-License-Identifier: MIT
/*
 * The user half of x86_64 page tables (PML4 slots 0-255). Each address
 * space gets its own PML4 whose kernel half (slots 256-511) is a copy of
 * the kernel's: those slots all exist from boot, so kernel mappings made
 * later appear in every address space.
 */
#include <asm/cpu.h>
#include <asm/mmu.h>
#include <asm/pte.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/vm.h>
#include <kernel/vma.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

#define USER_PML4_SLOTS 256

static u64 *tbl(u64 entry)
{
	return phys_to_virt(entry & PTE_ADDR_MASK);
}

/*
 * A leaf for prot and the area's flags. PROT_NONE keeps the frame in a
 * not-present entry. A shadow-stack page is R/W = 0 with Dirty = 1: that
 * pair is what makes the CPU treat it as shadow stack (SDM vol. 1 §17.2.4,
 * vol. 3A §4.6.1), so no other leaf may ever be read-only and dirty.
 */
static u64 user_leaf(phys_addr_t pa, unsigned int prot, unsigned int vm_flags)
{
	if (!(prot & (PROT_READ | PROT_WRITE | PROT_EXEC)))
		return pa | PTE_SW_PROTNONE;
	if (vm_flags & VM_SHADOW_STACK)
		return pa | PTE_P | PTE_US | PTE_D | x86_pte_nx();

	u64 e = pa | PTE_P | PTE_US;

	if (prot & PROT_WRITE)
		e |= PTE_RW;
	if (!(prot & PROT_EXEC))
		e |= x86_pte_nx();
	return e;
}

static bool leaf_has_frame(u64 e)
{
	return (e & PTE_P) || (e & PTE_SW_PROTNONE);
}

phys_addr_t arch_pgd_create(void)
{
	phys_addr_t pgd = page_alloc_zeroed(1);

	if (pgd) {
		u64 *dst = phys_to_virt(pgd);
		const u64 *src = phys_to_virt(x86_kernel_pml4());

		memcpy(dst + USER_PML4_SLOTS, src + USER_PML4_SLOTS,
		       (PT_ENTRIES - USER_PML4_SLOTS) * sizeof(u64));
	}
	return pgd;
}

/* Frees the table at entry e of the given level and everything below it. */
static void free_table(u64 e, int level)
{
	if (level > 1) {
		u64 *t = tbl(e);

		for (int i = 0; i < PT_ENTRIES; i++) {
			if (t[i] & PTE_P)
				free_table(t[i], level - 1);
		}
	} else {
		const u64 *t = tbl(e);

		for (int i = 0; i < PT_ENTRIES; i++)
			BUG_ON(leaf_has_frame(t[i])); /* pages go first, via their areas */
	}
	page_free(e & PTE_ADDR_MASK, 1);
}

void arch_pgd_destroy(phys_addr_t pgd)
{
	u64 *pml4 = phys_to_virt(pgd);

	if (read_cr3() == pgd)
		write_cr3(x86_kernel_pml4());
	for (int i = 0; i < USER_PML4_SLOTS; i++) {
		if (pml4[i] & PTE_P)
			free_table(pml4[i], 3);
	}
	page_free(pgd, 1);
}

/* The leaf entry for va, creating tables when create is set; NULL if absent. */
static u64 *leaf_entry(phys_addr_t pgd, uintptr_t va, bool create)
{
	u64 *t = phys_to_virt(pgd);

	for (int level = PT_LEVELS; level > 1; level--) {
		u64 *e = &t[PT_INDEX(va, level)];

		if (!(READ_ONCE(*e) & PTE_P)) {
			if (!create)
				return NULL;

			phys_addr_t n = page_alloc_zeroed(1);

			if (!n)
				return NULL;
			WRITE_ONCE(*e, n | PTE_P | PTE_RW | PTE_US);
		}
		t = tbl(READ_ONCE(*e));
	}
	return &t[PT_INDEX(va, 1)];
}

static void flush(phys_addr_t pgd, uintptr_t va)
{
	if (read_cr3() == pgd)
		__asm__ __volatile__("invlpg (%0)" ::"r"(va) : "memory");
}

int arch_user_map(phys_addr_t pgd, uintptr_t va, phys_addr_t pa, unsigned int prot,
		  unsigned int vm_flags)
{
	u64 *e = leaf_entry(pgd, va, true);

	if (!e)
		return -ENOMEM;
	BUG_ON(leaf_has_frame(READ_ONCE(*e)));
	WRITE_ONCE(*e, user_leaf(pa, prot, vm_flags));
	return 0;
}

/*
 * Visits every leaf entry with a frame in [start, end), skipping whole
 * missing tables so a sparse 8 MiB stack costs a few steps, not 2048.
 */
static void for_each_leaf(phys_addr_t pgd, uintptr_t start, uintptr_t end,
			  void (*fn)(u64 *e, uintptr_t va, void *ctx), void *ctx)
{
	uintptr_t va = start;

	while (va < end) {
		u64 *t = phys_to_virt(pgd);
		int level;

		for (level = PT_LEVELS; level > 1; level--) {
			u64 e = READ_ONCE(t[PT_INDEX(va, level)]);

			if (!(e & PTE_P))
				break;
			t = tbl(e);
		}
		if (level > 1) {
			/* No table here: jump to the next entry of that level. */
			uintptr_t span = 1ul << (12 + 9 * (level - 1));
			uintptr_t next = ALIGN_DOWN(va, span) + span;

			if (next <= va)
				break;
			va = next;
			continue;
		}

		u64 *e = &t[PT_INDEX(va, 1)];

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

/*
 * A page the CPU dirtied that becomes read-only must not keep Dirty = 1,
 * or it would turn into shadow stack: the dirty state moves to the
 * software bit, as Linux's SavedDirty, and comes back if it turns writable.
 */
static void protect_one(u64 *e, uintptr_t va, void *ctx)
{
	struct protect_ctx *c = ctx;
	u64 old = READ_ONCE(*e);
	u64 new = user_leaf(old & PTE_ADDR_MASK, c->prot, c->vm_flags);
	bool was_dirty = (old & (PTE_D | PTE_SW_SAVED_DIRTY)) && !(c->vm_flags & VM_SHADOW_STACK);

	if (was_dirty && (new &PTE_P)) {
		if (new &PTE_RW)
			new |= PTE_D;
		else
			new |= PTE_SW_SAVED_DIRTY;
	}
	WRITE_ONCE(*e, new);
	flush(c->pgd, va);
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
	/* Rebuilt from the area, not copied: the child's page is clean. */
	WRITE_ONCE(*d, (old & PTE_P) ? user_leaf(p, c->prot, c->vm_flags) : p | PTE_SW_PROTNONE);
}

int arch_user_copy(phys_addr_t dst, phys_addr_t src, uintptr_t start, uintptr_t end,
		   unsigned int prot, unsigned int vm_flags)
{
	struct copy_ctx c = { dst, prot, vm_flags, 0 };

	for_each_leaf(src, start, end, copy_one, &c);
	return c.err;
}

void arch_pgd_activate(phys_addr_t pgd)
{
	phys_addr_t want = pgd ? pgd : x86_kernel_pml4();

	if (read_cr3() != want)
		write_cr3(want);
}

/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 half of the generic page-table walker (kernel/mm/pgtable.c): how
 * a user leaf and a table entry are encoded, and how a change reaches the
 * TLB. The walker itself is generic; <kernel/pgtable.h> lists the hooks.
 *
 * A shadow-stack page is R/W = 0 with Dirty = 1: that pair is what makes
 * the CPU treat it as shadow stack (SDM vol. 1 §17.2.4, vol. 3A §4.6.1),
 * so no other leaf may ever be read-only and dirty. A leaf that loses R/W
 * (mprotect, copy-on-write) moves Dirty to the software bit SavedDirty, as
 * Linux's _PAGE_SAVED_DIRTY: a shared shadow-stack page is then a plain
 * read-only page, and a shadow-stack access to it faults with the SS bit
 * in the error code (SDM vol. 3A §4.7).
 */
#ifndef ASM_PGTABLE_H
#define ASM_PGTABLE_H

#include <asm/cpu.h>
#include <asm/mmu.h>
#include <asm/pte.h>
#include <asm/tlb.h>
#include <kernel/compiler.h>
#include <kernel/types.h>
#include <kernel/vma.h>
#include <uapi/linux/mman.h>

/* PML4 slots 0-255 are user space; 256-511 are the kernel's, shared by every root. */
#define PGT_USER_ROOT_SLOTS 256

static inline bool pte_present(u64 e)
{
	return e & PTE_P;
}

/* A leaf that owns a frame: present, or PROT_NONE (not present, frame kept). */
static inline bool pte_has_frame(u64 e)
{
	return e & (PTE_P | PTE_SW_PROTNONE);
}

/* Points an upper-level entry at a new (zeroed) table. */
static inline void pgt_set_table(u64 *slot, phys_addr_t table)
{
	WRITE_ONCE(*slot, table | PTE_P | PTE_RW | PTE_US);
}

/*
 * A leaf for prot and the area's flags. PROT_NONE keeps the frame in a
 * not-present entry. A shadow-stack area gets the shadow-stack encoding
 * only while it is writable, as Linux's pte_mkwrite() gives it only to a
 * VM_WRITE area: after mprotect(PROT_READ) its pages are plain read-only
 * ones, so WRSS and the pushes of CALL fault (docs/ABI.md §3.5).
 */
static inline u64 pte_leaf(phys_addr_t pa, unsigned int prot, unsigned int vm_flags)
{
	if (!(prot & (PROT_READ | PROT_WRITE | PROT_EXEC)))
		return pa | PTE_SW_PROTNONE;
	if ((vm_flags & VM_SHADOW_STACK) && (prot & PROT_WRITE))
		return pa | PTE_P | PTE_US | PTE_D | x86_pte_nx();

	u64 e = pa | PTE_P | PTE_US;

	if (prot & PROT_WRITE)
		e |= PTE_RW;
	if (!(prot & PROT_EXEC))
		e |= x86_pte_nx();
	return e;
}

/* True when user space may write the page through this leaf (shadow stack counts). */
static inline bool pte_writable(u64 e)
{
	return (e & PTE_P) && (e & (PTE_RW | PTE_D));
}

/* The leaf without write access: Dirty moves to SavedDirty (see the top). */
static inline u64 pte_wrprotect(u64 e)
{
	if (e & PTE_D)
		e = (e & ~PTE_D) | PTE_SW_SAVED_DIRTY;
	return e & ~PTE_RW;
}

/*
 * The leaf old rebuilt for new rights (mprotect, or a copy-on-write page
 * its last owner writes). The dirty state of an ordinary page survives:
 * in Dirty while writable, in SavedDirty while read-only.
 */
static inline u64 pte_modify(u64 old, unsigned int prot, unsigned int vm_flags)
{
	u64 new = pte_leaf(old & PTE_ADDR_MASK, prot, vm_flags);
	bool was_dirty = (old & (PTE_D | PTE_SW_SAVED_DIRTY)) && !(vm_flags & VM_SHADOW_STACK);

	if (was_dirty && (new &PTE_P)) {
		if (new &PTE_RW)
			new |= PTE_D;
		else
			new |= PTE_SW_SAVED_DIRTY;
	}
	return new;
}

/* This CPU uses pgd now. */
static inline bool pgd_is_active(phys_addr_t pgd)
{
	return read_cr3() == pgd;
}

/*
 * Drops va's translation (and the paging-structure caches: SDM vol. 3A
 * §4.10.4.1) on every CPU that has pgd loaded: a shootdown (tlb.c).
 */
static inline void tlb_flush_page(phys_addr_t pgd, uintptr_t va)
{
	x86_tlb_flush(pgd, TLB_REQ_PAGE, va);
}

/*
 * Drops every user translation on every CPU that has pgd loaded: user
 * leaves are not global, so a CR3 load does it.
 */
static inline void tlb_flush_all(phys_addr_t pgd)
{
	x86_tlb_flush(pgd, TLB_REQ_ALL, 0);
}

/* Fills an empty leaf slot. */
static inline void pte_install(u64 *e, u64 leaf)
{
	WRITE_ONCE(*e, leaf);
}

/* Replaces a live leaf of pgd at va. */
static inline void pte_replace(phys_addr_t pgd, u64 *e, uintptr_t va, u64 leaf)
{
	WRITE_ONCE(*e, leaf);
	tlb_flush_page(pgd, va);
}

/* Orders the table writes of a batch (a fork's copy) before their first use. */
static inline void pgt_sync(void)
{
}

/* A fresh root: the kernel half copied from the kernel's own PML4. */
void pgt_root_init(u64 *root);

#endif

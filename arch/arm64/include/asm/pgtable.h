/* SPDX-License-Identifier: MIT */
/*
 * The arm64 half of the generic page-table walker (kernel/mm/pgtable.c): how
 * a user leaf and a table entry are encoded, and the barriers and TLB and
 * cache maintenance a change needs. <kernel/pgtable.h> lists the hooks.
 *
 * User address spaces have their own level-0 table in TTBR0 (the kernel
 * lives in TTBR1, so nothing of it is copied) and share ASID 0: switching
 * flushes this CPU's non-global entries (mmu_user.c), a change to an entry
 * those of every CPU running that address space (tlb_flush_page()). Leaves are nG, AF set (no hardware
 * access-flag management), PXN (the kernel never runs user code), AP[1] =
 * EL0 access, AP[2] = read-only, UXN unless PROT_EXEC (Arm ARM D8.3, D8.4),
 * PTE_WRITE on writable leaves (the S1PIE index bit, asm/pte.h). PROT_NONE
 * keeps the frame in an invalid entry marked PTE_SW_PROTNONE. Shadow-stack
 * areas get GCS leaves (PIE index 0xb); write-protected for copy-on-write
 * they become index 0x9, plain read-only for EL0, so a GCS push or BL to
 * them takes a permission fault with ISS2.GCS set (Arm ARM D11.x, GCS data
 * accesses need the GCS permission).
 */
#ifndef ASM_PGTABLE_H
#define ASM_PGTABLE_H

#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/sysreg.h>
#include <kernel/access_vm.h>
#include <kernel/compiler.h>
#include <kernel/types.h>
#include <kernel/vma.h>
#include <uapi/asm-arm64/mman.h>
#include <uapi/linux/mman.h>

/* TTBR0 covers user space alone: every level-0 slot is the user's. */
#define PGT_USER_ROOT_SLOTS PT_ENTRIES

static inline bool pte_present(u64 e)
{
	return e & PTE_VALID;
}

/* A leaf that owns a frame: valid, or PROT_NONE (invalid, frame kept). */
static inline bool pte_has_frame(u64 e)
{
	return e & (PTE_VALID | PTE_SW_PROTNONE);
}

/* Points an upper-level entry at a new (zeroed) table: its zeroes are visible first. */
static inline void pgt_set_table(u64 *slot, phys_addr_t table)
{
	__asm__ __volatile__("dsb ishst" ::: "memory");
	WRITE_ONCE(*slot, table | PTE_VALID | PTE_TABLE);
}

static inline u64 pte_leaf(phys_addr_t pa, unsigned int prot, unsigned int vm_flags)
{
	if (!(prot & (PROT_READ | PROT_WRITE | PROT_EXEC)))
		return pa | PTE_SW_PROTNONE;

	u64 e = pa | PTE_VALID | PTE_PAGE | PTE_ATTR(MAIR_IDX_NORMAL) | PTE_SH_INNER | PTE_AF |
		PTE_NG | PTE_USER;

	/*
	 * A GCS page: PIE index 0xb, GCS for EL0 and read-only for EL1 (gcs.c).
	 * Never executable; AP[2] = 0 ("dirty"), or GCS stores would fault.
	 * Only while the area is writable, as Linux's vm_get_page_prot() and
	 * pte_mkwrite(): after mprotect(PROT_READ) it is index 0x9, plain
	 * read-only for EL0, so a GCS push or GCSSTR to it faults. Without
	 * S1PIE (no GCS, or gcs=off: such areas are never created then) it
	 * would be plain read-only data.
	 */
	if (vm_flags & VM_SHADOW_STACK) {
		if (arm64_pie_enabled && (prot & PROT_WRITE))
			return e | PTE_USER_GCS;
		if (arm64_pie_enabled)
			return e | (PTE_USER_GCS & ~PTE_WRITE) | PTE_RDONLY;
		return e | PTE_PXN | PTE_UXN | PTE_RDONLY;
	}
	e |= PTE_PXN;
	if (prot & PROT_BTI)
		e |= PTE_GP; /* only bti.c lets PROT_BTI into an area's rights */
	if (prot & PROT_WRITE)
		e |= PTE_WRITE;
	else
		e |= PTE_RDONLY;
	if (!(prot & PROT_EXEC))
		e |= PTE_UXN;
	return e;
}

/* True when EL0 may write the page through this leaf (GCS stores count). */
static inline bool pte_writable(u64 e)
{
	return (e & PTE_VALID) && !(e & PTE_RDONLY);
}

/* Read-only: the PIE index loses its write bit (0xf -> 0xd, GCS 0xb -> 0x9), AP[2] set. */
static inline u64 pte_wrprotect(u64 e)
{
	return (e & ~PTE_WRITE) | PTE_RDONLY;
}

/* The leaf old rebuilt for new rights. */
static inline u64 pte_modify(u64 old, unsigned int prot, unsigned int vm_flags)
{
	return pte_leaf(old & PTE_ADDR_MASK, prot, vm_flags);
}

static inline bool pgd_is_active(phys_addr_t pgd)
{
	return (read_sysreg(ttbr0_el1) & PTE_ADDR_MASK) == pgd;
}

/*
 * A changed user entry: dropped from every TLB that may hold it
 * (mmu_user.c). With one ASID for all address spaces an entry does not say
 * whose it is, so what may hold pgd's entries is the CPUs whose TTBR0 is
 * pgd now: every other CPU flushed its own when it last switched TTBR0.
 * Another CPU running pgd gets the broadcast forms (TLBI VAAE1IS /
 * VMALLE1IS), which reach every PE in the Inner Shareable domain and are
 * complete on all of them once this CPU's DSB ISH is (Arm ARM D8.13, "TLB
 * maintenance instructions": broadcast and completion) -- no answer from
 * the others is needed, hence no shoot-down IPI (arch_smp_poll()). When
 * only this CPU runs it, the local forms.
 */
void arm64_tlb_flush_user(phys_addr_t pgd, uintptr_t va, bool all);

static inline void tlb_flush_page(phys_addr_t pgd, uintptr_t va)
{
	arm64_tlb_flush_user(pgd, va, false);
}

static inline void tlb_flush_all(phys_addr_t pgd)
{
	arm64_tlb_flush_user(pgd, 0, true);
}

/*
 * New code pages (a copy-on-write copy, a fresh page of an executable
 * area): what the direct map wrote, cleaned to the PoU and the stale
 * instructions dropped (arch/arm64/cacheflush.c).
 */
static inline void pte_sync_icache(u64 e)
{
	if ((e & PTE_VALID) && !(e & PTE_UXN))
		arch_sync_icache_range(phys_to_virt(e & PTE_ADDR_MASK), PAGE_SIZE);
}

static inline void pte_install(u64 *e, u64 leaf)
{
	pte_sync_icache(leaf);
	WRITE_ONCE(*e, leaf);
	__asm__ __volatile__("dsb ishst\n\tisb" ::: "memory");
}

/* Break-before-make (Arm ARM D8.16.1): invalid, flush, then the new entry. */
static inline void pte_replace(phys_addr_t pgd, u64 *e, uintptr_t va, u64 leaf)
{
	WRITE_ONCE(*e, 0);
	tlb_flush_page(pgd, va);
	pte_install(e, leaf);
}

static inline void pgt_sync(void)
{
	__asm__ __volatile__("dsb ishst" ::: "memory");
}

/* A fresh root: nothing to copy, the kernel is in TTBR1. */
static inline void pgt_root_init(u64 *root)
{
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The user half of the page tables, walked by one generic walker
 * (kernel/mm/pgtable.c) for every architecture. Both ports have four levels
 * of 512 eight-byte entries over 4 KiB pages; what differs -- how a leaf
 * or a table entry is encoded, and the TLB, barrier and cache work a
 * change needs -- is the arch's <asm/pgtable.h>:
 *
 *   PGT_USER_ROOT_SLOTS        root entries that belong to user space
 *   pte_present(e)             the entry is valid (a table, or a leaf)
 *   pte_has_frame(e)           the leaf owns a frame (valid, or PROT_NONE)
 *   pgt_set_table(slot, pa)    points an upper entry at a new zeroed table
 *   pte_leaf(pa, prot, flags)  a user leaf for prot and the area's VM_ flags
 *   pte_modify(old, prot, fl)  old rebuilt for new rights (mprotect)
 *   pte_writable(e)            user space may write through e (shadow stack too)
 *   pte_wrprotect(e)           e without write access, for copy-on-write; a
 *                              shadow-stack leaf becomes plain read-only
 *   pte_install(e, leaf)       fills an empty leaf slot
 *   pte_replace(pgd, e, va, l) replaces a live leaf
 *   pgd_is_active(pgd)         the CPU uses pgd now
 *   tlb_flush_page(pgd, va)    drops va's translation if pgd is active
 *   tlb_flush_all(pgd)         drops every user translation if pgd is active
 *   pgt_sync()                 orders a batch of table writes
 *   pgt_root_init(root)        fills the kernel part of a fresh root
 *
 * What guards the tables: big_lock (<kernel/big_lock.h>), held by every
 * page fault and system call that changes them; other CPUs' TLBs are
 * reached through tlb_flush_page()/tlb_flush_all() (docs/DESIGN.md §7.5).
 */
#ifndef KERNEL_PGTABLE_H
#define KERNEL_PGTABLE_H

#include <kernel/types.h>

/* A root with the kernel half (where the arch has one), or 0. */
phys_addr_t pgtable_create(void);
/* Frees every table and the root; the pages must be unmapped already. */
void pgtable_destroy(phys_addr_t pgd);
/* Maps pa at va for prot and the area's flags: 0 or -ENOMEM. Nothing may be mapped there. */
int pgtable_map(phys_addr_t pgd, uintptr_t va, phys_addr_t pa, unsigned int prot,
		unsigned int vm_flags);
/* Unmaps [start, end), frees its pages and every table left empty; returns the pages it unmapped. */
size_t pgtable_unmap(phys_addr_t pgd, uintptr_t start, uintptr_t end);
/* pgtable_unmap(), also telling how many table entries its walk read (the self-tests' check of its cost). */
size_t pgtable_unmap_counted(phys_addr_t pgd, uintptr_t start, uintptr_t end, size_t *looked_at);
/*
 * Changes the rights of the pages with a frame in [start, end); pages fork
 * shares copy-on-write stay read-only, unless vm_flags has VM_SHARED.
 */
void pgtable_protect(phys_addr_t pgd, uintptr_t start, uintptr_t end, unsigned int prot,
		     unsigned int vm_flags);
/*
 * mremap: moves the leaves of [from, from + len) to the same offsets from
 * to (where nothing may be mapped), frames and reference counts unchanged.
 * 0, or -ENOMEM with every leaf back where it was.
 */
int pgtable_move(phys_addr_t pgd, uintptr_t from, uintptr_t to, size_t len);

/*
 * Calls fn for every frame mapped in [start, end) (present or PROT_NONE),
 * lowest first, skipping absent tables, so a huge area costs what is
 * mapped in it. Changes nothing.
 */
void pgtable_for_each_frame(phys_addr_t pgd, uintptr_t start, uintptr_t end,
			    void (*fn)(phys_addr_t frame, uintptr_t va, void *ctx), void *ctx);
/* The frame mapped at va (present or PROT_NONE), or 0. */
phys_addr_t pgtable_lookup(phys_addr_t pgd, uintptr_t va);
/* Pages held by user page tables, roots included (/proc/meminfo's PageTables). */
size_t pgtable_pages_held(void);
/* Whether va's leaf lets the MMU read it (present, not PROT_NONE), or write it when write is set. */
bool pgtable_leaf_allows(phys_addr_t pgd, uintptr_t va, bool write);
/*
 * For fork: dst shares the pages of [start, end) of src, an area with
 * vm_flags: copy-on-write (both sides read-only), or for VM_SHARED as they
 * are (writes go to the one frame); each frame's reference count raised.
 * 0 or -ENOMEM; on failure dst holds part of them and is freed as usual.
 * Adds the pages dst gained to *gained, failure or not.
 */
int pgtable_fork(phys_addr_t dst, phys_addr_t src, uintptr_t start, uintptr_t end,
		 unsigned int vm_flags, size_t *gained);
/*
 * Gives pgd a page of its own at va (copying it if another address space
 * shares it) mapped with prot and vm_flags, the rights of its area.
 * 0, -EFAULT (nothing mapped there) or -ENOMEM.
 */
int pgtable_unshare(phys_addr_t pgd, uintptr_t va, unsigned int prot, unsigned int vm_flags);
/*
 * A write (or shadow-stack access) the area allows faulted on the present
 * page at va: copy-on-write resolves it as pgtable_unshare(). 0 when the
 * leaf is writable already (another CPU resolved it first: retry), -EACCES
 * when it is not present (PROT_NONE: the fault is real).
 */
int pgtable_write_fault(phys_addr_t pgd, uintptr_t va, unsigned int prot, unsigned int vm_flags);

#endif

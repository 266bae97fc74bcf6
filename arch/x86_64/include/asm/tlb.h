/* SPDX-License-Identifier: MIT */
/* TLB shootdowns between CPUs (arch/x86_64/tlb.c). */
#ifndef ASM_TLB_H
#define ASM_TLB_H

#include <asm/percpu.h>
#include <kernel/types.h>

/* This CPU loaded CR3 = pgd (every CR3 load records it). */
void x86_tlb_note_cr3(u64 pgd);

/* This CPU answers shootdowns from now on: its IDT and local APIC are set up. */
void x86_tlb_cpu_ready(void);

/*
 * Drops va's translation (TLB_REQ_PAGE) or every user translation
 * (TLB_REQ_ALL) of address space pgd on every CPU that has it loaded, this
 * one included, and returns when all have: Intel SDM vol. 3A §4.10.5.
 * The caller holds the address space's lock (or big_lock, for the
 * kernel's tests) and no lock above tlb_lock's level; any interrupt state.
 */
void x86_tlb_flush(phys_addr_t pgd, enum tlb_request req, uintptr_t va);

/*
 * Carries out this CPU's pending request, if any, and answers it: the
 * shootdown IPI's handler and arch_smp_poll(). Never takes a lock.
 */
void x86_tlb_service(void);

/* How many other CPUs a flush of pgd would reach now (the self-tests). */
unsigned int x86_tlb_targets(phys_addr_t pgd);

/* Kernel page va was unmapped (under big_lock): dropped here, the others sync lazily. */
void x86_tlb_kernel_unmapped(uintptr_t va);

/*
 * Under big_lock, before touching any kernel stack but this CPU's own live
 * ones: drops every translation if a kernel page was unmapped since this
 * CPU last did. Every big_lock entry and every stack switch calls it.
 */
void x86_tlb_kernel_sync(void);

#endif

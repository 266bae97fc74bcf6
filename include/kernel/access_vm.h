/* SPDX-License-Identifier: MIT */
/*
 * Reaching into another address space (kernel/mm/access_vm.c): what ptrace's
 * PEEK/POKE, process_vm_readv/writev and /proc/PID/mem share, Linux's
 * access_remote_vm() and its get_user_pages() rules.
 */
#ifndef KERNEL_ACCESS_VM_H
#define KERNEL_ACCESS_VM_H

#include <kernel/types.h>

struct mm;

/* How the memory is reached (Linux's FOLL_* of the same meaning). */
#define FOLL_WRITE (1u << 0) /* store into it, else load */
/*
 * As a debugger does: read an area that forbids reads (PROT_NONE), and
 * write a private one that forbids writes -- read-only text, a shadow
 * stack -- through a copy of its page when fork shares it. A shared area
 * stays unwritable without PROT_WRITE. Without FOLL_FORCE the area's own
 * rights decide, and shadow-stack memory is never written.
 */
#define FOLL_FORCE (1u << 1)

/*
 * Copies len bytes between buf (kernel memory) and addr in mm, page by
 * page: pages never touched read as zeros (none is made), a write makes
 * the page and breaks copy-on-write sharing first. Returns the bytes done,
 * which stop short at the first page no area allows (0: none); 0 too when
 * mm's address space is gone (its last task exited). Never sleeps.
 */
size_t access_remote_vm(struct mm *mm, uintptr_t addr, void *buf, size_t len, unsigned int foll);

/* ---- arch hook (arch/arm64/cacheflush.c, arch/x86_64/ptrace.c) ---- */
/*
 * The kernel wrote [kaddr, kaddr + len) of an executable area through the
 * direct map (exec, ptrace, process_vm_writev, /proc/PID/mem: mm_write()
 * and access_remote_vm()): the instruction side must see it before user
 * space runs it again.
 */
void arch_sync_icache_range(const void *kaddr, size_t len);

#endif

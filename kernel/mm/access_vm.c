// SPDX-License-Identifier: MIT
/*
 * Reading and writing another address space (see <kernel/access_vm.h>)
 * through the direct map, one page at a time, on the generic page-table
 * walker: the frame comes from pgtable_lookup(), a missing one from
 * mm_populate(), a shared one is made private by pgtable_unshare() --
 * the copy-on-write break a user write would make. The rights are Linux's
 * check_vma_flags() (mm/gup.c).
 */
#include <kernel/access_vm.h>
#include <kernel/kmem.h>
#include <kernel/pgtable.h>
#include <kernel/vm.h>
#include <kernel/vma.h>
#include <string.h>
#include <uapi/linux/mman.h>

/* Whether an access with foll may reach area v. */
static bool area_allows(const struct vma *v, unsigned int foll)
{
	bool force = foll & FOLL_FORCE;

	if (foll & FOLL_WRITE) {
		if ((v->prot & PROT_WRITE) && !(v->flags & VM_SHADOW_STACK))
			return true;
		/* Forced: only where a write lands in a page of this mm's own. */
		return force && !(v->flags & VM_SHARED);
	}
	/* Every Umbra area may be made readable (Linux's VM_MAYREAD): force reads all. */
	return (v->prot & PROT_READ) || force;
}

/* The frame at the page of addr, made this mm's own and present for a write; 0 on failure. */
static phys_addr_t frame_for_write(struct mm *mm, struct vma *v, uintptr_t addr)
{
	phys_addr_t p = pgtable_lookup(mm->pgd, addr);
	int err = 0;

	if (!p)
		err = mm_populate(mm, v, addr);
	else if (page_ref_count(p) > 1 && !(v->flags & VM_SHARED))
		err = pgtable_unshare(mm->pgd, ALIGN_DOWN(addr, PAGE_SIZE), v->prot, v->flags);
	return err ? 0 : pgtable_lookup(mm->pgd, addr);
}

size_t access_remote_vm(struct mm *mm, uintptr_t addr, void *buf, size_t len, unsigned int foll)
{
	char *b = buf;
	size_t done = 0;

	if (!mm)
		return 0;
	mm_lock(mm); /* its own threads may fault or map meanwhile; buf is the kernel's */
	while (refcount_read(&mm->users) > 0 && done < len) {
		uintptr_t a = addr + done;
		struct vma *v = a >= addr ? vma_find(&mm->vmas, a) : NULL;
		size_t off = a & (PAGE_SIZE - 1), n = MIN(len - done, PAGE_SIZE - off);
		phys_addr_t p;

		if (!v || !area_allows(v, foll))
			break;
		if (foll & FOLL_WRITE) {
			p = frame_for_write(mm, v, a);
			if (!p)
				break;
			memcpy((char *)phys_to_virt(p) + off, b + done, n);
			if (v->prot & PROT_EXEC)
				arch_sync_icache_range((char *)phys_to_virt(p) + off, n);
		} else {
			p = pgtable_lookup(mm->pgd, a);
			/* A shared area's page may exist in its object though not mapped here. */
			if (!p && v->shared) {
				if (mm_populate(mm, v, a))
					break;
				p = pgtable_lookup(mm->pgd, a);
			}
			if (p)
				memcpy(b + done, (const char *)phys_to_virt(p) + off, n);
			else
				memset(b + done, 0,
				       n); /* never touched: zeros, as Linux's zero page */
		}
		done += n;
	}
	mm_unlock(mm);
	return done;
}

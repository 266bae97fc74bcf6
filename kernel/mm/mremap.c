// SPDX-License-Identifier: MIT
/*
 * mremap(addr, old_len, new_len, flags, new_addr) with Linux's mm/mremap.c
 * rules and order:
 *
 *  1. flags other than MREMAP_MAYMOVE, MREMAP_FIXED, MREMAP_DONTUNMAP, an
 *     unaligned addr, a new_len of 0 (or one that wraps when rounded) →
 *     EINVAL; with FIXED or DONTUNMAP also an unaligned new_addr, no
 *     MAYMOVE, or DONTUNMAP with old_len != new_len → EINVAL, and too many
 *     areas to be sure of the splits → ENOMEM.
 *  2. No area at addr → EFAULT.
 *  3. FIXED or DONTUNMAP: a destination past user space or overlapping the
 *     source → EINVAL; FIXED unmaps the destination first; a shrink is
 *     done before the move. Otherwise: the same size returns addr, a
 *     shrink unmaps the tail, a growth is done in place when the source
 *     reaches its area's end and the gap above is free, else moves (only
 *     with MAYMOVE: ENOMEM without).
 *  4. Before growing or moving: old_len 0 (Linux's "duplicate") of a
 *     private area → EINVAL; a source running past its area → EFAULT.
 *
 * A move carries the leaves over (pgtable_move(): frames, their counts and
 * so copy-on-write sharing stay as they were) into a new area of the same
 * kind -- shared memory keeps its object and offset, a shadow stack stays
 * one (Linux has no rule against moving one) -- then unmaps the source,
 * unless DONTUNMAP keeps it, empty. Umbra does not merge neighbouring
 * areas: a moved range stays an area of its own, as it starts in Linux.
 */
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <kernel/pgtable.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

#define PAGE_OFFSET_MASK (PAGE_SIZE - 1)

/* Step 4 (Linux's remap_is_valid()). */
static long remap_valid(const struct vma *v, uintptr_t addr, size_t old_len)
{
	if (!old_len && !(v->flags & VM_SHARED))
		return -EINVAL;
	if (old_len > v->end - addr)
		return -EFAULT;
	return 0;
}

/* Grows v in place by delta when the gap above it allows (Linux's vma_expandable()). */
static bool expand_in_place(struct mm *mm, struct vma *v, size_t delta)
{
	uintptr_t end = v->end + delta;

	if (end < v->end || end > TASK_SIZE || !vma_range_free(&mm->vmas, v->end, end))
		return false;
	vma_set_end(&mm->vmas, v, end);
	return true;
}

/*
 * Moves [addr, addr + old_len) of area v to a new area [to, to + new_len)
 * of the same kind; returns to, or -ENOMEM with nothing changed.
 */
static long move_area(struct mm *mm, struct vma *v, uintptr_t addr, size_t old_len, uintptr_t to,
		      size_t new_len, bool dontunmap)
{
	/* The heap and main stack are named by their place: a moved copy is plain memory. */
	unsigned int flags = v->flags & ~(VM_BRK | VM_STACK);
	uintptr_t pgoff = v->pgoff + (addr - v->start) / PAGE_SIZE;
	struct vma *n;

	if (mm->vmas.count >= VMA_MAX_COUNT - 3)
		return -ENOMEM;
	if (vma_insert_shared(&mm->vmas, to, to + new_len, v->prot, flags, v->shared))
		return -ENOMEM;
	n = vma_find(&mm->vmas, to);
	n->pgoff = pgoff;
	if (pgtable_move(mm->pgd, addr, to, old_len)) {
		mm_unmap(mm, to, new_len);
		return -ENOMEM;
	}
	if (!dontunmap)
		mm_unmap(mm, addr,
			 old_len); /* no pages left there: frees the area and its tables */
	return (long)to;
}

/* A destination for a move: the hint (DONTUNMAP's new_addr) if free, else the highest gap. */
static uintptr_t find_destination(struct mm *mm, size_t len, uintptr_t hint)
{
	return vma_find_gap(&mm->vmas, len, hint >= MMAP_BOTTOM ? hint : 0, MMAP_BOTTOM, MMAP_TOP,
			    0);
}

static long mremap_to(struct mm *mm, uintptr_t addr, size_t old_len, size_t new_len,
		      unsigned long flags, uintptr_t new_addr)
{
	struct vma *v;
	long err;

	if (new_len > TASK_SIZE || new_addr > TASK_SIZE - new_len)
		return -EINVAL;
	if (addr + old_len > new_addr && new_addr + new_len > addr)
		return -EINVAL; /* the two ranges overlap */
	if (flags & MREMAP_FIXED) {
		if (new_addr < MMAP_BOTTOM)
			return -EPERM; /* below mmap_min_addr, as mmap's MAP_FIXED */
		err = mm_unmap(mm, new_addr, new_len);
		if (err)
			return err;
	}
	v = vma_find(&mm->vmas, addr);
	if (!v)
		return -EFAULT;
	if (old_len > new_len) {
		err = mm_unmap(mm, addr + new_len, old_len - new_len);
		if (err)
			return err;
		old_len = new_len;
		v = vma_find(&mm->vmas, addr);
		if (!v)
			return -EFAULT;
	}
	err = remap_valid(v, addr, old_len);
	if (err)
		return err;
	if (!(flags & MREMAP_FIXED)) {
		new_addr = find_destination(mm, new_len, new_addr);
		if (!new_addr)
			return -ENOMEM;
	}
	return move_area(mm, v, addr, old_len, new_addr, new_len, flags & MREMAP_DONTUNMAP);
}

/* mremap() under the address space's lock (the caller's). */
static long mremap_locked(const unsigned long a[6])
{
	uintptr_t addr = a[0], new_addr = a[4];
	size_t old_len = a[1], new_len = a[2];
	unsigned long flags = a[3];
	struct mm *mm = current->mm;
	bool to = flags & (MREMAP_FIXED | MREMAP_DONTUNMAP);
	struct vma *v;
	long err;

	if (flags & ~(MREMAP_FIXED | MREMAP_MAYMOVE | MREMAP_DONTUNMAP))
		return -EINVAL;
	if (addr & PAGE_OFFSET_MASK)
		return -EINVAL;
	if (!ALIGN_UP(new_len, PAGE_SIZE))
		return -EINVAL;
	if (to) {
		if (new_addr & PAGE_OFFSET_MASK)
			return -EINVAL;
		if (!(flags & MREMAP_MAYMOVE))
			return -EINVAL;
		if ((flags & MREMAP_DONTUNMAP) && old_len != new_len)
			return -EINVAL;
		if (mm->vmas.count + 2 >= VMA_MAX_COUNT - 3)
			return -ENOMEM;
	}
	old_len = ALIGN_UP(old_len, PAGE_SIZE);
	new_len = ALIGN_UP(new_len, PAGE_SIZE);
	v = vma_find(&mm->vmas, addr);
	if (!v)
		return -EFAULT;
	if (to)
		return mremap_to(mm, addr, old_len, new_len, flags, new_addr);
	if (old_len == new_len)
		return (long)addr;
	if (old_len > new_len) {
		if (addr + old_len > TASK_SIZE || addr + old_len < addr)
			return -EINVAL; /* munmap's range rule */
		err = mm_unmap(mm, addr + new_len, old_len - new_len);
		return err ? err : (long)addr;
	}
	err = remap_valid(v, addr, old_len);
	if (err)
		return err;
	if (v->end - addr == old_len && expand_in_place(mm, v, new_len - old_len))
		return (long)addr;
	if (!(flags & MREMAP_MAYMOVE))
		return -ENOMEM;
	new_addr = find_destination(mm, new_len, 0);
	if (!new_addr)
		return -ENOMEM;
	return move_area(mm, v, addr, old_len, new_addr, new_len, false);
}

SYSCALL(mremap)
{
	struct mm *mm = current->mm;
	long r;

	mm_lock(mm);
	r = mremap_locked(a);
	mm_unlock(mm);
	return r;
}

// SPDX-License-Identifier: MIT
/*
 * User address spaces (see <kernel/vm.h>): each change to the VMA index is
 * paired with the page-table change the arch makes, so the two never
 * disagree. Pages appear on first touch, in mm_handle_fault().
 */
#include <kernel/access_vm.h>
#include <kernel/big_lock.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/pgtable.h>
#include <kernel/shmem.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

struct mm *mm_create(void)
{
	struct mm *mm = kzalloc(sizeof(*mm));

	if (!mm)
		return NULL;
	mm->lock = (struct spinlock)SPINLOCK_INIT(LOCK_LEVEL_MM, "mm->lock");
	mm->pgd = pgtable_create();
	if (!mm->pgd) {
		kfree(mm);
		return NULL;
	}
	refcount_set(&mm->users, 1);
	refcount_set(&mm->refs, 1); /* the users' one reference, as Linux's mm_count */
	return mm;
}

/* One more page mapped in mm: the high-water mark follows. */
static void rss_grew(struct mm *mm)
{
	assert_mm_locked(mm);
	mm->rss++;
	if (mm->rss > mm->hiwater_rss)
		mm->hiwater_rss = mm->rss;
}

/* Unmaps [start, end) of mm; its pages leave the resident count. */
static void unmap_range(struct mm *mm, uintptr_t start, uintptr_t end)
{
	assert_mm_locked(mm);
	size_t gone = pgtable_unmap(mm->pgd, start, end);

	BUG_ON(gone > mm->rss);
	mm->rss -= gone;
}

/* An area that never had a page (no VM_POPULATED) has none to unmap, and no table to walk. */
static void release_pages(const struct vma *v, void *ctx)
{
	if (v->flags & VM_POPULATED)
		unmap_range(ctx, v->start, v->end);
}

void mm_put(struct mm *mm)
{
	struct dentry *exe = mm_put_keep_exe(mm);

	if (exe)
		dentry_put(exe);
}

/* Every area, page and table of mm goes; an emptied space (mm_empty()) has none left. */
static void release_all(struct mm *mm)
{
	assert_mm_locked(mm);
	vma_clear(&mm->vmas, release_pages, mm);
	BUG_ON(mm->rss != 0); /* every page a leaf held was counted in, and out */
	if (mm->pgd)
		pgtable_destroy(mm->pgd);
	mm->pgd = 0;
}

void mm_empty(struct mm *mm)
{
	BUG_ON(refcount_read(&mm->users) != 1);
	mm_lock(mm);
	release_all(mm);
	mm_unlock(mm);
}

static struct mm *put_emptied(struct mm *mm, void (*put_exe)(struct dentry *))
{
	BUG_ON(mm->pgd || !refcount_dec_and_test(&mm->users));
	if (mm->exe)
		put_exe(mm->exe);
	mm->exe = NULL;
	return refcount_dec_and_test(&mm->refs) ? mm : NULL;
}

struct mm *mm_put_emptied(struct mm *mm)
{
	assert_big_lock_held();
	return put_emptied(mm, dentry_put);
}

struct mm *mm_put_emptied_unlocked(struct mm *mm)
{
	return put_emptied(mm, dentry_put_unlocked);
}

struct dentry *mm_put_keep_exe(struct mm *mm)
{
	struct dentry *exe;

	BUG_ON(refcount_read(&mm->users) <= 0);
	if (!refcount_dec_and_test(&mm->users))
		return NULL;
	/* Nobody runs in it any more; /proc and ptrace may still look (under big_lock, then this lock). */
	mm_lock(mm);
	release_all(mm);
	exe = mm->exe;
	mm->exe = NULL;
	mm_unlock(mm);
	mm_drop(mm); /* the users' reference: the struct goes with the last holder */
	return exe;
}

void mm_put_unlocked(struct mm *mm)
{
	struct dentry *exe = mm_put_keep_exe(mm);

	if (exe)
		dentry_put_unlocked(exe); /* the program file's last reference is big_lock's */
}

void mm_grab(struct mm *mm)
{
	refcount_inc(&mm->refs);
}

void mm_drop(struct mm *mm)
{
	if (refcount_dec_and_test(&mm->refs))
		kfree(mm);
}

struct mm *mm_fork(struct mm *src)
{
	struct mm *mm = mm_create();

	if (!mm)
		return NULL;
	/* src's other threads may fault or map meanwhile; the new space is nobody else's yet. */
	mm_lock(src);
	if (vma_clone(&mm->vmas, &src->vmas))
		goto fail;
	for (const struct vma *v = vma_first(&src->vmas); v; v = vma_next(v)) {
		if (!(v->flags & VM_POPULATED))
			continue; /* nothing to share: the child's copy of it has the flag off too */
		if (pgtable_fork(mm->pgd, src->pgd, v->start, v->end, v->flags, &mm->rss))
			goto fail;
	}
	/* The child's high-water mark starts at what it shares, as Linux's dup_mm(). */
	mm->hiwater_rss = mm->rss;
	mm->start_brk = src->start_brk;
	mm->brk = src->brk;
	mm->arg_start = src->arg_start;
	mm->arg_end = src->arg_end;
	mm->env_start = src->env_start;
	mm->env_end = src->env_end;
	mm_unlock(src);
	return mm;
fail:
	mm_unlock(src);
	mm_put(mm);
	return NULL;
}

/* Frees [start, end) for a new area: replaces what is there when fixed. */
static int make_room(struct mm *mm, uintptr_t start, uintptr_t end, bool fixed)
{
	assert_mm_locked(mm);
	if (fixed)
		return vma_remove(&mm->vmas, start, end, release_pages, mm);
	return vma_range_free(&mm->vmas, start, end) ? 0 : -ENOMEM;
}

int mm_map(struct mm *mm, uintptr_t start, size_t len, unsigned int prot, unsigned int flags,
	   bool fixed)
{
	int err = make_room(mm, start, start + len, fixed);

	return err ? err : vma_insert(&mm->vmas, start, start + len, prot, flags);
}

int mm_map_found(struct mm *mm, const struct vma_spot *spot, size_t len, unsigned int prot,
		 unsigned int flags)
{
	assert_mm_locked(mm);
	return vma_insert_at(&mm->vmas, spot, len, prot, flags);
}

int mm_map_shared(struct mm *mm, uintptr_t start, size_t len, unsigned int prot, bool fixed)
{
	struct shmem *s = shmem_create(len / PAGE_SIZE);
	int err = s ? make_room(mm, start, start + len, fixed) : -ENOMEM;

	if (!err)
		err = vma_insert_shared(&mm->vmas, start, start + len, prot, VM_SHARED, s);
	if (s)
		shmem_put(s); /* the area holds its own reference */
	return err;
}

int mm_map_object(struct mm *mm, uintptr_t start, size_t len, unsigned int prot, unsigned int flags,
		  struct shmem *s, bool fixed)
{
	int err = make_room(mm, start, start + len, fixed);

	return err ? err
		   : vma_insert_shared(&mm->vmas, start, start + len, prot, VM_SHARED | flags, s);
}

int mm_map_file(struct mm *mm, uintptr_t start, size_t len, unsigned int prot, unsigned int flags,
		struct shmem *file, size_t pgoff, bool fixed)
{
	int err = make_room(mm, start, start + len, fixed);

	return err ? err
		   : vma_insert_object(&mm->vmas, start, start + len, prot, flags, file, pgoff);
}

void mm_unmap_object_from(struct mm *mm, const struct shmem *s, size_t first)
{
	assert_mm_locked(mm);
	for (const struct vma *v = vma_first(&mm->vmas); v; v = vma_next(v)) {
		size_t pages = (v->end - v->start) / PAGE_SIZE;

		if (v->shared != s || v->pgoff + pages <= first)
			continue;

		size_t skip = first > v->pgoff ? first - v->pgoff : 0;

		unmap_range(mm, v->start + skip * PAGE_SIZE, v->end);
	}
}

int mm_unmap(struct mm *mm, uintptr_t start, size_t len)
{
	assert_mm_locked(mm);
	return vma_remove(&mm->vmas, start, start + len, release_pages, mm);
}

static void apply_prot(uintptr_t start, uintptr_t end, unsigned int prot, unsigned int flags,
		       void *ctx)
{
	struct mm *mm = ctx;

	pgtable_protect(mm->pgd, start, end, prot, flags);
}

int mm_protect(struct mm *mm, uintptr_t start, size_t len, unsigned int prot)
{
	assert_mm_locked(mm);
	for (const struct vma *v = vma_first_above(&mm->vmas, start); v && v->start < start + len;
	     v = vma_next(v)) {
		/* Shadow-stack memory is never executable (Linux's arch_validate_flags). */
		if ((prot & PROT_EXEC) && (v->flags & VM_SHADOW_STACK))
			return -EINVAL;
		/*
		 * Every program shares the vDSO's pages: never writable. Linux's
		 * [vvar] lacks VM_MAYWRITE (EACCES); its [vdso] would be made a
		 * private copy, which Umbra does not do: EACCES as well.
		 */
		if ((prot & PROT_WRITE) && (v->flags & (VM_VDSO | VM_VVAR)))
			return -EACCES;
	}
	return vma_protect(&mm->vmas, start, start + len, prot, apply_prot, mm);
}

/*
 * The rights of a private mapping's view of its object's page, before the
 * first write copies it: no write -- but what PROT_WRITE allowed to read
 * stays readable. Neither x86's page tables nor arm64's can say
 * write-only, and Linux maps such a page read-only (its protection_map
 * gives a private VM_WRITE area the rights of a private read-only one).
 * Dropping the write alone left PROT_WRITE with no rights at all: a
 * PROT_NONE leaf under an area that allows reads, which every read
 * faulted on again.
 */
static unsigned int private_view_prot(unsigned int prot)
{
	return (prot & PROT_WRITE) ? (prot & ~(unsigned int)PROT_WRITE) | PROT_READ : prot;
}

/* Maps the shared object's page at the page of addr in shared area v (made on first touch). */
static int populate_shared(struct mm *mm, struct vma *v, uintptr_t addr)
{
	uintptr_t va = ALIGN_DOWN(addr, PAGE_SIZE);
	size_t index = v->pgoff + (va - v->start) / PAGE_SIZE;
	phys_addr_t p;
	int err;

	assert_big_lock_held(); /* the object's page array */
	/*
	 * Past the object's end: no page there. A file's end (a mapping past
	 * it, or a truncate) is SIGBUS, as Linux's filemap_fault(); past
	 * anonymous shared memory (an area mremap grew) Linux raises SIGBUS
	 * too, while Umbra's fault report says SIGSEGV (docs/ABI.md §7).
	 */
	if (index >= v->shared->pages)
		return v->shared->is_file ? -EIO : -EFAULT;
	p = shmem_page(v->shared, index);
	if (!p)
		return -ENOMEM;
	page_ref_get(p); /* this mapping's reference; the object keeps its own */
	/* A private mapping sees the file's page until its first write copies it. */
	err = pgtable_map(mm->pgd, va, p,
			  (v->flags & VM_SHARED) ? v->prot : private_view_prot(v->prot), v->flags);
	if (err)
		page_ref_put(p);
	else
		rss_grew(mm);
	return err;
}

int mm_populate(struct mm *mm, struct vma *v, uintptr_t addr)
{
	phys_addr_t p;
	int err;

	assert_mm_locked(mm);
	v->flags |= VM_POPULATED; /* before the page: a failure leaves only a walk for nothing */
	if (v->shared)
		return populate_shared(mm, v, addr);
	p = page_alloc_zeroed(1);
	if (!p)
		return -ENOMEM;
	err = pgtable_map(mm->pgd, ALIGN_DOWN(addr, PAGE_SIZE), p, v->prot, v->flags);
	if (err)
		page_free(p, 1);
	else
		rss_grew(mm);
	return err;
}

int mm_handle_fault(struct mm *mm, uintptr_t addr, enum fault_access access)
{
	assert_mm_locked(mm);
	struct vma *v = vma_find(&mm->vmas, addr);
	bool present;

	if (!v)
		return -EFAULT;
	/*
	 * Shadow-stack memory takes shadow-stack accesses and plain reads;
	 * a plain write to it, or a shadow-stack access elsewhere, is refused.
	 */
	if ((access == FAULT_SHSTK) != !!(v->flags & VM_SHADOW_STACK) && access != FAULT_READ)
		return -EACCES;
	/* A shadow-stack access needs the area writable, as Linux (docs/ABI.md §3.5). */
	if (access == FAULT_SHSTK && !(v->prot & PROT_WRITE))
		return -EACCES;
	if (access != FAULT_SHSTK &&
	    ((access == FAULT_WRITE && !(v->prot & PROT_WRITE)) ||
	     (access == FAULT_EXEC && !(v->prot & PROT_EXEC)) ||
	     (access == FAULT_READ && !(v->prot & (PROT_READ | PROT_WRITE | PROT_EXEC)))))
		return -EACCES;
	present = pgtable_lookup(mm->pgd, addr) != 0;
	/*
	 * Filling a page from a shared object (a file's, shared memory's):
	 * their pages are big_lock's (<kernel/lock_order.h>), come back with
	 * it. A copy-on-write break of a private file page needs only this
	 * lock, so a fork child's writes to its data stay on the fast path.
	 */
	if (!present && v->shared && !spin_held(&big_lock))
		return -EAGAIN;
	/* Every fault is a minor one: no swap, no files (getrusage's ru_minflt). */
	if (current)
		current->usage.minflt++;
	if (!present)
		return mm_populate(mm, v, addr);
	/*
	 * Present, yet it faulted: a write (a shadow-stack access counts, as
	 * in Linux) to a copy-on-write page, or the rights forbid it. Shared
	 * pages are never copy-on-write.
	 */
	if ((access == FAULT_WRITE || access == FAULT_SHSTK) && !(v->flags & VM_SHARED))
		return pgtable_write_fault(mm->pgd, ALIGN_DOWN(addr, PAGE_SIZE), v->prot, v->flags);
	/*
	 * Any other access the area allows, to a page that is there: this CPU
	 * faulted while another one replaced the entry (break-before-make
	 * leaves it invalid for a moment) and waited for big_lock meanwhile.
	 * The entry is whole again: retry. Unless the leaf still bars the
	 * access -- a PROT_NONE one under an area that allows reads, a
	 * read-only one under a writable shared area: the area and its leaves
	 * disagree, a kernel bug, and every retry would fault again -- forever,
	 * for a kernel copy from user memory under the big lock (make fuzz
	 * found one, populate_shared()'s write-only page).
	 */
	if (!pgtable_leaf_allows(mm->pgd, addr, access == FAULT_WRITE || access == FAULT_SHSTK))
		panic("mm: the leaf at %#lx bars an access its area allows (prot %#x)",
		      (unsigned long)addr, v->prot);
	return 0;
}

/*
 * The kernel's view of the page of addr in mm, ready to be written: faulted
 * in, and a page fork shares copied first (the other side keeps its own).
 * NULL with *err = -EFAULT (no area) or the fault's errno.
 */
static void *writable_page(struct mm *mm, uintptr_t addr, int *err, bool *exec)
{
	assert_mm_locked(mm);
	struct vma *v = vma_find(&mm->vmas, addr);
	phys_addr_t p;

	*err = -EFAULT;
	if (!v)
		return NULL;
	*exec = v->prot & PROT_EXEC;
	p = pgtable_lookup(mm->pgd, addr);
	*err = 0;
	if (!p) {
		*err = mm_populate(mm, v, addr);
		p = *err ? 0 : pgtable_lookup(mm->pgd, addr);
	}
	/* A page shared with fork or with a privately mapped file: copied first. */
	if (p && page_ref_count(p) > 1 && !(v->flags & VM_SHARED))
		*err = pgtable_unshare(mm->pgd, ALIGN_DOWN(addr, PAGE_SIZE), v->prot, v->flags);
	if (*err)
		return NULL;
	return phys_to_virt(pgtable_lookup(mm->pgd, ALIGN_DOWN(addr, PAGE_SIZE)));
}

int mm_write(struct mm *mm, uintptr_t addr, const void *src, size_t len)
{
	const char *s = src;

	while (len) {
		int err;
		bool exec;
		char *page = writable_page(mm, addr, &err, &exec);

		if (!page)
			return err;

		size_t off = addr & (PAGE_SIZE - 1);
		size_t n = MIN(len, PAGE_SIZE - off);

		memcpy(page + off, s, n);
		if (exec) /* exec's text: instruction fetches must see it */
			arch_sync_icache_range(page + off, n);
		addr += n;
		s += n;
		len -= n;
	}
	return 0;
}

int mm_cmpxchg_u64(struct mm *mm, uintptr_t addr, u64 old, u64 new_value)
{
	int err;
	bool exec;
	char *page = writable_page(mm, addr, &err, &exec);

	if (!page)
		return err;
	/* One locked compare-and-exchange: no other access to the word comes between. */
	u64 *word = (u64 *)(page + (addr & (PAGE_SIZE - 1)));

	return __atomic_compare_exchange_n(word, &old, new_value, false, __ATOMIC_SEQ_CST,
					   __ATOMIC_SEQ_CST)
		       ? 0
		       : 1;
}

int mm_madvise(struct mm *mm, uintptr_t start, size_t len, bool dontneed)
{
	uintptr_t end = start + len;
	int err = 0;

	assert_mm_locked(mm);
	for (struct vma *v = vma_first_above(&mm->vmas, start); v && v->start < end;
	     v = vma_next(v)) {
		if (v->start > start)
			err = -ENOMEM; /* a hole before this area */
		/*
		 * Unmapping drops this address space's reference of each frame:
		 * a private page is freed (the next touch maps a zeroed one), a
		 * shared one stays in its object (the next touch finds it).
		 */
		if (dontneed)
			unmap_range(mm, MAX(start, v->start), MIN(end, v->end));
		start = v->end;
	}
	return start < end ? -ENOMEM : err;
}

int mm_fault(struct mm *mm, uintptr_t addr, enum fault_access access)
{
	int err;

	mm_lock(mm);
	err = mm_handle_fault(mm, addr, access);
	mm_unlock(mm);
	return err;
}

void mm_activate(struct mm *mm)
{
	arch_pgd_activate(mm ? mm->pgd : 0);
}

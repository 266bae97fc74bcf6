/* SPDX-License-Identifier: MIT */
/*
 * User address spaces: a page-table root (the arch's) plus the VMA tree
 * that says what may be mapped where. Pages are allocated on first touch
 * (demand paging); fork shares them copy-on-write, and the first write on
 * either side copies the page (the last sharer just writes it).
 */
#ifndef KERNEL_VM_H
#define KERNEL_VM_H

#include <kernel/atomic.h>
#include <kernel/spinlock.h>
#include <kernel/types.h>
#include <kernel/vma.h>

struct dentry;

/*
 * Locking: lock guards the VMA tree, the page tables, brk and the resident
 * counts. Whoever reads or changes them holds it -- mm_lock(), and every
 * function below that takes an mm asserts it -- except where a comment
 * says the function takes it itself. It nests inside big_lock
 * (<kernel/lock_order.h>), never the other way round, so code holding it
 * never waits for anything big_lock guards: no user-memory access (a fault
 * would take it again), no signal, no file. Page faults on memory with no
 * shared object behind it, and mmap/munmap/mprotect/madvise/brk of such
 * memory, run under it alone (docs/DESIGN.md §7.3).
 */
struct mm {
	struct spinlock lock;
	unsigned long lock_irqs; /* the holder's interrupt state to restore (mm_unlock()) */
	phys_addr_t pgd;	 /* the arch's page-table root */
	struct vma_tree vmas;
	uintptr_t start_brk; /* where the heap starts (end of the image) */
	uintptr_t brk;	     /* current break */
	refcount_t users;    /* tasks running in it (CLONE_VM shares) */
	/* Where exec put the argument and environment strings (/proc/PID/cmdline, environ). */
	uintptr_t arg_start, arg_end, env_start, env_end;
	refcount_t refs; /* holders of the struct (an open /proc/PID/mem), plus 1 while users > 0 */
	struct dentry *exe; /* the file exec ran (/proc/PID/exe), held while users > 0 */
	/*
	 * Pages mapped now, and the most ever mapped at once (Linux's
	 * hiwater_rss, which getrusage's ru_maxrss reports): every page a leaf
	 * holds counts, private, shared or a file's, as Linux's three RSS
	 * counters summed.
	 */
	unsigned long rss, hiwater_rss;
};

/* Where the kernel puts things when user space does not say. */
#define MMAP_TOP (TASK_SIZE - (64ul << 30)) /* mmap grows down from here, below the stack */
#define MMAP_BOTTOM (1ul << 16)		    /* never map below 64 KiB (NULL guard) */
#define STACK_TOP (TASK_SIZE - PAGE_SIZE)   /* top of the main thread's stack */

struct mm *mm_create(void);
/*
 * Drops one user; the last one frees every page, table and area (the
 * struct too, unless mm_grab() holds it: then it stays, empty, users 0).
 * Takes mm's lock itself. Under big_lock, which the program's file's
 * reference (exe) needs.
 */
void mm_put(struct mm *mm);
/*
 * mm_put() for a caller that let big_lock go (an exit tearing its space
 * down while other CPUs work): the same, but the last user's program file
 * is handed back (NULL otherwise) for the caller to dentry_put() once it
 * holds big_lock again.
 */
struct dentry *mm_put_keep_exe(struct mm *mm);
/* mm_put() without big_lock: the lock is taken for the last user's program file alone. */
void mm_put_unlocked(struct mm *mm);
/*
 * For the last user's exit before it takes big_lock: every area, page and
 * table of mm goes, under mm's lock, while the struct -- which /proc and
 * ptrace may still reach through the task, under big_lock -- stays, with
 * its program file and its one user, for the mm_put() that follows under
 * big_lock. An emptied space has no areas and no page table (pgd 0), so a
 * reader that starts from an area finds nothing to walk.
 */
void mm_empty(struct mm *mm);
/*
 * The mm_put() that follows mm_empty(), under big_lock: the program file
 * goes. Returns the struct for the caller to free -- after the lock, with
 * kfree_after_big_lock() -- or NULL while an open /proc/PID/mem holds it.
 */
struct mm *mm_put_emptied(struct mm *mm);
/* The same without big_lock: taken only if the program file's count drops to zero. */
struct mm *mm_put_emptied_unlocked(struct mm *mm);

/*
 * const: readers lock too; the lock is not part of what a reader reads.
 * Interrupts are off in kernel code but for the boot-time self-tests,
 * which build address spaces of their own: the holder keeps the state to
 * restore beside the lock. Inline, as the spinlock's uncontended path: a
 * thread's shadow stack takes the lock three times, and the calls cost
 * about 29 Bochs ticks of its create + join (docs/BENCH.md).
 */
static inline void mm_lock(const struct mm *mm)
{
	struct mm *m = (struct mm *)mm;
	unsigned long flags = spin_lock_irqsave(&m->lock);

	m->lock_irqs = flags;
}

static inline void mm_unlock(const struct mm *mm)
{
	struct mm *m = (struct mm *)mm;

	spin_unlock_irqrestore(&m->lock, m->lock_irqs);
}

/* Panics unless this CPU holds mm's lock (the lock debugger's ownership check). */
#define assert_mm_locked(mm) assert_spin_held(&(mm)->lock)
/* Holds the struct (not the address space) of mm, as Linux's mmgrab(); mm_drop() lets go. */
void mm_grab(struct mm *mm);
void mm_drop(struct mm *mm);
/*
 * A copy for fork: the areas, and every page shared copy-on-write. Takes
 * src's lock itself and needs no other: fork runs it without big_lock.
 * The program's file (exe) is not copied: the caller sets it, under
 * big_lock, which a file's reference needs.
 */
struct mm *mm_fork(struct mm *src);

/*
 * Maps [start, start + len) with prot/flags. With fixed, replaces what is
 * there; otherwise start must be free. 0 or -ENOMEM.
 */
int mm_map(struct mm *mm, uintptr_t start, size_t len, unsigned int prot, unsigned int flags,
	   bool fixed);
/*
 * The same at a spot vma_find_spot() found free in this hold of mm's lock:
 * linked where the search ended, without a second look. 0 or -ENOMEM.
 */
int mm_map_found(struct mm *mm, const struct vma_spot *spot, size_t len, unsigned int prot,
		 unsigned int flags);
/*
 * Maps [start, start + len) as new shared anonymous memory (VM_SHARED, one
 * fresh object behind it), as mm_map(). 0 or -ENOMEM.
 */
int mm_map_shared(struct mm *mm, uintptr_t start, size_t len, unsigned int prot, bool fixed);
/*
 * Maps [start, start + len) as pages of the existing shared object s, from
 * its first page (the area takes its own reference), with VM_SHARED | flags.
 * 0 or -ENOMEM.
 */
struct shmem;
int mm_map_object(struct mm *mm, uintptr_t start, size_t len, unsigned int prot, unsigned int flags,
		  struct shmem *s, bool fixed);
/*
 * Maps [start, start + len) as a file's pages from page pgoff of its object
 * on (<kernel/shmem.h>; the area takes its own reference): shared with
 * flags holding VM_SHARED, else private (copy-on-write). A page past the
 * file's end faults with -EIO (SIGBUS). 0 or -ENOMEM.
 */
int mm_map_file(struct mm *mm, uintptr_t start, size_t len, unsigned int prot, unsigned int flags,
		struct shmem *file, size_t pgoff, bool fixed);
/*
 * Drops mm's mappings of the object's pages from page first on, private
 * copies too (a file truncated: its next touch there is SIGBUS, as Linux's
 * truncate_pagecache()). The areas stay.
 */
void mm_unmap_object_from(struct mm *mm, const struct shmem *s, size_t first);
/* Unmaps a range (pages freed). 0 or -ENOMEM (a split failed). */
int mm_unmap(struct mm *mm, uintptr_t start, size_t len);
/* Linux's mprotect on the range: 0, -ENOMEM (unmapped hole), -EACCES (write to [vdso]/[vvar]) */
int mm_protect(struct mm *mm, uintptr_t start, size_t len, unsigned int prot);

/*
 * madvise() over [start, start + len): with dontneed (MADV_DONTNEED) drops
 * the pages of every area there from this address space -- the next touch
 * maps a zeroed page, or in shared memory the object's page again. 0, or
 * -ENOMEM when part of the range is unmapped (the mapped parts are dropped
 * all the same, as Linux).
 */
int mm_madvise(struct mm *mm, uintptr_t start, size_t len, bool dontneed);

/* FAULT_SHSTK: a shadow-stack access (call/ret push/pop, WRSS, GCS instructions). */
enum fault_access { FAULT_READ, FAULT_WRITE, FAULT_EXEC, FAULT_SHSTK };

/*
 * Resolves a fault at addr: 0 when a page was mapped (demand paging) or
 * a copy-on-write page was made the faulting side's own,
 * -EFAULT when no area covers addr (SEGV_MAPERR), -EACCES when the area
 * forbids the access (SEGV_ACCERR), -EIO for a file mapping's page past
 * the file's end (SIGBUS, BUS_ADRERR), -ENOMEM when out of memory.
 * -EAGAIN when the page must come from a shared object (a file's, shared
 * memory's) and the CPU does not hold big_lock, which guards the object's
 * pages: retry holding it.
 */
int mm_handle_fault(struct mm *mm, uintptr_t addr, enum fault_access access);

/*
 * mm_handle_fault() under mm's lock, which it takes: what the fault paths
 * call. Without big_lock (an arch's entry rule for a user fault), 0 means
 * resolved and anything else sends the fault the ordinary way, holding
 * big_lock: a signal to raise, or a shared object's page to fill.
 */
int mm_fault(struct mm *mm, uintptr_t addr, enum fault_access access);

/*
 * Maps the page of addr in v, an area of mm with no frame there yet: a
 * zeroed page, or a shared area's own page. 0 or -ENOMEM.
 */
int mm_populate(struct mm *mm, struct vma *v, uintptr_t addr);

/*
 * Writes into an address space that need not be the current one (exec
 * builds the new image this way), faulting pages in as needed. Ignores
 * PROT_WRITE: the kernel is filling in the image. 0 or -EFAULT/-ENOMEM.
 */
int mm_write(struct mm *mm, uintptr_t addr, const void *src, size_t len);

/*
 * Replaces the 8-aligned u64 at addr in mm by new_value if it holds old, in
 * one atomic step, through the kernel's view of the page (faulted in and
 * made mm's own first, as mm_write). 0 when replaced, 1 when the word held
 * something else, or -EFAULT / -ENOMEM.
 */
int mm_cmpxchg_u64(struct mm *mm, uintptr_t addr, u64 old, u64 new_value);

/* Makes mm the address space the CPU uses (NULL: kernel only). Under big_lock, without mm's lock. */
void mm_activate(struct mm *mm);

/* ---- arch hook (arch/<arch>/mmu_user.c); the tables are <kernel/pgtable.h>'s ---- */
/* Loads pgd into the MMU, or (0) a root with no user half. */
void arch_pgd_activate(phys_addr_t pgd);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Virtual memory areas: the regions of a user address space and their
 * rights, kept in a balanced search tree keyed by address (an AVL tree whose
 * nodes also know the largest free gap below them, so lookups, changes and
 * gap searches cost O(log n) however many areas there are). Pure
 * bookkeeping -- no page tables -- so host unit tests drive it; kernel/mm/vm.c
 * pairs each change with the matching page-table change.
 */
#ifndef KERNEL_VMA_H
#define KERNEL_VMA_H

#include <kernel/types.h>

/* vma.flags: what kind of memory, beyond its PROT_* rights. */
#define VM_STACK (1u << 0)	  /* the main thread's stack */
#define VM_BRK (1u << 1)	  /* the heap behind brk() */
#define VM_SHADOW_STACK (1u << 2) /* hardware shadow stack (CET / GCS) */
#define VM_IMAGE (1u << 3)	  /* loaded from the ELF file */
#define VM_SHARED (1u << 4)	  /* MAP_SHARED anonymous memory: vma.shared holds its pages */
/*
 * The kernel's pages every program shares (kernel/time/vdso.c), VM_SHARED
 * too: never made writable, shown private in /proc/PID/maps, as Linux's.
 */
#define VM_VDSO (1u << 5) /* [vdso]: the vDSO's code */
#define VM_VVAR (1u << 6) /* [vvar]: the data it reads */
/*
 * A page was mapped in the area at some time (mm_populate(), or a copy
 * from an area that had it: fork, a split, mremap). Without it the page
 * tables hold nothing of the area, and its removal walks none: a thread's
 * shadow stack that was never pushed to is unmapped in O(1). pgtable_destroy()
 * checks the rule at every exit: a page still mapped there panics.
 */
#define VM_POPULATED (1u << 7)

struct shmem;

struct vma {
	uintptr_t start;    /* page aligned */
	uintptr_t end;	    /* exclusive, page aligned, > start */
	unsigned int prot;  /* PROT_READ | PROT_WRITE | PROT_EXEC */
	unsigned int flags; /* VM_* */
	/*
	 * VM_SHARED: the object whose page pgoff is at start (one reference
	 * per area; splits and clones take their own, removal drops it). A
	 * file's object without VM_SHARED is a private file mapping: its pages
	 * are mapped read-only and copied at the first write (copy-on-write).
	 */
	struct shmem *shared;
	uintptr_t pgoff;
	/* The index: only kernel/mm/vma.c looks at these. */
	struct vma *left, *right, *parent;
	uintptr_t gap; /* free space between the previous area's reach and this one's (0: open) */
	uintptr_t max_gap; /* the largest gap in this subtree */
	int height;	   /* of this subtree: 1 for a leaf */
};

/* The areas of one address space, never overlapping. All zero is empty. */
struct vma_tree {
	struct vma *root;   /* only kernel/mm/vma.c looks at it */
	unsigned int count; /* areas in the index */
	/*
	 * The open window (kernel/mm/vma.c): the area whose window below is
	 * kept out of the tree's largest gaps (its gap reads 0), and that
	 * window's size. NULL when none is.
	 */
	struct vma *open;
	uintptr_t open_gap;
	/* An area's memory kept from the last removal for the next (vma_clear() frees it). */
	struct vma *spare;
};

/*
 * Linux's vm.max_map_count default (DEFAULT_MAX_MAP_COUNT): no address space
 * holds more areas, so no walk over them can take unbounded time. Adding or
 * splitting past it fails with -ENOMEM, as in Linux.
 */
#define VMA_MAX_COUNT 65530

/* Called for each area a change removes (already cut to the range), so the caller can free pages. */
typedef void (*vma_release_fn)(const struct vma *v, void *ctx);

/* The area containing addr, or NULL. */
struct vma *vma_find(const struct vma_tree *l, uintptr_t addr);

/*
 * In address order: the lowest area, the one after v, and the lowest area
 * that ends above addr (the one containing addr, else the next one up, as
 * Linux's find_vma()); NULL past the end. The areas must not change during
 * a walk.
 *
 *	for (struct vma *v = vma_first(l); v; v = vma_next(v))
 */
struct vma *vma_first(const struct vma_tree *l);
struct vma *vma_next(const struct vma *v);
struct vma *vma_first_above(const struct vma_tree *l, uintptr_t addr);

/* True when no area intersects [start, end). */
bool vma_range_free(const struct vma_tree *l, uintptr_t start, uintptr_t end);

/* Adds [start, end) with prot/flags; the range must be free. 0 or -ENOMEM (also past VMA_MAX_COUNT). */
int vma_insert(struct vma_tree *l, uintptr_t start, uintptr_t end, unsigned int prot,
	       unsigned int flags);
/*
 * The same for an area of shared memory: page 0 of shared at start; the
 * area takes its own reference of shared (none on failure).
 */
int vma_insert_shared(struct vma_tree *l, uintptr_t start, uintptr_t end, unsigned int prot,
		      unsigned int flags, struct shmem *shared);
/* The same from page pgoff of shared on: a file mapping (private without VM_SHARED). */
int vma_insert_object(struct vma_tree *l, uintptr_t start, uintptr_t end, unsigned int prot,
		      unsigned int flags, struct shmem *shared, uintptr_t pgoff);

/*
 * Moves v's end to end (mremap growing or shrinking it in place); when it
 * grows, [v->end, end) must be free. Needs no memory.
 */
void vma_set_end(struct vma_tree *l, struct vma *v, uintptr_t end);

/*
 * Removes [start, end) from every area it touches, splitting areas that
 * straddle it, and calls release for each removed piece, lowest first.
 * Returns 0, or -ENOMEM (with nothing changed) when a split needs memory it
 * cannot get. An empty range (start >= end) changes nothing.
 */
int vma_remove(struct vma_tree *l, uintptr_t start, uintptr_t end, vma_release_fn release,
	       void *ctx);

/*
 * Sets prot on [start, end), splitting at the ends. The whole range must be
 * mapped: -ENOMEM otherwise (Linux's mprotect rule), with nothing changed.
 * apply is called for each piece that changes, with its old area flags,
 * lowest first. An empty range changes nothing.
 */
typedef void (*vma_protect_fn)(uintptr_t start, uintptr_t end, unsigned int prot,
			       unsigned int flags, void *ctx);
int vma_protect(struct vma_tree *l, uintptr_t start, uintptr_t end, unsigned int prot,
		vma_protect_fn apply, void *ctx);

/*
 * Finds a free, page-aligned range of len bytes within [low, high): the hint
 * if it is free and fits, else the highest free range (top-down, as Linux).
 * Returns its start, or 0 when none fits. guard bytes are kept free on both
 * sides of the result when guard > 0 (shadow stacks use this), and no result
 * comes within a page of a shadow stack (its guard gaps). O(log n).
 */
uintptr_t vma_find_gap(const struct vma_tree *l, size_t len, uintptr_t hint, uintptr_t low,
		       uintptr_t high, size_t guard);

/* Where a gap search found room: at (0 if none), between prev and next (NULL at the ends). */
struct vma_spot {
	uintptr_t at;
	struct vma *prev, *next;
};

/* vma_find_gap() that also says which areas the result lies between. */
uintptr_t vma_find_spot(const struct vma_tree *l, size_t len, uintptr_t hint, uintptr_t low,
			uintptr_t high, size_t guard, struct vma_spot *spot);

/*
 * Adds [spot->at, spot->at + len), found by vma_find_spot() with nothing
 * changed since, linked between the areas it names: the tree is not
 * searched again. 0 or -ENOMEM, as vma_insert().
 */
int vma_insert_at(struct vma_tree *l, const struct vma_spot *spot, size_t len, unsigned int prot,
		  unsigned int flags);

/* Frees every area (calling release for each). */
void vma_clear(struct vma_tree *l, vma_release_fn release, void *ctx);

/* Copies every area of src into dst (empty). 0 or -ENOMEM (dst cleared). */
int vma_clone(struct vma_tree *dst, const struct vma_tree *src);

/*
 * Checks every invariant of the index (order, balance, heights, parent
 * links, the gaps, count): NULL when all hold, else what is broken. For
 * tests; it visits every area.
 */
const char *vma_check(const struct vma_tree *l);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Virtual memory areas: the regions of a user address space and their
 * rights, as a list sorted by address. Pure bookkeeping -- no page tables --
 * so host unit tests drive it; kernel/vm.c pairs each change with the
 * matching page-table change.
 */
#ifndef KERNEL_VMA_H
#define KERNEL_VMA_H

#include <kernel/types.h>

/* vma.flags: what kind of memory, beyond its PROT_* rights. */
#define VM_STACK (1u << 0)	  /* the main thread's stack */
#define VM_BRK (1u << 1)	  /* the heap behind brk() */
#define VM_SHADOW_STACK (1u << 2) /* hardware shadow stack (CET / GCS) */
#define VM_IMAGE (1u << 3)	  /* loaded from the ELF file */

struct vma {
	uintptr_t start;    /* page aligned */
	uintptr_t end;	    /* exclusive, page aligned, > start */
	unsigned int prot;  /* PROT_READ | PROT_WRITE | PROT_EXEC */
	unsigned int flags; /* VM_* */
	struct vma *next;
};

struct vma_list {
	struct vma *head;   /* lowest address first, never overlapping */
	unsigned int count; /* areas on the list */
};

/*
 * Linux's vm.max_map_count default (DEFAULT_MAX_MAP_COUNT): no address space
 * holds more areas, so no walk over them can take unbounded time. Adding or
 * splitting past it fails with -ENOMEM, as in Linux.
 */
#define VMA_MAX_COUNT 65530

/* Called for each range a change removes, so the caller can free pages. */
typedef void (*vma_release_fn)(uintptr_t start, uintptr_t end, void *ctx);

/* The area containing addr, or NULL. */
struct vma *vma_find(const struct vma_list *l, uintptr_t addr);

/* True when no area intersects [start, end). */
bool vma_range_free(const struct vma_list *l, uintptr_t start, uintptr_t end);

/* Adds [start, end) with prot/flags; the range must be free. 0 or -ENOMEM (also past VMA_MAX_COUNT). */
int vma_insert(struct vma_list *l, uintptr_t start, uintptr_t end, unsigned int prot,
	       unsigned int flags);

/*
 * Removes [start, end) from every area it touches, splitting areas that
 * straddle it, and calls release for each removed piece. Returns 0, or
 * -ENOMEM (with nothing changed) when a split needs memory it cannot get.
 */
int vma_remove(struct vma_list *l, uintptr_t start, uintptr_t end, vma_release_fn release,
	       void *ctx);

/*
 * Sets prot on [start, end), splitting at the ends. The whole range must be
 * mapped: -ENOMEM otherwise (Linux's mprotect rule), with nothing changed.
 * apply is called for each piece that changes, with its old area flags.
 */
typedef void (*vma_protect_fn)(uintptr_t start, uintptr_t end, unsigned int prot,
			       unsigned int flags, void *ctx);
int vma_protect(struct vma_list *l, uintptr_t start, uintptr_t end, unsigned int prot,
		vma_protect_fn apply, void *ctx);

/*
 * Finds a free, page-aligned range of len bytes within [low, high): the hint
 * if it is free and fits, else the highest free range (top-down, as Linux).
 * Returns its start, or 0 when none fits. guard bytes are kept free on both
 * sides of the result when guard > 0 (shadow stacks use this).
 */
uintptr_t vma_find_gap(const struct vma_list *l, size_t len, uintptr_t hint, uintptr_t low,
		       uintptr_t high, size_t guard);

/* Frees every area (calling release for each). */
void vma_clear(struct vma_list *l, vma_release_fn release, void *ctx);

/* Copies every area of src into dst (empty). 0 or -ENOMEM (dst cleared). */
int vma_clone(struct vma_list *dst, const struct vma_list *src);

#endif

// SPDX-License-Identifier: MIT
/*
 * Guarded kernel stacks. The stack area is cut into slots of
 * KSTACK_SLOT_PAGES pages; a stack occupies the top KSTACK_PAGES of its slot
 * and the pages below stay unmapped, so running off the bottom of a stack
 * faults in the guard instead of writing over whatever lies below.
 */
#include <kernel/arch.h>
#include <kernel/kstack.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/spinlock.h>
#include <uapi/linux/errno.h>

#define SLOT_BYTES ((uintptr_t)KSTACK_SLOT_PAGES * PAGE_SIZE)
#define NR_SLOTS (KSTACK_AREA_SIZE / SLOT_BYTES) /* 16,384 with a 1 GiB area */

_Static_assert(KSTACK_SLOT_PAGES >= KSTACK_PAGES + KSTACK_SHADOW_PAGES + 2,
	       "a slot must leave room for a shadow stack between two guards");

/* A stack's shadow stack (where the arch keeps one): a guard page below the stack. */
static uintptr_t shadow_base(uintptr_t stack_base)
{
	return stack_base - (uintptr_t)(KSTACK_SHADOW_PAGES + 1) * PAGE_SIZE;
}

/* Guards the slot bookkeeping below; the pages are the page allocator's business. */
static struct spinlock kstack_lock = SPINLOCK_INIT(LOCK_LEVEL_KSTACK, "kstack_lock");

static bool slot_used[NR_SLOTS];
/*
 * The free slots as a stack, so taking and giving one back is O(1) however
 * many tasks exist; filled when the area is prepared, lowest slot on top.
 */
static u16 free_slots[NR_SLOTS];
static size_t slots_free;

_Static_assert(NR_SLOTS <= 65536, "slot numbers fit in a u16");

static uintptr_t slot_base(size_t i)
{
	return KSTACK_AREA_BASE + i * SLOT_BYTES;
}

/*
 * Unmaps the pages [base, base + pages * PAGE_SIZE), under kstack_lock,
 * and writes their frames to frames[] for free_frames() after it.
 */
static void unmap_pages(uintptr_t base, size_t pages, phys_addr_t *frames)
{
	for (size_t i = 0; i < pages; i++) {
		frames[i] = arch_unmap_kernel_page(base + i * PAGE_SIZE);
		if (!frames[i])
			panic("kstack: page %#lx was not mapped",
			      (unsigned long)(base + i * PAGE_SIZE));
	}
}

/*
 * Unmapped, a stack's frames are nobody's: their frees need no lock of
 * this file, and made after kstack_lock goes they do not lengthen its
 * hold while several CPUs tear threads down (docs/BENCH.md: four CPUs
 * creating and joining threads queued on it almost as long as on the big
 * lock).
 */
static void free_frames(const phys_addr_t *frames, size_t n)
{
	for (size_t i = 0; i < n; i++)
		page_free(frames[i], 1);
}

/*
 * Gives back a slot: the stack's first mapped pages (0 to KSTACK_PAGES)
 * and the shadow stack of ks, when it has one, are unmapped and freed.
 */
static void slot_give_back(size_t slot, uintptr_t base, size_t mapped, struct kstack *ks)
{
	phys_addr_t frames[KSTACK_PAGES];
	unsigned long flags = spin_lock_irqsave(&kstack_lock);

	BUG_ON(!slot_used[slot]);
	if (ks && ks->shadow_top)
		arch_kstack_shadow_free(ks);
	unmap_pages(base, mapped, frames);
	slot_used[slot] = false;
	free_slots[slots_free++] = (u16)slot;
	spin_unlock_irqrestore(&kstack_lock, flags);
	free_frames(frames, mapped);
}

static bool area_ready; /* prepare_area() has run */

size_t kstack_slots_total(void)
{
	return NR_SLOTS;
}

size_t kstack_pages_held(void)
{
	/* Stacks alone, as Linux's KernelStack: not the arch's shadow stacks beside them. */
	return (NR_SLOTS - kstack_slots_free()) * KSTACK_PAGES;
}

size_t kstack_slots_free(void)
{
	/* A look without kstack_lock: clone's limit check (task_limit_reached()). */
	return READ_ONCE(area_ready) ? READ_ONCE(slots_free) : NR_SLOTS;
}

/*
 * The page tables of the whole stack area are built with the first stack
 * and kept: freeing stacks then returns every page it took, so exact
 * free-page checks do not depend on how many tasks once existed.
 */
static int prepare_area(void)
{
	if (area_ready)
		return 0;
	if (arch_prepare_kernel_range(KSTACK_AREA_BASE, slot_base(ARRAY_SIZE(slot_used))))
		return -ENOMEM;
	for (size_t i = NR_SLOTS; i-- > 0;)
		free_slots[slots_free++] = (u16)i;
	area_ready = true;
	return 0;
}

int kstack_alloc(struct kstack *ks)
{
	unsigned long flags;
	size_t slot;

	if (prepare_area())
		return -ENOMEM;
	flags = spin_lock_irqsave(&kstack_lock);
	if (!slots_free) {
		spin_unlock_irqrestore(&kstack_lock, flags);
		return -ENOMEM;
	}
	slot = free_slots[--slots_free];
	BUG_ON(slot_used[slot]);
	slot_used[slot] = true;
	spin_unlock_irqrestore(&kstack_lock, flags);

	uintptr_t top = slot_base(slot) + SLOT_BYTES;
	uintptr_t base = top - (uintptr_t)KSTACK_PAGES * PAGE_SIZE;

	for (size_t i = 0; i < KSTACK_PAGES; i++) {
		/*
		 * Not zeroed: a stack is only read where it was written first,
		 * and no byte of it reaches user space unwritten (as in Linux,
		 * which does not clear fresh kernel stacks either).
		 */
		phys_addr_t p = page_alloc(1);

		if (!p || arch_map_kernel_page(base + i * PAGE_SIZE, p, KPROT_READ | KPROT_WRITE)) {
			if (p)
				page_free(p, 1);
			slot_give_back(slot, base, i, NULL);
			return -ENOMEM;
		}
	}
	ks->base = base;
	ks->top = top;
	if (arch_kstack_shadow_alloc(ks, shadow_base(base))) {
		slot_give_back(slot, base, KSTACK_PAGES, NULL);
		return -ENOMEM;
	}
	return 0;
}

/*
 * Unmaps under kstack_lock: clone allocates stacks without big_lock
 * (kernel/proc/fork.c), undoing a half-made one there, and x86 logs each
 * kernel unmap for the other CPUs' lazy TLB catch-up (arch/x86_64/tlb.c),
 * one writer at a time. The frames are freed after the lock goes.
 */
void kstack_free(struct kstack *ks)
{
	size_t slot = (ks->base - KSTACK_AREA_BASE) / SLOT_BYTES;

	BUG_ON(ks->base < KSTACK_AREA_BASE || slot >= ARRAY_SIZE(slot_used));
	slot_give_back(slot, ks->base, KSTACK_PAGES, ks);
	ks->base = ks->top = ks->shadow_top = 0;
}

bool kstack_is_guard(uintptr_t addr)
{
	if (addr < KSTACK_AREA_BASE ||
	    addr - KSTACK_AREA_BASE >= ARRAY_SIZE(slot_used) * SLOT_BYTES)
		return false;

	uintptr_t in_slot = (addr - KSTACK_AREA_BASE) % SLOT_BYTES;

	return in_slot < SLOT_BYTES - (uintptr_t)KSTACK_PAGES * PAGE_SIZE;
}

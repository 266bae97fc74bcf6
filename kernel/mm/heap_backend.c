// SPDX-License-Identifier: MIT
/* The kernel's side of the heap seam (<kernel/heap.h>): direct-mapped pages. */
#include <kernel/arch.h>
#include <kernel/heap.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/spinlock.h>

_Static_assert(HEAP_PAGE_SIZE == PAGE_SIZE, "the heap assumes the MMU's page size");

void *heap_backend_alloc(size_t pages)
{
	phys_addr_t p = page_alloc(pages);

	return p ? phys_to_virt(p) : NULL;
}

void heap_backend_free(void *addr, size_t pages)
{
	page_free(virt_to_phys(addr), pages);
}

static struct spinlock heap_spinlock = SPINLOCK_INIT(LOCK_LEVEL_HEAP, "heap_lock");

unsigned long heap_lock(void)
{
	return spin_lock_irqsave(&heap_spinlock);
}

void heap_unlock(unsigned long cookie)
{
	spin_unlock_irqrestore(&heap_spinlock, cookie);
}

void heap_corrupted(const char *what, const void *ptr)
{
	panic("heap: %s (%p)", what, ptr);
}

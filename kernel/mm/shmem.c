// SPDX-License-Identifier: MIT
/* Shared anonymous memory objects (see <kernel/shmem.h>). Pure: unit-tested on the host. */
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/shmem.h>

struct shmem *shmem_create(size_t pages)
{
	struct shmem *s;

	if (!pages || pages > ((size_t)-1 - sizeof(*s)) / sizeof(s->frame[0]))
		return NULL;
	s = kzalloc(sizeof(*s) + pages * sizeof(s->frame[0]));
	if (s) {
		refcount_set(&s->refs, 1);
		s->pages = pages;
	}
	return s;
}

void shmem_put(struct shmem *s)
{
	BUG_ON(!refcount_read(&s->refs));
	if (!refcount_dec_and_test(&s->refs))
		return;
	for (size_t i = 0; i < s->pages; i++) {
		if (s->frame[i])
			page_ref_put(s->frame[i]);
	}
	kfree(s);
}

phys_addr_t shmem_page(struct shmem *s, size_t index)
{
	BUG_ON(index >= s->pages);
	if (!s->frame[index])
		s->frame[index] = page_alloc_zeroed(1);
	return s->frame[index];
}

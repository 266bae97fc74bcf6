// SPDX-License-Identifier: MIT
/* Shared memory objects and files' pages (see <kernel/shmem.h>). Pure: unit-tested on the host. */
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/shmem.h>
#include <string.h>
#include <uapi/linux/errno.h>

/*
 * Atomic: an object's pages are big_lock's, but the last reference of a
 * deleted file's object may go with an munmap that runs without it.
 */
static size_t file_pages;

size_t shmem_file_pages(void)
{
	return __atomic_load_n(&file_pages, __ATOMIC_RELAXED);
}

static struct shmem *create(size_t pages, size_t slots, bool is_file)
{
	struct shmem *s;

	if (slots > (size_t)-1 / sizeof(s->frame[0]))
		return NULL;
	s = kzalloc(sizeof(*s));
	if (!s)
		return NULL;
	s->frame = slots ? kzalloc(slots * sizeof(s->frame[0])) : NULL;
	if (slots && !s->frame) {
		kfree(s);
		return NULL;
	}
	refcount_set(&s->refs, 1);
	s->pages = pages;
	s->nr_slots = slots;
	s->is_file = is_file;
	return s;
}

struct shmem *shmem_create(size_t pages)
{
	return pages ? create(pages, pages, false) : NULL;
}

struct shmem *shmem_create_file(void)
{
	return create(0, 0, true);
}

/* Drops the object's reference of the frames from index first on. */
static void drop_from(struct shmem *s, size_t first)
{
	for (size_t i = first; i < s->nr_slots; i++) {
		if (s->frame[i]) {
			page_ref_put(s->frame[i]);
			s->frame[i] = 0;
			if (s->is_file)
				__atomic_fetch_sub(&file_pages, 1, __ATOMIC_RELAXED);
		}
	}
}

void shmem_put(struct shmem *s)
{
	BUG_ON(!refcount_read(&s->refs));
	if (!refcount_dec_and_test(&s->refs))
		return;
	drop_from(s, 0);
	kfree(s->frame);
	kfree(s);
}

/* Makes frame[] hold at least slots entries. 0 or -ENOMEM. */
static int grow_slots(struct shmem *s, size_t slots)
{
	size_t n = s->nr_slots ? s->nr_slots : 4;
	phys_addr_t *f;

	if (slots <= s->nr_slots)
		return 0;
	while (n < slots)
		n *= 2;
	if (n > (size_t)-1 / sizeof(*f))
		return -ENOMEM;
	f = kzalloc(n * sizeof(*f));
	if (!f)
		return -ENOMEM;
	if (s->nr_slots)
		memcpy(f, s->frame, s->nr_slots * sizeof(*f));
	kfree(s->frame);
	s->frame = f;
	s->nr_slots = n;
	return 0;
}

phys_addr_t shmem_page(struct shmem *s, size_t index)
{
	BUG_ON(index >= s->pages);
	if (grow_slots(s, index + 1))
		return 0;
	if (!s->frame[index]) {
		s->frame[index] = page_alloc_zeroed(1);
		if (s->frame[index] && s->is_file)
			__atomic_fetch_add(&file_pages, 1, __ATOMIC_RELAXED);
	}
	return s->frame[index];
}

phys_addr_t shmem_lookup(const struct shmem *s, size_t index)
{
	return index < s->pages && index < s->nr_slots ? s->frame[index] : 0;
}

void shmem_resize(struct shmem *s, size_t pages)
{
	if (pages < s->pages)
		drop_from(s, pages);
	s->pages = pages;
}

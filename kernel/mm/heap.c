// SPDX-License-Identifier: MIT
/*
 * kmalloc/kfree. Every heap page starts with a header, so kfree finds the
 * header of any pointer by rounding it down to its page:
 *
 *  - small requests (<= HEAP_MAX_CLASS) come from a one-page "slab" of one
 *    power-of-two size class, objects threaded on a free list;
 *  - larger requests get whole pages, the object right after the header.
 *
 * A slab whose last object is freed goes straight back to the page
 * allocator, so free-page counts before and after any balanced workload
 * match exactly: the leak tests rely on it.
 *
 * Both kmalloc and kfree take constant time, whatever a slab holds: a new
 * slab hands out its objects from the bottom up as they are first asked
 * for (`fresh`), not all threaded at once, and a bit per object says which
 * are handed out, so kfree tells a double free at a glance instead of by
 * walking the slab's free list (a fork's exit freed a 32-byte object of a
 * slab of 125 in about a thousand instructions that way).
 */
#include <kernel/heap.h>
#include <kernel/kmem.h>
#include <string.h>

#define SLAB_MAGIC 0x534c4142u	/* "SLAB" */
#define LARGE_MAGIC 0x4c415247u /* "LARG" */
/*
 * Objects start 16-byte aligned, and a large one 64-byte aligned: arm64's
 * memset zeroes whole 64-byte blocks (DC ZVA) from the first boundary and
 * stores bytes one by one before it: with objects at +80, a thread's
 * create + join took 500 instructions more (scripts/bench-profile
 * raw_thread_off: memset).
 */
#define HEADER_SIZE 128
#define NR_CLASSES 8 /* 16, 32, ..., 2048 */
/*
 * The debugging build (LOCK_DEBUG, which make test boots) fills what
 * kfree() gives back with this byte, so a read through a dangling pointer
 * sees 0x6b6b... -- a non-canonical address on x86, an unmapped one on
 * arm64 -- and faults where it happens, not some time later where the
 * memory was handed out again.
 */
#define HEAP_POISON 0x6b
#define MAX_OBJS 256 /* bits in a slab's map: enough for 16-byte objects */

struct free_obj {
	struct free_obj *next;
};

struct heap_page {
	u32 magic;
	u32 obj_size;		/* slab: object size; large: 0 */
	u32 nr_pages;		/* large: pages in the allocation; slab: 1 */
	u16 in_use;		/* slab: objects handed out */
	u16 fresh;		/* slab: objects from here up were never handed out */
	struct free_obj *free;	/* slab: objects freed since, last first */
	struct heap_page *next; /* slabs of this class with a free object */
	struct heap_page *prev;
	u64 used[MAX_OBJS / 64]; /* slab: bit i set while object i is handed out */
};

_Static_assert(sizeof(struct heap_page) <= HEADER_SIZE, "heap header too large");
_Static_assert(HEADER_SIZE % HEAP_MIN_CLASS == 0, "objects stay aligned to the smallest class");
_Static_assert((HEAP_PAGE_SIZE - HEADER_SIZE) / HEAP_MIN_CLASS <= MAX_OBJS,
	       "the map has a bit for every object");

static struct heap_page *partial[NR_CLASSES];
static size_t pages_held;
/* Per class, under heap_lock: objects handed out and slabs held (/proc/slabinfo). */
static size_t class_objs[NR_CLASSES], class_slabs[NR_CLASSES];

static unsigned int class_of(size_t size)
{
	unsigned int c = 0;
	size_t s = HEAP_MIN_CLASS;

	while (s < size) {
		s <<= 1;
		c++;
	}
	return c;
}

static u32 class_size(unsigned int c)
{
	return (u32)HEAP_MIN_CLASS << c;
}

static u32 slab_capacity(u32 obj_size)
{
	return (HEAP_PAGE_SIZE - HEADER_SIZE) / obj_size;
}

static void list_add(struct heap_page **head, struct heap_page *pg)
{
	pg->prev = NULL;
	pg->next = *head;
	if (*head)
		(*head)->prev = pg;
	*head = pg;
}

static void list_del(struct heap_page **head, struct heap_page *pg)
{
	if (pg->prev)
		pg->prev->next = pg->next;
	else
		*head = pg->next;
	if (pg->next)
		pg->next->prev = pg->prev;
	pg->next = pg->prev = NULL;
}

static struct heap_page *new_slab(unsigned int c)
{
	struct heap_page *pg = heap_backend_alloc(1);

	if (!pg)
		return NULL;
	__atomic_add_fetch(&pages_held, 1, __ATOMIC_RELAXED);
	class_slabs[c]++;
	pg->magic = SLAB_MAGIC;
	pg->obj_size = class_size(c);
	pg->nr_pages = 1;
	pg->in_use = 0;
	pg->fresh = 0;
	pg->free = NULL;
	memset(pg->used, 0, sizeof(pg->used));
	list_add(&partial[c], pg);
	return pg;
}

static bool slab_full(const struct heap_page *pg)
{
	return !pg->free && pg->fresh == slab_capacity(pg->obj_size);
}

/*
 * The debugging build checks that a freed object kept its poison until it
 * is handed out again: a write through a dangling pointer -- a CPU still
 * using what another freed -- is reported at the next allocation of that
 * object, with its address, instead of corrupting the next owner.
 */
static void check_poison(const struct free_obj *o, u32 size)
{
	const u64 poison = 0x0101010101010101ull * HEAP_POISON;
	const u64 *w = (const u64 *)(o + 1);

	for (u32 n = sizeof(*o); n < size; n += sizeof(*w), w++) {
		if (*w != poison)
			heap_corrupted("a write to a freed object", w);
	}
}

/* Takes an object of a slab that has one: a freed one, else the lowest never used. */
static void *slab_take(struct heap_page *pg)
{
	u32 i;

	if (pg->free) {
		struct free_obj *o = pg->free;

		if (LOCK_DEBUG)
			check_poison(o, pg->obj_size);
		pg->free = o->next;
		i = (u32)(((uintptr_t)o - (uintptr_t)pg - HEADER_SIZE) / pg->obj_size);
	} else {
		i = pg->fresh++;
	}
	pg->used[i / 64] |= 1ull << (i % 64);
	pg->in_use++;
	return (char *)pg + HEADER_SIZE + (size_t)i * pg->obj_size;
}

/*
 * A large object is pages of its own: it needs no heap_lock, only the page
 * allocator's (several CPUs forking at once each allocate and free a task
 * struct this size; docs/BENCH.md). pages_held is then counted atomically.
 */
static void *alloc_large(size_t size)
{
	size_t pages = (size + HEADER_SIZE + HEAP_PAGE_SIZE - 1) / HEAP_PAGE_SIZE;
	struct heap_page *pg = heap_backend_alloc(pages);

	if (!pg)
		return NULL;
	__atomic_add_fetch(&pages_held, pages, __ATOMIC_RELAXED);
	pg->magic = LARGE_MAGIC;
	pg->obj_size = 0;
	pg->nr_pages = (u32)pages;
	pg->in_use = 1;
	return (char *)pg + HEADER_SIZE;
}

static bool size_ok(size_t size)
{
	return size > 0 && size <= (size_t)1 << 30;
}

static void free_large(struct heap_page *pg, void *ptr)
{
	if ((char *)ptr != (char *)pg + HEADER_SIZE)
		heap_corrupted("kfree of a pointer inside a large object", ptr);
	size_t pages = pg->nr_pages;

	if (LOCK_DEBUG)
		memset(ptr, HEAP_POISON, pages * HEAP_PAGE_SIZE - HEADER_SIZE);
	pg->magic = 0;
	__atomic_sub_fetch(&pages_held, pages, __ATOMIC_RELAXED);
	heap_backend_free(pg, pages);
}

/* With heap_lock. */
static void *alloc_locked(size_t size)
{
	void *p = NULL;

	if (size > HEAP_MAX_CLASS) {
		p = alloc_large(size);
	} else {
		unsigned int c = class_of(size);
		struct heap_page *pg = partial[c] ? partial[c] : new_slab(c);

		if (pg) {
			p = slab_take(pg);
			class_objs[c]++;
			if (slab_full(pg))
				list_del(&partial[c], pg); /* full: off the partial list */
		}
	}
	return p;
}

void *kmalloc(size_t size)
{
	if (!size_ok(size))
		return NULL;
	if (size > HEAP_MAX_CLASS)
		return alloc_large(size);

	unsigned long cookie = heap_lock();
	void *p = alloc_locked(size);

	heap_unlock(cookie);
	return p;
}

static void free_locked(void *ptr);

bool kmalloc_bulk(size_t size, size_t n, void **out)
{
	if (n == 0)
		return true;
	if (!size_ok(size))
		return false;

	unsigned long cookie = heap_lock();

	for (size_t i = 0; i < n; i++) {
		out[i] = alloc_locked(size);
		if (!out[i]) {
			while (i--)
				free_locked(out[i]);
			heap_unlock(cookie);
			return false;
		}
	}
	heap_unlock(cookie);
	return true;
}

void *kzalloc(size_t size)
{
	void *p = kmalloc(size);

	if (p)
		memset(p, 0, size);
	return p;
}

/* The heap page ptr lies in: its header. */
static struct heap_page *page_of(const void *ptr)
{
	return (struct heap_page *)((uintptr_t)ptr & ~(uintptr_t)(HEAP_PAGE_SIZE - 1));
}

/* With heap_lock; ptr not NULL. */
static void free_locked(void *ptr)
{
	struct heap_page *pg = page_of(ptr);

	if (pg->magic == LARGE_MAGIC) {
		free_large(pg, ptr);
	} else if (pg->magic == SLAB_MAGIC) {
		uintptr_t off = (uintptr_t)ptr - (uintptr_t)pg - HEADER_SIZE;
		unsigned int c = class_of(pg->obj_size);
		u32 i = (u32)(off / pg->obj_size);

		if ((uintptr_t)ptr < (uintptr_t)pg + HEADER_SIZE || off % pg->obj_size ||
		    i >= slab_capacity(pg->obj_size) || pg->in_use == 0)
			heap_corrupted("kfree of a pointer that is not a slab object", ptr);
		if (!(pg->used[i / 64] & (1ull << (i % 64))))
			heap_corrupted("double kfree, or kfree of an object never handed out", ptr);
		pg->used[i / 64] &= ~(1ull << (i % 64));

		struct free_obj *o = ptr;

		if (LOCK_DEBUG)
			memset(ptr, HEAP_POISON, pg->obj_size);
		if (slab_full(pg))
			list_add(&partial[c], pg); /* was full: usable again */
		o->next = pg->free;
		pg->free = o;
		class_objs[c]--;
		if (--pg->in_use == 0) {
			list_del(&partial[c], pg);
			class_slabs[c]--;
			pg->magic = 0;
			__atomic_sub_fetch(&pages_held, 1, __ATOMIC_RELAXED);
			heap_backend_free(pg, 1);
		}
	} else {
		heap_corrupted("kfree of a pointer the heap never returned", ptr);
	}
}

void kfree(void *ptr)
{
	if (!ptr)
		return;
	/* The caller owns the object, so its header stays as it is without the lock. */
	if (page_of(ptr)->magic == LARGE_MAGIC) {
		free_large(page_of(ptr), ptr);
		return;
	}

	unsigned long cookie = heap_lock();

	free_locked(ptr);
	heap_unlock(cookie);
}

void kfree_bulk(void **ptrs, size_t n)
{
	if (n == 0)
		return; /* an empty batch takes no lock */

	unsigned long cookie = heap_lock();

	for (size_t i = 0; i < n; i++) {
		if (ptrs[i])
			free_locked(ptrs[i]);
	}
	heap_unlock(cookie);
}

size_t heap_pages_held(void)
{
	return __atomic_load_n(&pages_held, __ATOMIC_RELAXED);
}

bool heap_class_use(unsigned int c, struct heap_class_use *u)
{
	if (c >= NR_CLASSES)
		return false;

	unsigned long cookie = heap_lock();

	u->size = class_size(c);
	u->per_slab = slab_capacity(u->size);
	u->objs = class_objs[c];
	u->slabs = class_slabs[c];
	heap_unlock(cookie);
	return true;
}

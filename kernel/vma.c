// SPDX-License-Identifier: MIT
/* VMA list bookkeeping (see <kernel/vma.h>). Pure: unit-tested on the host. */
#include <kernel/compiler.h>
#include <kernel/mm.h>
#include <kernel/vma.h>
#include <uapi/linux/errno.h>

static struct vma *vma_new(uintptr_t start, uintptr_t end, unsigned int prot, unsigned int flags)
{
	struct vma *v = kmalloc(sizeof(*v));

	if (v) {
		v->start = start;
		v->end = end;
		v->prot = prot;
		v->flags = flags;
		v->next = NULL;
	}
	return v;
}

struct vma *vma_find(const struct vma_list *l, uintptr_t addr)
{
	for (struct vma *v = l->head; v && v->start <= addr; v = v->next) {
		if (addr < v->end)
			return v;
	}
	return NULL;
}

bool vma_range_free(const struct vma_list *l, uintptr_t start, uintptr_t end)
{
	for (struct vma *v = l->head; v && v->start < end; v = v->next) {
		if (v->end > start)
			return false;
	}
	return true;
}

int vma_insert(struct vma_list *l, uintptr_t start, uintptr_t end, unsigned int prot,
	       unsigned int flags)
{
	struct vma *n;
	struct vma **pp = &l->head;

	if (l->count >= VMA_MAX_COUNT)
		return -ENOMEM;
	n = vma_new(start, end, prot, flags);
	if (!n)
		return -ENOMEM;
	l->count++;
	while (*pp && (*pp)->start < start)
		pp = &(*pp)->next;
	n->next = *pp;
	*pp = n;
	return 0;
}

/* Splits v at addr (v->start < addr < v->end) using hi: v keeps the low part. */
static void split(struct vma *v, uintptr_t addr, struct vma *hi)
{
	*hi = *v;
	hi->start = addr;
	v->next = hi;
	v->end = addr;
}

/* How many areas straddle start or end: the splits a change needs (0-2). */
static int splits_needed(const struct vma_list *l, uintptr_t start, uintptr_t end)
{
	int n = 0;

	for (struct vma *v = l->head; v && v->start < end; v = v->next) {
		if (v->start < start && start < v->end)
			n++;
		if (v->start < end && end < v->end)
			n++;
	}
	return n;
}

/*
 * Makes start and end area boundaries. The memory for every split is taken
 * before the first one, so a failure changes nothing; a change that needs
 * no split needs no memory.
 */
static int split_at_bounds(struct vma_list *l, uintptr_t start, uintptr_t end)
{
	struct vma *spare[2] = { NULL, NULL };
	int need = splits_needed(l, start, end), used = 0;

	if (need && l->count + need > VMA_MAX_COUNT)
		return -ENOMEM;
	for (int i = 0; i < need; i++) {
		spare[i] = kmalloc(sizeof(struct vma));
		if (!spare[i]) {
			kfree(spare[0]);
			return -ENOMEM;
		}
	}
	for (struct vma *v = l->head; v && v->start < end; v = v->next) {
		if (v->start < start && start < v->end)
			split(v, start, spare[used++]);
		else if (v->start < end && end < v->end)
			split(v, end, spare[used++]);
	}
	l->count += used;
	return 0;
}

int vma_remove(struct vma_list *l, uintptr_t start, uintptr_t end, vma_release_fn release,
	       void *ctx)
{
	int err = split_at_bounds(l, start, end);

	if (err)
		return err;
	for (struct vma **pp = &l->head; *pp;) {
		struct vma *v = *pp;

		if (v->start >= start && v->end <= end) {
			*pp = v->next;
			if (release)
				release(v->start, v->end, ctx);
			kfree(v);
			l->count--;
		} else {
			pp = &v->next;
		}
	}
	return 0;
}

/* True when every byte of [start, end) is inside some area. */
static bool range_fully_mapped(const struct vma_list *l, uintptr_t start, uintptr_t end)
{
	uintptr_t at = start;

	for (struct vma *v = l->head; v && at < end; v = v->next) {
		if (v->end <= at)
			continue;
		if (v->start > at)
			return false;
		at = v->end;
	}
	return at >= end;
}

int vma_protect(struct vma_list *l, uintptr_t start, uintptr_t end, unsigned int prot,
		vma_protect_fn apply, void *ctx)
{
	if (!range_fully_mapped(l, start, end))
		return -ENOMEM;

	int err = split_at_bounds(l, start, end);

	if (err)
		return err;
	for (struct vma *v = l->head; v && v->start < end; v = v->next) {
		if (v->start >= start && v->end <= end && v->prot != prot) {
			v->prot = prot;
			if (apply)
				apply(v->start, v->end, prot, v->flags, ctx);
		}
	}
	return 0;
}

/*
 * True when no area comes within reach of [start, end) -- where a shadow
 * stack reaches one page further on both sides: its guard gap, which no
 * placement may fill (Linux keeps one below; Umbra keeps both sides).
 */
static bool range_free_of_guards(const struct vma_list *l, uintptr_t start, uintptr_t end)
{
	for (struct vma *v = l->head; v; v = v->next) {
		uintptr_t gap = (v->flags & VM_SHADOW_STACK) ? PAGE_SIZE : 0;
		uintptr_t vs = v->start >= gap ? v->start - gap : 0, ve = v->end + gap;

		if (vs >= end)
			break;
		if (ve > start)
			return false;
	}
	return true;
}

/* True when [s, s + len) plus guard on both sides is free and inside [low, high). */
static bool gap_fits(const struct vma_list *l, uintptr_t s, size_t len, uintptr_t low,
		     uintptr_t high, size_t guard)
{
	if (s < low || s > high || len > high - s)
		return false;

	uintptr_t gs = s >= guard ? s - guard : 0;
	uintptr_t ge = s + len + guard < s + len ? ~(uintptr_t)0 : s + len + guard;

	return range_free_of_guards(l, gs, ge);
}

/* Where v's reach (the area plus its guard gap) starts and ends. */
static uintptr_t reach_start(const struct vma *v)
{
	uintptr_t gap = (v->flags & VM_SHADOW_STACK) ? PAGE_SIZE : 0;

	return v->start >= gap ? v->start - gap : 0;
}

static uintptr_t reach_end(const struct vma *v)
{
	return v->end + ((v->flags & VM_SHADOW_STACK) ? PAGE_SIZE : 0);
}

/*
 * One pass, so a search costs O(areas) however many there are. The free
 * windows lie between one area's reach and the next's; reaches only grow
 * along the list (an area is at least a page, a gap at most one), so no
 * other area intrudes into a window. In each window the best spot is as
 * high as high, the window's top and the guard allow; the answer is the
 * highest of those.
 */
uintptr_t vma_find_gap(const struct vma_list *l, size_t len, uintptr_t hint, uintptr_t low,
		       uintptr_t high, size_t guard)
{
	if (len == 0 || len > high - low)
		return 0;
	if (hint && IS_ALIGNED(hint, PAGE_SIZE) && gap_fits(l, hint, len, low, high, guard))
		return hint;

	uintptr_t best = 0, free_lo = 0;

	for (const struct vma *v = l->head;; v = v->next) {
		uintptr_t free_hi = v ? reach_start(v) : ~(uintptr_t)0;
		uintptr_t top = free_hi - guard < high ? free_hi - guard : high;

		if (free_hi >= guard && top >= len) {
			uintptr_t s = ALIGN_DOWN(top - len, PAGE_SIZE);

			if (s >= low && (s >= guard ? s - guard : 0) >= free_lo)
				best = s;
		}
		if (!v)
			break;
		if (reach_end(v) > free_lo)
			free_lo = reach_end(v);
		if (free_lo >= high)
			break; /* every later window starts above high */
	}
	return best;
}

void vma_clear(struct vma_list *l, vma_release_fn release, void *ctx)
{
	while (l->head) {
		struct vma *v = l->head;

		l->head = v->next;
		if (release)
			release(v->start, v->end, ctx);
		kfree(v);
	}
	l->count = 0;
}

int vma_clone(struct vma_list *dst, const struct vma_list *src)
{
	struct vma **tail = &dst->head;

	dst->head = NULL;
	dst->count = 0;
	for (const struct vma *v = src->head; v; v = v->next) {
		struct vma *n = vma_new(v->start, v->end, v->prot, v->flags);

		if (!n) {
			vma_clear(dst, NULL, NULL);
			return -ENOMEM;
		}
		*tail = n;
		tail = &n->next;
		dst->count++;
	}
	return 0;
}

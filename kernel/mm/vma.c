// SPDX-License-Identifier: MIT
/*
 * The VMA index (see <kernel/vma.h>): an AVL tree keyed by start address.
 * AVL (Adelson-Velsky and Landis, 1962): the heights of every node's two
 * subtrees differ by at most one, so n nodes are at most about 1.44 log2 n
 * deep, and one insertion or removal is mended by rotations on the way back
 * to the root.
 *
 * Each node also records the free window just below its area -- from the
 * previous area's reach to its own -- and the largest window in its
 * subtree, as Linux's VMA red-black tree did (rb_subtree_gap) before the
 * maple tree: a gap search descends only into subtrees holding a window
 * big enough.
 *
 * One window is kept out of the tree: the open window (vma_tree.open),
 * the one the latest insert carved from or the latest removal widened.
 * Top-down placement carves the same window again and again -- every new
 * mapping of a growing process lands just below the last one, in the big
 * window above the heap -- and that window is the largest in the tree, so
 * were it counted, every carve would change the largest gap of every
 * node up to the root: O(log n) per insert and per removal, measured at
 * 14 levels a change with 10,000 threads. Kept aside, a carve changes no
 * largest gap, and the walk up stops as soon as the heights settle. The
 * gap search looks at the open window beside the tree's answer. Pure:
 * unit-tested on the host.
 */
#include <kernel/compiler.h>
#include <kernel/kmem.h>
#include <kernel/shmem.h>
#include <kernel/vma.h>
#include <uapi/linux/errno.h>

/* ---- reaches and windows ---- */

/*
 * Where v's reach -- the area plus its guard gaps -- starts and ends: a
 * shadow stack reaches one page further on both sides, a gap no placement
 * may fill (Linux keeps one below; Umbra keeps both sides). Both ends of
 * the reach only grow from one area to the next in address order (an area
 * is at least a page, a guard gap at most one), so they can be searched
 * like the addresses themselves.
 */
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
 * The free window below v, between prev's reach and v's: 0 when they touch
 * or overlap, and for the lowest area (prev NULL), whose window is searched
 * on its own because a guard there may fall off address 0.
 */
static uintptr_t window_below(const struct vma *prev, const struct vma *v)
{
	if (!prev || reach_start(v) <= reach_end(prev))
		return 0;
	return reach_start(v) - reach_end(prev);
}

/* ---- the open window ---- */

/* The window below v, whether the tree counts it or it is the open one. */
static uintptr_t window_of(const struct vma_tree *l, const struct vma *v)
{
	return v == l->open ? l->open_gap : v->gap;
}

/* Records w as the window below v: in the tree, unless v's is the open one (0 there). */
static void set_window(const struct vma_tree *l, struct vma *v, uintptr_t w)
{
	v->gap = v == l->open ? 0 : w;
}

/*
 * n was just linked between prev and next (either may be NULL): the window
 * below next is now two, below n and below next. When it was the open one,
 * or none is open, the wider of the two becomes the open window (none if
 * both are empty); the other is the tree's. Sets both nodes' gap; true when
 * next's, as the tree counts it, changed. A thread's shadow stack carves
 * the open window: next's stays 0 there, and nothing above needs a look.
 */
static __always_inline bool carve_window(struct vma_tree *l, const struct vma *prev, struct vma *n,
					 struct vma *next)
{
	uintptr_t wn = window_below(prev, n), wx = next ? window_below(n, next) : 0;
	uintptr_t was = next ? next->gap : 0;

	if (!l->open || l->open == next) {
		l->open = NULL;
		if (wn || wx) {
			l->open = wn >= wx ? n : next;
			l->open_gap = MAX(wn, wx);
		}
	}
	set_window(l, n, wn);
	if (next)
		set_window(l, next, wx);
	return next && next->gap != was;
}

/*
 * n is being unlinked: the window below next (if any) now reaches down to
 * prev. When n's or next's window was the open one, or none is open, the
 * widened window becomes the open one. Sets next's gap; true when it
 * changed as the tree counts it.
 */
static __always_inline bool widen_window(struct vma_tree *l, const struct vma *prev,
					 const struct vma *n, struct vma *next)
{
	uintptr_t w = next ? window_below(prev, next) : 0;
	uintptr_t was = next ? next->gap : 0;

	if (!l->open || l->open == n || l->open == next) {
		l->open = w ? next : NULL;
		l->open_gap = w;
	}
	if (next)
		set_window(l, next, w);
	return next && next->gap != was;
}

/* ---- the tree ---- */

static int height(const struct vma *n)
{
	return n ? n->height : 0;
}

static uintptr_t max_gap(const struct vma *n)
{
	return n ? n->max_gap : 0;
}

/* Recomputes n's height and largest gap from its own window and its children's. */
static void update(struct vma *n)
{
	n->height = 1 + MAX(height(n->left), height(n->right));
	n->max_gap = MAX(n->gap, MAX(max_gap(n->left), max_gap(n->right)));
}

/* Makes parent (or the root, when parent is NULL) point at new instead of old. */
static void replace_child(struct vma_tree *l, struct vma *parent, struct vma *old, struct vma *new)
{
	if (!parent)
		l->root = new;
	else if (parent->left == old)
		parent->left = new;
	else
		parent->right = new;
	if (new)
		new->parent = parent;
}

/* Lifts x's right child into x's place, x becoming its left child; returns it. */
static struct vma *rotate_left(struct vma_tree *l, struct vma *x)
{
	struct vma *y = x->right;

	replace_child(l, x->parent, x, y);
	x->right = y->left;
	if (x->right)
		x->right->parent = x;
	y->left = x;
	x->parent = y;
	update(x);
	update(y);
	return y;
}

/* The mirror image: lifts x's left child into x's place. */
static struct vma *rotate_right(struct vma_tree *l, struct vma *x)
{
	struct vma *y = x->left;

	replace_child(l, x->parent, x, y);
	x->left = y->right;
	if (x->left)
		x->left->parent = x;
	y->right = x;
	x->parent = y;
	update(x);
	update(y);
	return y;
}

/*
 * After one node was linked or unlinked below n (whose children are final):
 * walks up, recomputing heights and largest gaps, and rotates wherever the
 * two subtrees' heights differ by two (a single rotation, or a double one
 * when the taller child leans the other way). It stops at the first node
 * whose height and largest gap come out as they were -- nothing above it
 * can change -- unless it has yet to pass changed, an ancestor whose own
 * window the caller changed. O(height), and O(1) for most changes.
 */
static void rebalance(struct vma_tree *l, struct vma *n, const struct vma *changed)
{
	while (n) {
		int hl = height(n->left), hr = height(n->right);

		if (n == changed)
			changed = NULL;
		if (hl - hr > 1) {
			if (height(n->left->left) < height(n->left->right))
				rotate_left(l, n->left);
			n = rotate_right(l, n);
		} else if (hr - hl > 1) {
			if (height(n->right->right) < height(n->right->left))
				rotate_right(l, n->right);
			n = rotate_left(l, n);
		} else {
			int h = 1 + MAX(hl, hr);
			uintptr_t gap = MAX(n->gap, MAX(max_gap(n->left), max_gap(n->right)));

			if (!changed && h == n->height && gap == n->max_gap)
				return;
			n->height = h;
			n->max_gap = gap;
		}
		n = n->parent;
	}
}

static struct vma *leftmost(struct vma *n)
{
	while (n->left)
		n = n->left;
	return n;
}

static struct vma *rightmost(struct vma *n)
{
	while (n->right)
		n = n->right;
	return n;
}

struct vma *vma_first(const struct vma_tree *l)
{
	return l->root ? leftmost(l->root) : NULL;
}

struct vma *vma_next(const struct vma *v)
{
	if (v->right)
		return leftmost(v->right);
	while (v->parent && v->parent->right == v)
		v = v->parent;
	return v->parent;
}

static struct vma *vma_prev(const struct vma *v)
{
	if (v->left)
		return rightmost(v->left);
	while (v->parent && v->parent->left == v)
		v = v->parent;
	return v->parent;
}

/*
 * Hangs n at *link as a leaf under parent, between prev and next. Only
 * their windows change -- n's own, and next's, which now ends at n -- and
 * next is n's ancestor, so the one walk up from n that rebalances the tree
 * also refreshes every largest gap they are part of (past next only when
 * its window, as the tree counts it, changed).
 */
static __always_inline void link_leaf(struct vma_tree *l, struct vma *n, struct vma *parent,
				      struct vma **link, struct vma *prev, struct vma *next)
{
	bool next_changed;

	n->left = n->right = NULL;
	n->parent = parent;
	n->height = 1;
	*link = n;
	next_changed = carve_window(l, prev, n, next);
	n->max_gap = n->gap;
	rebalance(l, parent, next_changed ? next : NULL);
}

/*
 * Links n (its range free, counted by the caller) in address order. O(log n).
 * A new leaf's neighbours in address order are on its way down: prev the
 * last node it went right of, next the last it went left of.
 */
static void index_insert(struct vma_tree *l, struct vma *n)
{
	struct vma *parent = NULL, **link = &l->root, *prev = NULL, *next = NULL;

	while (*link) {
		parent = *link;
		if (n->start < parent->start) {
			next = parent;
			link = &parent->left;
		} else {
			prev = parent;
			link = &parent->right;
		}
	}
	link_leaf(l, n, parent, link, prev, next);
}

/*
 * Links n between its neighbours prev and next (either NULL at an end),
 * known already: no descent. n becomes next's left child if it has none;
 * else next's left subtree ends in prev, whose right is free -- as it is
 * when there is no next, prev being the last area. Either way next is n's
 * ancestor, as index_insert() needs for the walk up.
 */
static __always_inline void index_insert_between(struct vma_tree *l, struct vma *n,
						 struct vma *prev, struct vma *next)
{
	if (next && !next->left)
		link_leaf(l, n, next, &next->left, prev, next);
	else if (prev)
		link_leaf(l, n, prev, &prev->right, prev, next);
	else
		link_leaf(l, n, NULL, &l->root, NULL, NULL); /* the first area */
}

/*
 * Unlinks n from the tree (the caller frees it). O(log n). The window below
 * next now reaches down to prev. next is where the walk up from the
 * unlinking point passes -- it took n's place above it, or it was an
 * ancestor of n -- or, when n had a right child only, that child, a leaf
 * in a balanced tree, now just below where the walk starts, refreshed
 * before it.
 */
static __always_inline void index_erase(struct vma_tree *l, struct vma *n)
{
	struct vma *prev = vma_prev(n), *next = vma_next(n), *from;
	bool next_changed = widen_window(l, prev, n, next), moved = false;

	if (!n->left || !n->right) {
		from = n->parent;
		replace_child(l, n->parent, n, n->left ? n->left : n->right);
	} else {
		/* next, the leftmost node on the right, takes n's place. */
		if (next->parent == n) {
			from = next;
		} else {
			from = next->parent;
			from->left = next->right;
			if (from->left)
				from->left->parent = from;
			next->right = n->right;
			next->right->parent = next;
		}
		moved = true;
		next->left = n->left;
		next->left->parent = next;
		/* What the nodes above saw there, for the walk to compare with. */
		next->height = n->height;
		next->max_gap = n->max_gap;
		replace_child(l, n->parent, n, next);
	}
	if (!next) {
		rebalance(l, from, NULL);
	} else if (next->parent == from && from != next) {
		/* n's only child, below the walk: refreshed first. */
		update(next);
		rebalance(l, from, NULL);
	} else {
		/*
		 * next took n's place (its largest gap, copied from n's, must be
		 * worked out again), or it is an ancestor of n, which the walk
		 * must reach only if its own window changed.
		 */
		rebalance(l, from, moved || next_changed ? next : NULL);
	}
}

/* ---- lookups ---- */

/*
 * An area's memory: the tree's spare, kept from its last removal, else
 * the heap's. A thread's shadow stack or a buffer mapped and unmapped in
 * turn then takes no heap lock (Linux's per-CPU slab does the same job).
 */
static struct vma *vma_alloc(struct vma_tree *l)
{
	struct vma *v = l->spare;

	if (v) {
		l->spare = NULL;
		return v;
	}
	return kmalloc(sizeof(*v));
}

/* A new area's struct, filled; NULL past VMA_MAX_COUNT or without memory. */
static struct vma *vma_new(struct vma_tree *l, uintptr_t start, uintptr_t end, unsigned int prot,
			   unsigned int flags)
{
	struct vma *v = l->count < VMA_MAX_COUNT ? vma_alloc(l) : NULL;

	if (v) {
		v->start = start;
		v->end = end;
		v->prot = prot;
		v->flags = flags;
		v->shared = NULL;
		v->pgoff = 0;
	}
	return v;
}

/* Frees an area taken out of the index, with its reference of a shared object. */
static void vma_free(struct vma_tree *l, struct vma *v)
{
	if (v->shared)
		shmem_put(v->shared);
	if (!l->spare)
		l->spare = v;
	else
		kfree(v);
}

struct vma *vma_find(const struct vma_tree *l, uintptr_t addr)
{
	struct vma *n = l->root;

	while (n) {
		if (addr < n->start)
			n = n->left;
		else if (addr >= n->end)
			n = n->right;
		else
			return n;
	}
	return NULL;
}

struct vma *vma_first_above(const struct vma_tree *l, uintptr_t addr)
{
	struct vma *n = l->root, *found = NULL;

	while (n) {
		if (n->end > addr) {
			found = n;
			n = n->left;
		} else {
			n = n->right;
		}
	}
	return found;
}

bool vma_range_free(const struct vma_tree *l, uintptr_t start, uintptr_t end)
{
	const struct vma *v = vma_first_above(l, start);

	return !v || v->start >= end; /* every later area starts later still */
}

/*
 * best has a window of at least need itself or in its left subtree (or
 * is NULL): the highest area there whose window is. O(height).
 */
static struct vma *highest_window_from(struct vma *best, uintptr_t need)
{
	if (!best || best->gap >= need)
		return best;
	for (struct vma *n = best->left;;) {
		if (max_gap(n->right) >= need)
			n = n->right;
		else if (n->gap >= need)
			return n;
		else
			n = n->left;
	}
}

/*
 * Sorts the areas around addr by reach: *below is the highest area whose
 * reach ends at or below addr, *above the lowest whose reach ends above it
 * (its neighbour; either may be NULL). On the way it notes what
 * last_window() would for the bound below->start: the areas starting at or
 * below it are exactly those whose reach ends at or below addr (reaches
 * end in address order), so both descents take the same path, and one
 * does for both: *best is last_window()'s answer for that bound (NULL for
 * a need of ~0). O(log n).
 */
static __always_inline void split_reaches_and_window(const struct vma_tree *l, uintptr_t addr,
						     uintptr_t need, struct vma **below,
						     struct vma **above, struct vma **best)
{
	struct vma *n = l->root, *deepest = NULL;

	*below = *above = NULL;
	while (n) {
		if (reach_end(n) > addr) {
			*above = n;
			n = n->left;
		} else {
			*below = n;
			if (n->gap >= need || max_gap(n->left) >= need)
				deepest = n;
			n = n->right;
		}
	}
	*best = highest_window_from(deepest, need);
}

/* The same without a window to look for. */
static void split_reaches(const struct vma_tree *l, uintptr_t addr, struct vma **below,
			  struct vma **above)
{
	struct vma *best;

	split_reaches_and_window(l, addr, ~(uintptr_t)0, below, above, &best);
}

/* ---- changes ---- */

int vma_insert(struct vma_tree *l, uintptr_t start, uintptr_t end, unsigned int prot,
	       unsigned int flags)
{
	return vma_insert_shared(l, start, end, prot, flags, NULL);
}

int vma_insert_shared(struct vma_tree *l, uintptr_t start, uintptr_t end, unsigned int prot,
		      unsigned int flags, struct shmem *shared)
{
	return vma_insert_object(l, start, end, prot, flags, shared, 0);
}

int vma_insert_at(struct vma_tree *l, const struct vma_spot *spot, size_t len, unsigned int prot,
		  unsigned int flags)
{
	struct vma *n = vma_new(l, spot->at, spot->at + len, prot, flags);

	if (!n)
		return -ENOMEM;
	index_insert_between(l, n, spot->prev, spot->next);
	l->count++;
	return 0;
}

int vma_insert_object(struct vma_tree *l, uintptr_t start, uintptr_t end, unsigned int prot,
		      unsigned int flags, struct shmem *shared, uintptr_t pgoff)
{
	struct vma *n = vma_new(l, start, end, prot, flags);

	if (!n)
		return -ENOMEM;
	if (shared)
		n->shared = shmem_get(shared);
	n->pgoff = pgoff;
	index_insert(l, n);
	l->count++;
	return 0;
}

void vma_set_end(struct vma_tree *l, struct vma *v, uintptr_t end)
{
	index_erase(l, v);
	v->end = end;
	index_insert(l, v);
}

/*
 * Splits v at addr (v->start < addr < v->end) using hi: v keeps the low
 * part; a shared object's pages continue in hi where v's now end.
 */
static void split(struct vma_tree *l, struct vma *v, uintptr_t addr, struct vma *hi)
{
	hi->start = addr;
	hi->end = v->end;
	hi->prot = v->prot;
	hi->flags = v->flags;
	hi->shared = v->shared ? shmem_get(v->shared) : NULL;
	hi->pgoff = v->pgoff + (addr - v->start) / PAGE_SIZE;
	v->end = addr;
	index_insert(l, hi);
	l->count++;
}

/*
 * Makes start and end area boundaries. The memory for every split is taken
 * before the first one, so a failure changes nothing; a change that needs
 * no split needs no memory, and no more than the two lookups that tell.
 * *first (when asked for) becomes the first area at or above start.
 */
static __always_inline int split_at_bounds(struct vma_tree *l, uintptr_t start, uintptr_t end,
					   struct vma **first)
{
	struct vma *spare[2] = { NULL, NULL };
	struct vma *a = vma_find(l, start);
	/* An area holding start and reaching end decides both: no second lookup. */
	struct vma *b = a && a->end >= end ? a : vma_find(l, end);
	bool split_a = a && a->start < start, split_b = b && b->start < end && b->end > end;
	int need = split_a + split_b, used = 0;

	if (first)
		*first = a && a->start == start ? a : NULL;
	if (!need)
		goto done;
	if (l->count + need > VMA_MAX_COUNT)
		return -ENOMEM;
	for (int i = 0; i < need; i++) {
		spare[i] = vma_alloc(l);
		if (!spare[i]) {
			kfree(spare[0]);
			return -ENOMEM;
		}
	}
	if (split_a) {
		split(l, a, start, spare[used++]);
		b = vma_find(l, end); /* a's upper part, if a held end too */
	}
	if (split_b)
		split(l, b, end, spare[used++]);
done:
	if (first && !*first)
		*first = vma_first_above(l, start);
	return 0;
}

int vma_remove(struct vma_tree *l, uintptr_t start, uintptr_t end, vma_release_fn release,
	       void *ctx)
{
	struct vma *first;
	int err;

	if (start >= end)
		return 0;
	err = split_at_bounds(l, start, end, &first);
	if (err)
		return err;
	/* Every area meeting [start, end) now lies inside it. */
	for (struct vma *v = first, *next; v && v->start < end; v = next) {
		next = v->end < end ? vma_next(v) : NULL; /* most removals are of one area */
		index_erase(l, v);
		l->count--;
		if (release)
			release(v, ctx);
		vma_free(l, v);
	}
	return 0;
}

/* True when every byte of [start, end) is inside some area. */
static bool range_fully_mapped(const struct vma_tree *l, uintptr_t start, uintptr_t end)
{
	uintptr_t at = start;

	for (const struct vma *v = vma_find(l, start); v && at < end; v = vma_next(v)) {
		if (v->start > at)
			return false;
		at = v->end;
	}
	return at >= end;
}

int vma_protect(struct vma_tree *l, uintptr_t start, uintptr_t end, unsigned int prot,
		vma_protect_fn apply, void *ctx)
{
	if (start >= end)
		return 0;
	if (!range_fully_mapped(l, start, end))
		return -ENOMEM;

	int err = split_at_bounds(l, start, end, NULL);

	if (err)
		return err;
	for (struct vma *v = vma_find(l, start); v && v->start < end; v = vma_next(v)) {
		if (v->prot != prot) {
			v->prot = prot;
			if (apply)
				apply(v->start, v->end, prot, v->flags, ctx);
		}
	}
	return 0;
}

/* ---- gap search ---- */

/*
 * True when no area's reach meets [start, end), with the areas below and
 * above it in *below and *above. O(log n).
 */
static bool range_free_of_reaches(const struct vma_tree *l, uintptr_t start, uintptr_t end,
				  struct vma **below, struct vma **above)
{
	split_reaches(l, start, below, above);
	return !*above || reach_start(*above) >= end; /* the later ones start later still */
}

/* True when [s, s + len) plus guard on both sides is free and inside [low, high); *spot then. */
static bool gap_fits(const struct vma_tree *l, uintptr_t s, size_t len, uintptr_t low,
		     uintptr_t high, size_t guard, struct vma_spot *spot)
{
	if (s < low || s > high || len > high - s)
		return false;

	uintptr_t gs = s >= guard ? s - guard : 0;
	uintptr_t ge = s + len + guard < s + len ? ~(uintptr_t)0 : s + len + guard;

	if (!range_free_of_reaches(l, gs, ge, &spot->prev, &spot->next))
		return false;
	spot->at = s;
	return true;
}

/* Where a search ended: at (0 when below low) between prev and next. */
static uintptr_t found(struct vma_spot *spot, uintptr_t at, uintptr_t low, const struct vma *prev,
		       const struct vma *next)
{
	spot->at = at >= low ? at : 0;
	spot->prev = (struct vma *)prev;
	spot->next = (struct vma *)next;
	return spot->at;
}

/*
 * The highest page-aligned start for len bytes in the free window [lo, hi)
 * that ends at or below high and keeps guard bytes free on both sides
 * inside the window (below address 0 the guard is cut off). True with *at,
 * or false when it does not fit.
 */
static bool window_spot(uintptr_t lo, uintptr_t hi, size_t len, uintptr_t high, size_t guard,
			uintptr_t *at)
{
	if (hi < guard)
		return false;

	uintptr_t top = MIN(hi - guard, high);

	if (top < len)
		return false;

	uintptr_t s = ALIGN_DOWN(top - len, PAGE_SIZE);

	if ((s >= guard ? s - guard : 0) < lo)
		return false;
	*at = s;
	return true;
}

/*
 * The highest area starting at or below bound whose window is at least
 * need bytes, or NULL. Down the path towards bound, the deepest node at or
 * below it that has such a window itself or in its left subtree holds the
 * answer (everything there lies above what the path passed before); then
 * down that subtree, keeping right. O(height).
 */
static struct vma *last_window(const struct vma_tree *l, uintptr_t bound, uintptr_t need)
{
	struct vma *n = l->root, *best = NULL;

	while (n && n->max_gap >= need) {
		if (n->start > bound) {
			n = n->left;
			continue;
		}
		if (n->gap >= need || max_gap(n->left) >= need)
			best = n;
		n = n->right;
	}
	return highest_window_from(best, need);
}

/*
 * Top-down over the free windows between areas' reaches, in O(log n):
 * fitting spots only get higher from one window to the next, so the answer
 * is the spot in the highest window that has one, and none if that spot is
 * below low. The window high falls in (or the highest one below high) is
 * the only one high cuts, and the lowest window, above address 0, the only
 * one whose guard may fall off the bottom: both are tried on their own.
 * Every window between them holds len with its guards exactly when it is
 * len + guard + ALIGN_UP(guard) wide (its ends are page aligned), which
 * is what the largest gaps in the tree let the search look for; the first
 * look for one rides on the descent that finds the window high is in.
 */
uintptr_t vma_find_spot(const struct vma_tree *l, size_t len, uintptr_t hint, uintptr_t low,
			uintptr_t high, size_t guard, struct vma_spot *spot)
{
	struct vma *below, *above, *v;
	uintptr_t at, need;
	bool sized;

	spot->at = 0;
	if (len == 0 || len > high - low)
		return 0;
	if (hint && IS_ALIGNED(hint, PAGE_SIZE) && gap_fits(l, hint, len, low, high, guard, spot))
		return hint;

	/* The width a window between areas needs (none is that wide when it overflows). */
	sized = guard <= ~(uintptr_t)0 - PAGE_SIZE && !__builtin_add_overflow(len, guard, &need) &&
		!__builtin_add_overflow(need, ALIGN_UP(guard, PAGE_SIZE), &need);
	if (!sized)
		need = ~(uintptr_t)0;
	/* high > 0 here: the window that starts below high and is highest. */
	split_reaches_and_window(l, high - 1, need, &below, &above, &v);
	if (window_spot(below ? reach_end(below) : 0, above ? reach_start(above) : ~(uintptr_t)0,
			len, high, guard, &at))
		return found(spot, at, low, below, above);
	if (!below)
		return 0; /* that was the lowest window */

	if (sized) {
		for (uintptr_t bound = below->start;;) {
			struct vma *open = l->open;

			if (open && open->start <= bound && l->open_gap >= need &&
			    (!v || open->start > v->start))
				v = open;
			if (!v)
				break;
			/* v is not the lowest area (its window is not 0): v->start > 0. */
			if (window_spot(reach_start(v) - window_of(l, v), reach_start(v), len, high,
					guard, &at))
				return found(spot, at, low, vma_prev(v), v);
			bound = v->start - 1;
			v = last_window(l, bound, need);
		}
	}
	v = vma_first(l);
	if (window_spot(0, reach_start(v), len, high, guard, &at))
		return found(spot, at, low, NULL, v);
	return 0;
}

uintptr_t vma_find_gap(const struct vma_tree *l, size_t len, uintptr_t hint, uintptr_t low,
		       uintptr_t high, size_t guard)
{
	struct vma_spot spot;

	return vma_find_spot(l, len, hint, low, high, guard, &spot);
}

/* ---- the whole index ---- */

/* Areas' memory to the heap, or from it, VMA_BATCH at a time: one hold of its lock each. */
#define VMA_BATCH 32

void vma_clear(struct vma_tree *l, vma_release_fn release, void *ctx)
{
	struct vma *v = vma_first(l);
	void *batch[VMA_BATCH];
	size_t n = 0;

	/* Lowest first: the lowest node has no left child, so it unlinks in O(1). */
	while (v) {
		struct vma *parent = v->parent, *right = v->right;

		replace_child(l, parent, v, right);
		if (release)
			release(v, ctx);
		if (v->shared)
			shmem_put(v->shared);
		batch[n++] = v;
		if (n == VMA_BATCH) {
			kfree_bulk(batch, n);
			n = 0;
		}
		v = right ? leftmost(right) : parent;
	}
	kfree_bulk(batch, n);
	kfree(l->spare);
	l->spare = NULL;
	l->count = 0;
	l->open = NULL;
	l->open_gap = 0;
}

/*
 * Copies the tree node by node, in its shape (so heights and gaps carry
 * over). O(n); the nodes' memory comes VMA_BATCH at a time.
 */
int vma_clone(struct vma_tree *dst, const struct vma_tree *src)
{
	const struct vma *s = src->root;
	struct vma *parent = NULL, **slot = &dst->root;
	void *batch[VMA_BATCH];
	size_t have = 0, used = 0, left = src->count;

	dst->root = NULL;
	dst->count = 0;
	dst->spare = NULL;
	dst->open = NULL;
	dst->open_gap = src->open_gap;
	while (s) {
		if (used == have) {
			have = MIN(left, (size_t)VMA_BATCH);
			used = 0;
			if (!kmalloc_bulk(sizeof(struct vma), have, batch)) {
				vma_clear(dst, NULL, NULL);
				return -ENOMEM;
			}
			left -= have;
		}

		struct vma *d = batch[used++];

		d->start = s->start;
		d->end = s->end;
		d->prot = s->prot;
		d->flags = s->flags;
		d->shared = s->shared ? shmem_get(s->shared) : NULL;
		d->pgoff = s->pgoff;
		d->left = d->right = NULL;
		d->parent = parent;
		d->gap = s->gap;
		d->max_gap = s->max_gap;
		d->height = s->height;
		if (s == src->open)
			dst->open = d;
		*slot = d;
		dst->count++;
		/* Preorder: down to the left, else the right, else up to an uncopied right. */
		if (s->left || s->right) {
			parent = d;
			slot = s->left ? &d->left : &d->right;
			s = s->left ? s->left : s->right;
			continue;
		}
		while (s->parent && (s->parent->right == s || !s->parent->right)) {
			s = s->parent;
			d = d->parent;
		}
		if (!s->parent)
			break;
		s = s->parent->right;
		parent = d->parent;
		slot = &parent->right;
	}
	return 0;
}

struct check {
	const struct vma_tree *l;
	const struct vma *prev; /* the last area visited, in address order */
	unsigned int count;
	const char *err; /* the first broken invariant */
	bool open_seen;	 /* l->open was among the areas */
};

/* Checks the subtree at n (whose parent is parent); returns its height. */
static int check_subtree(const struct vma *n, const struct vma *parent, struct check *c)
{
	const char *err = NULL;

	if (!n)
		return 0;

	int hl = check_subtree(n->left, n, c);

	if (n->parent != parent)
		err = "parent link";
	else if (n->start >= n->end || !IS_ALIGNED(n->start, PAGE_SIZE) ||
		 !IS_ALIGNED(n->end, PAGE_SIZE))
		err = "area bounds";
	else if (c->prev && c->prev->end > n->start)
		err = "address order";
	else if (n->gap != (n == c->l->open ? 0 : window_below(c->prev, n)))
		err = "window below an area";
	else if (n == c->l->open && (!c->l->open_gap || c->l->open_gap != window_below(c->prev, n)))
		err = "the open window";
	if (n == c->l->open)
		c->open_seen = true;
	c->prev = n;
	c->count++;

	int hr = check_subtree(n->right, n, c);

	if (!err && n->height != 1 + MAX(hl, hr))
		err = "height";
	if (!err && (hl > hr + 1 || hr > hl + 1))
		err = "balance";
	if (!err && n->max_gap != MAX(n->gap, MAX(max_gap(n->left), max_gap(n->right))))
		err = "largest gap of a subtree";
	if (err && !c->err)
		c->err = err;
	return 1 + MAX(hl, hr);
}

const char *vma_check(const struct vma_tree *l)
{
	struct check c = { l, NULL, 0, NULL, false };

	check_subtree(l->root, NULL, &c);
	if (!c.err && c.count != l->count)
		c.err = "count";
	if (!c.err && l->open && !c.open_seen)
		c.err = "the open window's area is not in the tree";
	return c.err;
}

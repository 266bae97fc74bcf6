// SPDX-License-Identifier: MIT
/*
 * PID allocation and namespaces (see <kernel/pid.h>). Each namespace has a
 * map: a bitmap of the numbers in use, so allocation scans words rather
 * than pids, and a small hash table of its pids by number for lookups.
 * A pid is in the table of every namespace it is visible in.
 *
 * pid_lock guards the maps' bits, last numbers and chains against each
 * other's writers: clone numbers its child without big_lock
 * (kernel/proc/fork.c), a last put lets a number go holding it, with or
 * without big_lock (a reap may run without it, kernel/proc/wait.c).
 * Lookups take no lock, only big_lock, which every one of them holds: a
 * chain grows only at its head, by one store that publishes a pid already
 * filled in (release; the lookup's loads acquire), and a pid taken out
 * keeps its own link and its memory until every hold of big_lock that may
 * be walking over it has ended (kfree_after_big_lock(), which waits for
 * the lock's grace period when its caller does not hold it) -- the rule
 * Linux keeps with RCU for its pid hash, big_lock's holds standing for
 * RCU's read-side sections.
 */
#include <kernel/big_lock.h>
#include <kernel/err.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/pid.h>
#include <kernel/spinlock.h>
#include <kernel/task.h>
#include <uapi/linux/errno.h>

#define PID_HASH_BUCKETS 256
#define BITS_PER_WORD 64

struct pid_map {
	u64 used[PID_MAX / BITS_PER_WORD]; /* bit nr set: nr is taken in this namespace */
	struct pid *hash[PID_HASH_BUCKETS];
};

static struct spinlock pid_lock = SPINLOCK_INIT(LOCK_LEVEL_PID, "pid_lock");

struct pid_ns init_pid_ns = { .refs = REFCOUNT_INIT(1), .level = 0, .parent = NULL, .last_nr = 0 };

/* A link of a chain, as a lookup reads it: whatever it points to is filled in. */
static struct pid *chain_head(struct pid *const *slot)
{
	return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

/* The namespace's map as installed (map_of()), or NULL before its first pid. */
static struct pid_map *map_seen(const struct pid_ns *ns)
{
	return __atomic_load_n(&ns->map, __ATOMIC_ACQUIRE);
}

/*
 * The namespace's map; a top-level namespace (the initial one, the
 * self-tests') gets its own on first use. Two CPUs may both see none and
 * allocate one: the first to install it wins, the other frees its own.
 */
static struct pid_map *map_of(struct pid_ns *ns)
{
	struct pid_map *m = map_seen(ns), *none = NULL;

	if (m)
		return m;
	m = kzalloc(sizeof(*m));
	if (m && !__atomic_compare_exchange_n(&ns->map, &none, m, false, __ATOMIC_ACQ_REL,
					      __ATOMIC_ACQUIRE)) {
		kfree(m);
		m = none;
	}
	return m;
}

struct pid_ns *pid_ns_create(struct pid_ns *parent)
{
	if (parent->level + 1 > MAX_PID_NS_LEVEL)
		return ERR_PTR(-ENOSPC);

	struct pid_ns *ns = kzalloc(sizeof(*ns));

	if (!ns)
		return ERR_PTR(-ENOMEM);
	ns->map = kzalloc(sizeof(*ns->map));
	if (!ns->map) {
		kfree(ns);
		return ERR_PTR(-ENOMEM);
	}
	refcount_set(&ns->refs, 1);
	ns->level = parent->level + 1;
	ns->parent = parent;
	pid_ns_get(parent);
	return ns;
}

void pid_ns_get(struct pid_ns *ns)
{
	refcount_inc(&ns->refs);
}

void pid_ns_put(struct pid_ns *ns)
{
	while (ns && refcount_dec_and_test(&ns->refs)) {
		struct pid_ns *parent = ns->parent;

		BUG_ON(ns == &init_pid_ns);
		/* A lookup holding big_lock may still walk its chains: as a pid's, after it. */
		kfree_after_big_lock(ns->map);
		kfree_after_big_lock(ns);
		ns = parent;
	}
}

static bool nr_in_use(const struct pid_map *m, int nr)
{
	return m->used[nr / BITS_PER_WORD] & (1ull << (nr % BITS_PER_WORD));
}

/* The first free number in [from, PID_MAX), or 0: a word of 64 numbers at a time. */
static int first_free_from(const struct pid_map *m, int from)
{
	for (int w = from / BITS_PER_WORD; w < PID_MAX / BITS_PER_WORD; w++) {
		u64 free = ~m->used[w];

		if (w == from / BITS_PER_WORD)
			free &= ~0ull << (from % BITS_PER_WORD);
		if (free)
			return w * BITS_PER_WORD + __builtin_ctzll(free);
	}
	return 0;
}

/* The next free number in ns after its last one, wrapping past PID_MAX to 1; 0 if full. */
static int next_free_nr(struct pid_ns *ns, const struct pid_map *m)
{
	int nr = ns->last_nr + 1 < PID_MAX ? first_free_from(m, ns->last_nr + 1) : 0;

	if (!nr)
		nr = first_free_from(m, 1);
	if (nr)
		ns->last_nr = nr;
	return nr;
}

static struct pid **bucket(struct pid_map *m, int nr)
{
	return &m->hash[(unsigned int)nr % PID_HASH_BUCKETS];
}

struct pid *pid_alloc(struct pid_ns *ns, const int *set_tid, size_t set_tid_size)
{
	struct pid *mem = kzalloc(sizeof(*mem));

	if (!mem)
		return ERR_PTR(-ENOMEM);
	return pid_alloc_in(mem, ns, set_tid, set_tid_size);
}

struct pid *pid_alloc_in(struct pid *pid, struct pid_ns *ns, const int *set_tid,
			 size_t set_tid_size)
{
	long err = -EINVAL;
	unsigned long flags;

	/* Read without big_lock: kernel_clone() checks both again under it. */
	if (READ_ONCE(ns->dead)) {
		err = -ENOMEM; /* its init is gone: nothing enters it (Linux's alloc_pid()) */
		goto fail;
	}
	if (set_tid_size > ns->level + 1)
		goto fail;
	refcount_set(&pid->refs, 1);
	pid->level = ns->level;
	for (struct pid_ns *n = ns; n; n = n->parent) {
		err = -ENOMEM;
		if (!map_of(n))
			goto fail;
	}

	/* set_tid[0] is for the innermost namespace, set_tid[1] its parent, ... */
	size_t i = 0;

	flags = spin_lock_irqsave(&pid_lock);
	for (struct pid_ns *n = ns; n; n = n->parent, i++) {
		struct pid_map *m = n->map;
		int nr;

		if (i < set_tid_size) {
			nr = set_tid[i];
			err = -EINVAL;
			if (nr < 1 || nr >= PID_MAX)
				goto fail_locked;
			/* A number other than 1 needs the namespace's init to exist. */
			if (nr != 1 && !READ_ONCE(n->reaper))
				goto fail_locked;
			err = -EEXIST;
			if (nr_in_use(m, nr))
				goto fail_locked;
		} else {
			nr = next_free_nr(n, m);
			err = -EAGAIN;
			if (!nr)
				goto fail_locked;
		}
		pid->nr[n->level] = nr;
		pid->ns[n->level] = n;
	}
	/* Every level has its number: only now claim them, so a failure above leaves no trace. */
	for (unsigned int l = 0; l <= pid->level; l++) {
		struct pid_map *m = pid->ns[l]->map;
		int nr = pid->nr[l];

		m->used[nr / BITS_PER_WORD] |= 1ull << (nr % BITS_PER_WORD);
		pid_ns_get(pid->ns[l]);
		pid->hash_next[l] = *bucket(m, nr);
		__atomic_store_n(bucket(m, nr), pid, __ATOMIC_RELEASE); /* filled, then seen */
	}
	spin_unlock_irqrestore(&pid_lock, flags);
	return pid;
fail_locked:
	spin_unlock_irqrestore(&pid_lock, flags);
fail:
	kfree(pid);
	return ERR_PTR(err);
}

static void put(struct pid *pid, bool after_big_lock)
{
	unsigned long flags;

	if (!refcount_dec_and_test(&pid->refs))
		return;
	flags = spin_lock_irqsave(&pid_lock);
	for (unsigned int l = 0; l <= pid->level; l++) {
		struct pid_map *m = pid->ns[l]->map;
		int nr = pid->nr[l];

		/* pid->hash_next stays: a lookup standing on pid goes on from it. */
		for (struct pid **pp = bucket(m, nr); *pp; pp = &(*pp)->hash_next[l]) {
			if (*pp == pid) {
				__atomic_store_n(pp, pid->hash_next[l], __ATOMIC_RELEASE);
				break;
			}
		}
		m->used[nr / BITS_PER_WORD] &= ~(1ull << (nr % BITS_PER_WORD));
	}
	spin_unlock_irqrestore(&pid_lock, flags);
	for (unsigned int l = 0; l <= pid->level; l++)
		pid_ns_put(pid->ns[l]);
	/* A free at once only for a holder of big_lock: no lookup then walks over the pid. */
	if (after_big_lock || !spin_held(&big_lock))
		kfree_after_big_lock(pid);
	else
		kfree(pid);
}

void pid_put(struct pid *pid)
{
	put(pid, false);
}

void pid_put_after_big_lock(struct pid *pid)
{
	put(pid, true);
}

struct pid *pid_find(const struct pid_ns *ns, int nr)
{
	struct pid_map *m = map_seen(ns);

	if (!m || nr < 1 || nr >= PID_MAX)
		return NULL;
	for (struct pid *p = chain_head(bucket(m, nr)); p;
	     p = chain_head(&p->hash_next[ns->level])) {
		if (p->nr[ns->level] == nr)
			return p;
	}
	return NULL;
}

void pid_for_each_in_ns(const struct pid_ns *ns, void (*fn)(struct pid *pid, void *ctx), void *ctx)
{
	struct pid_map *m = map_seen(ns);

	if (!m)
		return;
	for (unsigned int b = 0; b < PID_HASH_BUCKETS; b++) {
		for (struct pid *p = chain_head(&m->hash[b]); p;
		     p = chain_head(&p->hash_next[ns->level]))
			fn(p, ctx);
	}
}

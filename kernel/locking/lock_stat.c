// SPDX-License-Identifier: MIT
/*
 * Contended acquisitions by lock name (<kernel/lock_stat.h>). A slot is
 * claimed for a name with one compare-and-swap and never given back, so a
 * reader walking the table needs no lock; the counts are atomic adds, the
 * maximum a compare-and-swap loop. Pure: unit-tested on the host.
 */
#include <kernel/lock_stat.h>

static struct lock_stat slots[LOCK_STAT_NAMES + 1]; /* the last: "(other)" */

static struct lock_stat *slot_for(const char *name)
{
	for (unsigned int i = 0; i < LOCK_STAT_NAMES; i++) {
		const char *seen = __atomic_load_n(&slots[i].name, __ATOMIC_ACQUIRE);

		if (!seen && __atomic_compare_exchange_n(&slots[i].name, &seen, name, false,
							 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			return &slots[i];
		if (seen == name)
			return &slots[i];
	}
	return &slots[LOCK_STAT_NAMES];
}

void lock_stat_contended(const char *name, u64 ticks)
{
	struct lock_stat *s = slot_for(name);
	u64 max = __atomic_load_n(&s->wait_max, __ATOMIC_RELAXED);

	__atomic_fetch_add(&s->contentions, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&s->wait_total, ticks, __ATOMIC_RELAXED);
	while (ticks > max && !__atomic_compare_exchange_n(&s->wait_max, &max, ticks, true,
							   __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
}

bool lock_stat_read(unsigned int i, struct lock_stat *out)
{
	const struct lock_stat *s;

	if (i > LOCK_STAT_NAMES)
		return false;
	s = &slots[i];
	if (i < LOCK_STAT_NAMES) {
		out->name = __atomic_load_n(&s->name, __ATOMIC_ACQUIRE);
		if (!out->name)
			return false;
	} else {
		out->name = "(other)";
		if (!__atomic_load_n(&s->contentions, __ATOMIC_RELAXED))
			return false;
	}
	out->contentions = __atomic_load_n(&s->contentions, __ATOMIC_RELAXED);
	out->wait_total = __atomic_load_n(&s->wait_total, __ATOMIC_RELAXED);
	out->wait_max = __atomic_load_n(&s->wait_max, __ATOMIC_RELAXED);
	return true;
}

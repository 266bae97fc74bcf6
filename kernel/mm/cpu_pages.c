// SPDX-License-Identifier: MIT
/*
 * A CPU's cache of free single pages (see <kernel/cpu_pages.h>): a stack of
 * slots, each one atomic word, filled and emptied at top by the owner and
 * emptied anywhere by a stealer.
 */
#include <kernel/cpu_pages.h>

static phys_addr_t slot_exchange(phys_addr_t *slot)
{
	return __atomic_exchange_n(slot, 0, __ATOMIC_ACQ_REL);
}

phys_addr_t cpu_pages_take(struct cpu_pages *c)
{
	while (c->top > 0) {
		phys_addr_t p = slot_exchange(&c->slot[--c->top]);

		if (p)
			return p;
		/* a hole: another CPU stole this one */
	}
	return 0;
}

bool cpu_pages_give(struct cpu_pages *c, phys_addr_t p)
{
	if (c->top == CPU_PAGES_HIGH)
		return false;
	/* Empty (slots at or above top always are), and only the owner fills. */
	__atomic_store_n(&c->slot[c->top++], p, __ATOMIC_RELEASE);
	return true;
}

unsigned int cpu_pages_trim(struct cpu_pages *c, unsigned int n, phys_addr_t *out)
{
	unsigned int taken = 0, kept = 0;

	for (unsigned int i = 0; i < c->top; i++) {
		phys_addr_t p = c->slot[i];

		if (!p)
			continue;
		if (taken < n)
			out[taken++] = p;
		else
			c->slot[kept++] = p;
	}
	for (unsigned int i = kept; i < c->top; i++)
		c->slot[i] = 0;
	c->top = kept;
	return taken;
}

phys_addr_t cpu_pages_steal(struct cpu_pages *c)
{
	for (unsigned int i = CPU_PAGES_HIGH; i-- > 0;) {
		if (__atomic_load_n(&c->slot[i], __ATOMIC_RELAXED)) {
			phys_addr_t p = slot_exchange(&c->slot[i]);

			if (p)
				return p;
		}
	}
	return 0;
}

unsigned int cpu_pages_count(const struct cpu_pages *c)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < CPU_PAGES_HIGH; i++)
		n += __atomic_load_n(&c->slot[i], __ATOMIC_RELAXED) != 0;
	return n;
}

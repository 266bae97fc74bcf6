// SPDX-License-Identifier: MIT
/*
 * The lock debugger (<kernel/lockdep.h>). Every CPU keeps the locks it
 * holds as a small stack in its struct cpu; an acquisition is checked
 * against that stack before the CPU starts waiting, so a would-be deadlock
 * is reported with both locks' names even on the run where it does not
 * happen -- which is the point: an ordering bug usually deadlocks only
 * when two CPUs race, and tests rarely hit that window.
 */
#include <kernel/arch.h>
#include <kernel/lockdep.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>

struct spinlock lockdep_test_outer = SPINLOCK_INIT(LOCK_LEVEL_TEST_OUTER, "lock_test_outer");
struct spinlock lockdep_test_inner = SPINLOCK_INIT(LOCK_LEVEL_TEST_INNER, "lock_test_inner");

static const char *const verdict_words[] = {
	[LOCKDEP_OK] = "ok",
	[LOCKDEP_IRQS_ON] = "taken with interrupts on",
	[LOCKDEP_RECURSION] = "already held by this CPU",
	[LOCKDEP_ORDER] = "taken out of order",
	[LOCKDEP_TOO_DEEP] = "too many locks held",
};

static enum lockdep_verdict check(const struct spinlock *l, const struct spinlock **conflict,
				  bool ordered)
{
	const struct cpu *c = this_cpu();

	*conflict = NULL;
	if (!arch_irqs_disabled())
		return LOCKDEP_IRQS_ON;
	for (unsigned int i = 0; i < c->nr_held; i++) {
		if (c->held[i] == l) {
			*conflict = l;
			return LOCKDEP_RECURSION;
		}
	}
	for (unsigned int i = 0; ordered && i < c->nr_held; i++) {
		if (c->held[i]->level >= l->level) {
			*conflict = c->held[i];
			return LOCKDEP_ORDER;
		}
	}
	if (c->nr_held == LOCKDEP_MAX_HELD)
		return LOCKDEP_TOO_DEEP;
	return LOCKDEP_OK;
}

enum lockdep_verdict lockdep_check(const struct spinlock *l, const struct spinlock **conflict)
{
	return check(l, conflict, true);
}

enum lockdep_verdict lockdep_check_trylock(const struct spinlock *l,
					   const struct spinlock **conflict)
{
	return check(l, conflict, false);
}

static void report(struct spinlock *l, const char *where, enum lockdep_verdict v,
		   const struct spinlock *other)
{
	if (v == LOCKDEP_OK)
		return;
	if (other)
		panic("lockdep: %s (level %d) at %s: %s; CPU %u holds %s (level %d) since %s",
		      l->name, l->level, where, verdict_words[v], this_cpu()->id, other->name,
		      other->level, other->taken_at ? other->taken_at : "?");
	panic("lockdep: %s (level %d) at %s: %s on CPU %u", l->name, l->level, where,
	      verdict_words[v], this_cpu()->id);
}

void lockdep_print_held(const struct spinlock *l)
{
	printk("while %s (level %d) was held, since %s\n", l->name, l->level,
	       l->taken_at ? l->taken_at : "?");
}

void lockdep_acquire(struct spinlock *l, const char *where)
{
	const struct spinlock *other;
	enum lockdep_verdict v = lockdep_check(l, &other);

	report(l, where, v, other);
}

void lockdep_acquire_trylock(struct spinlock *l, const char *where)
{
	const struct spinlock *other;
	enum lockdep_verdict v = lockdep_check_trylock(l, &other);

	report(l, where, v, other);
}

void lockdep_acquired(struct spinlock *l)
{
	struct cpu *c = this_cpu();

	c->held[c->nr_held++] = l;
}

void lockdep_release(struct spinlock *l)
{
	struct cpu *c = this_cpu();
	unsigned int i = 0;

	while (i < c->nr_held && c->held[i] != l)
		i++;
	if (i == c->nr_held || READ_ONCE(l->holder_cpu) != (int)c->id)
		lockdep_not_held(l, "unlock");
	for (; i + 1 < c->nr_held; i++)
		c->held[i] = c->held[i + 1];
	c->nr_held--;
}

void lockdep_not_held(const struct spinlock *l, const char *where)
{
	int holder = READ_ONCE(l->holder_cpu);

	if (holder == SPIN_NO_OWNER)
		panic("lockdep: %s must be held at %s; nobody holds it (CPU %u)", l->name, where,
		      this_cpu()->id);
	panic("lockdep: %s must be held at %s; CPU %d holds it, not CPU %u", l->name, where, holder,
	      this_cpu()->id);
}

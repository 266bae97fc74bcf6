// SPDX-License-Identifier: MIT
/* The tick counter the arch's timer interrupt drives, and the timers it runs. */
#include <kernel/big_lock.h>
#include <kernel/compiler.h>
#include <kernel/time.h>
#include <kernel/timer.h>

static u64 ticks;

void timer_tick(void)
{
	WRITE_ONCE(ticks, ticks + 1);
	time_publish();
}

u64 timer_ticks(void)
{
	return READ_ONCE(ticks);
}

/* Armed timers, unordered: a handful at a time (itimers, POSIX timers, timerfds). */
static struct tick_timer *armed_head;

void tick_timer_cancel(struct tick_timer *t)
{
	assert_big_lock_held();
	if (!t->armed)
		return;
	for (struct tick_timer **pp = &armed_head; *pp; pp = &(*pp)->next) {
		if (*pp == t) {
			*pp = t->next;
			break;
		}
	}
	t->next = NULL;
	t->armed = false;
}

void tick_timer_arm(struct tick_timer *t, s64 expires_ns)
{
	tick_timer_cancel(t);
	t->expires_ns = expires_ns;
	t->armed = true;
	t->next = armed_head;
	armed_head = t;
}

/* The first armed timer that is due at now, or NULL. */
static struct tick_timer *first_due(s64 now)
{
	for (struct tick_timer *t = armed_head; t; t = t->next)
		if (t->expires_ns <= now)
			return t;
	return NULL;
}

void tick_timers_run(void)
{
	s64 now = time_monotonic_ns();
	struct tick_timer *t;

	/* One at a time: a fire() may arm or cancel any timer, itself included. */
	while ((t = first_due(now))) {
		tick_timer_cancel(t);
		t->fire(t);
	}
}

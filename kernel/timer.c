// SPDX-License-Identifier: MIT
/* The tick counter the arch's timer interrupt drives. */
#include <kernel/compiler.h>
#include <kernel/timer.h>

static u64 ticks;

void timer_tick(void)
{
	WRITE_ONCE(ticks, ticks + 1);
}

u64 timer_ticks(void)
{
	return READ_ONCE(ticks);
}

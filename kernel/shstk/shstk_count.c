// SPDX-License-Identifier: MIT
/*
 * How much the run used the shadow-stack hardware (see <kernel/shstk.h>):
 * enables that succeeded and shadow-stack faults delivered. The verdict
 * reads them (kernel/verdict/verdict_facts.c): PASS needs the suite to have
 * used the hardware. Counted here, where it happens, so the shadow-stack
 * code never calls up into the verdict. Relaxed atomics: several CPUs count,
 * and the reader wants a total, not an order.
 */
#include <kernel/shstk.h>

static unsigned long enables, faults;

void shstk_count_enable(void)
{
	__atomic_fetch_add(&enables, 1, __ATOMIC_RELAXED);
}

void shstk_count_fault(void)
{
	__atomic_fetch_add(&faults, 1, __ATOMIC_RELAXED);
}

unsigned long shstk_enables(void)
{
	return __atomic_load_n(&enables, __ATOMIC_RELAXED);
}

unsigned long shstk_faults(void)
{
	return __atomic_load_n(&faults, __ATOMIC_RELAXED);
}

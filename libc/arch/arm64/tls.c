// SPDX-License-Identifier: MIT
/*
 * arm64 thread pointer: TPIDR_EL0, written directly by the main thread
 * (MSR to TPIDR_EL0 is allowed at EL0, Arm ARM D19.2) and set for new
 * threads through clone3's CLONE_SETTLS, which takes the same value.
 */
#include "../../internal.h"

int arch_set_thread_pointer(struct tcb *tcb)
{
	__asm__ volatile("msr tpidr_el0, %0" : : "r"(tcb) : "memory");
	return 0;
}

unsigned long arch_tls_value(struct tcb *tcb)
{
	return (unsigned long)tcb;
}

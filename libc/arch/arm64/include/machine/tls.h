/* SPDX-License-Identifier: MIT */
/*
 * Thread pointer on arm64: TPIDR_EL0, which EL0 reads and writes itself
 * with MRS/MSR (Arm ARM D19.2, TPIDR_EL0). It holds the address of the
 * current thread's control block directly, so one MRS gives it.
 */
#ifndef ARCH_TLS_H
#define ARCH_TLS_H

static inline void *arch_thread_pointer(void)
{
	void *p;

	__asm__ volatile("mrs %0, tpidr_el0" : "=r"(p));
	return p;
}

#endif

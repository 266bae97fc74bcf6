/* SPDX-License-Identifier: MIT */
/*
 * Thread pointer on x86_64: the FS segment base. By the x86_64 TLS ABI
 * (Drepper, "ELF Handling For Thread-Local Storage", §4.4) the first word at
 * FS:0 holds the thread pointer itself, so one load of %fs:0 gives the
 * address of the current thread's control block.
 */
#ifndef ARCH_TLS_H
#define ARCH_TLS_H

static inline void *arch_thread_pointer(void)
{
	void *p;

	__asm__ volatile("mov %%fs:0, %0" : "=r"(p));
	return p;
}

#endif

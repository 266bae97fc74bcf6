/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for the arch's per-CPU register (<kernel/percpu.h>): the
 * unit tests run the generic code on one host thread; one that needs
 * `current` defines arch_this_cpu() itself.
 */
#ifndef STUB_ASM_PERCPU_H
#define STUB_ASM_PERCPU_H

struct cpu;

struct arch_cpu {
	int unused;
};

struct cpu *arch_this_cpu(void);

#endif

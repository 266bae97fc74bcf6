/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for the arch's <asm/percpu.h>. <kernel/task.h> includes
 * <kernel/percpu.h>, which embeds struct arch_cpu in struct cpu and finds
 * this CPU's through arch_this_cpu(): on the host, the one struct cpu
 * shstk_unreached.c defines, whose `running` is what the code under test
 * sees as `current`.
 */
#ifndef ASM_PERCPU_H
#define ASM_PERCPU_H

#include <kernel/types.h>

struct cpu;

struct arch_cpu {
	u64 unused;
};

extern struct cpu unit_cpu;

static inline struct cpu *arch_this_cpu(void)
{
	return &unit_cpu;
}

#endif

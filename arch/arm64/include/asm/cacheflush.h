/* SPDX-License-Identifier: MIT */
/*
 * What arch_sync_icache_range() (arch/arm64/cacheflush.c) has done: its
 * calls, and the kernel range of the last one. Read by the self-test that
 * proves every kernel write of user code reaches it
 * (arch/arm64/tests/icache_test.c): no emulator shows a missing sync.
 */
#ifndef ASM_CACHEFLUSH_H
#define ASM_CACHEFLUSH_H

#include <kernel/types.h>

struct arm64_icache_syncs {
	unsigned long calls;
	uintptr_t last_start; /* the direct-map address of the last range */
	size_t last_len;
};

extern struct arm64_icache_syncs arm64_icache_syncs;

#endif

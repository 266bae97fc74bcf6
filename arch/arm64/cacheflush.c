// SPDX-License-Identifier: MIT
/*
 * Code the kernel writes for user space -- exec's segments, a debugger's
 * PTRACE_POKETEXT, process_vm_writev, /proc/PID/mem -- is written with
 * data stores through the direct map. The instruction side fetches from
 * the point of unification without looking into the data caches, so the
 * written lines are cleaned to the PoU (DC CVAU), the stale instructions
 * invalidated (IC IVAU), each step completed with DSB ISH, then ISB; the
 * sequence of Linux's caches_clean_inval_pou (arch/arm64/mm/cache.S).
 *
 * CTR_EL0 (Arm ARM D19.2) gives the smallest line of each cache (DminLine,
 * IminLine: log2 of words) and two shortcuts: IDC, the data side need not
 * be cleaned for coherence with instructions; DIC, the instruction side
 * need not be invalidated. Where L1Ip says VIPT, the instruction cache may
 * hold a line under another virtual address than the direct map's, so it
 * is invalidated whole (IC IALLUIS), as Linux does for an aliasing cache.
 *
 * QEMU's TCG keeps its translations coherent with memory by itself, so no
 * boot shows a missing call: each call is counted with its range, and the
 * self-test arch/arm64/tests/icache_test.c checks that every path writing
 * user code reaches here with the bytes it wrote; scripts/check-arm64-barriers
 * checks the instructions below are in the linked kernel.
 */
#include <asm/cacheflush.h>
#include <asm/sysreg.h>
#include <kernel/access_vm.h>
#include <kernel/types.h>

#define CTR_IMINLINE(c) ((c)&0xf)
#define CTR_L1IP(c) (((c) >> 14) & 3)
#define CTR_DMINLINE(c) (((c) >> 16) & 0xf)
#define CTR_IDC (UL(1) << 28)
#define CTR_DIC (UL(1) << 29)
#define L1IP_VIPT 2

struct arm64_icache_syncs arm64_icache_syncs;

void arch_sync_icache_range(const void *kaddr, size_t len)
{
	u64 ctr = read_sysreg(ctr_el0);
	uintptr_t start = (uintptr_t)kaddr, end = start + len;
	uintptr_t dline = UL(4) << CTR_DMINLINE(ctr), iline = UL(4) << CTR_IMINLINE(ctr);

	if (!len)
		return;
	/* Plain stores: another CPU's count may be lost, never a sync (the test runs alone). */
	arm64_icache_syncs.calls++;
	arm64_icache_syncs.last_start = start;
	arm64_icache_syncs.last_len = len;
	if (!(ctr & CTR_IDC)) {
		for (uintptr_t a = start & ~(dline - 1); a < end; a += dline)
			__asm__ __volatile__("dc cvau, %0" ::"r"(a) : "memory");
	}
	__asm__ __volatile__("dsb ish" ::: "memory");
	if (!(ctr & CTR_DIC)) {
		if (CTR_L1IP(ctr) == L1IP_VIPT) {
			__asm__ __volatile__("ic ialluis" ::: "memory");
		} else {
			for (uintptr_t a = start & ~(iline - 1); a < end; a += iline)
				__asm__ __volatile__("ic ivau, %0" ::"r"(a) : "memory");
		}
		__asm__ __volatile__("dsb ish" ::: "memory");
	}
	__asm__ __volatile__("isb" ::: "memory");
}

// SPDX-License-Identifier: MIT
/*
 * Every kernel write of user code reaches the instruction-cache sync
 * (arch_sync_icache_range(): DC CVAU, IC IVAU; Arm ARM D7.5.9.2, "Ordering
 * and completion of data and instruction cache instructions"), with the
 * very bytes it wrote. QEMU's TCG keeps its translations coherent with
 * memory by itself, so a path that forgot the sync would boot and pass on
 * every emulator here and run stale instructions only on silicon: the sync
 * counts its calls and keeps its last range (asm/cacheflush.h), and each
 * path is made to write into an executable page of a scratch address space:
 *
 *  - exec (mm_write(): the zeroed tail of a file page before .bss), which
 *    first makes the page -- a fresh executable page is synced whole;
 *  - ptrace's PTRACE_POKETEXT and /proc/PID/mem (access_remote_vm() with
 *    FOLL_FORCE | FOLL_WRITE, kernel/proc/ptrace.c, kernel/fs/proc/proc_mem.c);
 *  - process_vm_writev (access_remote_vm() with FOLL_WRITE,
 *    kernel/proc/process_vm.c) into a writable executable area;
 *  - a debugger's write into text fork shares: the copy is synced;
 *  - and a write into a page that is not executable syncs nothing.
 */
#include <asm/cacheflush.h>
#include <asm/page.h>
#include <kernel/access_vm.h>
#include <kernel/ktest.h>
#include <kernel/pgtable.h>
#include <kernel/vm.h>
#include <kernel/vma.h>
#include <uapi/linux/mman.h>

#define TEXT_VA 0x10000000ul /* read + exec, as a program's text */
#define RWX_VA 0x10010000ul  /* read + write + exec, as a JIT's buffer */
#define DATA_VA 0x10020000ul /* read + write, no exec */

/* The kernel address of va's byte in mm's page. */
static uintptr_t kernel_addr(struct mm *mm, uintptr_t va)
{
	phys_addr_t p = pgtable_lookup(mm->pgd, va & ~(uintptr_t)(PAGE_SIZE - 1));

	return p ? (uintptr_t)phys_to_virt(p) + (va & (PAGE_SIZE - 1)) : 0;
}

/* The last sync was exactly [va, va + len) of mm, and calls rose by want_calls. */
static void expect_synced(struct ktest_ctx *ctx, struct mm *mm, uintptr_t va, size_t len,
			  unsigned long calls_before, unsigned long want_calls)
{
	KTEST_EXPECT_EQ(ctx, arm64_icache_syncs.calls - calls_before, want_calls);
	KTEST_EXPECT_EQ(ctx, arm64_icache_syncs.last_start, kernel_addr(mm, va));
	KTEST_EXPECT_EQ(ctx, arm64_icache_syncs.last_len, len);
}

KTEST(arm64_every_write_of_user_code_syncs_the_icache)
{
	static const u8 code[40] = { 0x1f, 0x20, 0x03, 0xd5 }; /* NOP, then zeros */
	struct mm *mm = mm_create(), *child;
	unsigned long before;
	u8 word[8] = { 0xc0, 0x03, 0x5f, 0xd6 }; /* RET */

	if (!KTEST_EXPECT(ctx, mm != NULL))
		return;
	mm_lock(mm); /* until access_remote_vm(), which takes it itself */
	if (!KTEST_EXPECT_EQ(ctx,
			     mm_map(mm, TEXT_VA, PAGE_SIZE, PROT_READ | PROT_EXEC, VM_IMAGE, true),
			     0) ||
	    !KTEST_EXPECT_EQ(
		    ctx, mm_map(mm, RWX_VA, PAGE_SIZE, PROT_READ | PROT_WRITE | PROT_EXEC, 0, true),
		    0) ||
	    !KTEST_EXPECT_EQ(ctx, mm_map(mm, DATA_VA, PAGE_SIZE, PROT_READ | PROT_WRITE, 0, true),
			     0)) {
		mm_unlock(mm);
		mm_put(mm);
		return;
	}

	/* exec: the page is made (synced whole as it is mapped), then the bytes written. */
	before = arm64_icache_syncs.calls;
	KTEST_EXPECT_EQ(ctx, mm_write(mm, TEXT_VA + 100, code, sizeof(code)), 0);
	mm_unlock(mm);
	expect_synced(ctx, mm, TEXT_VA + 100, sizeof(code), before, 2);

	/* PTRACE_POKETEXT, /proc/PID/mem: the word, once. */
	before = arm64_icache_syncs.calls;
	KTEST_EXPECT_EQ(ctx,
			access_remote_vm(mm, TEXT_VA + 200, word, sizeof(word),
					 FOLL_FORCE | FOLL_WRITE),
			sizeof(word));
	expect_synced(ctx, mm, TEXT_VA + 200, sizeof(word), before, 1);

	/* process_vm_writev: no FOLL_FORCE, a writable executable area (made on the way: 2 calls). */
	before = arm64_icache_syncs.calls;
	KTEST_EXPECT_EQ(ctx, access_remote_vm(mm, RWX_VA + 8, word, sizeof(word), FOLL_WRITE),
			sizeof(word));
	expect_synced(ctx, mm, RWX_VA + 8, sizeof(word), before, 2);

	/* Data: made and written without a sync. */
	before = arm64_icache_syncs.calls;
	KTEST_EXPECT_EQ(ctx, access_remote_vm(mm, DATA_VA, word, sizeof(word), FOLL_WRITE),
			sizeof(word));
	KTEST_EXPECT_EQ(ctx, arm64_icache_syncs.calls, before);

	/* A debugger's write into text fork shares: the child's own copy, synced whole, then the word. */
	child = mm_fork(mm);
	if (KTEST_EXPECT(ctx, child != NULL)) {
		before = arm64_icache_syncs.calls;
		KTEST_EXPECT_EQ(ctx,
				access_remote_vm(child, TEXT_VA + 300, word, sizeof(word),
						 FOLL_FORCE | FOLL_WRITE),
				sizeof(word));
		KTEST_EXPECT(ctx, kernel_addr(child, TEXT_VA) != kernel_addr(mm, TEXT_VA));
		expect_synced(ctx, child, TEXT_VA + 300, sizeof(word), before, 2);
		mm_put(child);
	}
	mm_put(mm);
}

// SPDX-License-Identifier: MIT
/*
 * W^X, checked on the page tables themselves: a walk of every present
 * kernel-half mapping of the kernel's PML4 (SDM vol. 3A §4.5), with the
 * rights that apply to an access -- writable only if RW is set at every
 * level, executable only if NX is clear at every level (§4.6.1). It must
 * find no page that is both writable and executable; kernel text mapped
 * read-only and executable; rodata read-only and NX; data, bss, the
 * direct map (heap, page tables) and the kernel stacks NX; and nothing at
 * all in the user half. The guard page below each kernel stack is
 * kernel/tests/vm_test.c's kstack_guard_page.
 */
#include <asm/cpu.h>
#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <kernel/printk.h>

extern const char __text_start[], __text_end[], __rodata_start[], __rodata_end[];
extern const char __data_start[], __kernel_end[];

struct wx_walk {
	struct ktest_ctx *ctx;
	u64 nx;			/* the NX bit in use (0 without EFER.NXE) */
	unsigned long leaves;	/* present leaf entries seen */
	unsigned long wx;	/* writable and executable */
	unsigned long text_bad; /* text not R+X */
	unsigned long exec_outside_text;
	unsigned long rodata_bad, data_bad;
};

static bool in(uintptr_t va, const char *start, const char *end)
{
	return va >= (uintptr_t)start && va < (uintptr_t)end;
}

/* Judges one leaf: [va, va + size) with the rights of the walk so far. */
static void judge(struct wx_walk *w, uintptr_t va, u64 size, bool writable, bool exec)
{
	w->leaves++;
	if (writable && exec) {
		if (w->wx++ < 4)
			printk("# W+X mapping at %#lx (%#lx bytes)\n", (unsigned long)va,
			       (unsigned long)size);
	}
	if (in(va, __text_start, __text_end)) {
		w->text_bad += writable || !exec;
		return;
	}
	if (exec && w->exec_outside_text++ < 4)
		printk("# executable outside kernel text at %#lx\n", (unsigned long)va);
	if (in(va, __rodata_start, __rodata_end))
		w->rodata_bad += writable;
	else if (in(va, __data_start, __kernel_end))
		w->data_bad += !writable;
}

static void walk(struct wx_walk *w, const u64 *table, int level, uintptr_t base, bool writable,
		 bool exec)
{
	for (int i = 0; i < PT_ENTRIES; i++) {
		u64 e = READ_ONCE(table[i]);
		uintptr_t va = base + ((uintptr_t)i << (12 + 9 * (level - 1)));

		if (level == PT_LEVELS && i < PT_ENTRIES / 2)
			continue; /* the user half: checked separately */
		if (level == PT_LEVELS)
			va |= 0xffff000000000000ul; /* sign-extend bit 47 */
		if (!(e & PTE_P))
			continue;
		bool wr = writable && (e & PTE_RW), ex = exec && !(e & w->nx);

		if (level == 1 || (e & PTE_PS))
			judge(w, va, 1ull << (12 + 9 * (level - 1)), wr, ex);
		else
			walk(w, phys_to_virt(e & PTE_ADDR_MASK), level - 1, va, wr, ex);
	}
}

KTEST(x86_kernel_wx_page_tables)
{
	const u64 *pml4 = phys_to_virt(x86_kernel_pml4());
	struct wx_walk w = { .ctx = ctx, .nx = x86_pte_nx() };
	unsigned int user_slots = 0;

	if (!w.nx) {
		ktest_skip(ctx, "no NX: every present page is executable");
		return;
	}
	for (int i = 0; i < PT_ENTRIES / 2; i++)
		user_slots += !!(READ_ONCE(pml4[i]) & PTE_P);
	walk(&w, pml4, PT_LEVELS, 0, true, true);
	KTEST_EXPECT_EQ(ctx, user_slots, 0);
	KTEST_EXPECT(ctx, w.leaves > 0);
	KTEST_EXPECT_EQ(ctx, w.wx, 0);
	KTEST_EXPECT_EQ(ctx, w.text_bad, 0);
	KTEST_EXPECT_EQ(ctx, w.exec_outside_text, 0);
	KTEST_EXPECT_EQ(ctx, w.rodata_bad, 0);
	KTEST_EXPECT_EQ(ctx, w.data_bad, 0);
}

/* The kernel stack this test runs on, and every one of its pages, is NX and writable. */
KTEST(x86_kernel_stack_nx)
{
	phys_addr_t phys;
	unsigned int prot = 0;
	uintptr_t sp = (uintptr_t)__builtin_frame_address(0);

	KTEST_EXPECT(ctx, arch_translate(sp, &phys, &prot));
	KTEST_EXPECT_EQ(ctx, prot, KPROT_READ | KPROT_WRITE);
}

// SPDX-License-Identifier: MIT
/*
 * W^X and guard pages, read back from the live page tables:
 *
 *  - every leaf of the kernel's half (TTBR1) gives EL0 nothing -- no read,
 *    write or execute (UXN, Arm ARM D8.4.1.2.3; under S1PIE, PIRE0_EL1 has
 *    no right for a kernel index) -- and EL1 never both write and execute;
 *    only the kernel text executes, read-only; rodata is read-only; data,
 *    bss, the heap (direct map), device registers and kernel stacks are
 *    never executable;
 *  - every user leaf, whatever mmap asked (RWX included), is never
 *    executable by EL1 (PXN), while EL0 gets what it asked;
 *  - below every kernel stack the rest of its 64 KiB slot is unmapped: the
 *    guard entry.S relies on (bit 15 of an SP in the guard is 0) when it
 *    moves an overflowing exception to the overflow stack -- but for the
 *    stack's GCS page with kernel GCS on (kernel_gcs.c): one guard page
 *    below the stack, readable by EL1 only, written only by GCS accesses.
 */
#include <asm/kernel_gcs.h>
#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/sysreg.h>
#include <kernel/kstack.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <kernel/printk.h>
#include <kernel/vm.h>
#include <uapi/linux/mman.h>

extern const char __text_start[], __text_end[], __rodata_start[], __rodata_end[];
extern const char __data_start[], __kernel_end[];

#define RW (KPROT_READ | KPROT_WRITE)
#define RX (KPROT_READ | KPROT_EXEC)

struct wx_census {
	unsigned long leaves, text_pages, bad;
	uintptr_t first_bad;
	const char *why;
};

static void flag(struct wx_census *c, uintptr_t va, const char *why)
{
	if (!c->bad++) {
		c->first_bad = va;
		c->why = why;
	}
}

/* Whether [va, va + size) lies in the pages of [start, end) (each region starts on a page). */
static bool inside(uintptr_t va, size_t size, const char *start, const char *end)
{
	return va >= (uintptr_t)start && va + size <= ALIGN_UP((uintptr_t)end, PAGE_SIZE);
}

static void check_kernel_leaf(uintptr_t va, size_t size, u64 leaf, void *ctx)
{
	struct wx_census *c = ctx;
	struct pte_rights r = arm64_leaf_rights(leaf);

	c->leaves++;
	if (r.el0)
		flag(c, va, "EL0 has a right to a kernel page");
	if ((r.el1 & KPROT_WRITE) && (r.el1 & KPROT_EXEC))
		flag(c, va, "writable and executable");
	if (r.el1 & KPROT_EXEC) {
		if (!inside(va, size, __text_start, __text_end))
			flag(c, va, "executable outside the kernel text");
		else
			c->text_pages++;
	}
	if (inside(va, size, __text_start, __text_end) && r.el1 != RX)
		flag(c, va, "kernel text not read+execute");
	if (inside(va, size, __rodata_start, __rodata_end) && r.el1 != KPROT_READ)
		flag(c, va, "rodata not read-only");
	if (inside(va, size, __data_start, __kernel_end) && r.el1 != RW)
		flag(c, va, "data/bss not read+write, no execute");
	if (va >= KSTACK_AREA_BASE && va < KSTACK_AREA_BASE + KSTACK_AREA_SIZE &&
	    r.el1 != (kstack_is_guard(va) ? KPROT_READ : RW))
		flag(c, va, "kernel stack not read+write (its GCS read-only), no execute");
	if (va >= DIRECT_MAP_BASE && va < KSTACK_AREA_BASE && (r.el1 & KPROT_EXEC))
		flag(c, va, "direct map (heap, page tables, devices) executable");
}

static void report(struct wx_census *c)
{
	if (c->bad)
		printk("# %lu bad leaves; the first at %#lx: %s\n", c->bad,
		       (unsigned long)c->first_bad, c->why);
}

KTEST(arm64_kernel_tables_wx_and_no_el0_access)
{
	struct wx_census c = { 0 };
	size_t text_pages =
		(ALIGN_UP((uintptr_t)__text_end, PAGE_SIZE) - (uintptr_t)__text_start) / PAGE_SIZE;

	arm64_for_each_leaf(read_sysreg(ttbr1_el1), true, check_kernel_leaf, &c);
	report(&c);
	KTEST_EXPECT_EQ(ctx, c.bad, 0);
	KTEST_EXPECT(ctx, c.leaves > text_pages);
	KTEST_EXPECT_EQ(ctx, c.text_pages, text_pages); /* every text page found, executable */
}

#define USER_BASE 0x20000000ul

static const unsigned int user_prots[] = {
	PROT_READ | PROT_WRITE | PROT_EXEC,
	PROT_READ | PROT_EXEC,
	PROT_READ | PROT_WRITE,
	PROT_READ,
	PROT_EXEC,
};

#define N_USER (sizeof(user_prots) / sizeof(user_prots[0]))

struct user_census {
	unsigned long leaves, bad;
	uintptr_t first_bad;
	unsigned int el0[N_USER];
};

static void check_user_leaf(uintptr_t va, size_t size, u64 leaf, void *ctx)
{
	struct user_census *c = ctx;
	struct pte_rights r = arm64_leaf_rights(leaf);
	size_t i = (va - USER_BASE) / PAGE_SIZE;

	c->leaves++;
	if ((r.el1 & KPROT_EXEC) || !(leaf & PTE_PXN) || size != PAGE_SIZE || i >= N_USER) {
		if (!c->bad++)
			c->first_bad = va;
		return;
	}
	c->el0[i] = r.el0;
}

static unsigned int kprot_of(unsigned int prot)
{
	return ((prot & (PROT_READ | PROT_EXEC)) ? KPROT_READ : 0) |
	       ((prot & PROT_WRITE) ? KPROT_READ | KPROT_WRITE : 0) |
	       ((prot & PROT_EXEC) ? KPROT_EXEC : 0);
}

KTEST(arm64_user_pages_never_kernel_executable)
{
	struct user_census c = { 0 };
	struct mm *mm = mm_create();
	u8 byte = 1;
	int err = mm ? 0 : -1;

	if (!KTEST_EXPECT(ctx, mm != NULL))
		return;
	mm_lock(mm);
	for (size_t i = 0; i < N_USER && !err; i++) {
		uintptr_t va = USER_BASE + i * PAGE_SIZE;

		err = mm_map(mm, va, PAGE_SIZE, user_prots[i], 0, true) ||
		      mm_write(mm, va, &byte, 1);
	}
	mm_unlock(mm);
	KTEST_EXPECT_EQ(ctx, err, 0);
	arm64_for_each_leaf(mm->pgd, false, check_user_leaf, &c);
	mm_put(mm);

	if (c.bad)
		printk("# user leaf at %#lx executable by EL1 (or unexpected)\n",
		       (unsigned long)c.first_bad);
	KTEST_EXPECT_EQ(ctx, c.bad, 0);
	KTEST_EXPECT_EQ(ctx, c.leaves, N_USER);
	for (size_t i = 0; i < N_USER; i++)
		KTEST_EXPECT_EQ(ctx, c.el0[i], kprot_of(user_prots[i]));
}

/*
 * The stack this test runs on, and a fresh one: mapped read+write in the
 * top half of its slot, the bottom half unmapped, and entry.S's test
 * (bit 15 of the address) says "guard" exactly there.
 */
static void check_stack(struct ktest_ctx *ctx, const struct kstack *ks)
{
	uintptr_t slot = ks->top - (uintptr_t)KSTACK_SLOT_PAGES * PAGE_SIZE;
	phys_addr_t phys;
	unsigned int prot;

	KTEST_EXPECT_EQ(ctx, ks->top - ks->base, KSTACK_PAGES * PAGE_SIZE);
	for (uintptr_t a = slot; a < ks->top; a += PAGE_SIZE) {
		bool mapped = arch_translate(a, &phys, &prot);
		bool stack = a >= ks->base;
		bool gcs = ks->shadow_top && a == ks->shadow_top - PAGE_SIZE;

		KTEST_EXPECT_EQ(ctx, mapped, stack || gcs);
		if (mapped)
			KTEST_EXPECT_EQ(ctx, prot, gcs ? KPROT_READ : RW);
		KTEST_EXPECT_EQ(ctx, kstack_is_guard(a), !stack);
		KTEST_EXPECT_EQ(ctx, !(a & (1ul << 15)), !stack); /* entry.S's overflow test */
	}
}

KTEST(arm64_kernel_stacks_have_guard_below)
{
	uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
	uintptr_t slot_bytes = (uintptr_t)KSTACK_SLOT_PAGES * PAGE_SIZE;
	struct kstack running = { 0 }, fresh;

	/* The self-tests run on a guarded kernel stack (kernel/main.c): the one under sp. */
	KTEST_EXPECT(ctx, sp >= KSTACK_AREA_BASE && sp < KSTACK_AREA_BASE + KSTACK_AREA_SIZE);
	running.top = ALIGN_DOWN(sp, slot_bytes) + slot_bytes;
	running.base = running.top - (uintptr_t)KSTACK_PAGES * PAGE_SIZE;
	/*
	 * Its GCS, made while kernel GCS was on (even if then found inert: a higher
	 * EL keeps GCS off): the page under the guard page below it (kernel/mm/kstack.c).
	 */
	running.shadow_top = arm64_kgcs_on || arm64_kgcs_found_inert ? running.base - PAGE_SIZE : 0;
	check_stack(ctx, &running);
	if (!KTEST_EXPECT_EQ(ctx, kstack_alloc(&fresh), 0))
		return;
	check_stack(ctx, &fresh);
	kstack_free(&fresh);
}

// SPDX-License-Identifier: MIT
/*
 * Self-test of arch_copy_user()'s count at a mapping's end: with one user
 * page mapped and nothing after it, a copy in either direction that starts
 * anywhere in the page's last 70 bytes (any alignment) and runs 0 to 80
 * bytes copies exactly the bytes before the end -- with the right values --
 * and reports exactly the rest as not copied. Word-at-a-time copies must
 * fall back to bytes at a fault to keep that exact.
 */
#include <kernel/arch.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <kernel/uaccess.h>
#include <kernel/vm.h>
#include <uapi/linux/mman.h>

#define USER_VA 0x10000000ul /* the one page of the scratch address space */
#define MAX_LEN 80
#define TAIL 70

static u8 page[PAGE_SIZE], model[PAGE_SIZE]; /* model: what the user page should hold */

KTEST(uaccess_copy_count_exact_at_mapping_end)
{
	struct mm *mm = mm_create();
	u8 buf[MAX_LEN];
	bool from_ok = true, to_ok = true, values_ok = true;

	for (size_t i = 0; i < PAGE_SIZE; i++)
		model[i] = (u8)(i * 13 + 5);
	if (!KTEST_EXPECT(ctx, mm != NULL))
		return;
	mm_lock(mm); /* dropped before the copies: their faults take it */
	if (!KTEST_EXPECT_EQ(ctx, mm_map(mm, USER_VA, PAGE_SIZE, PROT_READ | PROT_WRITE, 0, true),
			     0) ||
	    !KTEST_EXPECT_EQ(ctx, mm_write(mm, USER_VA, model, PAGE_SIZE), 0)) {
		mm_unlock(mm);
		mm_put(mm);
		return;
	}
	mm_unlock(mm);

	unsigned long flags = arch_irq_save();

	mm_activate(mm);
	for (size_t off = PAGE_SIZE - TAIL; off < PAGE_SIZE; off++) {
		for (size_t n = 0; n <= MAX_LEN; n++) {
			size_t inside = off + n <= PAGE_SIZE ? n : PAGE_SIZE - off;
			size_t left;

			for (size_t i = 0; i < n; i++)
				buf[i] = 0xee;
			left = arch_copy_user(buf, (const void *)(USER_VA + off), n);
			from_ok &= left == n - inside;
			for (size_t i = 0; i < inside; i++)
				values_ok &= buf[i] == model[off + i];

			for (size_t i = 0; i < n; i++)
				buf[i] = (u8)(off * 7 + n + i);
			left = arch_copy_user((void *)(USER_VA + off), buf, n);
			to_ok &= left == n - inside;
			for (size_t i = 0; i < inside; i++)
				model[off + i] = buf[i];
		}
	}
	/* The whole page read back: exactly what the copies to user space left. */
	values_ok &= arch_copy_user(page, (const void *)USER_VA, PAGE_SIZE) == 0;
	for (size_t i = 0; i < PAGE_SIZE; i++)
		values_ok &= page[i] == model[i];
	mm_activate(NULL);
	arch_irq_restore(flags);
	mm_put(mm);

	KTEST_EXPECT(ctx, from_ok);
	KTEST_EXPECT(ctx, to_ok);
	KTEST_EXPECT(ctx, values_ok);
}

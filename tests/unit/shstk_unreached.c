// SPDX-License-Identifier: MIT
/*
 * What kernel/shstk/shstk.c calls besides shstk_clone() and the clone3 checks --
 * map_shadow_stack, shstk_release, shstk_exec -- for the unit tests that
 * link kernel/shstk/shstk.c but test other functions of it (test_clone_args,
 * test_shstk_clone). Each stand-in fails the test if it is called.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <kernel/shstk.h>
#include <kernel/task.h>
#include <kernel/vm.h>

#define UNREACHED(ret)                                                        \
	do {                                                                  \
		fail_msg("%s: not reached by the code under test", __func__); \
		return ret;                                                   \
	} while (0)

/*
 * `current` is unit_cpu.running (stubs/asm/percpu.h). Its id is not 0: a
 * zeroed fake mm's lock must not read as held by this CPU (mm_lock_fake.c).
 */
struct cpu unit_cpu = { .self = &unit_cpu, .id = 7 };

int mm_unmap(struct mm *mm, uintptr_t start, size_t len)
{
	(void)mm;
	(void)start;
	(void)len;
	UNREACHED(-1);
}

bool vma_range_free(const struct vma_tree *l, uintptr_t start, uintptr_t end)
{
	(void)l;
	(void)start;
	(void)end;
	UNREACHED(false);
}

void arch_shstk_reset(struct task *t)
{
	(void)t;
	UNREACHED();
}

int arch_shstk_map_token(struct mm *mm, uintptr_t addr, u64 size, unsigned int flags)
{
	(void)mm;
	(void)addr;
	(void)size;
	(void)flags;
	UNREACHED(-1);
}

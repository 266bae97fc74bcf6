// SPDX-License-Identifier: MIT
/*
 * The choice of the page the secondary CPUs start in
 * (arch/x86_64/trampoline_page.c), on synthetic memory maps: a PC's usual
 * low memory, one where the old fixed page 0x8000 is not RAM, a boot module
 * and the boot information in the way, unaligned usable ranges, and a map
 * with no usable page below 640 KiB at all.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <kernel/types.h>
#include <asm/smp.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void test_pc_low_memory(void **state)
{
	/* SeaBIOS/OVMF: 0 - 0x9fc00 usable, the EBDA above. */
	const struct mem_range usable[] = { { 0, 0x9fc00 }, { 0x100000, 0x8000000 } };

	(void)state;
	assert_int_equal(x86_trampoline_choose(usable, N(usable), NULL, 0), 0x10000);
}

static void test_fixed_page_not_ram(void **state)
{
	/* Firmware that keeps the first 64 KiB and more for itself: 0x8000 would be wrong. */
	const struct mem_range usable[] = { { 0x58000, 0x9e000 } };

	(void)state;
	assert_int_equal(x86_trampoline_choose(usable, N(usable), NULL, 0), 0x58000);
}

static void test_busy_ranges_skipped(void **state)
{
	const struct mem_range usable[] = { { 0, 0x9fc00 } };
	/* A module over 0x10000-0x12fff, the boot information ending inside 0x13000's page. */
	const struct mem_range busy[] = { { 0x10000, 0x13000 }, { 0x12f00, 0x13010 } };

	(void)state;
	assert_int_equal(x86_trampoline_choose(usable, N(usable), busy, N(busy)), 0x14000);
}

static void test_unaligned_ranges(void **state)
{
	/* Neither range holds a whole aligned page but the second's 0x21000. */
	const struct mem_range usable[] = { { 0x10800, 0x11800 }, { 0x20c00, 0x22400 } };

	(void)state;
	assert_int_equal(x86_trampoline_choose(usable, N(usable), NULL, 0), 0x21000);
}

static void test_none(void **state)
{
	/* Only the first 64 KiB and memory from 640 KiB up: no page may be used. */
	const struct mem_range usable[] = { { 0, 0x10000 },
					    { 0x9f000, 0xa0000 },
					    { 0x100000, 0x200000 } };
	const struct mem_range all_busy[] = { { 0x9f000, 0xa0000 } };
	const struct mem_range low[] = { { 0x9e000, 0xa0000 } };

	(void)state;
	assert_int_equal(x86_trampoline_choose(usable, N(usable), all_busy, N(all_busy)), 0);
	/* The last page below the VGA window is allowed. */
	assert_int_equal(x86_trampoline_choose(low, N(low), NULL, 0), 0x9e000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pc_low_memory),
		cmocka_unit_test(test_fixed_page_not_ram),
		cmocka_unit_test(test_busy_ranges_skipped),
		cmocka_unit_test(test_unaligned_ranges),
		cmocka_unit_test(test_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * The x86 boot map's RAM above 4 GiB (arch/x86_64/boot_pages.c) on
 * synthetic memory maps: 1 GiB pages only over GiBs that are all RAM,
 * 2 MiB pages around a hole or a 64-bit PCI window, nothing over them;
 * 2 MiB pages only on a CPU without 1 GiB pages; the reach where the
 * directories run out or a range ends ragged.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <asm/boot_pages.h>
#include <asm/pte.h>

#define GIB (1ull << 30)
#define MIB2 (2ull << 20)
#define NR_DIRS 8
#define FAKE_PHYS 0x7000000ull /* where the synthetic directories "are" */
#define N(a) (sizeof(a) / sizeof((a)[0]))

static u64 pdpt[512], dirs[NR_DIRS][512];
static unsigned int used, limit;

static u64 *alloc(struct x86_boot_pages *b, u64 *phys)
{
	(void)b;
	if (used == limit)
		return NULL;
	*phys = FAKE_PHYS + used * 4096ull;
	return dirs[used++];
}

static u64 *dir(struct x86_boot_pages *b, u64 phys)
{
	(void)b;
	if (phys < FAKE_PHYS || phys >= FAKE_PHYS + used * 4096ull)
		return NULL;
	return dirs[(phys - FAKE_PHYS) / 4096];
}

static struct x86_boot_pages pages(bool gib_pages)
{
	memset(pdpt, 0, sizeof(pdpt));
	memset(dirs, 0, sizeof(dirs));
	used = 0;
	limit = NR_DIRS;
	return (struct x86_boot_pages){
		.pdpt = pdpt, .gib_pages = gib_pages, .alloc = alloc, .dir = dir
	};
}

/* The page that maps pa (its PDPTE or PDE), or 0. */
static u64 page_of(u64 pa)
{
	u64 e = pdpt[pa / GIB];

	if (!(e & PTE_P) || (e & PTE_PS))
		return e;
	return dir(NULL, e & PTE_ADDR_MASK)[(pa / MIB2) % 512];
}

/*
 * A PC with 8 GiB and then some: RAM from 4 GiB to 6 GiB + 3 MiB + 4 KiB,
 * firmware's reserved memory up to 6.5 GiB, RAM again to 8 GiB, then the
 * 64-bit PCI window.
 */
static const struct mem_range pc_map[] = {
	{ 0x100000, 0x80000000ull }, /* below 4 GiB: start.S's */
	{ 4 * GIB, 6 * GIB + 0x301000 },
	{ 6 * GIB + GIB / 2, 8 * GIB },
};

static void test_gib_pages_only_over_whole_gibs(void **state)
{
	struct x86_boot_pages b = pages(true);

	(void)state;
	assert_int_equal(x86_boot_map_ram(&b, pc_map, N(pc_map)), 6 * GIB + MIB2);
	assert_int_equal(pdpt[4], 4 * GIB | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(pdpt[5], 5 * GIB | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(pdpt[7], 7 * GIB | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(pdpt[6] & PTE_PS, 0); /* GiB 6 holds the reserved range */
	assert_int_equal(pdpt[3], 0);	       /* below 4 GiB: not this code's */
	assert_int_equal(pdpt[8], 0);	       /* the PCI window */
	/* Every 2 MiB of GiB 6: a page exactly when all of it is RAM. */
	for (u64 p = 6 * GIB; p < 7 * GIB; p += MIB2) {
		bool ram = p + MIB2 <= 6 * GIB + 0x301000 || p >= 6 * GIB + GIB / 2;

		assert_int_equal(page_of(p), ram ? (p | PTE_P | PTE_RW | PTE_PS) : 0);
	}
	assert_int_equal(b.gib, 3);
	assert_int_equal(b.mib2, 1 + 256);
	assert_int_equal(used, 1);
}

/* Without 1 GiB pages: 2 MiB pages over the same RAM, a directory per GiB. */
static void test_no_gib_pages(void **state)
{
	struct x86_boot_pages b = pages(false);

	(void)state;
	assert_int_equal(x86_boot_map_ram(&b, pc_map, N(pc_map)), 6 * GIB + MIB2);
	for (u64 g = 4; g < 8; g++)
		assert_int_equal(pdpt[g] & (PTE_P | PTE_PS), PTE_P);
	assert_int_equal(page_of(5 * GIB + 7 * MIB2),
			 (5 * GIB + 7 * MIB2) | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(page_of(6 * GIB + MIB2), 0);
	assert_int_equal(b.gib, 0);
	assert_int_equal(b.mib2, 512 + 512 + 1 + 256 + 512);
	assert_int_equal(used, 4);
}

/* Out of directories: the reach ends at the first RAM left unmapped. */
static void test_out_of_directories(void **state)
{
	struct x86_boot_pages b = pages(false);

	(void)state;
	limit = 2;
	assert_int_equal(x86_boot_map_ram(&b, pc_map, N(pc_map)), 6 * GIB);
	assert_int_equal(page_of(6 * GIB - MIB2), (6 * GIB - MIB2) | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(pdpt[6], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gib_pages_only_over_whole_gibs),
		cmocka_unit_test(test_no_gib_pages),
		cmocka_unit_test(test_out_of_directories),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * The x86 boot map's direct map (arch/x86_64/boot_pages.c) on synthetic
 * memory maps: 1 GiB pages only over GiBs that are all RAM, 2 MiB pages
 * only over 2 MiB blocks that are all RAM, 4 KiB pages over the RAM of the
 * rest, nothing over the first MiB's holes, firmware's reserved ranges,
 * the PCI hole below 4 GiB or a 64-bit PCI window; 2 MiB pages only on a
 * CPU without 1 GiB pages; the boot information's pages first; the reach
 * where the tables run out.
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
#define KIB4 4096ull
#define NR_DIRS 16
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

/* The entry that maps pa (its PDPTE, PDE or PTE), or 0; *size is its span. */
static u64 leaf_of(u64 pa, u64 *size)
{
	u64 e = pdpt[pa / GIB];

	*size = GIB;
	if (!(e & PTE_P) || (e & PTE_PS))
		return e;
	e = dir(NULL, e & PTE_ADDR_MASK)[(pa / MIB2) % 512];
	*size = MIB2;
	if (!(e & PTE_P) || (e & PTE_PS))
		return e;
	*size = KIB4;
	return dir(NULL, e & PTE_ADDR_MASK)[(pa / KIB4) % 512];
}

static u64 page_of(u64 pa)
{
	u64 size;

	return leaf_of(pa, &size);
}

static bool in_ram(const struct mem_range *map, size_t n, u64 start, u64 end)
{
	for (size_t i = 0; i < n; i++) {
		if (map[i].start <= start && end <= map[i].end)
			return true;
	}
	return false;
}

/*
 * Every 4 KiB page of [lo, hi): mapped at its own address exactly when the
 * whole page is RAM in map, and by a page whose whole span is RAM; returns
 * how many pages of each size (1 GiB, 2 MiB, 4 KiB) were seen.
 */
static void check_exact(const struct mem_range *map, size_t n, u64 lo, u64 hi,
			unsigned long seen[3])
{
	seen[0] = seen[1] = seen[2] = 0;
	for (u64 p = lo; p < hi; p += KIB4) {
		u64 size, e = leaf_of(p, &size), base = p & ~(size - 1);
		bool ram = in_ram(map, n, p, p + KIB4);

		if (!ram) {
			assert_int_equal(e, 0);
			continue;
		}
		assert_int_equal(e, base | PTE_P | PTE_RW | (size == KIB4 ? 0 : PTE_PS));
		assert_true(in_ram(map, n, base, base + size));
		if (p == base)
			seen[size == GIB ? 0 : size == MIB2 ? 1 : 2]++;
	}
}

/*
 * A PC with 8 GiB and then some: RAM from 4 GiB to 6 GiB + 3 MiB + 4 KiB,
 * firmware's reserved memory up to 6.5 GiB, RAM again to 8 GiB, then the
 * 64-bit PCI window.
 */
static const struct mem_range pc_map[] = {
	{ 0x100000, 0x80000000ull },
	{ 4 * GIB, 6 * GIB + 0x301000 },
	{ 6 * GIB + GIB / 2, 8 * GIB },
};

static void test_gib_pages_only_over_whole_gibs(void **state)
{
	struct x86_boot_pages b = pages(true);
	unsigned long seen[3];

	(void)state;
	assert_int_equal(x86_boot_map_ram(&b, pc_map, N(pc_map)), 512 * GIB);
	assert_int_equal(pdpt[1], 1 * GIB | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(pdpt[4], 4 * GIB | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(pdpt[5], 5 * GIB | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(pdpt[7], 7 * GIB | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(pdpt[0] & PTE_PS, 0); /* GiB 0 holds the first MiB */
	assert_int_equal(pdpt[6] & PTE_PS, 0); /* GiB 6 holds the reserved range */
	assert_int_equal(pdpt[2], 0);
	assert_int_equal(pdpt[3], 0);
	assert_int_equal(pdpt[8], 0); /* the PCI window */
	/* Every 2 MiB of GiB 6: a large page exactly when all of it is RAM. */
	for (u64 p = 6 * GIB; p < 7 * GIB; p += MIB2) {
		bool ram = p + MIB2 <= 6 * GIB + 0x200000 || p >= 6 * GIB + GIB / 2;

		assert_int_equal(page_of(p) & PTE_PS, ram ? PTE_PS : 0);
	}
	/* The ragged end: 4 KiB pages up to 6 GiB + 3 MiB + 4 KiB, nothing after. */
	assert_int_equal(page_of(6 * GIB + 0x300000), (6 * GIB + 0x300000) | PTE_P | PTE_RW);
	assert_int_equal(page_of(6 * GIB + 0x301000), 0);
	check_exact(pc_map, N(pc_map), 0, 9 * GIB, seen);
	assert_int_equal(b.gib, 4);
	assert_int_equal(b.mib2, 511 + 1 + 256);
	assert_int_equal(b.kib4, 256 + 0x101);
	assert_int_equal(seen[0], b.gib);
	assert_int_equal(seen[1], b.mib2);
	assert_int_equal(seen[2], b.kib4);
	assert_int_equal(used, 4); /* GiBs 0 and 6, their first partial blocks */
	assert_int_equal(b.tables, used);
}

/* Without 1 GiB pages: 2 MiB and 4 KiB pages over the same RAM, a directory per GiB. */
static void test_no_gib_pages(void **state)
{
	struct x86_boot_pages b = pages(false);
	unsigned long seen[3];

	(void)state;
	assert_int_equal(x86_boot_map_ram(&b, pc_map, N(pc_map)), 512 * GIB);
	for (u64 g = 0; g < 8; g++)
		assert_int_equal(pdpt[g] & (PTE_P | PTE_PS), g == 2 || g == 3 ? 0 : PTE_P);
	assert_int_equal(page_of(5 * GIB + 7 * MIB2),
			 (5 * GIB + 7 * MIB2) | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(page_of(6 * GIB + 2 * MIB2), 0);
	check_exact(pc_map, N(pc_map), 0, 9 * GIB, seen);
	assert_int_equal(b.gib, 0);
	assert_int_equal(b.mib2, 511 + 512 + 512 + 512 + 1 + 256 + 512);
	assert_int_equal(b.kib4, 256 + 0x101);
	assert_int_equal(seen[1], b.mib2);
	assert_int_equal(seen[2], b.kib4);
	assert_int_equal(used, 8);
}

/* Out of tables: the reach ends at the first RAM left unmapped. */
static void test_out_of_tables(void **state)
{
	struct x86_boot_pages b = pages(false);

	(void)state;
	limit = 2; /* GiB 0's directory and its first block's page table */
	assert_int_equal(x86_boot_map_ram(&b, pc_map, N(pc_map)), GIB);
	assert_int_equal(page_of(GIB - MIB2), (GIB - MIB2) | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(page_of(0x100000), 0x100000 | PTE_P | PTE_RW);
	assert_int_equal(pdpt[1], 0);
	assert_int_equal(pdpt[4], 0);
}

/*
 * A PC's first 4 GiB: the first MiB's RAM up to the EBDA (its ragged end
 * shares a page with it), the VGA window and ROMs, RAM to firmware's
 * reserved range at 0xbf6e5000-0xbf800000 (ACPI tables and NVS, SMM), RAM
 * again to 3 GiB, then the PCI hole (device registers) up to 4 GiB, and a
 * GiB of RAM above.
 */
static const struct mem_range low_map[] = {
	{ 0, 0x9fc00 },
	{ 0x100000, 0xbf6e5000ull },
	{ 0xbf800000ull, 0xc0000000ull },
	{ 4 * GIB, 5 * GIB },
};

static void test_low_gibs_exact(void **state)
{
	struct x86_boot_pages b = pages(true);
	unsigned long seen[3];

	(void)state;
	assert_int_equal(x86_boot_map_ram(&b, low_map, N(low_map)), 512 * GIB);
	/* GiB 0: 4 KiB pages in its first block, 2 MiB pages in the rest. */
	assert_int_equal(pdpt[0] & (PTE_P | PTE_PS), PTE_P);
	assert_int_equal(page_of(0), 0 | PTE_P | PTE_RW);
	assert_int_equal(page_of(0x9e000), 0x9e000 | PTE_P | PTE_RW);
	assert_int_equal(page_of(0x9f000), 0); /* holds the EBDA's start */
	assert_int_equal(page_of(0xa0000), 0); /* VGA */
	assert_int_equal(page_of(0xf0000), 0); /* the BIOS ROM */
	assert_int_equal(page_of(0x100000), 0x100000 | PTE_P | PTE_RW);
	assert_int_equal(page_of(MIB2), MIB2 | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(pdpt[1], GIB | PTE_P | PTE_RW | PTE_PS);
	/* GiB 2: the block with the reserved range's start in 4 KiB pages, none over it. */
	assert_int_equal(pdpt[2] & (PTE_P | PTE_PS), PTE_P);
	assert_int_equal(page_of(0xbf400000), 0xbf400000 | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(page_of(0xbf6e4000), 0xbf6e4000 | PTE_P | PTE_RW);
	for (u64 p = 0xbf6e5000; p < 0xbf800000; p += KIB4)
		assert_int_equal(page_of(p), 0);
	assert_int_equal(page_of(0xbf800000), 0xbf800000 | PTE_P | PTE_RW | PTE_PS);
	assert_int_equal(pdpt[3], 0); /* the PCI hole */
	assert_int_equal(pdpt[4], 4 * GIB | PTE_P | PTE_RW | PTE_PS);
	check_exact(low_map, N(low_map), 0, 6 * GIB, seen);
	assert_int_equal(b.gib, 2);
	assert_int_equal(b.mib2, 511 + 507 + 4);
	assert_int_equal(b.kib4, 0x9f + 0x100 + 0xe5);
	assert_int_equal(seen[0], b.gib);
	assert_int_equal(seen[1], b.mib2);
	assert_int_equal(seen[2], b.kib4);
	assert_int_equal(used, 4);
}

/*
 * The boot information's pages come first (early_map.c maps them before
 * reading the memory map): their block keeps its page table, filled in
 * with the rest of its RAM, and never becomes a 2 MiB page.
 */
static void test_boot_info_first(void **state)
{
	struct x86_boot_pages b = pages(true);
	unsigned long seen[3];

	(void)state;
	assert_int_equal(x86_boot_map_range(&b, 0x7654321, 0x7654321 + 0x3000), 0);
	assert_int_equal(b.kib4, 4); /* 0x7654000 - 0x7657fff */
	assert_int_equal(page_of(0x7653000), 0);
	assert_int_equal(page_of(0x7657000), 0x7657000 | PTE_P | PTE_RW);
	assert_int_equal(page_of(0x7658000), 0);
	assert_int_equal(used, 2);
	assert_int_equal(x86_boot_map_ram(&b, low_map, N(low_map)), 512 * GIB);
	assert_int_equal(page_of(0x7600000), 0x7600000 | PTE_P | PTE_RW);
	check_exact(low_map, N(low_map), 0, 6 * GIB, seen);
	assert_int_equal(b.mib2, 511 + 507 + 4 - 1);
	assert_int_equal(b.kib4, 0x9f + 0x100 + 0xe5 + 512);
	assert_int_equal(seen[1], b.mib2);
	assert_int_equal(seen[2], b.kib4);
	assert_int_equal(used, 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gib_pages_only_over_whole_gibs),
		cmocka_unit_test(test_no_gib_pages),
		cmocka_unit_test(test_out_of_tables),
		cmocka_unit_test(test_low_gibs_exact),
		cmocka_unit_test(test_boot_info_first),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

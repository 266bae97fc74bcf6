// SPDX-License-Identifier: MIT
/*
 * arm64 start-up logic on synthetic inputs, where no emulator gives the
 * case:
 *  - arch/arm64/boot_map.c: a page mapped into a boot map shaped like
 *    boot/arm64/head.S's (GiB 0 a Device block, GiBs 1-3 Normal blocks):
 *    above 4 GiB through new tables; a device inside a Normal block by
 *    splitting it, break-before-make, the rest of the block unchanged.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <asm/boot_map.h>
#include <asm/pte.h>
#include <asm/sysreg.h>
#include <uapi/linux/errno.h>

#define NR_TABLES 8
#define FAKE_PHYS 0x80000000ul /* where the synthetic tables "are" */
#define BLOCK_DEVICE (PTE_VALID | PTE_ATTR(MAIR_IDX_DEVICE) | PTE_AF | PTE_PXN | PTE_UXN)
#define BLOCK_NORMAL (PTE_VALID | PTE_ATTR(MAIR_IDX_NORMAL) | PTE_SH_INNER | PTE_AF | PTE_PXN | PTE_UXN)
#define PAGE_NORMAL_RO (BLOCK_NORMAL | PTE_PAGE | PTE_RDONLY)
#define PAGE_DEVICE (BLOCK_DEVICE | PTE_PAGE | PTE_WRITE)
#define GIB (1ul << 30)
#define MIB2 (2ul << 20)

static u64 tables[NR_TABLES][PT_ENTRIES] __attribute__((aligned(4096)));
static unsigned int used, invalidations, limit;

static u64 *table(const struct boot_map *m, u64 phys)
{
	(void)m;
	assert_true(phys >= FAKE_PHYS && phys < FAKE_PHYS + used * 4096ul);
	return tables[(phys - FAKE_PHYS) / 4096];
}

static u64 *alloc(const struct boot_map *m, u64 *phys)
{
	(void)m;
	if (used == limit)
		return NULL;
	*phys = FAKE_PHYS + used * 4096ul;
	return tables[used++];
}

static void invalidate(const struct boot_map *m, u64 va)
{
	(void)m;
	(void)va;
	invalidations++;
}

static const struct boot_map map = {
	.root = tables[0], .table = table, .alloc = alloc, .invalidate = invalidate,
};

/* head.S's direct map, at VA = PA here: L0[0] -> L1, GiB 0 Device, GiBs 1-3 Normal. */
static int boot_map_setup(void **state)
{
	(void)state;
	memset(tables, 0, sizeof(tables));
	used = 2;
	limit = NR_TABLES;
	invalidations = 0;
	tables[0][0] = (FAKE_PHYS + 4096) | PTE_VALID | PTE_TABLE;
	tables[1][0] = 0 | BLOCK_DEVICE;
	for (u64 g = 1; g < 4; g++)
		tables[1][g] = g * GIB | BLOCK_NORMAL;
	return 0;
}

/* The leaf the walk from the root reaches for va (level 3), or 0. */
static u64 leaf_of(u64 va)
{
	u64 *t = tables[0];

	for (int level = 0; level < 3; level++) {
		u64 e = t[PT_INDEX(va, level)];

		if ((e & (PTE_VALID | PTE_TABLE)) != (PTE_VALID | PTE_TABLE))
			return 0;
		t = table(NULL, e & PTE_ADDR_MASK);
	}
	return t[PT_INDEX(va, 3)];
}

/* edk2's RSDP page on a 6 GiB QEMU virt: new L2 and L3 tables, nothing else touched. */
static void test_boot_map_above_4g(void **state)
{
	u64 pa = 0x1bc130000ul;

	(void)state;
	assert_int_equal(arm64_boot_map_page(&map, pa, pa | PAGE_NORMAL_RO), 0);
	assert_int_equal(used, 4);
	assert_int_equal(invalidations, 0);
	assert_int_equal(leaf_of(pa), pa | PAGE_NORMAL_RO);
	assert_int_equal(tables[1][3], 3 * GIB | BLOCK_NORMAL);
	/* A second page in the same 2 MiB takes no new table. */
	assert_int_equal(arm64_boot_map_page(&map, pa + 4096, (pa + 4096) | PAGE_NORMAL_RO), 0);
	assert_int_equal(used, 4);
}

/* A UART in a cacheable 1 GiB block: split twice, only its page Device. */
static void test_boot_map_device_in_normal_block(void **state)
{
	u64 pa = 0x2a401000ul + GIB; /* in GiB 1 */

	(void)state;
	assert_int_equal(arm64_boot_map_page(&map, pa, pa | PAGE_DEVICE), 0);
	assert_int_equal(used, 4);
	assert_int_equal(invalidations, 3); /* the 1 GiB block, the 2 MiB block, the page */
	assert_int_equal(leaf_of(pa), pa | PAGE_DEVICE);
	/* Its neighbours map what the block mapped, as it did. */
	assert_int_equal(leaf_of(pa - 4096), (pa - 4096) | BLOCK_NORMAL | PTE_PAGE);
	assert_int_equal(leaf_of(pa + 4096), (pa + 4096) | BLOCK_NORMAL | PTE_PAGE);
	/* The rest of the GiB stays 2 MiB blocks of the same frames. */
	u64 *l2 = table(NULL, tables[1][1] & PTE_ADDR_MASK);

	for (u64 i = 0; i < PT_ENTRIES; i++) {
		if (i != PT_INDEX(pa, 2))
			assert_int_equal(l2[i], (GIB + i * MIB2) | BLOCK_NORMAL);
	}
	assert_int_equal(tables[1][2], 2 * GIB | BLOCK_NORMAL);
}

/* What the boot map already maps with the right type stays as it is. */
static void test_boot_map_already_right(void **state)
{
	(void)state;
	assert_int_equal(arm64_boot_map_page(&map, 0x9000000ul, 0x9000000ul | PAGE_DEVICE), 0);
	assert_int_equal(arm64_boot_map_page(&map, 0x40000000ul, 0x40000000ul | PAGE_NORMAL_RO),
			 0);
	assert_int_equal(used, 2);
	assert_int_equal(invalidations, 0);
	assert_int_equal(tables[1][0], BLOCK_DEVICE);
}

/* No table left: -ENOMEM, and what was mapped still maps the same. */
static void test_boot_map_out_of_tables(void **state)
{
	u64 pa = 0x1000ul + GIB;

	(void)state;
	limit = 3; /* room for the 2 MiB table, not the page table */
	assert_int_equal(arm64_boot_map_page(&map, pa, pa | PAGE_DEVICE), -ENOMEM);
	assert_int_equal(leaf_of(pa), 0); /* a 2 MiB block still */
	u64 *l2 = table(NULL, tables[1][1] & PTE_ADDR_MASK);

	assert_int_equal(l2[0], GIB | BLOCK_NORMAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_boot_map_above_4g, boot_map_setup),
		cmocka_unit_test_setup(test_boot_map_device_in_normal_block, boot_map_setup),
		cmocka_unit_test_setup(test_boot_map_already_right, boot_map_setup),
		cmocka_unit_test_setup(test_boot_map_out_of_tables, boot_map_setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

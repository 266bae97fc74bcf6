// SPDX-License-Identifier: MIT
/*
 * arm64 start-up logic on synthetic inputs, where no emulator gives the
 * case:
 *  - arch/arm64/boot_map.c: a page mapped into a map of 1 GiB blocks
 *    (GiB 0 Device, GiBs 1-3 Normal, as head.S's boot map once was):
 *    above them through new tables; a device inside a Normal block by
 *    splitting it, break-before-make, the rest of the block unchanged;
 *    RAM mapped exactly as a synthetic memory map says (early_map.c):
 *    1 GiB blocks only over GiBs of RAM alone, 2 MiB blocks and 4 KiB
 *    pages around firmware's reserved ranges, which stay unmapped -- above
 *    4 GiB, and below it from head.S's empty direct map, beside devices,
 *    a framebuffer and pages mapped before the memory map was known;
 *  - arch/arm64/madt.c: the CPUs and redistributor regions of synthetic
 *    MADTs -- several GICR structures, per-CPU GICR addresses in the
 *    GICCs, disabled, duplicate and malformed GICC entries.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <asm/acpi.h>
#include <asm/boot_map.h>
#include <asm/pte.h>
#include <asm/sysreg.h>
#include <uapi/linux/errno.h>

#define NR_TABLES 16
#define FAKE_PHYS 0x80000000ul /* where the synthetic tables "are" */
#define BLOCK_DEVICE (PTE_VALID | PTE_ATTR(MAIR_IDX_DEVICE) | PTE_AF | PTE_PXN | PTE_UXN)
#define BLOCK_NORMAL \
	(PTE_VALID | PTE_ATTR(MAIR_IDX_NORMAL) | PTE_SH_INNER | PTE_AF | PTE_PXN | PTE_UXN)
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
	.root = tables[0],
	.table = table,
	.alloc = alloc,
	.invalidate = invalidate,
};

/* A direct map of 1 GiB blocks, at VA = PA here: L0[0] -> L1, GiB 0 Device, GiBs 1-3 Normal. */
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
	assert_int_equal(arm64_boot_map_page(&map, 0x40000000ul, 0x40000000ul | PAGE_NORMAL_RO), 0);
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

/*
 * The descriptor that maps va (a block or a page) and the address it gives
 * va, or 0 when va is unmapped.
 */
static u64 covering(u64 va, u64 *pa)
{
	u64 *t = tables[0];

	for (int level = 0; level < 4; level++) {
		u64 e = t[PT_INDEX(va, level)], span = 1ul << (39 - 9 * level);

		if (!(e & PTE_VALID))
			return 0;
		if (level == 3 || !(e & PTE_TABLE)) {
			*pa = (e & PTE_ADDR_MASK & ~(span - 1)) | (va & (span - 1));
			return e;
		}
		t = table(NULL, e & PTE_ADDR_MASK);
	}
	return 0;
}

#define RAM_ATTRS (BLOCK_NORMAL & ~PTE_VALID)

/*
 * The top of a 6 GiB QEMU virt as edk2 describes it, shaped to have every
 * case: GiBs 4 and 5 all RAM, GiB 6 RAM with firmware's reserved ranges
 * (runtime services, ACPI tables) inside it, neither end 2 MiB-aligned.
 */
static const struct mem_range top_of_ram[] = {
	{ 0x100000000ul, 0x1b0001000ul }, /* then reserved up to 0x1b0403000 */
	{ 0x1b0403000ul, 0x1bfe00000ul }, /* then reserved up to the end of GiB 6 */
};

static bool in_top_of_ram(u64 pa)
{
	for (unsigned int i = 0; i < 2; i++) {
		if (pa >= top_of_ram[i].start && pa < top_of_ram[i].end)
			return true;
	}
	return false;
}

static void test_boot_map_ram_exact(void **state)
{
	struct boot_map_count count = { 0 };
	u64 unmapped = 0, pa = 0, e;

	(void)state;
	for (unsigned int i = 0; i < 2; i++)
		assert_int_equal(arm64_boot_map_ram(&map, 0, top_of_ram[i].start, top_of_ram[i].end,
						    RAM_ATTRS, &count, &unmapped),
				 0);
	/* Whole GiBs of RAM: one block each. */
	assert_int_equal(tables[1][4], 4 * GIB | BLOCK_NORMAL);
	assert_int_equal(tables[1][5], 5 * GIB | BLOCK_NORMAL);
	/* GiB 6: a table, never a block over the reserved ranges. */
	assert_int_equal(tables[1][6] & (PTE_VALID | PTE_TABLE), PTE_VALID | PTE_TABLE);
	/* Every page of GiB 6 mapped (to itself, Normal) exactly when it is RAM. */
	for (u64 p = 6 * GIB; p < 7 * GIB; p += 4096) {
		e = covering(p, &pa);
		if (!in_top_of_ram(p)) {
			assert_int_equal(e, 0);
			continue;
		}
		assert_int_equal(pa, p);
		assert_int_equal(e & BOOT_MAP_ATTR_MASK, PTE_ATTR(MAIR_IDX_NORMAL));
	}
	/* The granularity: 2 MiB blocks inside, pages only at the ragged ends. */
	e = covering(0x180000000ul, &pa);
	assert_int_equal(e, 0x180000000ul | BLOCK_NORMAL);
	assert_int_equal(covering(0x1b0000000ul, &pa), 0x1b0000000ul | BLOCK_NORMAL | PTE_PAGE);
	assert_int_equal(covering(0x1b0403000ul, &pa), 0x1b0403000ul | BLOCK_NORMAL | PTE_PAGE);
	assert_int_equal(covering(0x1b0600000ul, &pa), 0x1b0600000ul | BLOCK_NORMAL);
	assert_int_equal(count.gib_blocks, 2);
	assert_int_equal(count.mib2_blocks, (0x1b0000000ul - 0x180000000ul) / MIB2 +
						    (0x1bfe00000ul - 0x1b0600000ul) / MIB2);
	assert_int_equal(count.pages, 1 + (0x1b0600000ul - 0x1b0403000ul) / 4096);
	/* One level 2 table for GiB 6, a level 3 table for each ragged 2 MiB. */
	assert_int_equal(used, 2 + 3);
	assert_int_equal(invalidations, 0);
}

/* What is mapped already stays: head.S's block, a firmware table's page. */
static void test_boot_map_ram_keeps_what_is_mapped(void **state)
{
	struct boot_map_count count = { 0 };
	u64 unmapped = 0, acpi = 0x1bff00000ul, pa = 0;

	(void)state;
	assert_int_equal(arm64_boot_map_page(&map, acpi, acpi | PAGE_NORMAL_RO), 0);
	assert_int_equal(arm64_boot_map_ram(&map, 0, 3 * GIB, 0x1bfe00000ul, RAM_ATTRS, &count,
					    &unmapped),
			 0);
	assert_int_equal(tables[1][3], 3 * GIB | BLOCK_NORMAL);
	assert_int_equal(covering(acpi, &pa), acpi | PAGE_NORMAL_RO);
	assert_int_equal(covering(0x1bfc00000ul, &pa), 0x1bfc00000ul | BLOCK_NORMAL);
	assert_int_equal(covering(0x1bfe00000ul, &pa), 0);
	assert_int_equal(count.gib_blocks, 2);
	assert_int_equal(count.pages, 0);
}

/* Out of tables: what it could not map is named, all below it is mapped. */
static void test_boot_map_ram_out_of_tables(void **state)
{
	struct boot_map_count count = { 0 };
	u64 unmapped = 0, pa = 0;

	(void)state;
	limit = 3; /* GiB 6's level 2 table, no level 3 one */
	assert_int_equal(arm64_boot_map_ram(&map, 0, top_of_ram[0].start, top_of_ram[0].end,
					    RAM_ATTRS, &count, &unmapped),
			 -ENOMEM);
	assert_int_equal(unmapped, 0x1b0000000ul);
	assert_int_equal(covering(0x1affff000ul, &pa), 0x1afe00000ul | BLOCK_NORMAL);
	assert_int_equal(covering(0x1b0000000ul, &pa), 0);
}

/*
 * head.S's direct map today: L0[0] -> an empty L1, nothing mapped. What
 * arm64_start() maps before the memory map is known comes first: QEMU
 * virt's UART (Device) and a device-tree page (Normal, read-only).
 */
static int empty_direct_map_setup(void **state)
{
	(void)state;
	memset(tables, 0, sizeof(tables));
	used = 2;
	limit = NR_TABLES;
	invalidations = 0;
	tables[0][0] = (FAKE_PHYS + 4096) | PTE_VALID | PTE_TABLE;
	return 0;
}

#define LOW_UART 0x09000000ul
#define LOW_DTB 0xc8000000ul	/* in GiB 3 */
#define LOW_DEVICE 0x80301000ul /* a device page between two RAM ranges in GiB 2 */
#define LOW_FB 0xbc000000ul	/* a framebuffer at the end of GiB 2: 64 MiB, not RAM */

/*
 * A machine whose low 4 GiB mixes everything: GiB 0 devices only, GiB 1
 * all RAM, GiB 2 RAM around a device page (inside one 2 MiB block) and
 * before a framebuffer, GiB 3 RAM up to a reserved range whose ends are
 * not 2 MiB-aligned; GiB 4, above, all RAM.
 */
static const struct mem_range low_usable[] = {
	{ 0x40000000ul, 0x80000000ul },
	{ 0x80000000ul, LOW_DEVICE },
	{ LOW_DEVICE + 4096, LOW_FB },
	{ 0xc0000000ul, 0xf0003000ul }, /* then reserved to 0xf0401000 */
	{ 0xf0401000ul, 0x100000000ul },
	{ 0x100000000ul, 0x140000000ul },
};
#define NR_LOW_USABLE (sizeof(low_usable) / sizeof(low_usable[0]))

static bool in_low_usable(u64 pa)
{
	for (unsigned int i = 0; i < NR_LOW_USABLE; i++) {
		if (pa >= low_usable[i].start && pa < low_usable[i].end)
			return true;
	}
	return false;
}

/*
 * Every page below 4 GiB is Normal exactly when the memory map calls it
 * RAM (then it maps to itself), Device only at the UART and device page,
 * unmapped elsewhere: no Normal block reaches a device, the framebuffer or
 * the reserved range. Before the low RAM was mapped from the memory map
 * (head.S's Normal 1 GiB blocks over GiBs 1-3, RAM added from 4 GiB only),
 * the walk found no Normal mapping of the low RAM at all.
 */
static void test_boot_map_usable_low_exact(void **state)
{
	struct boot_map_count count[BOOT_MAP_HALVES] = { 0 };
	u64 pa = 0, e, reach = 512 * GIB;

	(void)state;
	assert_int_equal(arm64_boot_map_page(&map, LOW_UART, LOW_UART | PAGE_DEVICE), 0);
	assert_int_equal(arm64_boot_map_page(&map, LOW_DEVICE, LOW_DEVICE | PAGE_DEVICE), 0);
	assert_int_equal(arm64_boot_map_page(&map, LOW_DTB, LOW_DTB | PAGE_NORMAL_RO), 0);
	assert_int_equal(arm64_boot_map_usable(&map, 0, low_usable, NR_LOW_USABLE, reach, RAM_ATTRS,
					       count),
			 reach);

	for (u64 p = 0; p < 4 * GIB; p += 4096) {
		e = covering(p, &pa);
		if (p == LOW_UART || p == LOW_DEVICE) {
			assert_int_equal(e, p | PAGE_DEVICE);
			continue;
		}
		if (!in_low_usable(p)) {
			assert_int_equal(e, 0);
			continue;
		}
		assert_int_not_equal(e, 0);
		assert_int_equal(pa, p);
		assert_int_equal(e & BOOT_MAP_ATTR_MASK, PTE_ATTR(MAIR_IDX_NORMAL));
	}
	/* The granularity: a block wherever one fits, pages only beside what is not RAM. */
	assert_int_equal(tables[1][0] & (PTE_VALID | PTE_TABLE), PTE_VALID | PTE_TABLE);
	assert_int_equal(tables[1][1], GIB | BLOCK_NORMAL);
	assert_int_equal(covering(0x80200000ul, &pa), 0x80200000ul | BLOCK_NORMAL | PTE_PAGE);
	assert_int_equal(covering(0x80400000ul, &pa), 0x80400000ul | BLOCK_NORMAL);
	assert_int_equal(covering(LOW_FB - MIB2, &pa), (LOW_FB - MIB2) | BLOCK_NORMAL);
	assert_int_equal(covering(LOW_DTB + 4096, &pa), (LOW_DTB + 4096) | BLOCK_NORMAL | PTE_PAGE);
	assert_int_equal(covering(0xf0002000ul, &pa), 0xf0002000ul | BLOCK_NORMAL | PTE_PAGE);
	assert_int_equal(covering(0xf0600000ul, &pa), 0xf0600000ul | BLOCK_NORMAL);
	assert_int_equal(tables[1][4], 4 * GIB | BLOCK_NORMAL);

	/* Below 4 GiB: GiB 1 whole; GiB 2 and 3 in 2 MiB blocks and pages. */
	assert_int_equal(count[0].gib_blocks, 1);
	assert_int_equal(count[0].mib2_blocks, 1 + (LOW_FB - 0x80400000ul) / MIB2 + /* GiB 2 */
						       (0xf0000000ul - 0xc0000000ul) / MIB2 -
						       1 + /* GiB 3, the DTB's */
						       (0x100000000ul - 0xf0600000ul) / MIB2);
	/* The device's 2 MiB and the DTB's but their own page; the reserved range's ends. */
	assert_int_equal(count[0].pages, 511 + 511 + 3 + (0xf0600000ul - 0xf0401000ul) / 4096);
	assert_int_equal(count[1].gib_blocks, 1);
	assert_int_equal(count[1].mib2_blocks + count[1].pages, 0);
	assert_int_equal(invalidations, 0);
}

/* ---- MADT ---- */

static u8 madt[1024];
static size_t madt_len;

static void put(size_t off, u64 v, unsigned int bytes)
{
	memcpy(madt + off, &v, bytes);
}

static void madt_begin(void)
{
	memset(madt, 0, sizeof(madt));
	memcpy(madt, "APIC", 4);
	madt_len = MADT_STRUCTURES;
}

/* A GICC structure of ACPI 6.5 (82 bytes): flags, GICv2 base, GICR base, MPIDR. */
static void gicc(u32 flags, u64 gicc_base, u64 gicr_base, u64 mpidr)
{
	size_t s = madt_len;

	madt[s] = MADT_GICC;
	madt[s + 1] = 82;
	put(s + MADT_GICC_FLAGS, flags, 4);
	put(s + MADT_GICC_BASE, gicc_base, 8);
	put(s + MADT_GICC_GICR_BASE, gicr_base, 8);
	put(s + MADT_GICC_MPIDR, mpidr, 8);
	madt_len += 82;
}

static void gicd(u64 base, u8 version)
{
	size_t s = madt_len;

	madt[s] = MADT_GICD;
	madt[s + 1] = MADT_GICD_LEN;
	put(s + MADT_GICD_BASE, base, 8);
	madt[s + MADT_GICD_VERSION] = version;
	madt_len += MADT_GICD_LEN;
}

static void gicr(u64 base, u32 length)
{
	size_t s = madt_len;

	madt[s] = MADT_GICR;
	madt[s + 1] = MADT_GICR_LEN;
	put(s + MADT_GICR_BASE, base, 8);
	put(s + MADT_GICR_LENGTH, length, 4);
	madt_len += MADT_GICR_LEN;
}

static struct arm64_madt m;

/* Two sockets, each with its own redistributor region (a GICR structure each). */
static void test_madt_several_gicr_structures(void **state)
{
	(void)state;
	madt_begin();
	gicd(0x8000000, 3);
	for (u64 i = 0; i < 4; i++)
		gicc(MADT_GICC_ENABLED, 0, 0, (i / 2) << 8 | (i % 2));
	gicr(0x80a0000, 0x40000);
	gicr(0x100a0000, 0x40000);
	arm64_madt_parse(madt, madt_len, 0x80000000ul, &m); /* MPIDR's RES1 bit 31 is no affinity */
	assert_int_equal(m.nr_cpus, 4);
	assert_int_equal(m.cpus[2], 0x100);
	assert_int_equal(m.nr_gicr, 2);
	assert_false(m.gicr_per_cpu);
	assert_int_equal(m.gicr[0].base, 0x80a0000);
	assert_int_equal(m.gicr[0].size, 0x40000);
	assert_int_equal(m.gicr[1].base, 0x100a0000);
	assert_int_equal(m.gicd, 0x8000000);
	assert_int_equal(m.declared_version, 3);
}

/* No GICR structure: each enabled GICC's own redistributor, two frames (four on GICv4). */
static void test_madt_per_cpu_gicr(void **state)
{
	(void)state;
	madt_begin();
	gicc(MADT_GICC_ENABLED, 0, 0x80a0000, 0);
	gicc(MADT_GICC_ENABLED, 0, 0x80c0000, 1);
	gicc(0, 0, 0x80e0000, 2); /* disabled: not started, its redistributor not used */
	gicd(0x8000000, 3);
	arm64_madt_parse(madt, madt_len, 0, &m);
	assert_int_equal(m.nr_cpus, 2);
	assert_int_equal(m.skipped_disabled, 1);
	assert_int_equal(m.nr_gicr, 2);
	assert_true(m.gicr_per_cpu);
	assert_int_equal(m.gicr[1].base, 0x80c0000);
	assert_int_equal(m.gicr[1].size, 0x20000);

	madt_begin();
	gicd(0x8000000, 4);
	gicc(MADT_GICC_ENABLED, 0, 0x80a0000, 0);
	arm64_madt_parse(madt, madt_len, 0, &m);
	assert_int_equal(m.gicr[0].size, 0x40000);
}

/* Duplicate MPIDRs and bits outside the affinity fields are left out, as Linux does. */
static void test_madt_bad_gicc_entries(void **state)
{
	(void)state;
	madt_begin();
	gicd(0x8000000, 2);
	gicc(MADT_GICC_ENABLED, 0x8010000, 0, 0);
	gicc(MADT_GICC_ENABLED, 0x8010000, 0, 1);
	gicc(MADT_GICC_ENABLED, 0x8010000, 0, 1);	  /* duplicate */
	gicc(MADT_GICC_ENABLED, 0x8010000, 0, 1ul << 24); /* bits 31:24 are not affinity */
	arm64_madt_parse(madt, madt_len, 1, &m);
	assert_int_equal(m.nr_cpus, 2);
	assert_int_equal(m.skipped_duplicate, 1);
	assert_int_equal(m.skipped_invalid, 1);
	assert_int_equal(m.gicc, 0x8010000);
	assert_int_equal(m.nr_gicr, 0);
	assert_false(m.gicr_per_cpu);
}

/* A structure running past the table's length is not read. */
static void test_madt_truncated(void **state)
{
	(void)state;
	madt_begin();
	gicd(0x8000000, 3);
	gicc(MADT_GICC_ENABLED, 0, 0x80a0000, 0);
	arm64_madt_parse(madt, madt_len - 1, 0, &m);
	assert_int_equal(m.nr_cpus, 0);
	assert_int_equal(m.gicd, 0x8000000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_boot_map_above_4g, boot_map_setup),
		cmocka_unit_test_setup(test_boot_map_device_in_normal_block, boot_map_setup),
		cmocka_unit_test_setup(test_boot_map_already_right, boot_map_setup),
		cmocka_unit_test_setup(test_boot_map_out_of_tables, boot_map_setup),
		cmocka_unit_test_setup(test_boot_map_ram_exact, boot_map_setup),
		cmocka_unit_test_setup(test_boot_map_ram_keeps_what_is_mapped, boot_map_setup),
		cmocka_unit_test_setup(test_boot_map_ram_out_of_tables, boot_map_setup),
		cmocka_unit_test_setup(test_boot_map_usable_low_exact, empty_direct_map_setup),
		cmocka_unit_test(test_madt_several_gicr_structures),
		cmocka_unit_test(test_madt_per_cpu_gicr),
		cmocka_unit_test(test_madt_bad_gicc_entries),
		cmocka_unit_test(test_madt_truncated),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

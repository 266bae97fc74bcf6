// SPDX-License-Identifier: MIT
/*
 * One page into a live set of translation tables, splitting blocks on the
 * way (asm/boot_map.h). Pure: no system registers, so the host unit tests
 * run it on synthetic tables (tests/unit/test_arm64.c).
 *
 * A live entry is never changed from one valid value to another: it is
 * made invalid, the TLB told, and only then written anew -- the
 * break-before-make sequence the Arm ARM requires when a block becomes a
 * table or a leaf changes its output address or memory type (D8.16.1,
 * as asm/pgtable.h's pte_replace()); without it two TLB entries may
 * translate one address, and the CPU may report a TLB conflict abort.
 */
#include <asm/boot_map.h>
#include <asm/pte.h>
#include <uapi/linux/errno.h>

#define PAGE_SPAN (UL(1) << 12)

static u64 span_of(int level)
{
	return UL(1) << (39 - 9 * level);
}

/* Same frame for va, same memory type: leave the entry e at level alone. */
static bool already_right(u64 e, int level, u64 va, u64 leaf)
{
	u64 mask = span_of(level) - 1;
	u64 frame = (e & PTE_ADDR_MASK & ~mask) | (va & mask & PTE_ADDR_MASK);

	return (e & BOOT_MAP_ATTR_MASK) == (leaf & BOOT_MAP_ATTR_MASK) &&
	       frame == (leaf & PTE_ADDR_MASK);
}

/* Replaces the valid entry *e by v, break-before-make. */
static void replace(const struct boot_map *m, u64 *e, u64 v, u64 va)
{
	WRITE_ONCE(*e, 0);
	m->invalidate(m, va);
	WRITE_ONCE(*e, v);
}

/*
 * The block e at level as a table of the next level: 512 entries that map
 * what e mapped, each with its attributes (pages at level 3). 0 on no memory.
 */
static u64 split(const struct boot_map *m, u64 e, int level)
{
	u64 phys, child = span_of(level + 1);
	u64 *t = m->alloc(m, &phys);
	u64 attrs = e & ~PTE_ADDR_MASK & ~PTE_TABLE;

	if (!t)
		return 0;
	for (int i = 0; i < PT_ENTRIES; i++)
		t[i] = ((e & PTE_ADDR_MASK) + (u64)i * child) | attrs |
		       (level + 1 == 3 ? PTE_PAGE : 0);
	return phys;
}

int arm64_boot_map_page(const struct boot_map *m, u64 va, u64 leaf)
{
	u64 *table = m->root;

	for (int level = 0; level < 3; level++) {
		u64 *slot = &table[PT_INDEX(va, level)];
		u64 e = READ_ONCE(*slot), phys;

		if (!(e & PTE_VALID)) {
			if (!m->alloc(m, &phys))
				return -ENOMEM;
			WRITE_ONCE(*slot, phys | PTE_VALID | PTE_TABLE);
		} else if (!(e & PTE_TABLE)) { /* a block (level 1 or 2) */
			if (already_right(e, level, va, leaf))
				return 0;
			phys = split(m, e, level);
			if (!phys)
				return -ENOMEM;
			replace(m, slot, phys | PTE_VALID | PTE_TABLE, va);
		}
		table = m->table(m, READ_ONCE(*slot) & PTE_ADDR_MASK);
	}

	u64 *slot = &table[PT_INDEX(va, 3)];
	u64 e = READ_ONCE(*slot);

	if (!(e & PTE_VALID))
		WRITE_ONCE(*slot, leaf);
	else if (!already_right(e, 3, va, leaf))
		replace(m, slot, leaf, va);
	return 0;
}

/*
 * With the 4 KiB granule a level 1 descriptor may be a 1 GiB block and a
 * level 2 one a 2 MiB block, the output address aligned to the size (Arm
 * ARM D8.3); a block covers its whole span with one memory type, so it may
 * only be used where everything in the span is RAM.
 */
int arm64_boot_map_ram(const struct boot_map *m, u64 va_base, u64 start, u64 end, u64 attrs,
		       struct boot_map_count *count, u64 *unmapped)
{
	u64 p = (start + PAGE_SPAN - 1) & ~(PAGE_SPAN - 1);

	end &= ~(PAGE_SPAN - 1);
	while (p < end) {
		u64 *table = m->root, phys;
		int level;

		for (level = 0;; level++) {
			u64 span = span_of(level), *slot = &table[PT_INDEX(va_base + p, level)];
			u64 e = READ_ONCE(*slot);

			if ((e & PTE_VALID) && (level == 3 || !(e & PTE_TABLE))) {
				/* Mapped already (a block or a page): left as it is. */
				p = (p & ~(span - 1)) + span;
				break;
			}
			if (!(e & PTE_VALID) && level >= 1 && (p & (span - 1)) == 0 &&
			    end - p >= span) {
				WRITE_ONCE(*slot,
					   p | attrs | PTE_VALID | (level == 3 ? PTE_PAGE : 0));
				if (level == 1)
					count->gib_blocks++;
				else if (level == 2)
					count->mib2_blocks++;
				else
					count->pages++;
				p += span;
				break;
			}
			if (!(e & PTE_VALID)) {
				if (!m->alloc(m, &phys)) {
					*unmapped = p;
					return -ENOMEM;
				}
				WRITE_ONCE(*slot, phys | PTE_VALID | PTE_TABLE);
			}
			table = m->table(m, READ_ONCE(*slot) & PTE_ADDR_MASK);
		}
	}
	return 0;
}

/*
 * Every usable range below reach through arm64_boot_map_ram(), from
 * physical 0: nothing else gets a Normal mapping, so a device, the
 * framebuffer or firmware's memory beside the RAM -- below 4 GiB as above
 * -- is reached only through the page its user maps with its own type.
 * The Arm ARM lets the CPU read any Normal location a valid translation
 * names, at any time, speculatively (B2.8), and allocate it into its
 * caches; a device register read that way may change state, and two
 * mappings of one location with different types lose coherence (B2.16).
 */
u64 arm64_boot_map_usable(const struct boot_map *m, u64 va_base, const struct mem_range *usable,
			  unsigned int nr, u64 reach, u64 attrs,
			  struct boot_map_count count[BOOT_MAP_HALVES])
{
	static const u64 split = BOOT_MAP_LOW_END;
	u64 limit = reach;

	for (unsigned int i = 0; i < nr; i++) {
		for (int half = 0; half < BOOT_MAP_HALVES; half++) {
			u64 lo = half ? split : 0, hi = half ? reach : split;
			u64 start = usable[i].start > lo ? usable[i].start : lo;
			u64 end = usable[i].end < hi ? usable[i].end : hi, unmapped;

			if (start < end &&
			    arm64_boot_map_ram(m, va_base, start, end, attrs, &count[half],
					       &unmapped) &&
			    unmapped < limit)
				limit = unmapped;
		}
	}
	return limit;
}

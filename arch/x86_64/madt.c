// SPDX-License-Identifier: MIT
/*
 * The Multiple APIC Description Table (signature "APIC", ACPI 6.5
 * §5.2.12): after the header, the local APIC's physical address and the
 * flags (bit 0 PCAT_COMPAT: the PC's dual 8259 is present too), then a list
 * of variable-length entries {u8 type, u8 length, ...}. We keep the CPUs
 * (smp.c starts the enabled ones), the I/O APICs and the ISA interrupt
 * overrides. Fields are read with memcpy: entries are packed at
 * any alignment.
 */
#include <asm/apic.h>
#include <kernel/acpi.h>
#include <kernel/printk.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define MADT_LAPIC_ADDR 36 /* u32 */
#define MADT_FLAGS 40	   /* u32 */
#define MADT_ENTRIES 44
#define MADT_PCAT_COMPAT (1u << 0)

/* Entry types, ACPI 6.5 table 5.21, and their lengths. */
#define MADT_LOCAL_APIC 0	   /* §5.2.12.2: uid u8 @2, APIC ID u8 @3, flags u32 @4 */
#define MADT_IO_APIC 1		   /* §5.2.12.3: id u8 @2, address u32 @4, GSI base u32 @8 */
#define MADT_IRQ_OVERRIDE 2	   /* §5.2.12.5: bus @2, source u8 @3, GSI u32 @4, flags u16 @8 */
#define MADT_LAPIC_ADDR_OVERRIDE 5 /* §5.2.12.8: address u64 @4 */
#define MADT_LOCAL_X2APIC 9	   /* §5.2.12.12: x2APIC ID u32 @4, flags u32 @8, uid u32 @12 */
#define MADT_LAPIC_ENABLED (1u << 0) /* table 5.23 */
#define MADT_LAPIC_ONLINE_CAPABLE (1u << 1)
#define MADT_REVISION_ONLINE_CAPABLE 5 /* ACPI 6.3: the first MADT with that bit */
#define MADT_XAPIC_ID_INVALID 0xffu
#define MADT_X2APIC_ID_INVALID 0xffffffffu

struct x86_madt x86_madt;

static u32 get32(const u8 *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/*
 * One processor entry, by Linux's rules (arch/x86/kernel/acpi/boot.c,
 * acpi_parse_lapic/acpi_parse_x2apic, and topology_register_apic()):
 * - the invalid IDs (0xff, 0xffffffff) are placeholders: ignored;
 * - a processor that is neither enabled nor online capable cannot be used
 *   (table 5.23) -- but before MADT revision 5 the Online Capable bit did not
 *   exist, so a disabled entry may still be hot-added later and is kept;
 * - an APIC ID seen before is refused: firmware that lists a CPU twice must
 *   not have it started twice (a second SIPI to a running CPU, two struct cpus).
 * What is kept but not enabled is never started (arch_smp_list_cpus()).
 */
static void add_cpu(struct x86_madt *m, u8 revision, u32 apic_id, u32 uid, u32 flags)
{
	bool usable = (flags & (MADT_LAPIC_ENABLED | MADT_LAPIC_ONLINE_CAPABLE)) ||
		      revision < MADT_REVISION_ONLINE_CAPABLE;

	if (!usable) {
		m->nr_cpus_unusable++;
		return;
	}
	for (unsigned int i = 0; i < m->nr_cpus; i++)
		if (m->cpus[i].apic_id == apic_id) {
			m->nr_cpus_duplicate++;
			return;
		}
	if (m->nr_cpus == MAX_CPUS) {
		m->nr_cpus_dropped++;
		return;
	}
	m->cpus[m->nr_cpus++] = (struct x86_cpu_entry){
		.apic_id = apic_id,
		.acpi_uid = uid,
		.online_capable = !(flags & MADT_LAPIC_ENABLED),
	};
}

static void parse_entry(struct x86_madt *m, u8 revision, bool has_xapic_cpus, const u8 *e, u8 type,
			u8 len)
{
	u64 addr;

	switch (type) {
	case MADT_LOCAL_APIC:
		if (len >= 8 && e[3] != MADT_XAPIC_ID_INVALID)
			add_cpu(m, revision, e[3], e[2], get32(e + 4));
		break;
	case MADT_LOCAL_X2APIC:
		/*
		 * §5.2.12.12: when the MADT lists xAPIC processors too, an x2APIC
		 * entry describes only IDs of 255 and up; one below repeats an
		 * xAPIC processor and is not another CPU (Linux skips it as well).
		 */
		if (len >= 16 && get32(e + 4) != MADT_X2APIC_ID_INVALID &&
		    !(has_xapic_cpus && get32(e + 4) < 0xff))
			add_cpu(m, revision, get32(e + 4), get32(e + 12), get32(e + 8));
		break;
	case MADT_IO_APIC:
		if (len >= 12 && m->nr_ioapics < MAX_IOAPICS)
			m->ioapics[m->nr_ioapics++] = (struct x86_ioapic){
				.id = e[2], .base = get32(e + 4), .gsi_base = get32(e + 8)
			};
		break;
	case MADT_IRQ_OVERRIDE:
		if (len >= 10 && m->nr_overrides < MAX_IRQ_OVERRIDES) {
			u16 flags;

			memcpy(&flags, e + 8, sizeof(flags));
			m->overrides[m->nr_overrides++] = (struct x86_irq_override){
				.isa_irq = e[3], .gsi = get32(e + 4), .flags = flags
			};
		}
		break;
	case MADT_LAPIC_ADDR_OVERRIDE:
		if (len >= 12) {
			memcpy(&addr, e + 4, sizeof(addr));
			m->lapic_base = addr;
		}
		break;
	default:
		break; /* NMI sources, GIC entries, ...: not used here */
	}
}

/* Whether the MADT lists an xAPIC processor with a valid ID (§5.2.12.12's rule). */
static bool lists_xapic_cpus(const u8 *t, u32 length)
{
	for (u32 off = MADT_ENTRIES; off + 2 <= length;) {
		u8 type = t[off], len = t[off + 1];

		if (len < 2 || off + len > length)
			break;
		if (type == MADT_LOCAL_APIC && len >= 8 && t[off + 3] != MADT_XAPIC_ID_INVALID)
			return true;
		off += len;
	}
	return false;
}

int madt_read(const u8 *t, u32 length, struct x86_madt *m)
{
	u8 revision;
	bool has_xapic_cpus;

	memset(m, 0, sizeof(*m));
	if (length < MADT_ENTRIES)
		return -EINVAL;
	revision = t[8]; /* the header's revision (§5.2.6) */
	has_xapic_cpus = lists_xapic_cpus(t, length);
	m->found = true;
	m->lapic_base = get32(t + MADT_LAPIC_ADDR);
	m->pcat_compat = get32(t + MADT_FLAGS) & MADT_PCAT_COMPAT;
	for (u32 off = MADT_ENTRIES; off + 2 <= length;) {
		u8 type = t[off], len = t[off + 1];

		if (len < 2 || off + len > length) {
			m->bad_entry_offset = off;
			return -EINVAL;
		}
		parse_entry(m, revision, has_xapic_cpus, t + off, type, len);
		off += len;
	}
	return 0;
}

void madt_parse(void)
{
	const struct acpi_table_header *h = acpi_find_table("APIC", 0);
	struct x86_madt *m = &x86_madt;

	if (!h || madt_read((const u8 *)h, h->length, m) == -EINVAL) {
		if (!h || !m->found) {
			memset(m, 0, sizeof(*m));
			pr_info("madt: none; assuming a PC with an 8259\n");
			return;
		}
		pr_warn("madt: the entry at offset %u overruns the table; the rest is ignored\n",
			m->bad_entry_offset);
	}
	pr_info("madt: %u CPUs%s, %u I/O APICs, %u ISA overrides, local APIC at %#lx, 8259 %s\n",
		m->nr_cpus, m->nr_cpus_dropped ? " (more dropped)" : "", m->nr_ioapics,
		m->nr_overrides, (unsigned long)m->lapic_base,
		m->pcat_compat ? "present" : "absent");
	if (m->nr_cpus_duplicate || m->nr_cpus_unusable)
		pr_warn("madt: %u processor entries skipped as duplicate APIC IDs, %u as neither "
			"enabled nor online capable\n",
			m->nr_cpus_duplicate, m->nr_cpus_unusable);
}

// SPDX-License-Identifier: MIT
/*
 * The Multiple APIC Description Table (signature "APIC", ACPI 6.5
 * §5.2.12): after the header, the local APIC's physical address and the
 * flags (bit 0 PCAT_COMPAT: the PC's dual 8259 is present too), then a list
 * of variable-length entries {u8 type, u8 length, ...}. We keep the CPUs
 * (for the SMP work: only the boot CPU runs now), the I/O APICs and the ISA
 * interrupt overrides. Fields are read with memcpy: entries are packed at
 * any alignment.
 */
#include <asm/apic.h>
#include <kernel/acpi.h>
#include <kernel/printk.h>
#include <string.h>

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

struct x86_madt x86_madt;

static u32 get32(const u8 *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static void add_cpu(u32 apic_id, u32 uid, u32 flags)
{
	struct x86_madt *m = &x86_madt;

	/* Neither enabled nor online capable: the processor is not usable (table 5.23). */
	if (!(flags & (MADT_LAPIC_ENABLED | MADT_LAPIC_ONLINE_CAPABLE)))
		return;
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

static void parse_entry(const u8 *e, u8 type, u8 len)
{
	struct x86_madt *m = &x86_madt;
	u64 addr;

	switch (type) {
	case MADT_LOCAL_APIC:
		if (len >= 8)
			add_cpu(e[3], e[2], get32(e + 4));
		break;
	case MADT_LOCAL_X2APIC:
		if (len >= 16)
			add_cpu(get32(e + 4), get32(e + 12), get32(e + 8));
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

void madt_parse(void)
{
	const struct acpi_table_header *h = acpi_find_table("APIC", 0);
	struct x86_madt *m = &x86_madt;
	const u8 *t = (const u8 *)h;

	memset(m, 0, sizeof(*m));
	if (!h || h->length < MADT_ENTRIES) {
		pr_info("madt: none; assuming a PC with an 8259\n");
		return;
	}
	m->found = true;
	m->lapic_base = get32(t + MADT_LAPIC_ADDR);
	m->pcat_compat = get32(t + MADT_FLAGS) & MADT_PCAT_COMPAT;
	for (u32 off = MADT_ENTRIES; off + 2 <= h->length;) {
		u8 type = t[off], len = t[off + 1];

		if (len < 2 || off + len > h->length) {
			pr_warn("madt: entry at offset %u has length %u; the rest is ignored\n",
				off, len);
			break;
		}
		parse_entry(t + off, type, len);
		off += len;
	}
	pr_info("madt: %u CPUs%s, %u I/O APICs, %u ISA overrides, local APIC at %#lx, 8259 %s\n",
		m->nr_cpus, m->nr_cpus_dropped ? " (more dropped)" : "", m->nr_ioapics,
		m->nr_overrides, (unsigned long)m->lapic_base,
		m->pcat_compat ? "present" : "absent");
}

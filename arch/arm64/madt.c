// SPDX-License-Identifier: MIT
/*
 * The MADT's GIC structures (ACPI 6.5 §5.2.12.14-.17) as struct
 * arm64_madt: pure, so the host unit tests feed it synthetic tables
 * (tests/unit/test_arm64_boot.c); acpi.c hands its result to the kernel.
 *
 * CPUs, as Linux's acpi_map_gic_cpu_interface(): a GICC not marked
 * Enabled is not started at boot (Online Capable ones wait for a hotplug
 * this kernel does not do), nor one whose MPIDR has bits outside the
 * affinity fields, nor the second GICC of one MPIDR.
 *
 * Redistributors: one GICR structure per region of contiguous
 * redistributor frames, as many as the machine has (several on multi-die
 * or multi-socket machines); when there are none, each enabled GICC gives
 * its own CPU's redistributor (§5.2.12.14, "GICR Base Address": then a
 * single redistributor, two 64 KiB frames, four on GICv4 as Linux sizes
 * them in gic_acpi_parse_madt_gicc()).
 */
#include <asm/acpi.h>
#include <asm/sysreg.h>
#include <string.h>

#define GICR_FRAME (UL(64) << 10)

static u32 rd32(const u8 *s, size_t off)
{
	u32 v;

	memcpy(&v, s + off, sizeof(v));
	return v;
}

static u64 rd64(const u8 *s, size_t off)
{
	u64 v;

	memcpy(&v, s + off, sizeof(v));
	return v;
}

static void add_cpu(struct arm64_madt *m, u64 mpidr)
{
	if (mpidr & ~MPIDR_AFFINITY_MASK) {
		m->skipped_invalid++;
		return;
	}
	for (unsigned int i = 0; i < m->nr_cpus; i++) {
		if (m->cpus[i] == mpidr) {
			m->skipped_duplicate++;
			return;
		}
	}
	if (m->nr_cpus < SMP_MAX_CPUS)
		m->cpus[m->nr_cpus++] = mpidr;
}

static void add_gicr(struct arm64_madt *m, u64 base, u64 size)
{
	if (base && size && m->nr_gicr < ARM64_MAX_GICR) {
		m->gicr[m->nr_gicr].base = base;
		m->gicr[m->nr_gicr++].size = size;
	}
}

void arm64_madt_parse(const void *table, size_t len, u64 boot_mpidr, struct arm64_madt *m)
{
	const u8 *t = table, *end = t + len, *s;
	u64 gicc_gicr[SMP_MAX_CPUS];
	unsigned int nr_gicc_gicr = 0;
	bool have_gicr = false;

	memset(m, 0, sizeof(*m));
	boot_mpidr &= MPIDR_AFFINITY_MASK;
	for (s = t + MADT_STRUCTURES; s + 2 <= end && s[1] >= 2 && s + s[1] <= end; s += s[1]) {
		switch (s[0]) {
		case MADT_GICC:
			if (s[1] < MADT_GICC_MIN_LEN)
				break;
			if (!(rd32(s, MADT_GICC_FLAGS) & MADT_GICC_ENABLED)) {
				m->skipped_disabled++;
				break;
			}
			add_cpu(m, rd64(s, MADT_GICC_MPIDR));
			if (rd64(s, MADT_GICC_GICR_BASE) && nr_gicc_gicr < SMP_MAX_CPUS)
				gicc_gicr[nr_gicc_gicr++] = rd64(s, MADT_GICC_GICR_BASE);
			if (rd64(s, MADT_GICC_MPIDR) == boot_mpidr)
				m->gicc = rd64(s, MADT_GICC_BASE);
			break;
		case MADT_GICD:
			if (s[1] >= MADT_GICD_LEN && !m->gicd) {
				m->gicd = rd64(s, MADT_GICD_BASE);
				m->declared_version = s[MADT_GICD_VERSION];
			}
			break;
		case MADT_GICR:
			if (s[1] >= MADT_GICR_LEN) {
				add_gicr(m, rd64(s, MADT_GICR_BASE), rd32(s, MADT_GICR_LENGTH));
				have_gicr = true;
			}
			break;
		}
	}
	if (!have_gicr) {
		u64 frames = m->declared_version >= 4 ? 4 : 2;

		for (unsigned int i = 0; i < nr_gicc_gicr; i++)
			add_gicr(m, gicc_gicr[i], frames * GICR_FRAME);
		m->gicr_per_cpu = m->nr_gicr > 0;
	}
}

/* SPDX-License-Identifier: MIT */
/*
 * The byte offsets and values arm64 reads from its ACPI tables (acpi.c).
 * Offsets count from the start of the table or structure, header included.
 */
#ifndef ASM_ACPI_H
#define ASM_ACPI_H

#include <asm/setup.h>
#include <kernel/types.h>

/* SPCR (Microsoft SPCR specification, Table 3). */
#define SPCR_INTERFACE_TYPE 36
#define SPCR_BASE_ADDRESS 40 /* a Generic Address Structure */
/* Interface types: Microsoft DBG2 specification, "Serial Port Subtypes". */
#define SPCR_TYPE_PL011 0x03
#define SPCR_TYPE_SBSA_32BIT 0x0d /* the SBSA generic UART, 32-bit accesses only */
#define SPCR_TYPE_SBSA 0x0e	  /* a PL011 subset: UARTDR and UARTFR where PL011 has them */

/* MADT (ACPI 6.5 §5.2.12): 8 bytes of fields, then structures of {type, length, ...}. */
#define MADT_STRUCTURES 44
#define MADT_GICC 0x0b /* §5.2.12.14, Table 5.37 */
#define MADT_GICC_MIN_LEN 76
#define MADT_GICC_FLAGS 12
#define MADT_GICC_ENABLED (1u << 0)
#define MADT_GICC_BASE 32      /* GICv2 CPU interface */
#define MADT_GICC_GICR_BASE 60 /* this CPU's redistributor (GICv3) */
#define MADT_GICC_MPIDR 68
#define MADT_GICD 0x0c /* §5.2.12.15, Table 5.39 */
#define MADT_GICD_LEN 24
#define MADT_GICD_BASE 8
#define MADT_GICD_VERSION 20 /* 0: not given, 1..4: GICv1..v4 */
#define MADT_GICR 0x0e	     /* §5.2.12.17, Table 5.42 */
#define MADT_GICR_LEN 16
#define MADT_GICR_BASE 4
#define MADT_GICR_LENGTH 12

/* GTDT (ACPI 6.5 §5.2.25, Table 5.123): the non-secure EL1 and virtual EL1 timers' GSIVs. */
#define GTDT_NONSECURE_EL1_GSIV 56
#define GTDT_VIRTUAL_EL1_GSIV 64

/* FADT (ACPI 6.5 §5.2.9, Table 5.9) ARM_BOOT_ARCH, flags in Table 5.13. */
#define FADT_ARM_BOOT_ARCH 129
#define FADT_PSCI_COMPLIANT (1u << 0)
#define FADT_PSCI_USE_HVC (1u << 1)

/* The MADT's GIC structures as arm64_madt_parse() (madt.c) reads them. */
struct arm64_madt {
	phys_addr_t gicd;			/* the first GICD's base */
	unsigned int declared_version;		/* its GIC version field (0: not given) */
	phys_addr_t gicc;			/* the boot CPU's GICC base (GICv2 CPU interface) */
	struct mmio_range gicr[ARM64_MAX_GICR]; /* redistributor regions, in table order */
	unsigned int nr_gicr;
	bool gicr_per_cpu;	/* from the GICCs' GICR Base Address: one redistributor each */
	u64 cpus[SMP_MAX_CPUS]; /* MPIDR affinity of each GICC to start, in table order */
	unsigned int nr_cpus;
	unsigned int skipped_disabled, skipped_duplicate, skipped_invalid; /* GICCs left out */
};

/*
 * Reads the MADT of len bytes at table; boot_mpidr picks the GICC whose
 * CPU interface is this CPU's. Only whole structures inside len are read.
 */
void arm64_madt_parse(const void *table, size_t len, u64 boot_mpidr, struct arm64_madt *m);

/* What the tables said, as they said it, for the self-tests. */
struct arm64_acpi_facts {
	unsigned int spcr_type;		/* SPCR interface type */
	unsigned int madt_gic_version;	/* GICD structure's version field */
	unsigned int madt_skipped_cpus; /* GICCs not started: disabled, duplicate, bad MPIDR */
};
extern struct arm64_acpi_facts arm64_acpi_facts;

#endif

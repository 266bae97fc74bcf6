/* SPDX-License-Identifier: MIT */
/*
 * ACPI tables: found from the RSDP the boot loader or firmware handed over
 * (struct boot_info.acpi_rsdp), read in place. Layouts are from the ACPI
 * specification 6.5, chapter 5.2. Generic: the arch code asks for the tables
 * it needs (MADT, FADT, SPCR, GTDT, ...) by signature and reads its own
 * fields.
 */
#ifndef KERNEL_ACPI_H
#define KERNEL_ACPI_H

#include <kernel/boot.h>
#include <kernel/types.h>

/* Root System Description Pointer, ACPI 6.5 §5.2.5.3 (revision 2: 36 bytes). */
struct acpi_rsdp {
	char signature[8]; /* "RSD PTR " */
	u8 checksum;	   /* of the first 20 bytes */
	char oem_id[6];
	u8 revision; /* 0: ACPI 1.0 (20 bytes, RSDT only); 2: ACPI 2.0+ */
	u32 rsdt_address;
	u32 length; /* revision >= 2 */
	u64 xsdt_address;
	u8 extended_checksum; /* of all length bytes */
	u8 reserved[3];
} __attribute__((packed));

/* System Description Table header, ACPI 6.5 §5.2.6. */
struct acpi_table_header {
	char signature[4];
	u32 length; /* of the whole table, header included */
	u8 revision;
	u8 checksum; /* all length bytes sum to 0 */
	char oem_id[6];
	char oem_table_id[8];
	u32 oem_revision;
	u32 creator_id;
	u32 creator_revision;
} __attribute__((packed));

/* Generic Address Structure, ACPI 6.5 §5.2.3.2. */
struct acpi_gas {
	u8 space_id; /* ACPI_GAS_* */
	u8 bit_width;
	u8 bit_offset;
	u8 access_size; /* 0 undefined, 1 byte, 2 word, 3 dword, 4 qword */
	u64 address;
} __attribute__((packed));

#define ACPI_GAS_MEMORY 0
#define ACPI_GAS_IO 1

/* Sums len bytes: valid ACPI structures sum to 0 (ACPI 6.5 §5.2.5.3, §5.2.6). */
u8 acpi_checksum(const void *p, size_t len);

/*
 * Validates the RSDP copy in info and the root table it points to (XSDT when
 * the revision has one, else RSDT), mapping them read-only. Returns 0, or
 * -ENOENT without an RSDP, -EINVAL for a bad checksum or signature. Call
 * after arch_mm_init().
 */
int acpi_init(const struct boot_info *info);

/* True once acpi_init() found valid tables. */
bool acpi_available(void);

/*
 * The n-th (from 0) table whose signature is sig ("APIC", "FACP", "SPCR",
 * ...), mapped and checksum-verified, or NULL.
 */
const struct acpi_table_header *acpi_find_table(const char sig[4], unsigned int n);

/*
 * Maps [phys, phys + len) read-only at its direct-map address where it is
 * not already mapped (ACPI tables live outside usable RAM). Returns the
 * address, or NULL when out of memory for page tables.
 */
const void *acpi_map(phys_addr_t phys, size_t len);

#endif

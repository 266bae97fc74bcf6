// SPDX-License-Identifier: MIT
/*
 * Finding ACPI tables (ACPI 6.5 §5.2): the RSDP names a root table, the
 * XSDT (64-bit entries) or, for ACPI 1.0 firmware, the RSDT (32-bit
 * entries); each entry is the physical address of one description table.
 * Tables are read where the firmware left them, mapped read-only.
 */
#include <kernel/acpi.h>
#include <kernel/kmem.h>
#include <kernel/printk.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define RSDP_V1_LEN 20 /* the part ACPI 1.0 defined, covered by .checksum */

/* Offsets of ACPI 6.5 table 5.9: a mistake here reads the wrong registers. */
_Static_assert(__builtin_offsetof(struct acpi_fadt, flags) == 112, "FADT flags");
_Static_assert(__builtin_offsetof(struct acpi_fadt, reset_reg) == 116, "FADT RESET_REG");
_Static_assert(__builtin_offsetof(struct acpi_fadt, x_dsdt) == 140, "FADT X_DSDT");
_Static_assert(__builtin_offsetof(struct acpi_fadt, x_pm_tmr_blk) == 208, "FADT X_PM_TMR_BLK");
_Static_assert(__builtin_offsetof(struct acpi_fadt, sleep_control_reg) == 244,
	       "FADT SLEEP_CONTROL_REG");
_Static_assert(sizeof(struct acpi_fadt) == 276, "FADT size");

static const struct acpi_table_header *root; /* XSDT or RSDT */
static unsigned int entry_size;		     /* 8 (XSDT) or 4 (RSDT) */

u8 acpi_checksum(const void *p, size_t len)
{
	const u8 *b = p;
	u8 sum = 0;

	while (len--)
		sum += *b++;
	return sum;
}

const void *acpi_map(phys_addr_t phys, size_t len)
{
	return phys_map(phys, len, KPROT_READ);
}

/* Maps a table: its header first, then as many bytes as the header says. */
static const struct acpi_table_header *map_table(phys_addr_t phys)
{
	const struct acpi_table_header *h = acpi_map(phys, sizeof(*h));

	if (!h || h->length < sizeof(*h))
		return NULL;
	if (!acpi_map(phys, h->length))
		return NULL;
	return h;
}

static bool table_valid(const struct acpi_table_header *h, const char sig[4])
{
	return h && memcmp(h->signature, sig, 4) == 0 && acpi_checksum(h, h->length) == 0;
}

int acpi_init(const struct boot_info *info)
{
	struct acpi_rsdp rsdp;
	phys_addr_t root_phys;
	const char *sig;

	root = NULL;
	if (info->acpi_rsdp_len < RSDP_V1_LEN)
		return -ENOENT;
	memset(&rsdp, 0, sizeof(rsdp));
	memcpy(&rsdp, info->acpi_rsdp,
	       info->acpi_rsdp_len < sizeof(rsdp) ? info->acpi_rsdp_len : sizeof(rsdp));
	if (memcmp(rsdp.signature, "RSD PTR ", 8) || acpi_checksum(&rsdp, RSDP_V1_LEN)) {
		pr_warn("acpi: the RSDP's signature or checksum is wrong; ACPI ignored\n");
		return -EINVAL;
	}
	if (rsdp.revision >= 2 && info->acpi_rsdp_len >= sizeof(rsdp) && rsdp.xsdt_address &&
	    acpi_checksum(&rsdp, sizeof(rsdp)) == 0) {
		root_phys = rsdp.xsdt_address;
		entry_size = 8;
		sig = "XSDT";
	} else {
		root_phys = rsdp.rsdt_address;
		entry_size = 4;
		sig = "RSDT";
	}
	root = map_table(root_phys);
	if (!table_valid(root, sig)) {
		pr_warn("acpi: the %.4s at %#lx is not valid; ACPI ignored\n", sig,
			(unsigned long)root_phys);
		root = NULL;
		return -EINVAL;
	}
	pr_info("acpi: %.4s at %#lx, revision %u, OEM %.6s, %u tables\n", sig,
		(unsigned long)root_phys, rsdp.revision, rsdp.oem_id,
		(unsigned int)((root->length - sizeof(*root)) / entry_size));
	return 0;
}

bool acpi_available(void)
{
	return root != NULL;
}

const struct acpi_table_header *acpi_find_table(const char sig[4], unsigned int n)
{
	const u8 *entries;
	size_t count;

	if (!root)
		return NULL;
	entries = (const u8 *)(root + 1);
	count = (root->length - sizeof(*root)) / entry_size;
	for (size_t i = 0; i < count; i++) {
		u64 phys = 0;
		const struct acpi_table_header *h;

		/* Entries are not naturally aligned in the XSDT (header is 36 bytes). */
		memcpy(&phys, entries + i * entry_size, entry_size);
		h = map_table(phys);
		if (!h || memcmp(h->signature, sig, 4))
			continue;
		if (acpi_checksum(h, h->length)) {
			pr_warn("acpi: %.4s at %#lx has a bad checksum; skipped\n", sig,
				(unsigned long)phys);
			continue;
		}
		if (n-- == 0)
			return h;
	}
	return NULL;
}

const struct acpi_table_header *acpi_table_at(phys_addr_t phys, const char sig[4])
{
	const struct acpi_table_header *h;

	if (!phys)
		return NULL;
	h = map_table(phys);
	return table_valid(h, sig) ? h : NULL;
}

bool acpi_fadt(struct acpi_fadt *fadt)
{
	const struct acpi_table_header *h = acpi_find_table("FACP", 0);

	memset(fadt, 0, sizeof(*fadt));
	if (!h)
		return false;
	memcpy(fadt, h, h->length < sizeof(*fadt) ? h->length : sizeof(*fadt));
	return true;
}

// SPDX-License-Identifier: MIT
/*
 * A GPT disk image checked the way strict UEFI firmware reads it. The rules,
 * by section of UEFI 2.10:
 *
 * - §5.2.3, table 5-4 (protective MBR): signature 0xaa55; one partition
 *   record of type 0xEE starting at LBA 1 and covering the disk (or
 *   0xffffffff sectors), its BootIndicator 0x00 -- older edk2-based
 *   firmware treats a disk whose 0xEE record is marked active as an MBR
 *   disk and never reads its GPT --, the other three records zero.
 * - §5.3.2 (GPT header): "EFI PART", revision 1.0, a header size from 92 to
 *   a sector, the header's CRC32 (taken with its own field zero), the
 *   reserved word zero, MyLBA/AlternateLBA pointing at each other, the
 *   primary at LBA 1 and the backup at the disk's last LBA, usable LBAs
 *   within the disk and clear of both headers and entry arrays, entries of
 *   128 * 2^n bytes, and the CRC32 of the partition entry array.
 * - §5.3.3: each used entry inside the usable LBAs, start <= end, no two
 *   overlapping; one of them the EFI system partition (type
 *   C12A7328-F81F-11D2-BA4B-00A0C93EC93B).
 * - The backup header describes the same partitions: its entry array has
 *   the same bytes and CRC.
 */
#include "gpt_verify.h"

#include <stdbool.h>
#include <string.h>

#define MBR_RECORDS 446
#define MBR_RECORD_SIZE 16
#define MBR_TYPE_PROTECTIVE 0xee
#define GPT_HEADER_MIN 92
#define GPT_REVISION 0x00010000u

/* The ESP's type GUID as stored: the first three fields little-endian (UEFI 2.10 appendix A). */
static const uint8_t esp_type[16] = { 0x28, 0x73, 0x2a, 0xc1, 0x1f, 0xf8, 0xd2, 0x11,
				      0xba, 0x4b, 0x00, 0xa0, 0xc9, 0x3e, 0xc9, 0x3b };

uint32_t gpt_crc32(const void *buf, size_t len)
{
	const uint8_t *p = buf;
	uint32_t crc = 0xffffffffu;

	while (len--) {
		crc ^= *p++;
		for (int i = 0; i < 8; i++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

static bool all_zero(const uint8_t *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
}

static const char *check_mbr(const uint8_t *mbr, uint64_t sectors)
{
	const uint8_t *r = mbr + MBR_RECORDS;
	uint64_t want_size = sectors - 1 > 0xffffffffu ? 0xffffffffu : sectors - 1;

	if (mbr[510] != 0x55 || mbr[511] != 0xaa)
		return "the MBR has no 0xaa55 signature";
	if (r[4] != MBR_TYPE_PROTECTIVE)
		return "the MBR's first partition record is not of type 0xEE (protective)";
	if (r[0] != 0)
		return "the protective MBR record is marked bootable (BootIndicator must be 0x00)";
	if (le32(r + 8) != 1)
		return "the protective MBR record does not start at LBA 1";
	if (le32(r + 12) != want_size)
		return "the protective MBR record does not cover the disk";
	if (!all_zero(r + MBR_RECORD_SIZE, 3 * MBR_RECORD_SIZE))
		return "the MBR has partition records besides the protective one";
	return NULL;
}

struct gpt_header {
	uint64_t my_lba, alternate_lba, first_usable, last_usable, entries_lba;
	uint32_t nr_entries, entry_size, entries_crc;
	const uint8_t *entries;
};

/* One header at lba, with its entry array; *h filled when it is valid. */
static const char *check_header(const uint8_t *img, uint64_t sectors, uint64_t lba,
				struct gpt_header *h)
{
	const uint8_t *p = img + lba * GPT_SECTOR;
	uint8_t copy[GPT_SECTOR];
	uint32_t size = le32(p + 12);
	uint64_t array_bytes, array_sectors;

	if (memcmp(p, "EFI PART", 8) != 0)
		return "no GPT header signature";
	if (le32(p + 8) != GPT_REVISION)
		return "the GPT header's revision is not 1.0";
	if (size < GPT_HEADER_MIN || size > GPT_SECTOR)
		return "the GPT header's size is out of range";
	memcpy(copy, p, size);
	memset(copy + 16, 0, 4);
	if (gpt_crc32(copy, size) != le32(p + 16))
		return "the GPT header's CRC32 is wrong";
	if (le32(p + 20) != 0)
		return "the GPT header's reserved field is not zero";
	*h = (struct gpt_header){
		.my_lba = le64(p + 24),
		.alternate_lba = le64(p + 32),
		.first_usable = le64(p + 40),
		.last_usable = le64(p + 48),
		.entries_lba = le64(p + 72),
		.nr_entries = le32(p + 80),
		.entry_size = le32(p + 84),
		.entries_crc = le32(p + 88),
	};
	if (h->my_lba != lba)
		return "the GPT header's MyLBA is not where it lies";
	if (h->entry_size < 128 || (h->entry_size & (h->entry_size - 1)))
		return "the GPT's partition entry size is not 128 * 2^n";
	array_bytes = (uint64_t)h->nr_entries * h->entry_size;
	array_sectors = (array_bytes + GPT_SECTOR - 1) / GPT_SECTOR;
	if (h->entries_lba < 2 || h->entries_lba + array_sectors > sectors)
		return "the GPT's partition entry array lies outside the disk";
	if (h->first_usable > h->last_usable || h->last_usable >= sectors - 1)
		return "the GPT's usable LBAs lie outside the disk";
	h->entries = img + h->entries_lba * GPT_SECTOR;
	if (gpt_crc32(h->entries, array_bytes) != h->entries_crc)
		return "the GPT's partition entry array CRC32 is wrong";
	return NULL;
}

static const char *check_entries(const struct gpt_header *h)
{
	bool esp = false;

	for (uint32_t i = 0; i < h->nr_entries; i++) {
		const uint8_t *e = h->entries + (size_t)i * h->entry_size;
		uint64_t start = le64(e + 32), end = le64(e + 40);

		if (all_zero(e, 16))
			continue; /* unused */
		if (start > end || start < h->first_usable || end > h->last_usable)
			return "a partition lies outside the usable LBAs";
		for (uint32_t j = 0; j < i; j++) {
			const uint8_t *o = h->entries + (size_t)j * h->entry_size;

			if (!all_zero(o, 16) && start <= le64(o + 40) && le64(o + 32) <= end)
				return "two partitions overlap";
		}
		esp |= memcmp(e, esp_type, sizeof(esp_type)) == 0;
	}
	return esp ? NULL : "no EFI system partition (type C12A7328-F81F-11D2-BA4B-00A0C93EC93B)";
}

const char *gpt_verify(const uint8_t *img, size_t size)
{
	struct gpt_header primary, backup;
	uint64_t sectors = size / GPT_SECTOR, last;
	uint64_t array_sectors;
	const char *why;

	if (size % GPT_SECTOR || sectors < 68)
		return "the image is not a whole number of sectors, or too small for a GPT";
	last = sectors - 1;
	why = check_mbr(img, sectors);
	if (why)
		return why;
	why = check_header(img, sectors, 1, &primary);
	if (why)
		return why;
	if (primary.alternate_lba != last)
		return "the primary GPT header's AlternateLBA is not the disk's last LBA";
	array_sectors =
		((uint64_t)primary.nr_entries * primary.entry_size + GPT_SECTOR - 1) / GPT_SECTOR;
	if (primary.first_usable < primary.entries_lba + array_sectors)
		return "the usable LBAs overlap the primary partition entry array";
	if (memcmp(img + last * GPT_SECTOR, "EFI PART", 8) != 0)
		return "no backup GPT header at the disk's last LBA";
	why = check_header(img, sectors, last, &backup);
	if (why)
		return why;
	if (backup.alternate_lba != 1)
		return "the backup GPT header's AlternateLBA is not 1";
	if (backup.entries_lba <= primary.last_usable || backup.entries_lba + array_sectors > last)
		return "the backup partition entry array is not between the usable LBAs and the "
		       "backup header";
	if (backup.first_usable != primary.first_usable ||
	    backup.last_usable != primary.last_usable || backup.nr_entries != primary.nr_entries ||
	    backup.entry_size != primary.entry_size || backup.entries_crc != primary.entries_crc ||
	    memcmp(backup.entries, primary.entries,
		   (size_t)primary.nr_entries * primary.entry_size) != 0 ||
	    memcmp(img + GPT_SECTOR + 56, img + last * GPT_SECTOR + 56, 16) != 0)
		return "the backup GPT does not describe the same disk as the primary";
	return check_entries(&primary);
}

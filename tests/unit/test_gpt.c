// SPDX-License-Identifier: MIT
/*
 * The strict GPT check (scripts/gpt_verify.c) on a small disk built here
 * byte by byte as UEFI 2.10 §5.2.3 and §5.3 lay it out: it must pass, and
 * each broken rule -- the protective record marked active (what
 * scripts/mkusb used to write), a header or entry-array CRC, the
 * backup header not at the last LBA, no EFI system partition -- must give
 * its own sentence. The CRC itself is checked against the standard check
 * value of CRC-32 ("123456789" -> 0xcbf43926).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../scripts/gpt_verify.h"

#define SECTORS 2048 /* a 1 MiB disk */
#define ENTRIES 128
#define ENTRY_SIZE 128
#define ARRAY_SECTORS (ENTRIES * ENTRY_SIZE / GPT_SECTOR)
#define LAST (SECTORS - 1)

static const uint8_t esp_type[16] = { 0x28, 0x73, 0x2a, 0xc1, 0x1f, 0xf8, 0xd2, 0x11,
				      0xba, 0x4b, 0x00, 0xa0, 0xc9, 0x3e, 0xc9, 0x3b };
/* GRUB's BIOS boot partition, 21686148-6449-6E6F-744E-656564454649. */
static const uint8_t bios_boot_type[16] = { 0x48, 0x61, 0x68, 0x21, 0x49, 0x64, 0x6f, 0x6e,
					    0x74, 0x4e, 0x65, 0x65, 0x64, 0x45, 0x46, 0x49 };

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

static uint8_t *sector(uint8_t *img, uint64_t lba)
{
	return img + lba * GPT_SECTOR;
}

static void seal_header(uint8_t *img, uint64_t lba)
{
	uint8_t *h = sector(img, lba);

	put32(h + 16, 0);
	put32(h + 16, gpt_crc32(h, 92));
}

static void write_header(uint8_t *img, uint64_t lba, uint64_t alternate, uint64_t entries_lba)
{
	uint8_t *h = sector(img, lba);

	memcpy(h, "EFI PART", 8);
	put32(h + 8, 0x00010000);
	put32(h + 12, 92);
	put64(h + 24, lba);
	put64(h + 32, alternate);
	put64(h + 40, 2 + ARRAY_SECTORS);
	put64(h + 48, LAST - ARRAY_SECTORS - 1);
	memset(h + 56, 0x5a, 16); /* the disk GUID */
	put64(h + 72, entries_lba);
	put32(h + 80, ENTRIES);
	put32(h + 84, ENTRY_SIZE);
	put32(h + 88, gpt_crc32(sector(img, entries_lba), ENTRIES * ENTRY_SIZE));
	seal_header(img, lba);
}

/* Both copies of the entry array from the primary's, then both headers. */
static void seal(uint8_t *img)
{
	memcpy(sector(img, LAST - ARRAY_SECTORS), sector(img, 2), ENTRIES * ENTRY_SIZE);
	write_header(img, 1, LAST, 2);
	write_header(img, LAST, 1, LAST - ARRAY_SECTORS);
}

/* A good disk: protective MBR, a BIOS boot partition and an ESP. */
static uint8_t *make_disk(void)
{
	uint8_t *img = calloc(SECTORS, GPT_SECTOR);
	uint8_t *r = img + 446, *e = sector(img, 2);

	assert_non_null(img);
	r[0] = 0x00;
	r[4] = 0xee;
	put32(r + 8, 1);
	put32(r + 12, SECTORS - 1);
	img[510] = 0x55;
	img[511] = 0xaa;
	memcpy(e, bios_boot_type, 16);
	memset(e + 16, 1, 16);
	put64(e + 32, 64);
	put64(e + 40, 127);
	memcpy(e + ENTRY_SIZE, esp_type, 16);
	memset(e + ENTRY_SIZE + 16, 2, 16);
	put64(e + ENTRY_SIZE + 32, 128);
	put64(e + ENTRY_SIZE + 40, 1900);
	seal(img);
	return img;
}

static void test_crc32_check_value(void **state)
{
	(void)state;
	assert_int_equal(gpt_crc32("123456789", 9), 0xcbf43926);
}

static void test_good_disk_passes(void **state)
{
	uint8_t *img = make_disk();

	(void)state;
	assert_null(gpt_verify(img, SECTORS * GPT_SECTOR));
	free(img);
}

static void expect(uint8_t *img, const char *why)
{
	const char *got = gpt_verify(img, SECTORS * GPT_SECTOR);

	assert_non_null(got);
	assert_string_equal(got, why);
	free(img);
}

static void test_active_protective_record_fails(void **state)
{
	uint8_t *img = make_disk();

	(void)state;
	img[446] = 0x80;
	expect(img, "the protective MBR record is marked bootable (BootIndicator must be 0x00)");
}

static void test_protective_record_type_and_extent(void **state)
{
	uint8_t *img = make_disk();

	(void)state;
	img[446 + 4] = 0x07;
	expect(img, "the MBR's first partition record is not of type 0xEE (protective)");
	img = make_disk();
	put32(img + 446 + 12, SECTORS - 2);
	expect(img, "the protective MBR record does not cover the disk");
	img = make_disk();
	img[446 + 16 + 4] = 0x0c;
	expect(img, "the MBR has partition records besides the protective one");
}

static void test_header_crc_fails(void **state)
{
	uint8_t *img = make_disk();

	(void)state;
	sector(img, 1)[48] ^= 1; /* LastUsableLBA, CRC not redone */
	expect(img, "the GPT header's CRC32 is wrong");
	img = make_disk();
	sector(img, LAST)[40] ^= 1;
	expect(img, "the GPT header's CRC32 is wrong");
}

static void test_entry_array_crc_fails(void **state)
{
	uint8_t *img = make_disk();

	(void)state;
	sector(img, 2)[ENTRY_SIZE + 56] = 'X'; /* the ESP's name, CRC not redone */
	expect(img, "the GPT's partition entry array CRC32 is wrong");
}

static void test_backup_must_be_at_last_lba(void **state)
{
	uint8_t *img = make_disk();

	(void)state;
	/* The backup one sector early, as a disk image grown after partitioning. */
	memcpy(sector(img, LAST - 1), sector(img, LAST), GPT_SECTOR);
	memset(sector(img, LAST), 0, GPT_SECTOR);
	put64(sector(img, 1) + 32, LAST - 1);
	seal_header(img, 1);
	expect(img, "the primary GPT header's AlternateLBA is not the disk's last LBA");
	img = make_disk();
	memset(sector(img, LAST), 0, GPT_SECTOR);
	expect(img, "no backup GPT header at the disk's last LBA");
}

static void test_backup_must_match_primary(void **state)
{
	uint8_t *img = make_disk();

	(void)state;
	put64(sector(img, LAST - ARRAY_SECTORS) + 40, 1800); /* the backup ESP shorter */
	write_header(img, LAST, 1, LAST - ARRAY_SECTORS);
	expect(img, "the backup GPT does not describe the same disk as the primary");
}

static void test_esp_required_and_partitions_sane(void **state)
{
	uint8_t *img = make_disk();

	(void)state;
	memcpy(sector(img, 2) + ENTRY_SIZE, bios_boot_type, 16);
	seal(img);
	expect(img, "no EFI system partition (type C12A7328-F81F-11D2-BA4B-00A0C93EC93B)");
	img = make_disk();
	put64(sector(img, 2) + ENTRY_SIZE + 32, 100); /* the ESP over the BIOS boot partition */
	seal(img);
	expect(img, "two partitions overlap");
	img = make_disk();
	put64(sector(img, 2) + ENTRY_SIZE + 40, LAST - 1); /* into the backup entry array */
	seal(img);
	expect(img, "a partition lies outside the usable LBAs");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc32_check_value),
		cmocka_unit_test(test_good_disk_passes),
		cmocka_unit_test(test_active_protective_record_fails),
		cmocka_unit_test(test_protective_record_type_and_extent),
		cmocka_unit_test(test_header_crc_fails),
		cmocka_unit_test(test_entry_array_crc_fails),
		cmocka_unit_test(test_backup_must_be_at_last_lba),
		cmocka_unit_test(test_backup_must_match_primary),
		cmocka_unit_test(test_esp_required_and_partitions_sane),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

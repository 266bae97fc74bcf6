/* SPDX-License-Identifier: MIT */
/*
 * A strict check of a GPT disk image as UEFI firmware reads it (UEFI 2.10
 * §5.2.3, §5.3): scripts/gpt_verify.c, used by scripts/gptcheck.c (make test)
 * and the host unit test tests/unit/test_gpt.c.
 */
#ifndef GPT_VERIFY_H
#define GPT_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#define GPT_SECTOR 512

/* The CRC-32 of UEFI 2.10 §5.3.2 (ISO 3309, reflected, as zlib's crc32()). */
uint32_t gpt_crc32(const void *buf, size_t len);

/*
 * Checks the disk image img of size bytes (512-byte sectors). Returns NULL
 * when it is a GPT disk UEFI firmware must accept, with an EFI system
 * partition; otherwise the first rule it breaks, as a sentence.
 */
const char *gpt_verify(const uint8_t *img, size_t size);

#endif

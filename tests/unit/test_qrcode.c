// SPDX-License-Identifier: MIT
/*
 * The QR encoder (kernel/verdict/qrcode.c) read back by a real decoder: each symbol
 * is written as a PGM picture with the quiet zone, 4 pixels a module, black
 * on white, as the verdict screen draws it, and Debian's zbarimg
 * (zbar-tools) must give back exactly the bytes encoded. Every version
 * 1-40 is made at its full level-L capacity, and once more just past the
 * previous version's, where the level is raised as far as it fits (M, Q
 * or H): so every row of table 9 the encoder uses is read by the decoder.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <kernel/qrcode.h>

#define PX 4

#define BATCH 96

static struct qr_code qr;
static char text[QR_CODEWORDS_MAX + 1];

/* The symbols written so far, decoded all at once: zbarimg takes ~0.3 s to start. */
static struct {
	char path[32];
	char *want;
	unsigned int version;
	enum qr_ecl ecl;
} batch[BATCH];
static unsigned int batched;

/* Printable ASCII that varies, so no two versions see the same stream. */
static void fill(size_t len, unsigned int seed)
{
	for (size_t i = 0; i < len; i++)
		text[i] = (char)(' ' + 1 + (i * 7 + seed * 13 + i / 5) % 94);
	text[len] = '\0';
}

static void write_pgm(const char *path)
{
	unsigned int side = (qr.size + 2 * QR_QUIET_ZONE) * PX;
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	fprintf(f, "P5\n%u %u\n255\n", side, side);
	for (unsigned int py = 0; py < side; py++) {
		for (unsigned int px = 0; px < side; px++) {
			int x = (int)(px / PX) - QR_QUIET_ZONE, y = (int)(py / PX) - QR_QUIET_ZONE;
			bool dark = x >= 0 && y >= 0 &&
				    qr_is_dark(&qr, (unsigned int)x, (unsigned int)y);

			fputc(dark ? 0 : 255, f);
		}
	}
	fclose(f);
}

/* Encodes len bytes, checks the version and level chosen, and queues the picture. */
static void encode(size_t len, unsigned int max_version, unsigned int want_version,
		   enum qr_ecl want_ecl)
{
	int fd;

	assert_true(batched < BATCH);
	strcpy(batch[batched].path, "/tmp/umbra-qr-XXXXXX.pgm");
	fd = mkstemps(batch[batched].path, 4);
	assert_true(fd >= 0);
	close(fd);
	fill(len, want_version);
	assert_int_equal(qr_encode(&qr, (const unsigned char *)text, len, max_version), 0);
	assert_int_equal(qr.version, want_version);
	assert_int_equal(qr.size, 17 + 4 * want_version);
	assert_int_equal(qr.ecl, want_ecl);
	assert_true(qr.mask < 8);
	write_pgm(batch[batched].path);
	batch[batched].want = strdup(text);
	batch[batched].version = want_version;
	batch[batched].ecl = want_ecl;
	batched++;
}

/* One zbarimg for the queued pictures: one line of text per symbol, in order. */
static void decode_batch(void)
{
	static char line[QR_CODEWORDS_MAX + 64];
	char *cmd = malloc(64 + BATCH * 32);
	unsigned int i = 0;
	FILE *p;

	assert_non_null(cmd);
	strcpy(cmd, "zbarimg --quiet --raw -Sdisable -Sqrcode.enable");
	for (unsigned int k = 0; k < batched; k++) {
		strcat(cmd, " ");
		strcat(cmd, batch[k].path);
	}
	strcat(cmd, " 2>/dev/null");
	p = popen(cmd, "r");
	assert_non_null(p);
	while (i < batched && fgets(line, sizeof(line), p)) {
		line[strcspn(line, "\n")] = '\0';
		if (strcmp(line, batch[i].want) != 0)
			fail_msg("version %u level %d, %zu bytes: zbarimg read '%.60s' (%s)",
				 batch[i].version, (int)batch[i].ecl, strlen(batch[i].want), line,
				 batch[i].path);
		i++;
	}
	pclose(p);
	free(cmd);
	if (i != batched)
		fail_msg("zbarimg read %u of %u symbols (is zbar-tools installed?)", i, batched);
	for (unsigned int k = 0; k < batched; k++) {
		unlink(batch[k].path);
		free(batch[k].want);
	}
	batched = 0;
}

/* Table 7's byte-mode capacities of a few versions (the standard's own numbers). */
static void capacities_are_the_standards(void **state)
{
	(void)state;
	assert_int_equal(qr_capacity(1, QR_ECL_L), 17);
	assert_int_equal(qr_capacity(1, QR_ECL_H), 7);
	assert_int_equal(qr_capacity(2, QR_ECL_M), 26);
	assert_int_equal(qr_capacity(7, QR_ECL_Q), 86);
	assert_int_equal(qr_capacity(10, QR_ECL_L), 271);
	assert_int_equal(qr_capacity(21, QR_ECL_L), 929);
	assert_int_equal(qr_capacity(40, QR_ECL_L), 2953);
	assert_int_equal(qr_capacity(40, QR_ECL_H), 1273);
	assert_int_equal(qr_capacity(0, QR_ECL_L), 0);
	assert_int_equal(qr_capacity(41, QR_ECL_L), 0);
}

static enum qr_ecl best_level(unsigned int v, size_t len)
{
	enum qr_ecl e = QR_ECL_L;

	while (e < QR_ECL_H && qr_capacity(v, e + 1) >= len)
		e++;
	return e;
}

static void every_version_full_at_level_l(void **state)
{
	(void)state;
	for (unsigned int v = 1; v <= QR_VERSION_MAX; v++) {
		size_t len = qr_capacity(v, QR_ECL_L);

		encode(len, QR_VERSION_MAX, v, best_level(v, len));
	}
	decode_batch();
}

static void every_version_with_the_highest_level_that_fits(void **state)
{
	(void)state;
	for (unsigned int v = 2; v <= QR_VERSION_MAX; v++) {
		size_t len = qr_capacity(v - 1, QR_ECL_L) + 1;

		encode(len, QR_VERSION_MAX, v, best_level(v, len));
	}
	encode(1, 1, 1, QR_ECL_H);
	decode_batch();
}

static void too_long_for_the_limit_is_refused(void **state)
{
	(void)state;
	fill(qr_capacity(5, QR_ECL_L) + 1, 0);
	assert_int_equal(qr_encode(&qr, (const unsigned char *)text, strlen(text), 5), -1);
	assert_int_equal(qr_encode(&qr, (const unsigned char *)text, 2954, 40), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(capacities_are_the_standards),
		cmocka_unit_test(every_version_full_at_level_l),
		cmocka_unit_test(every_version_with_the_highest_level_that_fits),
		cmocka_unit_test(too_long_for_the_limit_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

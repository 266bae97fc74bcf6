// SPDX-License-Identifier: MIT
/*
 * screentext SCREEN.ppm: the text on a screenshot of Umbra's screen console,
 * read exactly. The console draws every character from one 8x16 font
 * (include/kernel/font.h, made from GRUB's Unifont), each font pixel a
 * square of s x s screen pixels on a grid of 8s x 16s cells from the
 * top-left corner (kernel/console/fbcon.c). This program is linked with the same
 * generated font, cuts the screenshot into cells and matches each against
 * every glyph bit for bit: no OCR, no guessing, so the runner can compare
 * the screen's verdict block with the console's line for line
 * (tests/boot/screen).
 *
 * A pixel is ink when any channel is above a quarter of the maximum (the
 * console's darkest text colour is 0x00c000). It tries scale s = 1, 2, 3
 * and prints the lines of the first that reads a cell row as a line
 * containing "Umbra verdict:", trailing blanks removed; '?' marks a cell
 * that matches no glyph. Exit status 1 when no scale reads such a line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kernel/font.h>

static unsigned char *pix; /* RGB, 3 bytes per pixel */
static unsigned int width, height, maxval;

static int read_ppm(const char *path)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return -1;
	if (fscanf(f, "P6 %u %u %u", &width, &height, &maxval) != 3 || maxval == 0 ||
	    maxval > 255 || fgetc(f) == EOF) {
		fclose(f);
		return -1;
	}
	n = (size_t)width * height * 3;
	pix = malloc(n);
	if (!pix || fread(pix, 1, n, f) != n) {
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}

static int ink(unsigned int x, unsigned int y)
{
	const unsigned char *p = pix + ((size_t)y * width + x) * 3;

	return p[0] > maxval / 4 || p[1] > maxval / 4 || p[2] > maxval / 4;
}

/* The cell at (col, row) with font pixels s wide: its character, ' ' or '?'. */
static char read_cell(unsigned int col, unsigned int row, unsigned int s)
{
	unsigned char rows[FONT_H];
	int blank = 1;

	for (unsigned int gy = 0; gy < FONT_H; gy++) {
		rows[gy] = 0;
		for (unsigned int gx = 0; gx < FONT_W; gx++) {
			/* The middle of the font pixel's square, away from its edges. */
			unsigned int x = (col * FONT_W + gx) * s + s / 2;
			unsigned int y = (row * FONT_H + gy) * s + s / 2;

			if (ink(x, y))
				rows[gy] |= (unsigned char)(0x80 >> gx);
		}
		if (rows[gy])
			blank = 0;
	}
	if (blank)
		return ' ';
	for (int c = FONT_FIRST; c <= FONT_LAST; c++)
		if (!memcmp(rows, font_8x16[c - FONT_FIRST], FONT_H))
			return (char)c;
	return '?';
}

static int read_screen(unsigned int s, int print)
{
	unsigned int cols = width / (FONT_W * s), rows = height / (FONT_H * s);
	char *line = malloc(cols + 1);
	int found = 0;

	if (!line)
		return 0;
	for (unsigned int r = 0; r < rows; r++) {
		unsigned int n = 0;

		for (unsigned int c = 0; c < cols; c++)
			line[n++] = read_cell(c, r, s);
		while (n && line[n - 1] == ' ')
			n--;
		line[n] = '\0';
		if (strstr(line, "Umbra verdict:"))
			found = 1;
		if (print)
			printf("%s\n", line);
	}
	free(line);
	return found;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: screentext SCREEN.ppm\n");
		return 2;
	}
	if (read_ppm(argv[1])) {
		fprintf(stderr, "screentext: %s is not a binary PPM (P6) image\n", argv[1]);
		return 2;
	}
	for (unsigned int s = 1; s <= 3; s++) {
		if (read_screen(s, 0)) {
			read_screen(s, 1);
			return 0;
		}
	}
	return 1;
}

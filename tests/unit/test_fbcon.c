// SPDX-License-Identifier: MIT
/*
 * The framebuffer console's drawing (kernel/console/fbcon.c) on memory: glyph
 * pixels in the screen's own pixel format (32 and 16 bits per pixel, with
 * the channel positions the firmware reports), cells and the cursor,
 * wrapping, the jump scroll, text mode's character/attribute cells and the
 * big letters, and refusal of formats it cannot draw. The font here is a
 * stand-in: every glyph's row y is the byte y + 1 for 'A', else 0.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <kernel/fbcon.h>
#include <kernel/font.h>

const unsigned char font_8x16[FONT_LAST - FONT_FIRST + 1][FONT_H] = {
	['A' - FONT_FIRST] = { 0x80, 0x01, 0xff, 0x00, 0x18, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x81 },
};

static struct fbcon con;

/* 32 bpp, x8r8g8b8 as GOP's PixelBlueGreenRedReserved8BitPerColor gives. */
static struct boot_framebuffer rgb32(unsigned int w, unsigned int h)
{
	return (struct boot_framebuffer){ .base = 0x1000,
					  .type = BOOT_FB_RGB,
					  .width = w,
					  .height = h,
					  .pitch = w * 4,
					  .bpp = 32,
					  .red_shift = 16,
					  .red_bits = 8,
					  .green_shift = 8,
					  .green_bits = 8,
					  .blue_shift = 0,
					  .blue_bits = 8 };
}

static uint32_t px32(const uint32_t *m, unsigned int w, unsigned int x, unsigned int y)
{
	return m[y * w + x];
}

static void glyph_pixels_in_rgb32(void **state)
{
	struct boot_framebuffer fb = rgb32(64, 48); /* 8 x 3 cells */
	uint32_t *mem = calloc(64 * 48, 4);

	(void)state;
	memset(mem, 0x55, 64 * 48 * 4);
	assert_true(fbcon_setup(&con, &fb, mem));
	assert_int_equal(con.cols, 8);
	assert_int_equal(con.rows, 3);
	assert_int_equal(px32(mem, 64, 63, 47), 0); /* cleared to black */
	fbcon_goto(&con, 0, 0, FBCON_RED);
	fbcon_putc_on(&con, 'A');
	assert_int_equal(px32(mem, 64, 0, 0), 0xe00000); /* row 0 = 0x80: leftmost set */
	assert_int_equal(px32(mem, 64, 1, 0), 0);
	assert_int_equal(px32(mem, 64, 7, 1), 0xe00000); /* row 1 = 0x01: rightmost */
	assert_int_equal(px32(mem, 64, 3, 4), 0xe00000); /* row 4 = 0x18 */
	assert_int_equal(px32(mem, 64, 2, 4), 0);
	assert_int_equal(con.col, 1);
	free(mem);
}

static void wrap_and_jump_scroll(void **state)
{
	struct boot_framebuffer fb = rgb32(16, 64); /* 2 x 4 cells: jumps by one row */
	uint32_t *mem = calloc(16 * 64, 4);

	(void)state;
	assert_true(fbcon_setup(&con, &fb, mem));
	fbcon_putc_on(&con, 'A');
	fbcon_putc_on(&con, 'B');
	fbcon_putc_on(&con, 'C'); /* wraps to row 1 */
	assert_int_equal(con.row, 1);
	assert_int_equal(con.text[1][0], 'C');
	fbcon_putc_on(&con, '\n');
	fbcon_putc_on(&con, '\n');
	fbcon_putc_on(&con, '\n'); /* past row 3: up by rows / 4 = 1 */
	assert_int_equal(con.row, 3);
	assert_int_equal(con.text[0][0], 'C');
	/* The jump moves the text only: every row is stale, its pixels still the old ones. */
	assert_int_equal(con.nr_stale, 4);
	assert_int_equal(px32(mem, 16, 0, 0), 0xc0c0c0); /* 'A' still there */
	assert_int_equal(fbcon_catch_up(&con, 1), 3);	 /* one row per call at most */
	assert_int_equal(px32(mem, 16, 0, 0), 0);	 /* 'A' scrolled away: redrawn blank */
	fbcon_putc_on(&con, 'A');			 /* onto stale row 3: drawn whole */
	assert_int_equal(con.nr_stale, 2);
	assert_int_equal(fbcon_catch_up(&con, 5), 0);
	assert_int_equal(px32(mem, 16, 0, 48), 0xc0c0c0); /* the new 'A' on row 3 */
	fbcon_putc_on(&con, '\b');
	fbcon_putc_on(&con, '\t');
	assert_int_equal(con.col, 2); /* to the next tab stop, clipped by the width */
	free(mem);
}

static void rgb16_channels(void **state)
{
	struct boot_framebuffer fb = { .base = 1,
				       .type = BOOT_FB_RGB,
				       .width = 8,
				       .height = 16,
				       .pitch = 16,
				       .bpp = 16,
				       .red_shift = 11,
				       .red_bits = 5,
				       .green_shift = 5,
				       .green_bits = 6,
				       .blue_shift = 0,
				       .blue_bits = 5 };
	uint16_t mem[8 * 16];

	(void)state;
	assert_true(fbcon_setup(&con, &fb, mem));
	fbcon_goto(&con, 0, 0, 0xffffff);
	fbcon_putc_on(&con, 'A');
	assert_int_equal(mem[0], 0xffff);
	fbcon_goto(&con, 0, 0, 0x00ff00);
	fbcon_putc_on(&con, 'A');
	assert_int_equal(mem[0], 0x07e0);
}

static void text_mode_cells_and_big_letters(void **state)
{
	struct boot_framebuffer fb = { .base = 0xb8000,
				       .type = BOOT_FB_EGA_TEXT,
				       .width = 80,
				       .height = 25,
				       .pitch = 160,
				       .bpp = 16 };
	static uint16_t mem[80 * 25];

	(void)state;
	assert_true(fbcon_setup(&con, &fb, mem));
	assert_int_equal(mem[0], 0x0720); /* cleared: blank, light grey */
	fbcon_goto(&con, 3, 2, FBCON_GREEN);
	fbcon_putc_on(&con, 'x');
	assert_int_equal(mem[2 * 80 + 3], 0x0200 | 'x');
	fbcon_putc_on(&con, 0xe2); /* a UTF-8 lead byte shows as '?', its continuation not */
	fbcon_putc_on(&con, 0x80);
	assert_int_equal(mem[2 * 80 + 4] & 0xff, '?');
	assert_int_equal(con.col, 5);
	fbcon_draw_big(&con, 10, 5, "A", 1, FBCON_RED);
	assert_int_equal(mem[5 * 80 + 10], 0x0cdb); /* row 0 = 0x80: a bright red block */
	assert_int_equal(mem[5 * 80 + 11] & 0xff, ' ');
	assert_int_equal(mem[6 * 80 + 17], 0x0cdb); /* row 1 = 0x01 */
}

static void unusable_formats_are_refused(void **state)
{
	struct boot_framebuffer fb = rgb32(64, 48);
	uint32_t mem[4];

	(void)state;
	fb.bpp = 8;
	assert_false(fbcon_setup(&con, &fb, mem));
	fb = rgb32(4, 4); /* smaller than a cell */
	assert_false(fbcon_setup(&con, &fb, mem));
	fb = rgb32(64, 48);
	fb.base = 0;
	assert_false(fbcon_setup(&con, &fb, mem));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(glyph_pixels_in_rgb32),
		cmocka_unit_test(wrap_and_jump_scroll),
		cmocka_unit_test(rgb16_channels),
		cmocka_unit_test(text_mode_cells_and_big_letters),
		cmocka_unit_test(unusable_formats_are_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

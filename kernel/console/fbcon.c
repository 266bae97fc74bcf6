// SPDX-License-Identifier: MIT
/*
 * The framebuffer console. It keeps the text of the screen in a cell array
 * and only ever writes to the framebuffer, never reads it back: reading
 * video memory is slow on real machines (it is mapped uncached or
 * write-combining). When the cursor passes the last row the text jumps up
 * by a quarter of the screen -- one jump per many lines keeps a chatty boot
 * log cheap -- and every row is marked stale rather than redrawn there and
 * then: printk runs with interrupts off, and on a large real screen a whole
 * redraw takes long enough to lose clock ticks. A row is drawn whole when
 * text is next written on it, and the rest a few rows per tick
 * (fbcon_catch_up(), from console_tick()). Text mode's 4000 bytes are
 * redrawn at once.
 */
#include <kernel/fbcon.h>
#include <kernel/font.h>
#include <string.h>

#define TAB_WIDTH 8
#define EGA_BLOCK 0xdb /* code page 437's full block, for big text in text mode */

/* ---- pixels ---- */

/* 8-bit channel value v scaled to bits bits, at shift. */
static u32 channel(u32 v, u8 bits, u8 shift)
{
	if (bits == 0)
		return 0;
	if (bits < 8)
		v >>= 8 - bits;
	return v << shift;
}

static u32 pixel_value(const struct fbcon *con, u32 rgb)
{
	const struct boot_framebuffer *fb = &con->fb;

	return channel((rgb >> 16) & 0xff, fb->red_bits, fb->red_shift) |
	       channel((rgb >> 8) & 0xff, fb->green_bits, fb->green_shift) |
	       channel(rgb & 0xff, fb->blue_bits, fb->blue_shift);
}

/* A horizontal run of n pixels of value v starting at (x, y). */
static void fill_run(struct fbcon *con, unsigned int x, unsigned int y, unsigned int n, u32 v)
{
	u8 *p = con->base + (size_t)y * con->fb.pitch + (size_t)x * (con->fb.bpp / 8);

	switch (con->fb.bpp) {
	case 32:
		for (unsigned int i = 0; i < n; i++)
			((volatile u32 *)p)[i] = v;
		break;
	case 24:
		for (unsigned int i = 0; i < n; i++, p += 3) {
			((volatile u8 *)p)[0] = (u8)v;
			((volatile u8 *)p)[1] = (u8)(v >> 8);
			((volatile u8 *)p)[2] = (u8)(v >> 16);
		}
		break;
	case 16:
		for (unsigned int i = 0; i < n; i++)
			((volatile u16 *)p)[i] = (u16)v;
		break;
	}
}

/* ---- text mode (an IBM PC's 80x25 screen) ---- */

/* The nearest of the 16 text-mode colours: attribute's low nibble. */
static u8 ega_colour(u32 rgb)
{
	u8 r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;
	u8 c = (u8)((b >= 0x60 ? 1 : 0) | (g >= 0x60 ? 2 : 0) | (r >= 0x60 ? 4 : 0));

	if (r > 0xd0 || g > 0xd0 || b > 0xd0)
		c |= 8; /* bright */
	return c == 8 ? 7 : c;
}

static void ega_put(struct fbcon *con, unsigned int col, unsigned int row, u8 ch, u8 attr)
{
	volatile u16 *cell = (volatile u16 *)(con->base + (size_t)row * con->fb.pitch) + col;

	*cell = (u16)(ch | attr << 8);
}

/* ---- cells ---- */

static const unsigned char *glyph(char c)
{
	unsigned char u = (unsigned char)c;

	if (u < FONT_FIRST || u > FONT_LAST)
		u = ' ';
	return font_8x16[u - FONT_FIRST];
}

/* Draws glyph rows at pixel (x, y), each font pixel px x px. */
static void draw_glyph(struct fbcon *con, unsigned int x, unsigned int y, char c, unsigned int px,
		       u32 fg_rgb)
{
	const unsigned char *g = glyph(c);
	u32 fg = pixel_value(con, fg_rgb), bg = pixel_value(con, FBCON_BLACK);

	for (unsigned int gy = 0; gy < FONT_H; gy++) {
		for (unsigned int dy = 0; dy < px; dy++) {
			unsigned int yy = y + gy * px + dy;

			if (yy >= con->fb.height)
				return;
			for (unsigned int gx = 0; gx < FONT_W; gx++) {
				unsigned int xx = x + gx * px;

				if (xx + px > con->fb.width)
					break;
				fill_run(con, xx, yy, px, (g[gy] & (0x80 >> gx)) ? fg : bg);
			}
		}
	}
}

static void draw_cell(struct fbcon *con, unsigned int col, unsigned int row)
{
	char c = con->text[row][col];
	u32 colour = con->text_colour[row][col];

	if (con->fb.type == BOOT_FB_EGA_TEXT) {
		ega_put(con, col, row, (u8)(c ? c : ' '), c ? ega_colour(colour) : 0x07);
		return;
	}
	draw_glyph(con, col * FONT_W * con->scale, row * FONT_H * con->scale, c ? c : ' ',
		   con->scale, colour);
}

static void draw_row(struct fbcon *con, unsigned int r)
{
	for (unsigned int c = 0; c < con->cols; c++)
		draw_cell(con, c, r);
	if (con->stale[r]) {
		con->stale[r] = false;
		con->nr_stale--;
	}
}

static void redraw(struct fbcon *con)
{
	for (unsigned int r = 0; r < con->rows; r++)
		draw_row(con, r);
}

unsigned int fbcon_catch_up(struct fbcon *con, unsigned int max_rows)
{
	for (unsigned int r = 0; r < con->rows && con->nr_stale && max_rows; r++) {
		if (con->stale[r]) {
			draw_row(con, r);
			max_rows--;
		}
	}
	return con->nr_stale;
}

static void scroll(struct fbcon *con)
{
	unsigned int jump = con->fb.type == BOOT_FB_EGA_TEXT ? 1 : con->rows / 4;

	if (jump == 0)
		jump = 1;
	memmove(con->text[0], con->text[jump], sizeof(con->text[0]) * (con->rows - jump));
	memmove(con->text_colour[0], con->text_colour[jump],
		sizeof(con->text_colour[0]) * (con->rows - jump));
	for (unsigned int r = con->rows - jump; r < con->rows; r++) {
		memset(con->text[r], 0, sizeof(con->text[r]));
		memset(con->text_colour[r], 0, sizeof(con->text_colour[r]));
	}
	con->row -= jump;
	if (con->fb.type == BOOT_FB_EGA_TEXT) {
		redraw(con);
		return;
	}
	for (unsigned int r = 0; r < con->rows; r++)
		con->stale[r] = true;
	con->nr_stale = con->rows;
}

static void newline(struct fbcon *con)
{
	con->col = 0;
	if (++con->row >= con->rows)
		scroll(con);
}

void fbcon_putc_on(struct fbcon *con, char c)
{
	unsigned char u = (unsigned char)c;

	switch (c) {
	case '\n':
		newline(con);
		return;
	case '\r':
		con->col = 0;
		return;
	case '\b':
		if (con->col)
			con->col--;
		return;
	case '\t': {
		/* To the next tab stop, or the end of the line: never wraps. */
		unsigned int stop = (con->col / TAB_WIDTH + 1) * TAB_WIDTH;

		if (stop > con->cols)
			stop = con->cols;
		while (con->col < stop)
			fbcon_putc_on(con, ' ');
		return;
	}
	}
	if (u >= 0x80 && u < 0xc0)
		return; /* a UTF-8 continuation byte: its lead byte drew the '?' */
	if (u < FONT_FIRST || u > FONT_LAST)
		c = '?';
	if (con->col >= con->cols)
		newline(con);
	con->text[con->row][con->col] = c;
	con->text_colour[con->row][con->col] = con->colour;
	if (con->stale[con->row])
		draw_row(con, con->row); /* its old pixels go with it */
	else
		draw_cell(con, con->col, con->row);
	con->col++;
}

void fbcon_clear_on(struct fbcon *con)
{
	memset(con->text, 0, sizeof(con->text));
	memset(con->text_colour, 0, sizeof(con->text_colour));
	memset(con->stale, 0, sizeof(con->stale));
	con->nr_stale = 0;
	con->col = con->row = 0;
	if (con->fb.type == BOOT_FB_EGA_TEXT) {
		redraw(con);
		return;
	}
	for (unsigned int y = 0; y < con->fb.height; y++)
		fill_run(con, 0, y, con->fb.width, pixel_value(con, FBCON_BLACK));
}

void fbcon_goto(struct fbcon *con, unsigned int col, unsigned int row, u32 colour)
{
	con->col = col < con->cols ? col : con->cols - 1;
	con->row = row < con->rows ? row : con->rows - 1;
	con->colour = colour;
}

void fbcon_draw_big(struct fbcon *con, unsigned int col, unsigned int row, const char *s,
		    unsigned int scale, u32 colour)
{
	for (unsigned int i = 0; s[i]; i++) {
		if (con->fb.type != BOOT_FB_EGA_TEXT) {
			draw_glyph(con, (col * con->scale + i * scale) * FONT_W,
				   row * FONT_H * con->scale, s[i], scale, colour);
			continue;
		}
		/* Text mode: one cell per font pixel, a block where the pixel is set. */
		const unsigned char *g = glyph(s[i]);

		for (unsigned int gy = 0; gy < FONT_H && row + gy < con->rows; gy++) {
			for (unsigned int gx = 0; gx < FONT_W; gx++) {
				unsigned int cc = col + i * FONT_W + gx;

				if (cc < con->cols)
					ega_put(con, cc, row + gy,
						(g[gy] & (0x80 >> gx)) ? EGA_BLOCK : ' ',
						ega_colour(colour));
			}
		}
	}
}

void fbcon_fill_rect(struct fbcon *con, unsigned int x, unsigned int y, unsigned int w,
		     unsigned int h, u32 colour)
{
	u32 v = pixel_value(con, colour);

	if (con->fb.type == BOOT_FB_EGA_TEXT || x >= con->fb.width || y >= con->fb.height)
		return;
	if (w > con->fb.width - x)
		w = con->fb.width - x;
	if (h > con->fb.height - y)
		h = con->fb.height - y;
	for (unsigned int i = 0; i < h; i++)
		fill_run(con, x, y + i, w, v);
}

bool fbcon_setup(struct fbcon *con, const struct boot_framebuffer *fb, void *base)
{
	memset(con, 0, sizeof(*con));
	if (!fb->base || !base || !fb->width || !fb->height)
		return false;
	con->fb = *fb;
	con->base = base;
	con->colour = FBCON_WHITE;
	if (fb->type == BOOT_FB_EGA_TEXT) {
		con->scale = 1;
		con->cols = fb->width;
		con->rows = fb->height;
	} else {
		if (fb->bpp != 16 && fb->bpp != 24 && fb->bpp != 32)
			return false;
		/* Large screens get larger letters: about 100-200 columns whatever the size. */
		con->scale = fb->width >= 2400 ? 3 : fb->width >= 1600 ? 2 : 1;
		con->cols = fb->width / (FONT_W * con->scale);
		con->rows = fb->height / (FONT_H * con->scale);
	}
	if (con->cols > FBCON_MAX_COLS)
		con->cols = FBCON_MAX_COLS;
	if (con->rows > FBCON_MAX_ROWS)
		con->rows = FBCON_MAX_ROWS;
	if (!con->cols || !con->rows)
		return false;
	fbcon_clear_on(con);
	return true;
}

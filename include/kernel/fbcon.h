/* SPDX-License-Identifier: MIT */
/*
 * The console on the screen (kernel/console/fbcon.c): text in 8x16 cells on the
 * framebuffer the firmware left (struct boot_framebuffer), scaled up on
 * large screens, or the PC's text mode. Every console byte is mirrored to it
 * (kernel/console/console.c). The drawing core works on any memory, so the host
 * unit tests render into a buffer.
 */
#ifndef KERNEL_FBCON_H
#define KERNEL_FBCON_H

#include <kernel/boot.h>
#include <kernel/types.h>

/* Colours as 0xRRGGBB; the console converts them to the screen's format. */
#define FBCON_WHITE 0xc0c0c0
#define FBCON_BRIGHT 0xffffff
#define FBCON_BLACK 0x000000
#define FBCON_GREEN 0x00c000
#define FBCON_RED 0xe00000
#define FBCON_YELLOW 0xe0c000

/* Text cells are at most this many, whatever the screen (the rest stays dark). */
#define FBCON_MAX_COLS 240
#define FBCON_MAX_ROWS 100

struct fbcon {
	u8 *base; /* where the kernel sees the first pixel (or cell) */
	struct boot_framebuffer fb;
	unsigned int scale; /* pixels per font pixel */
	unsigned int cols, rows;
	unsigned int col, row; /* the cursor */
	u32 colour;	       /* of new text, 0xRRGGBB */
	char text[FBCON_MAX_ROWS][FBCON_MAX_COLS];
	u32 text_colour[FBCON_MAX_ROWS][FBCON_MAX_COLS];
	bool stale[FBCON_MAX_ROWS]; /* the row's pixels are not its text yet (a scroll moved it) */
	unsigned int nr_stale;
};

/* Sets con up on fb whose memory the kernel sees at base, and clears it. False if unusable. */
bool fbcon_setup(struct fbcon *con, const struct boot_framebuffer *fb, void *base);
void fbcon_putc_on(struct fbcon *con, char c);
void fbcon_clear_on(struct fbcon *con);
/* Draws s at cell (col, row) with each font pixel scale x scale pixels (text mode: one cell). */
void fbcon_draw_big(struct fbcon *con, unsigned int col, unsigned int row, const char *s,
		    unsigned int scale, u32 colour);
/* Fills w x h pixels at pixel (x, y) with colour, cut at the screen's edge (nothing in text mode). */
void fbcon_fill_rect(struct fbcon *con, unsigned int x, unsigned int y, unsigned int w,
		     unsigned int h, u32 colour);
/*
 * Draws up to max_rows of the rows a scroll left stale, top first; returns
 * how many stay stale. The console calls it a few rows per clock tick
 * (console_tick()), so no one call draws the whole screen.
 */
unsigned int fbcon_catch_up(struct fbcon *con, unsigned int max_rows);
/* Moves the cursor to (col, row) and sets the colour of the text that follows. */
void fbcon_goto(struct fbcon *con, unsigned int col, unsigned int row, u32 colour);

/* The kernel's screen: maps boot_info's framebuffer (after arch_mm_init()). */
void fbcon_init(const struct boot_framebuffer *fb);

/* From now on the console writes nothing more on the screen: the verdict stays whole. */
void fbcon_screen_keep(void);
/* The kernel's screen, or NULL when there is none. */
struct fbcon *fbcon_screen(void);

#endif

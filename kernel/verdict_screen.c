// SPDX-License-Identifier: MIT
/*
 * The verdict block: what a person reads off the screen from across a lab
 * bench when the run ends -- the CPU, whether its shadow stacks were found,
 * each test program's results as counted on the console, and one large
 * PASS or FAIL. The same lines go to the serial console first, so a log
 * shows what the screen showed.
 */
#include <format.h>
#include <kernel/arch.h>
#include <kernel/fbcon.h>
#include <kernel/font.h>
#include <kernel/ktap_tally.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/shstk.h>
#include <kernel/smp.h>
#include <string.h>

#define LINE_MAX_LEN 80
#define LINE_WIDTH 44 /* the widest line but the first three, which may be cut on screen */
#define BLOCK_LINES (KTAP_TALLY_SUITES + 8)

struct block {
	char line[BLOCK_LINES][LINE_MAX_LEN];
	u32 colour[BLOCK_LINES];
	unsigned int n;
};

static void add(struct block *b, u32 colour, const char *fmt, ...)
{
	va_list ap;

	if (b->n == BLOCK_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(b->line[b->n], LINE_MAX_LEN, fmt, ap);
	va_end(ap);
	b->colour[b->n++] = colour;
}

static const char *reason(enum poweroff_status status)
{
	switch (status) {
	case POWEROFF_PASS:
		return "init exited with status 0";
	case POWEROFF_PANIC:
		return "the kernel panicked";
	default:
		return "a test or init failed";
	}
}

static void build(struct block *b, enum poweroff_status status, bool pass)
{
	const struct ktap_tally *t = &console_tally;
	unsigned int passed, failed, skipped;
	char model[64];

	arch_cpu_model(model, sizeof(model));
	ktap_tally_totals(t, &passed, &failed, &skipped);
	add(b, FBCON_BRIGHT, "Umbra verdict: %s (%s)", pass ? "PASS" : "FAIL", reason(status));
	add(b, FBCON_WHITE, "CPU: %s", model);
	add(b, FBCON_WHITE, "CPUs: %u ran the suite (%u listed by the firmware)",
	    smp_scheduling_count(), smp_nr_cpus);
	add(b, arch_shstk_supported() ? FBCON_GREEN : FBCON_YELLOW, "%s: %s",
	    arch_shstk_rules->name,
	    arch_shstk_supported() ? "found, in use"
				   : "not in use (CPU lacks it, or switched off)");
	for (unsigned int i = 0; i < t->nr_suites; i++) {
		const struct ktap_suite_count *s = &t->suite[i];

		add(b, s->failed ? FBCON_RED : FBCON_WHITE, "%-13s pass %4u fail %3u skip %3u",
		    s->name, s->passed, s->failed, s->skipped);
	}
	add(b, failed ? FBCON_RED : FBCON_BRIGHT, "%-13s pass %4u fail %3u skip %3u", "total",
	    passed, failed, skipped);
}

/*
 * Text lines twice the console's size where they fit in the left 55% of
 * the screen, so they can be read from a few metres away; else normal.
 */
static unsigned int text_zoom(const struct fbcon *con, const struct block *b)
{
	if (con->fb.type == BOOT_FB_EGA_TEXT)
		return 1;
	if ((b->n + 2) * 2 <= con->rows && LINE_WIDTH * 2 <= con->cols * 55 / 100)
		return 2;
	return 1;
}

/* The big word: as large as fits in the rest of the width and half the height. */
static void place_word(const struct fbcon *con, unsigned int zoom, unsigned int *col,
		       unsigned int *row, unsigned int *px)
{
	unsigned int word_cells = 4 * FONT_W; /* text mode: one cell per font pixel */

	if (con->fb.type == BOOT_FB_EGA_TEXT) {
		*px = 1;
		*col = con->cols > word_cells + 1 ? con->cols - word_cells - 1 : 0;
		*row = con->rows > FONT_H ? (con->rows - FONT_H) / 2 : 0;
		return;
	}
	unsigned int cell_w = FONT_W * con->scale, cell_h = FONT_H * con->scale;
	unsigned int text_px = (LINE_WIDTH * zoom + 2) * cell_w;
	unsigned int room = con->fb.width > text_px ? con->fb.width - text_px : con->fb.width / 3;

	*px = room / (4 * FONT_W + 2);
	if (*px > con->fb.height / 2 / FONT_H)
		*px = con->fb.height / 2 / FONT_H;
	if (*px == 0)
		*px = 1;
	/* Right-aligned with a margin of one font pixel's width on each side. */
	*col = (con->fb.width - (4 * FONT_W + 1) * *px) / cell_w;
	*row = (con->fb.height - FONT_H * *px) / 2 / cell_h;
}

bool verdict_screen_show(enum poweroff_status status)
{
	static struct block b; /* the panic path may be on a small stack */
	struct fbcon *con;
	unsigned int failed, passed, skipped, col, row, px, zoom;
	bool pass;

	ktap_tally_totals(&console_tally, &passed, &failed, &skipped);
	pass = status == POWEROFF_PASS && failed == 0;
	memset(&b, 0, sizeof(b));
	build(&b, status, pass);
	printk("# verdict block:\n");
	for (unsigned int i = 0; i < b.n; i++)
		printk("#   %s\n", b.line[i]);

	con = fbcon_screen();
	if (!con)
		return false;
	fbcon_clear_on(con);
	zoom = text_zoom(con, &b);
	for (unsigned int i = 0; i < b.n && (i + 1) * zoom < con->rows; i++) {
		if (zoom == 1) {
			fbcon_goto(con, 1, i + 1, b.colour[i]);
			for (const char *p = b.line[i]; *p; p++)
				fbcon_putc_on(con, *p);
		} else {
			fbcon_draw_big(con, 1, (i + 1) * zoom, b.line[i], zoom * con->scale,
				       b.colour[i]);
		}
	}
	place_word(con, zoom, &col, &row, &px);
	fbcon_draw_big(con, col, row, pass ? "PASS" : "FAIL", px, pass ? FBCON_GREEN : FBCON_RED);
	fbcon_screen_keep();
	return true;
}

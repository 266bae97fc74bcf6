// SPDX-License-Identifier: MIT
/*
 * The verdict block: what a person reads off the screen from across a lab
 * bench when the run ends -- the verdict and why, the CPU, the machine's
 * size, whether its shadow stacks were found and used, each test
 * program's results as counted on the console, one large PASS (green),
 * NOT VALIDATED (yellow) or FAIL (red), and a QR code holding the run's
 * record (include/kernel/verdict.h), so a phone photo is the report. The
 * same lines and the record go to the serial console first, so a log
 * shows what the screen showed.
 *
 * Layout on a framebuffer: the block down the left; on the right the big
 * word between the fifth text row and 30 % of the height, the QR code
 * below a third of the height (tests/boot/screen reads them there).
 */
#include <format.h>
#include <kernel/arch.h>
#include <kernel/fbcon.h>
#include <kernel/font.h>
#include <kernel/ktap_tally.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/qrcode.h>
#include <kernel/shstk.h>
#include <kernel/verdict.h>
#include <string.h>

#define LINE_MAX_LEN 80
#define LINE_WIDTH 44 /* the widest line but the first three, which may be longer */
#define BLOCK_LINES (KTAP_TALLY_SUITES + 9)
#define WORD_FIRST_ROW 5   /* below the first three lines, which may run long */
#define WORD_BOTTOM_PCT 30 /* the big word ends above 30 % of the height */
#define QR_TOP_DIVISOR 3   /* the QR code starts a third of the way down */
#define QR_MODULE_MIN_PX 4 /* a phone reads modules this size from a metre */
#define RECORD_MAX 1024

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

static u32 verdict_colour(enum verdict v)
{
	return v == VERDICT_PASS ? FBCON_GREEN : v == VERDICT_FAIL ? FBCON_RED : FBCON_YELLOW;
}

/*
 * The programs where nothing failed, by name only, as many to a line as fit:
 * their counts stay in the record (its p= field) and on the console's KTAP.
 */
static void add_names_of_clean_suites(struct block *b, const struct ktap_tally *t)
{
	char line[LINE_MAX_LEN];
	size_t len = 0;

	add(b, FBCON_WHITE, "Nothing failed in:");
	for (unsigned int i = 0; i < t->nr_suites; i++) {
		const char *name = t->suite[i].name;
		size_t n = strlen(name);

		if (t->suite[i].failed)
			continue;
		if (len && len + 1 + n > LINE_WIDTH) {
			add(b, FBCON_WHITE, "%s", line);
			len = 0;
		}
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s", len ? " " : "",
					name);
	}
	if (len)
		add(b, FBCON_WHITE, "%s", line);
}

/*
 * The block, in at most max_lines lines (the screen's rows; BLOCK_LINES
 * without a screen): each program's counts on a line of its own where they
 * all fit, else only the failed programs' lines and the others' names.
 */
static void build(struct block *b, const struct verdict_facts *f, enum verdict v, const char *why,
		  unsigned int max_lines)
{
	const struct ktap_tally *t = f->tally;
	unsigned int passed, failed, skipped;
	char model[64];

	arch_cpu_model(model, sizeof(model));
	ktap_tally_totals(t, &passed, &failed, &skipped);
	add(b, FBCON_BRIGHT, "Umbra verdict: %s", verdict_name(v));
	add(b, verdict_colour(v), "Why: %s", why);
	add(b, FBCON_WHITE, "CPU: %s", model);
	add(b, FBCON_WHITE, "RAM %lu MiB, CPUs %u listed, %u ran", f->ram_mib, f->cpus_listed,
	    f->cpus_ran);
	if (f->shstk_missing)
		add(b, FBCON_YELLOW, "%s: not in use", f->shstk_name);
	else if (f->shstk_enables == 0)
		add(b, FBCON_YELLOW, "%s: on, no test enabled one", f->shstk_name);
	else
		add(b, FBCON_GREEN, "%s: used, %lu enabled, %lu faults", f->shstk_name,
		    f->shstk_enables, f->shstk_faults);
	if (f->kernel_cfi)
		add(b, strcmp(f->kernel_cfi, "on") == 0 ? FBCON_GREEN : FBCON_YELLOW, "%s: %s",
		    f->kernel_cfi_name, f->kernel_cfi);
	if (f->kernel_shstk)
		add(b, strcmp(f->kernel_shstk, "on") == 0 ? FBCON_GREEN : FBCON_YELLOW, "%s: %s",
		    f->kernel_shstk_name, f->kernel_shstk);
	bool fits = b->n + t->nr_suites + 1 <= max_lines;

	for (unsigned int i = 0; i < t->nr_suites; i++) {
		const struct ktap_suite_count *s = &t->suite[i];

		if (fits || s->failed)
			add(b, s->failed ? FBCON_RED : FBCON_WHITE,
			    "%-13s pass %4u fail %3u skip %3u", s->name, s->passed, s->failed,
			    s->skipped);
	}
	if (!fits)
		add_names_of_clean_suites(b, t);
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

/* Where the right-hand column starts, in pixels: past the block's widest line. */
static unsigned int text_right(const struct fbcon *con, unsigned int zoom)
{
	return (LINE_WIDTH * zoom + 2) * FONT_W * con->scale;
}

/*
 * The big word: right-aligned in the right half, from row WORD_FIRST_ROW
 * down to WORD_BOTTOM_PCT of the height, as large as fits. Text mode: one
 * cell per font pixel, vertically centred.
 */
static void draw_word(struct fbcon *con, const char *word, u32 colour)
{
	unsigned int len = (unsigned int)strlen(word), word_cells = len * FONT_W;
	unsigned int cell_w = FONT_W * con->scale, cell_h = FONT_H * con->scale;
	unsigned int top, bottom, px, col;

	if (con->fb.type == BOOT_FB_EGA_TEXT) {
		col = con->cols > word_cells + 1 ? con->cols - word_cells - 1 : 0;
		fbcon_draw_big(con, col, con->rows > FONT_H ? (con->rows - FONT_H) / 2 : 0, word, 1,
			       colour);
		return;
	}
	top = WORD_FIRST_ROW * cell_h;
	bottom = con->fb.height * WORD_BOTTOM_PCT / 100;
	px = (con->fb.width / 2) / (len * FONT_W + 2);
	if (bottom > top && px > (bottom - top) / FONT_H)
		px = (bottom - top) / FONT_H;
	if (px == 0)
		px = 1;
	/* Right-aligned with a margin of one font pixel's width. */
	col = (con->fb.width - (len * FONT_W + 1) * px) / cell_w;
	fbcon_draw_big(con, col, WORD_FIRST_ROW, word, px, colour);
}

/* The QR code's box: below a third of the height, right of the block, a cell's margin. */
struct qr_box {
	unsigned int x, y, w, h;
};

static bool qr_box(const struct fbcon *con, unsigned int zoom, struct qr_box *box)
{
	unsigned int margin = FONT_W * con->scale, left = text_right(con, zoom);

	if (con->fb.type == BOOT_FB_EGA_TEXT || left + margin >= con->fb.width)
		return false;
	box->x = left;
	box->y = con->fb.height / QR_TOP_DIVISOR;
	box->w = con->fb.width - left - margin;
	box->h = con->fb.height - box->y - margin;
	return true;
}

/* The largest version whose modules, quiet zone included, are QR_MODULE_MIN_PX in the box. */
static unsigned int qr_max_version(const struct qr_box *box)
{
	unsigned int side = box->w < box->h ? box->w : box->h, modules = side / QR_MODULE_MIN_PX;

	if (modules < 17 + 4 + 2 * QR_QUIET_ZONE)
		return 0;
	modules -= 17 + 2 * QR_QUIET_ZONE;
	return modules / 4 < QR_VERSION_MAX ? modules / 4 : QR_VERSION_MAX;
}

/* Black modules on a white square, quiet zone included, centred in the box. */
static void draw_qr(struct fbcon *con, const struct qr_code *qr, const struct qr_box *box)
{
	unsigned int total = qr->size + 2 * QR_QUIET_ZONE;
	unsigned int px = (box->w < box->h ? box->w : box->h) / total;
	unsigned int x0 = box->x + (box->w - total * px) / 2,
		     y0 = box->y + (box->h - total * px) / 2;

	fbcon_fill_rect(con, x0, y0, total * px, total * px, FBCON_BRIGHT);
	for (unsigned int y = 0; y < qr->size; y++)
		for (unsigned int x = 0; x < qr->size; x++)
			if (qr_is_dark(qr, x, y))
				fbcon_fill_rect(con, x0 + (QR_QUIET_ZONE + x) * px,
						y0 + (QR_QUIET_ZONE + y) * px, px, px, FBCON_BLACK);
}

bool verdict_screen_show(enum poweroff_status status)
{
	/* Static: the panic path may be on a small stack. */
	static struct block b;
	static struct verdict_facts facts;
	static struct qr_code qr;
	static char record[RECORD_MAX];
	struct fbcon *con = fbcon_screen();
	unsigned int zoom = 1, max_version = 0;
	struct qr_box box;
	const char *why;
	enum verdict v;
	size_t cap = sizeof(record);

	verdict_gather(&facts, status);
	v = verdict_decide(&facts, &why);
	memset(&b, 0, sizeof(b));
	/* The block starts on the screen's second row (below). */
	build(&b, &facts, v, why, con && con->rows > 1 ? con->rows - 1 : BLOCK_LINES);
	printk("# verdict block:\n");
	for (unsigned int i = 0; i < b.n; i++)
		printk("#   %s\n", b.line[i]);

	if (con) {
		zoom = text_zoom(con, &b);
		if (qr_box(con, zoom, &box))
			max_version = qr_max_version(&box);
		if (max_version && qr_capacity(max_version, QR_ECL_L) + 1 < cap)
			cap = qr_capacity(max_version, QR_ECL_L) + 1;
	}
	verdict_record(&facts, record, cap);
	/* The runner compares the screen's QR code with this line (tests/boot/screen). */
	printk("umbra: record: %s\n", record);
	if (!con)
		return false;

	fbcon_clear_on(con);
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
	draw_word(con, verdict_name(v), verdict_colour(v));
	if (max_version && qr_encode(&qr, (const u8 *)record, strlen(record), max_version) == 0)
		draw_qr(con, &qr, &box);
	else
		printk("umbra: no room for the record's QR code on this screen\n");
	fbcon_screen_keep();
	return true;
}

// SPDX-License-Identifier: MIT
/* The console's sinks: the arch's device, the screen, the result count. */
#include <kernel/console.h>
#include <kernel/fbcon.h>
#include <kernel/ktap_tally.h>
#include <kernel/kmem.h>
#include <kernel/printk.h>

static struct fbcon screen;
static bool screen_on;
static int screen_busy; /* a fault while drawing must not draw again */

/* What was written before the screen could be mapped, replayed onto it. */
static char early[8192];
static size_t early_len;

void console_putc(char c)
{
	arch_console_putc(c);
	ktap_tally_putc(&console_tally, c);
	if (screen_on && !screen_busy) {
		screen_busy++;
		fbcon_putc_on(&screen, c);
		screen_busy--;
	} else if (!screen_on && early_len < sizeof(early)) {
		early[early_len++] = c;
	}
}

/*
 * Rows of the screen drawn per clock tick after a scroll: at 100 Hz a
 * 45-row screen is whole again within a quarter of a second, and a tick
 * never draws more than two rows with interrupts off.
 */
#define SCREEN_ROWS_PER_TICK 2

void console_screen_catch_up(void)
{
	if (screen_on && !screen_busy && screen.nr_stale) {
		screen_busy++;
		fbcon_catch_up(&screen, SCREEN_ROWS_PER_TICK);
		screen_busy--;
	}
}

void console_flush(void)
{
	arch_console_flush();
}

void fbcon_init(const struct boot_framebuffer *fb)
{
	void *base;

	if (!fb->base)
		return;
	base = arch_map_framebuffer(fb->base, (size_t)fb->pitch * fb->height);
	screen_on = fbcon_setup(&screen, fb, base);
	if (!screen_on) {
		pr_warn("fbcon: the screen at %#lx (%ux%u, %u bpp) is not usable\n",
			(unsigned long)fb->base, fb->width, fb->height, fb->bpp);
		return;
	}
	for (size_t i = 0; i < early_len; i++)
		fbcon_putc_on(&screen, early[i]);
	pr_info("fbcon: %s %ux%u at %#lx: %ux%u characters\n",
		fb->type == BOOT_FB_EGA_TEXT ? "text mode" : "framebuffer", fb->width, fb->height,
		(unsigned long)fb->base, screen.cols, screen.rows);
}

void fbcon_screen_keep(void)
{
	screen_busy++;
}

struct fbcon *fbcon_screen(void)
{
	return screen_on ? &screen : NULL;
}

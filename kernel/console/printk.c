// SPDX-License-Identifier: MIT
/* printk: the formatting core (libc/fmt) feeding the arch console. */
#include <format.h>
#include <kernel/console.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/spinlock.h>

static int console_loglevel = LOGLEVEL_DEFAULT;

/* One printk's output at a time, so lines from two CPUs do not interleave. */
static struct spinlock console_lock = SPINLOCK_INIT(LOCK_LEVEL_CONSOLE, "console_lock");

void printk_set_loglevel(int loglevel)
{
	console_loglevel = loglevel;
}

static void console_sink(char c, void *ctx)
{
	(void)ctx;
	console_putc(c);
}

int vprintk(const char *fmt, va_list ap)
{
	int level = -1; /* no marker: always printed */

	if (fmt[0] == KERN_SOH[0] && fmt[1] >= '0' && fmt[1] <= '7') {
		level = fmt[1] - '0';
		fmt += 2;
	}
	if (level >= console_loglevel)
		return 0;
	/*
	 * Unlocked when this CPU is already printing (a fault while printing
	 * reports itself) or a panic is being reported: the lock's holder may
	 * be the CPU that broke, and the report matters more than neat lines.
	 */
	if (spin_held(&console_lock) || panic_in_progress())
		return vformat(console_sink, NULL, fmt, ap);

	unsigned long flags = spin_lock_irqsave(&console_lock);
	int n = vformat(console_sink, NULL, fmt, ap);

	spin_unlock_irqrestore(&console_lock, flags);
	return n;
}

void console_tick(void)
{
	if (panic_in_progress() || !spin_trylock(&console_lock))
		return;
	console_screen_catch_up();
	spin_unlock(&console_lock);
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

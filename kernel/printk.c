// SPDX-License-Identifier: MIT
/* printk: the formatting core (libc/fmt) feeding the arch console. */
#include <format.h>
#include <kernel/console.h>
#include <kernel/printk.h>

static int console_loglevel = LOGLEVEL_DEFAULT;

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
	return vformat(console_sink, NULL, fmt, ap);
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

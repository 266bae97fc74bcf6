/* SPDX-License-Identifier: MIT */
/*
 * The kernel console: where printk's characters and user writes to fds
 * 0-2 go. Generic code writes through console_putc(), which feeds every
 * sink: the arch's device (a serial port), the screen (kernel/console/fbcon.c) and
 * the count of test results for the screen's verdict (kernel/console/ktap_tally.c).
 */
#ifndef KERNEL_CONSOLE_H
#define KERNEL_CONSOLE_H

/* Writes one byte to every console sink. */
void console_putc(char c);
/*
 * The boot CPU's clock tick (sched_tick()): draws a few of the screen's
 * rows a scroll left stale, unless another CPU is printing (printk.c).
 */
void console_tick(void);
/* The same, with the console lock held (console.c). */
void console_screen_catch_up(void);

/* Waits until every byte written so far has left the devices. */
void console_flush(void);

/* The arch's device. Writes one byte; '\n' is sent as "\r\n". Safe before any memory set-up. */
void arch_console_putc(char c);

/* Waits until every byte written so far has left the device. */
void arch_console_flush(void);

#endif

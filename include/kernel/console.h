/* SPDX-License-Identifier: MIT */
/* The kernel console: where printk's characters go. The arch provides it. */
#ifndef KERNEL_CONSOLE_H
#define KERNEL_CONSOLE_H

/* Writes one byte; '\n' is sent as "\r\n". Safe before any memory set-up. */
void arch_console_putc(char c);

/* Waits until every byte written so far has left the device. */
void arch_console_flush(void);

#endif

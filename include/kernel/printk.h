/* SPDX-License-Identifier: MIT */
/*
 * printk: formatted kernel messages to the console. A message may start with
 * a level marker (KERN_ERR ...); messages whose level is not below the
 * `loglevel=` command-line value are dropped, as in Linux. KTAP output uses
 * KERN_EMERG-free plain printk, which always prints.
 */
#ifndef KERNEL_PRINTK_H
#define KERNEL_PRINTK_H

#include <kernel/compiler.h>
#include <stdarg.h>

#define KERN_SOH "\001"
#define KERN_ERR KERN_SOH "3"
#define KERN_WARNING KERN_SOH "4"
#define KERN_INFO KERN_SOH "6"
#define KERN_DEBUG KERN_SOH "7"

#define LOGLEVEL_DEFAULT 7 /* print everything but debug */

int printk(const char *fmt, ...) __printf(1, 2);
int vprintk(const char *fmt, va_list ap);

/* Sets the threshold: only messages with level < loglevel print. */
void printk_set_loglevel(int loglevel);

#define pr_err(...) printk(KERN_ERR __VA_ARGS__)
#define pr_warn(...) printk(KERN_WARNING __VA_ARGS__)
#define pr_info(...) printk(KERN_INFO __VA_ARGS__)
#define pr_debug(...) printk(KERN_DEBUG __VA_ARGS__)

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The one printf-style formatting core, shared by the kernel's printk and
 * libc's printf family. It knows nothing about where characters go: the
 * caller passes a sink.
 *
 * Conversions: %d %i %u %x %X %o %c %s %p %%; flags '-' '0' '+' ' ' '#';
 * field width and precision (also as '*'); length modifiers hh h l ll z t j.
 */
#ifndef FORMAT_H
#define FORMAT_H

#include <stdarg.h>
#include <stddef.h>

/* Receives one output character; ctx is the caller's cookie. */
typedef void (*format_sink_t)(char c, void *ctx);

/* Formats into sink; returns the number of characters produced. */
int vformat(format_sink_t sink, void *ctx, const char *fmt, va_list ap);

/*
 * C99 semantics: writes at most size-1 characters plus a NUL (when size > 0)
 * and returns the length the full output would have had.
 */
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The printf family on top of the shared formatting core (<format.h>).
 *
 * Standard output is line buffered in the process (flushed at each '\n', when
 * full, by fflush_stdout() and by exit()); dprintf writes straight to its fd.
 * The buffer is shared by all threads and guarded by a lock. There is no
 * FILE type: printf and puts go to fd 1.
 */
#ifndef STDIO_H
#define STDIO_H

#include <format.h>
#include <stdarg.h>
#include <stddef.h>

#define EOF (-1)

int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintf(const char *fmt, va_list ap);
int dprintf(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int vdprintf(int fd, const char *fmt, va_list ap);
int puts(const char *s);
int putchar(int c);
/* Writes out what stdout holds; 0, or -1 when a write failed. */
int fflush_stdout(void);

#endif

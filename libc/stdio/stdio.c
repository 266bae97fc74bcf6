// SPDX-License-Identifier: MIT
/*
 * printf and friends on the shared vformat() core. stdout has one buffer of
 * STDOUT_BUF bytes, written out at each newline, when full, and at exit.
 * A lock makes concurrent printf calls from threads keep whole lines.
 */
#include "../internal.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define STDOUT_BUF 1024

static char out_buf[STDOUT_BUF];
static size_t out_len;
static struct lock out_lock;

/* Writes all n bytes unless the fd fails; returns 0 or -1. */
static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Caller holds out_lock. */
static int flush_locked(void)
{
	int r = write_all(STDOUT_FILENO, out_buf, out_len);

	out_len = 0;
	return r;
}

/* Caller holds out_lock. */
static void stdout_sink(char c, void *ctx)
{
	(void)ctx;
	out_buf[out_len++] = c;
	if (c == '\n' || out_len == sizeof(out_buf))
		flush_locked();
}

int fflush_stdout(void)
{
	int r;

	lock_acquire(&out_lock);
	r = flush_locked();
	lock_release(&out_lock);
	return r;
}

void __stdio_exit(void)
{
	fflush_stdout();
}

int vprintf(const char *fmt, va_list ap)
{
	int n;

	lock_acquire(&out_lock);
	n = vformat(stdout_sink, NULL, fmt, ap);
	lock_release(&out_lock);
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

int puts(const char *s)
{
	lock_acquire(&out_lock);
	while (*s)
		stdout_sink(*s++, NULL);
	stdout_sink('\n', NULL);
	lock_release(&out_lock);
	return 0;
}

int putchar(int c)
{
	lock_acquire(&out_lock);
	stdout_sink((char)c, NULL);
	lock_release(&out_lock);
	return (unsigned char)c;
}

/* dprintf collects into a stack buffer and writes it in pieces. */
struct fd_sink {
	int fd;
	size_t len;
	char buf[256];
};

static void fd_sink_put(char c, void *ctx)
{
	struct fd_sink *s = ctx;

	s->buf[s->len++] = c;
	if (s->len == sizeof(s->buf)) {
		write_all(s->fd, s->buf, s->len);
		s->len = 0;
	}
}

int vdprintf(int fd, const char *fmt, va_list ap)
{
	struct fd_sink s;
	int n;

	s.fd = fd;
	s.len = 0;
	if (fd == STDOUT_FILENO)
		fflush_stdout(); /* keep the order of earlier printf output */
	n = vformat(fd_sink_put, &s, fmt, ap);
	if (s.len && write_all(fd, s.buf, s.len) < 0)
		return -1;
	return n;
}

int dprintf(int fd, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vdprintf(fd, fmt, ap);
	va_end(ap);
	return n;
}

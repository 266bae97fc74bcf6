/* SPDX-License-Identifier: MIT */
#ifndef STDLIB_H
#define STDLIB_H

#include <stddef.h>

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1

/*
 * Heap (mmap-backed, thread safe). Blocks are 16-byte aligned. Requests up
 * to 2 KiB come from power-of-two size classes; larger ones get their own
 * mapping, returned to the kernel by free().
 */
void *malloc(size_t size);
void free(void *p);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t size);

/* Flushes stdout, then exit_group(status). */
void exit(int status) __attribute__((noreturn));
void abort(void) __attribute__((noreturn));

char *getenv(const char *name);
int atoi(const char *s);
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);

#endif

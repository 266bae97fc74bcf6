/* SPDX-License-Identifier: MIT */
/*
 * The kernel command line: words separated by spaces, each `key=value` or a
 * bare `flag`. A value may be double-quoted to hold spaces. When a key is
 * given twice the last one wins.
 */
#ifndef KERNEL_CMDLINE_H
#define KERNEL_CMDLINE_H

#include <kernel/types.h>

#define CMDLINE_MAX_LEN 512
#define CMDLINE_MAX_WORDS 32

struct cmdline_word {
	const char *key;
	const char *value; /* "" for a bare flag */
};

struct cmdline {
	char buf[CMDLINE_MAX_LEN];
	struct cmdline_word words[CMDLINE_MAX_WORDS];
	unsigned int nr_words;
	bool truncated; /* the text or the word count did not fit */
};

/* Parses text into c (copying it); never fails, but may set truncated. */
void cmdline_parse(struct cmdline *c, const char *text);

/* The value of key, "" for a bare flag, or NULL when absent. */
const char *cmdline_get(const struct cmdline *c, const char *key);

/* Parses key's value as a decimal or 0x number; false if absent or malformed. */
bool cmdline_get_ulong(const struct cmdline *c, const char *key, unsigned long *out);

/* The command line the kernel booted with. */
extern struct cmdline kernel_cmdline;

#endif

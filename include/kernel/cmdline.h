/* SPDX-License-Identifier: MIT */
/*
 * The kernel command line: words separated by spaces, each `key=value` or a
 * bare `flag`. A value may be double-quoted to hold spaces. When a key is
 * given twice the last one wins. Everything after a `--` word is not the
 * kernel's: those words are the init program's arguments (argv[1] on), as
 * Linux passes them (Documentation/admin-guide/kernel-parameters.rst).
 */
#ifndef KERNEL_CMDLINE_H
#define KERNEL_CMDLINE_H

#include <kernel/types.h>

#define CMDLINE_MAX_LEN 512
#define CMDLINE_MAX_WORDS 32
#define CMDLINE_MAX_INIT_ARGS 32 /* Linux's default CONFIG_INIT_ENV_ARG_LIMIT */

struct cmdline_word {
	const char *key;
	const char *value; /* "" for a bare flag */
};

struct cmdline {
	char raw[CMDLINE_MAX_LEN]; /* the text as given (/proc/cmdline) */
	char buf[CMDLINE_MAX_LEN];
	struct cmdline_word words[CMDLINE_MAX_WORDS];
	unsigned int nr_words;
	const char *init_args[CMDLINE_MAX_INIT_ARGS]; /* the words after "--", whole */
	unsigned int nr_init_args;
	bool truncated; /* the text or a word count did not fit */
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

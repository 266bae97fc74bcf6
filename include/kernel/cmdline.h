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
	const char *text;  /* the whole word, quotes dropped ("key=value" or "flag") */
	bool has_value;	   /* the word had a '=' ("key=" has an empty value) */
};

struct cmdline {
	char raw[CMDLINE_MAX_LEN]; /* the text as given (/proc/cmdline) */
	char buf[CMDLINE_MAX_LEN];
	char text_buf[CMDLINE_MAX_LEN]; /* the words whole, for init's environment */
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

/*
 * What init gets from the command line, by Linux's rule (init/main.c):
 * the kernel's own parameters (known, NULL-terminated, and "init", which
 * also drops the arguments gathered before it), boot-loader tags
 * ("BOOT_IMAGE=...", "kexec...") and words whose key has a '.' (module
 * parameters) stay in the kernel; every other `key=value` word goes to the
 * environment, replacing an entry of the same key, and every other bare
 * word to argv; after "--" every word goes to argv whole. The environment
 * starts as { "HOME=/", "TERM=linux" }. argv[0] is left NULL for the
 * caller. At most CMDLINE_INIT_MAX_ARGS arguments after argv[0] and
 * CMDLINE_INIT_MAX_ENVS + 1 environment strings, as Linux's arrays hold.
 */
#define CMDLINE_INIT_MAX_ARGS 32 /* Linux's MAX_INIT_ARGS (CONFIG_INIT_ENV_ARG_LIMIT) */
#define CMDLINE_INIT_MAX_ENVS 32 /* Linux's MAX_INIT_ENVS */

struct init_args {
	const char *argv[CMDLINE_INIT_MAX_ARGS + 2]; /* NULL-terminated */
	unsigned int argc;
	const char *envp[CMDLINE_INIT_MAX_ENVS + 2]; /* NULL-terminated */
	unsigned int envc;
};

/*
 * Fills a from c. Returns NULL, or the first word that did not fit, with
 * *which "init" or "env" (Linux then panics: "Too many boot %s vars at
 * `%s'"); the words after it are dropped.
 */
const char *cmdline_init_args(const struct cmdline *c, const char *const known[],
			      struct init_args *a, const char **which);

/* The command line the kernel booted with. */
extern struct cmdline kernel_cmdline;

#endif

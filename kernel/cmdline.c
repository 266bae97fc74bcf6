// SPDX-License-Identifier: MIT
/* Command-line parsing (see <kernel/cmdline.h>). Pure: unit-tested on the host. */
#include <kernel/cmdline.h>
#include <string.h>

struct cmdline kernel_cmdline;

static bool is_space(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n';
}

/*
 * Ends the word that starts at p, in place: double quotes group (spaces
 * included) and are dropped, the first unquoted space ends it. Returns where
 * the rest of the text starts.
 */
static char *take_word(char *p)
{
	bool quoted = false;
	char *out = p; /* the word is rewritten in place, never longer */

	for (; *p; p++) {
		if (*p == '"') {
			quoted = !quoted;
			continue;
		}
		if (!quoted && is_space(*p))
			break;
		*out++ = *p;
	}

	bool more = *p != '\0';

	*out = '\0';
	return more ? p + 1 : p;
}

void cmdline_parse(struct cmdline *c, const char *text)
{
	size_t len = strlcpy(c->raw, text ? text : "", sizeof(c->raw));
	bool for_init = false;
	char *p = c->buf;
	size_t text_used = 0;

	memcpy(c->buf, c->raw, sizeof(c->buf));
	c->nr_words = 0;
	c->nr_init_args = 0;
	c->truncated = len >= sizeof(c->buf);
	for (;;) {
		while (is_space(*p))
			p++;
		if (!*p)
			break;

		char *word = p;

		p = take_word(p);
		if (for_init) {
			if (c->nr_init_args == CMDLINE_MAX_INIT_ARGS) {
				c->truncated = true;
				break;
			}
			c->init_args[c->nr_init_args++] = word;
			continue;
		}
		if (strcmp(word, "--") == 0) {
			for_init = true; /* the rest is init's, as on Linux */
			continue;
		}
		if (c->nr_words == CMDLINE_MAX_WORDS) {
			c->truncated = true;
			break;
		}

		struct cmdline_word *w = &c->words[c->nr_words++];
		char *eq = strchr(word, '=');

		/* The words, quotes dropped, are never longer than the text: this fits. */
		w->text = c->text_buf + text_used;
		text_used +=
			strlcpy(c->text_buf + text_used, word, sizeof(c->text_buf) - text_used) + 1;
		w->key = word;
		w->value = "";
		w->has_value = eq != NULL;
		if (eq) {
			*eq = '\0'; /* the first '=' ends the key */
			w->value = eq + 1;
		}
	}
}

const char *cmdline_get(const struct cmdline *c, const char *key)
{
	const char *found = NULL;

	for (unsigned int i = 0; i < c->nr_words; i++) {
		if (strcmp(c->words[i].key, key) == 0)
			found = c->words[i].value; /* the last occurrence wins */
	}
	return found;
}

bool cmdline_get_ulong(const struct cmdline *c, const char *key, unsigned long *out)
{
	const char *s = cmdline_get(c, key);
	unsigned long v = 0, base = 10;

	if (!s || !*s)
		return false;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		if (!*s)
			return false;
	}
	for (; *s; s++) {
		unsigned long d;

		if (*s >= '0' && *s <= '9')
			d = (unsigned long)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = (unsigned long)(*s - 'a' + 10);
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = (unsigned long)(*s - 'A' + 10);
		else
			return false;
		if (v > (~0ul - d) / base)
			return false; /* overflow */
		v = v * base + d;
	}
	*out = v;
	return true;
}

static bool is_known(const char *key, const char *const known[])
{
	for (; *known; known++) {
		if (strcmp(key, *known) == 0)
			return true;
	}
	return false;
}

static bool starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Adds word to argv: false when argv is full (Linux's "init" overflow). */
static bool add_arg(struct init_args *a, const char *word)
{
	if (a->argc == CMDLINE_INIT_MAX_ARGS + 1)
		return false;
	a->argv[a->argc++] = word;
	a->argv[a->argc] = NULL;
	return true;
}

/*
 * Adds "key=value" to the environment, over an entry with the same key:
 * false when a new key finds it full (Linux's "env" overflow).
 */
static bool add_env(struct init_args *a, const char *text, size_t key_len)
{
	for (unsigned int i = 0; i < a->envc; i++) {
		if (strncmp(a->envp[i], text, key_len + 1) == 0) {
			a->envp[i] = text;
			return true;
		}
	}
	if (a->envc == CMDLINE_INIT_MAX_ENVS + 1)
		return false;
	a->envp[a->envc++] = text;
	a->envp[a->envc] = NULL;
	return true;
}

const char *cmdline_init_args(const struct cmdline *c, const char *const known[],
			      struct init_args *a, const char **which)
{
	a->argv[0] = a->argv[1] = NULL;
	a->argc = 1;
	a->envp[0] = "HOME=/";
	a->envp[1] = "TERM=linux";
	a->envp[2] = NULL;
	a->envc = 2;
	for (unsigned int i = 0; i < c->nr_words; i++) {
		const struct cmdline_word *w = &c->words[i];

		if (w->has_value && strcmp(w->key, "init") == 0) {
			a->argc = 1; /* Linux's init= drops what came before it */
			a->argv[1] = NULL;
			continue;
		}
		if (is_known(w->key, known) || starts_with(w->text, "BOOT_IMAGE=") ||
		    starts_with(w->text, "kexec") || strchr(w->key, '.'))
			continue;
		if (w->has_value ? !add_env(a, w->text, strlen(w->key)) : !add_arg(a, w->text)) {
			*which = w->has_value ? "env" : "init";
			return w->text;
		}
	}
	for (unsigned int i = 0; i < c->nr_init_args; i++) {
		if (!add_arg(a, c->init_args[i])) {
			*which = "init";
			return c->init_args[i];
		}
	}
	return NULL;
}

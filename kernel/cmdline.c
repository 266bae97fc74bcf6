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

		w->key = word;
		w->value = "";
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

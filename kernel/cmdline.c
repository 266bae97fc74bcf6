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
 * Cuts the word at *pp out of the buffer, in place (it never gets longer):
 * quotes group and are dropped, and with split the first '=' ends the key
 * (*value then points after it, else it is NULL). Returns the word's start
 * and leaves *pp after it; *bare_dashes says the word was an unquoted "--".
 */
static char *cut_word(char **pp, bool split, char **value, bool *bare_dashes)
{
	char *p = *pp, *start = p, *out = p;
	bool quoted = false, any_quote = false;

	*value = NULL;
	for (; *p; p++) {
		if (*p == '"') {
			quoted = !quoted;
			any_quote = true;
			continue;
		}
		if (!quoted && is_space(*p))
			break;
		if (split && *p == '=' && !*value) {
			*out++ = '\0';
			*value = out;
			continue;
		}
		*out++ = *p;
	}
	bool more = *p != '\0';

	*out = '\0';
	*pp = more ? p + 1 : p;
	*bare_dashes = !any_quote && !*value && strcmp(start, "--") == 0;
	return start;
}

void cmdline_parse(struct cmdline *c, const char *text)
{
	size_t len = strlcpy(c->buf, text ? text : "", sizeof(c->buf));
	char *p = c->buf;
	bool for_init = false;

	c->nr_words = 0;
	c->nr_init_args = 0;
	c->truncated = len >= sizeof(c->buf);
	for (;;) {
		while (is_space(*p))
			p++;
		if (!*p)
			break;

		char *value, *word;
		bool dashes;

		if (for_init) {
			if (c->nr_init_args == CMDLINE_MAX_INIT_ARGS) {
				c->truncated = true;
				break;
			}
			word = cut_word(&p, false, &value, &dashes);
			c->init_args[c->nr_init_args++] = word;
			continue;
		}
		if (c->nr_words == CMDLINE_MAX_WORDS) {
			c->truncated = true;
			break;
		}
		word = cut_word(&p, true, &value, &dashes);
		if (dashes) {
			for_init = true; /* the rest is init's, as Linux passes it */
			continue;
		}
		c->words[c->nr_words].key = word;
		c->words[c->nr_words].value = value ? value : ""; /* "" for a bare flag */
		c->nr_words++;
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

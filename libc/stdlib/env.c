// SPDX-License-Identifier: MIT
/* Environment lookup and number parsing. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *getenv(const char *name)
{
	size_t n = strlen(name);

	if (!environ)
		return NULL;
	for (char **e = environ; *e; e++)
		if (strncmp(*e, name, n) == 0 && (*e)[n] == '=')
			return *e + n + 1;
	return NULL;
}

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

/*
 * Parses an optional sign, an optional 0x/0 prefix (base 0 or 16) and
 * digits. No overflow detection: values wrap.
 */
unsigned long strtoul(const char *s, char **end, int base)
{
	unsigned long v = 0;
	bool neg = false;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	if ((base == 0 || base == 16) && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
		base = 16;
	} else if (base == 0) {
		base = s[0] == '0' ? 8 : 10;
	}
	for (int d; (d = digit_value(*s)) < base; s++)
		v = v * (unsigned long)base + (unsigned long)d;
	if (end)
		*end = (char *)s;
	return neg ? -v : v;
}

long strtol(const char *s, char **end, int base)
{
	return (long)strtoul(s, end, base);
}

int atoi(const char *s)
{
	return (int)strtol(s, NULL, 10);
}

// SPDX-License-Identifier: MIT
/*
 * Counting KTAP results line by line (the format: Linux's
 * Documentation/dev-tools/ktap.rst; the suite announcement is Umbra's
 * /init's, docs/DESIGN.md §6).
 */
#include <kernel/ktap_tally.h>
#include <string.h>

#define SUITE_PREFIX "# ktap-suite: "
#define TOTALS_PREFIX "# Totals:" /* a kselftest document's last line */

struct ktap_tally console_tally;

static bool starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* "ok" or "not ok", then a space and a digit: a result line, not a comment. */
static bool result_line(const char *s, bool *ok)
{
	if (starts_with(s, "ok ")) {
		*ok = true;
		s += 3;
	} else if (starts_with(s, "not ok ")) {
		*ok = false;
		s += 7;
	} else {
		return false;
	}
	return *s >= '0' && *s <= '9';
}

/* KTAP's skip directive: "# SKIP" after the description, any case of "skip". */
static bool has_skip_directive(const char *s)
{
	const char *hash = strchr(s, '#');

	while (hash) {
		const char *p = hash + 1;

		while (*p == ' ')
			p++;
		if ((p[0] == 'S' || p[0] == 's') && (p[1] == 'K' || p[1] == 'k') &&
		    (p[2] == 'I' || p[2] == 'i') && (p[3] == 'P' || p[3] == 'p'))
			return true;
		hash = strchr(hash + 1, '#');
	}
	return false;
}

static struct ktap_suite_count *current_suite(struct ktap_tally *t)
{
	return t->nr_suites ? &t->suite[t->nr_suites - 1] : NULL;
}

static void start_suite(struct ktap_tally *t, const char *name)
{
	struct ktap_suite_count *s;
	size_t n = strlen(name);

	if (t->nr_suites == KTAP_TALLY_SUITES) {
		t->overflow = true;
		return; /* keep counting into the last one */
	}
	s = &t->suite[t->nr_suites++];
	memset(s, 0, sizeof(*s));
	while (n && (name[n - 1] == ' ' || name[n - 1] == '\r'))
		n--;
	if (n >= sizeof(s->name))
		n = sizeof(s->name) - 1;
	memcpy(s->name, name, n);
}

/* Appends "suite/case" to the failed list, where desc is what follows "not ok ". */
static void note_failed(struct ktap_tally *t, const struct ktap_suite_count *s, const char *desc)
{
	char name[KTAP_TALLY_LINE];
	size_t n = 0, len;

	while (*desc >= '0' && *desc <= '9')
		desc++;
	while (*desc == ' ' || *desc == '-')
		desc++;
	len = strlen(s->name);
	memcpy(name, s->name, len);
	name[len++] = '/';
	for (; desc[n] && desc[n] != '#' && len < sizeof(name) - 1; n++) {
		char c = desc[n];

		name[len++] = (c == ',' || c == ';' || c < ' ' || c > '~') ? '_' : c;
	}
	while (len && name[len - 1] == ' ')
		len--;
	name[len] = '\0';
	if (t->failed_len + (t->failed_len != 0) + len >= sizeof(t->failed)) {
		t->failed_dropped++;
		return;
	}
	if (t->failed_len)
		t->failed[t->failed_len++] = ',';
	memcpy(t->failed + t->failed_len, name, len + 1);
	t->failed_len += len;
}

static void end_line(struct ktap_tally *t)
{
	struct ktap_suite_count *s;
	bool ok;

	t->line[t->len] = '\0';
	t->len = 0;
	if (starts_with(t->line, SUITE_PREFIX)) {
		start_suite(t, t->line + strlen(SUITE_PREFIX));
		t->open = true;
		return;
	}
	if (starts_with(t->line, TOTALS_PREFIX)) {
		t->open = false; /* what follows, up to the next announcement, is no suite's */
		return;
	}
	s = t->open ? current_suite(t) : NULL;
	if (!s || !result_line(t->line, &ok))
		return;
	if (!ok) {
		s->failed++;
		note_failed(t, s, t->line + strlen("not ok "));
	} else if (has_skip_directive(t->line))
		s->skipped++;
	else
		s->passed++;
}

void ktap_tally_putc(struct ktap_tally *t, char c)
{
	if (c == '\n') {
		end_line(t);
		return;
	}
	if (t->len < sizeof(t->line) - 1)
		t->line[t->len++] = c;
}

void ktap_tally_totals(const struct ktap_tally *t, unsigned int *passed, unsigned int *failed,
		       unsigned int *skipped)
{
	*passed = *failed = *skipped = 0;
	for (unsigned int i = 0; i < t->nr_suites; i++) {
		*passed += t->suite[i].passed;
		*failed += t->suite[i].failed;
		*skipped += t->suite[i].skipped;
	}
}

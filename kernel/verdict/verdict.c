// SPDX-License-Identifier: MIT
/*
 * The verdict's rule and its record (include/kernel/verdict.h). Pure:
 * the facts come from kernel/verdict/verdict_facts.c on the machine and from
 * tests/unit/test_verdict.c on the host.
 */
#include <format.h>
#include <kernel/panic.h>
#include <kernel/verdict.h>
#include <string.h>

#define VALUE_MAX 96 /* a text value in the record is cut here */

const char *verdict_name(enum verdict v)
{
	switch (v) {
	case VERDICT_PASS:
		return "PASS";
	case VERDICT_NOT_VALIDATED:
		return "NOT VALIDATED";
	default:
		return "FAIL";
	}
}

enum verdict verdict_decide(const struct verdict_facts *f, const char **why)
{
	unsigned int passed = 0, failed = 0, skipped = 0;

	if (f->tally)
		ktap_tally_totals(f->tally, &passed, &failed, &skipped);
	if (f->status == POWEROFF_PANIC) {
		*why = "the kernel panicked";
		return VERDICT_FAIL;
	}
	if (f->status != POWEROFF_PASS) {
		*why = "a test or init failed";
		return VERDICT_FAIL;
	}
	if (failed) {
		*why = "a test case failed";
		return VERDICT_FAIL;
	}
	if (f->shstk_missing) {
		*why = f->shstk_missing;
		return VERDICT_NOT_VALIDATED;
	}
	if (f->shstk_enables == 0) {
		*why = "no test enabled a shadow stack";
		return VERDICT_NOT_VALIDATED;
	}
	*why = "nothing failed, shadow stacks in use";
	return VERDICT_PASS;
}

int verdict_status(const struct verdict_facts *f, enum verdict v)
{
	switch (v) {
	case VERDICT_PASS:
		return POWEROFF_PASS;
	case VERDICT_NOT_VALIDATED:
		return POWEROFF_NOT_VALIDATED;
	default:
		return f->status == POWEROFF_PASS ? POWEROFF_FAIL : f->status;
	}
}

/* ---- the record ---- */

struct out {
	char *buf;
	size_t size, len;
};

/* Appends what fmt makes, or nothing when it does not fit whole. */
static bool put(struct out *o, const char *fmt, ...) __printf(2, 3);
static bool put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->len, o->size - o->len, fmt, ap);
	va_end(ap);
	if (n < 0 || o->len + (size_t)n >= o->size) {
		o->buf[o->len] = '\0';
		return false;
	}
	o->len += (size_t)n;
	return true;
}

/* ";key=value": printable ASCII, ';' (the separator) as ',', at most VALUE_MAX characters. */
static void put_text(struct out *o, const char *key, const char *value)
{
	char v[VALUE_MAX + 1];
	size_t n = 0;

	for (; value && value[n] && n < VALUE_MAX; n++) {
		char c = value[n];

		v[n] = c == ';' ? ',' : (c < ' ' || c > '~') ? '_' : c;
	}
	v[n] = '\0';
	put(o, ";%s=%s", key, v);
}

/* The programs' counts: "NAME P" or "NAME P/F/S", comma-separated; "+N" for those cut. */
static void put_programs(struct out *o, const struct ktap_tally *t, size_t room)
{
	size_t limit = o->size;

	o->size = o->len + room + 1 < limit ? o->len + room + 1 : limit;
	put(o, ";p=");
	for (unsigned int i = 0; i < t->nr_suites; i++) {
		const struct ktap_suite_count *s = &t->suite[i];
		bool ok = s->failed || s->skipped
				  ? put(o, "%s%s %u/%u/%u", i ? "," : "", s->name, s->passed,
					s->failed, s->skipped)
				  : put(o, "%s%s %u", i ? "," : "", s->name, s->passed);

		if (!ok) {
			o->size = limit;
			put(o, "+%u", t->nr_suites - i);
			return;
		}
	}
	o->size = limit;
}

/* The failed cases' names, as many as fit whole; "+N" for the rest. */
static void put_failed(struct out *o, const struct ktap_tally *t)
{
	const char *p = t->failed, *end = t->failed + t->failed_len;
	unsigned int shown = 0, total = t->failed_dropped;

	for (const char *q = p; q < end; q++)
		total += *q == ',';
	if (t->failed_len)
		total++;
	if (!total)
		return;
	put(o, ";f=");
	while (p < end) {
		const char *comma = p;
		size_t n;

		while (comma < end && *comma != ',')
			comma++;
		n = (size_t)(comma - p);
		/* Room for this name and a "+N" after it. */
		if (o->len + (shown != 0) + n + 12 >= o->size)
			break;
		put(o, "%s%.*s", shown ? "," : "", (int)n, p);
		shown++;
		p = comma < end ? comma + 1 : end;
	}
	if (shown < total)
		put(o, "%s+%u", shown ? "," : "", total - shown);
}

size_t verdict_record(const struct verdict_facts *f, char *buf, size_t size)
{
	struct out o = { buf, size, 0 };
	unsigned int passed = 0, failed = 0, skipped = 0;
	const char *why;
	enum verdict v = verdict_decide(f, &why);

	if (size == 0)
		return 0;
	buf[0] = '\0';
	if (f->tally)
		ktap_tally_totals(f->tally, &passed, &failed, &skipped);
	put(&o, "umbra1;v=%s", verdict_name(v));
	put_text(&o, "why", why);
	put_text(&o, "k", f->commit);
	put_text(&o, "a", f->arch);
	put_text(&o, "cpu", f->cpu);
	if (f->microcode && f->microcode[0])
		put_text(&o, "uc", f->microcode);
	put_text(&o, "fw", f->firmware);
	put_text(&o, "ss", f->shstk_bits);
	put(&o, ";ram=%lu;cpus=%u/%u;en=%lu;cp=%lu;t=%u/%u/%u", f->ram_mib, f->cpus_ran,
	    f->cpus_listed, f->shstk_enables, f->shstk_faults, passed, failed, skipped);
	if (f->tally && f->tally->nr_suites) {
		/* Programs first; what is left over (at least 64 bytes if there are any) names failures. */
		size_t left = o.size - o.len - 1, keep = failed && left > 128 ? 64 : 0;

		put_programs(&o, f->tally, left - keep);
		put_failed(&o, f->tally);
	}
	return o.len;
}

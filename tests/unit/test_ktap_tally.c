// SPDX-License-Identifier: MIT
/*
 * The console's result count (kernel/console/ktap_tally.c): suites start at their
 * announcement; top-level "ok"/"not ok" lines count, "# SKIP" (any case)
 * makes an "ok" a skip; nested results, comments, results before any suite
 * and words that merely start like a result do not count; bytes may come
 * one at a time; suites past the table's end count into the last one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <kernel/ktap_tally.h>

static void feed(struct ktap_tally *t, const char *s)
{
	while (*s)
		ktap_tally_putc(t, *s++);
}

static void counts_pass_fail_skip(void **state)
{
	static struct ktap_tally t;
	unsigned int p, f, s;

	(void)state;
	memset(&t, 0, sizeof(t));
	feed(&t, "ok 1 before any suite\n# ktap-suite: clone3\nTAP version 13\n1..4\n");
	feed(&t, "ok 1 a\nnot ok 2 b\nok 3 c # SKIP no shadow stacks\nok 4 d # skip lower case\n");
	feed(&t, "    ok 1 nested\n# ok 9 comment\nokay 5\nok x not a number\n");
	feed(&t, "# ktap-suite: mm\r\nok 1 e\nok 2 f\n");
	assert_int_equal(t.nr_suites, 2);
	assert_string_equal(t.suite[0].name, "clone3");
	assert_int_equal(t.suite[0].passed, 1);
	assert_int_equal(t.suite[0].failed, 1);
	assert_int_equal(t.suite[0].skipped, 2);
	assert_string_equal(t.suite[1].name, "mm");
	assert_int_equal(t.suite[1].passed, 2);
	ktap_tally_totals(&t, &p, &f, &s);
	assert_int_equal(p, 3);
	assert_int_equal(f, 1);
	assert_int_equal(s, 2);
}

static void last_line_counts_only_when_ended(void **state)
{
	static struct ktap_tally t;

	(void)state;
	memset(&t, 0, sizeof(t));
	feed(&t, "# ktap-suite: a\nnot ok 1 x");
	assert_int_equal(t.suite[0].failed, 0);
	feed(&t, "\n");
	assert_int_equal(t.suite[0].failed, 1);
}

static void long_lines_and_names_are_cut(void **state)
{
	static struct ktap_tally t;
	char line[KTAP_TALLY_LINE * 2];

	(void)state;
	memset(&t, 0, sizeof(t));
	feed(&t, "# ktap-suite: a_very_long_program_name_indeed_longer_than_the_field\n");
	assert_int_equal(strlen(t.suite[0].name), KTAP_TALLY_NAME - 1);
	memset(line, 'x', sizeof(line));
	memcpy(line, "ok 1 ", 5);
	line[sizeof(line) - 1] = '\0';
	feed(&t, line);
	feed(&t, " # SKIP\n"); /* beyond the kept part: judged by the start, a pass */
	assert_int_equal(t.suite[0].passed, 1);
	assert_int_equal(t.suite[0].skipped, 0);
}

static void too_many_suites_go_to_the_last(void **state)
{
	static struct ktap_tally t;

	(void)state;
	memset(&t, 0, sizeof(t));
	for (int i = 0; i < KTAP_TALLY_SUITES + 3; i++)
		feed(&t, "# ktap-suite: s\nok 1 x\n");
	assert_int_equal(t.nr_suites, KTAP_TALLY_SUITES);
	assert_true(t.overflow);
	assert_int_equal(t.suite[KTAP_TALLY_SUITES - 1].passed, 4);
}

static void totals_close_a_suite_and_failures_are_named(void **state)
{
	static struct ktap_tally t;

	(void)state;
	memset(&t, 0, sizeof(t));
	feed(&t, "# ktap-suite: smp\nnot ok 1 migrate, then; stop # timeout\nnot ok 2 - two\n");
	feed(&t, "# Totals: pass:0 fail:2 xfail:0 xpass:0 skip:0 error:0\n");
	/* Another program's KTAP without an announcement (Linux's kselftests): no suite's. */
	feed(&t, "not ok 1 outside\nok 2 outside\n");
	assert_int_equal(t.suite[0].failed, 2);
	assert_int_equal(t.suite[0].passed, 0);
	assert_string_equal(t.failed, "smp/migrate_ then_ stop,smp/two");
	assert_int_equal(t.failed_dropped, 0);
	feed(&t, "# ktap-suite: mm\nnot ok 1 x\n");
	assert_string_equal(t.failed, "smp/migrate_ then_ stop,smp/two,mm/x");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts_pass_fail_skip),
		cmocka_unit_test(last_line_counts_only_when_ended),
		cmocka_unit_test(long_lines_and_names_are_cut),
		cmocka_unit_test(too_many_suites_go_to_the_last),
		cmocka_unit_test(totals_close_a_suite_and_failures_are_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

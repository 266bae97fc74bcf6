// SPDX-License-Identifier: MIT
/*
 * The verdict's rule and record (kernel/verdict/verdict.c): PASS only with nothing
 * failed and shadow stacks found, on and enabled by a test; NOT VALIDATED
 * when nothing failed but they were absent, switched off (shstk=off,
 * gcs=off), unusable or never enabled; FAIL on any failure, whatever the
 * hardware; the poweroff status of each; the record's exact text, and how
 * it is cut to fit (failed names first, then programs).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <kernel/panic.h>
#include <kernel/shstk.h>
#include <kernel/verdict.h>

static struct ktap_tally tally;

static void feed(const char *s)
{
	while (*s)
		ktap_tally_putc(&tally, *s++);
}

static struct verdict_facts facts(int status, const char *missing, unsigned long enables)
{
	return (struct verdict_facts){
		.status = status,
		.shstk_name = "CET shadow stacks",
		.shstk_missing = missing,
		.shstk_enables = enables,
		.shstk_faults = 2,
		.tally = &tally,
		.commit = "c917d2a",
		.arch = "x86_64",
		.cpu = "GenuineIntel 6.140.1",
		.microcode = "0xb4",
		.firmware = "SeaBIOS 1.16.2; x",
		.shstk_bits = "shstk:1,ibt:1",
		.ram_mib = 8192,
		.cpus_listed = 8,
		.cpus_ran = 8,
	};
}

static void setup_passing(void)
{
	memset(&tally, 0, sizeof(tally));
	feed("# ktap-suite: kernel\nok 1 a\nok 2 b\n# ktap-suite: shstk\nok 1 c\nok 2 d # SKIP "
	     "x\n");
}

static void three_outcomes(void **state)
{
	const char *why;
	struct verdict_facts f;

	(void)state;
	setup_passing();
	f = facts(POWEROFF_PASS, NULL, 3);
	assert_int_equal(verdict_decide(&f, &why), VERDICT_PASS);
	assert_int_equal(verdict_status(&f, VERDICT_PASS), 0);

	f = facts(POWEROFF_PASS, "the CPU has no CET shadow stacks", 0);
	assert_int_equal(verdict_decide(&f, &why), VERDICT_NOT_VALIDATED);
	assert_string_equal(why, "the CPU has no CET shadow stacks");
	assert_int_equal(verdict_status(&f, VERDICT_NOT_VALIDATED), POWEROFF_NOT_VALIDATED);
	assert_int_equal(POWEROFF_NOT_VALIDATED, 3);

	f = facts(POWEROFF_PASS, "CET shadow stacks switched off by shstk=off", 0);
	assert_int_equal(verdict_decide(&f, &why), VERDICT_NOT_VALIDATED);
	assert_string_equal(why, "CET shadow stacks switched off by shstk=off");

	/* On, but no test ever enabled one: the hardware was not used. */
	f = facts(POWEROFF_PASS, NULL, 0);
	assert_int_equal(verdict_decide(&f, &why), VERDICT_NOT_VALIDATED);
	assert_string_equal(why, "no test enabled a shadow stack");

	/* Failures win over everything. */
	f = facts(POWEROFF_FAIL, NULL, 3);
	assert_int_equal(verdict_decide(&f, &why), VERDICT_FAIL);
	assert_int_equal(verdict_status(&f, VERDICT_FAIL), POWEROFF_FAIL);
	f = facts(POWEROFF_PANIC, "the CPU has no CET shadow stacks", 0);
	assert_int_equal(verdict_decide(&f, &why), VERDICT_FAIL);
	assert_string_equal(why, "the kernel panicked");
	assert_int_equal(verdict_status(&f, VERDICT_FAIL), POWEROFF_PANIC);
	/* init said 0 but a case said "not ok": FAIL, status 1. */
	feed("not ok 3 e\n");
	f = facts(POWEROFF_PASS, "the CPU has no CET shadow stacks", 0);
	assert_int_equal(verdict_decide(&f, &why), VERDICT_FAIL);
	assert_string_equal(why, "a test case failed");
	assert_int_equal(verdict_status(&f, VERDICT_FAIL), POWEROFF_FAIL);
	assert_string_equal(verdict_name(VERDICT_NOT_VALIDATED), "NOT VALIDATED");
}

static void the_record(void **state)
{
	char buf[1024];
	struct verdict_facts f;

	(void)state;
	setup_passing();
	f = facts(POWEROFF_PASS, NULL, 3);
	verdict_record(&f, buf, sizeof(buf));
	assert_string_equal(buf, "umbra1;v=PASS;why=nothing failed, shadow stacks in use;k=c917d2a;"
				 "a=x86_64;cpu=GenuineIntel 6.140.1;uc=0xb4;fw=SeaBIOS 1.16.2, x;"
				 "ss=shstk:1,ibt:1;ram=8192;cpus=8/8;en=3;cp=2;t=3/0/1;"
				 "p=kernel 2,shstk 1/0/1");

	feed("not ok 3 case_one # why\nnot ok 4 - case,two\n");
	f = facts(POWEROFF_FAIL, NULL, 3);
	f.microcode = "";
	verdict_record(&f, buf, sizeof(buf));
	assert_string_equal(buf, "umbra1;v=FAIL;why=a test or init failed;k=c917d2a;a=x86_64;"
				 "cpu=GenuineIntel 6.140.1;fw=SeaBIOS 1.16.2, x;ss=shstk:1,ibt:1;"
				 "ram=8192;cpus=8/8;en=3;cp=2;t=3/2/1;p=kernel 2,shstk 1/2/1;"
				 "f=shstk/case_one,shstk/case_two");
}

/* Names shown in the record's f= list plus the N of its closing "+N". */
static unsigned int shown_plus_rest(const char *record)
{
	const char *f = strstr(record, ";f="), *plus = strrchr(record, '+');
	unsigned int names = 0;

	assert_non_null(f);
	assert_non_null(plus);
	for (const char *p = f; p < plus; p++)
		names += *p == '/';
	return names + (unsigned int)strtoul(plus + 1, NULL, 10);
}

static void cut_to_fit(void **state)
{
	char buf[1024];
	struct verdict_facts f;
	size_t full, n;

	(void)state;
	memset(&tally, 0, sizeof(tally));
	feed("# ktap-suite: kernel\n");
	for (int i = 0; i < 40; i++) {
		char line[64];

		snprintf(line, sizeof(line), "not ok %d a_rather_long_failing_case_%02d\n", i + 1,
			 i);
		feed(line);
	}
	f = facts(POWEROFF_FAIL, NULL, 1);
	full = verdict_record(&f, buf, sizeof(buf));
	assert_int_equal(full, strlen(buf));
	/* 40 names of 39 bytes do not fit in 1024: the list ends "+N" for the rest. */
	assert_non_null(strstr(buf, ";f=kernel/a_rather_long_failing_case_00,"));
	assert_int_equal(shown_plus_rest(buf), 40);
	assert_true(full < sizeof(buf));

	/* A small capacity: the fixed part and "+N" markers, never a cut name. */
	n = verdict_record(&f, buf, 330);
	assert_true(n < 330);
	assert_int_equal(n, strlen(buf));
	assert_non_null(strstr(buf, ";p=kernel 0/40/0;f=kernel/a_rather_long_failing_case_00,"));
	assert_int_equal(shown_plus_rest(buf), 40);

	/* Tally kept at most KTAP_TALLY_FAILED bytes of names; the rest are counted. */
	assert_true(tally.failed_len < KTAP_TALLY_FAILED);
	assert_true(tally.failed_dropped > 0 || tally.failed_len > 40 * 30);
}

static void counters(void **state)
{
	(void)state;
	assert_int_equal(shstk_enables(), 0);
	shstk_count_enable();
	shstk_count_enable();
	shstk_count_fault();
	assert_int_equal(shstk_enables(), 2);
	assert_int_equal(shstk_faults(), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(three_outcomes),
		cmocka_unit_test(the_record),
		cmocka_unit_test(cut_to_fit),
		cmocka_unit_test(counters),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

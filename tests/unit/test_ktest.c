// SPDX-License-Identifier: MIT
/*
 * kernel/verdict/ktest.c, the self-test runner: a case passes only when it ran at
 * least one check and every check held; a case that checks nothing (and
 * does not skip) is a failure, since it proves nothing; a skip is reported
 * as "ok N name # SKIP why"; the return value is the number of failures and
 * the totals line counts each kind.
 *
 * The .ktests section is faked: one table of cases whose bounds are the
 * __start_ktests / __stop_ktests symbols the kernel's linker script would
 * give. printk() writes into a buffer the tests read back.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <kernel/cmdline.h>
#include <kernel/ktest.h>
#include <kernel/printk.h>

/* ---- the command line: ktest.fail=NAME as a test sets it ---- */

struct cmdline kernel_cmdline;
static const char *fail_on_purpose;

const char *cmdline_get(const struct cmdline *c, const char *key)
{
	assert_ptr_equal(c, &kernel_cmdline);
	return strcmp(key, "ktest.fail") == 0 ? fail_on_purpose : NULL;
}

/* ---- printk into a buffer ---- */

static char out[8192];
static size_t out_len;

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out + out_len, sizeof(out) - out_len, fmt, ap);
	va_end(ap);
	assert_true(n >= 0 && (size_t)n < sizeof(out) - out_len);
	out_len += (size_t)n;
	return n;
}

static bool printed(const char *line)
{
	return strstr(out, line) != NULL;
}

/* ---- the cases, as KTEST() would make them ---- */

static void checks_hold(struct ktest_ctx *ctx)
{
	KTEST_EXPECT(ctx, 1 + 1 == 2);
	KTEST_EXPECT_EQ(ctx, 6 * 7, 42);
}

static void checks_nothing(struct ktest_ctx *ctx)
{
	(void)ctx;
}

static void skips(struct ktest_ctx *ctx)
{
	ktest_skip(ctx, "no such hardware");
}

static void one_check_fails(struct ktest_ctx *ctx)
{
	KTEST_EXPECT(ctx, true);
	KTEST_EXPECT_EQ(ctx, 1, 2);
}

static void skips_after_a_check(struct ktest_ctx *ctx)
{
	KTEST_EXPECT(ctx, true);
	ktest_skip(ctx, "half there");
}

#define NCASES 5

/* The faked section; sizeof(struct ktest) is what the symbols below step by. */
const struct ktest ktest_table[NCASES] = {
	{ "checks_hold", checks_hold },
	{ "checks_nothing", checks_nothing },
	{ "skips", skips },
	{ "one_check_fails", one_check_fails },
	{ "skips_after_a_check", skips_after_a_check },
};

_Static_assert(sizeof(struct ktest) == 16, "the symbol arithmetic below");
#define STR_(x) #x
#define STR(x) STR_(x)
__asm__(".globl __start_ktests\n"
	".set __start_ktests, ktest_table\n"
	".globl __stop_ktests\n"
	".set __stop_ktests, ktest_table + 16 * " STR(NCASES) "\n");

/* ---- tests ---- */

static int setup(void **state)
{
	(void)state;
	memset(out, 0, sizeof(out));
	out_len = 0;
	fail_on_purpose = NULL;
	return 0;
}

/* Two failures: the failing check, and the case that checked nothing. */
static void test_failures_counted(void **state)
{
	(void)state;
	assert_int_equal(ktest_run_all(), 2);
}

static void test_report_lines(void **state)
{
	(void)state;
	ktest_run_all();
	assert_true(printed("TAP version 13\n1..5\n"));
	assert_true(printed("\nok 1 checks_hold\n"));
	assert_true(printed("# checks_nothing ran no check: it proves nothing\n"));
	assert_true(printed("\nnot ok 2 checks_nothing\n"));
	assert_true(printed("\nok 3 skips # SKIP no such hardware\n"));
	assert_true(printed("expected 1 == 2, got 0x1 (1) and 0x2 (2)\n"));
	assert_true(printed("\nnot ok 4 one_check_fails\n"));
	assert_true(printed("\nok 5 skips_after_a_check # SKIP half there\n"));
	assert_true(printed("# Totals: pass:1 fail:2 xfail:0 xpass:0 skip:2 error:0\n"));
}

/* ktest.fail=NAME: that case is reported failed, with the reason, whatever it found. */
static void test_fail_on_purpose(void **state)
{
	(void)state;
	fail_on_purpose = "checks_hold";
	assert_int_equal(ktest_run_all(), 3);
	assert_true(printed("# checks_hold: failed on purpose (ktest.fail=checks_hold)\n"));
	assert_true(printed("\nnot ok 1 checks_hold\n"));
	assert_true(printed("# Totals: pass:0 fail:3 xfail:0 xpass:0 skip:2 error:0\n"));
}

/* A name no case has fails nothing: the run's verdict is its cases' own. */
static void test_fail_on_purpose_unknown_name(void **state)
{
	(void)state;
	fail_on_purpose = "no_such_case";
	assert_int_equal(ktest_run_all(), 2);
	assert_true(printed("\nok 1 checks_hold\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_failures_counted, setup),
		cmocka_unit_test_setup(test_report_lines, setup),
		cmocka_unit_test_setup(test_fail_on_purpose, setup),
		cmocka_unit_test_setup(test_fail_on_purpose_unknown_name, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

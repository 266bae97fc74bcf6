// SPDX-License-Identifier: MIT
/*
 * kernel/cmdline.c splits a command line into key=value words and bare
 * flags: values come back exactly (quotes grouping and dropped, '=' after the
 * first kept), absent keys give NULL, the last occurrence wins, any run of
 * spaces, tabs and newlines separates words, empty and NULL text give no
 * words, and too long a text (> 511 characters) or too many words (> 32) set
 * truncated. Words after a "--" word are init's arguments, whole ("a=b"
 * stays one word), never kernel keys; at most 32 of them.
 * cmdline_get_ulong() accepts exactly decimal and 0x hex numbers that fit an
 * unsigned long. cmdline_init_args() gives init Linux's argv and envp: the
 * kernel's parameters, init=, dotted keys and boot-loader tags kept back,
 * key=value to the environment, bare words and all after "--" to argv, at
 * most 32 arguments and 33 environment strings.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <kernel/cmdline.h>

/*
 * cmdline.c uses the kernel libc's strlcpy(), which the host glibc (before
 * 2.38) lacks; libc/string/string.c is not linked into host tests, so here is
 * a plain BSD-semantics one.
 */
size_t strlcpy(char *dst, const char *src, size_t size);
size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len < size - 1 ? len : size - 1;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

static struct cmdline cl;

static void parse(const char *text)
{
	memset(&cl, 0x5a, sizeof(cl)); /* no reliance on a zeroed struct */
	cmdline_parse(&cl, text);
}

static void assert_value(const char *key, const char *want)
{
	const char *got = cmdline_get(&cl, key);

	if (!want) {
		assert_null(got);
		return;
	}
	assert_non_null(got);
	assert_string_equal(got, want);
}

static void test_key_value_and_flags(void **state)
{
	(void)state;
	parse("console=ttyS0 loglevel=7 quiet");
	assert_int_equal(cl.nr_words, 3);
	assert_false(cl.truncated);
	assert_string_equal(cl.words[0].key, "console");
	assert_string_equal(cl.words[0].value, "ttyS0");
	assert_string_equal(cl.words[2].key, "quiet");
	assert_string_equal(cl.words[2].value, "");
	assert_value("console", "ttyS0");
	assert_value("loglevel", "7");
	assert_value("quiet", ""); /* a bare flag */
	assert_value("missing", NULL);
	assert_value("log", NULL); /* no prefix matches */
	assert_value("loglevel=7", NULL);
	assert_value("Quiet", NULL); /* case matters */
	assert_value("", NULL);
}

static void test_last_occurrence_wins(void **state)
{
	(void)state;
	parse("a=1 b=2 a=3");
	assert_int_equal(cl.nr_words, 3);
	assert_value("a", "3");
	assert_value("b", "2");
	parse("a=1 a=2 a");
	assert_value("a", "");
	parse("flag x=1 flag=on");
	assert_value("flag", "on");
}

static void test_quotes(void **state)
{
	(void)state;
	parse("msg=\"hello world\" x=1");
	assert_int_equal(cl.nr_words, 2);
	assert_value("msg", "hello world");
	assert_value("x", "1");

	parse("empty=\"\" tab=\"a\tb\" nl=\"a\nb\"");
	assert_int_equal(cl.nr_words, 3);
	assert_value("empty", "");
	assert_value("tab", "a\tb");
	assert_value("nl", "a\nb");

	parse("mid=ab\"c d\"e \"spaced key\"=v");
	assert_int_equal(cl.nr_words, 2);
	assert_value("mid", "abc de");
	assert_value("spaced key", "v");

	parse("q=\"a=b c\" r=\"x");
	assert_value("q", "a=b c");
	assert_value("r", "x"); /* an unterminated quote runs to the end */

	parse("open=\"one two three");
	assert_int_equal(cl.nr_words, 1);
	assert_value("open", "one two three");
}

static void test_equals_inside_value(void **state)
{
	(void)state;
	parse("a=b=c root=UUID=1234 k= =v");
	assert_int_equal(cl.nr_words, 4);
	assert_value("a", "b=c");
	assert_value("root", "UUID=1234");
	assert_value("k", ""); /* present, empty value */
	assert_string_equal(cl.words[3].key, "");
	assert_string_equal(cl.words[3].value, "v");
}

static void test_whitespace(void **state)
{
	(void)state;
	parse("  \t a=1 \n\n\tb \t  c=x\t");
	assert_int_equal(cl.nr_words, 3);
	assert_false(cl.truncated);
	assert_string_equal(cl.words[0].key, "a");
	assert_string_equal(cl.words[0].value, "1");
	assert_string_equal(cl.words[1].key, "b");
	assert_string_equal(cl.words[1].value, "");
	assert_string_equal(cl.words[2].key, "c");
	assert_string_equal(cl.words[2].value, "x");

	parse(" \t\n ");
	assert_int_equal(cl.nr_words, 0);
	assert_false(cl.truncated);
}

static void test_empty_and_null(void **state)
{
	const char *text = "keep=me";

	(void)state;
	parse("");
	assert_int_equal(cl.nr_words, 0);
	assert_false(cl.truncated);
	assert_value("anything", NULL);

	parse(NULL);
	assert_int_equal(cl.nr_words, 0);
	assert_false(cl.truncated);
	assert_value("anything", NULL);

	/* The text is copied, never modified. */
	parse(text);
	assert_string_equal(text, "keep=me");
	assert_true(cl.words[0].key >= cl.buf && cl.words[0].key < cl.buf + sizeof(cl.buf));
}

static void test_truncated_by_length(void **state)
{
	char text[700], want[700];

	(void)state;
	/* 511 characters fit. */
	memset(text, 'x', sizeof(text));
	memcpy(text, "k=", 2);
	text[CMDLINE_MAX_LEN - 1] = '\0';
	assert_int_equal(strlen(text), 511);
	parse(text);
	assert_false(cl.truncated);
	assert_int_equal(cl.nr_words, 1);
	assert_value("k", text + 2);

	/* 512 do not: the value is cut to the 509 that fit after "k=". */
	text[CMDLINE_MAX_LEN - 1] = 'x';
	text[CMDLINE_MAX_LEN] = '\0';
	parse(text);
	assert_true(cl.truncated);
	memset(want, 'x', 509);
	want[509] = '\0';
	assert_value("k", want);

	/* A long text: the words before the cut are all there. */
	text[sizeof(text) - 1] = '\0';
	memcpy(text, "a=1 b=2 k=", 10);
	parse(text);
	assert_true(cl.truncated);
	assert_int_equal(cl.nr_words, 3);
	assert_value("a", "1");
	assert_value("b", "2");
	assert_int_equal(strlen(cmdline_get(&cl, "k")), 511 - 10);
}

static void test_truncated_by_word_count(void **state)
{
	char text[400];
	size_t len = 0;

	(void)state;
	for (int i = 0; i < CMDLINE_MAX_WORDS; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, "w%d=%d ", i, i);
	parse(text); /* 32 words and a trailing space */
	assert_false(cl.truncated);
	assert_int_equal(cl.nr_words, CMDLINE_MAX_WORDS);
	assert_value("w0", "0");
	assert_value("w31", "31");

	snprintf(text + len, sizeof(text) - len, "w32=32 w33");
	parse(text);
	assert_true(cl.truncated);
	assert_int_equal(cl.nr_words, CMDLINE_MAX_WORDS);
	assert_value("w31", "31");
	assert_value("w32", NULL);
	assert_value("w33", NULL);
}

static void assert_ulong(const char *key, unsigned long want)
{
	unsigned long v = 12345;

	assert_true(cmdline_get_ulong(&cl, key, &v));
	assert_int_equal(v, want);
}

static void assert_not_ulong(const char *key)
{
	unsigned long v = 12345;

	assert_false(cmdline_get_ulong(&cl, key, &v));
}

static void test_get_ulong(void **state)
{
	(void)state;
	parse("zero=0 n=42 lead=007 hex=0x1F HEX=0XfF hz=0x0 max=18446744073709551615 "
	      "hmax=0xffffffffffffffff over=18446744073709551616 hover=0x10000000000000000 "
	      "big=99999999999999999999 bad=12a x=0x g=0x1g neg=-1 plus=+1 sp=\" 1\" "
	      "empty= flag oct=0o7 dot=1.5");
	assert_false(cl.truncated);
	assert_ulong("zero", 0);
	assert_ulong("n", 42);
	assert_ulong("lead", 7);
	assert_ulong("hex", 31);
	assert_ulong("HEX", 255);
	assert_ulong("hz", 0);
	assert_ulong("max", ULONG_MAX);
	assert_ulong("hmax", ULONG_MAX);
	assert_not_ulong("over");
	assert_not_ulong("hover");
	assert_not_ulong("big");
	assert_not_ulong("bad");
	assert_not_ulong("x");
	assert_not_ulong("g");
	assert_not_ulong("neg");
	assert_not_ulong("plus");
	assert_not_ulong("sp");
	assert_not_ulong("empty");
	assert_not_ulong("flag");
	assert_not_ulong("oct");
	assert_not_ulong("dot");
	assert_not_ulong("absent");
}

static void test_init_args_after_dashes(void **state)
{
	char text[400];
	size_t len = 0;

	(void)state;
	parse("init=/bin/bench loglevel=7 -- runs=100 live \"two words\" -- x");
	assert_false(cl.truncated);
	assert_int_equal(cl.nr_words, 2);
	assert_value("init", "/bin/bench");
	assert_value("loglevel", "7");
	assert_value("runs", NULL); /* init's, not the kernel's */
	assert_value("live", NULL);
	assert_value("--", NULL);
	assert_int_equal(cl.nr_init_args, 5);
	assert_string_equal(cl.init_args[0], "runs=100"); /* whole, '=' kept */
	assert_string_equal(cl.init_args[1], "live");
	assert_string_equal(cl.init_args[2], "two words");
	assert_string_equal(cl.init_args[3], "--"); /* only the first one separates */
	assert_string_equal(cl.init_args[4], "x");

	parse("a=1 b");
	assert_int_equal(cl.nr_init_args, 0);
	parse("a=1 --");
	assert_int_equal(cl.nr_words, 1);
	assert_int_equal(cl.nr_init_args, 0);
	parse("-- a=1");
	assert_int_equal(cl.nr_words, 0);
	assert_value("a", NULL);
	assert_int_equal(cl.nr_init_args, 1);
	parse("a=--x --b \"--\" c");
	assert_value("a", "--x");
	assert_value("--b", "");
	assert_int_equal(cl.nr_init_args, 1); /* a quoted "--" separates too, as on Linux */
	assert_string_equal(cl.init_args[0], "c");

	/* 32 arguments fit, the 33rd sets truncated. */
	len = (size_t)snprintf(text, sizeof(text), "k=v --");
	for (int i = 0; i < CMDLINE_MAX_INIT_ARGS; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, " a%d", i);
	parse(text);
	assert_false(cl.truncated);
	assert_int_equal(cl.nr_init_args, CMDLINE_MAX_INIT_ARGS);
	assert_string_equal(cl.init_args[31], "a31");
	snprintf(text + len, sizeof(text) - len, " a32");
	parse(text);
	assert_true(cl.truncated);
	assert_int_equal(cl.nr_init_args, CMDLINE_MAX_INIT_ARGS);
	assert_value("k", "v");
}

static const char *const known[] = { "loglevel", "shstk", NULL };
static struct init_args ia;

/* Builds init's argv/envp from text: the overflowing word, or NULL. */
static const char *init_of(const char *text, const char **which)
{
	parse(text);
	memset(&ia, 0x5a, sizeof(ia));
	*which = "";
	return cmdline_init_args(&cl, known, &ia, which);
}

static void assert_list(const char *const *got, unsigned int n, const char *const want[])
{
	unsigned int i = 0;

	for (; want[i]; i++) {
		assert_true(i < n);
		assert_string_equal(got[i], want[i]);
	}
	assert_int_equal(n, i);
	assert_null(got[n]);
}

/*
 * Linux's init/main.c rule: known parameters, init=, dotted keys and the
 * boot loader's tags stay in the kernel; key=value goes to the
 * environment (replacing the same key, HOME=/ and TERM=linux first), bare
 * words and everything after "--" to argv, in order.
 */
static void test_init_args_linux_rule(void **state)
{
	const char *which;

	(void)state;
	assert_null(init_of("loglevel=7 ktest.cmdline=umbra shstk=off quiet FOO=bar x.y "
			    "BOOT_IMAGE=/vmlinuz kexec TERM=vt100 e= -- a=b c",
			    &which));
	assert_null(ia.argv[0]);
	assert_list(ia.argv + 1, ia.argc - 1, (const char *const[]){ "quiet", "a=b", "c", NULL });
	assert_list(ia.envp, ia.envc,
		    (const char *const[]){ "HOME=/", "TERM=vt100", "FOO=bar", "e=", NULL });

	/* init= drops the bare words before it (Linux's LILO "auto" rule), not after. */
	assert_null(init_of("one init=/bin/x two init three", &which));
	assert_list(ia.argv + 1, ia.argc - 1,
		    (const char *const[]){ "two", "init", "three", NULL });
	assert_null(init_of("", &which));
	assert_int_equal(ia.argc, 1);
	assert_list(ia.envp, ia.envc, (const char *const[]){ "HOME=/", "TERM=linux", NULL });
	/* A quoted value keeps its spaces, its quotes dropped. */
	assert_null(init_of("A=\"x y\"", &which));
	assert_string_equal(ia.envp[2], "A=x y");
}

/* 32 arguments and 33 environment strings fit, as in Linux's arrays; one more overflows. */
static void test_init_args_limits(void **state)
{
	char text[CMDLINE_MAX_LEN];
	const char *which;
	size_t len = (size_t)snprintf(text, sizeof(text), "--");

	(void)state;
	for (int i = 0; i < CMDLINE_INIT_MAX_ARGS; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, " %d", i);
	assert_null(init_of(text, &which));
	assert_int_equal(ia.argc, 1 + CMDLINE_INIT_MAX_ARGS);
	snprintf(text, sizeof(text), "x --");
	len = strlen(text);
	for (int i = 0; i < CMDLINE_INIT_MAX_ARGS; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, " %d", i);
	assert_string_equal(init_of(text, &which), "31");
	assert_string_equal(which, "init");

	len = 0;
	for (int i = 0; i < CMDLINE_INIT_MAX_ENVS - 1; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, "%sv%d=", i ? " " : "", i);
	assert_null(init_of(text, &which));
	assert_int_equal(ia.envc, CMDLINE_INIT_MAX_ENVS + 1);
	snprintf(text + len, sizeof(text) - len, " HOME=/root");
	assert_null(init_of(text, &which)); /* replacing takes no room */
	assert_string_equal(ia.envp[0], "HOME=/root");
	snprintf(text + len, sizeof(text) - len, " w=1");
	assert_string_equal(init_of(text, &which), "w=1"); /* one too many */
	assert_string_equal(which, "env");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_value_and_flags),
		cmocka_unit_test(test_last_occurrence_wins),
		cmocka_unit_test(test_quotes),
		cmocka_unit_test(test_equals_inside_value),
		cmocka_unit_test(test_whitespace),
		cmocka_unit_test(test_empty_and_null),
		cmocka_unit_test(test_truncated_by_length),
		cmocka_unit_test(test_truncated_by_word_count),
		cmocka_unit_test(test_get_ulong),
		cmocka_unit_test(test_init_args_after_dashes),
		cmocka_unit_test(test_init_args_linux_rule),
		cmocka_unit_test(test_init_args_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

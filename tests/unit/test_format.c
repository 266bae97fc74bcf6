// SPDX-License-Identifier: MIT
/*
 * libc/fmt/format.c produces, for every conversion it supports, exactly what
 * the host's glibc snprintf produces (string and return value), over a
 * hand-written table and a generated grid of flags x width x precision x
 * conversion x value; that a few outputs are exactly the expected strings;
 * and that snprintf truncation follows C99 (size 0, size 1, exact fit,
 * return value is the untruncated length, no byte written past size).
 *
 * format.c is compiled with its functions renamed umbra_* (see Makefile),
 * so both implementations can be called from here.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <string.h>
#include <cmocka.h>

typedef void (*format_sink_t)(char c, void *ctx);
int umbra_vformat(format_sink_t sink, void *ctx, const char *fmt, va_list ap);
int umbra_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int umbra_snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static char ubuf[256], hbuf[256];

/* Not constants, so gcc does not warn about the deliberate NULL %s / truncation. */
static const char *volatile null_str;
static volatile size_t eight = 8;

static void check_same(int un, int hn, const char *fmt, const char *file, int line)
{
	if (un != hn || strcmp(ubuf, hbuf) != 0)
		print_error("format \"%s\": umbra \"%s\" (%d), host \"%s\" (%d)\n", fmt, ubuf, un,
			    hbuf, hn);
	_assert_string_equal(ubuf, hbuf, file, line);
	_assert_int_equal(un, hn, file, line);
}

/*
 * Formats the same arguments with both implementations and compares. The
 * format goes through a variable: many cases deliberately combine flags that
 * gcc's -Wformat flags as "ignored" (e.g. '0' with a precision), which is
 * exactly the behaviour being compared.
 */
#define SAME(fmt, ...)                                                           \
	do {                                                                     \
		const char *f_ = (fmt);                                          \
		int un_ = umbra_snprintf(ubuf, sizeof(ubuf), f_, ##__VA_ARGS__); \
		int hn_ = snprintf(hbuf, sizeof(hbuf), f_, ##__VA_ARGS__);       \
		check_same(un_, hn_, f_, __FILE__, __LINE__);                    \
	} while (0)

/* Exact expected output and return value. */
#define EXPECT(want, fmt, ...)                                                   \
	do {                                                                     \
		int n_ = umbra_snprintf(ubuf, sizeof(ubuf), fmt, ##__VA_ARGS__); \
		assert_string_equal(ubuf, want);                                 \
		assert_int_equal(n_, strlen(want));                              \
	} while (0)

static void test_exact_strings(void **state)
{
	(void)state;
	EXPECT("plain text", "plain text");
	EXPECT("42 -7 ff FF 17", "%d %i %x %X %o", 42, -7, 255, 255, 15);
	EXPECT("[   42][42   ][00042][+42][ 42]", "[%5d][%-5d][%05d][%+d][% d]", 42, 42, 42, 42,
	       42);
	EXPECT("0x1f 0X1F 017 0", "%#x %#X %#o %#x", 31, 31, 15, 0);
	EXPECT("[hel][  hello][x]", "[%.3s][%7s][%c]", "hello", "hello", 'x');
	EXPECT("100%", "%d%%", 100);
	EXPECT("(null) (nil)", "%s %p", null_str, (void *)NULL);
	EXPECT("0xdeadbeef", "%p", (void *)0xdeadbeef);
	EXPECT("-9223372036854775808", "%lld", LLONG_MIN);
	EXPECT("18446744073709551615", "%llu", ULLONG_MAX);
	EXPECT("1777777777777777777777", "%jo", UINTMAX_MAX);
}

static void test_signed(void **state)
{
	(void)state;
	SAME("%d", 0);
	SAME("%d", 1);
	SAME("%d", -1);
	SAME("%d", INT_MAX);
	SAME("%d", INT_MIN);
	SAME("%i", -12345);
	SAME("%+d %+d %+d", 5, -5, 0);
	SAME("% d % d % d", 5, -5, 0);
	SAME("%+ d % +d", 5, 5);
	SAME("%08d|%-8d|%8d", -123, -123, -123);
	SAME("%.5d|%.0d|%.0d|%5.0d|%-5.0d|", -12, 0, 7, 0, 0);
	SAME("%+.0d|% .0d|%+5.0d", 0, 0, 0);
	SAME("%08.3d|%-08.3d|%+08d|% 08d", 12, 12, 12, 12);
	SAME("%.10d|%12.10d|%-12.10d|", INT_MIN, -1, 1);
}

static void test_unsigned_hex_octal(void **state)
{
	(void)state;
	SAME("%u %u %u", 0u, 1u, UINT_MAX);
	SAME("%x %X %o", 0u, 0u, 0u);
	SAME("%x %X %o", 0xabcdefu, 0xabcdefu, 0777u);
	SAME("%x %X %o", UINT_MAX, UINT_MAX, UINT_MAX);
	SAME("%x %o %u", -1, -1, -1);
	SAME("%#x %#X %#o", 0u, 0u, 0u);
	SAME("%#.0x|%#.0o|%.0x|%.0o|", 0u, 0u, 0u, 0u);
	SAME("%#x %#X %#o", 1u, 0x2au, 8u);
	SAME("%#10x|%-#10x|%#010x|%#010o", 255u, 255u, 255u, 8u);
	SAME("%#.5o|%#.1o|%#.2o|%#3o|%#.3o", 8u, 8u, 8u, 0u, 0u);
	SAME("%#.6x|%#12.6X|%010.4x", 0xabu, 0xabu, 0xabu);
}

/*
 * C11 7.21.6.1p6: '+' and ' ' apply to signed conversions only, so "%+u" of
 * 5 is "5" (glibc agrees).
 */
static void test_plus_space_ignored_for_unsigned(void **state)
{
	(void)state;
	/* '+' and ' ' apply to signed conversions only (C11 7.21.6.1p6). */
	SAME("%+u % u", 5u, 5u);
	SAME("[%+u][% u][%+5u][% 05u][%+lu]", 0u, 0u, 7u, 7u, ULONG_MAX);
}

static void test_star(void **state)
{
	(void)state;
	SAME("[%*d]", 6, 42);
	SAME("[%*d]", -6, 42); /* a negative width means '-' */
	SAME("[%.*d]", 4, 42);
	SAME("[%.*d]", -4, 42); /* a negative precision is absent */
	SAME("[%0*.*d]", 8, -1, 42);
	SAME("[%*.*s]", 8, 3, "abcdef");
	SAME("[%-*.*x]", 10, 6, 0xbeefu);
	SAME("[%*c][%-*c]", 3, 'a', 3, 'b');
	SAME("[%.*s]", 0, "gone");
	SAME("[%0*d][%0*x]", -6, 42, -4, 0xau); /* '-' from the width beats '0' */
	SAME("[%*.*d]", -7, -3, -5);
}

static void test_length_modifiers(void **state)
{
	(void)state;
	SAME("%hhd %hhd %hhd", 127, 128, 200);
	SAME("%hhu %hhx %hho", 257, 0x1ff, 511);
	SAME("%hd %hd %hu %hx", 32767, 40000, 70000, 0x12345);
	SAME("%ld %ld %lu %lx", LONG_MAX, LONG_MIN, ULONG_MAX, ULONG_MAX);
	SAME("%lld %llx %llo", LLONG_MIN, ULLONG_MAX, ULLONG_MAX);
	SAME("%zu %zx %zd", (size_t)SIZE_MAX, (size_t)0x1234, (ssize_t)-5);
	SAME("%td %tu %tx", (ptrdiff_t)PTRDIFF_MIN, (ptrdiff_t)77, (ptrdiff_t)-1);
	SAME("%jd %ju %jx", INTMAX_MIN, UINTMAX_MAX, UINTMAX_MAX);
	SAME("%+lld|% 25lld|%-25llu|%025llx", 1ll, -1ll, 1ull, 1ull);
	SAME("%#llo %#llX", 1ull << 63, 1ull << 63);
}

static void test_char_string_percent(void **state)
{
	(void)state;
	SAME("%c%c%c", 'a', 'B', '9');
	SAME("[%5c][%-5c][%1c]", 'x', 'y', 'z');
	SAME("%s|%s|%s", "", "a", "hello world");
	SAME("[%10s][%-10s][%.2s][%10.2s][%-10.2s][%.20s]", "abc", "abc", "abc", "abc", "abc",
	     "abc");
	SAME("[%s][%10s][%-10s][%.6s]", null_str, null_str, null_str, null_str);
	SAME("%%|x%%y|%%%%");
	SAME("%d%s%c%x%%", 1, "two", '3', 4u);
}

/*
 * Not C (undefined), but documented in format.c: an unknown conversion is
 * printed verbatim, and a lone '%' at the end is printed.
 */
static void test_unknown_conversion_verbatim(void **state)
{
	const char *fmt;

	(void)state;
	fmt = "a%yb";
	EXPECT("a%yb", fmt);
	fmt = "[%-5.2ly]";
	EXPECT("[%-5.2ly]", fmt);
	fmt = "100%";
	EXPECT("100%", fmt);
	fmt = "%q%d";
	EXPECT("%q7", fmt, 7);
}

static void test_pointer(void **state)
{
	const char *fmt;
	int x;

	(void)state;
	SAME("%p", (void *)&x);
	SAME("%p|%20p|%-20p|", (void *)0x1, (void *)0x1234, (void *)0x1234);
	SAME("%p|%20p|%-20p|", (void *)NULL, (void *)NULL, (void *)NULL);
	SAME("%p", (void *)UINTPTR_MAX);
	/*
	 * C leaves precision and '0' with %p undefined; glibc treats %p as %#lx
	 * and "(nil)" as a string. Non-literal formats: gcc would reject them.
	 */
	fmt = "[%.10p][%24.20p]";
	SAME(fmt, (void *)0xabcu, (void *)0xabcu);
	fmt = "[%.0p][%10.3p]";
	SAME(fmt, (void *)NULL, (void *)NULL);
	fmt = "[%020p][%020p][%#p]";
	SAME(fmt, (void *)0x1234, (void *)NULL, (void *)0x99);
}

/*
 * The generated table: every combination of the flags "-0+ #", a few field
 * widths and precisions, each integer conversion and a spread of values.
 */
static void test_generated_grid(void **state)
{
	static const char *const widths[] = { "", "1", "5", "12" };
	static const char *const precs[] = { "", ".", ".0", ".1", ".3", ".10" };
	static const char convs[] = "diuxXo";
	static const int values[] = { 0,   1,	 -1,   7,     8,       15,     16,
				      255, -255, 4096, 99999, INT_MAX, INT_MIN };
	char fmt[32];
	unsigned int cases = 0;

	(void)state;
	for (unsigned int flags = 0; flags < 32; flags++) {
		char fl[6];
		unsigned int n = 0;

		for (unsigned int b = 0; b < 5; b++) {
			if (flags & (1u << b))
				fl[n++] = "-0+ #"[b];
		}
		fl[n] = '\0';
		for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
			for (size_t p = 0; p < sizeof(precs) / sizeof(precs[0]); p++) {
				for (const char *c = convs; *c; c++) {
					/* '#' is only defined for x, X, o. */
					if ((flags & 16) && !strchr("xXo", *c))
						continue;
					snprintf(fmt, sizeof(fmt), "[%%%s%s%s%c]", fl, widths[w],
						 precs[p], *c);
					for (size_t v = 0; v < sizeof(values) / sizeof(values[0]);
					     v++) {
						SAME(fmt, values[v]);
						cases++;
					}
				}
			}
		}
	}
	/* 16 flag sets without '#' x 6 conversions, 16 with '#' x 3;
	 * 4 widths, 6 precisions, 13 values. */
	assert_int_equal(cases, (16 * 6 + 16 * 3) * 4 * 6 * 13);
}

static void test_generated_long(void **state)
{
	static const char *const specs[] = { "%lld",	 "%llu",     "%llx",	 "%llo",
					     "%+20lld",	 "%-#25llx", "%#.30llo", "%030lld",
					     "% .22lld", "%.0llu" };
	static const long long values[] = {
		0, 1, -1, 1ll << 32, -(1ll << 40), LLONG_MAX, LLONG_MIN
	};

	(void)state;
	for (size_t s = 0; s < sizeof(specs) / sizeof(specs[0]); s++) {
		for (size_t v = 0; v < sizeof(values) / sizeof(values[0]); v++)
			SAME(specs[s], values[v]);
	}
}

static void test_truncation(void **state)
{
	char buf[16];

	(void)state;
	/* size 0: nothing written, NULL is fine, full length returned. */
	assert_int_equal(umbra_snprintf(NULL, 0, "%d", 12345), 5);
	memset(buf, 'X', sizeof(buf));
	assert_int_equal(umbra_snprintf(buf, 0, "%s", "abc"), 3);
	assert_int_equal(buf[0], 'X');

	/* size 1: only the NUL. */
	memset(buf, 'X', sizeof(buf));
	assert_int_equal(umbra_snprintf(buf, 1, "%s", "abc"), 3);
	assert_int_equal(buf[0], '\0');
	assert_int_equal(buf[1], 'X');

	/* Exact fit: 5 characters + NUL in 6 bytes. */
	memset(buf, 'X', sizeof(buf));
	assert_int_equal(umbra_snprintf(buf, 6, "%d", 12345), 5);
	assert_string_equal(buf, "12345");
	assert_int_equal(buf[6], 'X');

	/* One short: the last character gives way to the NUL. */
	memset(buf, 'X', sizeof(buf));
	assert_int_equal(umbra_snprintf(buf, 5, "%d", 12345), 5);
	assert_string_equal(buf, "1234");
	assert_int_equal(buf[5], 'X');

	/* Padding and prefixes are cut at the same place as glibc's. */
	memset(buf, 'X', sizeof(buf));
	memset(hbuf, 'X', sizeof(hbuf));
	assert_int_equal(umbra_snprintf(buf, eight, "%#20x|%s", 0xabcu, "tail"), 25);
	assert_int_equal(snprintf(hbuf, eight, "%#20x|%s", 0xabcu, "tail"), 25);
	assert_memory_equal(buf, hbuf, 9);

	/* An empty result in a 1-byte buffer. */
	buf[0] = 'X';
	assert_int_equal(umbra_snprintf(buf, 1, "%s", ""), 0);
	assert_int_equal(buf[0], '\0');
}

struct collect {
	char out[64];
	int n;
};

static void collect_sink(char c, void *ctx)
{
	struct collect *col = ctx;

	col->out[col->n++] = c;
}

static int call_vformat(struct collect *col, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = umbra_vformat(collect_sink, col, fmt, ap);
	va_end(ap);
	return n;
}

static int call_vsnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = umbra_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

static void test_vformat_sink(void **state)
{
	struct collect col = { .n = 0 };
	char buf[8];

	(void)state;
	/* Every character reaches the sink, a NUL from %c included. */
	assert_int_equal(call_vformat(&col, "a%cb%3d", '\0', 7), 6);
	assert_int_equal(col.n, 6);
	assert_memory_equal(col.out, "a\0b  7", 6);

	assert_int_equal(call_vsnprintf(buf, sizeof(buf), "%s-%u", "ab", 99u), 5);
	assert_string_equal(buf, "ab-99");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_strings),
		cmocka_unit_test(test_signed),
		cmocka_unit_test(test_unsigned_hex_octal),
		cmocka_unit_test(test_plus_space_ignored_for_unsigned),
		cmocka_unit_test(test_star),
		cmocka_unit_test(test_length_modifiers),
		cmocka_unit_test(test_char_string_percent),
		cmocka_unit_test(test_unknown_conversion_verbatim),
		cmocka_unit_test(test_pointer),
		cmocka_unit_test(test_generated_grid),
		cmocka_unit_test(test_generated_long),
		cmocka_unit_test(test_truncation),
		cmocka_unit_test(test_vformat_sink),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

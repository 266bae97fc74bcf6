// SPDX-License-Identifier: MIT
/*
 * The formatting core behind printk() and printf(). It follows C11 7.21.6.1
 * for the conversions it supports, so host unit tests can compare it with the
 * host C library character for character. No floating point: the kernel is
 * built without SSE.
 */
#include <format.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

struct spec {
	bool left;     /* '-': pad on the right */
	bool zero;     /* '0': pad numbers with zeros */
	bool plus;     /* '+': always print a sign */
	bool space;    /* ' ': a space where '+' would go */
	bool alt;      /* '#': 0x prefix for %x, leading 0 for %o */
	int width;     /* -1 when absent */
	int precision; /* -1 when absent */
};

struct out {
	format_sink_t sink;
	void *ctx;
	int count;
};

static void emit(struct out *o, char c)
{
	o->sink(c, o->ctx);
	o->count++;
}

static void emit_repeat(struct out *o, char c, int n)
{
	while (n-- > 0)
		emit(o, c);
}

/* Emits a string of len bytes padded to the field width. */
static void emit_padded(struct out *o, const struct spec *sp, const char *s, int len)
{
	int pad = sp->width > len ? sp->width - len : 0;

	if (!sp->left)
		emit_repeat(o, ' ', pad);
	while (len--)
		emit(o, *s++);
	if (sp->left)
		emit_repeat(o, ' ', pad);
}

/*
 * Emits an integer: value is the magnitude, negative says whether a '-' is
 * due. Layout is [pad][sign][prefix][zeros][digits][pad].
 */
static void emit_number(struct out *o, const struct spec *sp, uintmax_t value, bool negative,
			unsigned base, bool upper, bool is_pointer, bool is_signed)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char buf[32];
	int len = 0;
	const char *prefix = "";
	char sign = 0;

	while (value) {
		// cppcheck-suppress zerodivcond ; base is always 8, 10 or 16
		buf[len++] = digits[value % base];
		value /= base;
	}
	/* C11: precision 0 with value 0 prints no digits, except "%#o" prints "0". */
	if (len == 0 && sp->precision != 0)
		buf[len++] = '0';

	if (negative)
		sign = '-';
	else if (sp->plus && is_signed)
		sign = '+';
	else if (sp->space && is_signed)
		sign = ' ';

	if ((sp->alt || is_pointer) && base == 16 &&
	    (len > 0 && !(len == 1 && buf[0] == '0' && !is_pointer)))
		prefix = upper ? "0X" : "0x";
	if (sp->alt && base == 8 && (len == 0 || buf[len - 1] != '0')) {
		/* The '#' flag for %o raises the precision so the first digit is 0. */
		buf[len++] = '0';
	}

	int zeros = sp->precision > len ? sp->precision - len : 0;
	int body = (sign ? 1 : 0) + (int)strlen(prefix) + zeros + len;
	int pad = sp->width > body ? sp->width - body : 0;

	/* '0' is ignored with '-' and whenever a precision is given. */
	if (sp->zero && !sp->left && sp->precision < 0) {
		zeros += pad;
		pad = 0;
	}
	if (!sp->left)
		emit_repeat(o, ' ', pad);
	if (sign)
		emit(o, sign);
	for (const char *p = prefix; *p; p++)
		emit(o, *p);
	emit_repeat(o, '0', zeros);
	while (len)
		emit(o, buf[--len]);
	if (sp->left)
		emit_repeat(o, ' ', pad);
}

enum length { LEN_INT, LEN_CHAR, LEN_SHORT, LEN_LONG, LEN_LLONG, LEN_SIZE, LEN_PTRDIFF, LEN_MAX };

static enum length parse_length(const char **fmt)
{
	const char *f = *fmt;
	enum length len = LEN_INT;

	switch (*f) {
	case 'h':
		len = (f[1] == 'h') ? LEN_CHAR : LEN_SHORT;
		f += (f[1] == 'h') ? 2 : 1;
		break;
	case 'l':
		len = (f[1] == 'l') ? LEN_LLONG : LEN_LONG;
		f += (f[1] == 'l') ? 2 : 1;
		break;
	case 'z':
		len = LEN_SIZE;
		f++;
		break;
	case 't':
		len = LEN_PTRDIFF;
		f++;
		break;
	case 'j':
		len = LEN_MAX;
		f++;
		break;
	default:
		break;
	}
	*fmt = f;
	return len;
}

static intmax_t fetch_signed(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_CHAR:
		return (signed char)va_arg(*ap, int);
	case LEN_SHORT:
		return (short)va_arg(*ap, int);
	case LEN_LONG:
		return va_arg(*ap, long);
	case LEN_LLONG:
		return va_arg(*ap, long long);
	case LEN_SIZE:
		return (intmax_t)va_arg(*ap, size_t);
	case LEN_PTRDIFF:
		return va_arg(*ap, ptrdiff_t);
	case LEN_MAX:
		return va_arg(*ap, intmax_t);
	default:
		return va_arg(*ap, int);
	}
}

static uintmax_t fetch_unsigned(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_CHAR:
		return (unsigned char)va_arg(*ap, unsigned int);
	case LEN_SHORT:
		return (unsigned short)va_arg(*ap, unsigned int);
	case LEN_LONG:
		return va_arg(*ap, unsigned long);
	case LEN_LLONG:
		return va_arg(*ap, unsigned long long);
	case LEN_SIZE:
		return va_arg(*ap, size_t);
	case LEN_PTRDIFF:
		return (uintmax_t)va_arg(*ap, ptrdiff_t);
	case LEN_MAX:
		return va_arg(*ap, uintmax_t);
	default:
		return va_arg(*ap, unsigned int);
	}
}

/* Reads a decimal number or '*' (taken from the arguments). */
static int parse_count(const char **fmt, va_list *ap, bool *from_arg)
{
	const char *f = *fmt;
	int n = 0;

	*from_arg = false;
	if (*f == '*') {
		*fmt = f + 1;
		*from_arg = true;
		return va_arg(*ap, int);
	}
	while (*f >= '0' && *f <= '9')
		n = n * 10 + (*f++ - '0');
	*fmt = f;
	return n;
}

/*
 * The va_list is handled through a pointer so helpers can consume arguments;
 * va_copy keeps this portable to ABIs where va_list is an array type.
 */
int vformat(format_sink_t sink, void *ctx, const char *fmt, va_list ap_in)
{
	struct out o = { .sink = sink, .ctx = ctx, .count = 0 };
	va_list ap;

	va_copy(ap, ap_in);
	while (*fmt) {
		if (*fmt != '%') {
			emit(&o, *fmt++);
			continue;
		}
		const char *start = fmt++;
		struct spec sp = { .width = -1, .precision = -1 };
		bool from_arg;

		for (;; fmt++) {
			if (*fmt == '-')
				sp.left = true;
			else if (*fmt == '0')
				sp.zero = true;
			else if (*fmt == '+')
				sp.plus = true;
			else if (*fmt == ' ')
				sp.space = true;
			else if (*fmt == '#')
				sp.alt = true;
			else
				break;
		}
		if (*fmt == '*' || (*fmt >= '0' && *fmt <= '9')) {
			sp.width = parse_count(&fmt, &ap, &from_arg);
			if (sp.width < 0) { /* a negative '*' width means '-' */
				sp.left = true;
				sp.width = -sp.width;
			}
		}
		if (*fmt == '.') {
			fmt++;
			sp.precision = parse_count(&fmt, &ap, &from_arg);
			if (sp.precision < 0)
				sp.precision = -1; /* a negative '*' precision is "absent" */
		}
		enum length len = parse_length(&fmt);

		switch (*fmt) {
		case 'd':
		case 'i': {
			intmax_t v = fetch_signed(&ap, len);
			uintmax_t mag = v < 0 ? -(uintmax_t)v : (uintmax_t)v;

			emit_number(&o, &sp, mag, v < 0, 10, false, false, true);
			break;
		}
		case 'u':
			emit_number(&o, &sp, fetch_unsigned(&ap, len), false, 10, false, false,
				    false);
			break;
		case 'x':
		case 'X':
			emit_number(&o, &sp, fetch_unsigned(&ap, len), false, 16, *fmt == 'X',
				    false, false);
			break;
		case 'o':
			emit_number(&o, &sp, fetch_unsigned(&ap, len), false, 8, false, false,
				    false);
			break;
		case 'p': {
			uintptr_t p = (uintptr_t)va_arg(ap, void *);

			if (!p) {
				/* Matches glibc, so the host tests can compare. */
				struct spec s2 = sp;

				s2.precision = -1;
				emit_padded(&o, &s2, "(nil)", 5);
			} else {
				emit_number(&o, &sp, p, false, 16, false, true, false);
			}
			break;
		}
		case 'c': {
			char c = (char)va_arg(ap, int);

			emit_padded(&o, &sp, &c, 1);
			break;
		}
		case 's': {
			const char *s = va_arg(ap, const char *);

			if (!s)
				s = "(null)";
			int n = sp.precision >= 0 ? (int)strnlen(s, (size_t)sp.precision)
						  : (int)strlen(s);
			emit_padded(&o, &sp, s, n);
			break;
		}
		case '%':
			emit(&o, '%');
			break;
		default:
			/* Unknown conversion: print it verbatim so the mistake is visible. */
			while (start <= fmt && *start)
				emit(&o, *start++);
			if (!*fmt)
				goto done;
			break;
		}
		fmt++;
	}
done:
	va_end(ap);
	return o.count;
}

struct buf_sink {
	char *buf;
	size_t size;
	size_t pos;
};

static void buf_put(char c, void *ctx)
{
	struct buf_sink *b = ctx;

	if (b->pos + 1 < b->size)
		b->buf[b->pos] = c;
	b->pos++;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct buf_sink b = { .buf = buf, .size = size, .pos = 0 };
	int n = vformat(buf_put, &b, fmt, ap);

	if (size)
		buf[b.pos < size ? b.pos : size - 1] = '\0';
	return n;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

// SPDX-License-Identifier: MIT
/* Helpers for the arch code that turns a boot protocol into struct boot_info. */
#include <kernel/boot.h>
#include <kernel/printk.h>

void boot_add_range(struct mem_range *list, unsigned int *nr, phys_addr_t start, phys_addr_t end)
{
	if (start >= end)
		return;
	if (*nr == BOOT_MAX_RANGES) {
		pr_warn("boot: memory range %#lx-%#lx dropped: table full\n", (unsigned long)start,
			(unsigned long)end);
		return;
	}
	list[*nr].start = start;
	list[*nr].end = end;
	(*nr)++;
}

void boot_remove_range(struct mem_range *list, unsigned int *nr, phys_addr_t start, phys_addr_t end)
{
	unsigned int i = 0;

	while (start < end && i < *nr) {
		struct mem_range r = list[i];

		if (r.end <= start || r.start >= end) {
			i++;
		} else if (r.start >= start && r.end <= end) {
			list[i] =
				list[--*nr]; /* covered: the last takes its place, looked at next */
		} else if (r.start < start && r.end > end) {
			list[i++].end = start;
			boot_add_range(list, nr, end, r.end);
		} else {
			if (r.start < start)
				list[i].end = start;
			else
				list[i].start = end;
			i++;
		}
	}
}

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

/*
 * A size as Linux's memparse() reads it: a number in C's notation (0x hex,
 * a leading 0 octal, else decimal) and an optional K, M or G suffix.
 * Advances *s; false on no digits or an overflow.
 */
static bool parse_size(const char **s, u64 *out)
{
	const char *p = *s;
	unsigned int base = 10, shift;
	u64 v = 0;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && digit_value(p[2]) < 16) {
		base = 16;
		p += 2;
	} else if (p[0] == '0') {
		base = 8;
	}
	if (digit_value(*p) >= (int)base)
		return false;
	for (; digit_value(*p) < (int)base; p++) {
		if (v > (~0ull - (u64)digit_value(*p)) / base)
			return false;
		v = v * base + (u64)digit_value(*p);
	}
	switch (*p) {
	case 'K':
	case 'k':
		shift = 10;
		break;
	case 'M':
	case 'm':
		shift = 20;
		break;
	case 'G':
	case 'g':
		shift = 30;
		break;
	default:
		shift = 0;
		break;
	}
	if (shift) {
		if (v > (~0ull >> shift))
			return false;
		v <<= shift;
		p++;
	}
	*s = p;
	*out = v;
	return true;
}

int boot_memmap_reserve(struct boot_info *info, const char *value)
{
	const char *p = value;
	int added = 0;

	while (*p) {
		u64 size, start;

		if (!parse_size(&p, &size) || *p++ != '$' || !parse_size(&p, &start) ||
		    (*p && *p != ',') || size == 0 || start + size < start)
			return -1;
		boot_add_range(info->reserved, &info->nr_reserved, start, start + size);
		added++;
		if (*p == ',')
			p++;
	}
	return added;
}

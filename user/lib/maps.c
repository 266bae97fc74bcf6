// SPDX-License-Identifier: MIT
/*
 * The areas of /proc/self/smaps for the test programs (test.h): each area's
 * header is its maps line, "start-end perms offset dev inode name", and its
 * "VmFlags:" line says "ss" for a shadow stack. Linux gives a shadow stack
 * no name (fs/proc/task_mmu.c), so the flag is the only way to know one.
 */
#include "test.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_AREAS 64

/* smaps: about 25 lines per area */
static char maps_buf[MAX_AREAS * 1024];
static struct area areas[MAX_AREAS];

/* Skips one blank-separated field of a maps line. */
static char *skip_field(char *p)
{
	while (*p == ' ')
		p++;
	while (*p && *p != ' ')
		p++;
	return p;
}

/* Whether an smaps line is an area's header: "start-end ", hex on both sides. */
static bool is_header(const char *p)
{
	const char *q = p;

	while ((*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'f'))
		q++;
	return q > p && *q == '-';
}

/* Whether a "VmFlags:" line holds the two-letter flag "ss". */
static bool has_ss_flag(const char *p)
{
	for (p += strlen("VmFlags:"); *p; p++)
		if (p[0] == 's' && p[1] == 's' && p[-1] == ' ' && (p[2] == ' ' || p[2] == '\0'))
			return true;
	return false;
}

/* Parses one header line (NUL-terminated) into a. */
static void parse_line(char *p, struct area *a)
{
	char *e;
	size_t k = 0;

	a->ss = false;
	a->start = strtoul(p, &e, 16);
	a->end = *e == '-' ? strtoul(e + 1, &e, 16) : 0;
	memcpy(a->perms, *e == ' ' ? e + 1 : "????", 4);
	a->perms[4] = '\0';
	/* perms, offset, device, inode; the rest is the name */
	for (int f = 0; f < 4; f++)
		e = skip_field(e);
	while (*e == ' ')
		e++;
	while (e[k] && k < sizeof(a->name) - 1) {
		a->name[k] = e[k];
		k++;
	}
	a->name[k] = '\0';
}

int read_maps(void)
{
	int fd = openat(AT_FDCWD, "/proc/self/smaps", O_RDONLY), n = 0;
	size_t len = 0;
	ssize_t r;
	char *p;

	if (fd < 0) {
		note("openat(/proc/self/smaps): errno %d", errno);
		return -1;
	}
	while (len < sizeof(maps_buf) - 1 &&
	       (r = read(fd, maps_buf + len, sizeof(maps_buf) - 1 - len)) > 0)
		len += (size_t)r;
	close(fd);
	maps_buf[len] = '\0';
	if (len == sizeof(maps_buf) - 1)
		note("/proc/self/smaps is longer than %zu bytes: areas past it are missed", len);
	for (p = maps_buf; *p; p++) {
		char *nl = strchr(p, '\n');

		if (nl)
			*nl = '\0';
		if (is_header(p)) {
			if (n == MAX_AREAS)
				break;
			parse_line(p, &areas[n++]);
		} else if (n > 0 && strncmp(p, "VmFlags:", 8) == 0) {
			areas[n - 1].ss = has_ss_flag(p);
		}
		if (!nl)
			break;
		p = nl;
	}
	return n;
}

const struct area *maps_area(int i)
{
	return &areas[i];
}

const struct area *find_area(unsigned long addr)
{
	int n = read_maps();

	for (int i = 0; i < n; i++)
		if (areas[i].start <= addr && addr < areas[i].end)
			return &areas[i];
	return NULL;
}

int count_ss_areas(void)
{
	int n = read_maps(), c = 0;

	for (int i = 0; i < n; i++)
		c += areas[i].ss;
	return c;
}

const struct area *expect_ss_area(unsigned long addr, unsigned long start, unsigned long size)
{
	const struct area *a = find_area(addr);

	if (!a) {
		note("no area contains %#lx", addr);
		return NULL;
	}
	note("area %#lx-%#lx %s %s (size %#lx, want %#lx)", a->start, a->end, a->perms, a->name,
	     a->end - a->start, size);
	if (!a->ss) {
		note("the area is not a shadow stack (no \"ss\" in its smaps VmFlags)");
		return NULL;
	}
	if (a->name[0]) {
		note("the area is named '%s', want no name (as Linux shows a shadow stack)",
		     a->name);
		return NULL;
	}
	if (strcmp(a->perms, "rw-p") != 0) {
		note("perms %s, want rw-p (Linux's VM_READ | VM_WRITE, private)", a->perms);
		return NULL;
	}
	if (a->end - a->start != size) {
		note("area size %#lx, want %#lx", a->end - a->start, size);
		return NULL;
	}
	if (start && a->start != start) {
		note("area start %#lx, want %#lx", a->start, start);
		return NULL;
	}
	return a;
}

// SPDX-License-Identifier: MIT
/*
 * /proc/self/maps for the test programs (test.h): each line is
 * "start-end perms offset dev inode name", the name of a shadow stack
 * being "[ss]".
 */
#include "test.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_AREAS 64

static char maps_buf[16384];
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

/* Parses one line (NUL-terminated) into a. */
static void parse_line(char *p, struct area *a)
{
	char *e;
	size_t k = 0;

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
	int fd = openat(AT_FDCWD, "/proc/self/maps", O_RDONLY), n = 0;
	size_t len = 0;
	ssize_t r;
	char *p;

	if (fd < 0) {
		note("openat(/proc/self/maps): errno %d", errno);
		return -1;
	}
	while (len < sizeof(maps_buf) - 1 &&
	       (r = read(fd, maps_buf + len, sizeof(maps_buf) - 1 - len)) > 0)
		len += (size_t)r;
	close(fd);
	maps_buf[len] = '\0';
	for (p = maps_buf; *p && n < MAX_AREAS; n++) {
		char *nl = strchr(p, '\n');

		if (nl)
			*nl = '\0';
		parse_line(p, &areas[n]);
		if (!nl) {
			n++;
			break;
		}
		p = nl + 1;
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
		c += strcmp(areas[i].name, "[ss]") == 0;
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
	if (strcmp(a->name, "[ss]") != 0) {
		note("the area is named '%s', want [ss]", a->name);
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

// SPDX-License-Identifier: MIT
/*
 * Argument pools: the "interesting" values a generated call draws its
 * arguments from. Pointers come valid, exactly at a mapping's edge or one
 * byte over it (SerenityOS TestEFault's idea), read-only, PROT_NONE, on a
 * shadow stack, in the kernel half, non-canonical, or random; numbers come
 * at the boundaries where kernels overflow. Everything is drawn from the
 * context's PRNG, so a seed replays it.
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <stdio.h>
#include <string.h>

#define PAGE 4096ul
#define N(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t pick_from(struct ctx *c, const uint64_t *v, size_t n)
{
	return v[rng_below(&c->rng, n)];
}

void *pick_buf(struct ctx *c, size_t len)
{
	size_t room = ARENA_BUF_SIZE / 2; /* the upper half holds paths and arrays */

	if (len >= room)
		return arena.buf;
	return arena.buf + rng_below(&c->rng, (room - len) / 8 + 1) * 8;
}

static uintptr_t some_map(struct ctx *c)
{
	if (!arena.nmaps) /* none of our own yet: the read-only page, which only the kernel reads */
		return arena.ro;
	return arena.maps[rng_below(&c->rng, arena.nmaps)].addr;
}

uintptr_t pick_ptr(struct ctx *c, size_t len)
{
	struct rng *r = &c->rng;
	uintptr_t small = rng_below(r, 64);

	if (len > ARENA_BUF_SIZE)
		len = ARENA_BUF_SIZE;
	switch (rng_below(r, 24)) {
	case 0:
		return 0;
	case 1:
		return pick_from(c, (const uint64_t[]){ 1, 8, PAGE - 1, PAGE, 0x10000 }, 5);
	case 2:
		return pick_from(c, fz_arch_kernel_addrs, N(fz_arch_kernel_addrs)) + small * 8;
	case 3:
		return pick_from(c, fz_arch_noncanon_addrs, N(fz_arch_noncanon_addrs));
	case 4: /* fits exactly before the edge, or one byte over it */
		return arena.edge - len + rng_below(r, 2);
	case 5:
		return arena.edge - rng_below(r, 2) + rng_below(r, 2) * PAGE;
	case 6:
		return arena.ro + rng_below(r, PAGE / 8) * 8;
	case 7:
		return arena.none + rng_below(r, PAGE / 8) * 8;
	case 8:
		if (arena.ss)
			return arena.ss + rng_below(r, arena.ss_size / 8) * 8;
		return arena.none;
	case 9:
		return (uintptr_t)&fuzz_run + small;
	case 10:
		return some_map(c) + rng_below(r, 4) * PAGE;
	case 11:
		return FZ_USER_TOP + PAGE - len + rng_below(r, 2) - rng_below(r, 3) * PAGE;
	case 12:
		return rng_next(r);
	case 13:
		return rng_next(r) & 0x00007ffffffff000ul;
	case 14:
		return (uintptr_t)pick_buf(c, len + 8) + 1 + rng_below(r, 7);
	case 15:
		if (rng_one_in(r, 4))
			return (uintptr_t)__builtin_frame_address(0) - 512 -
			       len; /* our own stack */
		return (uintptr_t)pick_buf(c, len);
	default:
		return (uintptr_t)pick_buf(c, len);
	}
}

uintptr_t pick_bad_ptr(struct ctx *c, size_t len)
{
	switch (rng_below(&c->rng, 6)) {
	case 0:
		return rng_below(&c->rng, 2) ? 0 : 8;
	case 1:
		return pick_from(c, fz_arch_kernel_addrs, N(fz_arch_kernel_addrs));
	case 2:
		return pick_from(c, fz_arch_noncanon_addrs, N(fz_arch_noncanon_addrs));
	case 3:
		return arena.edge - len + 1 + rng_below(&c->rng, len);
	case 4:
		return arena.none + rng_below(&c->rng, 64);
	default:
		return FZ_USER_TOP + 4096 - len + 1;
	}
}

uint64_t pick_int(struct ctx *c)
{
	static const uint64_t edges[] = {
		0x7f,
		0x80,
		0xff,
		0x7fff,
		0xffff,
		0x7fffffff,
		0x80000000,
		0xffffffff,
		0x100000000ull,
		0x7fffffffffffffffull,
		0x8000000000000000ull,
		~0ull,
		~0ull - 1,
		0xfffffffffffff000ull,
		0xffffffff80000000ull,
	};
	struct rng *r = &c->rng;

	switch (rng_below(r, 10)) {
	case 0:
	case 1:
		return 0;
	case 2:
		return rng_below(r, 3) - 1; /* -1, 0, 1 */
	case 3:
	case 4:
		return rng_below(r, 65);
	case 5:
		return pick_from(c, edges, N(edges));
	case 6: {
		uint64_t b = 1ull << rng_below(r, 64);

		return b + rng_below(r, 3) - 1;
	}
	case 7:
		return (uint32_t)rng_next(r);
	default:
		return rng_next(r);
	}
}

uint64_t pick_len(struct ctx *c)
{
	static const uint64_t lens[] = {
		0,	    1,
		7,	    8,
		16,	    64,
		PAGE - 1,   PAGE,
		PAGE + 1,   2 * PAGE,
		1ul << 20,  0x7fffffff,
		0x80000000, 0xffffffff,
		1ul << 32,  1ul << 47,
		~0ul,	    ~0ul - PAGE + 1,
		~0ul >> 1,  (~0ul >> 1) + 1,
	};
	struct rng *r = &c->rng;

	switch (rng_below(r, 4)) {
	case 0:
		return pick_from(c, lens, N(lens));
	case 1:
		return rng_below(r, 16) * PAGE;
	case 2:
		return rng_below(r, 512);
	default:
		return pick_int(c);
	}
}

uint64_t pick_flags(struct ctx *c, const uint64_t *known, size_t n)
{
	struct rng *r = &c->rng;
	uint64_t f = 0;

	if (rng_one_in(r, 10))
		return 0;
	if (rng_one_in(r, 12))
		return rng_next(r);
	for (unsigned int i = 0, k = 1 + (unsigned int)rng_below(r, 3); i < k; i++)
		f |= known[rng_below(r, n)];
	if (rng_one_in(r, 8))
		f |= 1ull << rng_below(r, 64);
	return f;
}

int pick_fd(struct ctx *c)
{
	static const uint64_t fds[] = { (uint64_t)-1, 0,  1,	2,    3,	  4,	     5,
					63,	      64, 1023, 1024, 0x7fffffff, 0x80000000 };
	struct rng *r = &c->rng;

	if (arena.nfds && rng_one_in(r, 2))
		return arena.fds[rng_below(r, arena.nfds)];
	if (rng_one_in(r, 2))
		return (int)rng_below(r, 10);
	return (int)pick_from(c, fds, N(fds));
}

int pick_pid(struct ctx *c)
{
	static const uint64_t pids[] = { 0,	     (uint64_t)-1, 1,	  3,	  0x7fffffff,
					 0x80000000, (uint64_t)-2, 32768, 4194304 };
	struct rng *r = &c->rng;

	if (arena.npids && rng_one_in(r, 2))
		return arena.pids[rng_below(r, arena.npids)];
	if (rng_one_in(r, 8))
		return (int)syscall0(__NR_getpid);
	if (rng_one_in(r, 3))
		return 3 + (int)rng_below(r, 40);
	return (int)pick_from(c, pids, N(pids));
}

int pick_sig(struct ctx *c)
{
	static const uint64_t sigs[] = { 9, 19, 11, 17, 10,  12,	   5,
					 7, 4,	8,  65, 128, (uint64_t)-1, 0x7fffffff };
	struct rng *r = &c->rng;

	if (rng_one_in(r, 2))
		return (int)rng_below(r, 65);
	return (int)pick_from(c, sigs, N(sigs));
}

/* A scratch slot in the upper half of buf, for strings and arrays. */
static uint8_t *scratch(struct ctx *c, size_t len)
{
	size_t half = ARENA_BUF_SIZE / 2;

	if (len > half)
		len = half;
	return arena.buf + half + rng_below(&c->rng, (half - len) / 8 + 1) * 8;
}

uintptr_t pick_timespec(struct ctx *c)
{
	struct rng *r = &c->rng;
	long *ts;

	switch (rng_below(r, 6)) {
	case 0:
		return 0;
	case 1: /* not a pointer to garbage: that is a long sleep */
		return pick_bad_ptr(c, 16);
	default:
		break;
	}
	ts = (long *)scratch(c, 16);
	switch (rng_below(r, 8)) {
	case 0:
		ts[0] = 0, ts[1] = 0;
		break;
	case 1:
		ts[0] = 0, ts[1] = (long)rng_below(r, 2000000); /* up to 2 ms */
		break;
	case 2:
		ts[0] = 0,
		ts[1] = 999999999 + (long)rng_below(r, 3); /* the last valid, then invalid */
		break;
	case 3:
		ts[0] = -(long)rng_below(r, 2) - 1, ts[1] = 0;
		break;
	case 4:
		ts[0] = 0, ts[1] = -1;
		break;
	case 5:
		ts[0] = (long)pick_int(c), ts[1] = (long)pick_int(c);
		break;
	default:
		ts[0] = 0, ts[1] = (long)rng_below(r, 100000);
		break;
	}
	/* A long valid time would only stall the worker: op_block_kill() makes those. */
	if (ts[0] > 0 && ts[0] < (1l << 40) && ts[1] >= 0 && ts[1] < 1000000000)
		ts[0] = 0;
	return (uintptr_t)ts;
}

static const char *const paths[] = {
	"/init",
	"/bin/fuzz",
	"/bin/clone3",
	"/bin",
	"/",
	"/proc/self/maps",
	"/proc",
	"/proc/self",
	"/fuzz/elf",
	"//bin//fuzz",
	"/bin/fuzz/",
	"/./bin/fuzz",
	"/bin/../bin/fuzz",
	"",
	"nonexistent",
	"bin/fuzz",
	"/proc/self/maps/",
	"/dev/console",
	"/fuzz",
	"/init/.",
	"/proc/self/stat",
	"/proc/self/task/../statm",
	"/proc/meminfo",
	"/proc/stat",
	"/proc/loadavg",
	"/proc/uptime",
	"/proc/mounts",
	"/proc/self/fd",
	"/proc/self/fd/0",
	"/proc/self/cwd/bin",
	"/proc/self/exe",
	"/proc/1/task",
};

uintptr_t pick_path(struct ctx *c)
{
	struct rng *r = &c->rng;
	char *s;
	size_t n;

	switch (rng_below(r, 10)) {
	case 0:
		return pick_ptr(c, 1);
	case 1: /* a malformed ELF file (or one past the last) */
		s = (char *)scratch(c, 32);
		snprintf(s, 32, "/fuzz/elf/%u", (unsigned int)rng_below(r, arena.nelf + 2));
		return (uintptr_t)s;
	case 2: /* a long one: 200..5000 characters */
		n = 200 + rng_below(r, 4800);
		s = (char *)scratch(c, n + 1);
		memset(s, rng_one_in(r, 2) ? '/' : 'a', n);
		s[0] = '/';
		s[n] = '\0';
		return (uintptr_t)s;
	case 3: /* no terminator before the edge */
		n = 1 + rng_below(r, 64);
		memset((void *)(arena.edge - n), '/', n);
		return arena.edge - n;
	default:
		break;
	}
	const char *p = paths[rng_below(r, N(paths))];

	n = strlen(p);
	s = (char *)scratch(c, n + 1);
	memcpy(s, p, n + 1);
	return (uintptr_t)s;
}

uintptr_t pick_strv(struct ctx *c)
{
	struct rng *r = &c->rng;
	uintptr_t *v;
	unsigned int n;

	switch (rng_below(r, 8)) {
	case 0:
		return 0;
	case 1:
	case 2:
		return pick_ptr(c, 16);
	case 3: /* running into the edge without a NULL */
		n = 1 + (unsigned int)rng_below(r, 8);
		v = (uintptr_t *)(arena.edge - n * sizeof(*v));
		for (unsigned int i = 0; i < n; i++)
			v[i] = pick_path(c);
		return (uintptr_t)v;
	case 4: /* more than the kernel takes */
		n = 1000 + (unsigned int)rng_below(r, 100);
		v = (uintptr_t *)scratch(c, (n + 1) * sizeof(*v));
		for (unsigned int i = 0; i < n; i++)
			v[i] = (uintptr_t) "x";
		v[n] = 0;
		return (uintptr_t)v;
	default:
		n = (unsigned int)rng_below(r, 6);
		v = (uintptr_t *)scratch(c, (n + 1) * sizeof(*v));
		for (unsigned int i = 0; i < n; i++)
			v[i] = rng_one_in(r, 2) ? (uintptr_t) "arg" : pick_ptr(c, 1);
		v[n] = 0;
		return (uintptr_t)v;
	}
}

uintptr_t pick_map_addr(struct ctx *c)
{
	struct rng *r = &c->rng;

	switch (rng_below(r, 16)) {
	case 0:
		return 0;
	case 1:
		return pick_bad_ptr(c, PAGE);
	case 2:
		return rng_next(r) & 0x00007ffffffff000ul;
	case 3: /* the edge page: written by pick_path(), so rarely */
		return rng_one_in(r, 8) ? arena.edge - PAGE : arena.ro;
	case 4:
		return rng_one_in(r, 2) ? arena.ro : arena.none;
	case 5:
		return arena.ss ? arena.ss : arena.none;
	case 6:
		return some_map(c) + 1 + rng_below(r, PAGE - 1);
	case 7: /* our own buffer, stacks or code: rare, it usually ends the worker */
		if (rng_one_in(r, 8))
			return ((uintptr_t)pick_buf(c, 0) & ~(PAGE - 1));
		return some_map(c);
	default:
		return some_map(c) + rng_below(r, 3) * PAGE;
	}
}

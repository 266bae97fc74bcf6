// SPDX-License-Identifier: MIT
/*
 * Operations on memory: mmap with generated flags and protections (what
 * succeeds is remembered for later calls), munmap and mprotect mostly of
 * our own mappings, brk, map_shadow_stack, a burst of many small mappings,
 * and the kernel writing into fresh anonymous memory.
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <sys/mman.h>

#define PAGE 4096ul
#define N(a) (sizeof(a) / sizeof((a)[0]))

static const uint64_t map_flags[] = {
	MAP_SHARED,
	MAP_PRIVATE,
	MAP_FIXED,
	MAP_ANONYMOUS,
	MAP_GROWSDOWN,
	MAP_NORESERVE,
	MAP_POPULATE,
	MAP_STACK,
	MAP_FIXED_NOREPLACE,
	0x40 /* MAP_32BIT */,
	0x80000 /* MAP_SYNC */,
	0x1000 /* MAP_DENYWRITE */,
};

static const uint64_t prots[] = { PROT_READ,
				  PROT_WRITE,
				  PROT_EXEC,
				  0x8 /* SEM */,
				  0x01000000 /* GROWSDOWN */,
				  0x02000000 /* GROWSUP */ };

static uint64_t pick_prot(struct ctx *c)
{
	if (rng_one_in(&c->rng, 2))
		return rng_below(&c->rng, 8);
	return pick_flags(c, prots, N(prots));
}

static uint64_t pick_map_len(struct ctx *c)
{
	if (rng_one_in(&c->rng, 4))
		return pick_len(c);
	return PAGE * (1 + rng_below(&c->rng, 16)) - (rng_one_in(&c->rng, 8) ? 1 : 0);
}

static void op_mmap(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t flags = MAP_PRIVATE | MAP_ANONYMOUS, len = pick_map_len(c), addr = 0;
	long fd = -1, off = 0, m;

	if (rng_one_in(r, 3))
		flags = pick_flags(c, map_flags, N(map_flags));
	else if (rng_one_in(r, 3))
		flags |= pick_flags(c, map_flags, N(map_flags));
	if (flags & (MAP_FIXED | MAP_FIXED_NOREPLACE) || rng_one_in(r, 4))
		addr = pick_map_addr(c);
	if (rng_one_in(r, 6))
		fd = pick_fd(c);
	if (rng_one_in(r, 6))
		off = (long)pick_len(c);
	m = FZ6(c, "mmap", __NR_mmap, addr, len, pick_prot(c), flags, fd, off);
	if (m > 0 || m < -4096) {
		arena_add_map((uintptr_t)m, len);
		/* Our own first touch, where we asked for a writable mapping. */
		if (rng_one_in(r, 2))
			FZ2(c, "clock_gettime", __NR_clock_gettime, 1,
			    m); /* the kernel's first touch */
	}
}

static void op_munmap(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t len = rng_one_in(r, 3) ? pick_len(c) : PAGE * (1 + rng_below(r, 4));

	FZ2(c, "munmap", __NR_munmap, pick_map_addr(c), len);
}

static void op_mprotect(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t len = rng_one_in(r, 3) ? pick_len(c) : PAGE * (1 + rng_below(r, 4));

	FZ3(c, "mprotect", __NR_mprotect, pick_map_addr(c), len, pick_prot(c));
}

static void op_brk(struct ctx *c)
{
	struct rng *r = &c->rng;
	long cur = syscall1(__NR_brk, 0);
	uint64_t to;

	switch (rng_below(r, 4)) {
	case 0:
		to = (uint64_t)cur + PAGE * rng_below(r, 64);
		break;
	case 1:
		to = (uint64_t)cur - PAGE * rng_below(r, 64);
		break;
	case 2:
		to = (uint64_t)cur + rng_below(r, 2 * PAGE);
		break;
	default:
		to = pick_ptr(c, PAGE);
		break;
	}
	FZ1(c, "brk", __NR_brk, to);
}

/* map_shadow_stack(addr, size, flags): the x86 and arm64 rules (docs/ABI.md §4.5, §5.5) and past them. */
static void op_map_shadow_stack(struct ctx *c)
{
	static const uint64_t flags[] = { SHADOW_STACK_SET_TOKEN, SHADOW_STACK_SET_MARKER, 4,
					  1ull << 32 };
	struct rng *r = &c->rng;
	uint64_t addr = 0, size, f;
	long m;

	switch (rng_below(r, 4)) {
	case 0:
		size = pick_len(c);
		break;
	case 1:
		size = 8 * rng_below(r, 4);
		break;
	default:
		size = PAGE * (1 + rng_below(r, 8)) - 8 * rng_below(r, 2);
		break;
	}
	if (rng_one_in(r, 3))
		addr = pick_map_addr(c);
	else if (rng_one_in(r, 4))
		addr = 0x100000000ul - PAGE * rng_below(r, 2);
	f = rng_one_in(r, 4) ? pick_flags(c, flags, N(flags))
			     : SHADOW_STACK_SET_TOKEN * rng_below(r, 2);
	if (rng_one_in(r, 4))
		f |= SHADOW_STACK_SET_MARKER;
	m = FZ3(c, "map_shadow_stack", __NR_map_shadow_stack, addr, size, f);
	if (m > 0 || m < -4096)
		arena_add_map((uintptr_t)m, size);
}

/* Many small mappings with alternating rights: the VMA tree under load. */
static void op_many_maps(struct ctx *c)
{
	struct rng *r = &c->rng;
	unsigned int n = 8 + (unsigned int)rng_below(r, 120);
	long m;

	fz_trace(c, "many_maps %u", n);
	for (unsigned int i = 0; i < n; i++) {
		m = syscall6(__NR_mmap, 0, PAGE * (1 + rng_below(r, 3)),
			     (i & 1) ? PROT_READ : PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (m > 0 && rng_one_in(r, 8))
			arena_add_map((uintptr_t)m, PAGE);
		if (m > 0 && rng_one_in(r, 3))
			syscall3(__NR_mprotect, m, PAGE, rng_below(r, 8));
		if (m > 0 && rng_one_in(r, 4))
			syscall2(__NR_munmap, m + (long)(PAGE * rng_below(r, 2)), PAGE);
	}
}

const struct op ops_mm[] = {
	{ "mmap", 40, op_mmap, false },
	{ "munmap", 20, op_munmap, false },
	{ "mprotect", 20, op_mprotect, false },
	{ "brk", 8, op_brk, false },
	{ "map_shadow_stack", 50, op_map_shadow_stack, false },
	{ "many_maps", 2, op_many_maps, false },
};
const unsigned int nr_ops_mm = N(ops_mm);

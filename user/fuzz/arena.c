// SPDX-License-Identifier: MIT
/*
 * The worker's memory: a read-write buffer most valid pointers point into,
 * a page whose end is the edge of the mapping (the next page unmapped), a
 * read-only page, a PROT_NONE page, a shadow stack where the CPU has them,
 * stacks for children, and lists of what the worker mapped, opened and
 * started, which later calls pick from.
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <machine/syscall.h>

#define PAGE 4096ul

struct arena arena;

/*
 * The arena lives far below where the kernel places the worker's own
 * mappings (top-down from MMAP_TOP), so the munmap, mprotect and MAP_FIXED
 * calls aimed at those rarely take the arena with them and end the worker.
 */
static uintptr_t next_at = FZ_ARENA_BASE;

static uintptr_t map(size_t len, int prot)
{
	long r = syscall6(__NR_mmap, (long)next_at, (long)len, prot,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);

	if (r < 0 && r > -4096)
		r = syscall6(__NR_mmap, 0, (long)len, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	next_at += len + 16 * PAGE; /* gaps between the pieces: their edges stay edges */
	return r < 0 && r > -4096 ? 0 : (uintptr_t)r;
}

void arena_init(struct rng *r)
{
	uintptr_t two;
	long ss;

	arena.buf = (uint8_t *)map(ARENA_BUF_SIZE, PROT_READ | PROT_WRITE);
	if (!arena.buf)
		syscall1(__NR_exit_group, 120);
	for (size_t i = 0; i < ARENA_BUF_SIZE / 8; i++)
		((uint64_t *)arena.buf)[i] = (i & 1) ? rng_next(r) : rng_below(r, 256);
	arena.futex = (uint32_t *)(arena.buf + 64);

	two = map(PAGE, PROT_READ | PROT_WRITE); /* the next page stays unmapped */
	arena.edge = two + PAGE;
	arena.ro = map(PAGE, PROT_READ);
	arena.none = map(PAGE, PROT_NONE);
	for (int i = 0; i < ARENA_STACKS; i++)
		arena.stacks[i] = map(ARENA_STACK_SIZE, PROT_READ | PROT_WRITE);

	/* A shadow stack with a restore token at its top, where the CPU has them. */
	arena.ss_size = 4 * PAGE;
	ss = syscall3(__NR_map_shadow_stack, (long)next_at, (long)arena.ss_size,
		      SHADOW_STACK_SET_TOKEN);
	arena.ss = ss < 0 && ss > -4096 ? 0 : (uintptr_t)ss;

	/* How many malformed ELF files the image carries: /fuzz/elf/0, 1, ... */
	for (arena.nelf = 0; arena.nelf < 1000; arena.nelf++) {
		char path[32];
		long fd;

		snprintf(path, sizeof(path), "/fuzz/elf/%u", arena.nelf);
		fd = syscall4(__NR_openat, AT_FDCWD, (long)path, O_RDONLY, 0);
		if (fd < 0)
			break;
		syscall1(__NR_close, fd);
	}
	arena_add_fd((int)syscall4(__NR_openat, AT_FDCWD, (long)"/proc/self/maps", O_RDONLY, 0));
	arena_add_fd((int)syscall4(__NR_openat, AT_FDCWD, (long)"/init", O_RDONLY, 0));
}

void arena_add_map(uintptr_t addr, size_t len)
{
	unsigned int i = arena.nmaps < ARENA_MAX_MAPS
				 ? arena.nmaps++
				 : (unsigned int)(addr / PAGE) % ARENA_MAX_MAPS;

	arena.maps[i].addr = addr;
	arena.maps[i].len = len;
}

void arena_add_fd(int fd)
{
	if (fd < 0)
		return;
	if (arena.nfds < sizeof(arena.fds) / sizeof(arena.fds[0]))
		arena.fds[arena.nfds++] = fd;
	else
		arena.fds[(unsigned int)fd % arena.nfds] = fd;
}

void arena_add_pid(int pid)
{
	if (pid <= 0)
		return;
	if (arena.npids < sizeof(arena.pids) / sizeof(arena.pids[0]))
		arena.pids[arena.npids++] = pid;
	else
		arena.pids[(unsigned int)pid % arena.npids] = pid;
}

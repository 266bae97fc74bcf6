// SPDX-License-Identifier: MIT
/*
 * /bin/showmaps: prints the address space of a process that has every kind
 * of shadow stack, for the course kit's picture (docs/labs/, scripts/mapsvg,
 * make maps). Not a test: /init never runs it; `make maps` boots it as init=.
 *
 * A forked child turns shadow stacks on (its own, the enable's default size),
 * maps one with a token (map_shadow_stack(SET_TOKEN), docs/ABI.md §3.4) and
 * starts a thread (a fresh one of the thread default, docs/ABI.md §3.1). The
 * thread prints, while all of them exist, every line between
 *   showmaps: begin ARCH
 *   showmaps: end
 * each "showmaps: " and then: an smaps area header line, its "VmFlags:"
 * line (`ss` marks shadow-stack memory, docs/ABI.md §3.5), or a "label
 * ADDRESS what" line naming an address the picture marks (the stack
 * pointers, the token). On a machine without shadow stacks the child runs
 * without them and the picture has no shadow stack. Exits 0.
 */
#include "shstk_attack_arch.h"
#include "shstk_enable.h"
#include "test.h"
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <thread.h>
#include <unistd.h>

#define TOKEN_AREA (2 * 4096ul)

static unsigned long main_ssp, token_addr, heap_addr, anon_addr;
static bool live;

/* Whether line is an smaps area header: "START-END PERMS ..." in hex. */
static bool is_header(const char *line)
{
	const char *dash = strchr(line, '-'), *space = strchr(line, ' ');

	return dash && space && dash < space && strchr("0123456789abcdef", line[0]);
}

/* Every area line and VmFlags line of /proc/self/smaps, prefixed. */
static void print_smaps(void)
{
	static char buf[64 * 1024];
	size_t len = 0;
	long n;
	int fd = open("/proc/self/smaps", O_RDONLY);

	if (fd < 0) {
		printf("showmaps: label 0 cannot open /proc/self/smaps\n");
		return;
	}
	while (len < sizeof(buf) - 1 && (n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += (size_t)n;
	close(fd);
	buf[len] = '\0';
	for (char *line = buf, *nl; line && *line; line = nl ? nl + 1 : NULL) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (is_header(line) || strncmp(line, "VmFlags:", 8) == 0)
			printf("showmaps: %s\n", line);
	}
}

static int thread_body(void *arg)
{
	printf("showmaps: begin %s\n", ATTACK_FEATURE);
	if (live) {
		printf("showmaps: label %#lx main thread's shadow-stack pointer\n", main_ssp);
		printf("showmaps: label %#lx this thread's shadow-stack pointer\n",
		       attack_read_ssp());
		if (token_addr)
			printf("showmaps: label %#lx map_shadow_stack token\n", token_addr);
	}
	printf("showmaps: label %#lx sbrk'd block (the heap)\n", heap_addr);
	printf("showmaps: label %#lx mmap'd block\n", anon_addr);
	printf("showmaps: label %#lx main thread's stack pointer\n", (unsigned long)arg);
	printf("showmaps: label %#lx this thread's stack pointer\n", (unsigned long)&arg);
	print_smaps();
	printf("showmaps: end\n");
	fflush_stdout(); /* the child leaves by exit_group, which flushes nothing */
	return 0;
}

/* The child's work, entered on its new shadow stack when live. */
static int body(void)
{
	struct thread t;
	int local = 0, res = -1;

	if (live) {
		void *p;

		main_ssp = attack_read_ssp();
		p = map_shadow_stack(NULL, TOKEN_AREA, SHADOW_STACK_SET_TOKEN);
		if (p != MAP_FAILED)
			token_addr = (unsigned long)p + TOKEN_AREA - 8;
	}
	if (thread_create(&t, thread_body, &local, NULL) != 0)
		return 1;
	thread_join(&t, &res);
	return res;
}

int main(void)
{
	int st;

	/* Heap and an anonymous mapping, so the picture has both. */
	heap_addr = (unsigned long)sbrk(16 * 4096);
	anon_addr = (unsigned long)mmap(NULL, 32 * 4096, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *probe = map_shadow_stack(NULL, 4096, 0);

	live = probe != MAP_FAILED;
	if (live)
		munmap(probe, 4096);
	st = run_child(body, live ? SHSTK_MODE_ENABLE : 0);
	fflush_stdout();
	return status_is(st, 0, 0) ? 0 : 1;
}

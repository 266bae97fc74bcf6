// SPDX-License-Identifier: MIT
/*
 * /bin/showmaps: prints the address space of a process that has every kind
 * of shadow stack: the course kit's picture (docs/labs/maps-ARCH.txt, drawn
 * by scripts/mapsvg, captured by make maps). /init runs it in every boot,
 * and the boots of the CET and the GCS machine compare what it printed with
 * the committed picture (tests/boot/run's "picture" lines, scripts/mapsdiff):
 * a picture that no longer matches the kernel fails make test.
 *
 * A forked child turns shadow stacks on (its own, the enable's default size),
 * maps one with a token (map_shadow_stack(SET_TOKEN), docs/ABI.md §3.4) and
 * starts a thread (a fresh one of the thread default, docs/ABI.md §3.1). The
 * thread prints, while all of them exist, every line between
 *   # showmaps: begin ARCH
 *   # showmaps: end
 * each "# showmaps: " and then: an smaps area header line, its "VmFlags:"
 * line (`ss` marks shadow-stack memory, docs/ABI.md §3.5), or a "label
 * ADDRESS what" line naming an address the picture marks (the stack
 * pointers, the token). On a machine without shadow stacks the child runs
 * without them and the picture has no shadow stack.
 *
 * Proves: every address the picture marks lies in the area it belongs to:
 * the shadow-stack pointers and the token in shadow-stack memory (VmFlags
 * ss), the stack pointers in stacks that are not, the heap's block in
 * [heap], the stack of main in [stack].
 */
#include "shstk_attack_arch.h"
#include "shstk_enable.h"
#include "test.h"
#include <fcntl.h>
#include <ktap.h>
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
		printf("# showmaps: label 0 cannot open /proc/self/smaps\n");
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
			printf("# showmaps: %s\n", line);
	}
}

/* Whether addr lies in an area named name ("": none) that is a shadow stack exactly when ss. */
static bool in_area(unsigned long addr, const char *name, bool ss, const char *what)
{
	const struct area *a = find_area(addr);

	if (a && strcmp(a->name, name) == 0 && a->ss == ss)
		return true;
	if (!a)
		note("%s %#lx: in no area", what, addr);
	else
		note("%s %#lx: in %#lx-%#lx '%s'%s, want '%s'%s", what, addr, a->start, a->end,
		     a->name, a->ss ? " (ss)" : "", name, ss ? " (ss)" : "");
	return false;
}

static int thread_body(void *arg)
{
	printf("# showmaps: begin %s\n", ATTACK_FEATURE);
	if (live) {
		printf("# showmaps: label %#lx main thread's shadow-stack pointer\n", main_ssp);
		printf("# showmaps: label %#lx this thread's shadow-stack pointer\n",
		       attack_read_ssp());
		if (token_addr)
			printf("# showmaps: label %#lx map_shadow_stack token\n", token_addr);
	}
	printf("# showmaps: label %#lx sbrk'd block (the heap)\n", heap_addr);
	printf("# showmaps: label %#lx mmap'd block\n", anon_addr);
	printf("# showmaps: label %#lx main thread's stack pointer\n", (unsigned long)arg);
	printf("# showmaps: label %#lx this thread's stack pointer\n", (unsigned long)&arg);
	print_smaps();
	printf("# showmaps: end\n");
	fflush_stdout(); /* the child leaves by exit_group, which flushes nothing */
	bool ok = in_area(heap_addr, "[heap]", false, "the heap's block") &
		  in_area(anon_addr, "", false, "the mmap'd block") &
		  in_area((unsigned long)arg, "[stack]", false, "main's stack pointer") &
		  in_area((unsigned long)&arg, "", false, "this thread's stack pointer");

	if (live)
		ok &= in_area(main_ssp, "", true, "main's shadow-stack pointer") &
		      in_area(attack_read_ssp(), "", true, "this thread's shadow-stack pointer") &
		      (!token_addr || in_area(token_addr, "", true, "the token"));
	return ok ? 0 : 1;
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
	ktap_header();
	ktap_plan(1);
	st = run_child(body, live ? SHSTK_MODE_ENABLE : 0);
	ktap_ok(status_is(st, 0, 0), "every_marked_address_in_its_area");
	return ktap_finish();
}

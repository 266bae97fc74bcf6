// SPDX-License-Identifier: MIT
/*
 * /bin/leak: xv6 usertests' countfree() idea -- free pages before and after.
 *
 * Proves: 100 fork+exit+wait rounds and 100 thread create+join rounds
 * (default stacks, unmapped at join) give back every page: sysinfo's
 * freeram is exactly its starting value afterwards. Umbra reports
 * mem_unit = page size, so freeram is its exact free page count; on another
 * kernel (uname sysname != "Umbra") freeram moves for unrelated reasons, so
 * the exact comparisons are skipped there and only reported.
 *
 * Also proves: 100 rounds of shared anonymous memory -- mapped, one page
 * touched before fork, the child touching another, dropping one with
 * MADV_DONTNEED and exiting, the parent unmapping the area -- give back
 * every page too (the shared object and its frames go with the last area).
 *
 * Also proves: munmap gives back the page tables it leaves empty, not only
 * the pages -- a page touched far from every other mapping, unmapped whole
 * or in two pieces, leaves freeram exactly where it was.
 */
#include <errno.h>
#include <ktap.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <thread.h>
#include <unistd.h>

#define NTESTS 10
#define ROUNDS 100
#define PAGE_BYTES 4096

static bool on_umbra;

static unsigned long free_pages(void)
{
	struct sysinfo si;

	if (sysinfo(&si) != 0)
		return 0;
	return si.freeram;
}

/* One fork+exit+wait; true if the child exited 0. */
static bool fork_round(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	return pid > 0 && wait4(pid, &status, 0, NULL) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 0;
}

static int thread_fn(void *arg)
{
	return (int)(long)arg;
}

static bool thread_round(void)
{
	struct thread t;
	int result = -1;

	if (thread_create(&t, thread_fn, (void *)5L, NULL) != 0)
		return false;
	thread_join(&t, &result);
	return result == 5;
}

/* A shared area: touched on both sides of a fork, partly dropped, unmapped. */
static bool shared_round(void)
{
	volatile char *m = mmap(NULL, 4 * PAGE_BYTES, PROT_READ | PROT_WRITE,
				MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int status;
	pid_t pid;

	if (m == MAP_FAILED)
		return false;
	m[0] = 1;
	pid = fork();
	if (pid == 0) {
		m[2 * PAGE_BYTES] = 2;
		madvise((void *)m, PAGE_BYTES, MADV_DONTNEED);
		_exit(0);
	}
	bool ok = pid > 0 && wait4(pid, &status, 0, NULL) == pid && WIFEXITED(status) &&
		  WEXITSTATUS(status) == 0 && m[0] == 1 && m[2 * PAGE_BYTES] == 2;

	return munmap((void *)m, 4 * PAGE_BYTES) == 0 && ok;
}

static void check_no_leak(const char *name, unsigned long before, unsigned long after)
{
	ktap_print_msg("%s: freeram before %lu after %lu", name, before, after);
	if (!on_umbra) {
		ktap_skip(name, "not Umbra: freeram is not an exact page count here");
		return;
	}
	ktap_ok(before == after, "%s", name);
}

static void run(const char *what, bool (*round)(void))
{
	unsigned long before, after;
	bool ok = true;
	char name[64];

	round(); /* warm-up: lazily allocated state exists before counting */
	before = free_pages();
	for (int i = 0; i < ROUNDS && ok; i++)
		ok = round();
	after = free_pages();
	ktap_ok(ok, "%s_100_rounds_succeed", what);
	snprintf(name, sizeof(name), "%s_no_page_leak", what);
	check_no_leak(name, before, after);
}

/*
 * 16 TiB and up: top-level table slots of their own on both architectures
 * (512 GiB each), far below mmap's area and above the program, so every
 * table under them is made for these mappings alone. The warm-up uses the
 * first, the counted round the second: its tables are all new.
 */
#define FAR_AWAY(slot) ((char *)((16ul + (slot)) << 40))
#define TWO_MIB (2ul << 20)

/* Maps 4 MiB at where, touches a page in each 2 MiB half, unmaps it in that many pieces. */
static bool far_round(char *where, int pieces)
{
	char *p = mmap(where, 2 * TWO_MIB, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

	if (p != where)
		return false;
	p[0] = 1;
	p[2 * TWO_MIB - 1] = 2;
	if (pieces == 1)
		return munmap(p, 2 * TWO_MIB) == 0;
	return munmap(p, TWO_MIB) == 0 && munmap(p + TWO_MIB, TWO_MIB) == 0;
}

/* Counts round number slot, after a warm-up in the slot before it. */
static void check_far_unmap(const char *name, int pieces, int slot)
{
	unsigned long before, after;
	bool ok;

	far_round(FAR_AWAY(slot - 1), pieces); /* warm-up: the heap holds its area record */
	before = free_pages();
	ok = far_round(FAR_AWAY(slot), pieces);
	after = free_pages();
	if (!ok) {
		ktap_ok(false, "%s", name);
		return;
	}
	check_no_leak(name, before, after);
}

int main(void)
{
	struct utsname u;
	struct sysinfo si;

	on_umbra = uname(&u) == 0 && strcmp(u.sysname, "Umbra") == 0;
	ktap_header();
	ktap_plan(NTESTS);
	ktap_ok(sysinfo(&si) == 0 && si.freeram > 0 && si.totalram >= si.freeram,
		"sysinfo_reports_memory");
	if (on_umbra)
		ktap_ok(si.mem_unit == (unsigned int)getpagesize(),
			"sysinfo_mem_unit_is_page_size");
	else
		ktap_skip("sysinfo_mem_unit_is_page_size", "not Umbra: mem_unit is %u",
			  si.mem_unit);
	run("fork_exit_wait", fork_round);
	run("thread_create_join", thread_round);
	run("shared_memory_fork_exit", shared_round);
	check_far_unmap("munmap_frees_page_tables", 1, 1);
	check_far_unmap("munmap_in_pieces_frees_page_tables", 2, 3);
	return ktap_finish();
}

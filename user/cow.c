// SPDX-License-Identifier: MIT
/*
 * /bin/cow: fork shares memory copy-on-write.
 *
 * Proves: after fork, parent and child each see only their own writes
 * (the child's writes stay in the child, the parent's in the parent); a
 * write in the child copies exactly one page and a read copies none (the
 * exact free page count says so); once the child is gone the parent, last
 * owner, writes its pages in place (no page copied); a thread the child
 * creates after fork shares the child's memory, not the parent's; a fork of
 * a fork diverges from both. With shadow stacks on (CET on x86_64, GCS on
 * arm64), a process and its fork child both call 1500 deep and return on
 * their copy-on-write shadow stacks, and a tampered return still raises
 * SIGSEGV with SEGV_CPERR in each; without the hardware those cases skip.
 */
#include <machine/syscall.h>
#include <errno.h>
#include <ktap.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <thread.h>
#include <time.h>
#include <unistd.h>

#include "shstk_enable.h"
#include "sig_arch.h"

#define NTESTS 8
#define NPAGES 16
#define DEPTH 1500

/* Child exit codes. */
#define SS_UNSUPPORTED 77 /* enabling shadow stacks failed: no hardware */
#define CPERR_SEEN 42	  /* the SIGSEGV handler saw SEGV_CPERR */
#define CPERR_WRONG 43	  /* the SIGSEGV handler saw another si_code */
#define NO_CPERR 44	  /* the tampered return went through */

static size_t page;
static volatile char *buf; /* NPAGES pages, touched before each fork */

static unsigned long free_pages(void)
{
	struct sysinfo si;

	return sysinfo(&si) == 0 ? si.freeram : 0;
}

static void fill(char c)
{
	for (int i = 0; i < NPAGES; i++)
		buf[i * page] = c;
}

static bool all_are(char c)
{
	for (int i = 0; i < NPAGES; i++) {
		if (buf[i * page] != c)
			return false;
	}
	return true;
}

/* The exit code of child pid, or -1 when it did not exit normally. */
static int exit_code(pid_t pid)
{
	int status;

	if (pid < 0 || wait4(pid, &status, 0, NULL) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static void test_child_writes_stay_in_child(void)
{
	pid_t pid;

	fill('P');
	pid = fork();
	if (pid == 0) {
		bool saw = all_are('P');

		fill('C');
		_exit(saw && all_are('C') ? 0 : 1);
	}
	ktap_ok(exit_code(pid) == 0 && all_are('P'), "child_writes_stay_in_child");
}

static void test_parent_writes_stay_in_parent(void)
{
	int written[2] = { -1, -1 };
	pid_t pid;
	bool mine;
	char c;

	fill('P');
	if (pipe(written) != 0)
		ktap_print_msg("pipe: errno %d", errno);
	pid = fork();
	if (pid == 0) { /* looks once the parent says it has written (a pipe, on any machine) */
		close(written[1]);
		_exit(read(written[0], &c, 1) == 1 && all_are('P') ? 0 : 1);
	}
	close(written[0]);
	fill('Q');
	mine = all_are('Q');
	c = 'Q';
	write(written[1], &c, 1);
	close(written[1]);
	ktap_ok(exit_code(pid) == 0 && mine, "parent_writes_stay_in_parent");
}

/* In the child: a read copies nothing, a write one page. */
static void test_child_write_copies_one_page(void)
{
	pid_t pid;
	int code;

	fill('P');
	pid = fork();
	if (pid == 0) {
		unsigned long before, after_read, after_write;
		char c;

		free_pages(); /* the child's stack pages are its own from here */
		before = free_pages();
		c = buf[3 * page];
		after_read = free_pages();
		buf[5 * page] = c;
		after_write = free_pages();
		_exit(before == after_read ? (int)(before - after_write) : 100);
	}
	code = exit_code(pid);
	ktap_print_msg("child: a read copied %s, a write copied %d page(s)",
		       code == 100 ? "pages" : "nothing", code);
	ktap_ok(code == 1 && all_are('P'), "child_write_copies_exactly_one_page");
}

static void test_last_owner_writes_in_place(void)
{
	unsigned long before, after;
	pid_t pid;
	int code;

	fill('P');
	before = free_pages();
	pid = fork();
	if (pid == 0)
		_exit(0);
	code = exit_code(pid);
	fill('L');
	after = free_pages();
	ktap_print_msg("free pages %lu before fork, %lu after the child and the writes", before,
		       after);
	ktap_ok(code == 0 && after == before && all_are('L'), "last_owner_writes_in_place");
}

static int thread_writes(void *arg __attribute__((unused)))
{
	fill('T');
	return 7;
}

static void test_thread_in_child(void)
{
	pid_t pid;

	fill('P');
	pid = fork();
	if (pid == 0) {
		struct thread t;
		int result = -1;

		if (thread_create(&t, thread_writes, NULL, NULL) != 0)
			_exit(2);
		thread_join(&t, &result);
		_exit(result == 7 && all_are('T') ? 0 : 1);
	}
	ktap_ok(exit_code(pid) == 0 && all_are('P'), "thread_created_in_child_after_fork");
}

static void test_fork_of_fork(void)
{
	pid_t pid;

	fill('P');
	pid = fork();
	if (pid == 0) {
		pid_t grandchild;
		int code;

		fill('C');
		grandchild = fork();
		if (grandchild == 0) {
			bool saw = all_are('C');

			fill('G');
			_exit(saw && all_are('G') ? 0 : 1);
		}
		code = exit_code(grandchild);
		_exit(code == 0 && all_are('C') ? 0 : 1);
	}
	ktap_ok(exit_code(pid) == 0 && all_are('P'), "fork_of_fork_diverges");
}

/* ---- shadow stacks ---- */

/* Calls itself n deep: one shadow-stack entry a level, pushed and popped. */
static __attribute__((noinline)) int deep(int n)
{
	int r;

	if (n == 0)
		return 0;
	r = deep(n - 1);
	__asm__ volatile("" : "+r"(r) : : "memory"); /* no tail call, no loop */
	return r + 1;
}

static void on_sigsegv(int sig, siginfo_t *si, void *uc __attribute__((unused)))
{
	SHSTK_EXIT(sig == SIGSEGV && si->si_code == SEGV_CPERR ? CPERR_SEEN : CPERR_WRONG);
}

static __attribute__((noinline, noreturn)) void landing(void)
{
	SHSTK_EXIT(NO_CPERR);
}

/*
 * One side after fork: calls deep (its shadow-stack pages are shared until
 * then), and with tamper a tampered return that must fault SEGV_CPERR (the
 * handler exits; the restorer is never used).
 */
static int one_side(bool tamper)
{
	struct kernel_sigaction a = { (unsigned long)on_sigsegv, SA_SIGINFO | SA_RESTORER,
				      (unsigned long)landing, 0 };

	if (deep(DEPTH) != DEPTH)
		return 5;
	if (!tamper)
		return 0;
	if (syscall4(__NR_rt_sigaction, SIGSEGV, (long)&a, 0, 8) != 0)
		return 6;
	sig_arch_tamper_return(landing);
	return 7;
}

/* Shadow stacks on: fills 1500 entries, forks, both sides run one_side(). */
static int both_sides(bool tamper)
{
	int mine, theirs;
	pid_t pid;

	if (deep(DEPTH) != DEPTH)
		return 2;
	pid = fork();
	if (pid == 0)
		SHSTK_EXIT(one_side(tamper));
	if (!tamper)
		mine = one_side(false); /* likely while the child still shares */
	else if (deep(DEPTH) != DEPTH)
		return 3;
	theirs = exit_code(pid);
	if (theirs != (tamper ? CPERR_SEEN : 0)) {
		ktap_print_msg("the fork child exited with %d", theirs);
		return 4;
	}
	return tamper ? one_side(true) : mine;
}

static void test_shadow_stack(const char *name, bool tamper)
{
	int code;
	pid_t pid = fork();

	if (pid == 0) {
		/* Enabled inline: this frame never returns, it leaves by exit_group. */
		if (SHSTK_ENABLE() != 0)
			SHSTK_EXIT(SS_UNSUPPORTED);
		SHSTK_EXIT(both_sides(tamper));
	}
	code = exit_code(pid);
	if (code == SS_UNSUPPORTED) {
		ktap_skip(name, "shadow stacks not supported");
		return;
	}
	if (code != (tamper ? CPERR_SEEN : 0))
		ktap_print_msg("%s: exit code %d", name, code);
	ktap_ok(code == (tamper ? CPERR_SEEN : 0), "%s", name);
}

int main(void)
{
	page = (size_t)getpagesize();
	ktap_header();
	ktap_plan(NTESTS);
	buf = mmap(NULL, NPAGES * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED)
		ktap_print_msg("mmap: errno %d", errno);
	test_child_writes_stay_in_child();
	test_parent_writes_stay_in_parent();
	test_child_write_copies_one_page();
	test_last_owner_writes_in_place();
	test_thread_in_child();
	test_fork_of_fork();
	test_shadow_stack("shstk_deep_calls_after_fork_in_both", false);
	test_shadow_stack("shstk_tampered_return_after_fork_cperr_in_both", true);
	return ktap_finish();
}

// SPDX-License-Identifier: MIT
/*
 * /bin/efault: bad user pointers into every system call that takes one.
 *
 * Proves: the kernel checks each user pointer and fails with EFAULT, never
 * crashing and never succeeding, for three kinds of bad pointer -- NULL, a
 * kernel address, and (SerenityOS TestEFault style) an object straddling
 * the end of a mapping by one byte -- while the same object ending exactly
 * at the edge works. An architecture may add more bad pointers
 * (ARCH_EFAULT_BAD_ADDRS in arch_test.h: arm64's kernel half and tagged
 * pointers). Where Linux defines NULL as "no object" (wait4 status,
 * waitid infop, prlimit64's pointers, execve argv) there is no NULL case.
 *
 * read and write copy byte streams: Linux may transfer the bytes before the
 * edge and return that short count instead of EFAULT, so for them either
 * EFAULT or exactly the mapped byte count is accepted.
 */
#include "arch_test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define KERNEL_ADDR ((void *)0xffff800000000000UL)
#define SS_DISABLE_FLAG 2
#define SIGSET_SIZE 8 /* the kernel's sigset_t */
#define NOOP_FLAG "--exec-noop"

static const char *self_path = "/bin/efault";
static char *edge; /* first byte of an unmapped page that follows a mapped one */
static int self_fd = -1;
static char *noop_argv[3];
static char *empty_envp[1];

struct pcase {
	const char *name;      /* NULL: no such call on this architecture, left out */
	long (*call)(void *p); /* raw result: >= 0, or -errno */
	size_t size;	       /* bytes of the object p points to */
	const void *tmpl;      /* contents of a valid object (NULL: don't care) */
	bool null_ok;	       /* NULL is a legal "no object" here */
	bool partial_ok;       /* a short byte count is a legal answer */
	bool no_straddle;      /* object cannot straddle (aligned word): test just past the edge */
	bool (*edge_ok)(long r);
	size_t back; /* straddle start: this many bytes before the edge (0: size - 1) */
};

static bool is_zero(long r)
{
	return r == 0;
}

static bool is_positive(long r)
{
	return r > 0;
}

static bool is_two(long r)
{
	return r == 2;
}

static bool is_enoent(long r)
{
	return r == -ENOENT;
}

static bool is_eagain(long r)
{
	return r == -EAGAIN;
}

static long do_read(void *p)
{
	return syscall3(__NR_read, self_fd, (long)p, 2);
}

static long do_write(void *p)
{
	fflush_stdout();
	return syscall3(__NR_write, STDOUT_FILENO, (long)p, 2);
}

static long do_writev_array(void *p)
{
	fflush_stdout();
	return syscall3(__NR_writev, STDOUT_FILENO, (long)p, 1);
}

static long do_writev_base(void *p)
{
	struct iovec iov = { p, 2 };

	fflush_stdout();
	return syscall3(__NR_writev, STDOUT_FILENO, (long)&iov, 1);
}

static long do_openat(void *p)
{
	long r = syscall4(__NR_openat, AT_FDCWD, (long)p, O_RDONLY, 0);

	if (r >= 0)
		syscall1(__NR_close, r);
	return r;
}

static long do_clock_gettime(void *p)
{
	return syscall2(__NR_clock_gettime, CLOCK_MONOTONIC, (long)p);
}

static long do_nanosleep(void *p)
{
	return syscall2(__NR_nanosleep, (long)p, 0);
}

static pid_t child_exit0(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	return pid;
}

/* Reaps pid if an earlier, failed wait left it (Linux reaps before EFAULT). */
static void reap(pid_t pid)
{
	syscall4(__NR_wait4, pid, 0, 0, 0);
}

static long do_wait4(void *p)
{
	pid_t pid = child_exit0();
	long r = syscall4(__NR_wait4, pid, (long)p, 0, 0);

	reap(pid);
	return r;
}

static long do_waitid(void *p)
{
	pid_t pid = child_exit0();
	long r = syscall5(__NR_waitid, P_PID, pid, (long)p, WEXITED, 0);

	reap(pid);
	return r;
}

static long do_uname(void *p)
{
	return syscall1(__NR_uname, (long)p);
}

static long do_clone3(void *p)
{
	long r;

	fflush_stdout();
	r = syscall_clone3_exit0(p, CLONE_ARGS_SIZE_VER0);
	if (r > 0)
		reap((pid_t)r);
	return r;
}

static long do_futex(void *p)
{
	return syscall6(__NR_futex, (long)p, FUTEX_WAIT, 0, 0, 0, 0);
}

static long do_prlimit_new(void *p)
{
	return syscall4(__NR_prlimit64, 0, RLIMIT_STACK, (long)p, 0);
}

static long do_prlimit_old(void *p)
{
	return syscall4(__NR_prlimit64, 0, RLIMIT_STACK, 0, (long)p);
}

static long do_getrlimit(void *p)
{
	return syscall2(__NR_getrlimit, RLIMIT_STACK, (long)p);
}

static long do_setrlimit(void *p)
{
	return syscall2(__NR_setrlimit, RLIMIT_STACK, (long)p);
}

/* execve in a child: returns -errno from the failed call, or 0 if it ran. */
static long exec_in_child(const char *path, char **argv)
{
	int status;
	pid_t pid;

	fflush_stdout();
	pid = fork();
	if (pid == 0) {
		long r = syscall3(__NR_execve, (long)path, (long)argv, (long)empty_envp);

		_exit((int)-r);
	}
	if (pid < 0 || wait4(pid, &status, 0, NULL) != pid || !WIFEXITED(status))
		return -10000;
	return -WEXITSTATUS(status);
}

static long do_execve_path(void *p)
{
	return exec_in_child(p, noop_argv);
}

static long do_execve_argv(void *p)
{
	return exec_in_child(self_path, p);
}

static long do_sysinfo(void *p)
{
	return syscall1(__NR_sysinfo, (long)p);
}

/* The kernel's struct sigaction and stack_t (handler, flags, restorer, mask). */
struct k_sigaction_obj {
	unsigned long handler, flags, restorer, mask;
};

struct k_stack_obj {
	void *sp;
	int flags;
	unsigned long size;
};

static long do_sigaction_act(void *p)
{
	return syscall4(__NR_rt_sigaction, SIGUSR2, (long)p, 0, SIGSET_SIZE);
}

static long do_sigaction_old(void *p)
{
	return syscall4(__NR_rt_sigaction, SIGUSR2, 0, (long)p, SIGSET_SIZE);
}

static long do_sigprocmask_set(void *p)
{
	return syscall4(__NR_rt_sigprocmask, SIG_BLOCK, (long)p, 0, SIGSET_SIZE);
}

static long do_sigprocmask_old(void *p)
{
	return syscall4(__NR_rt_sigprocmask, SIG_BLOCK, 0, (long)p, SIGSET_SIZE);
}

static long do_sigpending(void *p)
{
	return syscall2(__NR_rt_sigpending, (long)p, SIGSET_SIZE);
}

static long do_sigaltstack_ss(void *p)
{
	return syscall2(__NR_sigaltstack, (long)p, 0);
}

static long do_sigaltstack_old(void *p)
{
	return syscall2(__NR_sigaltstack, 0, (long)p);
}

#ifdef __NR_clock_nanosleep
#define CLOCK_NANOSLEEP_CASE "clock_nanosleep_req"
static long do_clock_nanosleep(void *p)
{
	return syscall4(__NR_clock_nanosleep, CLOCK_MONOTONIC, 0, (long)p, 0);
}
#else
#define CLOCK_NANOSLEEP_CASE NULL
#define do_clock_nanosleep NULL
#endif

static long do_prctl_set_name(void *p)
{
	return syscall2(__NR_prctl, PR_SET_NAME, (long)p);
}

static long do_prctl_get_name(void *p)
{
	return syscall2(__NR_prctl, PR_GET_NAME, (long)p);
}

static long do_futex_timeout(void *p)
{
	static uint32_t word = 7; /* == the expected value: the call would sleep */

	return syscall6(__NR_futex, (long)&word, FUTEX_WAIT, 7, (long)p, 0, 0);
}

static bool is_etimedout(long r)
{
	return r == -ETIMEDOUT;
}

static const struct k_sigaction_obj sigaction_tmpl; /* SIG_DFL, no flags */
static const unsigned long sigset_tmpl;		    /* blocks nothing */
static const struct k_stack_obj altstack_tmpl = { 0, SS_DISABLE_FLAG, 0 };
static const char name_tmpl[16] = "efault-name-15c";
static const struct timespec timeout_tmpl = { 0, 1000 };
static const char write_tmpl[2] = { '#', '\n' };
static struct iovec iov_tmpl = { (void *)write_tmpl, 2 };
static const char path_tmpl[8] = "nofile9";
static const struct timespec sleep_tmpl = { 0, 1 };
static struct clone_args clone_tmpl = { .exit_signal = SIGCHLD };
static const uint32_t futex_tmpl = 1;
static struct rlimit rlimit_tmpl;
static char path_buf[256];
static char *argv_tmpl[3];

static struct pcase cases[] = {
	{ "read_buf", do_read, 2, NULL, false, true, false, is_two, 0 },
	{ "write_buf", do_write, 2, write_tmpl, false, true, false, is_two, 0 },
	{ "writev_iov_array", do_writev_array, sizeof(struct iovec), &iov_tmpl, false, false, false,
	  is_two, 0 },
	{ "writev_iov_base", do_writev_base, 2, write_tmpl, false, true, false, is_two, 0 },
	{ "openat_path", do_openat, sizeof(path_tmpl), path_tmpl, false, false, false, is_enoent,
	  0 },
	{ "clock_gettime_ts", do_clock_gettime, sizeof(struct timespec), NULL, false, false, false,
	  is_zero, 0 },
	{ "nanosleep_req", do_nanosleep, sizeof(struct timespec), &sleep_tmpl, false, false, false,
	  is_zero, 0 },
	{ "wait4_status", do_wait4, sizeof(int), NULL, true, false, false, is_positive, 0 },
	/* Linux writes only si_signo..si_status: make si_status (24..27) cross the edge. */
	{ "waitid_infop", do_waitid, sizeof(siginfo_t), NULL, true, false, false, is_zero, 26 },
	{ "uname_buf", do_uname, sizeof(struct utsname), NULL, false, false, false, is_zero, 0 },
	{ "clone3_args", do_clone3, CLONE_ARGS_SIZE_VER0, &clone_tmpl, false, false, false,
	  is_positive, 0 },
	{ "futex_uaddr", do_futex, sizeof(uint32_t), &futex_tmpl, false, false, true, is_eagain,
	  0 },
	/* Left out where ARCH_EFAULT_CASE_NAME is NULL. */
	{ ARCH_EFAULT_CASE_NAME, arch_efault_call, sizeof(unsigned long), NULL, false, false, false,
	  is_zero, 0 },
	{ "prlimit64_new", do_prlimit_new, sizeof(struct rlimit), &rlimit_tmpl, true, false, false,
	  is_zero, 0 },
	{ "prlimit64_old", do_prlimit_old, sizeof(struct rlimit), NULL, true, false, false, is_zero,
	  0 },
	{ "getrlimit_rlim", do_getrlimit, sizeof(struct rlimit), NULL, false, false, false, is_zero,
	  0 },
	{ "setrlimit_rlim", do_setrlimit, sizeof(struct rlimit), &rlimit_tmpl, false, false, false,
	  is_zero, 0 },
	{ "execve_path", do_execve_path, 0 /* set in main */, path_buf, false, false, false,
	  is_zero, 0 },
	{ "execve_argv", do_execve_argv, sizeof(argv_tmpl), argv_tmpl, true, false, false, is_zero,
	  0 },
	/* NULL act/oldset/ss/old_ss is "no object" (Linux), so those have no NULL case. */
	{ "rt_sigaction_act", do_sigaction_act, sizeof(struct k_sigaction_obj), &sigaction_tmpl,
	  true, false, false, is_zero, 0 },
	{ "rt_sigaction_oldact", do_sigaction_old, sizeof(struct k_sigaction_obj), NULL, true,
	  false, false, is_zero, 0 },
	{ "rt_sigprocmask_set", do_sigprocmask_set, SIGSET_SIZE, &sigset_tmpl, true, false, false,
	  is_zero, 0 },
	{ "rt_sigprocmask_oldset", do_sigprocmask_old, SIGSET_SIZE, NULL, true, false, false,
	  is_zero, 0 },
	{ "rt_sigpending_set", do_sigpending, SIGSET_SIZE, NULL, false, false, false, is_zero, 0 },
	{ "sigaltstack_ss", do_sigaltstack_ss, sizeof(struct k_stack_obj), &altstack_tmpl, true,
	  false, false, is_zero, 0 },
	{ "sigaltstack_old_ss", do_sigaltstack_old, sizeof(struct k_stack_obj), NULL, true, false,
	  false, is_zero, 0 },
	{ CLOCK_NANOSLEEP_CASE, do_clock_nanosleep, sizeof(struct timespec), &sleep_tmpl, false,
	  false, false, is_zero, 0 },
	/* Linux reads at most 15 name bytes: straddle with only 14 of them mapped. */
	{ "prctl_set_name", do_prctl_set_name, sizeof(name_tmpl), name_tmpl, false, false, false,
	  is_zero, 14 },
	{ "prctl_get_name", do_prctl_get_name, sizeof(name_tmpl), NULL, false, false, false,
	  is_zero, 0 },
	/* NULL is "no timeout" (Linux). */
	{ "futex_timeout", do_futex_timeout, sizeof(struct timespec), &timeout_tmpl, true, false,
	  false, is_etimedout, 0 },
	{ "sysinfo_info", do_sysinfo, sizeof(struct sysinfo), NULL, false, false, false, is_zero,
	  0 },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

/* The architecture's extra bad pointers: an address, or a tag for the fitting object. */
struct bad_addr {
	const char *name;
	uintptr_t addr;
	bool tag;
};

static const struct bad_addr arch_bad[] = {
#ifdef ARCH_EFAULT_BAD_ADDRS
	ARCH_EFAULT_BAD_ADDRS
#endif
	{ NULL, 0, false }, /* the end */
};

static bool expect_efault(const char *name, const char *kind, long r, long partial)
{
	bool ok = r == -EFAULT || (partial > 0 && r == partial);

	if (!ok)
		ktap_print_msg("%s_%s: got %ld, expected %d%s", name, kind, r, -EFAULT,
			       partial > 0 ? " or the short count" : "");
	else if (r != -EFAULT)
		ktap_print_msg("%s_%s: short count %ld (Linux partial transfer)", name, kind, r);
	return ktap_ok(ok, "%s_%s_efault", name, kind);
}

/*
 * Puts the valid object's bytes that fit before the edge at p. For a byte
 * stream (partial_ok) the template's tail goes there instead, so a short
 * write to stdout prints "\n", not half a line.
 */
static void place(const struct pcase *c, char *p)
{
	size_t n = (size_t)(edge - p) < c->size ? (size_t)(edge - p) : c->size;
	const char *src = c->tmpl;

	if (src && c->partial_ok)
		memcpy(p, src + c->size - n, n);
	else if (src)
		memcpy(p, src, n);
	else
		memset(p, 0, n);
}

static void run_case(const struct pcase *c)
{
	char *straddle = c->no_straddle ? edge : edge - (c->back ? c->back : c->size - 1);
	char *fit = edge - c->size;
	long r;

	if (!c->null_ok)
		expect_efault(c->name, "null", c->call(NULL), 0);
	expect_efault(c->name, "kernel_address", c->call(KERNEL_ADDR), 0);
	for (const struct bad_addr *b = arch_bad; b->name; b++) {
		uintptr_t a = b->addr;

		if (b->tag) {
			place(c, fit); /* a valid object: only its tag is wrong */
			a |= (uintptr_t)fit;
		}
		expect_efault(c->name, b->name, c->call((void *)a), 0);
	}
	place(c, straddle);
	expect_efault(c->name, c->no_straddle ? "just_past_edge" : "straddles_edge",
		      c->call(straddle), c->partial_ok ? edge - straddle : 0);
	place(c, fit);
	r = c->call(fit);
	if (!c->edge_ok(r))
		ktap_print_msg("%s_up_to_edge: got %ld", c->name, r);
	ktap_ok(c->edge_ok(r), "%s_up_to_edge_works", c->name);
}

static unsigned int count_lines(void)
{
	unsigned int n = 2; /* execve_argv_element_kernel_address, edge_page_still_unmapped */
	unsigned int nbad = 0;

	while (arch_bad[nbad].name)
		nbad++;
	for (size_t i = 0; i < NCASES; i++)
		if (cases[i].name)
			n += 3 + !cases[i].null_ok + nbad;
	return n;
}

int main(int argc, char **argv)
{
	size_t page = (size_t)getpagesize();
	char *bad_argv[2] = { KERNEL_ADDR, NULL };
	char *m;

	if (argc < 1 || (argc >= 2 && strcmp(argv[1], NOOP_FLAG) == 0))
		return 0; /* exec'd by the execve cases */
	if (strchr(argv[0], '/'))
		self_path = argv[0];

	strlcpy(path_buf, self_path, sizeof(path_buf));
	for (size_t i = 0; i < NCASES; i++)
		if (cases[i].call == do_execve_path)
			cases[i].size = strlen(path_buf) + 1;
	noop_argv[0] = (char *)self_path;
	noop_argv[1] = NOOP_FLAG;
	argv_tmpl[0] = (char *)self_path;
	argv_tmpl[1] = NOOP_FLAG;
	getrlimit(RLIMIT_STACK, &rlimit_tmpl);
	self_fd = open(self_path, O_RDONLY);

	m = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(m + page, page);
	edge = m + page;

	ktap_header();
	ktap_plan(count_lines());
	if (self_fd < 0 || m == MAP_FAILED)
		ktap_print_msg("set-up failed: open %d, mmap %p", self_fd, m);
	for (size_t i = 0; i < NCASES; i++)
		if (cases[i].name)
			run_case(&cases[i]);
	expect_efault("execve_argv_element", "kernel_address", exec_in_child(self_path, bad_argv),
		      0);
	/* Nothing may have been mapped into the hole meanwhile. */
	errno = 0;
	ktap_ok(mprotect(edge, page, PROT_READ) == -1 && errno == ENOMEM,
		"edge_page_still_unmapped");
	return ktap_finish();
}

// SPDX-License-Identifier: MIT
/*
 * /bin/clone3: the cases of the kselftest tools/testing/selftests/clone3/
 * clone3.c at the seed series' base plus seed patches 3-5 (docs/ABI.md §8.1),
 * under the same names and with the same set-up and expected results.
 *
 * Proves: clone3() validates its size, exit_signal, flags and the seed's
 * shadow_stack / shadow_stack_size pair exactly as Linux with the seed
 * series does; a created child runs and exits 0. Each case expects one
 * clone3() result (0 for a created child, else -errno); a case with
 * e2big_valid counts E2BIG (a kernel without the VER3 fields) as a skip.
 *
 * Shadow stacks (docs/ABI.md §8.1): the seed never enables them, so on a
 * CET machine "Shadow stack on system with shadow stack" would get EINVAL
 * (the x86 rule wants SHSTK on in the caller). Like the series' later
 * versions, main enables shadow stacks (arch_prctl on x86_64, prctl on
 * arm64: shstk_enable.h) -- inline, and only when map_shadow_stack() worked
 * -- and from then on never returns (it ends with exit()). Every
 * clone3 here is the inline syscall_clone3_exit0(), whose child leaves
 * through exit_group without a `ret`: a fork-style child given the empty
 * map_shadow_stack() page as its shadow stack could not return from a
 * wrapper function.
 *
 * The shape of the shadow-stack fields is the one the kernel booted with
 * (clone3_shstk=rfc1|size|token in /proc/cmdline, docs/ABI.md §2.5): the
 * size cases use that shape's struct size, and the shadow-stack cases are
 * that shape's selftest cases -- rfc1: the seed's four; size: series v4's
 * two plus the v4 bounds; token: the token-era selftest's five (on
 * Umbra, as on the kernels that carried it, "without shadow stack" is
 * EINVAL where that selftest expected EFAULT).
 */
#include "shstk_enable.h"
#include <machine/syscall.h>
#include "test.h"
#include <errno.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

enum test_mode {
	CLONE3_ARGS_NO_TEST,
	CLONE3_ARGS_ALL_0,
	CLONE3_ARGS_INVAL_EXIT_SIGNAL_BIG,
	CLONE3_ARGS_INVAL_EXIT_SIGNAL_NEG,
	CLONE3_ARGS_INVAL_EXIT_SIGNAL_CSIG,
	CLONE3_ARGS_INVAL_EXIT_SIGNAL_NSIG,
	CLONE3_ARGS_SHADOW_STACK,
	CLONE3_ARGS_SHADOW_STACK_SIZE_ONLY,
	CLONE3_ARGS_SHADOW_STACK_POINTER_ONLY,
	/* clone3_shstk=size: shadow_stack_size alone (at offset 88). */
	CLONE3_ARGS_SHADOW_STACK_SIZE_PAGE,
	CLONE3_ARGS_SHADOW_STACK_SIZE_4,
	CLONE3_ARGS_SHADOW_STACK_SIZE_OVER_RLIMIT,
	/* clone3_shstk=token: shstk_token (at offset 88). */
	CLONE3_ARGS_SHADOW_STACK_TOKEN,
	CLONE3_ARGS_SHADOW_STACK_TOKEN_MISALIGNED,
	CLONE3_ARGS_SHADOW_STACK_TOKEN_NORMAL_MEMORY,
	CLONE3_ARGS_SHADOW_STACK_TOKEN_NONE,
};

/* A filter returns why the case cannot run here, or NULL to run it. */
typedef const char *(*filter_function)(void);
typedef size_t (*size_function)(void);

struct test {
	const char *name;
	uint64_t flags;
	size_t size;	  /* 0: the booted shape's struct size (plus size_plus) */
	size_t size_plus; /* bytes past the shape's struct size */
	size_function size_function;
	int expected; /* clone3's result: 0 or -errno */
	bool e2big_valid;
	enum test_mode test_mode;
	filter_function filter;
};

static bool shadow_stack_supported;
static uint64_t shadow_stack;
static int shape;	 /* enum clone3_shstk_abi: the kernel's clone3_shstk= */
static size_t args_size; /* the shape's struct size: its CLONE_ARGS_SIZE_VER3 */

/* The args of any shape and two spare words after them, as the kselftest lays them out. */
union args_ext {
	struct clone_args args; /* the shared fields, and rfc1's */
	struct clone_args_size size;
	struct clone_args_token token;
	uint64_t words[CLONE_ARGS_SIZE_VER3_RFC1 / 8 + 2];
};

/*
 * A page of shadow stack from map_shadow_stack() with flags, for one token
 * case: the address of its top slot (where SET_TOKEN put a token), or 0.
 */
static uint64_t fresh_token_slot(unsigned int flags)
{
	long r = syscall3(__NR_map_shadow_stack, 0, getpagesize(), flags);

	if (r < 0 && r > -4096) {
		ktap_print_msg("map_shadow_stack: errno %ld", -r);
		return 0;
	}
	return (uint64_t)r + (uint64_t)getpagesize() - 8;
}

/* A result that no errno can produce: the child did not exit normally. */
#define CHILD_KILLED 10000

/*
 * Issues one clone3() with the case's arguments. Returns the raw result
 * (negative errno), or for a created child its exit status (0 = clean exit).
 */
static int call_clone3(uint64_t flags, size_t size, enum test_mode mode)
{
	union args_ext ext;
	struct clone_args *a = &ext.args;
	long pid;
	int status;

	memset(&ext, 0, sizeof(ext));
	a->flags = flags;
	a->exit_signal = SIGCHLD;

	switch (mode) {
	case CLONE3_ARGS_NO_TEST:
		break;
	case CLONE3_ARGS_ALL_0:
		a->flags = 0;
		a->exit_signal = 0;
		break;
	case CLONE3_ARGS_INVAL_EXIT_SIGNAL_BIG:
		a->exit_signal = 0xbadc0ded00000000ULL;
		break;
	case CLONE3_ARGS_INVAL_EXIT_SIGNAL_NEG:
		a->exit_signal = 0x0000000080000000ULL;
		break;
	case CLONE3_ARGS_INVAL_EXIT_SIGNAL_CSIG:
		a->exit_signal = 0x0000000000000100ULL;
		break;
	case CLONE3_ARGS_INVAL_EXIT_SIGNAL_NSIG:
		a->exit_signal = 0x00000000000000f0ULL;
		break;
	case CLONE3_ARGS_SHADOW_STACK:
		a->shadow_stack = shadow_stack;
		a->shadow_stack_size = (uint64_t)getpagesize();
		break;
	case CLONE3_ARGS_SHADOW_STACK_SIZE_ONLY:
		a->shadow_stack_size = (uint64_t)getpagesize();
		break;
	case CLONE3_ARGS_SHADOW_STACK_POINTER_ONLY:
		a->shadow_stack = shadow_stack;
		break;
	case CLONE3_ARGS_SHADOW_STACK_SIZE_PAGE:
		ext.size.shadow_stack_size = (uint64_t)getpagesize();
		break;
	case CLONE3_ARGS_SHADOW_STACK_SIZE_4:
		ext.size.shadow_stack_size = 4;
		break;
	case CLONE3_ARGS_SHADOW_STACK_SIZE_OVER_RLIMIT:
		ext.size.shadow_stack_size = rlimit_stack() + 1;
		break;
	case CLONE3_ARGS_SHADOW_STACK_TOKEN:
		ext.token.shstk_token = fresh_token_slot(SHADOW_STACK_SET_TOKEN);
		break;
	case CLONE3_ARGS_SHADOW_STACK_TOKEN_MISALIGNED:
		ext.token.shstk_token = fresh_token_slot(SHADOW_STACK_SET_TOKEN) - 1;
		break;
	case CLONE3_ARGS_SHADOW_STACK_TOKEN_NORMAL_MEMORY:
		/* The top slot of an ordinary page: not shadow-stack memory. */
		ext.token.shstk_token = shadow_stack + (uint64_t)getpagesize() - 8;
		break;
	case CLONE3_ARGS_SHADOW_STACK_TOKEN_NONE:
		ext.token.shstk_token = fresh_token_slot(0);
		break;
	}
	/* Past the struct, the first spare word stays 0 and the second is 1. */
	if (size > args_size)
		ext.words[args_size / 8 + 1] = 1;

	/* The child leaves through exit_group(0) inside this call. */
	pid = syscall_clone3_exit0(&ext, size);
	if (pid < 0) {
		ktap_print_msg("errno %d - Failed to create new process", (int)-pid);
		return (int)pid;
	}
	ktap_print_msg("I am the parent (%d). My child's pid is %ld", getpid(), pid);
	if (wait4(-1, &status, __WALL, NULL) < 0) {
		ktap_print_msg("wait4() failed: errno %d", errno);
		return -errno;
	}
	if (!WIFEXITED(status)) {
		ktap_print_msg("child killed by signal %d", WTERMSIG(status));
		return CHILD_KILLED;
	}
	return WEXITSTATUS(status);
}

/* Returns false when the kernel has no clone3 at all (ENOSYS). */
static bool test_clone3_supported(void)
{
	struct clone_args a;
	long ret;

	memset(&a, 0, sizeof(a));
	a.exit_signal = ~0ULL; /* invalid: any working clone3 says EINVAL */
	ret = syscall_clone3_exit0(&a, CLONE_ARGS_SIZE_VER0);
	if (ret == -ENOSYS) {
		ktap_print_msg("clone3() syscall not supported");
		return false;
	}
	if (ret > 0) {
		int st;

		wait4(-1, &st, __WALL, NULL);
	}
	if (ret != -EINVAL)
		ktap_print_msg("clone3() with an invalid exit signal says %ld, expected %d", ret,
			       -EINVAL);
	else
		ktap_print_msg("clone3() syscall supported");
	return true;
}

static void test_shadow_stack_supported(void)
{
	long r = syscall3(__NR_map_shadow_stack, 0, getpagesize(), 0);

	if (r < 0 && r > -4096) {
		ktap_print_msg("map_shadow_stack() not supported (errno %ld)", -r);
	} else {
		ktap_print_msg("Shadow stack supported");
		shadow_stack = (uint64_t)r;
		shadow_stack_supported = true;
	}
	/* A dummy pointer for the error checks when there is no shadow stack. */
	if (!shadow_stack_supported || shape == CLONE3_SHSTK_TOKEN)
		shadow_stack = (uint64_t)(uintptr_t)malloc((size_t)getpagesize());
}

static const char *not_root(void)
{
	return getuid() != 0 ? "not running as root" : NULL;
}

static const char *no_shadow_stack(void)
{
	return shadow_stack_supported ? NULL : "Shadow stack not supported";
}

static const char *have_shadow_stack(void)
{
	return shadow_stack_supported ? "Shadow stack supported" : NULL;
}

static size_t page_size_plus_8(void)
{
	return (size_t)getpagesize() + 8;
}

static const struct test tests[] = {
	{ .name = "simple clone3()",
	  .flags = 0,
	  .size = 0,
	  .expected = 0,
	  .test_mode = CLONE3_ARGS_NO_TEST },
	{ .name = "clone3() in a new PID_NS",
	  .flags = CLONE_NEWPID,
	  .size = 0,
	  .expected = 0,
	  .test_mode = CLONE3_ARGS_NO_TEST,
	  .filter = not_root },
	{ .name = "CLONE_ARGS_SIZE_VER0",
	  .flags = 0,
	  .size = CLONE_ARGS_SIZE_VER0,
	  .expected = 0,
	  .test_mode = CLONE3_ARGS_NO_TEST },
	{ .name = "CLONE_ARGS_SIZE_VER0 - 8",
	  .flags = 0,
	  .size = CLONE_ARGS_SIZE_VER0 - 8,
	  .expected = -EINVAL,
	  .test_mode = CLONE3_ARGS_NO_TEST },
	{ .name = "sizeof(struct clone_args) + 8",
	  .flags = 0,
	  .size_plus = 8,
	  .expected = 0,
	  .test_mode = CLONE3_ARGS_NO_TEST },
	{ .name = "exit_signal with highest 32 bits non-zero",
	  .flags = 0,
	  .size = 0,
	  .expected = -EINVAL,
	  .test_mode = CLONE3_ARGS_INVAL_EXIT_SIGNAL_BIG },
	{ .name = "negative 32-bit exit_signal",
	  .flags = 0,
	  .size = 0,
	  .expected = -EINVAL,
	  .test_mode = CLONE3_ARGS_INVAL_EXIT_SIGNAL_NEG },
	{ .name = "exit_signal not fitting into CSIGNAL mask",
	  .flags = 0,
	  .size = 0,
	  .expected = -EINVAL,
	  .test_mode = CLONE3_ARGS_INVAL_EXIT_SIGNAL_CSIG },
	{ .name = "NSIG < exit_signal < CSIG",
	  .flags = 0,
	  .size = 0,
	  .expected = -EINVAL,
	  .test_mode = CLONE3_ARGS_INVAL_EXIT_SIGNAL_NSIG },
	{ .name = "Arguments sizeof(struct clone_args) + 8",
	  .flags = 0,
	  .size_plus = 8,
	  .expected = 0,
	  .test_mode = CLONE3_ARGS_ALL_0 },
	{ .name = "Arguments sizeof(struct clone_args) + 16",
	  .flags = 0,
	  .size_plus = 16,
	  .expected = -E2BIG,
	  .test_mode = CLONE3_ARGS_ALL_0 },
	{ .name = "Arguments sizeof(struct clone_arg) * 2",
	  .flags = 0,
	  .size_plus = 16,
	  .expected = -E2BIG,
	  .test_mode = CLONE3_ARGS_ALL_0 },
	{ .name = "Arguments > page size",
	  .flags = 0,
	  .size_function = page_size_plus_8,
	  .expected = -E2BIG,
	  .test_mode = CLONE3_ARGS_NO_TEST },
	{ .name = "CLONE_ARGS_SIZE_VER0 in a new PID NS",
	  .flags = CLONE_NEWPID,
	  .size = CLONE_ARGS_SIZE_VER0,
	  .expected = 0,
	  .test_mode = CLONE3_ARGS_NO_TEST,
	  .filter = not_root },
	{ .name = "CLONE_ARGS_SIZE_VER0 - 8 in a new PID NS",
	  .flags = CLONE_NEWPID,
	  .size = CLONE_ARGS_SIZE_VER0 - 8,
	  .expected = -EINVAL,
	  .test_mode = CLONE3_ARGS_NO_TEST },
	{ .name = "sizeof(struct clone_args) + 8 in a new PID NS",
	  .flags = CLONE_NEWPID,
	  .size_plus = 8,
	  .expected = 0,
	  .test_mode = CLONE3_ARGS_NO_TEST,
	  .filter = not_root },
	{ .name = "Arguments > page size in a new PID NS",
	  .flags = CLONE_NEWPID,
	  .size_function = page_size_plus_8,
	  .expected = -E2BIG,
	  .test_mode = CLONE3_ARGS_NO_TEST },
	{ .name = "New time NS",
	  .flags = CLONE_NEWTIME,
	  .size = 0,
	  .expected = 0,
	  .test_mode = CLONE3_ARGS_NO_TEST },
	{ .name = "exit signal (SIGCHLD) in flags",
	  .flags = SIGCHLD,
	  .size = 0,
	  .expected = -EINVAL,
	  .test_mode = CLONE3_ARGS_NO_TEST },
};

/* clone3_shstk=rfc1: the seed's cases (shadow_stack + shadow_stack_size). */
static const struct test rfc1_tests[] = {
	{ .name = "Shadow stack on system with shadow stack",
	  .flags = 0,
	  .size = 0,
	  .expected = 0,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK,
	  .filter = no_shadow_stack },
	{ .name = "Shadow stack with only size specified",
	  .flags = 0,
	  .size = 0,
	  .expected = -EINVAL,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK_SIZE_ONLY,
	  .filter = no_shadow_stack },
	{ .name = "Shadow stack with only pointer specified",
	  .flags = 0,
	  .size = 0,
	  .expected = -EINVAL,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK_POINTER_ONLY,
	  .filter = no_shadow_stack },
	{ .name = "Shadow stack on system without shadow stack",
	  .flags = 0,
	  .size = 0,
	  .expected = -EINVAL,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK,
	  .filter = have_shadow_stack },
};

/* clone3_shstk=size: series v4's cases (shadow_stack_size alone, CLONE_VM), and its bounds. */
static const struct test size_tests[] = {
	{ .name = "Shadow stack on system with shadow stack",
	  .flags = CLONE_VM,
	  .expected = 0,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK_SIZE_PAGE,
	  .filter = no_shadow_stack },
	{ .name = "Shadow stack size below the minimum",
	  .flags = CLONE_VM,
	  .expected = -EINVAL,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK_SIZE_4,
	  .filter = no_shadow_stack },
	{ .name = "Shadow stack size above RLIMIT_STACK",
	  .flags = CLONE_VM,
	  .expected = -EINVAL,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK_SIZE_OVER_RLIMIT,
	  .filter = no_shadow_stack },
	{ .name = "Shadow stack on system without shadow stack",
	  .flags = CLONE_VM,
	  .expected = -EINVAL,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK_SIZE_PAGE,
	  .filter = have_shadow_stack },
};

/* clone3_shstk=token: the token-era selftest's cases (shstk_token). */
static const struct test token_tests[] = {
	{ .name = "Shadow stack on system with shadow stack",
	  .flags = 0,
	  .expected = 0,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK_TOKEN,
	  .filter = no_shadow_stack },
	{ .name = "Shadow stack with misaligned address",
	  .flags = CLONE_VM,
	  .expected = -EINVAL,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK_TOKEN_MISALIGNED,
	  .filter = no_shadow_stack },
	{ .name = "Shadow stack with normal memory",
	  .flags = CLONE_VM,
	  .expected = -EFAULT,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK_TOKEN_NORMAL_MEMORY,
	  .filter = no_shadow_stack },
	{ .name = "Shadow stack with no token",
	  .flags = CLONE_VM,
	  .expected = -EINVAL,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK_TOKEN_NONE,
	  .filter = no_shadow_stack },
	{ .name = "Shadow stack on system without shadow stack",
	  .flags = CLONE_VM,
	  .expected = -EINVAL,
	  .e2big_valid = true,
	  .test_mode = CLONE3_ARGS_SHADOW_STACK_TOKEN_NORMAL_MEMORY,
	  .filter = have_shadow_stack },
};

#define NTESTS (sizeof(tests) / sizeof(tests[0]))
#define NSHAPE(t) (sizeof(t) / sizeof((t)[0]))

/* The booted shape's shadow-stack cases. */
static const struct test *shape_tests;
static size_t nshape_tests;

static void test_clone3(const struct test *t)
{
	const char *why = t->filter ? t->filter() : NULL;
	size_t size;
	int ret;

	if (why) {
		ktap_skip(t->name, "%s", why);
		return;
	}
	size = t->size_function ? t->size_function() : t->size ? t->size : args_size + t->size_plus;
	ktap_print_msg("Running test '%s'", t->name);
	ktap_print_msg("[%d] Trying clone3() with flags %#llx (size %zu)", getpid(),
		       (unsigned long long)t->flags, size);
	ret = call_clone3(t->flags, size, t->test_mode);
	ktap_print_msg("[%d] clone3() with flags says: %d expected %d", getpid(), ret, t->expected);
	if (ret != t->expected && t->e2big_valid && ret == -E2BIG) {
		ktap_print_msg("Test reported -E2BIG");
		ktap_skip(t->name, "E2BIG: kernel without the shadow-stack clone_args fields");
		return;
	}
	if (ret != t->expected)
		ktap_print_msg("[%d] Result (%d) is different than expected (%d)", getpid(), ret,
			       t->expected);
	ktap_ok(ret == t->expected, "%s", t->name);
}

/* Enables shadow stacks inline in main's frame: main must not return afterwards. */
int main(void)
{
	static const char *const shape_names[] = CLONE3_SHSTK_NAMES;
	static const size_t shape_sizes[] = { CLONE_ARGS_SIZE_VER3_RFC1, CLONE_ARGS_SIZE_VER3_SIZE,
					      CLONE_ARGS_SIZE_VER3_TOKEN };

	shape = clone3_shstk_booted();
	if (shape < 0)
		shape = CLONE3_SHSTK_RFC1; /* the cases then show what the kernel does */
	args_size = shape_sizes[shape];
	shape_tests = shape == CLONE3_SHSTK_SIZE    ? size_tests
		      : shape == CLONE3_SHSTK_TOKEN ? token_tests
						    : rfc1_tests;
	nshape_tests = shape == CLONE3_SHSTK_SIZE    ? NSHAPE(size_tests)
		       : shape == CLONE3_SHSTK_TOKEN ? NSHAPE(token_tests)
						     : NSHAPE(rfc1_tests);
	ktap_header();
	ktap_plan(NTESTS + nshape_tests);
	ktap_print_msg("clone3_shstk=%s: struct clone_args is %zu bytes", shape_names[shape],
		       args_size);
	if (!test_clone3_supported()) {
		for (size_t i = 0; i < NTESTS; i++)
			ktap_skip(tests[i].name, "clone3() not supported");
		for (size_t i = 0; i < nshape_tests; i++)
			ktap_skip(shape_tests[i].name, "clone3() not supported");
		exit(ktap_finish());
	}
	test_shadow_stack_supported();
	if (shadow_stack_supported) {
		long r = SHSTK_ENABLE();

		if (r != 0)
			ktap_print_msg("%s says %ld", SHSTK_ENABLE_NAME, r);
		else
			ktap_print_msg("Shadow stack enabled");
	}
	for (size_t i = 0; i < NTESTS; i++)
		test_clone3(&tests[i]);
	for (size_t i = 0; i < nshape_tests; i++)
		test_clone3(&shape_tests[i]);
	exit(ktap_finish());
}

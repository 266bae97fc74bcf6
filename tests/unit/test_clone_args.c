// SPDX-License-Identifier: MIT
/*
 * kernel/proc/clone_args.c follows docs/ABI.md §2.2 exactly. Step 1
 * (clone3_copy_args): usize > PAGE_SIZE gives E2BIG and usize < 64 EINVAL,
 * whatever the pointer; VER0..VER3 sizes are accepted and a short struct is
 * zero-extended; bytes past the kernel's 104 must be zero (E2BIG) and are
 * checked before the known part is copied (so E2BIG beats a fault in the
 * known part, and a fault in the extra bytes is EFAULT); the set_tid,
 * exit_signal and CLONE_INTO_CGROUP rules give EINVAL, in that order and
 * before the set_tid copy, whose fault is EFAULT; every field reaches
 * kernel_clone_args exactly. Step 2 (clone3_args_valid): unknown flags,
 * CLONE_DETACHED, CSIGNAL bits other than CLONE_NEWTIME, SIGHAND with
 * CLEAR_SIGHAND, THREAD/PARENT with an exit signal, a stack without a size
 * or a size without a stack or a range past TASK_SIZE, and any shadow-stack
 * field without hardware support (kernel/shstk/shstk.c) give EINVAL; with
 * support, the seed RFC v1 rules apply (a stack needs a size and a user
 * range, a size needs a stack). The shared
 * copy_process checks (clone_flags_valid) give EINVAL, and
 * CLONE_INTO_CGROUP EBADF, after kernel_clone's pidfd == parent_tid EINVAL.
 * The shapes of clone3_shstk= (docs/ABI.md §2.5): the names select them
 * (an unknown one changes nothing); size and token end at 96, so rfc1's
 * 104-byte struct with a size at 96 is E2BIG there, and their field at 88
 * reaches shadow_stack_size or shstk_token alone; size needs 8..RLIMIT_STACK
 * and token 8-alignment, both only with shadow stacks, else EINVAL.
 *
 * User memory is faked: arch_copy_user() reads byte by byte and stops at
 * the first byte outside every range registered as valid, returning the
 * bytes left, as the real fault fix-up does. The struct is placed at the
 * start of an arena and only its usize bytes are made valid, so any read
 * past usize is caught as a fault.
 *
 * kernel/shstk/shstk.c also holds the kernel glue of shadow stacks (shstk_clone,
 * which test_shstk_clone.c table-tests, map_shadow_stack, ...); the symbols
 * that glue needs are stood in for below, and all but
 * arch_shstk_supported() fail the test if called.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <kernel/fork.h>
#include <kernel/shstk.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/sched.h>
#include <uapi/linux/signal.h>

/* ---- fake user memory ---- */

#define ARENA_SIZE (4 * 4096)
#define MAX_RANGES 64

static unsigned char arena[ARENA_SIZE] __attribute__((aligned(4096)));

struct range {
	uintptr_t start, end;
};

static struct range valid[MAX_RANGES];
static unsigned int nr_valid;
static unsigned int nr_copies; /* arch_copy_user() calls */

static void user_reset(void)
{
	memset(arena, 0, sizeof(arena));
	nr_valid = 0;
	nr_copies = 0;
}

/* Makes [p, p + n) readable user memory. */
static void user_valid(const void *p, size_t n)
{
	assert_true(nr_valid < MAX_RANGES);
	valid[nr_valid++] = (struct range){ (uintptr_t)p, (uintptr_t)p + n };
}

static bool byte_valid(uintptr_t a)
{
	for (unsigned int i = 0; i < nr_valid; i++) {
		if (a >= valid[i].start && a < valid[i].end)
			return true;
	}
	return false;
}

/* Only copy_from_user is used by the code under test: src is the user side. */
size_t arch_copy_user(void *dst, const void *src, size_t n)
{
	const unsigned char *s = src;
	unsigned char *d = dst;
	uintptr_t da = (uintptr_t)dst;

	nr_copies++;
	/* The kernel side must never be the fake user arena. */
	assert_false(da >= (uintptr_t)arena && da < (uintptr_t)arena + ARENA_SIZE);
	for (size_t i = 0; i < n; i++) {
		if (!byte_valid((uintptr_t)s + i))
			return n - i;
		d[i] = s[i];
	}
	return 0;
}

/* ---- what kernel/shstk/shstk.c needs besides the function under test ---- */

static bool shstk_supported; /* arch_shstk_supported()'s answer */
static unsigned int nr_supported_calls;

bool arch_shstk_supported(void)
{
	nr_supported_calls++;
	return shstk_supported;
}

#define NOT_CALLED(ret)                                                        \
	do {                                                                   \
		fail_msg("%s called by the clone3 argument checks", __func__); \
		return ret;                                                    \
	} while (0)

bool arch_shstk_enabled(const struct task *t)
{
	(void)t;
	NOT_CALLED(false);
}

uintptr_t arch_shstk_get_ssp(const struct task *t)
{
	(void)t;
	NOT_CALLED(0);
}

void arch_shstk_set_ssp(struct task *t, uintptr_t ssp)
{
	(void)t;
	(void)ssp;
	NOT_CALLED();
}

uintptr_t arch_shstk_thread_ssp(uintptr_t base, u64 size)
{
	(void)base;
	(void)size;
	NOT_CALLED(0);
}

/* The rules are consulted only past the checks these tests drive: any call fails the test. */
static u64 stub_thread_size(u64 stack_size, u64 rlimit_stack)
{
	(void)stack_size;
	(void)rlimit_stack;
	NOT_CALLED(0);
}

static int stub_clone_stack_check(u64 base, u64 size)
{
	(void)base;
	(void)size;
	NOT_CALLED(-1);
}

static int stub_map_check(u64 addr, u64 size, unsigned int flags)
{
	(void)addr;
	(void)size;
	(void)flags;
	NOT_CALLED(-1);
}

static const struct shstk_rules stub_rules = {
	.thread_size = stub_thread_size,
	.clone_stack_check = stub_clone_stack_check,
	.map_check = stub_map_check,
};
const struct shstk_rules *const arch_shstk_rules = &stub_rules;

int mm_map(struct mm *mm, uintptr_t start, size_t len, unsigned int prot, unsigned int flags,
	   bool fixed)
{
	(void)mm;
	(void)start;
	(void)len;
	(void)prot;
	(void)flags;
	(void)fixed;
	NOT_CALLED(-1);
}

int mm_map_found(struct mm *mm, const struct vma_spot *spot, size_t len, unsigned int prot,
		 unsigned int flags)
{
	(void)mm;
	(void)spot;
	(void)len;
	(void)prot;
	(void)flags;
	NOT_CALLED(-1);
}

uintptr_t vma_find_spot(const struct vma_tree *l, size_t len, uintptr_t hint, uintptr_t low,
			uintptr_t high, size_t guard, struct vma_spot *spot)
{
	(void)spot;
	(void)l;
	(void)len;
	(void)hint;
	(void)low;
	(void)high;
	(void)guard;
	NOT_CALLED(0);
}

struct vma *vma_find(const struct vma_tree *l, uintptr_t addr)
{
	(void)l;
	(void)addr;
	NOT_CALLED(NULL);
}

int arch_shstk_consume_token(struct mm *mm, uintptr_t addr)
{
	(void)mm;
	(void)addr;
	NOT_CALLED(-1);
}

/* The caller, for the size shape's RLIMIT_STACK bound. */
static struct process caller_proc;
static struct task caller = { .proc = &caller_proc };

/* ---- helpers ---- */

/* Arena layout: the struct at 0, a set_tid array at 2048. */
static int *tid_area(void)
{
	return (int *)(arena + 2048);
}

/* Puts a into the arena and makes exactly its first usize bytes valid. */
static void put_args(const struct clone_args *a, size_t usize)
{
	assert_true(usize <= 2048);
	memcpy(arena, a, sizeof(*a) < usize ? sizeof(*a) : usize);
	user_valid(arena, usize);
}

static struct kernel_clone_args kargs;

static int copy(size_t usize)
{
	memset(&kargs, 0xa5, sizeof(kargs));
	return clone3_copy_args(&kargs, arena, usize);
}

static int copy_args(const struct clone_args *a, size_t usize)
{
	put_args(a, usize);
	return copy(usize);
}

static int setup(void **state)
{
	(void)state;
	user_reset();
	clone3_shape = &clone3_shapes[CLONE3_SHSTK_RFC1];
	return 0;
}

/* A plausible full VER3 struct: every field distinct and non-zero. */
static struct clone_args full_args(void)
{
	return (struct clone_args){
		.flags = CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_PIDFD | CLONE_PARENT_SETTID |
			 CLONE_INTO_CGROUP,
		.pidfd = 0x10000,
		.child_tid = 0x20000,
		.parent_tid = 0x30000,
		.exit_signal = SIGCHLD,
		.stack = 0x7f0000000000,
		.stack_size = 0x100000,
		.tls = 0x123456789abc,
		.set_tid = (uintptr_t)tid_area(),
		.set_tid_size = 3,
		.cgroup = 7,
		.shadow_stack = 0x7e0000000000,
		.shadow_stack_size = 0x8000,
	};
}

static void assert_set_tid_zero_from(size_t from)
{
	for (size_t i = from; i < MAX_PID_NS_LEVEL; i++)
		assert_int_equal(kargs.set_tid[i], 0);
}

/* ---- step 1.1/1.2: the size rules ---- */

static void test_size_over_page_is_e2big(void **state)
{
	(void)state;
	assert_int_equal(clone3_copy_args(&kargs, arena, PAGE_SIZE + 1), -E2BIG);
	assert_int_equal(clone3_copy_args(&kargs, arena, 65536), -E2BIG);
	assert_int_equal(clone3_copy_args(&kargs, arena, SIZE_MAX), -E2BIG);
	assert_int_equal(clone3_copy_args(&kargs, NULL, PAGE_SIZE + 1), -E2BIG);
	assert_int_equal(nr_copies, 0); /* nothing read */
}

static void test_size_under_ver0_is_einval(void **state)
{
	struct clone_args a = { 0 };

	(void)state;
	put_args(&a, 64);
	assert_int_equal(copy(63), -EINVAL);
	assert_int_equal(copy(8), -EINVAL);
	assert_int_equal(copy(0), -EINVAL);
	assert_int_equal(clone3_copy_args(&kargs, NULL, 0), -EINVAL);
	assert_int_equal(clone3_copy_args(&kargs, NULL, 63), -EINVAL);
	assert_int_equal(nr_copies, 0);
}

static void test_null_with_valid_size_is_efault(void **state)
{
	(void)state;
	assert_int_equal(clone3_copy_args(&kargs, NULL, 64), -EFAULT);
	assert_int_equal(clone3_copy_args(&kargs, NULL, 88), -EFAULT);
	/* Extra bytes are read first: at NULL + 104, also a fault. */
	assert_int_equal(clone3_copy_args(&kargs, NULL, 112), -EFAULT);
}

static void test_kernel_pointer_is_efault(void **state)
{
	(void)state;
	/* access_ok() refuses it: arch_copy_user is never even asked. */
	assert_int_equal(clone3_copy_args(&kargs, (const void *)(TASK_SIZE - 32), 64), -EFAULT);
	assert_int_equal(clone3_copy_args(&kargs, (const void *)0xffff800000000000ul, 64), -EFAULT);
	assert_int_equal(nr_copies, 0);
}

/* ---- step 1.3: copy_struct_from_user ---- */

static void test_ver0_copies_and_zero_fills(void **state)
{
	struct clone_args a = full_args();

	(void)state;
	a.flags = CLONE_VM | CLONE_SETTLS; /* no CLONE_INTO_CGROUP at VER0 */
	assert_int_equal(copy_args(&a, CLONE_ARGS_SIZE_VER0), 0);
	assert_int_equal(kargs.flags, CLONE_VM | CLONE_SETTLS);
	assert_ptr_equal(kargs.pidfd, (int *)0x10000);
	assert_ptr_equal(kargs.child_tid, (int *)0x20000);
	assert_ptr_equal(kargs.parent_tid, (int *)0x30000);
	assert_int_equal(kargs.exit_signal, SIGCHLD);
	assert_int_equal(kargs.stack, 0x7f0000000000);
	assert_int_equal(kargs.stack_size, 0x100000);
	assert_int_equal(kargs.tls, 0x123456789abc);
	/* Everything past 64 reads as zero. */
	assert_int_equal(kargs.set_tid_size, 0);
	assert_set_tid_zero_from(0);
	assert_int_equal(kargs.cgroup, 0);
	assert_int_equal(kargs.shadow_stack, 0);
	assert_int_equal(kargs.shadow_stack_size, 0);
}

static void test_ver1_copies_set_tid(void **state)
{
	struct clone_args a = full_args();

	(void)state;
	a.flags = CLONE_NEWPID;
	tid_area()[0] = 42;
	tid_area()[1] = 7;
	tid_area()[2] = 1;
	tid_area()[3] = 99; /* past set_tid_size: not copied */
	user_valid(tid_area(), 3 * sizeof(int));
	assert_int_equal(copy_args(&a, CLONE_ARGS_SIZE_VER1), 0);
	assert_int_equal(kargs.flags, CLONE_NEWPID);
	assert_int_equal(kargs.set_tid_size, 3);
	assert_int_equal(kargs.set_tid[0], 42);
	assert_int_equal(kargs.set_tid[1], 7);
	assert_int_equal(kargs.set_tid[2], 1);
	assert_set_tid_zero_from(3);
	assert_int_equal(kargs.cgroup, 0);
	assert_int_equal(kargs.shadow_stack, 0);
	assert_int_equal(kargs.shadow_stack_size, 0);
}

static void test_ver2_copies_cgroup(void **state)
{
	struct clone_args a = full_args();

	(void)state;
	a.set_tid = 0;
	a.set_tid_size = 0;
	assert_int_equal(copy_args(&a, CLONE_ARGS_SIZE_VER2), 0);
	assert_int_equal(kargs.flags, a.flags);
	assert_int_equal(kargs.cgroup, 7);
	assert_int_equal(kargs.set_tid_size, 0);
	assert_set_tid_zero_from(0);
	assert_int_equal(kargs.shadow_stack, 0);
	assert_int_equal(kargs.shadow_stack_size, 0);
}

static void test_ver3_copies_everything(void **state)
{
	struct clone_args a = full_args();

	(void)state;
	tid_area()[0] = 300;
	tid_area()[1] = 20;
	tid_area()[2] = 1;
	user_valid(tid_area(), 3 * sizeof(int));
	assert_int_equal(copy_args(&a, CLONE_ARGS_SIZE_VER3), 0);
	assert_int_equal(kargs.flags, a.flags);
	assert_ptr_equal(kargs.pidfd, (int *)0x10000);
	assert_ptr_equal(kargs.child_tid, (int *)0x20000);
	assert_ptr_equal(kargs.parent_tid, (int *)0x30000);
	assert_int_equal(kargs.exit_signal, SIGCHLD);
	assert_int_equal(kargs.stack, 0x7f0000000000);
	assert_int_equal(kargs.stack_size, 0x100000);
	assert_int_equal(kargs.tls, 0x123456789abc);
	assert_int_equal(kargs.set_tid_size, 3);
	assert_int_equal(kargs.set_tid[0], 300);
	assert_int_equal(kargs.set_tid[1], 20);
	assert_int_equal(kargs.set_tid[2], 1);
	assert_set_tid_zero_from(3);
	assert_int_equal(kargs.cgroup, 7);
	assert_int_equal(kargs.shadow_stack, 0x7e0000000000);
	assert_int_equal(kargs.shadow_stack_size, 0x8000);
}

static void test_sizes_between_versions(void **state)
{
	struct clone_args a = { .exit_signal = SIGCHLD, .tls = 0xdead };

	(void)state;
	/* Any size from 64 to 104 works; only the bytes given are read. */
	for (size_t usize = 64; usize <= 104; usize++) {
		user_reset();
		assert_int_equal(copy_args(&a, usize), 0);
		assert_int_equal(kargs.exit_signal, SIGCHLD);
		assert_int_equal(kargs.tls, 0xdead);
		assert_int_equal(kargs.cgroup, 0);
	}
}

static void test_bigger_struct_with_zero_tail_accepted(void **state)
{
	struct clone_args a = full_args();

	(void)state;
	a.set_tid = 0;
	a.set_tid_size = 0;
	memcpy(arena, &a, sizeof(a)); /* the arena after it is zero */
	user_valid(arena, 112);
	assert_int_equal(copy(112), 0);
	assert_int_equal(kargs.shadow_stack, 0x7e0000000000);
	assert_int_equal(kargs.shadow_stack_size, 0x8000);

	/* Up to a whole page of zeros is fine. */
	user_reset();
	memcpy(arena, &a, sizeof(a));
	user_valid(arena, PAGE_SIZE);
	assert_int_equal(copy(PAGE_SIZE), 0);
	assert_int_equal(kargs.cgroup, 7);
}

static void test_nonzero_extra_byte_is_e2big(void **state)
{
	struct clone_args a = { 0 };

	(void)state;
	for (size_t off = 104; off < 112; off++) {
		user_reset();
		memcpy(arena, &a, sizeof(a));
		arena[off] = 1;
		user_valid(arena, 112);
		assert_int_equal(copy(112), -E2BIG);
	}
	/* The last byte of a page-sized struct. */
	user_reset();
	arena[PAGE_SIZE - 1] = 0x80;
	user_valid(arena, PAGE_SIZE);
	assert_int_equal(copy(PAGE_SIZE), -E2BIG);
	/* A non-zero byte just past usize is not part of the struct. */
	user_reset();
	arena[112] = 1;
	user_valid(arena, 113);
	assert_int_equal(copy(112), 0);
}

static void test_fault_in_extra_bytes_is_efault(void **state)
{
	(void)state;
	/* Known part readable, the extra bytes fault from 108 on. */
	user_valid(arena, 108);
	assert_int_equal(copy(112), -EFAULT);
	/* A non-zero byte before the fault wins: E2BIG. */
	user_reset();
	arena[105] = 1;
	user_valid(arena, 108);
	assert_int_equal(copy(112), -E2BIG);
}

static void test_extra_bytes_checked_before_copy(void **state)
{
	(void)state;
	/* Known part [0, 104) faults at 40, the extra bytes are readable. */
	user_valid(arena, 40);
	user_valid(arena + 104, 8);
	assert_int_equal(copy(112), -EFAULT); /* zero tail: then the copy faults */
	arena[111] = 0xff;
	assert_int_equal(copy(112), -E2BIG); /* non-zero tail: seen before the copy */
	/* Known part faults, no extra bytes: EFAULT. */
	assert_int_equal(copy(104), -EFAULT);
	assert_int_equal(copy(64), -EFAULT);
}

/* ---- step 1.4-1.10 ---- */

static void test_set_tid_size_over_32(void **state)
{
	struct clone_args a = { .set_tid = (uintptr_t)tid_area(), .set_tid_size = 33 };

	(void)state;
	user_valid(tid_area(), 64 * sizeof(int));
	assert_int_equal(copy_args(&a, 80), -EINVAL);
	a.set_tid_size = 1ull << 32; /* no truncation to 0 */
	assert_int_equal(copy_args(&a, 80), -EINVAL);
	a.set_tid_size = 32; /* the limit itself is fine */
	for (int i = 0; i < 32; i++)
		tid_area()[i] = 1000 + i;
	assert_int_equal(copy_args(&a, 80), 0);
	assert_int_equal(kargs.set_tid_size, 32);
	for (int i = 0; i < 32; i++)
		assert_int_equal(kargs.set_tid[i], 1000 + i);
}

static void test_set_tid_null_with_size(void **state)
{
	struct clone_args a = { .set_tid = 0, .set_tid_size = 1 };

	(void)state;
	assert_int_equal(copy_args(&a, 80), -EINVAL);
}

static void test_set_tid_with_size_zero(void **state)
{
	struct clone_args a = { .set_tid = (uintptr_t)tid_area(), .set_tid_size = 0 };

	(void)state;
	user_valid(tid_area(), sizeof(int));
	assert_int_equal(copy_args(&a, 80), -EINVAL);
}

static void test_set_tid_bad_memory(void **state)
{
	struct clone_args a = { .set_tid = (uintptr_t)tid_area(), .set_tid_size = 3 };

	(void)state;
	/* Not mapped at all. */
	assert_int_equal(copy_args(&a, 80), -EFAULT);
	/* Only two of the three entries readable. */
	user_reset();
	user_valid(tid_area(), 2 * sizeof(int));
	assert_int_equal(copy_args(&a, 80), -EFAULT);
	/* The last byte missing. */
	user_reset();
	user_valid(tid_area(), 3 * sizeof(int) - 1);
	assert_int_equal(copy_args(&a, 80), -EFAULT);
	/* A kernel address. */
	user_reset();
	a.set_tid = 0xffff800000000000ull;
	assert_int_equal(copy_args(&a, 80), -EFAULT);
	/* Address 1 is not NULL, so not the EINVAL rule: a fault. */
	user_reset();
	a.set_tid = 1; /* non-NULL but unmapped */
	assert_int_equal(copy_args(&a, 80), -EFAULT);
}

static void test_exit_signal(void **state)
{
	static const unsigned long long bad[] = {
		0xbadc0ded00000000ull, 0x80000000ull, 0x100ull, 0xf0ull, 65, 255, 0x111,
	};
	struct clone_args a = { 0 };

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		user_reset();
		a.exit_signal = bad[i];
		assert_int_equal(copy_args(&a, 64), -EINVAL);
	}
	for (int sig = 0; sig <= _NSIG; sig++) {
		user_reset();
		a.exit_signal = (unsigned long long)sig;
		assert_int_equal(copy_args(&a, 64), 0);
		assert_int_equal(kargs.exit_signal, sig);
	}
}

static void test_into_cgroup(void **state)
{
	struct clone_args a = { .flags = CLONE_INTO_CGROUP, .cgroup = 0x80000000ull };

	(void)state;
	assert_int_equal(copy_args(&a, 88), -EINVAL);
	a.cgroup = (1ull << 32) | 3; /* would truncate to 3 */
	assert_int_equal(copy_args(&a, 88), -EINVAL);
	a.cgroup = ~0ull;
	assert_int_equal(copy_args(&a, 88), -EINVAL);
	a.cgroup = 0x7fffffff;
	assert_int_equal(copy_args(&a, 88), 0);
	assert_int_equal(kargs.cgroup, 0x7fffffff);
	a.cgroup = 0;
	assert_int_equal(copy_args(&a, 88), 0);
	assert_int_equal(kargs.cgroup, 0);
	/* The flag needs VER2: at 80 bytes the (zero) cgroup is not enough. */
	assert_int_equal(copy_args(&a, 80), -EINVAL);
	assert_int_equal(copy_args(&a, 87), -EINVAL);
	assert_int_equal(copy_args(&a, 64), -EINVAL);
	/* Without the flag a big cgroup value is not checked here. */
	a.flags = 0;
	a.cgroup = 0x80000000ull;
	assert_int_equal(copy_args(&a, 88), 0);
}

static void test_step1_order(void **state)
{
	struct clone_args a = { .exit_signal = 0x100, .set_tid = 8, .set_tid_size = 1 };

	(void)state;
	/* The EINVAL rules come before the set_tid copy (which would fault). */
	assert_int_equal(copy_args(&a, 80), -EINVAL);
	a.exit_signal = 0;
	a.flags = CLONE_INTO_CGROUP;
	a.cgroup = 1ull << 31;
	assert_int_equal(copy_args(&a, 88), -EINVAL);
	a.flags = 0;
	assert_int_equal(copy_args(&a, 88), -EFAULT);
	/* E2BIG (extra bytes) before any field rule. */
	user_reset();
	a.set_tid_size = 99;
	memcpy(arena, &a, sizeof(a));
	arena[200] = 1;
	user_valid(arena, 256);
	assert_int_equal(copy(256), -E2BIG);
	/* Size rules before everything. */
	assert_int_equal(copy(PAGE_SIZE + 8), -E2BIG);
	assert_int_equal(copy(48), -EINVAL);
}

/* ---- step 2: clone3_args_valid ---- */

static struct kernel_clone_args kv(u64 flags, int exit_signal)
{
	struct kernel_clone_args k;

	memset(&k, 0, sizeof(k));
	k.flags = flags;
	k.exit_signal = exit_signal;
	return k;
}

static int valid_flags(u64 flags, int exit_signal)
{
	struct kernel_clone_args k = kv(flags, exit_signal);

	return clone3_args_valid(&k);
}

static void test_valid_baseline(void **state)
{
	(void)state;
	assert_int_equal(valid_flags(0, SIGCHLD), 0);
	assert_int_equal(valid_flags(0, 0), 0);
	assert_int_equal(valid_flags(CLONE_VM | CLONE_VFORK, SIGCHLD), 0);
	assert_int_equal(valid_flags(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
					     CLONE_THREAD | CLONE_SYSVSEM | CLONE_SETTLS |
					     CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID,
				     0),
			 0);
	assert_int_equal(valid_flags(CLONE_CLEAR_SIGHAND, SIGCHLD), 0);
	assert_int_equal(valid_flags(CLONE_INTO_CGROUP, SIGCHLD), 0);
	assert_int_equal(valid_flags(CLONE_IO | CLONE_NEWPID | CLONE_UNTRACED, SIGCHLD), 0);
}

static void test_valid_unknown_flags(void **state)
{
	(void)state;
	assert_int_equal(valid_flags(1ull << 34, 0), -EINVAL);
	assert_int_equal(valid_flags(1ull << 40, 0), -EINVAL);
	assert_int_equal(valid_flags(1ull << 63, 0), -EINVAL);
	assert_int_equal(valid_flags(CLONE_VM | (1ull << 35), 0), -EINVAL);
}

static void test_valid_detached_and_csignal(void **state)
{
	(void)state;
	assert_int_equal(valid_flags(CLONE_DETACHED, 0), -EINVAL);
	assert_int_equal(valid_flags(0x11, 0), -EINVAL); /* SIGCHLD in flags */
	for (unsigned int bit = 0; bit < 8; bit++) {
		u64 f = 1ull << bit;

		assert_int_equal(valid_flags(f, 0), f == CLONE_NEWTIME ? 0 : -EINVAL);
	}
	assert_int_equal(valid_flags(CLONE_NEWTIME, SIGCHLD), 0);
}

static void test_valid_sighand_clear_sighand(void **state)
{
	(void)state;
	assert_int_equal(valid_flags(CLONE_SIGHAND | CLONE_CLEAR_SIGHAND, 0), -EINVAL);
	assert_int_equal(valid_flags(CLONE_VM | CLONE_SIGHAND | CLONE_CLEAR_SIGHAND, 0), -EINVAL);
	assert_int_equal(valid_flags(CLONE_VM | CLONE_SIGHAND, 0), 0);
}

static void test_valid_thread_parent_exit_signal(void **state)
{
	(void)state;
	assert_int_equal(valid_flags(CLONE_THREAD | CLONE_SIGHAND | CLONE_VM, SIGCHLD), -EINVAL);
	assert_int_equal(valid_flags(CLONE_PARENT, SIGCHLD), -EINVAL);
	assert_int_equal(valid_flags(CLONE_PARENT, 1), -EINVAL);
	assert_int_equal(valid_flags(CLONE_PARENT, 0), 0);
	assert_int_equal(valid_flags(CLONE_THREAD | CLONE_SIGHAND | CLONE_VM, 0), 0);
}

static int valid_stack(uintptr_t stack, size_t size)
{
	struct kernel_clone_args k = kv(0, SIGCHLD);

	k.stack = stack;
	k.stack_size = size;
	return clone3_args_valid(&k);
}

static void test_valid_stack(void **state)
{
	(void)state;
	assert_int_equal(valid_stack(0, 0), 0);
	assert_int_equal(valid_stack(0, 4096), -EINVAL);
	assert_int_equal(valid_stack(0x10000, 0), -EINVAL);
	assert_int_equal(valid_stack(0x10000, 4096), 0);
	assert_int_equal(valid_stack(TASK_SIZE - 0x1000, 0x1000), 0); /* ends at TASK_SIZE */
	assert_int_equal(valid_stack(TASK_SIZE - 0x1000, 0x1001), -EINVAL);
	assert_int_equal(valid_stack(TASK_SIZE, 1), -EINVAL);
	assert_int_equal(valid_stack(TASK_SIZE + 0x1000, 0x1000), -EINVAL);
	assert_int_equal(valid_stack(0xffff800000000000ul, 0x1000), -EINVAL);
	assert_int_equal(valid_stack(~(uintptr_t)0 - 0xff, 0x1000), -EINVAL); /* wraps */
	assert_int_equal(valid_stack(0x1000, SIZE_MAX), -EINVAL);
}

static int valid_shstk(uintptr_t ss, size_t size)
{
	struct kernel_clone_args k = kv(0, SIGCHLD);

	k.shadow_stack = ss;
	k.shadow_stack_size = size;
	return clone3_args_valid(&k);
}

static void test_valid_shadow_stack_unsupported(void **state)
{
	(void)state;
	shstk_supported = false;
	assert_int_equal(valid_shstk(0, 0), 0);
	assert_int_equal(valid_shstk(0x7e0000000000, 0), -EINVAL);
	assert_int_equal(valid_shstk(0, 0x8000), -EINVAL);
	assert_int_equal(valid_shstk(0x7e0000000000, 0x8000), -EINVAL);
	assert_int_equal(valid_shstk(1, 1), -EINVAL);
}

/*
 * With hardware support, the seed RFC v1 rules (003 patch,
 * clone3_shadow_stack_valid): shadow_stack needs a size and a user range;
 * a size without a stack is refused.
 */
static void test_valid_shadow_stack_supported(void **state)
{
	(void)state;
	shstk_supported = true;
	nr_supported_calls = 0;
	int r = valid_shstk(0, 0);

	if (nr_supported_calls == 0) {
		shstk_supported = false;
		skip(); /* this kernel/shstk/shstk.c has no arch hook: always "unsupported" */
	}
	assert_int_equal(r, 0);
	assert_int_equal(valid_shstk(0x7e0000000000, 0x8000), 0);
	assert_int_equal(valid_shstk(TASK_SIZE - 0x1000, 0x1000), 0);
	assert_int_equal(valid_shstk(0x7e0000000000, 0), -EINVAL);
	assert_int_equal(valid_shstk(0, 0x8000), -EINVAL);
	assert_int_equal(valid_shstk(TASK_SIZE - 0x1000, 0x1001), -EINVAL);
	assert_int_equal(valid_shstk(TASK_SIZE, 0x1000), -EINVAL);
	assert_int_equal(valid_shstk(~(uintptr_t)0 - 0xfff, 0x2000), -EINVAL); /* wraps */
	shstk_supported = false;
}

/* Both steps together, from fake user memory: the selftests' shapes. */
static void test_copy_then_valid(void **state)
{
	struct clone_args a = { .flags = 0x11 };

	(void)state;
	assert_int_equal(copy_args(&a, 64), 0);
	assert_int_equal(clone3_args_valid(&kargs), -EINVAL);
	a = (struct clone_args){ .flags = CLONE_NEWTIME, .exit_signal = SIGCHLD };
	assert_int_equal(copy_args(&a, 64), 0);
	assert_int_equal(clone3_args_valid(&kargs), 0);
	a = (struct clone_args){ .exit_signal = SIGCHLD, .shadow_stack_size = 0x1000 };
	assert_int_equal(copy_args(&a, 104), 0);
	assert_int_equal(clone3_args_valid(&kargs), -EINVAL);
	/* The same struct cut at 96 bytes: shadow_stack_size is not read. */
	user_reset();
	assert_int_equal(copy_args(&a, 96), 0);
	assert_int_equal(kargs.shadow_stack_size, 0);
	assert_int_equal(clone3_args_valid(&kargs), 0);
	a = (struct clone_args){ .exit_signal = SIGCHLD, .stack = 0x10000 };
	assert_int_equal(copy_args(&a, 64), 0);
	assert_int_equal(clone3_args_valid(&kargs), -EINVAL);
}

/* ---- the shapes of clone3's shadow-stack fields (clone3_shstk=, docs/ABI.md §2.5) ---- */

static void test_shape_select(void **state)
{
	(void)state;
	assert_ptr_equal(clone3_shape, &clone3_shapes[CLONE3_SHSTK_RFC1]); /* the default */
	assert_string_equal(clone3_shape->name, "rfc1");
	assert_int_equal(clone3_shape->size, 104);
	assert_int_equal(clone3_shape_select("size"), 0);
	assert_ptr_equal(clone3_shape, &clone3_shapes[CLONE3_SHSTK_SIZE]);
	assert_string_equal(clone3_shape->name, "size");
	assert_int_equal(clone3_shape->size, 96);
	assert_int_equal(clone3_shape_select("token"), 0);
	assert_ptr_equal(clone3_shape, &clone3_shapes[CLONE3_SHSTK_TOKEN]);
	assert_int_equal(clone3_shape->size, 96);
	/* An unknown name changes nothing. */
	assert_int_equal(clone3_shape_select("tokens"), -EINVAL);
	assert_int_equal(clone3_shape_select(""), -EINVAL);
	assert_int_equal(clone3_shape_select("RFC1"), -EINVAL);
	assert_ptr_equal(clone3_shape, &clone3_shapes[CLONE3_SHSTK_TOKEN]);
	assert_int_equal(clone3_shape_select("rfc1"), 0);
	assert_ptr_equal(clone3_shape, &clone3_shapes[CLONE3_SHSTK_RFC1]);
}

/* Copies 16 raw words (a struct of any shape, zeros after) into the arena: usize bytes valid. */
static int copy_words(const u64 *w, size_t usize)
{
	assert_true(usize <= 2048);
	memcpy(arena, w, usize < 16 * 8 ? usize : 16 * 8);
	user_valid(arena, usize);
	return copy(usize);
}

/* size (v4): shadow_stack_size at 88, the struct ends at 96. */
static void test_size_shape_copy(void **state)
{
	u64 w[16] = { 0 };

	(void)state;
	clone3_shape = &clone3_shapes[CLONE3_SHSTK_SIZE];
	w[4] = SIGCHLD;
	w[11] = 0x8000; /* offset 88 */
	assert_int_equal(copy_words(w, 96), 0);
	assert_int_equal(kargs.shadow_stack_size, 0x8000);
	assert_int_equal(kargs.shadow_stack, 0);
	assert_int_equal(kargs.shstk_token, 0);
	assert_int_equal(kargs.exit_signal, SIGCHLD);
	/* An rfc1 struct (104 bytes, its size at 96) is past the end: E2BIG. */
	user_reset();
	w[11] = 0x7e0000000000;
	w[12] = 0x8000;
	assert_int_equal(copy_words(w, 104), -E2BIG);
	/* ... and with a zero word there, accepted. */
	user_reset();
	w[12] = 0;
	assert_int_equal(copy_words(w, 104), 0);
	assert_int_equal(kargs.shadow_stack_size, 0x7e0000000000);
	/* VER2 reads as no size. */
	user_reset();
	assert_int_equal(copy_words(w, 88), 0);
	assert_int_equal(kargs.shadow_stack_size, 0);
}

/* token (v21-v23): shstk_token at 88, the struct ends at 96. */
static void test_token_shape_copy(void **state)
{
	u64 w[16] = { 0 };

	(void)state;
	clone3_shape = &clone3_shapes[CLONE3_SHSTK_TOKEN];
	w[4] = SIGCHLD;
	w[11] = 0x7e0000000ff8; /* offset 88 */
	assert_int_equal(copy_words(w, 96), 0);
	assert_int_equal(kargs.shstk_token, 0x7e0000000ff8);
	assert_int_equal(kargs.shadow_stack, 0);
	assert_int_equal(kargs.shadow_stack_size, 0);
	user_reset();
	w[12] = 0x1000; /* rfc1's shadow_stack_size: past the end */
	assert_int_equal(copy_words(w, 104), -E2BIG);
	user_reset();
	assert_int_equal(copy_words(w, 96 + 8), -E2BIG);
	user_reset();
	w[12] = 0;
	assert_int_equal(copy_words(w, 2048), 0);
	assert_int_equal(kargs.shstk_token, 0x7e0000000ff8);
}

/* rfc1 reads neither the size shape's nor the token shape's meaning into other fields. */
static void test_rfc1_shape_copy(void **state)
{
	u64 w[16] = { 0 };

	(void)state;
	w[11] = 0x7e0000000000;
	w[12] = 0x8000;
	assert_int_equal(copy_words(w, 104), 0);
	assert_int_equal(kargs.shadow_stack, 0x7e0000000000);
	assert_int_equal(kargs.shadow_stack_size, 0x8000);
	assert_int_equal(kargs.shstk_token, 0);
}

static int valid_size(size_t size)
{
	struct kernel_clone_args k = kv(0, SIGCHLD);

	k.shadow_stack_size = size;
	return clone3_args_valid(&k);
}

/* size: 0 is the default; else >= 8 and <= RLIMIT_STACK, with shadow stacks. */
static void test_valid_size_shape(void **state)
{
	(void)state;
	clone3_shape = &clone3_shapes[CLONE3_SHSTK_SIZE];
	unit_cpu.running = &caller; /* current */
	caller_proc.rlim[RLIMIT_STACK].rlim_cur = 8 << 20;
	shstk_supported = false;
	assert_int_equal(valid_size(0), 0);
	assert_int_equal(valid_size(0x1000), -EINVAL);
	shstk_supported = true;
	assert_int_equal(valid_size(0), 0);
	assert_int_equal(valid_size(1), -EINVAL);
	assert_int_equal(valid_size(7), -EINVAL);
	assert_int_equal(valid_size(8), 0);
	assert_int_equal(valid_size(12), 0); /* no alignment rule: the kernel rounds it */
	assert_int_equal(valid_size(8 << 20), 0);
	assert_int_equal(valid_size((8 << 20) + 1), -EINVAL);
	caller_proc.rlim[RLIMIT_STACK].rlim_cur = RLIM_INFINITY;
	assert_int_equal(valid_size(SIZE_MAX), 0);
	shstk_supported = false;
	unit_cpu.running = NULL;
	clone3_shape = &clone3_shapes[CLONE3_SHSTK_RFC1];
}

static int valid_token(uintptr_t token)
{
	struct kernel_clone_args k = kv(0, SIGCHLD);

	k.shstk_token = token;
	return clone3_args_valid(&k);
}

/* token: 0 is the default; else 8-aligned, with shadow stacks; the rest is at clone time. */
static void test_valid_token_shape(void **state)
{
	(void)state;
	clone3_shape = &clone3_shapes[CLONE3_SHSTK_TOKEN];
	shstk_supported = false;
	assert_int_equal(valid_token(0), 0);
	assert_int_equal(valid_token(0x7e0000000ff8), -EINVAL);
	shstk_supported = true;
	assert_int_equal(valid_token(0), 0);
	assert_int_equal(valid_token(0x7e0000000ff8), 0);
	assert_int_equal(valid_token(0x7e0000000ff7), -EINVAL);
	assert_int_equal(valid_token(0x7e0000000ffc), -EINVAL);
	/* Not checked here: a kernel address is found in no area at clone time (EFAULT). */
	assert_int_equal(valid_token(0xffff800000000000ul), 0);
	/* rfc1's fields mean nothing in this shape (its copy never sets them). */
	shstk_supported = false;
	clone3_shape = &clone3_shapes[CLONE3_SHSTK_RFC1];
}

/* ---- clone_flags_valid: copy_process's checks ---- */

static int cfv(u64 flags, bool ns_init, bool differs)
{
	struct kernel_clone_args k = kv(flags, 0);

	k.pidfd = (int *)0x1000;
	k.parent_tid = (int *)0x2000;
	return clone_flags_valid(&k, ns_init, differs);
}

static void test_flags_baseline(void **state)
{
	(void)state;
	assert_int_equal(cfv(0, false, false), 0);
	assert_int_equal(cfv(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD |
				     CLONE_SYSVSEM | CLONE_SETTLS | CLONE_PARENT_SETTID |
				     CLONE_CHILD_CLEARTID | CLONE_PIDFD,
			     false, false),
			 0);
	assert_int_equal(cfv(CLONE_NEWPID, false, false), 0);
	assert_int_equal(cfv(CLONE_NEWTIME, false, false), 0);
	assert_int_equal(cfv(CLONE_NEWPID | CLONE_NEWTIME, true, true), 0);
	assert_int_equal(cfv(CLONE_PARENT, false, false), 0);
	/* pid_ns_for_children only matters with CLONE_THREAD. */
	assert_int_equal(cfv(CLONE_VM, false, true), 0);
}

static void test_flags_fs_with_new_ns(void **state)
{
	(void)state;
	assert_int_equal(cfv(CLONE_NEWNS | CLONE_FS, false, false), -EINVAL);
	assert_int_equal(cfv(CLONE_NEWUSER | CLONE_FS, false, false), -EINVAL);
}

static void test_flags_thread_sighand_vm(void **state)
{
	(void)state;
	assert_int_equal(cfv(CLONE_THREAD | CLONE_VM, false, false), -EINVAL);
	assert_int_equal(cfv(CLONE_SIGHAND, false, false), -EINVAL);
	assert_int_equal(cfv(CLONE_THREAD | CLONE_SIGHAND, false, false), -EINVAL);
	assert_int_equal(cfv(CLONE_SIGHAND | CLONE_VM, false, false), 0);
}

static void test_flags_parent_from_ns_init(void **state)
{
	(void)state;
	assert_int_equal(cfv(CLONE_PARENT, true, false), -EINVAL);
	assert_int_equal(cfv(CLONE_VM, true, false), 0);
}

static void test_flags_thread_pid_ns(void **state)
{
	const u64 thr = CLONE_THREAD | CLONE_SIGHAND | CLONE_VM;

	(void)state;
	assert_int_equal(cfv(thr | CLONE_NEWPID, false, false), -EINVAL);
	assert_int_equal(cfv(thr | CLONE_NEWUSER, false, false), -EINVAL);
	assert_int_equal(cfv(thr, false, true), -EINVAL);
	assert_int_equal(cfv(thr, false, false), 0);
}

static void test_flags_pidfd(void **state)
{
	struct kernel_clone_args k = kv(CLONE_PIDFD | CLONE_PARENT_SETTID, 0);

	(void)state;
	k.pidfd = (int *)0x5000;
	k.parent_tid = (int *)0x5000;
	assert_int_equal(clone_flags_valid(&k, false, false), -EINVAL);
	k.parent_tid = (int *)0x5004;
	assert_int_equal(clone_flags_valid(&k, false, false), 0);
	k.pidfd = NULL;
	k.parent_tid = NULL;
	assert_int_equal(clone_flags_valid(&k, false, false), -EINVAL);
	/* The same address is fine when only one of the two flags is set. */
	k.pidfd = k.parent_tid = (int *)0x5000;
	k.flags = CLONE_PIDFD;
	assert_int_equal(clone_flags_valid(&k, false, false), 0);
	k.flags = CLONE_PARENT_SETTID;
	assert_int_equal(clone_flags_valid(&k, false, false), 0);
	assert_int_equal(cfv(CLONE_PIDFD | CLONE_DETACHED, false, false), -EINVAL);
}

static void test_flags_newtime_vm(void **state)
{
	(void)state;
	assert_int_equal(cfv(CLONE_NEWTIME | CLONE_VM, false, false), -EINVAL);
	assert_int_equal(cfv(CLONE_NEWTIME | CLONE_VM | CLONE_VFORK, false, false), -EINVAL);
}

static void test_flags_unsupported_namespaces(void **state)
{
	static const u64 ns[] = { CLONE_NEWNS,	 CLONE_NEWUTS, CLONE_NEWIPC,
				  CLONE_NEWUSER, CLONE_NEWNET, CLONE_NEWCGROUP };

	(void)state;
	for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++)
		assert_int_equal(cfv(ns[i], false, false), -EINVAL);
}

static void test_flags_into_cgroup_ebadf(void **state)
{
	(void)state;
	assert_int_equal(cfv(CLONE_INTO_CGROUP, false, false), -EBADF);
	/* The copy_process EINVAL checks come first. */
	assert_int_equal(cfv(CLONE_INTO_CGROUP | CLONE_NEWNET, false, false), -EINVAL);
	assert_int_equal(cfv(CLONE_INTO_CGROUP | CLONE_SIGHAND, false, false), -EINVAL);
}

static void test_flags_pidfd_check_before_cgroup(void **state)
{
	struct kernel_clone_args k = kv(CLONE_PIDFD | CLONE_PARENT_SETTID | CLONE_INTO_CGROUP, 0);

	(void)state;
	/*
	 * docs/ABI.md §2.2: pidfd == parent_tid is kernel_clone's check (step 3),
	 * before copy_process (step 4); the cgroup fd is looked up later
	 * still, so EINVAL wins over EBADF.
	 */
	k.pidfd = k.parent_tid = (int *)0x5000;
	assert_int_equal(clone_flags_valid(&k, false, false), -EINVAL);
	k.parent_tid = (int *)0x5004;
	assert_int_equal(clone_flags_valid(&k, false, false), -EBADF);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_size_over_page_is_e2big, setup),
		cmocka_unit_test_setup(test_size_under_ver0_is_einval, setup),
		cmocka_unit_test_setup(test_null_with_valid_size_is_efault, setup),
		cmocka_unit_test_setup(test_kernel_pointer_is_efault, setup),
		cmocka_unit_test_setup(test_ver0_copies_and_zero_fills, setup),
		cmocka_unit_test_setup(test_ver1_copies_set_tid, setup),
		cmocka_unit_test_setup(test_ver2_copies_cgroup, setup),
		cmocka_unit_test_setup(test_ver3_copies_everything, setup),
		cmocka_unit_test_setup(test_sizes_between_versions, setup),
		cmocka_unit_test_setup(test_bigger_struct_with_zero_tail_accepted, setup),
		cmocka_unit_test_setup(test_nonzero_extra_byte_is_e2big, setup),
		cmocka_unit_test_setup(test_fault_in_extra_bytes_is_efault, setup),
		cmocka_unit_test_setup(test_extra_bytes_checked_before_copy, setup),
		cmocka_unit_test_setup(test_set_tid_size_over_32, setup),
		cmocka_unit_test_setup(test_set_tid_null_with_size, setup),
		cmocka_unit_test_setup(test_set_tid_with_size_zero, setup),
		cmocka_unit_test_setup(test_set_tid_bad_memory, setup),
		cmocka_unit_test_setup(test_exit_signal, setup),
		cmocka_unit_test_setup(test_into_cgroup, setup),
		cmocka_unit_test_setup(test_step1_order, setup),
		cmocka_unit_test(test_valid_baseline),
		cmocka_unit_test(test_valid_unknown_flags),
		cmocka_unit_test(test_valid_detached_and_csignal),
		cmocka_unit_test(test_valid_sighand_clear_sighand),
		cmocka_unit_test(test_valid_thread_parent_exit_signal),
		cmocka_unit_test(test_valid_stack),
		cmocka_unit_test(test_valid_shadow_stack_unsupported),
		cmocka_unit_test(test_valid_shadow_stack_supported),
		cmocka_unit_test_setup(test_copy_then_valid, setup),
		cmocka_unit_test_setup(test_shape_select, setup),
		cmocka_unit_test_setup(test_size_shape_copy, setup),
		cmocka_unit_test_setup(test_token_shape_copy, setup),
		cmocka_unit_test_setup(test_rfc1_shape_copy, setup),
		cmocka_unit_test_setup(test_valid_size_shape, setup),
		cmocka_unit_test_setup(test_valid_token_shape, setup),
		cmocka_unit_test(test_flags_baseline),
		cmocka_unit_test(test_flags_fs_with_new_ns),
		cmocka_unit_test(test_flags_thread_sighand_vm),
		cmocka_unit_test(test_flags_parent_from_ns_init),
		cmocka_unit_test(test_flags_thread_pid_ns),
		cmocka_unit_test(test_flags_pidfd),
		cmocka_unit_test(test_flags_newtime_vm),
		cmocka_unit_test(test_flags_unsupported_namespaces),
		cmocka_unit_test(test_flags_into_cgroup_ebadf),
		cmocka_unit_test(test_flags_pidfd_check_before_cgroup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

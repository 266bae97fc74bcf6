// SPDX-License-Identifier: MIT
/*
 * shstk_clone() (kernel/shstk/shstk.c): the one place that decides a new task's
 * shadow stack, table-tested on both architectures' rules. Proves, for each
 * kind of clone:
 *
 * - parent without shadow stacks: nothing happens, the child owns none,
 *   and a clone3 shadow_stack pointer is EINVAL (the seed's rule);
 * - caller-provided (clone3 shadow_stack/size), for a thread, a fork and a
 *   vfork alike: the arch's checks (x86: base 8-aligned and size >= 8;
 *   arm64: both 8-aligned, size >= 8) give EINVAL, else the
 *   child's pointer is shadow_stack + shadow_stack_size and the kernel owns
 *   nothing (never frees it);
 * - vfork: the parent's stack, live: the parent's pointer and nothing
 *   owned, so a failing vfork cannot free the parent's stack;
 * - fork: the child owns its copy of the parent's stack, same pointer;
 * - every child starts from its parent's pointer (disabled ones too, as
 *   Linux copies it); only shstk_clone() sets it, no arch hook before;
 * - thread (CLONE_VM): a fresh stack of the arch's default size for the
 *   clone's stack_size and the parent's RLIMIT_STACK, placed in the child's
 *   address space above the arch's lowest address with a guard page on
 *   both sides, mapped PROT_READ | PROT_WRITE + VM_SHADOW_STACK, owned by the child,
 *   the pointer at the arch's empty top (x86: base + size; arm64: base +
 *   size - 8, the zero end marker); no gap or a failed mapping gives its
 *   errno and leaves the child owning nothing.
 *
 * - clone3_shstk=size: a size asks for a fresh stack of PAGE_ALIGN(size),
 *   owned by the child, for every kind of clone; 0 keeps the rules above;
 *   a parent without shadow stacks and a size is EINVAL;
 * - clone3_shstk=token: the token's address must lie in a shadow-stack
 *   area of the child's address space (else EFAULT, and the arch is not
 *   asked), the arch consumes it (its error is returned), then the
 *   child's pointer is token + 8 and it owns nothing, for every kind of
 *   clone; a parent without shadow stacks and a token is EINVAL on x86,
 *   while arm64 takes the token all the same.
 *
 * The arch hooks are fakes; the rules are the real per-arch tables of
 * kernel/shstk/shstk_rules.c (linked in); the address-space calls (vma_find_spot,
 * mm_map) are fakes that record their arguments.
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
#include <uapi/linux/mman.h>
#include <uapi/linux/sched.h>

#define KiB (1ull << 10)
#define MiB (1ull << 20)
#define GiB (1ull << 30)
#define GAP_AT 0x7f0000000000ul /* where the fake vma_find_gap places a stack */
#define POISON 0xdeadbeeful
#define PARENT_SSP 0x7d0000800000ul /* the parent's shadow-stack pointer */

/* ---- the fake architecture ---- */

enum arch { X86, GCS };

static enum arch arch;
static bool parent_enabled; /* arch_shstk_enabled(parent) */
static uintptr_t child_ssp; /* what arch_shstk_set_ssp() last gave the child */
static bool parent_ssp_set; /* arch_shstk_set_ssp() on the parent: never allowed */
static const struct task *enabled_asked;

bool arch_shstk_supported(void)
{
	return true;
}

bool arch_shstk_enabled(const struct task *t)
{
	enabled_asked = t;
	return parent_enabled;
}

struct task parent, child;

uintptr_t arch_shstk_get_ssp(const struct task *t)
{
	return t == &parent ? PARENT_SSP : POISON;
}

void arch_shstk_set_ssp(struct task *t, uintptr_t ssp)
{
	if (t == &child)
		child_ssp = ssp;
	else
		parent_ssp_set = true;
}

uintptr_t arch_shstk_thread_ssp(uintptr_t base, u64 size)
{
	return arch == X86 ? base + size : base + size - 8;
}

/* The rules of the case's architecture: a copy of the real table. */
static struct shstk_rules rules;
const struct shstk_rules *const arch_shstk_rules = &rules;

/* ---- the fake address space ---- */

static uintptr_t gap_result; /* vma_find_spot()'s answer */
static int gap_calls;
static const struct vma_tree *gap_list;
static size_t gap_len;
static uintptr_t gap_hint, gap_low, gap_high, gap_guard;

uintptr_t vma_find_spot(const struct vma_tree *l, size_t len, uintptr_t hint, uintptr_t low,
			uintptr_t high, size_t guard, struct vma_spot *spot)
{
	spot->at = gap_result;
	spot->prev = spot->next = NULL;
	gap_calls++;
	gap_list = l;
	gap_len = len;
	gap_hint = hint;
	gap_low = low;
	gap_high = high;
	gap_guard = guard;
	return gap_result;
}

static int map_result; /* mm_map()'s answer */
static int map_calls;
static struct mm *map_mm;
static uintptr_t map_start;
static size_t map_len;
static unsigned int map_prot, map_flags;
static bool map_fixed;

int mm_map(struct mm *mm, uintptr_t start, size_t len, unsigned int prot, unsigned int flags,
	   bool fixed)
{
	map_calls++;
	map_mm = mm;
	map_start = start;
	map_len = len;
	map_prot = prot;
	map_flags = flags;
	map_fixed = fixed;
	return map_result;
}

/* The gap search's answer, mapped: recorded as an mm_map() that replaces nothing. */
int mm_map_found(struct mm *mm, const struct vma_spot *spot, size_t len, unsigned int prot,
		 unsigned int flags)
{
	return mm_map(mm, spot->at, len, prot, flags, false);
}

/* ---- clone3_shstk=token: the area at the token and the arch's consume ---- */

enum area_kind { NO_AREA, PLAIN_AREA, SS_AREA };

static enum area_kind token_area;
static struct vma fake_vma;
static const struct vma_tree *find_list;
static uintptr_t find_addr;

struct vma *vma_find(const struct vma_tree *l, uintptr_t addr)
{
	find_list = l;
	find_addr = addr;
	if (token_area == NO_AREA)
		return NULL;
	fake_vma.flags = token_area == SS_AREA ? VM_SHADOW_STACK : 0;
	return &fake_vma;
}

static int consume_result, consume_calls;
static struct mm *consume_mm;
static uintptr_t consume_addr;

int arch_shstk_consume_token(struct mm *mm, uintptr_t addr)
{
	consume_calls++;
	consume_mm = mm;
	consume_addr = addr;
	return consume_result;
}

/* ---- what the rest of kernel/shstk/shstk.c links against; not reached here ---- */

#define NOT_CALLED(ret)                                           \
	do {                                                      \
		fail_msg("%s called by shstk_clone()", __func__); \
		return ret;                                       \
	} while (0)

/* ---- the table ---- */

enum kind { FORK, THREAD, VFORK };

static const u64 kind_flags[] = {
	[FORK] = 0,
	[THREAD] = CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD,
	[VFORK] = CLONE_VM | CLONE_VFORK,
};

enum outcome {
	NOTHING,   /* the parent's pointer, nothing owned */
	CALLERS,   /* pointer = shadow_stack + shadow_stack_size, nothing owned */
	TOKENS,	   /* pointer = token + 8, nothing owned, the token consumed */
	PARENTS,   /* fork: the parent's base and size, the parent's pointer */
	ALLOCATED, /* a fresh stack of want_size, owned, pointer at its top */
};

struct tcase {
	const char *name;
	enum arch arch;
	bool parent_enabled;
	enum kind kind;
	u64 stack_size, rlimit;
	uintptr_t ss;
	u64 ss_size;
	uintptr_t gap; /* vma_find_gap's answer (0: no room) */
	int map_err;   /* mm_map's answer */
	int want_ret;  /* shstk_clone's */
	enum outcome outcome;
	u64 want_size; /* ALLOCATED: the size asked for */
	/* The shape (0: rfc1); with size, ss_size is clone3's shadow_stack_size. */
	enum clone3_shstk_abi shape;
	uintptr_t token;     /* token: clone3's shstk_token */
	enum area_kind area; /* token: what is at it */
	int consume;	     /* token: arch_shstk_consume_token()'s answer */
};

#define SS 0x7e0000001000ul /* a caller's shadow stack (8-aligned) */

/* Rows leave the shape's columns out where they are rfc1's zeros. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

static const struct tcase cases[] = {
	/* Parent without shadow stacks. */
	{ "disabled fork", X86, false, FORK, 0, 8 * MiB, 0, 0, GAP_AT, 0, 0, NOTHING, 0 },
	{ "disabled thread", X86, false, THREAD, 64 * KiB, 8 * MiB, 0, 0, GAP_AT, 0, 0, NOTHING,
	  0 },
	{ "disabled vfork", GCS, false, VFORK, 0, 8 * MiB, 0, 0, GAP_AT, 0, 0, NOTHING, 0 },
	{ "disabled thread, caller's stack", X86, false, THREAD, 0, 8 * MiB, SS, 4096, GAP_AT, 0,
	  -EINVAL, NOTHING, 0 },
	{ "disabled fork, caller's stack", GCS, false, FORK, 0, 8 * MiB, SS, 4096, GAP_AT, 0,
	  -EINVAL, NOTHING, 0 },

	/* Caller-provided, every kind of clone. */
	{ "caller's x86 thread", X86, true, THREAD, 64 * KiB, 8 * MiB, SS, 4096, GAP_AT, 0, 0,
	  CALLERS, 0 },
	{ "caller's x86 fork", X86, true, FORK, 0, 8 * MiB, SS, 4096, GAP_AT, 0, 0, CALLERS, 0 },
	{ "caller's x86 vfork", X86, true, VFORK, 0, 8 * MiB, SS, 4096, GAP_AT, 0, 0, CALLERS, 0 },
	{ "caller's gcs thread", GCS, true, THREAD, 64 * KiB, 8 * MiB, SS, 4096, GAP_AT, 0, 0,
	  CALLERS, 0 },
	{ "caller's gcs fork", GCS, true, FORK, 0, 8 * MiB, SS, 4096, GAP_AT, 0, 0, CALLERS, 0 },
	{ "caller's gcs vfork", GCS, true, VFORK, 0, 8 * MiB, SS, 4096, GAP_AT, 0, 0, CALLERS, 0 },
	{ "caller's x86 smallest (8)", X86, true, THREAD, 0, 8 * MiB, SS, 8, GAP_AT, 0, 0, CALLERS,
	  0 },
	{ "caller's x86 size 12 (only the base is checked)", X86, true, THREAD, 0, 8 * MiB, SS, 12,
	  GAP_AT, 0, 0, CALLERS, 0 },
	{ "caller's x86 base + 4", X86, true, THREAD, 0, 8 * MiB, SS + 4, 4096, GAP_AT, 0, -EINVAL,
	  NOTHING, 0 },
	{ "caller's x86 size 4", X86, true, FORK, 0, 8 * MiB, SS, 4, GAP_AT, 0, -EINVAL, NOTHING,
	  0 },
	{ "caller's gcs size 12", GCS, true, THREAD, 0, 8 * MiB, SS, 12, GAP_AT, 0, -EINVAL,
	  NOTHING, 0 },
	{ "caller's gcs smallest (8)", GCS, true, VFORK, 0, 8 * MiB, SS, 8, GAP_AT, 0, 0, CALLERS,
	  0 },
	{ "caller's gcs size 4", GCS, true, VFORK, 0, 8 * MiB, SS, 4, GAP_AT, 0, -EINVAL, NOTHING,
	  0 },
	{ "caller's gcs base + 4", GCS, true, FORK, 0, 8 * MiB, SS + 4, 4096, GAP_AT, 0, -EINVAL,
	  NOTHING, 0 },

	/* vfork and fork without a caller's stack. */
	{ "x86 vfork shares the parent's", X86, true, VFORK, 0, 8 * MiB, 0, 0, GAP_AT, 0, 0,
	  NOTHING, 0 },
	{ "gcs vfork shares the parent's", GCS, true, VFORK, 64 * KiB, 8 * MiB, 0, 0, GAP_AT, 0, 0,
	  NOTHING, 0 },
	{ "x86 fork owns its copy", X86, true, FORK, 0, 8 * MiB, 0, 0, GAP_AT, 0, 0, PARENTS, 0 },
	{ "gcs fork owns its copy", GCS, true, FORK, 0, 8 * MiB, 0, 0, GAP_AT, 0, 0, PARENTS, 0 },

	/* A thread gets a fresh one of the default size. */
	{ "x86 thread, stack_size 0: RLIMIT_STACK", X86, true, THREAD, 0, 8 * MiB, 0, 0, GAP_AT, 0,
	  0, ALLOCATED, 8 * MiB },
	{ "x86 thread, stack_size 64K + 1: page-aligned", X86, true, THREAD, 64 * KiB + 1, 8 * MiB,
	  0, 0, GAP_AT, 0, 0, ALLOCATED, 68 * KiB },
	{ "x86 thread, RLIMIT_STACK infinity: 4 GiB", X86, true, THREAD, 0, RLIM_INFINITY, 0, 0,
	  GAP_AT, 0, 0, ALLOCATED, 4 * GiB },
	{ "gcs thread, stack_size 64K: half", GCS, true, THREAD, 64 * KiB, 8 * MiB, 0, 0, GAP_AT, 0,
	  0, ALLOCATED, 32 * KiB },
	{ "gcs thread, stack_size 0: half of RLIMIT_STACK", GCS, true, THREAD, 0, 8 * MiB, 0, 0,
	  GAP_AT, 0, 0, ALLOCATED, 4 * MiB },
	{ "gcs thread, tiny RLIMIT_STACK: one page", GCS, true, THREAD, 0, 4096, 0, 0, GAP_AT, 0, 0,
	  ALLOCATED, 4096 },
	{ "x86 thread, no gap: ENOMEM", X86, true, THREAD, 0, 8 * MiB, 0, 0, 0, 0, -ENOMEM, NOTHING,
	  0 },
	{ "gcs thread, mapping fails: its errno", GCS, true, THREAD, 0, 8 * MiB, 0, 0, GAP_AT,
	  -ENOMEM, -ENOMEM, NOTHING, 0 },
};

#define SIZE CLONE3_SHSTK_SIZE
#define TOKEN CLONE3_SHSTK_TOKEN
#define TOK 0x7e0000001ff8ul /* a token's address */

static const struct tcase shape_cases[] = {
	/* clone3_shstk=size */
	{ "size: x86 thread, 12 KiB + 1: its own, page-aligned", X86, true, THREAD, 64 * KiB,
	  8 * MiB, 0, 12 * KiB + 1, GAP_AT, 0, 0, ALLOCATED, 16 * KiB, SIZE },
	{ "size: x86 fork gets a fresh one too", X86, true, FORK, 0, 8 * MiB, 0, 4 * KiB, GAP_AT, 0,
	  0, ALLOCATED, 4 * KiB, SIZE },
	{ "size: x86 vfork gets a fresh one too", X86, true, VFORK, 0, 8 * MiB, 0, 8, GAP_AT, 0, 0,
	  ALLOCATED, 4 * KiB, SIZE },
	{ "size: gcs thread, not halved", GCS, true, THREAD, 64 * KiB, 8 * MiB, 0, 8 * KiB, GAP_AT,
	  0, 0, ALLOCATED, 8 * KiB, SIZE },
	{ "size: gcs vfork", GCS, true, VFORK, 0, 8 * MiB, 0, 4 * KiB, GAP_AT, 0, 0, ALLOCATED,
	  4 * KiB, SIZE },
	{ "size: 0 keeps the thread default", X86, true, THREAD, 0, 8 * MiB, 0, 0, GAP_AT, 0, 0,
	  ALLOCATED, 8 * MiB, SIZE },
	{ "size: 0 keeps fork's copy", GCS, true, FORK, 0, 8 * MiB, 0, 0, GAP_AT, 0, 0, PARENTS, 0,
	  SIZE },
	{ "size: parent disabled, a size: EINVAL", X86, false, THREAD, 0, 8 * MiB, 0, 4 * KiB,
	  GAP_AT, 0, -EINVAL, NOTHING, 0, SIZE },
	{ "size: no gap: ENOMEM", GCS, true, FORK, 0, 8 * MiB, 0, 4 * KiB, 0, 0, -ENOMEM, NOTHING,
	  0, SIZE },

	/* clone3_shstk=token */
	{ "token: x86 thread", X86, true, THREAD, 64 * KiB, 8 * MiB, 0, 0, GAP_AT, 0, 0, TOKENS, 0,
	  TOKEN, TOK, SS_AREA, 0 },
	{ "token: x86 fork (the child's copy)", X86, true, FORK, 0, 8 * MiB, 0, 0, GAP_AT, 0, 0,
	  TOKENS, 0, TOKEN, TOK, SS_AREA, 0 },
	{ "token: x86 vfork", X86, true, VFORK, 0, 8 * MiB, 0, 0, GAP_AT, 0, 0, TOKENS, 0, TOKEN,
	  TOK, SS_AREA, 0 },
	{ "token: gcs thread", GCS, true, THREAD, 0, 8 * MiB, 0, 0, GAP_AT, 0, 0, TOKENS, 0, TOKEN,
	  TOK, SS_AREA, 0 },
	{ "token: gcs fork", GCS, true, FORK, 0, 8 * MiB, 0, 0, GAP_AT, 0, 0, TOKENS, 0, TOKEN, TOK,
	  SS_AREA, 0 },
	{ "token: no area: EFAULT", X86, true, THREAD, 0, 8 * MiB, 0, 0, GAP_AT, 0, -EFAULT,
	  NOTHING, 0, TOKEN, TOK, NO_AREA, 0 },
	{ "token: normal memory: EFAULT", GCS, true, THREAD, 0, 8 * MiB, 0, 0, GAP_AT, 0, -EFAULT,
	  NOTHING, 0, TOKEN, TOK, PLAIN_AREA, 0 },
	{ "token: no token there: the arch's EINVAL", X86, true, THREAD, 0, 8 * MiB, 0, 0, GAP_AT,
	  0, -EINVAL, NOTHING, 0, TOKEN, TOK, SS_AREA, -EINVAL },
	{ "token: the arch's EFAULT", GCS, true, FORK, 0, 8 * MiB, 0, 0, GAP_AT, 0, -EFAULT,
	  NOTHING, 0, TOKEN, TOK, SS_AREA, -EFAULT },
	{ "token: x86 parent disabled: EINVAL", X86, false, THREAD, 0, 8 * MiB, 0, 0, GAP_AT, 0,
	  -EINVAL, NOTHING, 0, TOKEN, TOK, SS_AREA, 0 },
	{ "token: gcs parent disabled: taken all the same", GCS, false, THREAD, 0, 8 * MiB, 0, 0,
	  GAP_AT, 0, 0, TOKENS, 0, TOKEN, TOK, SS_AREA, 0 },
	{ "token: 0 keeps the thread default", GCS, true, THREAD, 64 * KiB, 8 * MiB, 0, 0, GAP_AT,
	  0, 0, ALLOCATED, 32 * KiB, TOKEN },
	{ "token: rfc1's fields are not read", X86, true, VFORK, 0, 8 * MiB, SS, 4096, GAP_AT, 0, 0,
	  NOTHING, 0, TOKEN },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))
#define NSHAPE_CASES (sizeof(shape_cases) / sizeof(shape_cases[0]))

static struct process parent_proc;
static struct mm parent_mm, child_mm;

static void reset(const struct tcase *c)
{
	arch = c->arch;
	rules = c->arch == X86 ? shstk_rules_x86 : shstk_rules_gcs;
	parent_enabled = c->parent_enabled;
	child_ssp = POISON;
	parent_ssp_set = false;
	enabled_asked = NULL;
	gap_result = c->gap;
	gap_calls = 0;
	map_result = c->map_err;
	map_calls = 0;
	clone3_shape = &clone3_shapes[c->shape];
	token_area = c->area;
	find_list = NULL;
	find_addr = 0;
	consume_result = c->consume;
	consume_calls = 0;
	memset(&parent_proc, 0, sizeof(parent_proc));
	parent_proc.rlim[RLIMIT_STACK].rlim_cur = c->rlimit;
	parent_proc.rlim[RLIMIT_STACK].rlim_max = RLIM_INFINITY;
	parent = (struct task){ .proc = &parent_proc, .mm = &parent_mm };
	parent.shstk = (struct shstk_thread){ 0x7d0000000000ul, 8 * MiB };
	/* The child's bookkeeping starts as garbage: shstk_clone must set it. */
	child = (struct task){ .proc = &parent_proc,
			       .mm = c->kind == FORK ? &child_mm : &parent_mm };
	child.shstk = (struct shstk_thread){ POISON, POISON };
}

static void check_case(const struct tcase *c)
{
	struct kernel_clone_args k;
	int ret;

	reset(c);
	memset(&k, 0, sizeof(k));
	k.flags = kind_flags[c->kind];
	k.stack_size = c->stack_size;
	k.shadow_stack = c->ss;
	k.shadow_stack_size = c->ss_size;
	k.shstk_token = c->token;

	ret = shstk_clone(&child, &parent, &k);
	assert_int_equal(ret, c->want_ret);
	assert_ptr_equal(enabled_asked, &parent); /* the parent's state decides */
	/* The parent is never touched. */
	assert_int_equal(parent.shstk.base, 0x7d0000000000ul);
	assert_int_equal(parent.shstk.size, 8 * MiB);
	assert_false(parent_ssp_set);
	/* A token is looked up in the child's space and consumed only in a shadow-stack area. */
	if (c->shape == TOKEN && c->token && (c->parent_enabled || c->arch == GCS)) {
		assert_ptr_equal(find_list, &child.mm->vmas);
		assert_int_equal(find_addr, c->token);
		assert_int_equal(consume_calls, c->area == SS_AREA ? 1 : 0);
		if (consume_calls) {
			assert_ptr_equal(consume_mm, child.mm);
			assert_int_equal(consume_addr, c->token);
		}
	} else {
		assert_null(find_list);
		assert_int_equal(consume_calls, 0);
	}

	/* Whether a fresh stack was asked of the address space. */
	bool sized = c->shape == SIZE && c->ss_size;
	bool rfc1_ss = c->shape == CLONE3_SHSTK_RFC1 && c->ss;
	bool token = c->shape == TOKEN && c->token;
	bool allocates = c->parent_enabled && (sized || (c->kind == THREAD && !rfc1_ss && !token));

	switch (c->outcome) {
	case NOTHING:
		assert_int_equal(child_ssp, PARENT_SSP);
		assert_int_equal(child.shstk.base, 0);
		assert_int_equal(child.shstk.size, 0);
		if (allocates) {
			/* An allocation was tried and failed. */
			assert_int_equal(gap_calls, 1);
			assert_int_equal(map_calls, c->gap ? 1 : 0);
		} else {
			assert_int_equal(gap_calls, 0);
			assert_int_equal(map_calls, 0);
		}
		break;
	case CALLERS:
		assert_int_equal(child_ssp, c->ss + c->ss_size);
		assert_int_equal(child.shstk.base, 0); /* never freed by the kernel */
		assert_int_equal(child.shstk.size, 0);
		assert_int_equal(gap_calls, 0);
		assert_int_equal(map_calls, 0);
		break;
	case TOKENS:
		assert_int_equal(child_ssp, c->token + 8);
		assert_int_equal(child.shstk.base, 0); /* never freed by the kernel */
		assert_int_equal(child.shstk.size, 0);
		assert_int_equal(gap_calls, 0);
		assert_int_equal(map_calls, 0);
		break;
	case PARENTS:
		assert_int_equal(child_ssp, PARENT_SSP); /* the copy is at the same address */
		assert_int_equal(child.shstk.base, parent.shstk.base);
		assert_int_equal(child.shstk.size, parent.shstk.size);
		assert_int_equal(gap_calls, 0);
		assert_int_equal(map_calls, 0);
		break;
	case ALLOCATED:
		assert_int_equal(gap_calls, 1);
		assert_ptr_equal(gap_list, &child.mm->vmas);
		assert_int_equal(gap_len, c->want_size);
		assert_int_equal(gap_hint, 0);
		assert_int_equal(gap_low, c->arch == X86 ? 4 * GiB : 0);
		assert_int_equal(gap_high, MMAP_TOP);
		assert_int_equal(gap_guard, PAGE_SIZE);
		assert_int_equal(map_calls, 1);
		assert_ptr_equal(map_mm, child.mm);
		assert_int_equal(map_start, GAP_AT);
		assert_int_equal(map_len, c->want_size);
		assert_int_equal(map_prot, PROT_READ | PROT_WRITE);
		assert_int_equal(map_flags, VM_SHADOW_STACK);
		assert_false(map_fixed);
		assert_int_equal(child.shstk.base, GAP_AT);
		assert_int_equal(child.shstk.size, c->want_size);
		assert_int_equal(child_ssp, c->arch == X86 ? GAP_AT + c->want_size
							   : GAP_AT + c->want_size - 8);
		break;
	}
}

static void test_case(void **state)
{
	check_case(*state);
}

int main(void)
{
	struct CMUnitTest tests[NCASES + NSHAPE_CASES];

	/* One TAP line per row of the tables, named by it. */
	for (size_t i = 0; i < NCASES; i++)
		tests[i] = (struct CMUnitTest){ .name = cases[i].name,
						.test_func = test_case,
						.initial_state = (void *)&cases[i] };
	for (size_t i = 0; i < NSHAPE_CASES; i++)
		tests[NCASES + i] = (struct CMUnitTest){ .name = shape_cases[i].name,
							 .test_func = test_case,
							 .initial_state = (void *)&shape_cases[i] };
	return cmocka_run_group_tests(tests, NULL, NULL);
}

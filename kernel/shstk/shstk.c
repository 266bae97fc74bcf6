// SPDX-License-Identifier: MIT
/*
 * The shadow-stack policy shared by x86_64 CET and arm64 GCS (see
 * <kernel/shstk.h>): Linux mainline's rules for map_shadow_stack() and the
 * implicit per-thread stacks, and the clone3 series' rules for clone3's
 * shadow-stack fields in the shape the kernel booted with: rfc1's
 * shadow_stack / shadow_stack_size, v4's shadow_stack_size or the token
 * versions' shstk_token (docs/ABI.md §2.4, §2.5, §3.1, §3.3, §3.4).
 */
#include <kernel/fork.h>
#include <kernel/kmem.h>
#include <kernel/shstk.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>
#include <uapi/linux/sched.h>

/* rfc1: a pointer needs a size and a user range, a size needs a pointer. */
static int rfc1_args_valid(const struct kernel_clone_args *k)
{
	if (!arch_shstk_supported())
		return (k->shadow_stack || k->shadow_stack_size) ? -EINVAL : 0;
	if (k->shadow_stack) {
		if (!k->shadow_stack_size ||
		    !access_ok((const void __user *)k->shadow_stack, k->shadow_stack_size))
			return -EINVAL;
	} else if (k->shadow_stack_size) {
		return -EINVAL;
	}
	return 0;
}

/* size (v4): 0 is the default; else at least one entry and at most RLIMIT_STACK. */
static int size_args_valid(const struct kernel_clone_args *k)
{
	if (!k->shadow_stack_size)
		return 0;
	if (!arch_shstk_supported() || k->shadow_stack_size < SHADOW_STACK_SIZE_MIN ||
	    k->shadow_stack_size > current->proc->rlim[RLIMIT_STACK].rlim_cur)
		return -EINVAL;
	return 0;
}

/* token (v21-v23): 0 is the default; else 8-aligned, on a CPU with shadow stacks. */
static int token_args_valid(const struct kernel_clone_args *k)
{
	if (!k->shstk_token)
		return 0;
	if ((k->shstk_token & 7) || !arch_shstk_supported())
		return -EINVAL;
	return 0;
}

int shstk_alloc(struct mm *mm, u64 size, uintptr_t *base)
{
	struct vma_spot spot;
	uintptr_t at;

	if (!size || size > TASK_SIZE)
		return -EINVAL;
	assert_mm_locked(mm);
	/* One free page on both sides: no other mapping touches a shadow stack. */
	at = vma_find_spot(&mm->vmas, size, 0, arch_shstk_rules->min_addr, MMAP_TOP, PAGE_SIZE,
			   &spot);
	if (!at)
		return -ENOMEM;

	int err = mm_map_found(mm, &spot, size, SHSTK_PROT, VM_SHADOW_STACK);

	if (!err)
		*base = at;
	return err;
}

/* A fresh kernel-owned shadow stack of size bytes for t, its SSP at the start. */
static int give_own_stack(struct task *t, u64 size)
{
	uintptr_t base;
	int err;

	mm_lock(t->mm);
	err = shstk_alloc(t->mm, size, &base);
	mm_unlock(t->mm);
	if (err)
		return err;
	t->shstk.base = base;
	t->shstk.size = size;
	arch_shstk_set_ssp(t, arch_shstk_thread_ssp(base, size));
	return 0;
}

int shstk_enable(struct task *t)
{
	int err = give_own_stack(
		t, arch_shstk_rules->thread_size(0, t->proc->rlim[RLIMIT_STACK].rlim_cur));

	if (!err)
		shstk_count_enable(); /* the suite used the hardware: the verdict's PASS needs it */
	return err;
}

/*
 * token: the token at addr in child's address space (its copy, for a
 * fork) must be in shadow-stack memory, else EFAULT; the arch checks its
 * value and consumes it in one step, else EINVAL. The child then starts
 * just above it. Nothing is owned: the kernel never frees that stack.
 */
static int consume_token(struct task *child, uintptr_t addr)
{
	const struct vma *v = vma_find(&child->mm->vmas, addr);
	int err;

	if (!v || !(v->flags & VM_SHADOW_STACK))
		return -EFAULT;
	err = arch_shstk_consume_token(child->mm, addr);
	if (err)
		return err;
	arch_shstk_set_ssp(child, addr + 8);
	return 0;
}

/* rfc1: the caller's range, unchecked beyond the arch's rules; never freed by the kernel. */
static int rfc1_pick(struct task *child, const struct kernel_clone_args *k)
{
	int err = arch_shstk_rules->clone_stack_check(k->shadow_stack, k->shadow_stack_size);

	if (err)
		return err;
	arch_shstk_set_ssp(child, k->shadow_stack + k->shadow_stack_size);
	return 0;
}

/* size: a fresh one of that size in the child's address space, owned like a thread's. */
static int size_pick(struct task *child, const struct kernel_clone_args *k)
{
	return give_own_stack(child, ALIGN_UP((u64)k->shadow_stack_size, (u64)PAGE_SIZE));
}

static int token_pick(struct task *child, const struct kernel_clone_args *k)
{
	int err;

	mm_lock(child->mm); /* the check and the consuming write see one address space */
	err = consume_token(child, k->shstk_token);
	mm_unlock(child->mm);
	return err;
}

static bool rfc1_asked(const struct kernel_clone_args *k)
{
	return k->shadow_stack;
}

static bool size_asked(const struct kernel_clone_args *k)
{
	return k->shadow_stack_size;
}

static bool token_asked(const struct kernel_clone_args *k)
{
	return k->shstk_token;
}

static void rfc1_read(struct kernel_clone_args *k, const void *args)
{
	const struct clone_args *a = args;

	k->shadow_stack = (uintptr_t)a->shadow_stack;
	k->shadow_stack_size = (size_t)a->shadow_stack_size;
}

static void size_read(struct kernel_clone_args *k, const void *args)
{
	k->shadow_stack_size = (size_t)((const struct clone_args_size *)args)->shadow_stack_size;
}

static void token_read(struct kernel_clone_args *k, const void *args)
{
	k->shstk_token = (uintptr_t)((const struct clone_args_token *)args)->shstk_token;
}

const struct clone3_shape clone3_shapes[] = {
	[CLONE3_SHSTK_RFC1] = { "rfc1", CLONE_ARGS_SIZE_VER3_RFC1, rfc1_read, rfc1_args_valid,
				rfc1_asked, rfc1_pick, false },
	[CLONE3_SHSTK_SIZE] = { "size", CLONE_ARGS_SIZE_VER3_SIZE, size_read, size_args_valid,
				size_asked, size_pick, false },
	/* arm64 takes a token even from a thread with GCS off (the series' asymmetry). */
	[CLONE3_SHSTK_TOKEN] = { "token", CLONE_ARGS_SIZE_VER3_TOKEN, token_read, token_args_valid,
				 token_asked, token_pick, true },
};

const struct clone3_shape *clone3_shape = &clone3_shapes[CLONE3_SHSTK_RFC1];

int clone3_shape_select(const char *name)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(clone3_shapes); i++) {
		if (strcmp(name, clone3_shapes[i].name) == 0) {
			clone3_shape = &clone3_shapes[i];
			return 0;
		}
	}
	return -EINVAL;
}

int shstk_clone_args_valid(const struct kernel_clone_args *k)
{
	return clone3_shape->valid(k);
}

int shstk_clone(struct task *child, struct task *parent, const struct kernel_clone_args *k)
{
	child->shstk.base = 0;
	child->shstk.size = 0;
	/*
	 * Where the parent is, unless a case below says otherwise: fork's copy
	 * at the same address, vfork's shared live stack, or a disabled
	 * thread's leftover pointer, inherited as Linux does.
	 */
	arch_shstk_set_ssp(child, arch_shstk_get_ssp(parent));
	if (!arch_shstk_enabled(parent)) {
		/*
		 * No shadow stack to give a child of a thread without one: what
		 * clone3 asked for is EINVAL -- but for arm64's token, taken
		 * even from a thread with GCS off (the series' asymmetry).
		 */
		if (!clone3_shape->asked(k))
			return 0;
		if (clone3_shape->arch_may_take_without_shstk &&
		    arch_shstk_rules->token_without_shstk)
			return clone3_shape->pick(child, k);
		return -EINVAL;
	}

	/* clone3's fields, for every kind of clone (thread, fork or vfork). */
	if (clone3_shape->asked(k))
		return clone3_shape->pick(child, k);

	/* None asked for: Linux mainline's rules. */
	if (k->flags & CLONE_VFORK)
		return 0; /* the parent's, live: the child runs while the parent waits */
	if (!(k->flags & CLONE_VM)) {
		child->shstk = parent->shstk; /* fork: its own copy, at the same address */
		return 0;
	}

	/* A new thread in this address space: one of the default size. */
	return give_own_stack(
		child, arch_shstk_rules->thread_size(k->stack_size,
						     parent->proc->rlim[RLIMIT_STACK].rlim_cur));
}

void shstk_release(struct task *t, struct mm *mm)
{
	if (t->shstk.base && mm) {
		mm_lock(mm);
		mm_unmap(mm, t->shstk.base, t->shstk.size);
		mm_unlock(mm);
	}
	t->shstk.base = 0;
	t->shstk.size = 0;
}

void shstk_exec(struct task *t)
{
	/* The old stack went with the old address space. */
	t->shstk.base = 0;
	t->shstk.size = 0;
	arch_shstk_reset(t);
}

/*
 * map_shadow_stack(addr, size, flags), Linux's order: support, the arch's
 * flag/size/address rules, overflow, the mapping, then the token.
 */
SYSCALL(map_shadow_stack)
{
	uintptr_t addr = a[0];
	u64 size = a[1];
	unsigned int flags = (unsigned int)a[2]; /* an unsigned int in Linux: upper bits ignored */
	struct mm *mm = current->mm;
	int err;

	if (!arch_shstk_supported())
		return -EOPNOTSUPP;
	err = arch_shstk_rules->map_check(addr, size, flags);
	if (err)
		return err;

	u64 len = ALIGN_UP(size, (u64)PAGE_SIZE);

	if (len < size)
		return -EOVERFLOW;
	if (addr) {
		/* MAP_FIXED_NOREPLACE semantics. */
		if (addr & (PAGE_SIZE - 1) || !len)
			return -EINVAL;
		if (addr > TASK_SIZE || len > TASK_SIZE - addr)
			return -ENOMEM;
	}
	/* The mapping and its token in one hold: no other thread sees the stack half made. */
	mm_lock(mm);
	if (!addr)
		err = shstk_alloc(mm, len, &addr);
	else if (!vma_range_free(&mm->vmas, addr, addr + len))
		err = -EEXIST;
	else
		err = mm_map(mm, addr, len, SHSTK_PROT, VM_SHADOW_STACK, false);
	if (!err) {
		err = arch_shstk_map_token(mm, addr, size, flags);
		if (err)
			mm_unmap(mm, addr, len);
	}
	mm_unlock(mm);
	return err ? err : (long)addr;
}

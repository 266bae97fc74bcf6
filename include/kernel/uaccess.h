/* SPDX-License-Identifier: MIT */
/*
 * Access to user memory. Every kernel read or write of a user pointer goes
 * through these: they check the range lies in user space and survive a
 * fault (the arch's fault fix-up), returning -EFAULT instead of panicking.
 * They may sleep? No: demand paging happens inside the fault handler, and
 * the kernel runs with interrupts off, so no sleeping happens here.
 */
#ifndef KERNEL_UACCESS_H
#define KERNEL_UACCESS_H

#include <asm/page.h>
#include <kernel/types.h>
#include <uapi/linux/errno.h>

/* Marks a pointer as a user address; documentation only. */
#define __user

/* True when [p, p + n) lies inside user space (no wrap-around). */
static inline bool access_ok(const void __user *p, size_t n)
{
	uintptr_t a = (uintptr_t)p;

	return a <= TASK_SIZE && n <= TASK_SIZE - a;
}

/*
 * Arch primitive: copies n bytes between kernel and user memory with the
 * fault fix-up armed. Returns the number of bytes NOT copied (0 = success).
 */
size_t arch_copy_user(void *dst, const void *src, size_t n);

/* Each returns 0 or -EFAULT. */
static inline int copy_from_user(void *dst, const void __user *src, size_t n)
{
	if (!access_ok(src, n))
		return -EFAULT;
	return arch_copy_user(dst, (const void *)src, n) ? -EFAULT : 0;
}

static inline int copy_to_user(void __user *dst, const void *src, size_t n)
{
	if (!access_ok(dst, n))
		return -EFAULT;
	return arch_copy_user((void *)dst, src, n) ? -EFAULT : 0;
}

/* Zeroes n user bytes; 0 or -EFAULT. */
int clear_user(void __user *dst, size_t n);

/*
 * Copies a NUL-terminated string of at most max bytes (NUL included).
 * Returns its length, -EFAULT, or -ENAMETOOLONG when no NUL came in max.
 */
long strncpy_from_user(char *dst, const char __user *src, size_t max);

#define get_user(x, ptr) copy_from_user(&(x), (ptr), sizeof(*(ptr)))
#define put_user(x, ptr)                                \
	({                                              \
		__typeof__(*(ptr)) __v = (x);           \
		copy_to_user((ptr), &__v, sizeof(__v)); \
	})

/*
 * Linux's copy_struct_from_user(): copies a user struct of usize bytes into
 * a kernel struct of ksize bytes. A shorter user struct is zero-extended; a
 * longer one must have only zero bytes past ksize, else -E2BIG. -EFAULT on
 * a fault.
 */
int copy_struct_from_user(void *dst, size_t ksize, const void __user *src, size_t usize);

/*
 * The exception table: the instructions allowed to fault (the arch's user
 * copies in uaccess.S, arm64's semihosting probe in poweroff.c), each with
 * where it resumes, gathered by the linker between __start_extable and
 * __stop_extable. The resume address for a fault at pc, or 0 when pc may
 * not fault (a kernel bug). Kept by kernel/mm/extable.c, asked by each
 * arch's fault handlers.
 */
u64 extable_fixup(u64 pc);

#endif

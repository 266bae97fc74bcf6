// SPDX-License-Identifier: MIT
/*
 * process_vm_readv / process_vm_writev: copying between the caller's
 * iovecs and another process's, as Linux's mm/process_vm_access.c, on
 * access_remote_vm() without FOLL_FORCE -- the areas' own rights decide,
 * and shadow-stack memory is never written. Everything runs as root, so
 * Linux's permission check (ptrace_may_access) always passes: no EPERM.
 */
#include <kernel/access_vm.h>
#include <kernel/kmem.h>
#include <kernel/pid.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/uio.h>

#define UIO_MAXIOV 1024
#define MAX_RW_COUNT (0x7fffffffUL & ~(PAGE_SIZE - 1)) /* Linux's INT_MAX & PAGE_MASK */

/*
 * Copies n iovecs from user space into a new array (*dst, kfree()d by the
 * caller), Linux's iovec_from_user(): more than UIO_MAXIOV is EINVAL, a
 * fault EFAULT, a length negative as a ssize_t EINVAL.
 */
static long iovecs_from_user(struct iovec **dst, const struct iovec __user *src, unsigned long n)
{
	if (n > UIO_MAXIOV)
		return -EINVAL;
	*dst = kmalloc(n * sizeof(**dst) + 1);
	if (!*dst)
		return -ENOMEM;
	if (copy_from_user(*dst, src, n * sizeof(**dst)))
		return -EFAULT;
	for (unsigned long i = 0; i < n; i++) {
		if ((long)(*dst)[i].iov_len < 0)
			return -EINVAL;
	}
	return 0;
}

/* The local side as Linux's import_iovec() takes it: each range in user space, the total capped. */
static long local_total(struct iovec *v, unsigned long n, size_t *total)
{
	*total = 0;
	for (unsigned long i = 0; i < n; i++) {
		if (!access_ok(v[i].iov_base, v[i].iov_len))
			return -EFAULT;
		if (v[i].iov_len > MAX_RW_COUNT - *total)
			v[i].iov_len = MAX_RW_COUNT - *total;
		*total += v[i].iov_len;
	}
	return 0;
}

struct cursor {
	struct iovec *v;
	unsigned long n, i;
	size_t off; /* into v[i] */
};

/*
 * Moves up to len bytes between the local iovecs at c and buf; returns the
 * bytes moved, fewer at a fault in local memory (then *fault is set).
 */
static size_t local_copy(struct cursor *c, char *buf, size_t len, bool to_local, bool *fault)
{
	size_t done = 0;

	while (done < len && c->i < c->n) {
		char __user *u = (char __user *)c->v[c->i].iov_base + c->off;
		size_t k = MIN(len - done, c->v[c->i].iov_len - c->off);
		size_t left = k;

		/* arch_copy_user(): the exact count, where copy_to_user() says only -EFAULT. */
		if (access_ok(u, k))
			left = to_local ? arch_copy_user((void *)u, buf + done, k)
					: arch_copy_user(buf + done, (const void *)u, k);

		done += k - left;
		c->off += k - left;
		if (left) {
			*fault = true;
			break;
		}
		if (c->off == c->v[c->i].iov_len) {
			c->i++;
			c->off = 0;
		}
	}
	return done;
}

static long process_vm_rw(const unsigned long a[6], bool write)
{
	int nr = (int)a[0];
	unsigned long liovcnt = a[2], riovcnt = a[4];
	struct iovec *lv = NULL, *rv = NULL;
	char *page = NULL;
	size_t total = 0, copied = 0;
	struct task *t;
	long err;

	if (a[5] != 0)
		return -EINVAL;
	err = iovecs_from_user(&lv, (const struct iovec __user *)a[1], liovcnt);
	if (!err)
		err = local_total(lv, liovcnt, &total);
	if (err || total == 0)
		goto out; /* nothing to move: 0, whatever the rest says (Linux) */
	err = iovecs_from_user(&rv, (const struct iovec __user *)a[3], riovcnt);
	page = err ? NULL : kmalloc(PAGE_SIZE);
	if (!err && !page)
		err = -ENOMEM;
	if (err)
		goto out;

	bool any = false;

	for (unsigned long i = 0; i < riovcnt; i++)
		any |= rv[i].iov_len != 0;
	if (!any)
		goto out; /* Linux: no remote page, no look-up of the process */

	struct pid *pid = nr > 0 ? pid_find(task_active_pid_ns(current), nr) : NULL;

	t = pid_task(pid);
	err = -ESRCH;
	if (!t || !t->mm)
		goto out;

	struct cursor c = { lv, liovcnt, 0, 0 };
	bool fault = false;

	err = 0;
	for (unsigned long i = 0; i < riovcnt && copied < total && !fault; i++) {
		uintptr_t addr = (uintptr_t)rv[i].iov_base;
		size_t left = MIN(rv[i].iov_len, total - copied);

		while (left && !fault) {
			size_t n = MIN(left, PAGE_SIZE - (addr & (PAGE_SIZE - 1))), got;

			if (write) {
				n = local_copy(&c, page, n, false, &fault);
				got = access_remote_vm(t->mm, addr, page, n, FOLL_WRITE);
			} else {
				got = access_remote_vm(t->mm, addr, page, n, 0);
				got = local_copy(&c, page, got, true, &fault);
			}
			copied += got;
			if (got < n) {
				fault = true; /* the remote page is unreachable, or local memory faulted */
				break;
			}
			addr += got;
			left -= got;
		}
	}
	if (fault)
		err = -EFAULT;
out:
	kfree(lv);
	kfree(rv);
	kfree(page);
	return copied ? (long)copied : err;
}

SYSCALL(process_vm_readv)
{
	return process_vm_rw(a, false);
}

SYSCALL(process_vm_writev)
{
	return process_vm_rw(a, true);
}

// SPDX-License-Identifier: MIT
/* User-memory helpers built on the arch's arch_copy_user() (see <kernel/uaccess.h>). */
#include <kernel/compiler.h>
#include <kernel/uaccess.h>
#include <string.h>

int clear_user(void __user *dst, size_t n)
{
	static const char zeros[256];
	char __user *d = dst;

	if (!access_ok(dst, n))
		return -EFAULT;
	while (n) {
		size_t k = MIN(n, sizeof(zeros));

		if (arch_copy_user((void *)d, zeros, k))
			return -EFAULT;
		d += k;
		n -= k;
	}
	return 0;
}

long strncpy_from_user(char *dst, const char __user *src, size_t max)
{
	for (size_t i = 0; i < max; i++) {
		if (copy_from_user(&dst[i], src + i, 1))
			return -EFAULT;
		if (dst[i] == '\0')
			return (long)i;
	}
	return -ENAMETOOLONG;
}

int copy_struct_from_user(void *dst, size_t ksize, const void __user *src, size_t usize)
{
	size_t n = MIN(ksize, usize);

	/* The tail the kernel does not know must be zero: checked before copying. */
	if (usize > ksize) {
		const char __user *p = (const char __user *)src + ksize;

		for (size_t i = 0; i < usize - ksize; i++) {
			char c;

			if (copy_from_user(&c, p + i, 1))
				return -EFAULT;
			if (c)
				return -E2BIG;
		}
	}
	if (copy_from_user(dst, src, n))
		return -EFAULT;
	if (usize < ksize)
		memset((char *)dst + usize, 0, ksize - usize);
	return 0;
}

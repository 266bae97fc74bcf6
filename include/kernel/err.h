/* SPDX-License-Identifier: MIT */
/* Pointers that carry an errno, as Linux's ERR_PTR: the top 4095 addresses. */
#ifndef KERNEL_ERR_H
#define KERNEL_ERR_H

#include <kernel/types.h>

#define MAX_ERRNO 4095

static inline void *ERR_PTR(long err)
{
	return (void *)err;
}

static inline long PTR_ERR(const void *p)
{
	return (long)p;
}

static inline bool IS_ERR(const void *p)
{
	return (uintptr_t)p >= (uintptr_t)-MAX_ERRNO;
}

#endif

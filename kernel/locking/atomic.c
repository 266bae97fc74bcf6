// SPDX-License-Identifier: MIT
/* What <kernel/atomic.h>'s reference counts do when one goes wrong. */
#include <kernel/atomic.h>
#include <kernel/panic.h>

void refcount_bug(const refcount_t *r, const char *what)
{
	panic("refcount: %s at %p (now %d): a use after free", what, (const void *)r,
	      refcount_read(r));
}

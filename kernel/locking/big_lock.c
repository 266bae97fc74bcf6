// SPDX-License-Identifier: MIT
/* The big kernel lock (<kernel/big_lock.h>); kernel/entry.c takes and drops it. */
#include <kernel/big_lock.h>

struct spinlock big_lock = SPINLOCK_INIT(LOCK_LEVEL_BIG, "big_lock");

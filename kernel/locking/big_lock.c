// SPDX-License-Identifier: MIT
/* The big kernel lock (<kernel/big_lock.h>). */
#include <kernel/big_lock.h>

struct spinlock big_lock = SPINLOCK_INIT(LOCK_LEVEL_BIG, "big_lock");

bool big_lock_enter(void)
{
	if (spin_held(&big_lock))
		return false;
	spin_lock(&big_lock);
	return true;
}

void big_lock_leave(bool taken)
{
	if (taken)
		spin_unlock(&big_lock);
}

void big_lock_exit_to_user(void)
{
	spin_unlock(&big_lock);
}

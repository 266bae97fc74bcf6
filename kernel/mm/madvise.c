// SPDX-License-Identifier: MIT
/*
 * madvise() with Linux's checks and errnos (mm/madvise.c): MADV_DONTNEED
 * drops pages; the hints MADV_NORMAL, RANDOM, SEQUENTIAL and WILLNEED are
 * accepted and change nothing (there is no swap or read-ahead to steer);
 * any other advice is EINVAL, as Linux answers advice it does not know.
 */
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

static bool advice_known(long advice)
{
	switch (advice) {
	case MADV_NORMAL:
	case MADV_RANDOM:
	case MADV_SEQUENTIAL:
	case MADV_WILLNEED:
	case MADV_DONTNEED:
		return true;
	default:
		return false;
	}
}

/*
 * Linux's order: the advice, the start's alignment, a length that wraps
 * when rounded up, a range that wraps (all EINVAL); an empty range is 0.
 * Then every area in the range gets the advice, and a hole anywhere is
 * ENOMEM. MADV_DONTNEED refuses only locked and PFN-mapped areas (none
 * here): Linux drops shadow-stack pages too, so Umbra does.
 */
SYSCALL(madvise)
{
	uintptr_t start = a[0];
	size_t len_in = a[1], len;
	long advice = (int)a[2];

	if (!advice_known(advice))
		return -EINVAL;
	if (start & (PAGE_SIZE - 1))
		return -EINVAL;
	len = ALIGN_UP(len_in, PAGE_SIZE);
	if (len_in && !len)
		return -EINVAL;
	if (start + len < start)
		return -EINVAL;
	if (!len)
		return 0;

	struct mm *mm = current->mm;
	int err;

	mm_lock(mm); /* runs without big_lock (<kernel/syscall_unlocked.h>) */
	err = mm_madvise(mm, start, len, advice == MADV_DONTNEED);
	mm_unlock(mm);
	return err;
}

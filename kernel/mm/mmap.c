// SPDX-License-Identifier: MIT
/*
 * mmap, munmap, mprotect and brk with Linux's argument checks and errnos.
 * Anonymous memory, private or shared (<kernel/shmem.h>), and regular
 * files' pages, private (copy-on-write) or shared; other files (/proc,
 * devices, pipes) fail as Linux fails them for a file without mmap.
 *
 * These calls run without big_lock (<kernel/syscall_unlocked.h>), under
 * the address space's own lock; mmap of a file takes big_lock first, for
 * the file table and the file's pages.
 */
#include <asm/mman.h>
#include <kernel/big_lock.h>
#include <kernel/file.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <kernel/vm.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

#define PROT_SEM 0x8
#define PROT_KNOWN (PROT_READ | PROT_WRITE | PROT_EXEC | PROT_SEM)

/*
 * The flags every file mapping accepts: MAP_SHARED_VALIDATE refuses any
 * other with EOPNOTSUPP (Linux's LEGACY_MAP_MASK; MAP_SYNC is only for DAX
 * files).
 */
#define LEGACY_MAP_FLAGS                                                                         \
	(MAP_SHARED | MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS | MAP_DENYWRITE | MAP_EXECUTABLE | \
	 MAP_UNINITIALIZED | MAP_GROWSDOWN | MAP_LOCKED | MAP_NORESERVE | MAP_POPULATE |         \
	 MAP_NONBLOCK | MAP_STACK | MAP_HUGETLB | MAP_HUGE_2MB | MAP_HUGE_1GB |                  \
	 ARCH_LEGACY_MAP_FLAGS)

/* The rights an area keeps: the generic three, and the arch's own (arm64's PROT_BTI). */
static unsigned int vm_prot(unsigned long prot)
{
	return (unsigned int)(prot & (PROT_READ | PROT_WRITE | PROT_EXEC)) |
	       arch_vm_prot_bits(prot);
}

/*
 * A file mapping's checks, in the order of Linux's do_mmap(): unknown flags
 * under MAP_SHARED_VALIDATE (EOPNOTSUPP), a writable shared mapping of a
 * file not open for writing (EACCES), a file not open for reading
 * (EACCES), then a file that has no pages to map (ENODEV: /proc's files,
 * devices, pipes). The regular file's page object, or an errno.
 */
static struct shmem *mmap_file_pages(const struct file *f, unsigned long prot, unsigned long flags,
				     long *err)
{
	struct dentry *d = f->dentry;

	*err = 0;
	if ((flags & MAP_TYPE) != MAP_PRIVATE) {
		if ((flags & MAP_TYPE) == MAP_SHARED_VALIDATE && (flags & ~LEGACY_MAP_FLAGS))
			*err = -EOPNOTSUPP;
		else if ((prot & PROT_WRITE) && !(f->fmode & FMODE_WRITE))
			*err = -EACCES;
	}
	if (!*err && !(f->fmode & FMODE_READ))
		*err = -EACCES;
	if (!*err && (!d || !S_ISREG(d->inode->mode)))
		*err = -ENODEV;
	if (*err)
		return NULL;

	struct shmem *pages = inode_pages(d->inode);

	if (!pages)
		*err = -ENOMEM;
	return pages;
}

/*
 * Where a new mapping goes: addr itself (fixed, checked) or a free range,
 * *spot saying where the search found it. 0 or -errno.
 */
static long place(struct mm *mm, uintptr_t *addr, size_t len, unsigned long flags,
		  struct vma_spot *spot)
{
	if (flags & (MAP_FIXED | MAP_FIXED_NOREPLACE)) {
		if (*addr & (PAGE_SIZE - 1))
			return -EINVAL;
		if (*addr > TASK_SIZE || len > TASK_SIZE - *addr)
			return -ENOMEM;
		if (*addr < MMAP_BOTTOM)
			return -EPERM; /* below mmap_min_addr */
		if ((flags & MAP_FIXED_NOREPLACE) && !vma_range_free(&mm->vmas, *addr, *addr + len))
			return -EEXIST;
		return 0;
	}

	uintptr_t hint = ALIGN_DOWN(*addr, PAGE_SIZE);

	*addr = vma_find_spot(&mm->vmas, len, hint >= MMAP_BOTTOM ? hint : 0, MMAP_BOTTOM, MMAP_TOP,
			      0, spot);
	return *addr ? 0 : -ENOMEM;
}

SYSCALL(mmap)
{
	uintptr_t addr = a[0];
	size_t len = a[1];
	unsigned long prot = a[2], flags = a[3], off = a[5];
	int fd = (int)a[4];
	struct mm *mm = current->mm;
	int err;

	if (!len)
		return -EINVAL;
	if (off & (PAGE_SIZE - 1))
		return -EINVAL;
	len = ALIGN_UP(len, PAGE_SIZE);
	if (!len || len > TASK_SIZE)
		return -ENOMEM;
	if (!(flags & MAP_ANONYMOUS)) {
		big_lock_take_late();

		const struct file *f = fd_get(current->files, fd);
		unsigned long type = flags & MAP_TYPE;

		if (!f)
			return -EBADF;
		if (type != MAP_PRIVATE && type != MAP_SHARED && type != MAP_SHARED_VALIDATE)
			return -EINVAL;

		long ferr;
		struct shmem *pages = mmap_file_pages(f, prot, flags, &ferr);

		if (!pages)
			return ferr;
		struct vma_spot spot;

		mm_lock(mm);
		ferr = place(mm, &addr, len, flags, &spot);
		if (!ferr)
			ferr = mm_map_file(mm, addr, len, vm_prot(prot),
					   type == MAP_PRIVATE ? 0 : VM_SHARED, pages,
					   off / PAGE_SIZE,
					   flags & (MAP_FIXED | MAP_FIXED_NOREPLACE));
		mm_unlock(mm);
		return ferr ? ferr : (long)addr;
	}
	/*
	 * Anonymous memory is MAP_PRIVATE or MAP_SHARED; Linux refuses
	 * MAP_SHARED_VALIDATE here (EINVAL: no case for it), and a shared
	 * area that would grow down.
	 */
	bool shared = (flags & MAP_TYPE) == MAP_SHARED;

	if (!shared && (flags & MAP_TYPE) != MAP_PRIVATE)
		return -EINVAL;
	if (shared && (flags & MAP_GROWSDOWN))
		return -EINVAL;

	bool fixed = flags & (MAP_FIXED | MAP_FIXED_NOREPLACE);

	struct vma_spot spot;

	mm_lock(mm);
	err = (int)place(mm, &addr, len, flags, &spot);
	if (!err && shared)
		err = mm_map_shared(mm, addr, len, vm_prot(prot), fixed);
	else if (!err && fixed)
		err = mm_map(mm, addr, len, vm_prot(prot), 0, true);
	else if (!err)
		err = mm_map_found(mm, &spot, len, vm_prot(prot), 0); /* where place() found room */
	mm_unlock(mm);
	return err ? err : (long)addr;
}

SYSCALL(munmap)
{
	uintptr_t addr = a[0];
	size_t len = a[1];

	if ((addr & (PAGE_SIZE - 1)) || !len)
		return -EINVAL;
	len = ALIGN_UP(len, PAGE_SIZE);
	if (!len || addr > TASK_SIZE || len > TASK_SIZE - addr)
		return -EINVAL;

	struct mm *mm = current->mm;
	int err;

	mm_lock(mm);
	err = mm_unmap(mm, addr, len);
	mm_unlock(mm);
	return err;
}

SYSCALL(mprotect)
{
	uintptr_t addr = a[0];
	size_t len = a[1];
	unsigned long prot = a[2];

	if (addr & (PAGE_SIZE - 1))
		return -EINVAL;
	if (prot & ~(PROT_KNOWN | arch_prot_supported() | PROT_GROWSDOWN | PROT_GROWSUP))
		return -EINVAL;
	if ((prot & (PROT_GROWSDOWN | PROT_GROWSUP)) == (PROT_GROWSDOWN | PROT_GROWSUP))
		return -EINVAL;
	if (prot & (PROT_GROWSDOWN | PROT_GROWSUP))
		return -EINVAL; /* no area here grows: Linux's answer for that case */
	if (!len)
		return 0;
	len = ALIGN_UP(len, PAGE_SIZE);
	if (!len || addr + len < addr)
		return -ENOMEM;
	if (addr > TASK_SIZE || len > TASK_SIZE - addr)
		return -ENOMEM;

	struct mm *mm = current->mm;
	int err;

	mm_lock(mm);
	err = mm_protect(mm, addr, len, vm_prot(prot));
	mm_unlock(mm);
	return err;
}

/* brk returns the new break, or the old one when the request cannot be met. */
SYSCALL(brk)
{
	struct mm *mm = current->mm;
	uintptr_t want = a[0];

	mm_lock(mm);

	uintptr_t old_end = ALIGN_UP(mm->brk, PAGE_SIZE), new_end = ALIGN_UP(want, PAGE_SIZE);

	if (want < mm->start_brk || want > MMAP_TOP)
		want = mm->brk;
	else if (new_end < old_end && mm_unmap(mm, new_end, old_end - new_end))
		want = mm->brk;
	else if (new_end > old_end &&
		 (!vma_range_free(&mm->vmas, old_end, new_end) ||
		  mm_map(mm, old_end, new_end - old_end, PROT_READ | PROT_WRITE, VM_BRK, false)))
		want = mm->brk;
	mm->brk = want;
	mm_unlock(mm);
	return (long)want;
}

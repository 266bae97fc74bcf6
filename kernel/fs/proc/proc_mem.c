// SPDX-License-Identifier: MIT
/*
 * /proc/PID/mem: a process's address space as a file whose offsets are
 * its addresses, as Linux's fs/proc/base.c (mem_open, mem_rw, mem_lseek).
 * The file holds the address space it was opened on (mm_grab(): after an
 * exec or the exit of its process it reads as empty, 0 bytes). Reads and
 * writes go through access_remote_vm() with FOLL_FORCE, as a debugger's:
 * read-only text and shadow stacks take writes (a copy-on-write page is
 * copied first), PROT_NONE memory reads.
 */
#include <kernel/access_vm.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/pid.h>
#include <kernel/proc_mem.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/fs.h>

#define PROC_MEM_CHUNK PAGE_SIZE /* Linux's mem_rw() bounce page */

/* The N of "/proc/N/mem" (no sign, no leading zero, an int, as Linux's name_to_int), or -1. */
static long pid_of_path(const char *path)
{
	const char *p = path + 6; /* past "/proc/" */
	long n = 0;

	if (strcmp(path, "/proc/self/mem") == 0 || strcmp(path, "/proc/thread-self/mem") == 0)
		return 0;
	if (strncmp(path, "/proc/", 6) != 0 || *p < '1' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		n = n * 10 + (*p - '0');
		if (n > 0x7fffffff)
			return -1;
	}
	return strcmp(p, "/mem") == 0 ? n : -1;
}

bool proc_mem_path(const char *path)
{
	return pid_of_path(path) >= 0;
}

static struct mm *mem_mm(const struct file *f)
{
	return (struct mm *)f->data;
}

/* Linux's mem_rw(): page by page through a bounce buffer; the position moves by what was done. */
static long mem_rw(struct file *f, char __user *buf, size_t n, bool write)
{
	struct mm *mm = mem_mm(f);
	char *page;
	long copied = 0;
	uintptr_t addr = (uintptr_t)f->pos;

	if (!mm || refcount_read(&mm->users) == 0)
		return 0; /* the address space is gone (Linux's mmget_not_zero() failing) */
	page = kmalloc(PROC_MEM_CHUNK);
	if (!page)
		return -ENOMEM;
	while (n) {
		size_t k = MIN(n, PROC_MEM_CHUNK);

		if (write && copy_from_user(page, buf, k)) {
			copied = -EFAULT;
			break;
		}
		k = access_remote_vm(mm, addr, page, k, FOLL_FORCE | (write ? FOLL_WRITE : 0));
		if (!k) {
			if (!copied)
				copied = -EIO;
			break;
		}
		if (!write && copy_to_user(buf, page, k)) {
			copied = -EFAULT;
			break;
		}
		buf += k;
		addr += k;
		copied += (long)k;
		n -= k;
	}
	f->pos = addr;
	kfree(page);
	return copied;
}

static long mem_read(struct file *f, char __user *buf, size_t n)
{
	if (!(f->fmode & FMODE_READ))
		return -EBADF;
	return mem_rw(f, buf, n, false);
}

static long mem_write(struct file *f, const char __user *buf, size_t n)
{
	if (!(f->fmode & FMODE_WRITE))
		return -EBADF;
	return mem_rw(f, (char __user *)buf, n, true);
}

/* Linux's mem_lseek(): any position, SEEK_SET and SEEK_CUR only. */
static long mem_llseek(struct file *f, long off, int whence)
{
	switch (whence) {
	case SEEK_SET:
		f->pos = (u64)off;
		break;
	case SEEK_CUR:
		f->pos += (u64)off;
		break;
	default:
		return -EINVAL;
	}
	return (long)f->pos;
}

static void mem_release(struct file *f)
{
	if (mem_mm(f))
		mm_drop(mem_mm(f));
}

static const struct file_ops mem_ops = {
	.read = mem_read,
	.write = mem_write,
	.release = mem_release,
	.llseek = mem_llseek,
};

struct file *proc_mem_open(const char *path, int flags, long *err)
{
	long nr = pid_of_path(path);
	struct task *t = current;
	struct file *f;

	if (nr > 0) {
		struct pid *pid = pid_find(task_active_pid_ns(current), (int)nr);

		if (!pid) {
			*err = -ENOENT;
			return NULL;
		}
		t = pid->task; /* NULL for a zombie: it opens, and reads nothing */
	}
	f = kzalloc(sizeof(*f));
	if (!f) {
		*err = -ENOMEM;
		return NULL;
	}
	refcount_set(&f->refs, 1);
	f->ops = &mem_ops;
	switch (flags & O_ACCMODE) {
	case O_RDONLY:
		f->fmode = FMODE_READ;
		break;
	case O_WRONLY:
		f->fmode = FMODE_WRITE;
		break;
	case O_RDWR:
		f->fmode = FMODE_READ | FMODE_WRITE;
		break;
	default:
		f->fmode = 0;
		break;
	}
	if (t && t->mm) {
		mm_grab(t->mm);
		f->data = t->mm;
	}
	return f;
}

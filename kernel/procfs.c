// SPDX-License-Identifier: MIT
/*
 * Umbra's /proc: /proc/self/maps, so user space can see its own areas --
 * shadow stacks included, named [ss] -- and tests can check their sizes
 * exactly; and /proc/cmdline, the kernel's command line as Linux prints it
 * (the text and a newline), so a test can see how the kernel was booted.
 * A snapshot is taken at open; reads walk it.
 *
 *	7ffff7ff8000-7ffff7fff000 r--p 00000000 00:00 0 [ss]
 */
#include <format.h>
#include <kernel/cmdline.h>
#include <kernel/file.h>
#include <kernel/mm.h>
#include <kernel/procfs.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

#define MAPS_LINE 96

static const char *area_name(const struct vma *v)
{
	if (v->flags & VM_SHADOW_STACK)
		return " [ss]";
	if (v->flags & VM_STACK)
		return " [stack]";
	if (v->flags & VM_BRK)
		return " [heap]";
	return "";
}

size_t mm_format_maps(const struct mm *mm, char *buf, size_t size)
{
	size_t used = 0;

	for (const struct vma *v = vma_first(&mm->vmas); v && used + MAPS_LINE < size;
	     v = vma_next(v)) {
		used += (size_t)snprintf(buf + used, size - used,
					 "%08lx-%08lx %c%c%c%c 00000000 00:00 0%s\n",
					 (unsigned long)v->start, (unsigned long)v->end,
					 (v->prot & PROT_READ) ? 'r' : '-',
					 (v->prot & PROT_WRITE) ? 'w' : '-',
					 (v->prot & PROT_EXEC) ? 'x' : '-',
					 (v->flags & VM_SHARED) ? 's' : 'p', area_name(v));
	}
	return used;
}

static void snapshot_release(struct file *f)
{
	kfree((void *)f->data);
}

static const struct file_ops snapshot_ops = { .read = file_read_memory,
					      .write = file_write_readonly,
					      .release = snapshot_release };

struct file *procfs_open(const char *path, long *err)
{
	bool cmdline = strcmp(path, "/proc/cmdline") == 0;

	if (!cmdline && strcmp(path, "/proc/self/maps") != 0) {
		*err = -ENOENT;
		return NULL;
	}

	size_t cap = cmdline ? sizeof(kernel_cmdline.raw) + 1
			     : ((size_t)current->mm->vmas.count + 1) * MAPS_LINE;

	char *buf = kmalloc(cap);
	struct file *f = kzalloc(sizeof(*f));

	if (!buf || !f) {
		kfree(buf);
		kfree(f);
		*err = -ENOMEM;
		return NULL;
	}
	f->refs = 1;
	f->ops = &snapshot_ops;
	f->size = cmdline ? (size_t)snprintf(buf, cap, "%s\n", kernel_cmdline.raw)
			  : mm_format_maps(current->mm, buf, cap);
	f->data = buf;
	return f;
}

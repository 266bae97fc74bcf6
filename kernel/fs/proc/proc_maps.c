// SPDX-License-Identifier: MIT
/*
 * /proc/PID/maps and /proc/PID/smaps in Linux's formats
 * (fs/proc/task_mmu.c): one header line per area, and for smaps its
 * sizes in kB counted from the page tables and the frames' reference
 * counts, then VmFlags. Umbra's areas are all anonymous (offset, device
 * and inode 0); a shadow stack has no name, as on Linux (docs/ABI.md §3.5).
 *
 *	7ffff7ffe000-7ffff7fff000 rw-p 00000000 00:00 0                          [stack]
 */
#include <kernel/kmem.h>
#include <kernel/pgtable.h>
#include <kernel/procfs.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <uapi/linux/mman.h>

/* Linux pads the name to this column: 25 + 6 * sizeof(void *) - 1 characters. */
#define MAPS_NAME_COLUMN 72
/* Linux keeps proportional sizes in 1/4096ths of a byte (PSS_SHIFT). */
#define PSS_SHIFT 12

static const char *area_name(const struct vma *v)
{
	if (v->flags & VM_STACK)
		return "[stack]";
	if (v->flags & VM_BRK)
		return "[heap]";
	if (v->flags & VM_VDSO)
		return "[vdso]";
	if (v->flags & VM_VVAR)
		return "[vvar]";
	return NULL;
}

static void show_header(struct proc_buf *b, const struct vma *v)
{
	size_t line = b->len;
	const char *name = area_name(v);

	proc_printf(b, "%08lx-%08lx %c%c%c%c 00000000 00:00 0 ", (unsigned long)v->start,
		    (unsigned long)v->end, (v->prot & PROT_READ) ? 'r' : '-',
		    (v->prot & PROT_WRITE) ? 'w' : '-', (v->prot & PROT_EXEC) ? 'x' : '-',
		    (v->flags & VM_SHARED) && !(v->flags & (VM_VDSO | VM_VVAR)) ? 's' : 'p');
	if (name) {
		proc_pad_to(b, line, MAPS_NAME_COLUMN);
		proc_printf(b, " %s", name);
	}
	proc_puts(b, "\n");
}

void proc_maps_show(struct proc_buf *b, struct task *t)
{
	if (!t->mm)
		return; /* a kernel thread: empty, as Linux */
	mm_lock(t->mm); /* its threads may map and fault meanwhile */
	for (const struct vma *v = vma_first(&t->mm->vmas); v; v = vma_next(v))
		show_header(b, v);
	mm_unlock(t->mm);
}

/* What one area's pages add up to. */
struct area_pages {
	bool shared;	    /* a VM_SHARED area: the object holds a reference of its own */
	unsigned long rss;  /* pages mapped */
	unsigned long priv; /* mapped here only */
	u64 pss;	    /* bytes << PSS_SHIFT, each page split among its mappers */
};

/*
 * Every page is dirty to Linux's eye: Umbra fills each page when it maps it
 * (a zeroed page on first touch, a copy for copy-on-write, the image's
 * bytes at exec) and has no file or swap behind it.
 */
static void count_page(phys_addr_t frame, uintptr_t va, void *ctx)
{
	struct area_pages *a = ctx;
	unsigned int refs = page_ref_count(frame);
	unsigned int mappers = a->shared && refs > 1 ? refs - 1 : refs;

	(void)va;
	a->rss++;
	if (mappers < 2) {
		a->priv++;
		a->pss += (u64)PAGE_SIZE << PSS_SHIFT;
	} else {
		a->pss += ((u64)PAGE_SIZE << PSS_SHIFT) / mappers;
	}
}

static void count_area(const struct mm *mm, const struct vma *v, struct area_pages *a)
{
	*a = (struct area_pages){ .shared = v->flags & VM_SHARED };
	pgtable_for_each_frame(mm->pgd, v->start, v->end, count_page, a);
}

/* Linux's VmFlags mnemonics, in its bit order, for what Umbra's areas are. */
static void show_vm_flags(struct proc_buf *b, const struct vma *v)
{
	bool shared = v->flags & VM_SHARED, ss = v->flags & VM_SHADOW_STACK;
	bool writable = (v->prot & PROT_WRITE) || ss; /* Linux's shadow stacks are VM_WRITE */

	proc_puts(b, "VmFlags: ");
	if (v->prot & PROT_READ)
		proc_puts(b, "rd ");
	if (writable)
		proc_puts(b, "wr ");
	if (v->prot & PROT_EXEC)
		proc_puts(b, "ex ");
	if (shared)
		proc_puts(b, "sh ");
	proc_puts(b, "mr mw me "); /* anonymous memory may always be made so */
	if (shared)
		proc_puts(b, "ms ");
	if (writable && !shared)
		proc_puts(b, "ac "); /* private writable memory is accounted */
	if (ss)
		proc_puts(b, "ss ");
	proc_puts(b, "\n");
}

static void show_kb(struct proc_buf *b, const char *label, u64 bytes)
{
	proc_printf(b, "%s%8llu kB\n", label, (unsigned long long)(bytes >> 10));
}

void proc_smaps_show(struct proc_buf *b, struct task *t)
{
	if (!t->mm)
		return;
	mm_lock(t->mm);
	for (const struct vma *v = vma_first(&t->mm->vmas); v; v = vma_next(v)) {
		struct area_pages a;
		u64 rss, priv, pss;

		count_area(t->mm, v, &a);
		rss = (u64)a.rss * PAGE_SIZE;
		priv = (u64)a.priv * PAGE_SIZE;
		pss = a.pss >> PSS_SHIFT;
		show_header(b, v);
		show_kb(b, "Size:           ", v->end - v->start);
		show_kb(b, "KernelPageSize: ", PAGE_SIZE);
		show_kb(b, "MMUPageSize:    ", PAGE_SIZE);
		show_kb(b, "Rss:            ", rss);
		show_kb(b, "Pss:            ", pss);
		show_kb(b, "Pss_Dirty:      ", pss);
		show_kb(b, "Shared_Clean:   ", 0);
		show_kb(b, "Shared_Dirty:   ", rss - priv);
		show_kb(b, "Private_Clean:  ", 0);
		show_kb(b, "Private_Dirty:  ", priv);
		show_kb(b, "Referenced:     ", rss);
		show_kb(b, "Anonymous:      ", a.shared ? 0 : rss); /* shared memory is shmem */
		show_kb(b, "KSM:            ", 0);
		show_kb(b, "LazyFree:       ", 0);
		show_kb(b, "AnonHugePages:  ", 0);
		show_kb(b, "ShmemPmdMapped: ", 0);
		show_kb(b, "FilePmdMapped:  ", 0);
		show_kb(b, "Shared_Hugetlb: ", 0);
		proc_puts(b, "Private_Hugetlb:       0 kB\n");
		show_kb(b, "Swap:           ", 0);
		show_kb(b, "SwapPss:        ", 0);
		show_kb(b, "Locked:         ", 0);
		proc_printf(b, "THPeligible:    %8u\n", 0u);
		show_vm_flags(b, v);
	}
	mm_unlock(t->mm);
}

void mm_usage(const struct mm *mm, struct mm_usage *u)
{
	*u = (struct mm_usage){ 0 };
	mm_lock(mm);
	for (const struct vma *v = vma_first(&mm->vmas); v; v = vma_next(v)) {
		unsigned long size = v->end - v->start;
		bool shared = v->flags & VM_SHARED;
		bool writable = (v->prot & PROT_WRITE) || (v->flags & VM_SHADOW_STACK);
		struct area_pages a;

		count_area(mm, v, &a);
		u->size += size;
		if (shared)
			u->rss_shmem += a.rss;
		else
			u->rss_anon += a.rss;
		if (v->flags & VM_STACK)
			u->stack += size;
		else if (writable && !shared)
			u->data += size;
		else if ((v->prot & PROT_EXEC) && !writable)
			*((v->flags & VM_IMAGE) ? &u->exe : &u->lib) += size;
	}
	mm_unlock(mm);
}

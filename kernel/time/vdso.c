// SPDX-License-Identifier: MIT
/*
 * The vDSO's pages and their writer (include/kernel/vdso.h).
 *
 * Three kinds of pages, all shared objects (<kernel/shmem.h>), so a fault
 * in any program maps the very frame the kernel writes:
 *  - the image's pages (vdso/build.mk links vdso.so, vdso/vdso_image.S
 *    carries it), one object for every program: [vdso];
 *  - the clock page, one frame for the machine, which the tick rewrites;
 *  - each time namespace's page of offsets.
 * A namespace's [vvar] object holds two frames: the clock page's (a second
 * reference of the one frame) and its own page. A program maps its
 * namespace's [vvar] and the common [vdso]; neither is ever writable from
 * user space (mm_protect() refuses, ptrace writes only to private pages).
 */
#include <asm/page.h>
#include <asm/vdso_barrier.h>
#include <kernel/access_vm.h>
#include <kernel/compiler.h>
#include <kernel/elf.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/shmem.h>
#include <kernel/time.h>
#include <kernel/timens.h>
#include <kernel/timer.h>
#include <kernel/vdso.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

extern const u8 vdso_image_start[], vdso_image_end[];

/* The image's size: two symbols of vdso/vdso_image.S, compared as addresses. */
static size_t image_size(void)
{
	return (uintptr_t)vdso_image_end - (uintptr_t)vdso_image_start;
}

static struct shmem *vdso_text;
static phys_addr_t clock_frame;
static struct vdso_clock_page *clock_page;

/* The section headers the symbol lookup reads (System V ABI, "Sections"). */
#define SHT_DYNSYM 11

struct elf64_shdr {
	u32 sh_name;
	u32 sh_type;
	u64 sh_flags;
	u64 sh_addr;
	u64 sh_offset;
	u64 sh_size;
	u32 sh_link;
	u32 sh_info;
	u64 sh_addralign;
	u64 sh_entsize;
};

struct elf64_sym {
	u32 st_name;
	u8 st_info;
	u8 st_other;
	u16 st_shndx;
	u64 st_value;
	u64 st_size;
};

uintptr_t vdso_symbol(const char *name)
{
	const u8 *img = vdso_image_start;
	size_t size = image_size();
	const struct elf64_ehdr *eh = (const struct elf64_ehdr *)img;
	const struct elf64_shdr *sh = (const struct elf64_shdr *)(img + eh->e_shoff);

	/* The image is the kernel's own, checked when it was linked: only bounds are checked here. */
	if (eh->e_shoff + (u64)eh->e_shnum * sizeof(*sh) > size)
		return 0;
	for (unsigned int i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type != SHT_DYNSYM || sh[i].sh_link >= eh->e_shnum)
			continue;

		const struct elf64_sym *sym = (const struct elf64_sym *)(img + sh[i].sh_offset);
		const struct elf64_shdr *str = &sh[sh[i].sh_link];

		for (size_t n = 0; n < sh[i].sh_size / sizeof(*sym); n++) {
			if (sym[n].st_name < str->sh_size && sym[n].st_shndx &&
			    !strcmp((const char *)img + str->sh_offset + sym[n].st_name, name))
				return VDSO_BASE + sym[n].st_value;
		}
	}
	return 0;
}

int vdso_timens_init(struct time_ns *ns)
{
	struct shmem *s = shmem_create(VVAR_PAGES);
	phys_addr_t own = s ? shmem_page(s, VDSO_TIMENS_PAGE) : 0;

	if (!own) {
		if (s)
			shmem_put(s);
		return -ENOMEM;
	}
	struct vdso_timens_page *p = phys_to_virt(own);

	p->monotonic_offset_ns = ns->monotonic_offset_ns;
	p->boottime_offset_ns = ns->boottime_offset_ns;
	page_ref_get(clock_frame); /* the object's reference of the shared clock page */
	s->frame[VDSO_CLOCK_PAGE] = clock_frame;
	ns->vvar = s;
	return 0;
}

void vdso_timens_free(struct time_ns *ns)
{
	if (ns->vvar)
		shmem_put(ns->vvar);
	ns->vvar = NULL;
}

void vdso_init(void)
{
	size_t pages = image_size() / PAGE_SIZE;

	vdso_text = shmem_create(pages);
	clock_frame = page_alloc_zeroed(1);
	if (!vdso_text || !clock_frame)
		panic("vdso: no memory for its pages");
	for (size_t i = 0; i < pages; i++) {
		phys_addr_t p = shmem_page(vdso_text, i);

		if (!p)
			panic("vdso: no memory for its pages");
		memcpy(phys_to_virt(p), vdso_image_start + i * PAGE_SIZE, PAGE_SIZE);
	}
	/* User code runs from these frames: the instruction side must see the copy. */
	for (size_t i = 0; i < pages; i++)
		arch_sync_icache_range(phys_to_virt(shmem_page(vdso_text, i)), PAGE_SIZE);
	clock_page = phys_to_virt(clock_frame);
	clock_page->resolution_ns = NSEC_PER_SEC / HZ;
	clock_page->x86_getcpu = arch_vdso_getcpu_mode();
	if (vdso_timens_init(&init_time_ns))
		panic("vdso: no memory for its pages");
	pr_info("vdso: %zu pages at %#lx, [vvar] at %#lx\n", pages, (unsigned long)VDSO_BASE,
		(unsigned long)VVAR_BASE);
}

int vdso_map(struct mm *mm, struct time_ns *ns)
{
	size_t text_len = vdso_text->pages * PAGE_SIZE;
	int err = mm_map_object(mm, VVAR_BASE, VVAR_PAGES * PAGE_SIZE, PROT_READ, VM_VVAR, ns->vvar,
				false);

	if (!err)
		err = mm_map_object(mm, VDSO_BASE, text_len, PROT_READ | PROT_EXEC, VM_VDSO,
				    vdso_text, false);
	return err;
}

int vdso_fork(struct mm *mm, struct time_ns *ns)
{
	const struct vma *v = vma_find(&mm->vmas, VVAR_BASE);

	/* Only where exec put it and the parent left it; a program that unmapped it has none. */
	if (!v || !(v->flags & VM_VVAR) || v->start != VVAR_BASE || v->shared == ns->vvar)
		return 0;
	return mm_map_object(mm, VVAR_BASE, VVAR_PAGES * PAGE_SIZE, PROT_READ, VM_VVAR, ns->vvar,
			     true);
}

/*
 * The writer's half of the sequence count (the reader's is
 * vdso/vdso_clock.h): seq odd, barrier, the fields, barrier, seq even. A
 * reader that overlaps any store sees an odd or a changed seq and reads
 * again; the barriers keep the stores in that order for a reader on
 * another CPU (asm/vdso_barrier.h says why each arch needs which).
 */
void vdso_clock_update(s64 monotonic_ns, s64 realtime_offset_ns, int tz_minuteswest, int tz_dsttime)
{
	struct vdso_clock_page *p = clock_page;

	if (!p)
		return; /* a tick before vdso_init() */
	WRITE_ONCE(p->seq, p->seq + 1);
	vdso_write_barrier();
	WRITE_ONCE(p->monotonic_ns, monotonic_ns);
	WRITE_ONCE(p->realtime_offset_ns, realtime_offset_ns);
	p->tz_minuteswest = tz_minuteswest;
	p->tz_dsttime = tz_dsttime;
	vdso_write_barrier();
	WRITE_ONCE(p->seq, p->seq + 1);
}

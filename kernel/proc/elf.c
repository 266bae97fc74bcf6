// SPDX-License-Identifier: MIT
/* ELF64 executable parsing (see <kernel/elf.h>). Pure: unit-tested on the host. */
#include <kernel/compiler.h>
#include <kernel/elf.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

#define ELF_PAGE 4096ul

static unsigned int prot_of(u32 pflags)
{
	return ((pflags & PF_R) ? PROT_READ : 0) | ((pflags & PF_W) ? PROT_WRITE : 0) |
	       ((pflags & PF_X) ? PROT_EXEC : 0);
}

int elf_parse(const u8 *file, size_t size, u16 machine, uintptr_t min_vaddr, uintptr_t max_vaddr,
	      struct elf_image *img)
{
	return elf_parse_head(file, size, size, machine, min_vaddr, max_vaddr, img);
}

int elf_parse_head(const u8 *file, size_t avail, size_t size, u16 machine, uintptr_t min_vaddr,
		   uintptr_t max_vaddr, struct elf_image *img)
{
	struct elf64_ehdr eh;

	if (avail > size)
		avail = size;
	if (avail < sizeof(eh))
		return -ENOEXEC;
	memcpy(&eh, file, sizeof(eh));
	if (memcmp(eh.e_ident, "\177ELF", 4) != 0 || eh.e_ident[4] != ELFCLASS64 ||
	    eh.e_ident[5] != ELFDATA2LSB || eh.e_ident[6] != EV_CURRENT)
		return -ENOEXEC;
	if (eh.e_type != ET_EXEC || eh.e_machine != machine || eh.e_version != EV_CURRENT)
		return -ENOEXEC;
	if (eh.e_phentsize != sizeof(struct elf64_phdr) || eh.e_phnum == 0 || eh.e_phnum > 64)
		return -ENOEXEC;
	if (eh.e_phoff > size || (size_t)eh.e_phnum * sizeof(struct elf64_phdr) > size - eh.e_phoff)
		return -ENOEXEC;
	if (eh.e_phoff > avail ||
	    (size_t)eh.e_phnum * sizeof(struct elf64_phdr) > avail - eh.e_phoff)
		return -E2BIG; /* a valid table past what the caller read: it reads the whole file */

	memset(img, 0, sizeof(*img));
	img->entry = eh.e_entry;
	img->phnum = eh.e_phnum;
	img->phentsize = eh.e_phentsize;

	for (unsigned int i = 0; i < eh.e_phnum; i++) {
		struct elf64_phdr ph;

		memcpy(&ph, file + eh.e_phoff + i * sizeof(ph), sizeof(ph));
		if (ph.p_type == PT_INTERP)
			return -ENOEXEC; /* dynamically linked: no loader here */
		if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
			continue;
		if (img->nr_loads == ELF_MAX_LOADS)
			return -ENOEXEC;
		if (ph.p_filesz > ph.p_memsz || ph.p_offset > size ||
		    ph.p_filesz > size - ph.p_offset)
			return -ENOEXEC;
		if (ph.p_vaddr < min_vaddr || ph.p_vaddr > max_vaddr ||
		    ph.p_memsz > max_vaddr - ph.p_vaddr)
			return -ENOEXEC;
		if ((ph.p_vaddr & (ELF_PAGE - 1)) != (ph.p_offset & (ELF_PAGE - 1)))
			return -ENOEXEC;

		struct elf_load *l = &img->loads[img->nr_loads];

		l->vaddr = ph.p_vaddr;
		l->memsz = ph.p_memsz;
		l->offset = ph.p_offset;
		l->filesz = ph.p_filesz;
		l->prot = prot_of(ph.p_flags);
		/*
		 * Segments may share pages and come in any order, with any rights:
		 * the loader maps them in file order, later over earlier, as
		 * Linux's MAP_FIXED mappings do (see load_segments() in exec.c).
		 */
		/* AT_PHDR: the program headers' address, from the segment holding them. */
		if (eh.e_phoff >= ph.p_offset && eh.e_phoff < ph.p_offset + ph.p_filesz)
			img->phdr_vaddr = ph.p_vaddr + (eh.e_phoff - ph.p_offset);
		if (ph.p_vaddr + ph.p_memsz > img->end)
			img->end = ph.p_vaddr + ph.p_memsz;
		img->nr_loads++;
	}
	if (img->nr_loads == 0)
		return -ENOEXEC;
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * ELF64 executables: the parts the loader reads (System V ABI, "ELF-64
 * Object File Format"), and a pure parser unit-tested on the host.
 */
#ifndef KERNEL_ELF_H
#define KERNEL_ELF_H

#include <kernel/types.h>

#define EI_NIDENT 16
#define ELFCLASS64 2
#define ELFDATA2LSB 1
#define EV_CURRENT 1
#define ET_EXEC 2
#define ET_DYN 3
#define PT_LOAD 1
#define PT_INTERP 3
#define PT_PHDR 6
#define PT_GNU_STACK 0x6474e551
#define PF_X 1
#define PF_W 2
#define PF_R 4

struct elf64_ehdr {
	u8 e_ident[EI_NIDENT];
	u16 e_type;
	u16 e_machine;
	u32 e_version;
	u64 e_entry;
	u64 e_phoff;
	u64 e_shoff;
	u32 e_flags;
	u16 e_ehsize;
	u16 e_phentsize;
	u16 e_phnum;
	u16 e_shentsize;
	u16 e_shnum;
	u16 e_shstrndx;
};

struct elf64_phdr {
	u32 p_type;
	u32 p_flags;
	u64 p_offset;
	u64 p_vaddr;
	u64 p_paddr;
	u64 p_filesz;
	u64 p_memsz;
	u64 p_align;
};

#define ELF_MAX_LOADS 16

struct elf_load {
	uintptr_t vaddr;
	size_t memsz;
	size_t offset;
	size_t filesz;
	unsigned int prot; /* PROT_* */
};

struct elf_image {
	uintptr_t entry;
	uintptr_t phdr_vaddr; /* where the program headers are mapped (AT_PHDR) */
	unsigned int phnum;
	unsigned int phentsize;
	struct elf_load loads[ELF_MAX_LOADS];
	unsigned int nr_loads;
	uintptr_t end; /* highest loaded address: the heap starts above */
};

/*
 * Checks a static executable for machine and fills img. Returns 0, or
 * -ENOEXEC for anything the loader cannot run: not ELF64 little-endian, the
 * wrong machine, not ET_EXEC, a dynamic loader wanted (PT_INTERP), a
 * segment outside the file or outside [min_vaddr, max_vaddr), misaligned,
 * or overlapping another in a page with different rights.
 */
int elf_parse(const u8 *file, size_t size, u16 machine, uintptr_t min_vaddr, uintptr_t max_vaddr,
	      struct elf_image *img);
/*
 * The same from the file's first avail bytes (of size): -E2BIG when the
 * program headers lie past them (then parse the whole file), else as
 * elf_parse(). Exec reads only the head of a file it maps.
 */
int elf_parse_head(const u8 *file, size_t avail, size_t size, u16 machine, uintptr_t min_vaddr,
		   uintptr_t max_vaddr, struct elf_image *img);

/*
 * kernel/proc/elf_property.c: the u32 value of GNU property type in the
 * PT_GNU_PROPERTY note of file (0 when there is none, or type is 0), with
 * Linux's -ENOEXEC/-EIO for a malformed note; and the loader's use of it:
 * exec_prot(value) is ORed into the rights of every executable segment.
 */
int elf_gnu_property(const u8 *file, size_t size, u32 type, u32 *value);
int elf_apply_properties(const u8 *file, size_t size, u32 type, unsigned int (*exec_prot)(u32),
			 struct elf_image *img);

#endif

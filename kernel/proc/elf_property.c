// SPDX-License-Identifier: MIT
/*
 * The GNU property note of a static executable, read as Linux's
 * parse_elf_properties() reads it (fs/binfmt_elf.c), and what it changes in
 * the loaded image. The note is the one PT_GNU_PROPERTY names (the last,
 * if several): at most 1 KiB, type NT_GNU_PROPERTY_TYPE_0, name "GNU",
 * then properties {u32 type, u32 datasz, data padded to 8 bytes} sorted by
 * type without repeats. Anything else is -ENOEXEC; a segment whose note
 * header cannot be read is -EIO -- Linux's answers, so execve fails the
 * same way.
 *
 * Only the architecture's "feature 1 AND" property is looked at
 * (arch_elf_property_type; 0 = the arch parses none, as Linux on x86_64,
 * which does not select ARCH_USE_GNU_PROPERTY). Its value decides the
 * extra protection of the executable segments (arch_elf_exec_prot():
 * arm64 maps them PROT_BTI when the program says BTI and the CPU has it,
 * Linux's arch_elf_adjust_prot()). Pure: unit-tested on the host
 * (tests/unit/test_elf_property.c).
 */
#include <kernel/compiler.h>
#include <kernel/elf.h>
#include <string.h>
#include <uapi/linux/elf.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

#define NOTE_MAX 1024	  /* Linux's NOTE_DATA_SZ */
#define NOTE_HDR 12	  /* n_namesz, n_descsz, n_type */
#define NOTE_NAME_SZ 4	  /* "GNU\0" */
#define PROPERTY_ALIGN 8u /* ELF_GNU_PROPERTY_ALIGN for ELF64 */

static u32 rd32(const u8 *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* The last PT_GNU_PROPERTY header, or false. elf_parse() checked the table's bounds. */
static bool property_phdr(const u8 *file, struct elf64_phdr *out)
{
	struct elf64_ehdr eh;
	bool found = false;

	memcpy(&eh, file, sizeof(eh));
	for (unsigned int i = 0; i < eh.e_phnum; i++) {
		struct elf64_phdr ph;

		memcpy(&ph, file + eh.e_phoff + i * sizeof(ph), sizeof(ph));
		if (ph.p_type == PT_GNU_PROPERTY) {
			*out = ph;
			found = true;
		}
	}
	return found;
}

int elf_gnu_property(const u8 *file, size_t size, u32 type, u32 *value)
{
	struct elf64_phdr ph;
	const u8 *note;
	size_t n, off, datasz;
	bool have_prev = false;
	u32 prev = 0;

	*value = 0;
	if (!type || !property_phdr(file, &ph))
		return 0;
	if (ph.p_filesz > NOTE_MAX)
		return -ENOEXEC;
	/* What a read of p_filesz bytes at p_offset returns: short at the end of the file. */
	n = ph.p_offset >= size ? 0 : size - ph.p_offset;
	if (n > ph.p_filesz)
		n = ph.p_filesz;
	if (n < NOTE_HDR + NOTE_NAME_SZ)
		return -EIO;
	note = file + ph.p_offset;
	if (rd32(note + 8) != NT_GNU_PROPERTY_TYPE_0 || rd32(note) != NOTE_NAME_SZ ||
	    memcmp(note + NOTE_HDR, "GNU", NOTE_NAME_SZ) != 0)
		return -ENOEXEC;
	off = ALIGN_UP(NOTE_HDR + NOTE_NAME_SZ, PROPERTY_ALIGN);
	if (off > n || rd32(note + 4) > n - off)
		return -ENOEXEC;
	datasz = off + rd32(note + 4);
	while (off != datasz) {
		size_t left = datasz - off, step;
		u32 pr_type, pr_datasz;

		if (left < 8)
			return -ENOEXEC;
		pr_type = rd32(note + off);
		pr_datasz = rd32(note + off + 4);
		off += 8;
		left -= 8;
		if (pr_datasz > left)
			return -ENOEXEC;
		step = ALIGN_UP((size_t)pr_datasz, PROPERTY_ALIGN);
		if (step > left)
			return -ENOEXEC;
		if (have_prev && pr_type <= prev)
			return -ENOEXEC; /* unique and sorted */
		have_prev = true;
		prev = pr_type;
		if (pr_type == type) {
			if (pr_datasz != sizeof(u32))
				return -ENOEXEC;
			*value = rd32(note + off);
		}
		off += step;
	}
	return 0;
}

int elf_apply_properties(const u8 *file, size_t size, u32 type, unsigned int (*exec_prot)(u32),
			 struct elf_image *img)
{
	u32 features;
	int err = elf_gnu_property(file, size, type, &features);
	unsigned int extra;

	if (err)
		return err;
	extra = exec_prot(features);
	for (unsigned int i = 0; i < img->nr_loads; i++)
		if (img->loads[i].prot & PROT_EXEC)
			img->loads[i].prot |= extra;
	return 0;
}

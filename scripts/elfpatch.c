// SPDX-License-Identifier: MIT
/*
 * elfpatch: makes the unusual-but-valid ELF executables /bin/hostile tests
 * execve() with, from a normal static one (a host tool, run by user/build.mk).
 *
 *   elfpatch overlap IN OUT   the first PT_LOAD grows to cover the next one
 *                             (same file-to-memory offset, so the same bytes)
 *                             and the two program headers swap places: the
 *                             loads then overlap, listed out of address order,
 *                             with different rights on the shared pages.
 *   elfpatch entry ADDR IN OUT  e_entry becomes ADDR (hex).
 *
 * ELF-64 layout from the System V gABI, "ELF Header" and "Program Header".
 */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
	long n;

	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < (long)sizeof(Elf64_Ehdr) ||
	    fseek(f, 0, SEEK_SET))
		return NULL;
	buf = malloc((size_t)n);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
		return NULL;
	fclose(f);
	*size = (size_t)n;
	return buf;
}

static int overlap(unsigned char *file, size_t size)
{
	Elf64_Ehdr *eh = (Elf64_Ehdr *)file;
	Elf64_Phdr *ph = (Elf64_Phdr *)(file + eh->e_phoff);
	Elf64_Phdr *a = NULL, *b = NULL, tmp;

	if (eh->e_phoff + (size_t)eh->e_phnum * sizeof(*ph) > size)
		return -1;
	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		if (!a) {
			a = &ph[i];
		} else if (ph[i].p_vaddr - ph[i].p_offset == a->p_vaddr - a->p_offset) {
			b = &ph[i];
			break;
		}
	}
	if (!a || !b)
		return -1;
	a->p_filesz = a->p_memsz = b->p_offset + b->p_filesz - a->p_offset;
	tmp = *a;
	*a = *b;
	*b = tmp;
	return 0;
}

int main(int argc, char **argv)
{
	unsigned char *file;
	size_t size;
	int bad;
	FILE *out;

	if (argc == 4 && strcmp(argv[1], "overlap") == 0) {
		file = read_all(argv[2], &size);
		bad = !file || overlap(file, size);
	} else if (argc == 5 && strcmp(argv[1], "entry") == 0) {
		file = read_all(argv[3], &size);
		bad = !file;
		if (file)
			((Elf64_Ehdr *)file)->e_entry = strtoull(argv[2], NULL, 16);
	} else {
		fprintf(stderr, "usage: elfpatch overlap IN OUT | elfpatch entry ADDR IN OUT\n");
		return 2;
	}
	if (bad) {
		fprintf(stderr, "elfpatch: %s: not a static ELF-64 with two congruent PT_LOADs\n",
			argv[argc - 2]);
		return 1;
	}
	out = fopen(argv[argc - 1], "wb");
	if (!out || fwrite(file, 1, size, out) != size || fclose(out))
		return 1;
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * kernel/proc/elf.c's elf_parse() reads a static ELF64 x86_64 ET_EXEC image
 * exactly: the entry, every PT_LOAD (vaddr, memsz, offset, filesz, prot from
 * p_flags) in file order with other and empty segments skipped, AT_PHDR
 * when the program headers lie in a PT_LOAD's file range (0 otherwise), and
 * end = the highest vaddr + memsz. It returns -ENOEXEC for a short file,
 * bad magic, ELFCLASS32, big-endian, a wrong machine, ET_DYN, a wrong
 * e_phentsize, no program headers, headers outside the file, PT_INTERP,
 * p_filesz > p_memsz, data outside the file, a segment outside
 * [min_vaddr, max_vaddr), vaddr and offset not congruent modulo 4096, two
 * segments sharing a page with different rights (same rights are fine), no
 * PT_LOAD, and more than 16 PT_LOADs. The static binaries in
 * build/x86_64/initramfs, when built, parse as machine 62.
 *
 * Images are built in memory: an ELF header at 0, program headers at 64.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <kernel/elf.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

#define EM_X86_64 62
#define EM_AARCH64 183
/* The limits kernel/proc/exec.c passes: MMAP_BOTTOM and MMAP_TOP of <kernel/vm.h>. */
#define MIN_VADDR (1ul << 16)
#define MAX_VADDR (0x00007ffffffff000ul - (64ul << 30))
#define FILE_SIZE 0x4000u
#define MAX_PH 24

static _Alignas(8) unsigned char file[FILE_SIZE];
static size_t file_size;
static struct elf_image img;

static struct elf64_ehdr *eh(void)
{
	return (struct elf64_ehdr *)file;
}

static struct elf64_phdr *ph(unsigned int i)
{
	return (struct elf64_phdr *)(file + sizeof(struct elf64_ehdr)) + i;
}

/* A header with no program headers yet, entry 0x401000. */
static void new_image(void)
{
	memset(file, 0, sizeof(file));
	file_size = FILE_SIZE;
	memcpy(eh()->e_ident, "\177ELF", 4);
	eh()->e_ident[4] = ELFCLASS64;
	eh()->e_ident[5] = ELFDATA2LSB;
	eh()->e_ident[6] = EV_CURRENT;
	eh()->e_type = ET_EXEC;
	eh()->e_machine = EM_X86_64;
	eh()->e_version = EV_CURRENT;
	eh()->e_entry = 0x401000;
	eh()->e_phoff = sizeof(struct elf64_ehdr);
	eh()->e_ehsize = sizeof(struct elf64_ehdr);
	eh()->e_phentsize = sizeof(struct elf64_phdr);
	eh()->e_phnum = 0;
}

static struct elf64_phdr *add_ph(u32 type, u32 flags, u64 offset, u64 vaddr, u64 filesz, u64 memsz)
{
	unsigned int i = eh()->e_phnum++;

	assert_true(i < MAX_PH);
	*ph(i) = (struct elf64_phdr){
		.p_type = type,
		.p_flags = flags,
		.p_offset = offset,
		.p_vaddr = vaddr,
		.p_paddr = vaddr,
		.p_filesz = filesz,
		.p_memsz = memsz,
		.p_align = 0x1000,
	};
	return ph(i);
}

static int parse(void)
{
	memset(&img, 0x5a, sizeof(img)); /* no reliance on a zeroed image */
	return elf_parse(file, file_size, EM_X86_64, MIN_VADDR, MAX_VADDR, &img);
}

/*
 * The usual static layout: text from offset 0 (holding the headers), read-only
 * data, then data+bss, plus headers the loader ignores.
 */
static void typical_image(void)
{
	new_image();
	add_ph(PT_PHDR, PF_R, 64, 0x400040, 5 * sizeof(struct elf64_phdr),
	       5 * sizeof(struct elf64_phdr));
	add_ph(PT_LOAD, PF_R | PF_X, 0, 0x400000, 0x1800, 0x1800);
	add_ph(PT_LOAD, PF_R, 0x2000, 0x402000, 0x400, 0x400);
	add_ph(PT_GNU_STACK, PF_R | PF_W, 0, 0, 0, 0);
	add_ph(PT_LOAD, PF_R | PF_W, 0x2e10, 0x403e10, 0x100, 0x3000);
}

static void assert_load(unsigned int i, uintptr_t vaddr, size_t memsz, size_t offset, size_t filesz,
			unsigned int prot)
{
	assert_true(i < img.nr_loads);
	assert_int_equal(img.loads[i].vaddr, vaddr);
	assert_int_equal(img.loads[i].memsz, memsz);
	assert_int_equal(img.loads[i].offset, offset);
	assert_int_equal(img.loads[i].filesz, filesz);
	assert_int_equal(img.loads[i].prot, prot);
}

/* ---- accepted images ---- */

static void test_typical_image(void **state)
{
	(void)state;
	typical_image();
	assert_int_equal(parse(), 0);
	assert_int_equal(img.entry, 0x401000);
	assert_int_equal(img.phnum, 5);
	assert_int_equal(img.phentsize, 56);
	assert_int_equal(img.nr_loads, 3);
	assert_load(0, 0x400000, 0x1800, 0, 0x1800, PROT_READ | PROT_EXEC);
	assert_load(1, 0x402000, 0x400, 0x2000, 0x400, PROT_READ);
	assert_load(2, 0x403e10, 0x3000, 0x2e10, 0x100, PROT_READ | PROT_WRITE);
	assert_int_equal(img.phdr_vaddr, 0x400040);
	assert_int_equal(img.end, 0x406e10);
}

static void test_prot_from_flags(void **state)
{
	(void)state;
	for (u32 f = 0; f < 8; f++) {
		unsigned int want = ((f & PF_R) ? PROT_READ : 0) | ((f & PF_W) ? PROT_WRITE : 0) |
				    ((f & PF_X) ? PROT_EXEC : 0);

		new_image();
		add_ph(PT_LOAD, f | 0x00f00000, 0x1000, 0x500000, 0x10, 0x10); /* OS bits ignored */
		assert_int_equal(parse(), 0);
		assert_int_equal(img.nr_loads, 1);
		assert_int_equal(img.loads[0].prot, want);
	}
}

static void test_phdr_vaddr(void **state)
{
	(void)state;
	/* Headers not in any PT_LOAD's file range: 0. */
	new_image();
	add_ph(PT_LOAD, PF_R | PF_X, 0x1000, 0x401000, 0x800, 0x800);
	assert_int_equal(parse(), 0);
	assert_int_equal(img.phdr_vaddr, 0);
	assert_int_equal(img.end, 0x401800);
	/* In the second segment, at a non-zero offset into it. */
	new_image();
	add_ph(PT_LOAD, PF_R | PF_X, 0x1000, 0x401000, 0x800, 0x800);
	add_ph(PT_LOAD, PF_R, 0x10, 0x600010, 0x200, 0x200);
	assert_int_equal(parse(), 0);
	assert_int_equal(img.phdr_vaddr, 0x600040);
	/* Only in the bss part (past filesz): not loaded from the file, so 0. */
	new_image();
	add_ph(PT_LOAD, PF_R | PF_W, 0, 0x500000, 0x20, 0x2000);
	assert_int_equal(parse(), 0);
	assert_int_equal(img.phdr_vaddr, 0);
}

static void test_end_is_highest(void **state)
{
	(void)state;
	new_image();
	/* The highest segment listed first: end is still the maximum. */
	add_ph(PT_LOAD, PF_R | PF_W, 0x2000, 0x900000, 0x10, 0x5000);
	add_ph(PT_LOAD, PF_R | PF_X, 0x1000, 0x401000, 0x10, 0x10);
	assert_int_equal(parse(), 0);
	assert_int_equal(img.end, 0x905000);
	assert_load(0, 0x900000, 0x5000, 0x2000, 0x10, PROT_READ | PROT_WRITE);
	assert_load(1, 0x401000, 0x10, 0x1000, 0x10, PROT_READ | PROT_EXEC);
}

static void test_empty_load_skipped(void **state)
{
	(void)state;
	new_image();
	add_ph(PT_LOAD, PF_R, 0x5000000, 0x1, 0, 0); /* memsz 0: ignored entirely */
	add_ph(PT_LOAD, PF_R | PF_X, 0x1000, 0x401000, 0x10, 0x10);
	assert_int_equal(parse(), 0);
	assert_int_equal(img.nr_loads, 1);
	assert_load(0, 0x401000, 0x10, 0x1000, 0x10, PROT_READ | PROT_EXEC);
}

static void test_vaddr_bounds_inclusive(void **state)
{
	(void)state;
	/* Starting exactly at min and ending exactly at max are fine. */
	new_image();
	add_ph(PT_LOAD, PF_R, 0, MIN_VADDR, 0x100, 0x100);
	add_ph(PT_LOAD, PF_R | PF_W, 0x1000, MAX_VADDR - 0x3000, 0x100, 0x3000);
	assert_int_equal(parse(), 0);
	assert_int_equal(img.end, MAX_VADDR);
}

static void test_shared_page_same_rights(void **state)
{
	(void)state;
	new_image();
	add_ph(PT_LOAD, PF_R, 0x1000, 0x401000, 0x800, 0x800);
	add_ph(PT_LOAD, PF_R, 0x1800, 0x401800, 0x100, 0x100);
	assert_int_equal(parse(), 0);
	assert_int_equal(img.nr_loads, 2);
	/* Different rights in adjacent pages: fine too. */
	new_image();
	add_ph(PT_LOAD, PF_R | PF_X, 0x1000, 0x401000, 0x1000, 0x1000);
	add_ph(PT_LOAD, PF_R | PF_W, 0x2000, 0x402000, 0x100, 0x100);
	assert_int_equal(parse(), 0);
	assert_int_equal(img.nr_loads, 2);
}

static void test_sixteen_loads(void **state)
{
	(void)state;
	new_image();
	for (unsigned int i = 0; i < ELF_MAX_LOADS; i++)
		add_ph(PT_LOAD, PF_R, 0x1000, 0x401000 + i * 0x10000, 0x10, 0x10);
	assert_int_equal(parse(), 0);
	assert_int_equal(img.nr_loads, 16);
	assert_int_equal(img.loads[15].vaddr, 0x401000 + 15 * 0x10000);
}

static void test_other_machine(void **state)
{
	(void)state;
	new_image();
	eh()->e_machine = EM_AARCH64;
	add_ph(PT_LOAD, PF_R | PF_X, 0x1000, 0x401000, 0x10, 0x10);
	assert_int_equal(elf_parse(file, file_size, EM_AARCH64, MIN_VADDR, MAX_VADDR, &img), 0);
	assert_int_equal(elf_parse(file, file_size, EM_X86_64, MIN_VADDR, MAX_VADDR, &img),
			 -ENOEXEC);
}

/* ---- rejected images ---- */

static void test_short_file(void **state)
{
	(void)state;
	typical_image();
	file_size = 0;
	assert_int_equal(parse(), -ENOEXEC);
	file_size = sizeof(struct elf64_ehdr) - 1;
	assert_int_equal(parse(), -ENOEXEC);
	/* A whole header but the program headers cut off. */
	file_size = sizeof(struct elf64_ehdr) + 5 * sizeof(struct elf64_phdr) - 1;
	assert_int_equal(parse(), -ENOEXEC);
}

static void test_bad_ident(void **state)
{
	(void)state;
	for (int i = 0; i < 7; i++) {
		typical_image();
		eh()->e_ident[i] ^= 0x40;
		assert_int_equal(parse(), -ENOEXEC);
	}
	typical_image();
	eh()->e_ident[4] = 1; /* ELFCLASS32 */
	assert_int_equal(parse(), -ENOEXEC);
	typical_image();
	eh()->e_ident[5] = 2; /* ELFDATA2MSB */
	assert_int_equal(parse(), -ENOEXEC);
	typical_image();
	eh()->e_version = 0;
	assert_int_equal(parse(), -ENOEXEC);
}

static void test_wrong_type_or_machine(void **state)
{
	(void)state;
	typical_image();
	eh()->e_machine = EM_AARCH64;
	assert_int_equal(parse(), -ENOEXEC);
	typical_image();
	eh()->e_machine = 3; /* EM_386 */
	assert_int_equal(parse(), -ENOEXEC);
	typical_image();
	eh()->e_type = ET_DYN;
	assert_int_equal(parse(), -ENOEXEC);
	typical_image();
	eh()->e_type = 1; /* ET_REL */
	assert_int_equal(parse(), -ENOEXEC);
}

static void test_bad_phdr_table(void **state)
{
	(void)state;
	typical_image();
	eh()->e_phentsize = 55;
	assert_int_equal(parse(), -ENOEXEC);
	typical_image();
	eh()->e_phentsize = 64;
	assert_int_equal(parse(), -ENOEXEC);
	typical_image();
	eh()->e_phnum = 0;
	assert_int_equal(parse(), -ENOEXEC);
	/* Outside the file: past the end, straddling it, and wrapping around. */
	typical_image();
	eh()->e_phoff = FILE_SIZE + 8;
	assert_int_equal(parse(), -ENOEXEC);
	typical_image();
	eh()->e_phoff = FILE_SIZE - 2 * sizeof(struct elf64_phdr);
	assert_int_equal(parse(), -ENOEXEC);
	typical_image();
	eh()->e_phoff = ~0ull - 8;
	assert_int_equal(parse(), -ENOEXEC);
}

static void test_interp(void **state)
{
	(void)state;
	typical_image();
	add_ph(PT_INTERP, PF_R, 0x3000, 0x403000, 0x1c, 0x1c);
	assert_int_equal(parse(), -ENOEXEC);
	/* Listed first, as linkers do. */
	new_image();
	add_ph(PT_INTERP, PF_R, 0x3000, 0x403000, 0x1c, 0x1c);
	add_ph(PT_LOAD, PF_R | PF_X, 0x1000, 0x401000, 0x10, 0x10);
	assert_int_equal(parse(), -ENOEXEC);
}

static void test_filesz_over_memsz(void **state)
{
	(void)state;
	new_image();
	add_ph(PT_LOAD, PF_R, 0x1000, 0x401000, 0x11, 0x10);
	assert_int_equal(parse(), -ENOEXEC);
}

static void test_segment_outside_file(void **state)
{
	(void)state;
	new_image();
	add_ph(PT_LOAD, PF_R, FILE_SIZE - 0x10, 0x400000 + FILE_SIZE - 0x10, 0x11, 0x11);
	assert_int_equal(parse(), -ENOEXEC);
	new_image();
	add_ph(PT_LOAD, PF_R, FILE_SIZE + 0x1000, 0x401000 + FILE_SIZE, 0, 0x10);
	assert_int_equal(parse(), -ENOEXEC);
	new_image();
	add_ph(PT_LOAD, PF_R, 0x1000, 0x401000, ~0ull - 0x800, ~0ull); /* wraps */
	assert_int_equal(parse(), -ENOEXEC);
	/* Ending exactly at the end of the file is fine. */
	new_image();
	add_ph(PT_LOAD, PF_R, FILE_SIZE - 0x10, 0x400000 + FILE_SIZE - 0x10, 0x10, 0x10);
	assert_int_equal(parse(), 0);
}

static void test_vaddr_outside_range(void **state)
{
	(void)state;
	new_image();
	add_ph(PT_LOAD, PF_R, 0, MIN_VADDR - 0x1000, 0x10, 0x10);
	assert_int_equal(parse(), -ENOEXEC);
	new_image();
	add_ph(PT_LOAD, PF_R, 0, 0, 0x10, 0x10);
	assert_int_equal(parse(), -ENOEXEC);
	new_image();
	add_ph(PT_LOAD, PF_R, 0, MAX_VADDR, 0x10, 0x10);
	assert_int_equal(parse(), -ENOEXEC);
	new_image();
	add_ph(PT_LOAD, PF_R, 0, MAX_VADDR - 0x1000, 0x10, 0x1001); /* ends past max */
	assert_int_equal(parse(), -ENOEXEC);
	new_image();
	add_ph(PT_LOAD, PF_R, 0, 0xffffffff80000000ull, 0x10, 0x10); /* kernel half */
	assert_int_equal(parse(), -ENOEXEC);
	new_image();
	add_ph(PT_LOAD, PF_R, 0, 0x400000, 0x10, ~0ull - 0x100); /* wraps */
	assert_int_equal(parse(), -ENOEXEC);
}

static void test_misaligned(void **state)
{
	(void)state;
	new_image();
	add_ph(PT_LOAD, PF_R, 0x1000, 0x401010, 0x10, 0x10);
	assert_int_equal(parse(), -ENOEXEC);
	new_image();
	add_ph(PT_LOAD, PF_R, 0x1008, 0x401000, 0x10, 0x10);
	assert_int_equal(parse(), -ENOEXEC);
	/* Congruent but not page aligned: fine. */
	new_image();
	add_ph(PT_LOAD, PF_R, 0x1234, 0x409234, 0x10, 0x10);
	assert_int_equal(parse(), 0);
}

/* Linux maps PT_LOADs over each other in file order: sharing a page with other rights is fine. */
static void test_shared_page_different_rights(void **state)
{
	(void)state;
	new_image();
	add_ph(PT_LOAD, PF_R | PF_X, 0x1000, 0x401000, 0x800, 0x800);
	add_ph(PT_LOAD, PF_R | PF_W, 0x1800, 0x401800, 0x100, 0x100);
	assert_int_equal(parse(), 0);
	assert_int_equal(img.nr_loads, 2);
	/* The bss of the first reaches into the second's page. */
	new_image();
	add_ph(PT_LOAD, PF_R | PF_W, 0x1000, 0x401000, 0x10, 0x1001);
	add_ph(PT_LOAD, PF_R, 0x2ff0, 0x402ff0, 0x10, 0x10);
	assert_int_equal(parse(), 0);
	/* In the other order: overlapping segments out of address order. */
	new_image();
	add_ph(PT_LOAD, PF_R, 0x2ff0, 0x402ff0, 0x10, 0x10);
	add_ph(PT_LOAD, PF_R | PF_W, 0x1000, 0x401000, 0x10, 0x1001);
	assert_int_equal(parse(), 0);
	assert_int_equal(img.loads[0].vaddr, 0x402ff0);
	assert_int_equal(img.loads[1].vaddr, 0x401000);
}

static void test_no_load(void **state)
{
	(void)state;
	new_image();
	add_ph(PT_PHDR, PF_R, 64, 0x400040, 56, 56);
	add_ph(PT_GNU_STACK, PF_R | PF_W, 0, 0, 0, 0);
	add_ph(PT_LOAD, PF_R, 0x1000, 0x401000, 0, 0); /* empty: does not count */
	assert_int_equal(parse(), -ENOEXEC);
}

static void test_seventeen_loads(void **state)
{
	(void)state;
	new_image();
	for (unsigned int i = 0; i < ELF_MAX_LOADS + 1; i++)
		add_ph(PT_LOAD, PF_R, 0x1000, 0x401000 + i * 0x10000, 0x10, 0x10);
	assert_int_equal(parse(), -ENOEXEC);
}

/* ---- the real binaries ---- */

static unsigned char *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
	long n;

	if (!f)
		return NULL;
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n > 0);
	rewind(f);
	buf = malloc((size_t)n);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*size = (size_t)n;
	return buf;
}

static void check_real(const char *path)
{
	size_t size;
	unsigned char *buf = read_file(path, &size);
	struct elf64_ehdr h;

	assert_non_null(buf);
	memcpy(&h, buf, sizeof(h));
	assert_int_equal(elf_parse(buf, size, EM_X86_64, MIN_VADDR, MAX_VADDR, &img), 0);
	assert_int_equal(h.e_machine, 62);
	assert_int_equal(img.entry, h.e_entry);
	assert_int_equal(img.phnum, h.e_phnum);
	assert_true(img.nr_loads >= 1 && img.nr_loads <= ELF_MAX_LOADS);
	for (unsigned int i = 0; i < img.nr_loads; i++) {
		assert_true(img.loads[i].filesz <= img.loads[i].memsz);
		assert_true(img.loads[i].offset + img.loads[i].filesz <= size);
		assert_true(img.loads[i].vaddr + img.loads[i].memsz <= img.end);
	}
	/* The entry point is in an executable segment. */
	bool in_exec = false;

	for (unsigned int i = 0; i < img.nr_loads; i++) {
		const struct elf_load *l = &img.loads[i];

		if ((l->prot & PROT_EXEC) && img.entry >= l->vaddr &&
		    img.entry < l->vaddr + l->memsz)
			in_exec = true;
	}
	assert_true(in_exec);
	/* The same bytes for aarch64 are refused. */
	assert_int_equal(elf_parse(buf, size, EM_AARCH64, MIN_VADDR, MAX_VADDR, &img), -ENOEXEC);
	free(buf);
}

/* TOP_DIR (the repo top) comes from tests/unit/Makefile. */
static void test_real_binaries(void **state)
{
	static const char dir[] = TOP_DIR "/build/x86_64/initramfs";
	char path[512];
	unsigned int n = 0;

	(void)state;
	snprintf(path, sizeof(path), "%s/init", dir);
	FILE *f = fopen(path, "rb");

	if (!f)
		skip(); /* not built yet */
	fclose(f);
	check_real(path);
	n++;

	snprintf(path, sizeof(path), "%s/bin", dir);
	DIR *d = opendir(path);

	if (d) {
		struct dirent *de;

		while ((de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			/* Made deliberately odd for /bin/hostile's execve cases (user/build.mk). */
			if (strncmp(de->d_name, "hostile-", 8) == 0)
				continue;
			snprintf(path, sizeof(path), "%s/bin/%s", dir, de->d_name);
			check_real(path);
			n++;
		}
		closedir(d);
	}
	print_message("# parsed %u real binaries from build/x86_64/initramfs\n", n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_typical_image),
		cmocka_unit_test(test_prot_from_flags),
		cmocka_unit_test(test_phdr_vaddr),
		cmocka_unit_test(test_end_is_highest),
		cmocka_unit_test(test_empty_load_skipped),
		cmocka_unit_test(test_vaddr_bounds_inclusive),
		cmocka_unit_test(test_shared_page_same_rights),
		cmocka_unit_test(test_sixteen_loads),
		cmocka_unit_test(test_other_machine),
		cmocka_unit_test(test_short_file),
		cmocka_unit_test(test_bad_ident),
		cmocka_unit_test(test_wrong_type_or_machine),
		cmocka_unit_test(test_bad_phdr_table),
		cmocka_unit_test(test_interp),
		cmocka_unit_test(test_filesz_over_memsz),
		cmocka_unit_test(test_segment_outside_file),
		cmocka_unit_test(test_vaddr_outside_range),
		cmocka_unit_test(test_misaligned),
		cmocka_unit_test(test_shared_page_different_rights),
		cmocka_unit_test(test_no_load),
		cmocka_unit_test(test_seventeen_loads),
		cmocka_unit_test(test_real_binaries),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

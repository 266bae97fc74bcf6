// SPDX-License-Identifier: MIT
/*
 * mkelf: writes the malformed ELF executables /bin/fuzz execs, built and
 * run on the host (user/build.mk) into the initramfs's /fuzz/elf/0, 1, ...
 *
 *   mkelf ARCH DIR     ARCH is x86_64 or arm64
 *
 * File 0 is a valid static executable whose code is exit(0); every other
 * file (and entry-noncanonical) breaks it in one way the ELF rules (System V gABI, "Program
 * Loading") or the kernel's loader must notice: a truncated file, a bad
 * ident, type or machine, program headers out of the file or overflowing
 * it, segments in the kernel half, wrapping, overlapping, out of order or
 * too big for memory, an interpreter, odd entry points, notes; then files
 * with a few bytes flipped by a fixed seed. The output is the same on every
 * build.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BASE 0x400000ull
#define PAGE 0x1000ull

enum { PT_LOAD = 1, PT_DYNAMIC = 2, PT_INTERP = 3, PT_NOTE = 4, PT_TLS = 7 };
#define PT_GNU_STACK 0x6474e551u
#define PT_GNU_PROPERTY 0x6474e553u
enum { PF_X = 1, PF_W = 2, PF_R = 4 };

struct ehdr {
	unsigned char ident[16];
	uint16_t type, machine;
	uint32_t version;
	uint64_t entry, phoff, shoff;
	uint32_t flags;
	uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
};

struct phdr {
	uint32_t type, flags;
	uint64_t offset, vaddr, paddr, filesz, memsz, align;
};

/* One file being made: its bytes, room for 64 program headers and the code after them. */
struct image {
	unsigned char b[8192];
	size_t len;
	struct ehdr *eh;
	struct phdr *ph;
};

#define MAXPH 64
#define CODE_OFF (sizeof(struct ehdr) + MAXPH * sizeof(struct phdr))

static uint16_t machine;
static const unsigned char *code;
static size_t code_len;

/* exit(0): x86_64 mov $60,%eax; xor %edi,%edi; syscall -- arm64 mov x8,#93; mov x0,#0; svc #0 */
static const unsigned char code_x86_64[] = { 0xb8, 0x3c, 0, 0, 0, 0x31, 0xff, 0x0f, 0x05 };
static const unsigned char code_arm64[] = { 0xa8, 0x0b, 0x80, 0xd2, 0x00, 0x00,
					    0x80, 0xd2, 0x01, 0x00, 0x00, 0xd4 };

/* The valid executable: one PT_LOAD of the whole file at BASE, read and execute. */
static void valid(struct image *im)
{
	memset(im, 0, sizeof(*im));
	im->eh = (struct ehdr *)im->b;
	im->ph = (struct phdr *)(im->b + sizeof(struct ehdr));
	memcpy(im->eh->ident, "\177ELF\2\1\1", 7); /* 64-bit, little-endian, version 1 */
	im->eh->type = 2;			   /* ET_EXEC */
	im->eh->machine = machine;
	im->eh->version = 1;
	im->eh->entry = BASE + CODE_OFF;
	im->eh->phoff = sizeof(struct ehdr);
	im->eh->ehsize = sizeof(struct ehdr);
	im->eh->phentsize = sizeof(struct phdr);
	im->eh->phnum = 1;
	memcpy(im->b + CODE_OFF, code, code_len);
	im->len = CODE_OFF + code_len;
	im->ph[0] = (struct phdr){ PT_LOAD, PF_R | PF_X, 0, BASE, BASE, im->len, im->len, PAGE };
}

static struct phdr *add_ph(struct image *im, struct phdr p)
{
	struct phdr *n = &im->ph[im->eh->phnum++];

	*n = p;
	return n;
}

static void put_string(struct image *im, size_t at, const char *s)
{
	memcpy(im->b + at, s, strlen(s) + 1);
	if (at + strlen(s) + 1 > im->len)
		im->len = at + strlen(s) + 1;
}

/* Each variant breaks the valid image in one way; NULL ends the list. */
static void v_truncated(struct image *im)
{
	im->len = 40;
}
static void v_header_only(struct image *im)
{
	im->len = sizeof(struct ehdr);
}
static void v_bad_magic(struct image *im)
{
	im->eh->ident[1] = 'X';
}
static void v_class32(struct image *im)
{
	im->eh->ident[4] = 1;
}
static void v_big_endian(struct image *im)
{
	im->eh->ident[5] = 2;
}
static void v_ident_version(struct image *im)
{
	im->eh->ident[6] = 0;
}
static void v_dyn(struct image *im)
{
	im->eh->type = 3;
}
static void v_rel(struct image *im)
{
	im->eh->type = 1;
}
static void v_machine(struct image *im)
{
	im->eh->machine = machine == 62 ? 183 : 62;
}
static void v_phentsize_0(struct image *im)
{
	im->eh->phentsize = 0;
}
static void v_phentsize_big(struct image *im)
{
	im->eh->phentsize = 0xffff;
}
static void v_phnum_0(struct image *im)
{
	im->eh->phnum = 0;
}
static void v_phnum_max(struct image *im)
{
	im->eh->phnum = 0xffff;
}
static void v_phnum_65(struct image *im)
{
	for (int i = 1; i < 65 && i < MAXPH; i++)
		add_ph(im, (struct phdr){ PT_NOTE, PF_R, 0, 0, 0, 0, 0, 4 });
	im->eh->phnum = 65; /* the 65th runs into the code */
}
static void v_phoff_overflow(struct image *im)
{
	im->eh->phoff = ~0ull - 0x20;
}
static void v_phoff_odd(struct image *im)
{
	im->eh->phoff = sizeof(struct ehdr) + 3;
}
static void v_phoff_in_header(struct image *im)
{
	im->eh->phoff = 8;
}
static void v_offset_past_end(struct image *im)
{
	im->ph[0].offset = 0x100000;
}
static void v_filesz_over_memsz(struct image *im)
{
	im->ph[0].memsz = 16;
}
static void v_filesz_past_end(struct image *im)
{
	im->ph[0].filesz = im->ph[0].memsz = 0x10000;
}
static void v_memsz_huge(struct image *im)
{
	im->ph[0].memsz = 1ull << 46;
}
static void v_memsz_ram(struct image *im)
{
	im->ph[0].memsz = 256ull << 20;
} /* all of the guest's RAM */
static void v_vaddr_kernel(struct image *im)
{
	im->ph[0].vaddr = 0xffff800000000000ull;
	im->eh->entry = im->ph[0].vaddr + CODE_OFF;
}
static void v_vaddr_zero(struct image *im)
{
	im->ph[0].vaddr = 0;
	im->eh->entry = CODE_OFF;
}
static void v_vaddr_wraps(struct image *im)
{
	im->ph[0].vaddr = ~0ull - PAGE + 1;
	im->ph[0].memsz = 2 * PAGE;
}
static void v_vaddr_top(struct image *im) /* ends exactly at the end of user space */
{
	uint64_t top = machine == 62 ? 1ull << 47 : 1ull << 48;

	im->ph[0].vaddr = top - PAGE;
	im->ph[0].memsz = PAGE;
	im->eh->entry = im->ph[0].vaddr + CODE_OFF;
}
static void v_misaligned(struct image *im)
{
	im->ph[0].vaddr = BASE + 1;
}
static void v_align_odd(struct image *im)
{
	im->ph[0].align = 3;
}
static void v_overlap_out_of_order(struct image *im)
{
	im->ph[1] = im->ph[0];
	im->ph[0].vaddr = BASE + PAGE; /* the later segment first, overlapping the same page run */
	im->ph[0].memsz = 3 * PAGE;
	im->ph[1].memsz = 2 * PAGE;
	im->eh->phnum = 2;
}
static void v_overlap_rights(struct image *im)
{
	add_ph(im, (struct phdr){ PT_LOAD, PF_R | PF_W, 0, BASE, BASE, 64, 2 * PAGE, PAGE });
}
static void v_two_loads(struct image *im)
{
	add_ph(im, (struct phdr){ PT_LOAD, PF_R | PF_W, 0, BASE + 2 * PAGE, 0, 64, 3 * PAGE + 5,
				  PAGE });
}
static void v_many_loads(struct image *im)
{
	for (int i = 1; i < MAXPH; i++)
		add_ph(im, (struct phdr){ PT_LOAD, PF_R | (i & 1 ? PF_W : 0), 0,
					  BASE + 2 * PAGE * (uint64_t)i, 0, 16, PAGE, PAGE });
}
static void v_only_empty_load(struct image *im)
{
	im->ph[0].memsz = im->ph[0].filesz = 0;
}
static void v_interp(struct image *im)
{
	put_string(im, CODE_OFF + 64, "/init");
	add_ph(im, (struct phdr){ PT_INTERP, PF_R, CODE_OFF + 64, 0, 0, 6, 6, 1 });
	im->ph[0].filesz = im->ph[0].memsz = im->len;
}
static void v_interp_unterminated(struct image *im)
{
	add_ph(im, (struct phdr){ PT_INTERP, PF_R, CODE_OFF, 0, 0, 0x7fffffff, 0x7fffffff, 1 });
}
static void v_entry_zero(struct image *im)
{
	im->eh->entry = 0;
}
static void v_entry_kernel(struct image *im)
{
	im->eh->entry = 0xffffffff80000000ull;
}
static void v_entry_noncanonical(struct image *im)
{
	im->eh->entry = 0x0000800000000000ull;
}
static void v_entry_outside(struct image *im)
{
	im->eh->entry = BASE + 16 * PAGE;
}
static void v_no_rights(struct image *im)
{
	im->ph[0].flags = 0;
}
static void v_write_exec(struct image *im)
{
	im->ph[0].flags = PF_R | PF_W | PF_X;
}
static void v_stack_exec(struct image *im)
{
	add_ph(im, (struct phdr){ PT_GNU_STACK, PF_R | PF_W | PF_X, 0, 0, 0, 0, 0, 16 });
}
static void v_gnu_property(struct image *im)
{
	/* A note header whose sizes run far past the segment (x86 SHSTK/IBT feature note shape). */
	uint32_t note[] = { 4,
			    0x7ffffff0,
			    5 /* NT_GNU_PROPERTY_TYPE_0 */,
			    0x554e47 /* "GNU" */,
			    0xc0000002,
			    0x7fffffff,
			    3,
			    0 };

	memcpy(im->b + CODE_OFF + 64, note, sizeof(note));
	im->len = CODE_OFF + 64 + sizeof(note);
	im->ph[0].filesz = im->ph[0].memsz = im->len;
	add_ph(im, (struct phdr){ PT_GNU_PROPERTY, PF_R, CODE_OFF + 64, BASE + CODE_OFF + 64, 0,
				  sizeof(note), sizeof(note), 8 });
	add_ph(im, (struct phdr){ PT_NOTE, PF_R, CODE_OFF + 64, BASE + CODE_OFF + 64, 0, 0x10000,
				  0x10000, 4 });
}
static void v_tls_dynamic(struct image *im)
{
	add_ph(im, (struct phdr){ PT_TLS, PF_R, 0, BASE, 0, 0x100000, 0x100000, 0x1000000 });
	add_ph(im, (struct phdr){ PT_DYNAMIC, PF_R | PF_W, 0x100000, 0, 0, 16, 16, 8 });
}

static void (*const variants[])(struct image *) = {
	NULL, /* 0: valid */
	v_truncated,
	v_header_only,
	v_bad_magic,
	v_class32,
	v_big_endian,
	v_ident_version,
	v_dyn,
	v_rel,
	v_machine,
	v_phentsize_0,
	v_phentsize_big,
	v_phnum_0,
	v_phnum_max,
	v_phnum_65,
	v_phoff_overflow,
	v_phoff_odd,
	v_phoff_in_header,
	v_offset_past_end,
	v_filesz_over_memsz,
	v_filesz_past_end,
	v_memsz_huge,
	v_memsz_ram,
	v_vaddr_kernel,
	v_vaddr_zero,
	v_vaddr_wraps,
	v_vaddr_top,
	v_misaligned,
	v_align_odd,
	v_overlap_out_of_order,
	v_overlap_rights,
	v_two_loads,
	v_many_loads,
	v_only_empty_load,
	v_interp,
	v_interp_unterminated,
	v_entry_zero,
	v_entry_kernel,
	v_entry_outside,
	v_no_rights,
	v_write_exec,
	v_stack_exec,
	v_gnu_property,
	v_tls_dynamic,
};

#define NR_VARIANTS (sizeof(variants) / sizeof(variants[0]))

/* Variants with a name instead of a number: the fuzzer draws them on its own. */
static const struct {
	const char *name;
	void (*fn)(struct image *);
} named[] = {
	{ "entry-noncanonical", v_entry_noncanonical },
};
#define NR_FLIPPED 8

static void write_file(const char *dir, const char *name, const struct image *im)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(im->b, 1, im->len, f) != im->len || fclose(f) != 0) {
		fprintf(stderr, "mkelf: %s: %s\n", path, strerror(errno));
		exit(1);
	}
}

int main(int argc, char **argv)
{
	static struct image im;
	uint64_t seed = 0x5eed;

	if (argc != 3 || (strcmp(argv[1], "x86_64") != 0 && strcmp(argv[1], "arm64") != 0)) {
		fprintf(stderr, "usage: mkelf x86_64|arm64 DIR\n");
		return 2;
	}
	machine = strcmp(argv[1], "x86_64") == 0 ? 62 : 183; /* EM_X86_64, EM_AARCH64 */
	code = machine == 62 ? code_x86_64 : code_arm64;
	code_len = machine == 62 ? sizeof(code_x86_64) : sizeof(code_arm64);

	char name[16];

	for (unsigned int i = 0; i < NR_VARIANTS; i++) {
		valid(&im);
		if (variants[i])
			variants[i](&im);
		snprintf(name, sizeof(name), "%u", i);
		write_file(argv[2], name, &im);
	}
	for (unsigned int i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		valid(&im);
		named[i].fn(&im);
		write_file(argv[2], named[i].name, &im);
	}
	/* The valid file with 1 to 4 bytes of its headers changed (an LCG: the same every build). */
	for (unsigned int i = 0; i < NR_FLIPPED; i++) {
		valid(&im);
		for (unsigned int k = 0; k < 1 + i % 4; k++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			im.b[(seed >> 33) % (sizeof(struct ehdr) + sizeof(struct phdr))] ^=
				(unsigned char)(1 + (seed >> 17) % 255);
		}
		snprintf(name, sizeof(name), "%u", (unsigned int)NR_VARIANTS + i);
		write_file(argv[2], name, &im);
	}
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * kernel/proc/elf_property.c reads the PT_GNU_PROPERTY note as Linux's
 * parse_elf_properties(): the value of the asked "feature 1 AND" property
 * (0 without the segment, or when the arch asks for none), -ENOEXEC for a
 * segment over 1 KiB, a note that is not NT_GNU_PROPERTY_TYPE_0 named
 * "GNU", a descriptor or property running past the note, properties out of
 * order, a feature property whose data is not 4 bytes; -EIO when the note
 * header lies past the end of the file. elf_apply_properties() ORs the
 * arch's bits into executable segments only.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <kernel/elf.h>
#include <uapi/asm-arm64/mman.h>
#include <uapi/linux/elf.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>

#define NOTE_OFF 0x200u
#define FILE_SIZE 0x1000u

static _Alignas(8) unsigned char file[FILE_SIZE];

static struct elf64_phdr *phdr(unsigned int i)
{
	return (struct elf64_phdr *)(file + sizeof(struct elf64_ehdr)) + i;
}

/* A header with two PT_LOADs (R X, R W) and, if with_note, a PT_GNU_PROPERTY of note_size bytes. */
static void image(bool with_note, u64 note_size)
{
	struct elf64_ehdr *eh = (struct elf64_ehdr *)file;

	memset(file, 0, sizeof(file));
	eh->e_phoff = sizeof(*eh);
	eh->e_phnum = with_note ? 3 : 2;
	*phdr(0) = (struct elf64_phdr){ .p_type = PT_LOAD, .p_flags = PF_R | PF_X };
	*phdr(1) = (struct elf64_phdr){ .p_type = PT_LOAD, .p_flags = PF_R | PF_W };
	if (with_note)
		*phdr(2) = (struct elf64_phdr){ .p_type = PT_GNU_PROPERTY,
						.p_flags = PF_R,
						.p_offset = NOTE_OFF,
						.p_filesz = note_size };
}

static void put32(unsigned int off, u32 v)
{
	memcpy(file + NOTE_OFF + off, &v, sizeof(v));
}

/* A note of n properties {type[i], 4, value[i]}: 16 bytes of header and name, 16 each. */
static u64 note(unsigned int n, const u32 *type, const u32 *value)
{
	put32(0, 4);
	put32(4, 16 * n);
	put32(8, NT_GNU_PROPERTY_TYPE_0);
	memcpy(file + NOTE_OFF + 12, "GNU", 4);
	for (unsigned int i = 0; i < n; i++) {
		put32(16 + 16 * i, type[i]);
		put32(20 + 16 * i, 4);
		put32(24 + 16 * i, value[i]);
	}
	return 16 + 16 * n;
}

static const u32 aarch64_and = GNU_PROPERTY_AARCH64_FEATURE_1_AND;
static const u32 bti_pac = GNU_PROPERTY_AARCH64_FEATURE_1_BTI | GNU_PROPERTY_AARCH64_FEATURE_1_PAC;

static int read_value(u32 type, u32 *v)
{
	return elf_gnu_property(file, sizeof(file), type, v);
}

static void test_no_segment_is_zero(void **state)
{
	u32 v = 7;

	(void)state;
	image(false, 0);
	assert_int_equal(read_value(aarch64_and, &v), 0);
	assert_int_equal(v, 0);
}

static void test_value_read(void **state)
{
	u32 types[] = { 0xc0000000u, 0xc0000002u }, values[] = { bti_pac, 3 }, v = 0;

	(void)state;
	image(true, 0);
	phdr(2)->p_filesz = note(2, types, values);
	assert_int_equal(read_value(aarch64_and, &v), 0);
	assert_int_equal(v, bti_pac);
	assert_int_equal(read_value(GNU_PROPERTY_X86_FEATURE_1_AND, &v), 0);
	assert_int_equal(v, 3);
	/* The arch asks for none (x86_64): nothing is read, a bad note included. */
	put32(8, 4);
	assert_int_equal(read_value(0, &v), 0);
	assert_int_equal(v, 0);
}

static void test_malformed_enoexec(void **state)
{
	u32 types[] = { 0xc0000002u, 0xc0000000u }, values[] = { 1, 1 }, v;
	u64 size;

	(void)state;
	image(true, 0);
	phdr(2)->p_filesz = 1025; /* over Linux's 1 KiB */
	assert_int_equal(read_value(aarch64_and, &v), -ENOEXEC);

	size = note(1, types + 1, values);
	phdr(2)->p_filesz = size;
	put32(8, 4); /* not NT_GNU_PROPERTY_TYPE_0 */
	assert_int_equal(read_value(aarch64_and, &v), -ENOEXEC);
	note(1, types + 1, values);
	memcpy(file + NOTE_OFF + 12, "GNX", 4);
	assert_int_equal(read_value(aarch64_and, &v), -ENOEXEC);
	note(1, types + 1, values);
	put32(4, 0x7ffffff0); /* the descriptor runs past the segment (the fuzzer's shape) */
	assert_int_equal(read_value(aarch64_and, &v), -ENOEXEC);
	note(1, types + 1, values);
	put32(20, 8); /* a feature property of 8 bytes */
	assert_int_equal(read_value(aarch64_and, &v), -ENOEXEC);
	note(1, types + 1, values);
	put32(20, 13); /* the property's data past the descriptor */
	assert_int_equal(read_value(aarch64_and, &v), -ENOEXEC);

	phdr(2)->p_filesz = note(2, types, values); /* out of order */
	assert_int_equal(read_value(aarch64_and, &v), -ENOEXEC);
}

static void test_short_read_eio(void **state)
{
	u32 v;

	(void)state;
	image(true, 32);
	phdr(2)->p_offset = FILE_SIZE - 8; /* 8 bytes left: not even the header and name */
	assert_int_equal(read_value(aarch64_and, &v), -EIO);
	phdr(2)->p_offset = FILE_SIZE + 0x1000;
	assert_int_equal(read_value(aarch64_and, &v), -EIO);
}

static unsigned int bti_if_marked(u32 features)
{
	return (features & GNU_PROPERTY_AARCH64_FEATURE_1_BTI) ? PROT_BTI : 0;
}

static void test_apply_to_exec_segments_only(void **state)
{
	struct elf_image img = { .nr_loads = 2 };
	u32 types[] = { 0xc0000000u }, values[] = { bti_pac };

	(void)state;
	img.loads[0].prot = PROT_READ | PROT_EXEC;
	img.loads[1].prot = PROT_READ | PROT_WRITE;
	image(true, 0);
	phdr(2)->p_filesz = note(1, types, values);
	assert_int_equal(elf_apply_properties(file, sizeof(file), aarch64_and, bti_if_marked, &img),
			 0);
	assert_int_equal(img.loads[0].prot, PROT_READ | PROT_EXEC | PROT_BTI);
	assert_int_equal(img.loads[1].prot, PROT_READ | PROT_WRITE);

	values[0] = GNU_PROPERTY_AARCH64_FEATURE_1_PAC; /* PAC alone: not guarded */
	img.loads[0].prot = PROT_READ | PROT_EXEC;
	note(1, types, values);
	assert_int_equal(elf_apply_properties(file, sizeof(file), aarch64_and, bti_if_marked, &img),
			 0);
	assert_int_equal(img.loads[0].prot, PROT_READ | PROT_EXEC);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_segment_is_zero),
		cmocka_unit_test(test_value_read),
		cmocka_unit_test(test_malformed_enoexec),
		cmocka_unit_test(test_short_read_eio),
		cmocka_unit_test(test_apply_to_exec_segments_only),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

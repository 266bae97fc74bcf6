// SPDX-License-Identifier: MIT
/*
 * The SPCR parser (kernel/fw/acpi_spcr.c) on synthetic tables, as firmware
 * writes them and QEMU's PC never does (it has no SPCR): a server's COM2 in
 * I/O space, an SoC laptop's 16550 in memory with 32-bit registers, a
 * revision-3 table with its UART clock, a revision-4 precise baud rate, a
 * PL011 (not an 8250), and what must be refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <kernel/acpi.h>
#include <uapi/linux/errno.h>

static u8 t[88];

/* A revision-2 SPCR: the interface type, the GAS {space, bit width, offset, access size, address}, the baud code. */
static void make(u8 revision, u8 type, u8 space, u8 bit_width, u8 access, u64 address, u8 baud)
{
	u32 len = revision >= 4 ? 88 : 80;

	memset(t, 0, sizeof(t));
	memcpy(t, "SPCR", 4);
	memcpy(t + 4, &len, 4);
	t[8] = revision;
	t[36] = type;
	t[40] = space;
	t[41] = bit_width;
	t[43] = access;
	memcpy(t + 44, &address, 8);
	t[58] = baud;
}

static void test_com2_in_io_space(void **state)
{
	struct acpi_spcr s;

	(void)state;
	make(2, ACPI_SPCR_16550, ACPI_GAS_IO, 8, 1, 0x2f8, 7);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), 0);
	assert_false(s.mmio);
	assert_int_equal(s.address, 0x2f8);
	assert_int_equal(s.reg_bytes, 1);
	assert_int_equal(s.baud, 115200);
	assert_int_equal(s.clock_hz, 0);
	assert_true(acpi_spcr_is_8250(&s));
}

static void test_mmio_32bit_registers(void **state)
{
	struct acpi_spcr s;

	(void)state;
	/* Type 0x12, dword access: registers 4 bytes apart (Linux's "mmio32"). */
	make(2, ACPI_SPCR_16550_GAS, ACPI_GAS_MEMORY, 32, 3, 0xfe032000, 0);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), 0);
	assert_true(s.mmio);
	assert_int_equal(s.address, 0xfe032000);
	assert_int_equal(s.reg_bytes, 4);
	assert_int_equal(s.baud, 0); /* "as is": the firmware programmed it */
	assert_true(acpi_spcr_is_8250(&s));

	/* Access size undefined (0): the bit width decides; 8 bits is byte registers. */
	make(2, ACPI_SPCR_16550, ACPI_GAS_MEMORY, 16, 0, 0xfe032000, 6);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), 0);
	assert_int_equal(s.reg_bytes, 2);
	assert_int_equal(s.baud, 57600);
	make(2, ACPI_SPCR_16550, ACPI_GAS_MEMORY, 8, 0, 0xfe032000, 3);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), 0);
	assert_int_equal(s.reg_bytes, 1);
	assert_int_equal(s.baud, 9600);
}

static void test_revision_3_clock_and_4_precise_baud(void **state)
{
	struct acpi_spcr s;
	u32 clock = 48000000, precise = 1500000;

	(void)state;
	make(3, ACPI_SPCR_16550, ACPI_GAS_MEMORY, 32, 3, 0xfe032000, 7);
	memcpy(t + 76, &clock, 4);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), 0);
	assert_int_equal(s.clock_hz, 48000000);
	assert_int_equal(s.baud, 115200);

	/* Revision 2: the word at 76 is reserved, not a clock. */
	t[8] = 2;
	assert_int_equal(acpi_spcr_parse(t, 80, &s), 0);
	assert_int_equal(s.clock_hz, 0);

	make(4, ACPI_SPCR_16550, ACPI_GAS_MEMORY, 32, 3, 0xfe032000, 7);
	memcpy(t + 76, &clock, 4);
	memcpy(t + 80, &precise, 4);
	assert_int_equal(acpi_spcr_parse(t, 88, &s), 0);
	assert_int_equal(s.baud, 1500000);
}

static void test_pl011_is_not_an_8250(void **state)
{
	struct acpi_spcr s;

	(void)state;
	make(2, ACPI_SPCR_PL011, ACPI_GAS_MEMORY, 32, 3, 0x9000000, 7);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), 0);
	assert_false(acpi_spcr_is_8250(&s));
	make(2, ACPI_SPCR_16450, ACPI_GAS_IO, 8, 1, 0x3f8, 7);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), 0);
	assert_true(acpi_spcr_is_8250(&s));
}

static void test_refused(void **state)
{
	struct acpi_spcr s;

	(void)state;
	make(2, ACPI_SPCR_16550, ACPI_GAS_IO, 8, 1, 0x2f8, 7);
	assert_int_equal(acpi_spcr_parse(t, 79, &s), -EINVAL); /* shorter than revision 2 */
	make(2, ACPI_SPCR_16550, ACPI_GAS_PCI_CONFIG, 8, 1, 0x2f8, 7);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), -EINVAL);
	make(2, ACPI_SPCR_16550, ACPI_GAS_IO, 8, 1, 0, 7);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), -EINVAL); /* no address */
	make(2, ACPI_SPCR_16550, ACPI_GAS_IO, 8, 1, 0x12345, 7);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), -EINVAL); /* not a port */
	make(2, ACPI_SPCR_16550, ACPI_GAS_MEMORY, 64, 4, 0xfe032000, 7);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), -EINVAL); /* 8-byte registers */
	make(2, ACPI_SPCR_16550, ACPI_GAS_IO, 8, 1, 0x2f8, 5);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), -EINVAL); /* baud code 5 is not defined */
	make(2, ACPI_SPCR_16550, ACPI_GAS_IO, 8, 1, 0x2f8, 8);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), -EINVAL);
	memcpy(t, "SPCX", 4);
	assert_int_equal(acpi_spcr_parse(t, 80, &s), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_com2_in_io_space),
		cmocka_unit_test(test_mmio_32bit_registers),
		cmocka_unit_test(test_revision_3_clock_and_4_precise_baud),
		cmocka_unit_test(test_pl011_is_not_an_8250),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

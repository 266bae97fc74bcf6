// SPDX-License-Identifier: MIT
/*
 * Which CPUs the MADT gives (arch/x86_64/madt.c), on synthetic tables
 * (ACPI 6.5 §5.2.12): the processor entries a real machine's firmware
 * writes and QEMU's never do -- an APIC ID listed twice, a disabled
 * processor, an online-capable one not enabled, before and after MADT
 * revision 5 (the first with the Online Capable bit), x2APIC entries that
 * repeat xAPIC ones, the invalid IDs. Each CPU is kept once, by Linux's rules
 * (arch/x86/kernel/acpi/boot.c); a kept CPU that is not enabled is marked so
 * it is never started.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <kernel/types.h>
#include <asm/apic.h>
#include <kernel/acpi.h>
#include <uapi/linux/errno.h>

#define ENABLED 1u
#define ONLINE_CAPABLE 2u

static u8 table[1024];
static u32 used;

/* printk, for madt_parse()'s lines. */
int printk(const char *fmt, ...);
int printk(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}

const struct acpi_table_header *acpi_find_table(const char sig[4], unsigned int n)
{
	return memcmp(sig, "APIC", 4) == 0 && n == 0 && used ? (const void *)table : NULL;
}

static void begin(u8 revision)
{
	memset(table, 0, sizeof(table));
	memcpy(table, "APIC", 4);
	table[8] = revision;
	used = 44;
	table[36] = 0x00;
	table[37] = 0x00;
	table[38] = 0xe0;
	table[39] = 0xfe; /* the local APIC at 0xfee00000 */
}

static void put32(u8 *p, u32 v)
{
	memcpy(p, &v, 4);
}

static void lapic(u8 uid, u8 id, u32 flags)
{
	u8 *e = table + used;

	e[0] = 0;
	e[1] = 8;
	e[2] = uid;
	e[3] = id;
	put32(e + 4, flags);
	used += 8;
}

static void x2apic(u32 id, u32 uid, u32 flags)
{
	u8 *e = table + used;

	e[0] = 9;
	e[1] = 16;
	put32(e + 4, id);
	put32(e + 8, flags);
	put32(e + 12, uid);
	used += 16;
}

static struct x86_madt m;

static void read_table(void)
{
	put32(table + 4, used);
	assert_int_equal(madt_read(table, used, &m), 0);
	assert_true(m.found);
}

static void expect_cpu(unsigned int i, u32 apic_id, bool startable)
{
	assert_true(i < m.nr_cpus);
	assert_int_equal(m.cpus[i].apic_id, apic_id);
	assert_int_equal(m.cpus[i].online_capable, !startable);
}

/* QEMU's shape: four enabled xAPIC processors. */
static void test_plain_table(void **state)
{
	(void)state;
	begin(5);
	for (u8 i = 0; i < 4; i++)
		lapic(i, i, ENABLED);
	read_table();
	assert_int_equal(m.nr_cpus, 4);
	for (u8 i = 0; i < 4; i++)
		expect_cpu(i, i, true);
	assert_int_equal(m.lapic_base, 0xfee00000);
	assert_int_equal(m.nr_cpus_duplicate, 0);
}

/* The second entry of an APIC ID is not another CPU: it would get a second SIPI. */
static void test_duplicate_apic_id_skipped(void **state)
{
	(void)state;
	begin(5);
	lapic(0, 0, ENABLED);
	lapic(1, 2, ENABLED);
	lapic(2, 2, ENABLED);
	lapic(3, 4, ENABLED);
	x2apic(4, 9, ENABLED); /* the same ID again as an x2APIC entry: not another CPU */
	read_table();
	assert_int_equal(m.nr_cpus, 3);
	expect_cpu(0, 0, true);
	expect_cpu(1, 2, true);
	expect_cpu(2, 4, true);
	assert_int_equal(m.nr_cpus_duplicate, 1);
}

/* Revision 5+: flags 0 is a processor that cannot be used; Online Capable is kept, not started. */
static void test_disabled_and_online_capable(void **state)
{
	(void)state;
	begin(5);
	lapic(0, 0, ENABLED);
	lapic(1, 1, 0);
	lapic(2, 2, ONLINE_CAPABLE);
	x2apic(0x100, 3, 0);
	x2apic(0x101, 4, ONLINE_CAPABLE);
	read_table();
	assert_int_equal(m.nr_cpus, 3);
	expect_cpu(0, 0, true);
	expect_cpu(1, 2, false);
	expect_cpu(2, 0x101, false);
	assert_int_equal(m.nr_cpus_unusable, 2);
}

/* Before revision 5 there was no Online Capable bit: a disabled entry may be hot-added, never started. */
static void test_disabled_before_revision_5(void **state)
{
	(void)state;
	begin(4);
	lapic(0, 0, ENABLED);
	lapic(1, 1, 0);
	read_table();
	assert_int_equal(m.nr_cpus, 2);
	expect_cpu(1, 1, false);
	assert_int_equal(m.nr_cpus_unusable, 0);
}

/* A disabled entry still claims its ID (as Linux's present map): an enabled twin after it is refused. */
static void test_duplicate_of_a_disabled_entry(void **state)
{
	(void)state;
	begin(5);
	lapic(0, 0, ENABLED);
	lapic(1, 3, ONLINE_CAPABLE);
	lapic(2, 3, ENABLED);
	read_table();
	assert_int_equal(m.nr_cpus, 2);
	expect_cpu(1, 3, false);
	assert_int_equal(m.nr_cpus_duplicate, 1);
}

/* §5.2.12.12: with xAPIC processors listed, x2APIC entries below 255 repeat them; 0xff/0xffffffff are placeholders. */
static void test_x2apic_rules_and_invalid_ids(void **state)
{
	(void)state;
	begin(5);
	x2apic(1, 10, ENABLED); /* before the xAPIC entries, still a repeat */
	lapic(0, 0, ENABLED);
	lapic(1, 0xff, ENABLED);
	lapic(2, 1, ENABLED);
	x2apic(0x1ff, 11, ENABLED);
	x2apic(0xffffffff, 12, ENABLED);
	read_table();
	assert_int_equal(m.nr_cpus, 3);
	expect_cpu(0, 0, true);
	expect_cpu(1, 1, true);
	expect_cpu(2, 0x1ff, true);

	/* An x2APIC-only table may use small IDs. */
	begin(5);
	x2apic(0, 0, ENABLED);
	x2apic(1, 1, ENABLED);
	read_table();
	assert_int_equal(m.nr_cpus, 2);
	expect_cpu(1, 1, true);
}

/* An entry running past the table's end stops the walk; what came before is kept. */
static void test_overrunning_entry(void **state)
{
	(void)state;
	begin(5);
	lapic(0, 0, ENABLED);
	lapic(1, 1, ENABLED);
	table[used - 8 + 1] = 40; /* the second entry claims 40 bytes */
	put32(table + 4, used);
	assert_int_equal(madt_read(table, used, &m), -EINVAL);
	assert_int_equal(m.nr_cpus, 1);
	assert_int_equal(m.bad_entry_offset, 52);
	assert_int_equal(madt_read(table, 40, &m), -EINVAL);
	assert_false(m.found);
}

/* madt_parse() fills x86_madt from the table acpi_find_table() gives. */
static void test_madt_parse_uses_the_table(void **state)
{
	(void)state;
	begin(5);
	lapic(0, 0, ENABLED);
	lapic(1, 0, ENABLED);
	put32(table + 4, used);
	madt_parse();
	assert_int_equal(x86_madt.nr_cpus, 1);
	assert_int_equal(x86_madt.nr_cpus_duplicate, 1);
	used = 0;
	madt_parse();
	assert_false(x86_madt.found);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_table),
		cmocka_unit_test(test_duplicate_apic_id_skipped),
		cmocka_unit_test(test_disabled_and_online_capable),
		cmocka_unit_test(test_disabled_before_revision_5),
		cmocka_unit_test(test_duplicate_of_a_disabled_entry),
		cmocka_unit_test(test_x2apic_rules_and_invalid_ids),
		cmocka_unit_test(test_overrunning_entry),
		cmocka_unit_test(test_madt_parse_uses_the_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

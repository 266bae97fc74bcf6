// SPDX-License-Identifier: MIT
/*
 * Self-tests of what came from the boot loader and of the basic services:
 * the command line arrived and parsed, the formatting core works in the
 * kernel build, and the timer interrupt ticks.
 */
#include <kernel/acpi.h>
#include <kernel/arch.h>
#include <kernel/boot.h>
#include <kernel/cmdline.h>
#include <kernel/ktest.h>
#include <kernel/timer.h>
#include <format.h>
#include <string.h>

/* The image's GRUB passes ktest.cmdline=umbra (see CMDLINE in the Makefile). */
KTEST(cmdline_from_boot_loader)
{
	const char *v = cmdline_get(&kernel_cmdline, "ktest.cmdline");

	if (!v) {
		ktest_skip(ctx, "command line without ktest.cmdline= (edited?)");
		return;
	}
	KTEST_EXPECT(ctx, strcmp(v, "umbra") == 0);
	KTEST_EXPECT(ctx, !kernel_cmdline.truncated);
}

KTEST(format_core_in_kernel)
{
	char buf[64];
	int n = snprintf(buf, sizeof(buf), "%d|%5u|%-4x|%08lx|%s|%c|%p", -42, 7u, 0xabu,
			 0xdeadbeeful, "str", 'Z', (void *)0x1000);

	KTEST_EXPECT_EQ(ctx, n, (int)strlen("-42|    7|ab  |deadbeef|str|Z|0x1000"));
	KTEST_EXPECT(ctx, strcmp(buf, "-42|    7|ab  |deadbeef|str|Z|0x1000") == 0);
	n = snprintf(buf, 4, "%s", "truncated");
	KTEST_EXPECT_EQ(ctx, n, 9);
	KTEST_EXPECT(ctx, strcmp(buf, "tru") == 0);
}

/*
 * Waits for 3 ticks with a bounded spin, so a dead timer fails the test
 * instead of hanging the boot. The bound is generous: far more than 30 ms
 * of any emulator's time.
 */
KTEST(timer_ticks_advance)
{
	u64 start = timer_ticks();
	unsigned long spins = 0;

	while (timer_ticks() < start + 3 && spins < 400000000ul) {
		arch_cpu_relax();
		spins++;
	}
	KTEST_EXPECT(ctx, timer_ticks() >= start + 3);
}

/*
 * Where the firmware has ACPI (every x86 platform of the matrix; arm64 boots
 * with a device tree unless started through UEFI), the tables were found and
 * the FADT (signature "FACP", ACPI 6.5 §5.2.9) is among them, checksum valid.
 */
KTEST(acpi_tables_found)
{
	const struct acpi_table_header *fadt;

	if (!acpi_available()) {
		ktest_skip(ctx, "no ACPI RSDP from the boot loader");
		return;
	}
	fadt = acpi_find_table("FACP", 0);
	KTEST_EXPECT(ctx, fadt != NULL);
	if (fadt)
		KTEST_EXPECT_EQ(ctx, acpi_checksum(fadt, fadt->length), 0);
	KTEST_EXPECT(ctx, acpi_find_table("NONE", 0) == NULL);
}

/* Expects: memmap= ranges as Linux's x86 reads "nn[KMG]$ss[KMG]", in C's number notation. */
KTEST(memmap_reserves_what_it_says)
{
	static struct boot_info info;

	memset(&info, 0, sizeof(info));
	KTEST_EXPECT_EQ(ctx, boot_memmap_reserve(&info, "3G$1G"), 1);
	KTEST_EXPECT_EQ(ctx, info.reserved[0].start, 1ull << 30);
	KTEST_EXPECT_EQ(ctx, info.reserved[0].end, 4ull << 30);
	KTEST_EXPECT_EQ(ctx, boot_memmap_reserve(&info, "64K$0x100000,010$0"), 2);
	KTEST_EXPECT_EQ(ctx, info.nr_reserved, 3);
	KTEST_EXPECT_EQ(ctx, info.reserved[1].start, 0x100000);
	KTEST_EXPECT_EQ(ctx, info.reserved[1].end, 0x110000);
	KTEST_EXPECT_EQ(ctx, info.reserved[2].start, 0);
	KTEST_EXPECT_EQ(ctx, info.reserved[2].end, 8); /* 010 is octal */
	/* Other memmap= forms (usable '@', ACPI '#', ...) and junk: -1, nothing added. */
	KTEST_EXPECT_EQ(ctx, boot_memmap_reserve(&info, "1G@2G"), -1);
	KTEST_EXPECT_EQ(ctx, boot_memmap_reserve(&info, "3G$"), -1);
	KTEST_EXPECT_EQ(ctx, boot_memmap_reserve(&info, "0$1G"), -1);
	KTEST_EXPECT_EQ(ctx, boot_memmap_reserve(&info, "16G$0xffffffffffffffff"), -1);
	KTEST_EXPECT_EQ(ctx, info.nr_reserved, 3);
}

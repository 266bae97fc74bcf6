// SPDX-License-Identifier: MIT
/*
 * The order in which a CPU's CET is turned on (arch/x86_64/cet_enable.c),
 * watched through fake MSR and CR4 accessors: IA32_S_CET must be 0 before
 * CR4.CET is set (Linux's setup_cet()), the user MSRs too, and CR4's other
 * bits kept. Firmware that left S_CET.ENDBR_EN set must never see CR4.CET
 * with it still there.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <kernel/types.h>
#include <asm/cet.h>
#include <asm/x86.h>

#define FIRMWARE_CR4 0x3606e0ull /* PAE, PGE, OSFXSR, ... without CET */

static u64 cr4, s_cet, u_cet, pl3_ssp;
static unsigned int writes;
static u64 s_cet_when_cet_set, u_cet_when_cet_set, pl3_when_cet_set;
static bool cet_set;

static void fake_wrmsr(u32 msr, u64 value)
{
	writes++;
	if (msr == MSR_IA32_S_CET)
		s_cet = value;
	else if (msr == MSR_IA32_U_CET)
		u_cet = value;
	else if (msr == MSR_IA32_PL3_SSP)
		pl3_ssp = value;
	else
		fail_msg("unexpected MSR %#x", msr);
}

static u64 fake_read_cr4(void)
{
	return cr4;
}

static void fake_write_cr4(u64 value)
{
	if (!(cr4 & CR4_CET) && (value & CR4_CET)) {
		cet_set = true;
		s_cet_when_cet_set = s_cet;
		u_cet_when_cet_set = u_cet;
		pl3_when_cet_set = pl3_ssp;
	}
	cr4 = value;
}

static const struct x86_cet_hw fake = { fake_wrmsr, fake_read_cr4, fake_write_cr4 };

static void test_s_cet_cleared_before_cr4_cet(void **state)
{
	(void)state;
	cr4 = FIRMWARE_CR4;
	s_cet = CET_ENDBR_EN | CET_SHSTK_EN; /* what a previous owner of the CPU left */
	u_cet = CET_SHSTK_EN;
	pl3_ssp = 0x7ffffffff000;
	x86_cet_enable_cpu(&fake);
	assert_true(cet_set);
	assert_int_equal(s_cet_when_cet_set, 0);
	assert_int_equal(u_cet_when_cet_set, 0);
	assert_int_equal(pl3_when_cet_set, 0);
	assert_int_equal(cr4, FIRMWARE_CR4 | CR4_CET);
	assert_int_equal(writes, 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_s_cet_cleared_before_cr4_cet),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * The arm64 policies that are pure functions, value by value:
 *  - arch/arm64/pstate.c: which sigreturn pstates Linux refuses (SIGSEGV,
 *    forced to NZCV) and which bits it clears silently (valid_native_regs);
 *  - arch/arm64/user_fault.c: the signal, si_code and si_addr of each EL0
 *    exception class (Linux's el0_* handlers; SP alignment at the SP);
 *  - arch/arm64/pl011_tx.c: the console waits a bounded time for a full
 *    FIFO, then gives the UART up and drops without waiting until it
 *    takes characters again;
 *  - arch/arm64/pte_rights.c: what a leaf lets EL1 and EL0 do, with Direct
 *    permissions and with S1PIE and the PIR values gcs.c programs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <asm/pl011.h>
#include <asm/pstate.h>
#include <asm/pte.h>
#include <asm/pte_rights.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <asm/user_fault.h>
#include <kernel/kmem.h>
#include <uapi/linux/signal.h>

#define NZCV_NV (SPSR_NZCV & 0x90000000ul)

/* Refused: the result is the NZCV alone. */
static void refused(u64 pstate)
{
	u64 p = pstate;

	assert_false(arm64_user_pstate_valid(&p));
	assert_int_equal(p, pstate & SPSR_NZCV);
}

/* Accepted: the result is exactly want. */
static void accepted(u64 pstate, u64 want)
{
	u64 p = pstate;

	assert_true(arm64_user_pstate_valid(&p));
	assert_int_equal(p, want);
	assert_int_equal(p & ~SPSR_USER_KEEP, 0); /* ret_to_user's mask changes nothing */
}

static void test_pstate_plain_el0t_kept(void **state)
{
	(void)state;
	accepted(0, 0);
	accepted(SPSR_NZCV, SPSR_NZCV);
	accepted(NZCV_NV | SPSR_SSBS | SPSR_BTYPE | SPSR_DIT | SPSR_TCO,
		 NZCV_NV | SPSR_SSBS | SPSR_BTYPE | SPSR_DIT | SPSR_TCO);
}

static void test_pstate_other_modes_refused(void **state)
{
	(void)state;
	for (u64 m = 1; m <= SPSR_MODE_MASK; m++)
		refused(NZCV_NV | m);		 /* EL1t/h, EL2t/h, EL3t/h and the reserved ones */
	refused(NZCV_NV | SPSR_MODE_NRW);	 /* AArch32 */
	refused(NZCV_NV | SPSR_MODE_NRW | 0x10); /* AArch32 user mode 0x10 */
}

static void test_pstate_masked_exceptions_refused(void **state)
{
	(void)state;
	refused(NZCV_NV | SPSR_D);
	refused(NZCV_NV | SPSR_A);
	refused(NZCV_NV | SPSR_I);
	refused(NZCV_NV | SPSR_F);
	refused(SPSR_DAIF);
	/* Refusal wins over the bits that would merely be cleared. */
	refused(NZCV_NV | SPSR_I | SPSR_IL | SPSR_PAN);
}

static void test_pstate_res0_and_ss_cleared(void **state)
{
	(void)state;
	accepted(NZCV_NV | SPSR_IL, NZCV_NV);
	accepted(NZCV_NV | SPSR_SS, NZCV_NV);
	accepted(NZCV_NV | SPSR_PAN, NZCV_NV);
	accepted(NZCV_NV | SPSR_UAO, NZCV_NV);
	accepted(NZCV_NV | (1ul << 34), NZCV_NV); /* FEAT_GCS's EXLOCK */
	accepted(NZCV_NV | (0xfffffffful << 32), NZCV_NV);
	accepted(NZCV_NV | (1ul << 5) | (3ul << 26) | (0x7ful << 13), NZCV_NV);
	accepted(~0ul & ~(SPSR_MODE_MASK | SPSR_MODE_NRW | SPSR_DAIF), SPSR_USER_KEEP);
}

static void check_signal(unsigned int ec, int sig, int code, u64 addr)
{
	struct user_signal s = arm64_user_signal(ec, 0x400100, 0x400102, 0xfffffff4);

	assert_int_equal(s.sig, sig);
	assert_int_equal(s.code, code);
	assert_int_equal(s.addr, addr);
}

static void test_user_signals(void **state)
{
	(void)state;
	check_signal(ESR_EC_UNKNOWN, SIGILL, ILL_ILLOPC, 0x400100);
	check_signal(ESR_EC_ILL, SIGILL, ILL_ILLOPC, 0x400100);
	check_signal(ESR_EC_SYS64, SIGILL, ILL_ILLOPC, 0x400100);
	check_signal(ESR_EC_BRK64, SIGTRAP, TRAP_BRKPT, 0x400100);
	check_signal(ESR_EC_PC_ALIGN, SIGBUS, BUS_ADRALN, 0x400102);   /* FAR */
	check_signal(ESR_EC_SP_ALIGN, SIGBUS, BUS_ADRALN, 0xfffffff4); /* the SP */
	check_signal(ESR_EC_FP_EXC64, SIGFPE, FPE_FLTINV, 0x400100);
	check_signal(ESR_EC_SERROR, SIGSEGV, SI_KERNEL, 0);
}

static void test_pl011_sends_when_room(void **state)
{
	struct pl011_tx tx = { .timeout = 100 };

	(void)state;
	assert_int_equal(pl011_tx_poll(&tx, false, 0, 0), PL011_SEND);
	assert_int_equal(pl011_tx_poll(&tx, false, 0, 1000), PL011_SEND);
	assert_false(tx.dead);
}

static void test_pl011_waits_then_gives_up(void **state)
{
	struct pl011_tx tx = { .timeout = 100 };

	(void)state;
	assert_int_equal(pl011_tx_poll(&tx, true, 1000, 1000), PL011_WAIT);
	assert_int_equal(pl011_tx_poll(&tx, true, 1000, 1099), PL011_WAIT);
	assert_false(tx.dead);
	assert_int_equal(pl011_tx_poll(&tx, true, 1000, 1100), PL011_DROP);
	assert_true(tx.dead);
	/* Dead: the next character is dropped at its first poll, without waiting. */
	assert_int_equal(pl011_tx_poll(&tx, true, 2000, 2000), PL011_DROP);
	/* Room again: it is sent and the UART is alive. */
	assert_int_equal(pl011_tx_poll(&tx, false, 3000, 3000), PL011_SEND);
	assert_false(tx.dead);
	assert_int_equal(pl011_tx_poll(&tx, true, 4000, 4001), PL011_WAIT);
}

static void test_pl011_clock_wraps(void **state)
{
	struct pl011_tx tx = { .timeout = 100 };

	(void)state;
	assert_int_equal(pl011_tx_poll(&tx, true, ~0ull - 10, 20), PL011_WAIT);
	assert_int_equal(pl011_tx_poll(&tx, true, ~0ull - 10, 89), PL011_DROP);
}

#define R KPROT_READ
#define W KPROT_WRITE
#define X KPROT_EXEC
#define LEAF (PTE_VALID | PTE_PAGE | PTE_AF)
/* What gcs.c writes (arch/arm64/tests/trap_test.c checks the live registers). */
#define PIR 0xcc888e8ac9800000ul
#define PIRE0 0x5010908070320000ul

static void rights(u64 leaf, bool pie, unsigned int el1, unsigned int el0)
{
	struct pte_rights r = arm64_pte_rights(leaf, pie, PIR, PIRE0);

	assert_int_equal(r.el1, el1);
	assert_int_equal(r.el0, el0);
}

static void test_pte_rights_direct(void **state)
{
	(void)state;
	rights(LEAF | PTE_UXN | PTE_RDONLY, false, R | X, 0);	       /* kernel text */
	rights(LEAF | PTE_UXN | PTE_PXN | PTE_RDONLY, false, R, 0);    /* rodata */
	rights(LEAF | PTE_UXN | PTE_PXN | PTE_WRITE, false, R | W, 0); /* data */
	rights(LEAF | PTE_UXN | PTE_WRITE, false, R | W | X, 0);       /* a W+X kernel page */
	rights(LEAF | PTE_USER | PTE_PXN | PTE_UXN | PTE_WRITE, false, R | W, R | W); /* user RW */
	rights(LEAF | PTE_USER | PTE_PXN | PTE_RDONLY, false, R, R | X);	      /* user RX */
	rights(LEAF | PTE_USER | PTE_PXN | PTE_WRITE, false, R | W, R | W | X);	      /* user RWX */
	/* EL0 may write: EL1 loses execute even without PXN (rule RVWLLR). */
	rights(LEAF | PTE_USER | PTE_WRITE, false, R | W, R | W | X);
	rights(LEAF | PTE_USER | PTE_RDONLY, false, R | X, R | X);
}

static void test_pte_rights_pie(void **state)
{
	(void)state;
	rights(LEAF | PTE_UXN | PTE_RDONLY, true, R | X, 0);	      /* index 0x8: text */
	rights(LEAF | PTE_UXN | PTE_PXN | PTE_RDONLY, true, R, 0);    /* 0xc: rodata */
	rights(LEAF | PTE_UXN | PTE_PXN | PTE_WRITE, true, R | W, 0); /* 0xe: data */
	rights(LEAF | PTE_USER | PTE_PXN | PTE_UXN | PTE_WRITE, true, R | W, R | W); /* 0xf */
	rights(LEAF | PTE_USER | PTE_PXN | PTE_RDONLY, true, R, R | X);	       /* 0x5: user RX */
	rights(LEAF | PTE_USER | PTE_PXN | PTE_WRITE, true, R | W, R | W | X); /* 0x7: user RWX */
	rights(LEAF | PTE_USER_GCS, true, R, R);			       /* 0xb: GCS */
	rights(LEAF | PTE_USER_GCS | PTE_RDONLY, true, R, R);
	/* 0x6: the kernel's own GCS (kernel_gcs.c): loads only for EL1, nothing for EL0. */
	rights(LEAF | PTE_KERNEL_GCS, true, R, 0);
	/* An index giving EL1 execute and EL0 write is reserved: nobody gets anything. */
	assert_int_equal(
		arm64_pte_rights(LEAF | PTE_USER, true, PIE_AT(1, PIE_RX), PIE_AT(1, PIE_RW_O)).el1,
		0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pstate_plain_el0t_kept),
		cmocka_unit_test(test_pstate_other_modes_refused),
		cmocka_unit_test(test_pstate_masked_exceptions_refused),
		cmocka_unit_test(test_pstate_res0_and_ss_cleared),
		cmocka_unit_test(test_user_signals),
		cmocka_unit_test(test_pl011_sends_when_room),
		cmocka_unit_test(test_pl011_waits_then_gives_up),
		cmocka_unit_test(test_pl011_clock_wraps),
		cmocka_unit_test(test_pte_rights_direct),
		cmocka_unit_test(test_pte_rights_pie),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: MIT
/*
 * The console cannot stop the machine: a PL011 whose transmit FIFO stays
 * full is waited on for one time-out (10 ms), then given up on; each
 * further character costs one poll; once the FIFO has room, characters go
 * out again. Driven on a fake UART whose registers are RAM, through the
 * console's own code (pl011.c), with the generic timer's counter as clock.
 */
#include <asm/pl011.h>
#include <asm/sysreg.h>
#include <kernel/arch.h>
#include <kernel/ktest.h>

static u64 counter(void)
{
	isb();
	return read_sysreg(cntvct_el0);
}

KTEST(arm64_pl011_stuck_uart_is_given_up)
{
	static u32 regs[0x40 / 4];
	struct pl011_port p = { .base = (uintptr_t)regs };
	volatile u32 *dr = &regs[UARTDR / 4], *fr = &regs[UARTFR / 4];
	u64 timeout = pl011_default_timeout(), t0, t1, polls;

	KTEST_EXPECT(ctx, read_sysreg(cntfrq_el0) != 0);
	*dr = 0;
	*fr = UARTFR_TXFF; /* the FIFO never drains */
	t0 = counter();
	pl011_port_putc(&p, 'a');
	t1 = counter();
	KTEST_EXPECT(ctx, p.tx.polls > 1);
	polls = p.tx.polls;
	pl011_port_putc(&p, 'b');

	/*
	 * Counted in polls, not time: the emulator's clock is the host's, and
	 * a loaded host stretches any time bound but the lower one.
	 */
	KTEST_EXPECT_EQ(ctx, *dr, 0);
	KTEST_EXPECT(ctx, p.tx.dead);
	KTEST_EXPECT(ctx, t1 - t0 >= timeout);	     /* it did wait the time-out */
	KTEST_EXPECT_EQ(ctx, p.tx.polls, polls + 1); /* dead: one poll, no second wait */

	*fr = UARTFR_BUSY; /* a flush of a dead UART returns after one poll too */
	polls = p.tx.polls;
	pl011_port_flush(&p);
	KTEST_EXPECT_EQ(ctx, p.tx.polls, polls + 1);

	*fr = 0; /* room again: the UART is back */
	pl011_port_putc(&p, 'c');
	KTEST_EXPECT_EQ(ctx, *dr, 'c');
	KTEST_EXPECT(ctx, !p.tx.dead);
}

// SPDX-License-Identifier: MIT
/*
 * The console on the Arm PL011 UART (registers: asm/pl011.h). The firmware (or QEMU) chose the baud rate; we
 * only send. Until the DTB is read, QEMU virt's address is assumed (its
 * page mapped Device-nGnRE by arm64_start()), so early panics can still
 * print -- except after an EFI boot, where the firmware's tables (DTB or
 * SPCR) must name it first.
 *
 * printk runs with interrupts off, so the wait for FIFO room is bounded:
 * a UART that stops taking characters for PL011_TX_TIMEOUT_HZ is given up
 * on and its characters dropped, one poll each, until it takes one again
 * (pl011_tx.c). The clock is the generic timer's counter (CNTVCT_EL0, Arm
 * ARM D12.1; readable from reset, before the timer driver), or the number
 * of polls where CNTFRQ_EL0 says 0.
 */
#include <asm/page.h>
#include <asm/pl011.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/console.h>

#define QEMU_VIRT_UART 0x09000000ul

#define POLLS_WITHOUT_COUNTER (1ull << 20)

static struct pl011_port console;

static volatile u32 *reg(const struct pl011_port *p, unsigned int off)
{
	return (volatile u32 *)(p->base + off);
}

u64 pl011_default_timeout(void)
{
	u64 freq = read_sysreg(cntfrq_el0);

	return freq ? freq / PL011_TX_TIMEOUT_HZ : POLLS_WITHOUT_COUNTER;
}

/* Polls until the UARTFR bits in mask are clear (true) or the UART is dead (false). */
static bool wait_clear(struct pl011_port *p, u32 mask)
{
	u64 freq = read_sysreg(cntfrq_el0);
	bool counter = freq != 0;
	u64 start = counter ? read_sysreg(cntvct_el0) : 0, polls = 0;

	if (!p->tx.timeout)
		p->tx.timeout = pl011_default_timeout();
	for (;;) {
		u64 now = counter ? read_sysreg(cntvct_el0) : ++polls;

		switch (pl011_tx_poll(&p->tx, *reg(p, UARTFR) & mask, start, now)) {
		case PL011_SEND:
			return true;
		case PL011_DROP:
			return false;
		case PL011_WAIT:
			__asm__ __volatile__("yield" ::: "memory");
			break;
		}
	}
}

void pl011_port_putc(struct pl011_port *p, char c)
{
	if (wait_clear(p, UARTFR_TXFF))
		*reg(p, UARTDR) = (u8)c;
}

void pl011_port_flush(struct pl011_port *p)
{
	wait_clear(p, UARTFR_BUSY);
}

void arm64_console_assume_qemu_uart(void)
{
	arm64_early_map_device_page(QEMU_VIRT_UART);
}

void arm64_console_drop_assumed_uart(void)
{
	const struct mmio_range *u = &arm64_platform.uart;

	if (u->size && !(u->base <= QEMU_VIRT_UART && QEMU_VIRT_UART < u->base + u->size))
		arm64_early_unmap_page(QEMU_VIRT_UART);
}

/* The console's port, or NULL while booted by EFI and the tables have not named it yet. */
static struct pl011_port *console_port(void)
{
	phys_addr_t base = arm64_platform.uart.size ? arm64_platform.uart.base : QEMU_VIRT_UART;

	if (!arm64_platform.uart.size && arm64_platform.console_unknown)
		return NULL;
	console.base = (uintptr_t)phys_to_virt(base);
	return &console;
}

void arch_console_putc(char c)
{
	struct pl011_port *p = console_port();

	if (!p)
		return;
	if (c == '\n')
		pl011_port_putc(p, '\r');
	pl011_port_putc(p, c);
}

void arch_console_flush(void)
{
	struct pl011_port *p = console_port();

	if (p)
		pl011_port_flush(p);
}

int pl011_console_read_byte(void)
{
	struct pl011_port *p = console_port();

	if (!p || (*reg(p, UARTFR) & UARTFR_RXFE))
		return -1;
	return (int)(*reg(p, UARTDR) & 0xff);
}

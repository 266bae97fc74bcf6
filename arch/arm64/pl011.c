// SPDX-License-Identifier: MIT
/*
 * The console on the Arm PL011 UART (PrimeCell UART (PL011) Technical
 * Reference Manual, DDI 0183, §3.3: UARTDR 0x000, UARTFR 0x018 with TXFF
 * bit 5 and BUSY bit 3, UARTCR 0x030 with UARTEN bit 0 and TXE bit 8). The
 * firmware (or QEMU) chose the baud rate; we only send. Until the DTB is
 * read, QEMU virt's address is assumed, so early panics can still print.
 */
#include <asm/page.h>
#include <asm/setup.h>
#include <kernel/console.h>

#define QEMU_VIRT_UART 0x09000000ul

#define UARTDR 0x000
#define UARTFR 0x018
#define UARTFR_TXFF (1u << 5)
#define UARTFR_BUSY (1u << 3)

static volatile u32 *reg(unsigned int off)
{
	phys_addr_t base = arm64_platform.uart.size ? arm64_platform.uart.base : QEMU_VIRT_UART;

	return (volatile u32 *)((char *)phys_to_virt(base) + off);
}

static void put(char c)
{
	while (*reg(UARTFR) & UARTFR_TXFF)
		;
	*reg(UARTDR) = (u8)c;
}

void arch_console_putc(char c)
{
	if (c == '\n')
		put('\r');
	put(c);
}

void arch_console_flush(void)
{
	while (*reg(UARTFR) & UARTFR_BUSY)
		;
}

// SPDX-License-Identifier: MIT
/*
 * COM1, a 16550-compatible UART at I/O port 0x3f8, polled: 115200 baud, 8
 * data bits, no parity, 1 stop bit. Register map: the PC16550D data sheet
 * (THR/DLL +0, IER/DLM +1, FCR +2, LCR +3, MCR +4, LSR +5).
 */
#include <asm/setup.h>
#include <asm/io.h>
#include <kernel/console.h>

#define COM1 0x3f8
#define UART_THR 0 /* transmit holding (DLAB = 0) */
#define UART_DLL 0 /* divisor latch low (DLAB = 1) */
#define UART_IER 1
#define UART_DLM 1
#define UART_FCR 2
#define UART_LCR 3
#define UART_MCR 4
#define UART_LSR 5

#define LCR_8N1 0x03
#define LCR_DLAB 0x80
#define FCR_ENABLE_CLEAR 0x07 /* FIFO on, both FIFOs cleared */
#define MCR_DTR_RTS 0x03
#define LSR_THRE 0x20 /* room for another byte */
#define LSR_TEMT 0x40 /* transmitter completely empty */

#define UART_CLOCK_DIVISOR 1 /* 115200 = 1.8432 MHz / 16 / 1 */

/* Bounds every wait, so a machine without COM1 does not hang forever. */
#define UART_SPIN_LIMIT 1000000

void serial_init(void)
{
	outb(COM1 + UART_IER, 0); /* polled: no interrupts */
	outb(COM1 + UART_LCR, LCR_DLAB);
	outb(COM1 + UART_DLL, UART_CLOCK_DIVISOR & 0xff);
	outb(COM1 + UART_DLM, UART_CLOCK_DIVISOR >> 8);
	outb(COM1 + UART_LCR, LCR_8N1);
	outb(COM1 + UART_FCR, FCR_ENABLE_CLEAR);
	outb(COM1 + UART_MCR, MCR_DTR_RTS);
}

static void wait_lsr(unsigned char bit)
{
	for (int i = 0; i < UART_SPIN_LIMIT; i++) {
		if (inb(COM1 + UART_LSR) & bit)
			return;
		__asm__ __volatile__("pause");
	}
}

static void put_raw(char c)
{
	wait_lsr(LSR_THRE);
	outb(COM1 + UART_THR, (unsigned char)c);
}

void arch_console_putc(char c)
{
	if (c == '\n')
		put_raw('\r');
	put_raw(c);
}

void arch_console_flush(void)
{
	wait_lsr(LSR_TEMT);
}

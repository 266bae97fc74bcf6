// SPDX-License-Identifier: MIT
/*
 * COM1, a 16550-compatible UART at I/O port 0x3f8, polled: 115200 baud, 8
 * data bits, no parity, 1 stop bit. Register map: the PC16550D data sheet
 * (THR/DLL +0, IER/DLM +1, FCR/IIR +2, LCR +3, MCR +4, LSR +5).
 *
 * Every wait is bounded (kernel/uart_tx.c): a UART that stops reporting
 * room is given up on after one timeout and costs one status read per byte
 * from then on, so the console can lose output but never stall the machine.
 */
#include <asm/setup.h>
#include <asm/io.h>
#include <kernel/console.h>
#include <kernel/uart_tx.h>

#define COM1 0x3f8
#define UART_THR 0 /* transmit holding (DLAB = 0) */
#define UART_DLL 0 /* divisor latch low (DLAB = 1) */
#define UART_IER 1
#define UART_DLM 1
#define UART_FCR 2
#define UART_IIR 2 /* read */
#define UART_LCR 3
#define UART_MCR 4
#define UART_LSR 5

#define LCR_8N1 0x03
#define LCR_DLAB 0x80
#define FCR_ENABLE_CLEAR 0x07 /* FIFO on, both FIFOs cleared */
#define MCR_DTR_RTS 0x03
#define LSR_THRE 0x20	  /* room for another byte */
#define LSR_TEMT 0x40	  /* transmitter completely empty */
#define IIR_FIFOS_ON 0xc0 /* bits 7:6: the FIFOs are enabled (a 16550A) */
#define UART_FIFO_DEPTH 16

#define UART_CLOCK_DIVISOR 1 /* 115200 = 1.8432 MHz / 16 / 1 */

/*
 * Status reads one byte may wait for room. A byte takes 87 us at 115200
 * baud, so a full FIFO drains in 1.4 ms; a port read takes about 1 us on
 * real hardware, and an emulator that paces its UART in emulated time
 * (Bochs at 50 M instructions/s) needs some 15000 reads for the same FIFO.
 * This is ten times that before the UART is declared dead -- once: after
 * that each byte costs one read until it has room again.
 */
#define UART_SPIN_LIMIT 200000

static struct uart_tx com1_tx = UART_TX_INIT(UART_SPIN_LIMIT, 1);

void serial_init(void)
{
	outb(COM1 + UART_IER, 0); /* polled: no interrupts */
	outb(COM1 + UART_LCR, LCR_DLAB);
	outb(COM1 + UART_DLL, UART_CLOCK_DIVISOR & 0xff);
	outb(COM1 + UART_DLM, UART_CLOCK_DIVISOR >> 8);
	outb(COM1 + UART_LCR, LCR_8N1);
	outb(COM1 + UART_FCR, FCR_ENABLE_CLEAR);
	outb(COM1 + UART_MCR, MCR_DTR_RTS);
	/* With working FIFOs one "holding register empty" means 16 free places. */
	if ((inb(COM1 + UART_IIR) & IIR_FIFOS_ON) == IIR_FIFOS_ON)
		com1_tx.fifo_depth = UART_FIFO_DEPTH;
}

static bool thr_empty(void *ctx)
{
	(void)ctx;
	return inb(COM1 + UART_LSR) & LSR_THRE;
}

static bool transmitter_empty(void *ctx)
{
	(void)ctx;
	return inb(COM1 + UART_LSR) & LSR_TEMT;
}

static void cpu_pause(void)
{
	__asm__ __volatile__("pause");
}

static void put_raw(char c)
{
	if (uart_tx_may_send(&com1_tx, thr_empty, NULL, cpu_pause))
		outb(COM1 + UART_THR, (unsigned char)c);
}

/* COM1, and port 0xe9 when console=debugcon is on (debugcon.c). */
static void put_both(char c)
{
	put_raw(c);
	debugcon_putc(c);
}

void arch_console_putc(char c)
{
	if (c == '\n')
		put_both('\r');
	put_both(c);
}

void arch_console_flush(void)
{
	uart_tx_drain(&com1_tx, transmitter_empty, NULL, cpu_pause);
}

/*
 * A byte the console's UART received, or -1 (the verdict's hold waits for
 * one: kernel/verdict_hold.c). LSR bit 0 says the receive buffer holds a
 * byte (PC16550D data sheet, "Line Status Register"); an LSR of 0xff is
 * no UART at all (nothing decodes the port).
 */
#define LSR_DATA_READY 0x01
#define UART_RBR 0 /* receive buffer (DLAB = 0) */

int x86_serial_read_byte(void)
{
	u8 lsr = inb(COM1 + UART_LSR);

	if (lsr == 0xff || !(lsr & LSR_DATA_READY))
		return -1;
	return inb(COM1 + UART_RBR);
}

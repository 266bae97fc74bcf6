// SPDX-License-Identifier: MIT
/*
 * The serial console: an 8250/16550-compatible UART, polled, 8 data bits,
 * no parity, 1 stop bit. Register map: the PC16550D data sheet (THR/DLL +0,
 * IER/DLM +1, FCR/IIR +2, LCR +3, MCR +4, LSR +5), each register one I/O
 * port, or in memory space reg_bytes wide and reg_bytes apart.
 *
 * Which UART, in order:
 * 1. console=ttyS<n>[,baud] on the command line: the PC's COMn+1 at the
 *    ports Linux gives ttyS0-3 (0x3f8, 0x2f8, 0x3e8, 0x2e8), from the first
 *    byte on; the SPCR is then not looked at.
 * 2. The ACPI SPCR table's UART (kernel/fw/acpi_spcr.c), once ACPI is read
 *    (serial_init_acpi(), from arch_timer_init()): the port or MMIO
 *    registers firmware uses for its own console -- COM2 on many servers,
 *    a 32-bit MMIO UART on SoC laptops. Until then the console is on COM1,
 *    so on such a machine the lines before it are on the screen only.
 * 3. COM1 at 115200 baud.
 *
 * Every wait is bounded (kernel/console/uart_tx.c): a UART that stops reporting
 * room is given up on after one timeout and costs one status read per byte
 * from then on, so the console can lose output but never stall the machine.
 * Writing to ports of an absent UART is harmless; reads give 0xff.
 */
#include <asm/io.h>
#include <asm/mmu.h>
#include <asm/setup.h>
#include <kernel/acpi.h>
#include <kernel/cmdline.h>
#include <kernel/console.h>
#include <kernel/printk.h>
#include <kernel/uart_tx.h>
#include <string.h>

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
#define UART_NR_REGS 8

#define LCR_8N1 0x03
#define LCR_DLAB 0x80
#define FCR_ENABLE_CLEAR 0x07 /* FIFO on, both FIFOs cleared */
#define MCR_DTR_RTS 0x03
#define LSR_THRE 0x20	  /* room for another byte */
#define LSR_TEMT 0x40	  /* transmitter completely empty */
#define IIR_FIFOS_ON 0xc0 /* bits 7:6: the FIFOs are enabled (a 16550A) */
#define UART_FIFO_DEPTH 16

#define UART_DEFAULT_CLOCK 1843200 /* the PC's 1.8432 MHz: 115200 baud at divisor 1 */
#define UART_DEFAULT_BAUD 115200

/*
 * Status reads one byte may wait for room. A byte takes 87 us at 115200
 * baud, so a full FIFO drains in 1.4 ms; a port read takes about 1 us on
 * real hardware, and an emulator that paces its UART in emulated time
 * (Bochs at 50 M instructions/s) needs some 15000 reads for the same FIFO.
 * This is ten times that before the UART is declared dead -- once: after
 * that each byte costs one read until it has room again.
 */
#define UART_SPIN_LIMIT 200000

struct uart8250 {
	bool mmio;
	u16 port;	    /* I/O space */
	volatile u8 *regs;  /* memory space, mapped uncached */
	u8 reg_bytes;	    /* memory space: access width and register distance */
	phys_addr_t phys;   /* memory space: for the log */
	const char *source; /* why this one: "console=", "SPCR", "default" */
};

/* The PC's ports of ttyS0-3 (Linux's include/asm/serial.h, the COM1-4 of every PC BIOS). */
static const u16 com_ports[] = { 0x3f8, 0x2f8, 0x3e8, 0x2e8 };

static struct uart8250 uart = { .port = COM1, .reg_bytes = 1, .source = "default" };
static struct uart_tx uart_tx = UART_TX_INIT(UART_SPIN_LIMIT, 1);
static struct cmdline early_cmdline; /* kernel_main() parses the real one later */

static u8 reg_read(unsigned int reg)
{
	volatile u8 *r;

	if (!uart.mmio)
		return inb((u16)(uart.port + reg));
	r = uart.regs + reg * uart.reg_bytes;
	switch (uart.reg_bytes) {
	case 4:
		return (u8) * (volatile u32 *)r;
	case 2:
		return (u8) * (volatile u16 *)r;
	default:
		return *r;
	}
}

static void reg_write(unsigned int reg, u8 v)
{
	volatile u8 *r;

	if (!uart.mmio) {
		outb((u16)(uart.port + reg), v);
		return;
	}
	r = uart.regs + reg * uart.reg_bytes;
	switch (uart.reg_bytes) {
	case 4:
		*(volatile u32 *)r = v;
		break;
	case 2:
		*(volatile u16 *)r = v;
		break;
	default:
		*r = v;
		break;
	}
}

/* Polled, 8N1, FIFOs on; the divisor only when baud is given (0: firmware's). */
static void program(u32 baud, u32 clock_hz)
{
	uart_tx = (struct uart_tx)UART_TX_INIT(UART_SPIN_LIMIT, 1);
	reg_write(UART_IER, 0); /* polled: no interrupts */
	if (baud) {
		u32 divisor = (clock_hz ? clock_hz : UART_DEFAULT_CLOCK) / (16 * baud);

		if (divisor == 0)
			divisor = 1;
		reg_write(UART_LCR, LCR_DLAB);
		reg_write(UART_DLL, divisor & 0xff);
		reg_write(UART_DLM, (divisor >> 8) & 0xff);
	}
	reg_write(UART_LCR, LCR_8N1);
	reg_write(UART_FCR, FCR_ENABLE_CLEAR);
	reg_write(UART_MCR, MCR_DTR_RTS);
	/* With working FIFOs one "holding register empty" means 16 free places. */
	if ((reg_read(UART_IIR) & IIR_FIFOS_ON) == IIR_FIFOS_ON)
		uart_tx.fifo_depth = UART_FIFO_DEPTH;
}

/* console=ttyS<n>[,baud]: n (0-3) and the baud rate; false for any other console=. */
static bool parse_ttys(const char *v, unsigned int *n, u32 *baud)
{
	u32 b = 0;

	if (strncmp(v, "ttyS", 4) != 0 || v[4] < '0' || v[4] > '3' || (v[5] != '\0' && v[5] != ','))
		return false;
	*n = (unsigned int)(v[4] - '0');
	if (v[5] == ',')
		for (const char *p = v + 6; *p >= '0' && *p <= '9' && b < 1000000; p++)
			b = b * 10 + (u32)(*p - '0');
	*baud = b ? b : UART_DEFAULT_BAUD;
	return true;
}

void serial_init(const char *cmdline)
{
	u32 baud = UART_DEFAULT_BAUD;

	/* Every console= word counts (console=ttyS1 console=debugcon): the last ttyS wins. */
	cmdline_parse(&early_cmdline, cmdline);
	for (unsigned int i = 0; i < early_cmdline.nr_words; i++) {
		const struct cmdline_word *w = &early_cmdline.words[i];
		unsigned int n;

		if (w->has_value && strcmp(w->key, "console") == 0 &&
		    parse_ttys(w->value, &n, &baud)) {
			uart.port = com_ports[n];
			uart.source = "console=";
		}
	}
	program(baud, 0);
}

void serial_init_acpi(void)
{
	const struct acpi_table_header *t;
	struct acpi_spcr spcr;
	int err;

	if (strcmp(uart.source, "console=") == 0) {
		pr_info("serial: console on I/O port %#x (console=)\n", uart.port);
		return;
	}
	t = acpi_find_table("SPCR", 0);
	if (!t) {
		pr_info("serial: no SPCR; console on COM1 (I/O port %#x)\n", uart.port);
		return;
	}
	err = acpi_spcr_parse(t, t->length, &spcr);
	if (err || !acpi_spcr_is_8250(&spcr)) {
		pr_warn("serial: SPCR UART (type %#x) is not an 8250 this kernel can use (%d); "
			"console stays on COM1\n",
			spcr.interface_type, err);
		return;
	}
	if (spcr.mmio) {
		volatile void *regs = x86_map_mmio(spcr.address, UART_NR_REGS * spcr.reg_bytes);

		if (!regs) {
			pr_warn("serial: cannot map the SPCR UART at %#lx\n",
				(unsigned long)spcr.address);
			return;
		}
		uart = (struct uart8250){ .mmio = true,
					  .regs = regs,
					  .reg_bytes = spcr.reg_bytes,
					  .phys = spcr.address,
					  .source = "SPCR" };
	} else {
		uart = (struct uart8250){ .port = (u16)spcr.address,
					  .reg_bytes = 1,
					  .source = "SPCR" };
	}
	program(spcr.baud, spcr.clock_hz);
	/* Printed on the new UART: its first line says where it is. */
	if (uart.mmio)
		pr_info("serial: console on the SPCR's UART, MMIO %#lx, %u-bit registers, %u "
			"baud\n",
			(unsigned long)uart.phys, uart.reg_bytes * 8, spcr.baud);
	else
		pr_info("serial: console on the SPCR's UART, I/O port %#x, %u baud\n", uart.port,
			spcr.baud);
}

static bool thr_empty(void *ctx)
{
	(void)ctx;
	return reg_read(UART_LSR) & LSR_THRE;
}

static bool transmitter_empty(void *ctx)
{
	(void)ctx;
	return reg_read(UART_LSR) & LSR_TEMT;
}

static void cpu_pause(void)
{
	__asm__ __volatile__("pause");
}

static void put_raw(char c)
{
	if (uart_tx_may_send(&uart_tx, thr_empty, NULL, cpu_pause))
		reg_write(UART_THR, (u8)c);
}

/* The UART, and port 0xe9 when console=debugcon is on (debugcon.c). */
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
	uart_tx_drain(&uart_tx, transmitter_empty, NULL, cpu_pause);
}

/*
 * A byte the console's UART received, or -1 (the verdict's hold waits for
 * one: kernel/verdict/verdict_hold.c). LSR bit 0 says the receive buffer holds a
 * byte (PC16550D data sheet, "Line Status Register"); an LSR of 0xff is
 * no UART at all (nothing decodes the port).
 */
#define LSR_DATA_READY 0x01
#define UART_RBR 0 /* receive buffer (DLAB = 0) */

int x86_serial_read_byte(void)
{
	u8 lsr = reg_read(UART_LSR); /* the console's UART: console=, the SPCR's, or COM1 */

	if (lsr == 0xff || !(lsr & LSR_DATA_READY))
		return -1;
	return reg_read(UART_RBR);
}

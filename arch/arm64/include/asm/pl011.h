/* SPDX-License-Identifier: MIT */
/*
 * The PL011 console's transmit side (arch/arm64/pl011.c): a port, and the
 * decision that keeps a stuck UART from stopping the machine
 * (arch/arm64/pl011_tx.c, unit-tested on the host).
 */
#ifndef ASM_PL011_H
#define ASM_PL011_H

#include <kernel/types.h>

/*
 * PrimeCell UART (PL011) Technical Reference Manual, DDI 0183, §3.3: the
 * data register, and the flag register with TXFF (transmit FIFO full)
 * and BUSY (still sending).
 */
#define UARTDR 0x000
#define UARTFR 0x018
#define UARTFR_TXFF (1u << 5)
#define UARTFR_BUSY (1u << 3)
#define UARTFR_RXFE (1u << 4) /* receive FIFO empty (PL011 TRM, DDI 0183, §3.3.3) */

/*
 * How long one character may wait for room in the transmit FIFO before the
 * UART is given up on: 10 ms, over 100 character times at 115200 baud and
 * ten at 9600, where a working UART frees a slot in one.
 */
#define PL011_TX_TIMEOUT_HZ 100

struct pl011_tx {
	u64 timeout; /* ticks of the clock pl011_tx_poll() is given */
	bool dead;   /* gave up: characters are dropped while the FIFO is full */
	u64 polls;   /* pl011_tx_poll() calls so far: what a wait cost, for the self-test */
};

enum pl011_action {
	PL011_SEND, /* room in the FIFO: write the character */
	PL011_WAIT, /* full, still within the time-out: poll again */
	PL011_DROP, /* full and dead (or just timed out): drop the character */
};

/*
 * One poll for a character that started waiting at start (now is the same
 * clock): a full FIFO is waited on for at most tx->timeout, after which
 * the UART is marked dead and its characters dropped without waiting; a
 * FIFO with room revives it. Never waits itself; pure.
 */
enum pl011_action pl011_tx_poll(struct pl011_tx *tx, bool fifo_full, u64 start, u64 now);

/* A PL011 at a mapped virtual address, and its transmit state. */
struct pl011_port {
	uintptr_t base;
	struct pl011_tx tx;
};

/* Sends one byte (no '\n' translation), waiting at most tx.timeout. */
void pl011_port_putc(struct pl011_port *p, char c);
/* A byte the console's UART received, or -1 (the verdict's hold waits for one). */
int pl011_console_read_byte(void);

/* Waits, at most tx.timeout, until the UART has sent everything. */
void pl011_port_flush(struct pl011_port *p);

/* The timeout in the clock pl011_port_putc() polls with (the generic timer's counter). */
u64 pl011_default_timeout(void);

#endif

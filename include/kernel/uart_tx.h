/* SPDX-License-Identifier: MIT */
/*
 * The transmit policy of a polled UART console: how long a byte may wait
 * for room, and when to stop waiting. A console that blocks the machine is
 * worse than one that loses bytes: the kernel prints with interrupts off,
 * so an unbounded (or merely long) wait per byte stalls everything. A wait
 * that times out marks the UART dead; from then on each byte costs one
 * status read and is dropped unless the UART has room again, which revives
 * it. One "transmitter empty" makes room for a whole FIFO.
 *
 * Pure: the driver passes the status read as a function (kernel/console/uart_tx.c,
 * unit-tested on the host by tests/unit/test_uart_tx.c).
 */
#ifndef KERNEL_UART_TX_H
#define KERNEL_UART_TX_H

#include <kernel/types.h>

struct uart_tx {
	unsigned int spin_limit; /* status reads one byte may wait, while alive */
	unsigned int fifo_depth; /* bytes one "transmitter empty" makes room for (>= 1) */
	unsigned int room;	 /* bytes that may still go without asking */
	bool dead;		 /* the last wait timed out: never wait again until it has room */
	unsigned long dropped;	 /* bytes dropped while dead */
	unsigned long timeouts;	 /* waits that timed out */
};

#define UART_TX_INIT(limit, depth)                           \
	{                                                    \
		.spin_limit = (limit), .fifo_depth = (depth) \
	}

/*
 * Whether the next byte may be written now. tx_empty(ctx) reads the UART's
 * "transmitter holding register (or FIFO) empty" status; pause() (may be
 * NULL) runs between reads. Reads it at most spin_limit times while the
 * UART is alive, once when it is dead. False: drop the byte.
 */
bool uart_tx_may_send(struct uart_tx *u, bool (*tx_empty)(void *ctx), void *ctx,
		      void (*pause)(void));

/*
 * For a flush: waits (within the same bounds) until done(ctx) is true.
 * Returns done's last answer; never waits on a dead UART.
 */
bool uart_tx_drain(struct uart_tx *u, bool (*done)(void *ctx), void *ctx, void (*pause)(void));

#endif

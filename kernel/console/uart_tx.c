// SPDX-License-Identifier: MIT
/* The bounded transmit policy of a polled UART console (see <kernel/uart_tx.h>). */
#include <kernel/uart_tx.h>

/* Reads status until it says yes, at most limit times; true if it did. */
static bool poll(bool (*status)(void *ctx), void *ctx, void (*pause)(void), unsigned int limit)
{
	for (unsigned int i = 0; i < limit; i++) {
		if (status(ctx))
			return true;
		if (pause)
			pause();
	}
	return false;
}

bool uart_tx_may_send(struct uart_tx *u, bool (*tx_empty)(void *ctx), void *ctx,
		      void (*pause)(void))
{
	if (u->room && !u->dead) {
		u->room--;
		return true;
	}
	if (!poll(tx_empty, ctx, pause, u->dead ? 1 : u->spin_limit)) {
		if (!u->dead)
			u->timeouts++;
		u->dead = true;
		u->dropped++;
		return false;
	}
	u->dead = false; /* it has room again: wait for it as before */
	u->room = (u->fifo_depth ? u->fifo_depth : 1) - 1;
	return true;
}

bool uart_tx_drain(struct uart_tx *u, bool (*done)(void *ctx), void *ctx, void (*pause)(void))
{
	return poll(done, ctx, pause, u->dead ? 1 : u->spin_limit);
}

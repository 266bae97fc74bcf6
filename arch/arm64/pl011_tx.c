// SPDX-License-Identifier: MIT
/*
 * The PL011 console's decision per poll (asm/pl011.h): bounded waiting,
 * then giving up on a UART that stopped taking characters, so printk with
 * interrupts off never spins forever. Pure: unit-tested on the host
 * (tests/unit/test_arm64.c).
 */
#include <asm/pl011.h>

enum pl011_action pl011_tx_poll(struct pl011_tx *tx, bool fifo_full, u64 start, u64 now)
{
	tx->polls++;
	if (!fifo_full) {
		tx->dead = false;
		return PL011_SEND;
	}
	if (tx->dead)
		return PL011_DROP;
	if (now - start >= tx->timeout) {
		tx->dead = true;
		return PL011_DROP;
	}
	return PL011_WAIT;
}

// SPDX-License-Identifier: MIT
/*
 * What is typed on arm64: the console's PL011 (the serial console is the
 * only keyboard; a USB keyboard on the screen is not read). The receive
 * FIFO is read from the clock tick (kernel/tty/tty_io.c) rather than from
 * its receive interrupt: the PL011's FIFO holds 32 bytes (PL011 TRM,
 * "UARTDR"), 2.8 ms at 115200 baud, and a person types far slower than
 * the 100 Hz tick reads; QEMU's PL011 holds back what its FIFO cannot take.
 */
#include <asm/pl011.h>
#include <kernel/tty.h>

int arch_console_read_byte(void)
{
	return pl011_console_read_byte();
}

// SPDX-License-Identifier: MIT
/*
 * The polled console's transmit policy (kernel/console/uart_tx.c) against a fake
 * UART: a byte waits at most spin_limit status reads; a UART that never
 * reports room is declared dead after one such wait and then costs exactly
 * one read per byte (dropped); room again revives it; one "empty" makes
 * room for a whole FIFO; a flush never waits on a dead UART.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <kernel/uart_tx.h>

struct fake_uart {
	bool has_room;		  /* what the status read answers */
	unsigned int reads;	  /* status reads so far */
	unsigned int ready_after; /* answer yes from this read on (0: use has_room) */
};

static bool fake_empty(void *ctx)
{
	struct fake_uart *f = ctx;

	f->reads++;
	if (f->ready_after)
		return f->reads >= f->ready_after;
	return f->has_room;
}

static void test_ready_uart_sends_with_one_read(void **state)
{
	struct uart_tx u = UART_TX_INIT(100, 1);
	struct fake_uart f = { .has_room = true };

	(void)state;
	for (int i = 0; i < 5; i++)
		assert_true(uart_tx_may_send(&u, fake_empty, &f, NULL));
	assert_int_equal(f.reads, 5);
	assert_false(u.dead);
	assert_int_equal(u.dropped, 0);
}

static void test_slow_uart_is_waited_for(void **state)
{
	struct uart_tx u = UART_TX_INIT(100, 1);
	struct fake_uart f = { .ready_after = 60 };

	(void)state;
	assert_true(uart_tx_may_send(&u, fake_empty, &f, NULL));
	assert_int_equal(f.reads, 60);
	assert_false(u.dead);
}

static void test_stuck_uart_dies_after_one_bounded_wait(void **state)
{
	struct uart_tx u = UART_TX_INIT(100, 1);
	struct fake_uart f = { .has_room = false };

	(void)state;
	assert_false(uart_tx_may_send(&u, fake_empty, &f, NULL));
	assert_int_equal(f.reads, 100); /* the whole limit, once */
	assert_true(u.dead);
	assert_int_equal(u.timeouts, 1);
	/* From now on: one read per byte, and the byte is dropped. */
	for (int i = 0; i < 1000; i++)
		assert_false(uart_tx_may_send(&u, fake_empty, &f, NULL));
	assert_int_equal(f.reads, 100 + 1000);
	assert_int_equal(u.dropped, 1001);
	assert_int_equal(u.timeouts, 1);
}

static void test_dead_uart_revives_when_it_has_room(void **state)
{
	struct uart_tx u = UART_TX_INIT(100, 1);
	struct fake_uart f = { .has_room = false };

	(void)state;
	assert_false(uart_tx_may_send(&u, fake_empty, &f, NULL));
	assert_true(u.dead);
	f.has_room = true;
	assert_true(uart_tx_may_send(&u, fake_empty, &f, NULL));
	assert_false(u.dead);
	/* Alive again: a stall is waited for with the full limit once more. */
	f.has_room = false;
	f.reads = 0;
	assert_false(uart_tx_may_send(&u, fake_empty, &f, NULL));
	assert_int_equal(f.reads, 100);
	assert_int_equal(u.timeouts, 2);
}

static void test_fifo_room_saves_reads(void **state)
{
	struct uart_tx u = UART_TX_INIT(100, 16);
	struct fake_uart f = { .has_room = true };

	(void)state;
	for (int i = 0; i < 32; i++)
		assert_true(uart_tx_may_send(&u, fake_empty, &f, NULL));
	assert_int_equal(f.reads, 2); /* one "empty" per 16 bytes */
}

static unsigned int pauses;

static void count_pause(void)
{
	pauses++;
}

static void test_pause_between_reads(void **state)
{
	struct uart_tx u = UART_TX_INIT(10, 1);
	struct fake_uart f = { .ready_after = 4 };

	(void)state;
	pauses = 0;
	assert_true(uart_tx_may_send(&u, fake_empty, &f, count_pause));
	assert_int_equal(pauses, 3);
}

static void test_drain_is_bounded_and_skips_dead(void **state)
{
	struct uart_tx u = UART_TX_INIT(50, 1);
	struct fake_uart f = { .has_room = false };

	(void)state;
	assert_false(uart_tx_drain(&u, fake_empty, &f, NULL));
	assert_int_equal(f.reads, 50);
	assert_false(uart_tx_may_send(&u, fake_empty, &f, NULL)); /* dies */
	f.reads = 0;
	assert_false(uart_tx_drain(&u, fake_empty, &f, NULL));
	assert_int_equal(f.reads, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ready_uart_sends_with_one_read),
		cmocka_unit_test(test_slow_uart_is_waited_for),
		cmocka_unit_test(test_stuck_uart_dies_after_one_bounded_wait),
		cmocka_unit_test(test_dead_uart_revives_when_it_has_room),
		cmocka_unit_test(test_fifo_room_saves_reads),
		cmocka_unit_test(test_pause_between_reads),
		cmocka_unit_test(test_drain_is_bounded_and_skips_dead),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

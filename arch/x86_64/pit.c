// SPDX-License-Identifier: MIT
/*
 * The tick from the 8254 PIT, channel 0 in mode 2 (rate generator) on IRQ 0.
 * Its input clock is 1.193182 MHz (Intel 82C54 data sheet). The PIT exists
 * on every PC and in both emulators; the LAPIC timer would need calibrating.
 */
#include <asm/io.h>
#include <asm/pic.h>
#include <asm/trap.h>
#include <kernel/timer.h>

#define PIT_CH0 0x40
#define PIT_CMD 0x43
#define PIT_CMD_CH0_LOHI_MODE2 0x34 /* channel 0, lobyte/hibyte, mode 2, binary */
#define PIT_INPUT_HZ 1193182u
#define IRQ_TIMER 0

static void pit_irq(void)
{
	timer_tick();
}

void arch_timer_init(unsigned int hz)
{
	u32 divisor = (PIT_INPUT_HZ + hz / 2) / hz;

	outb(PIT_CMD, PIT_CMD_CH0_LOHI_MODE2);
	outb(PIT_CH0, divisor & 0xff);
	outb(PIT_CH0, (divisor >> 8) & 0xff);
	irq_set_handler(IRQ_TIMER, pit_irq);
	pic_unmask(IRQ_TIMER);
}

// SPDX-License-Identifier: MIT
/*
 * 8259A set-up: the initialisation sequence ICW1-ICW4 of the Intel 8259A
 * data sheet, moving IRQ 0-7 to vectors 32-39 and IRQ 8-15 to 40-47 so they
 * do not collide with CPU exceptions, then masking every line: no device
 * interrupt is used, but a masked 8259 still raises a spurious IRQ 7/15.
 */
#include <asm/io.h>
#include <asm/pic.h>
#include <asm/trap.h>

#define PIC1_CMD 0x20
#define PIC1_DATA 0x21
#define PIC2_CMD 0xa0
#define PIC2_DATA 0xa1

#define ICW1_INIT_ICW4 0x11 /* edge-triggered, cascade, ICW4 follows */
#define ICW4_8086 0x01
#define OCW2_EOI 0x20
#define OCW3_READ_ISR 0x0b
#define CASCADE_IRQ 2

void pic_init(void)
{
	outb(PIC1_CMD, ICW1_INIT_ICW4);
	io_wait();
	outb(PIC2_CMD, ICW1_INIT_ICW4);
	io_wait();
	outb(PIC1_DATA, VEC_IRQ_BASE); /* ICW2: vector offsets */
	io_wait();
	outb(PIC2_DATA, VEC_IRQ_BASE + 8);
	io_wait();
	outb(PIC1_DATA, 1 << CASCADE_IRQ); /* ICW3: slave on IRQ 2 */
	io_wait();
	outb(PIC2_DATA, CASCADE_IRQ);
	io_wait();
	outb(PIC1_DATA, ICW4_8086);
	io_wait();
	outb(PIC2_DATA, ICW4_8086);
	io_wait();
	/* OCW1: every line masked; the tick is the local APIC's (timer.c). */
	outb(PIC1_DATA, 0xff);
	outb(PIC2_DATA, 0xff);
}

static u8 read_isr(u16 cmd_port)
{
	outb(cmd_port, OCW3_READ_ISR);
	return inb(cmd_port);
}

bool pic_is_spurious(unsigned int irq)
{
	if (irq == 7 && !(read_isr(PIC1_CMD) & 0x80))
		return true;
	if (irq == 15 && !(read_isr(PIC2_CMD) & 0x80)) {
		outb(PIC1_CMD, OCW2_EOI); /* the master did see a real cascade IRQ */
		return true;
	}
	return false;
}

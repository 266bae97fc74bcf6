/* SPDX-License-Identifier: MIT */
/* Port I/O instructions (Intel SDM vol. 1 §19, I/O instructions). */
#ifndef ASM_IO_H
#define ASM_IO_H

#include <kernel/types.h>

static inline void outb(u16 port, u8 v)
{
	__asm__ __volatile__("outb %0, %1" ::"a"(v), "Nd"(port));
}

static inline void outl(u16 port, u32 v)
{
	__asm__ __volatile__("outl %0, %1" ::"a"(v), "Nd"(port));
}

static inline void outw(u16 port, u16 v)
{
	__asm__ __volatile__("outw %0, %1" ::"a"(v), "Nd"(port));
}

static inline u16 inw(u16 port)
{
	u16 v;

	__asm__ __volatile__("inw %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline u32 inl(u16 port)
{
	u32 v;

	__asm__ __volatile__("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline u8 inb(u16 port)
{
	u8 v;

	__asm__ __volatile__("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/* A write to an unused port: a ~1 us delay old devices (the 8259) want. */
static inline void io_wait(void)
{
	outb(0x80, 0);
}

#endif

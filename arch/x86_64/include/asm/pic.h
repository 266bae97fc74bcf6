/* SPDX-License-Identifier: MIT */
/* The two cascaded 8259A interrupt controllers of the PC. */
#ifndef ASM_PIC_H
#define ASM_PIC_H

#include <kernel/types.h>

/* Remaps IRQ 0-15 to vectors VEC_IRQ_BASE.., all lines masked. */
void pic_init(void);

/* True for a spurious IRQ 7 / 15, which must not be acknowledged as real. */
bool pic_is_spurious(unsigned int irq);

#endif

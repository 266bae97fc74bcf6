/* SPDX-License-Identifier: MIT */
/*
 * x86_64 secondary-CPU start-up (arch/x86_64/smp.c, smp_trampoline.S).
 *
 * The trampoline page: an application processor starts in real mode at
 * the 4 KiB page a start-up IPI names, vector VV meaning physical
 * 0xVV000 (Intel SDM vol. 3A §9.4.4.2 and §11.6.1, "Start-Up"), so the
 * page lies below 1 MiB. We take 0x8000 (vector 0x08): conventional memory
 * that the firmware's memory map lists as usable RAM on PCs and OVMF, and
 * that the kernel never allocates (boot_info reserves all of the low
 * MiB). smp.c checks it is in a usable range and under no boot module
 * before it writes there.
 */
#ifndef ASM_SMP_H
#define ASM_SMP_H

#define TRAMPOLINE_PHYS 0x8000
#define TRAMPOLINE_SIPI_VECTOR (TRAMPOLINE_PHYS >> 12)

/* The trampoline's own GDT selectors (smp_trampoline.S). */
#define TRAMP_CS32 0x08
#define TRAMP_DS32 0x10
#define TRAMP_CS64 0x18

#ifndef __ASSEMBLER__
/*
 * Stops every other online CPU with an NMI (power-off, restart, a kernel
 * fault's report): they halt for good. The first caller wins; a later one
 * halts too, as it will be stopped anyway. Uses no per-CPU state.
 */
void x86_smp_stop_others(void);
/* The NMI handler's first step: halts for good if a CPU stops the others. */
void x86_smp_stop_if_asked(void);
#endif

#endif

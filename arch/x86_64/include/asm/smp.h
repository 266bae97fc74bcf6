/* SPDX-License-Identifier: MIT */
/*
 * x86_64 secondary-CPU start-up (arch/x86_64/smp.c, smp_trampoline.S).
 *
 * The trampoline page: an application processor starts in real mode at
 * the 4 KiB page a start-up IPI names, vector VV meaning physical
 * 0xVV000 (Intel SDM vol. 3A §9.4.4.2 and §11.6.1, "Start-Up"), so the
 * page lies below 1 MiB. Which page is chosen from the firmware's memory
 * map (trampoline_page.c): usable RAM the kernel never allocates
 * (boot_info reserves all of the low MiB), under no boot module. The code
 * there runs at whatever page it is copied to (smp_trampoline.S).
 */
#ifndef ASM_SMP_H
#define ASM_SMP_H

#define TRAMPOLINE_LOWEST 0x10000 /* not the first 64 KiB, as Linux */
#define TRAMPOLINE_LIMIT 0xa0000  /* below the VGA window and the EBDA's usual place */

/* The trampoline's own GDT selectors (smp_trampoline.S). */
#define TRAMP_CS32 0x08
#define TRAMP_DS32 0x10
#define TRAMP_CS64 0x18

#ifndef __ASSEMBLER__
#include <kernel/boot.h>

/*
 * The trampoline page: the lowest 4 KiB page in [TRAMPOLINE_LOWEST,
 * TRAMPOLINE_LIMIT) wholly inside one usable range and overlapping no busy
 * one; 0 when there is none.
 */
phys_addr_t x86_trampoline_choose(const struct mem_range *usable, unsigned int nr_usable,
				  const struct mem_range *busy, unsigned int nr_busy);

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

// SPDX-License-Identifier: MIT
/*
 * The IDT: 256 interrupt gates (SDM vol. 3A §6.14.1), all pointing at the
 * stubs in trap_entry.S. Interrupt gates clear IF on entry, so handlers run
 * with interrupts off. Faults that must not trust the current stack get an
 * IST stack (SDM vol. 3A §6.14.5): a kernel-stack overflow becomes a #DF on
 * a known-good stack; NMI and #MC can strike anywhere; and #DB can come on
 * the first instruction of syscall_entry, while RSP is still the user's
 * (a SYSCALL executed with TF set). Each has its own: none of these can
 * nest inside itself.
 */
#include <asm/segment.h>
#include <asm/setup.h>
#include <asm/trap.h>
#include <kernel/compiler.h>
#include <kernel/types.h>

struct idt_gate {
	u16 offset_low;
	u16 selector;
	u8 ist;
	u8 type_attr;
	u16 offset_mid;
	u32 offset_high;
	u32 reserved;
} __packed;

#define GATE_INTERRUPT 0x8e	 /* P = 1, DPL = 0, type 0xE: 64-bit interrupt gate */
#define GATE_INTERRUPT_USER 0xee /* DPL = 3: INT3 and INTO may be used from ring 3 */

extern const char trap_stubs[];

static struct idt_gate idt[NR_VECTORS] __aligned(16);

static void set_gate(unsigned int vec, unsigned int ist)
{
	u64 addr = (u64)trap_stubs + (u64)vec * TRAP_STUB_SIZE;

	idt[vec] = (struct idt_gate){
		.offset_low = addr & 0xffff,
		.selector = KERNEL_CS,
		.ist = (u8)ist,
		/*
		 * The gate's DPL is checked against CPL only for INT n, INT3 and
		 * INTO (SDM vol. 3A §6.12.1.1): user space may raise #BP and #OF.
		 */
		.type_attr = (vec == VEC_BREAKPOINT || vec == VEC_OVERFLOW) ? GATE_INTERRUPT_USER
									    : GATE_INTERRUPT,
		.offset_mid = (addr >> 16) & 0xffff,
		.offset_high = (u32)(addr >> 32),
	};
}

void idt_load(void)
{
	struct __packed {
		u16 limit;
		u64 base;
	} p = { sizeof(idt) - 1, (u64)idt };

	__asm__ __volatile__("lidt %0" ::"m"(p));
}

void idt_init(void)
{
	for (unsigned int v = 0; v < NR_VECTORS; v++)
		set_gate(v, 0);
	set_gate(VEC_DOUBLE_FAULT, IST_DOUBLE_FAULT);
	set_gate(VEC_NMI, IST_NMI);
	set_gate(VEC_MACHINE_CHECK, IST_MACHINE_CHECK);
	set_gate(VEC_DEBUG, IST_DEBUG);
	idt_load();
}

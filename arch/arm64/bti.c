// SPDX-License-Identifier: MIT
/*
 * User Branch Target Identification (FEAT_BTI), as Linux gives it to EL0
 * (docs/ABI.md §5.11).
 *
 * In a guarded page (the GP bit of its stage 1 leaf, Arm ARM D8.3 and
 * D8.4.6) every instruction reached by BR/BLR must be a landing pad that
 * accepts the branch's PSTATE.BTYPE: BTI c after a BLR (BTYPE 0b10), BTI j
 * after a BR (0b01/0b11), BTI jc either; PACIASP/PACIBSP count as BTI c,
 * and with SCTLR_EL1.BT0 set not for a BR through a register other than
 * x16/x17 (0b11) -- Linux sets BT0 so only the veneer registers may jump to
 * a function entry. Anything else raises a Branch Target exception (ESR
 * class 0x0d, D1.3.3), which Linux reports as SIGILL ILL_ILLOPC at the PC
 * (user_fault.c). BTYPE is part of PSTATE, so it is saved in SPSR_EL1 on
 * every exception and comes back with ERET (C5.2.18).
 *
 * Which pages are guarded is the program's choice: mmap/mprotect's
 * PROT_BTI, and exec maps the executable segments of a program whose GNU
 * property says BTI that way (kernel/proc/elf_property.c).
 */
#include <asm/mman.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/exec.h>
#include <kernel/printk.h>
#include <uapi/asm-arm64/mman.h>
#include <uapi/linux/elf.h>

bool arm64_bti_supported;

/*
 * On the boot CPU before the others start: they take SCTLR_EL1 from it
 * (smp.c). Only BT0 (EL0); BT1 belongs to the kernel's own BTI.
 */
void arm64_bti_init(void)
{
	if (!id_field(read_sysreg(id_aa64pfr1_el1), ID_AA64PFR1_BT_SHIFT))
		return;
	write_sysreg(sctlr_el1, read_sysreg(sctlr_el1) | SCTLR_BT0);
	isb();
	arm64_bti_supported = true;
	pr_info("bti: user Branch Target Identification available (SCTLR_EL1.BT0 set)\n");
}

unsigned int arch_vm_prot_bits(unsigned long prot)
{
	return arm64_bti_supported ? (unsigned int)(prot & PROT_BTI) : 0;
}

unsigned long arch_prot_supported(void)
{
	return arm64_bti_supported ? PROT_BTI : 0;
}

const u32 arch_elf_property_type = GNU_PROPERTY_AARCH64_FEATURE_1_AND;

/* Linux's arch_elf_adjust_prot() for a static program (no interpreter). */
unsigned int arch_elf_exec_prot(u32 features)
{
	return arm64_bti_supported && (features & GNU_PROPERTY_AARCH64_FEATURE_1_BTI) ? PROT_BTI
										      : 0;
}

/*
 * Signal delivery is an indirect call of the handler: BTYPE as a BLR
 * leaves it, so a handler in a guarded page must start with a landing pad
 * (Linux's setup_return()).
 */
void arm64_bti_signal_entry(u64 *spsr)
{
	if (arm64_bti_supported)
		*spsr = (*spsr & ~SPSR_BTYPE) | SPSR_BTYPE_C;
}

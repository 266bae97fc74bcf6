// SPDX-License-Identifier: MIT
/*
 * Kernel BTI, as Linux's CONFIG_ARM64_BTI_KERNEL. With FEAT_BTI, an
 * indirect branch (BR, BLR) into a guarded page -- a stage-1 leaf with the
 * GP bit -- must land on a BTI instruction whose kind accepts it (BTI C
 * for a call or a BR through X16/X17, BTI J for a jump), or the next
 * instruction raises a Branch Target exception, ESR class 0x0d, with the
 * branch's BTYPE in ISS[1:0] (Arm ARM D8.4.2 "Guarded pages", D24.2.43
 * ESR_EL1). So the kernel is compiled with its landing pads
 * (build.mk: -mbranch-protection=bti) and its text mapped guarded
 * (mmu.c, leaf_flags()); exception entry is no branch (it sets
 * PSTATE.BTYPE to 0), so the vectors need none, and entry.S's other asm
 * is reached by RET or direct branches only.
 *
 * SCTLR_EL1.BT1 = 1, as Linux: PACIASP and PACIBSP stop being landing
 * pads for a BR through another register (BTYPE 0b11) at EL1 (Arm ARM
 * D24.2.158 SCTLR_EL1). The kernel uses no PAC, so it changes nothing for
 * Umbra's code today; it keeps the rule Linux relies on.
 *
 * It is on when ID_AA64PFR1_EL1.BT says FEAT_BTI (D24.2.81), unless
 * kbti=off is given: then the text is mapped unguarded and the landing
 * pads are NOPs. A Branch Target exception at EL1 is a panic naming it
 * (traps.c, kernel_fault()).
 */
#include <asm/pte.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <kernel/cmdline.h>
#include <kernel/crashtest.h>
#include <kernel/printk.h>
#include <kernel/verdict.h>
#include <string.h>

static bool has_bti, kbti_on;

void arm64_kernel_bti_init(void)
{
	const char *opt = cmdline_get(&kernel_cmdline, "kbti");

	has_bti = id_field(read_sysreg(id_aa64pfr1_el1), ID_AA64PFR1_BT_SHIFT) != 0;
	if (!has_bti)
		return;
	if (opt && strcmp(opt, "off") == 0) {
		pr_info("bti: kernel BTI switched off by kbti=off\n");
		return;
	}
	kbti_on = true;
}

u64 arm64_kernel_text_gp(void)
{
	return kbti_on ? PTE_GP : 0;
}

/* Every CPU: the secondaries start with the boot CPU's SCTLR_EL1 (smp.c). */
void arm64_kernel_bti_enable(void)
{
	if (!kbti_on)
		return;
	write_sysreg(sctlr_el1, read_sysreg(sctlr_el1) | SCTLR_BT1);
	isb();
	pr_info("bti: kernel BTI on (kernel text guarded, SCTLR_EL1.BT1)\n");
}

/* ISS[1:0] of a Branch Target exception: the BTYPE of the branch that landed there. */
void arm64_kernel_bti_describe(const struct trap_frame *f)
{
	/* PSTATE.BTYPE by branch (Arm ARM D8.4.1): BR from an unguarded page counts as x16/x17. */
	static const char *const btype[] = { "none", "BR through x16/x17", "BLR, a call",
					     "BR, a jump" };
	unsigned int b = (unsigned int)(f->esr & 3);

	printk("kernel BTI: an indirect branch (BTYPE %u: %s) landed at %#lx, not on a BTI "
	       "landing pad\n",
	       b, btype[b], (unsigned long)f->elr);
}

/* BTI C: HINT #34 (Arm ARM C6.2.41 BTI). */
#define INSN_BTI_C 0xd503245fu

size_t arch_cfi_landing_pad_size(const void *fn)
{
	u32 insn;

	memcpy(&insn, fn, sizeof(insn));
	return insn == INSN_BTI_C ? sizeof(insn) : 0;
}

const char arch_kernel_cfi_name[] = "Kernel BTI";

const char *arch_kernel_cfi_state(void)
{
	if (kbti_on)
		return "on";
	if (!has_bti)
		return "absent";
	return "off (kbti=off)";
}

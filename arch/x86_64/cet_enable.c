// SPDX-License-Identifier: MIT
/*
 * Turning CET on for one CPU, in Linux's order (setup_cet() in
 * arch/x86/kernel/cpu/common.c): IA32_S_CET is written first -- with the
 * kernel's own value, CET_ENDBR_EN under kernel IBT (kernel_ibt.c), else 0
 * -- and only then CR4.CET is set. Whatever firmware or an earlier kernel
 * (kexec, a warm reset) left in IA32_S_CET would otherwise take effect for
 * ring 0 the moment CR4.CET enables it (SDM vol. 3A §2.5: CR4.CET "enables
 * CET features"; vol. 1 §17.2: S_CET.SH_STK_EN/ENDBR_EN then act at CPL
 * 0): a stale SH_STK_EN faults on the kernel's first RET, as the kernel
 * keeps no supervisor shadow stack, and a stale ENDBR_EN under kibt=off
 * is IBT the kernel did not ask for. The user MSRs are cleared before
 * CR4.CET too, so no user thread ever runs with leftovers.
 * CR4.CET itself needs CR0.WP (§2.5), set since boot (start.S).
 *
 * The hardware is reached through struct x86_cet_hw so the host unit test
 * (tests/unit/test_x86_cet.c) can watch the order.
 */
#include <asm/cet.h>
#include <asm/x86.h>

void x86_cet_enable_cpu(const struct x86_cet_hw *hw, u64 s_cet)
{
	hw->wrmsr(MSR_IA32_S_CET, s_cet);
	hw->wrmsr(MSR_IA32_U_CET, 0);
	hw->wrmsr(MSR_IA32_PL3_SSP, 0);
	hw->write_cr4(hw->read_cr4() | CR4_CET);
}

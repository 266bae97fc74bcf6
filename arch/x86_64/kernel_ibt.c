// SPDX-License-Identifier: MIT
/*
 * Kernel IBT, as Linux's CONFIG_X86_KERNEL_IBT: with IA32_S_CET.ENDBR_EN
 * and CR4.CET set, every indirect CALL or JMP in ring 0 must land on an
 * ENDBR64, or the next instruction raises #CP with error code ENDBRANCH
 * (SDM vol. 1 §17.3, vol. 3A §6.15). The compiler opens every function
 * that may be called through a pointer with one (build.mk:
 * -fcf-protection=branch), the IDT stubs and syscall_entry open with one
 * by hand (trap_entry.S), and scripts/check-ibt proves the linked kernel
 * has no indirect target without it.
 *
 * It is on when CPUID.(EAX=7,ECX=0):EDX[20] says the CPU has IBT (SDM
 * vol. 2A, CPUID) -- never on a CPU without it: QEMU 7.2's TCG hangs on a
 * CR4.CET write -- unless kibt=off is given. A kernel-mode #CP is a panic
 * naming ENDBRANCH (shstk.c, x86_cp_fault()).
 */
#include <asm/cet.h>
#include <asm/cpu.h>
#include <kernel/arch.h>
#include <kernel/cmdline.h>
#include <kernel/crashtest.h>
#include <kernel/printk.h>
#include <kernel/verdict.h>
#include <string.h>

static bool kibt_on;

void x86_kernel_ibt_init(void)
{
	const char *opt = cmdline_get(&kernel_cmdline, "kibt");

	if (!x86_features.ibt)
		return;
	if (opt && strcmp(opt, "off") == 0) {
		pr_info("cet: kernel IBT switched off by kibt=off\n");
		return;
	}
	kibt_on = true;
	pr_info("cet: kernel IBT on (IA32_S_CET.ENDBR_EN)\n");
}

bool x86_kernel_ibt_on(void)
{
	return kibt_on;
}

u64 x86_kernel_s_cet(void)
{
	return kibt_on ? CET_ENDBR_EN : 0;
}

/* ENDBR64: F3 0F 1E FA (SDM vol. 2A, ENDBR64). */
static const unsigned char endbr64[] = { 0xf3, 0x0f, 0x1e, 0xfa };

size_t arch_cfi_landing_pad_size(const void *fn)
{
	return memcmp(fn, endbr64, sizeof(endbr64)) == 0 ? sizeof(endbr64) : 0;
}

const char arch_kernel_cfi_name[] = "Kernel IBT";

const char *arch_kernel_cfi_state(void)
{
	if (kibt_on)
		return "on";
	if (!x86_features.ibt)
		return "absent";
	return "off (kibt=off)";
}

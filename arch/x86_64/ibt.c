// SPDX-License-Identifier: MIT
/*
 * CET indirect branch tracking for user threads (docs/ABI.md §4.8). Linux
 * has merged no user IBT, so the interface is Umbra's own in the shape of
 * the shadow-stack one: arch_prctl(ARCH_SHSTK_ENABLE/DISABLE/LOCK/STATUS)
 * with the feature bit ARCH_SHSTK_IBT, per thread, kept by fork and
 * clone, dropped by exec (shstk.c's x86_cet_fork() and arch_shstk_reset()
 * carry it in shstk_features and IA32_U_CET with the shadow-stack bits).
 *
 * With IA32_U_CET.ENDBR_EN set, an indirect CALL or JMP moves the user
 * tracker to WAIT_FOR_ENDBRANCH and the next instruction must be ENDBR64,
 * else #CP with error code ENDBRANCH (SDM vol. 1 §17.3.1, vol. 3A §6.15),
 * which x86_cp_fault() (shstk.c) turns into SIGSEGV SEGV_CPERR with
 * si_addr 0, as Linux reports every #CP. While the thread is not executing,
 * the tracker's state is IA32_U_CET.TRACKER (bit 11): an interrupt or
 * exception taken to ring 0 saves it there, and the return to ring 3
 * resumes it (SDM vol. 1 §17.3.6 "tracker state on far transfers"), so a
 * thread preempted between an indirect branch and its target keeps
 * waiting. The legacy-code bitmap (LEG_IV_ENABLE) is not used: every
 * program Umbra runs with IBT on is built with -fcf-protection.
 *
 * Signals: delivering one is a transfer to the handler that no CALL made,
 * so the kernel sets the tracker to WAIT_FOR_ENDBRANCH for it -- a handler
 * is entered as if called indirectly and must begin with ENDBR64 (as
 * arm64's BTYPE for a handler). The interrupted state goes into the
 * frame's uc_flags (UC_WAIT_ENDBR) and rt_sigreturn restores exactly that,
 * so a thread interrupted while waiting resumes waiting, and a handler that
 * repairs a missing-ENDBR64 fault clears the flag (or moves RIP to an
 * ENDBR64) -- the kernel never leaves a thread waiting on state it cannot
 * see or change.
 *
 * The loader and the GNU property: Linux on x86_64 does not read
 * PT_GNU_PROPERTY at exec (it does not select ARCH_USE_GNU_PROPERTY; glibc
 * enables shadow stacks itself), and neither does Umbra, so
 * GNU_PROPERTY_X86_FEATURE_1_IBT does not turn IBT on at exec: a program
 * asks with arch_prctl.
 */
#include <asm/cet.h>
#include <asm/msr.h>
#include <kernel/exec.h>
#include <kernel/task.h>
#include <uapi/linux/errno.h>

const u32 arch_elf_property_type;

unsigned int arch_elf_exec_prot(u32 features)
{
	(void)features;
	return 0;
}

static bool ibt_enabled(const struct task *t)
{
	return t->arch.shstk_features & ARCH_SHSTK_IBT;
}

/* shstk.c's x86_shstk_prctl() checked the lock and that only this bit was asked for. */
long x86_ibt_control(bool enable)
{
	struct task *t = current;

	if (!x86_ibt_supported())
		return -EOPNOTSUPP;
	if (enable)
		t->arch.shstk_features |= ARCH_SHSTK_IBT;
	else
		t->arch.shstk_features &= ~ARCH_SHSTK_IBT;
	x86_write_u_cet();
	return 0;
}

/* Whether current (t) is waiting for an ENDBR64; false without IBT on. */
bool x86_ibt_waiting(struct task *t)
{
	return ibt_enabled(t) && (rdmsr(MSR_IA32_U_CET) & CET_WAIT_ENDBR);
}

/* Sets current's (t's) tracker state for its return to user mode; nothing without IBT on. */
void x86_ibt_set_waiting(struct task *t, bool wait)
{
	u64 u_cet;

	if (!ibt_enabled(t))
		return;
	u_cet = rdmsr(MSR_IA32_U_CET) & ~CET_WAIT_ENDBR;
	wrmsr(MSR_IA32_U_CET, wait ? u_cet | CET_WAIT_ENDBR : u_cet);
}

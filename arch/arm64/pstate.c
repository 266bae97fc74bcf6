// SPDX-License-Identifier: MIT
/*
 * The one rule for a PSTATE that user space hands the kernel (the pstate
 * of a sigreturn frame), as Linux's valid_native_regs() and
 * user_regs_reset_single_step() apply it (arch/arm64/kernel/proc/ptrace.c):
 *
 *  - bits with no meaning at EL0 are dropped silently: 63:32 (FEAT_GCS's
 *    EXLOCK among them), 27:26, UAO and PAN (23:22, EL1's own controls),
 *    IL and 19:13 (20:13), and bit 5;
 *  - SS (21) is cleared: nothing here single-steps a task;
 *  - what is left must be AArch64 EL0t (M[4:0] = 0) with D, A, I and F
 *    clear, else the frame is refused (the caller raises SIGSEGV) and the
 *    pstate is forced to its NZCV alone.
 *
 * A valid result holds only SPSR_USER_KEEP bits, so entry.S's ret_to_user
 * mask never changes what this allowed. Pure: unit-tested on the host
 * (tests/unit/test_arm64.c).
 */
#include <asm/pstate.h>
#include <asm/sysreg.h>

/* Linux's SPSR_EL1_AARCH64_RES0_BITS: 63:32, 27:26, 23:22, 20:13, 5. */
#define PSTATE_DROPPED                                                                     \
	((UL(0xffffffff) << 32) | (UL(3) << 26) | SPSR_UAO | SPSR_PAN | (UL(0xff) << 13) | \
	 (UL(1) << 5))

bool arm64_user_pstate_valid(u64 *pstate)
{
	u64 p = *pstate & ~(PSTATE_DROPPED | SPSR_SS);

	if ((p & (SPSR_MODE_MASK | SPSR_MODE_NRW)) == SPSR_MODE_EL0T && !(p & SPSR_DAIF)) {
		*pstate = p;
		return true;
	}
	*pstate = p & SPSR_NZCV;
	return false;
}

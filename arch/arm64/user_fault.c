// SPDX-License-Identifier: MIT
/*
 * The signal an EL0 exception raises when nothing else handles it (system
 * calls, aborts and GCS faults have their own paths in traps.c), with
 * Linux's si_code and si_addr (arch/arm64/kernel/entry-common.c's el0_*
 * handlers):
 *
 *   undefined, illegal execution state, system register trap,
 *   branch target (BTI)                                        SIGILL ILL_ILLOPC  at the PC
 *   BRK, breakpoint, software step, watchpoint                 SIGTRAP TRAP_BRKPT at the PC
 *   PC alignment fault                                         SIGBUS BUS_ADRALN  at FAR (the PC)
 *   SP alignment fault                                         SIGBUS BUS_ADRALN  at the SP
 *   FP exception                                               SIGFPE FPE_FLTINV  at the PC
 *   anything else                                              SIGSEGV SI_KERNEL, address 0
 *
 * Pure: unit-tested on the host (tests/unit/test_arm64.c).
 */
#include <asm/trap.h>
#include <asm/user_fault.h>
#include <uapi/linux/signal.h>

struct user_signal arm64_user_signal(unsigned int ec, u64 pc, u64 far, u64 sp)
{
	switch (ec) {
	case ESR_EC_UNKNOWN:
	case ESR_EC_ILL:
	case ESR_EC_SYS64:
	case ESR_EC_BTI:
		return (struct user_signal){ SIGILL, ILL_ILLOPC, pc };
	case ESR_EC_BRK64:
	case ESR_EC_BRK_LOW:
	case ESR_EC_SSTEP_LOW:
	case ESR_EC_WATCH_LOW:
		return (struct user_signal){ SIGTRAP, TRAP_BRKPT, pc };
	case ESR_EC_PC_ALIGN:
		return (struct user_signal){ SIGBUS, BUS_ADRALN, far };
	case ESR_EC_SP_ALIGN:
		return (struct user_signal){ SIGBUS, BUS_ADRALN, sp };
	case ESR_EC_FP_EXC64:
		return (struct user_signal){ SIGFPE, FPE_FLTINV, pc };
	default:
		return (struct user_signal){ SIGSEGV, SI_KERNEL, 0 };
	}
}

// SPDX-License-Identifier: MIT
/*
 * The last check before IRET to user mode. IRET runs in ring 0, so a fault
 * it raises is a kernel fault with user-chosen registers -- the class of
 * CVE-2012-0217 (there it was SYSRET, which Umbra never uses). In 64-bit
 * mode, for a return to CPL 3 through a flat 64-bit code segment, IRET
 * raises #GP when (SDM vol. 2A, IRET, "IA-32e mode" operation, checked in
 * this order):
 *   - the CS selector is not a present code segment with DPL = RPL = 3:
 *     #GP(selector), the selector with its RPL bits clear (#GP(0) if null);
 *   - the SS selector is null (#GP(0)) or not a writable data segment with
 *     DPL = RPL = 3 (#GP(selector));
 *   - the return RIP is not canonical (SDM vol. 1 §3.3.7.1): #GP(0).
 * Only sigreturn (any RIP, CS | 3, SS | 3, as Linux takes them), a signal
 * handler's address and an ELF entry point put user-chosen values there.
 * Linux lets the IRET fault and then replays the fault as if it had come
 * from the IRET's target (fixup_bad_iret): a user-mode #GP, so SIGSEGV with
 * SI_KERNEL, no address, trap number 13. Umbra checks first and raises the
 * same signal, so the IRET itself never sees a frame it would refuse.
 */
#include <asm/cet.h>
#include <asm/segment.h>
#include <asm/trap.h>
#include <kernel/compiler.h>
#include <kernel/entry.h>
#include <kernel/percpu.h>
#include <kernel/signal.h>
#include <kernel/task.h>
#include <uapi/linux/signal.h>

_Static_assert(__builtin_offsetof(struct trap_frame, cs) == TF_CS, "TF_CS matches trap_entry.S");
_Static_assert(__builtin_offsetof(struct trap_frame, vector) == TF_VECTOR,
	       "TF_VECTOR matches trap_entry.S");

/* RFLAGS bits user mode may hold (SDM vol. 1 §3.4.3): never IOPL, NT, VM, VIF, VIP. */
#define RFLAGS_USER                                                                             \
	(0x1ul /*CF*/ | 0x4ul /*PF*/ | 0x10ul /*AF*/ | 0x40ul /*ZF*/ | 0x80ul /*SF*/ |          \
	 0x100ul /*TF*/ | 0x200ul /*IF*/ | 0x400ul /*DF*/ | 0x800ul /*OF*/ | 0x10000ul /*RF*/ | \
	 0x40000ul /*AC*/ | 0x200000ul /*ID*/)
#define RFLAGS_FIXED1 0x2ul /* bit 1 always reads 1 */
#define RFLAGS_IF 0x200ul

/* 4-level paging: bits 63:47 of a canonical address are all equal. */
static bool canonical(u64 addr)
{
	return (u64)((s64)(addr << 16) >> 16) == addr;
}

/* The error code of the #GP IRET would raise for f (the list above). */
static u64 iret_error_code(const struct trap_frame *f)
{
	if (f->cs != USER_CS)
		return f->cs & 0xfffc;
	if (f->ss != USER_DS)
		return f->ss & 0xfffc;
	return 0;
}

/* Whether IRET can return to f without faulting (the list above). */
static bool iret_frame_ok(const struct trap_frame *f)
{
	return canonical(f->rip) && f->cs == USER_CS && f->ss == USER_DS;
}

/* The flags arch_user_frame_check() leaves in a frame with these. */
static u64 user_rflags(u64 rflags)
{
	return (rflags & RFLAGS_USER) | RFLAGS_FIXED1 | RFLAGS_IF;
}

bool arch_user_frame_fits(const struct trap_frame *f)
{
	return f->rflags == user_rflags(f->rflags) && !READ_ONCE(current->arch.ssp_refused) &&
	       iret_frame_ok(f);
}

/* kernel/entry.c's return_to_user_mode() asks before every IRET to user mode. */
bool arch_user_frame_check(struct trap_frame *f)
{
	/*
	 * The flags only ever come from the sanitised paths (sigreturn masks
	 * them as Linux does); keep it so even if one forgets. IF on: user
	 * mode always runs with interrupts.
	 */
	f->rflags = user_rflags(f->rflags);
	if (!x86_cet_return_check())
		return false;
	if (iret_frame_ok(f))
		return true;
	/* What the IRET's #GP would deliver: the handler, if any, gets a new frame. */
	f->vector = VEC_GP;
	f->error_code = iret_error_code(f);
	signal_force_fault(SIGSEGV, SI_KERNEL, 0, "IRET to a bad user frame");
	return false;
}

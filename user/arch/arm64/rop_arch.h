/* SPDX-License-Identifier: MIT */
/*
 * The arm64 half of /bin/rop (user/rop/, docs/labs/rop.md): the planted
 * gadget, how a RET is encoded, and where a faulting RET was going.
 */
#ifndef USER_ROP_ARCH_H
#define USER_ROP_ARCH_H

#define ROP_FEATURE "GCS"
#define ROP_ARCH "arm64"
#define ROP_GADGET_TEXT "ldp x0, x30, [sp], #16; ret"

#include <auxv.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <uapi/asm-arm64/hwcap.h>

/* SP stays 16-byte aligned through the chain (AAPCS64 §6.4.5.1): nothing to realign. */
#define ROP_WIN_ATTR

/*
 * The gadget: `ldp x0, x30, [sp], #16; ret` loads the first argument
 * (AAPCS64 §6.8.2) and the link register from the stack, then returns
 * through x30 -- arm64's `pop rdi; ret`, the shape of every epilogue's
 * `ldp x29, x30, [sp], #N; ret`. Planted so the lab does not depend on
 * what the compiler happens to emit. Include from exactly one file.
 */
#define ROP_DEFINE_GADGET()                     \
	__asm__(".text\n"                       \
		".p2align 2\n"                  \
		".globl rop_gadget\n"           \
		".type rop_gadget, %function\n" \
		"rop_gadget:\n"                 \
		"\tldp x0, x30, [sp], #16\n"    \
		"\tret\n"                       \
		".size rop_gadget, . - rop_gadget\n")

/* RET (x30) (Arm ARM C6.2, RET: 1101011 0010 11111 000000 Rn=11110 00000). */
#define ROP_RET_OPCODE 0xd65f03c0u

/*
 * The RET ending the function whose code ends at end (the next function's
 * address: victim.c is built -O0, which pads nothing between functions),
 * or 0 when the instruction before end is not a RET.
 */
static inline unsigned long rop_last_ret(unsigned long end)
{
	return *(const unsigned int *)(end - 4) == ROP_RET_OPCODE ? end - 4 : 0;
}

/* Where the RET at a GCS data check was going: RET branches to x30, already loaded. */
#define ROP_UC_TARGET(uc) (((const struct ucontext *)(uc))->uc_mcontext.regs[30])

/*
 * The forward edge (docs/labs/rop.md §8): rop_admin(password) opens with
 * BTI c, compares its argument with a password and only then branches to
 * rop_granted(). A function pointer aimed ROP_ADMIN_GRANT_OFFSET bytes in
 * (at the B, past the check: four 4-byte instructions) skips the check. In
 * a guarded page (the loader maps this program's code guarded: its GNU
 * property says BTI) a BLR whose target is no landing pad is a Branch
 * Target exception (Arm ARM D8.4), which the kernel delivers as SIGILL
 * ILL_ILLOPC with si_addr the target (docs/ABI.md §5.11). mprotect without
 * PROT_BTI unguards the page: that is "off".
 */
#define ROP_FWD_FEATURE "BTI"
#define ROP_FWD_SIGNAL SIGILL
#define ROP_FWD_SI_CODE ILL_ILLOPC
#define ROP_FWD_ADDR_IS_PC 1
#define ROP_ADMIN_GRANT_OFFSET 16
#define ROP_DEFINE_ADMIN()                                \
	__asm__(".text\n"                                 \
		".p2align 4\n"                            \
		".globl rop_admin\n"                      \
		".type rop_admin, %function\n"            \
		"rop_admin:\n"                            \
		"\thint #34\n" /* BTI c */                \
		"\tldr x1, 2f\n"                          \
		"\tcmp x0, x1\n"                          \
		"\tb.ne 1f\n"                             \
		"\tb rop_granted\n"                       \
		"1:\tret\n"                               \
		"\t.p2align 3\n"                          \
		"2:\t.quad " ROP_ADMIN_PASSWORD_TEXT "\n" \
		".size rop_admin, . - rop_admin\n")

/* The instruction ROP_ADMIN_GRANT_OFFSET bytes into rop_admin is a B (000101, Arm ARM C6.2). */
static inline bool rop_admin_grant_ok(unsigned long admin)
{
	return (*(const unsigned int *)(admin + ROP_ADMIN_GRANT_OFFSET) >> 26) == 0x05;
}

/* The loader guarded this program's code (its BTI property): on already. */
static inline long rop_fwd_on(void)
{
	return 0;
}

/* Unguards the page with rop_admin: mprotect without PROT_BTI (Linux's rule). */
static inline long rop_fwd_off(void)
{
	unsigned long page = (unsigned long)rop_admin & ~4095ul;

	return mprotect((void *)page, 4096, PROT_READ | PROT_EXEC) ? -errno : 0;
}

/* FEAT_BTI: AT_HWCAP2's HWCAP2_BTI. */
static inline bool rop_fwd_live(void)
{
	return (getauxval(AT_HWCAP2) & HWCAP2_BTI) != 0;
}

#endif

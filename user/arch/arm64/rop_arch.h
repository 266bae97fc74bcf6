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

#endif

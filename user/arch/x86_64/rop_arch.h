/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 half of /bin/rop (user/rop/, docs/labs/rop.md): the planted
 * gadget, how a RET is encoded, and where a faulting RET was going.
 */
#ifndef USER_ROP_ARCH_H
#define USER_ROP_ARCH_H

#define ROP_FEATURE "shadow stack"
#define ROP_ARCH "x86_64"
#define ROP_GADGET_TEXT "pop %rdi; ret"

/*
 * win() is entered by a RET, not a CALL: RSP is 16-byte aligned there
 * instead of 8 off (System V psABI §3.2.2). Realigning in the prologue
 * keeps its library calls' aligned SSE stores working.
 */
#define ROP_WIN_ATTR __attribute__((force_align_arg_pointer))

/*
 * The gadget: `pop %rdi; ret` (5f c3) sets the first argument (System V
 * psABI §3.2.3) from the stack and returns through the next word. The
 * compiler rarely emits these two bytes together, so the lab plants them.
 * Include from exactly one file.
 */
#define ROP_DEFINE_GADGET()                     \
	__asm__(".text\n"                       \
		".globl rop_gadget\n"           \
		".type rop_gadget, @function\n" \
		"rop_gadget:\n"                 \
		"\tpop %rdi\n"                  \
		"\tret\n"                       \
		".size rop_gadget, . - rop_gadget\n")

/* A near RET without an immediate (SDM vol. 2B, RET: opcode C3). */
#define ROP_RET_OPCODE 0xc3

/*
 * The RET ending the function whose code ends at end (the next function's
 * address: victim.c is built -O0, which pads nothing between functions),
 * or 0 when the byte before end is not a RET.
 */
static inline unsigned long rop_last_ret(unsigned long end)
{
	return *(const unsigned char *)(end - 1) == ROP_RET_OPCODE ? end - 1 : 0;
}

/*
 * Where the RET at a #CP was going: a faulting RET has popped nothing, so
 * its target is still the word at RSP (SDM vol. 1 §17.2: the RET compares
 * that word with the shadow stack's before it changes either pointer).
 */
#define ROP_UC_TARGET(uc) (*(const unsigned long *)sig_uc_sp(uc))

#endif

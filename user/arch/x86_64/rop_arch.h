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

#include "test.h"
#include <machine/syscall.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <uapi/asm-x86_64/prctl.h>

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

/*
 * The forward edge (docs/labs/rop.md §8): rop_admin(password) opens with
 * ENDBR64, compares its argument with a password and only then jumps to
 * rop_granted(). A function pointer aimed ROP_ADMIN_GRANT_OFFSET bytes in
 * (at the JMP, past the check: ENDBR64 4, MOVABS 10, CMP 3, JNE 2 bytes,
 * SDM vol. 2) skips the check. With IBT on, an indirect CALL whose target
 * is no ENDBR64 raises #CP (ENDBRANCH, SDM vol. 1 §17.3), which the kernel
 * delivers as SIGSEGV SEGV_CPERR with si_addr 0 and RIP at the target
 * (docs/ABI.md §4.8).
 */
#define ROP_FWD_FEATURE "IBT"
#define ROP_FWD_SIGNAL SIGSEGV
#define ROP_FWD_SI_CODE SEGV_CPERR
#define ROP_FWD_ADDR_IS_PC 0
#define ROP_ADMIN_GRANT_OFFSET 19
#define ROP_ADMIN_GRANT_OPCODE 0xe9 /* JMP rel32 */
#define ROP_DEFINE_ADMIN()                                      \
	__asm__(".text\n"                                       \
		".p2align 4\n"                                  \
		".globl rop_admin\n"                            \
		".type rop_admin, @function\n"                  \
		"rop_admin:\n"                                  \
		"\tendbr64\n"                                   \
		"\tmovabs $" ROP_ADMIN_PASSWORD_TEXT ", %rax\n" \
		"\tcmp %rax, %rdi\n"                            \
		"\tjne 1f\n"                                    \
		"\tjmp.d32 rop_granted\n"                       \
		"1:\tret\n"                                     \
		".size rop_admin, . - rop_admin\n")

/* The instruction ROP_ADMIN_GRANT_OFFSET bytes into rop_admin is the JMP to rop_granted. */
static inline bool rop_admin_grant_ok(unsigned long admin)
{
	return *(const unsigned char *)(admin + ROP_ADMIN_GRANT_OFFSET) == ROP_ADMIN_GRANT_OPCODE;
}

/* IBT on in this process (off until asked for): 0 or -errno. */
static inline long rop_fwd_on(void)
{
	return syscall2(__NR_arch_prctl, ARCH_SHSTK_ENABLE, ARCH_SHSTK_IBT);
}

/* IBT stays off unless a process enables it: nothing to do. */
static inline long rop_fwd_off(void)
{
	return 0;
}

/* Whether IBT can be turned on here: the probe is an ENABLE in a child. */
static inline bool rop_fwd_live(void)
{
	int st = run_child(rop_fwd_probe, 0);

	return st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

#endif

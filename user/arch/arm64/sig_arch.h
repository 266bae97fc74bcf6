/* SPDX-License-Identifier: MIT */
/*
 * The arm64 half of /bin/signals (user/signals.c), per docs/ABI.md §5.7 (the
 * kernel's side is arch/arm64/signal.c): the restorer trampoline, the rt_sigframe (siginfo, then a ucontext whose
 * uc_mcontext is the sigcontext with its __reserved records: fpsimd_context,
 * gcs_context, terminator), instructions that fault in known ways with
 * their addresses recorded, the register round trip, and the GCS pieces
 * (GCSPR_EL0, GCSSTTR, the cap and sigtramp entries delivery pushes).
 *
 * Include from exactly one file: it defines the trampoline and globals.
 */
#ifndef USER_SIG_ARCH_H
#define USER_SIG_ARCH_H

/* Whether SEGV_CPERR's si_addr is the faulting PC (a GCS exception: si_addr = the faulting PC, docs/ABI.md §5.3). */
#define SIG_ARCH_CPERR_ADDR_IS_PC 1

/* The si_code of SIGILL for an undefined instruction (ILL_ILLOPC: an undefined instruction is an illegal opcode). */
#define SIG_ARCH_UD_CODE 1

#include "shstk_enable.h"
#include <machine/syscall.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <uapi/asm-arm64/sigcontext.h>

#define SIG_ARCH_NAME "arm64"

/*
 * Not x86_64: the kernel provides a return trampoline (a handler without
 * SA_RESTORER still returns), SDIV by zero gives 0 without a trap, and
 * BRK's SIGTRAP carries TRAP_BRKPT.
 */
#define SIG_ARCH_X86 0

/* The trampoline a handler's RET lands in: rt_sigreturn, nothing else. */
void sig_restorer(void);
__asm__(".text\n"
	".globl sig_restorer\n"
	".type sig_restorer, %function\n"
	".p2align 2\n"
	"sig_restorer:\n"
	"\tmov x8, #" __stringify(__NR_rt_sigreturn) "\n"
						     "\tsvc #0\n"
						     "\tudf #0\n"
						     ".size sig_restorer, . - sig_restorer\n");

/* The record with magic, or NULL: walked by header sizes, as user space must. */
static inline const struct _aarch64_ctx *sig_find_record(const void *uc, uint32_t magic)
{
	const struct sigcontext *mc = &((const struct ucontext *)uc)->uc_mcontext;
	size_t off = 0;

	while (off + sizeof(struct _aarch64_ctx) <= sizeof(mc->__reserved)) {
		const struct _aarch64_ctx *h = (const void *)(mc->__reserved + off);

		if (h->magic == magic)
			return h;
		if (h->magic == 0 || h->size < sizeof(*h) || (h->size & 15))
			return NULL;
		off += h->size;
	}
	return NULL;
}

static inline unsigned long sig_uc_pc(const void *uc)
{
	return ((const struct ucontext *)uc)->uc_mcontext.pc;
}

static inline void sig_uc_set_pc(void *uc, unsigned long pc)
{
	((struct ucontext *)uc)->uc_mcontext.pc = pc;
}

static inline unsigned long sig_uc_sp(const void *uc)
{
	return ((const struct ucontext *)uc)->uc_mcontext.sp;
}

static inline unsigned long sig_uc_sigmask(const void *uc)
{
	return ((const struct ucontext *)uc)->uc_sigmask;
}

/* The faulting instruction's address and the one after it (see user/signals.c). */
volatile unsigned long sig_fault_pc, sig_resume_pc;

#define SIG_ARCH_MARK                           \
	"adr x9, 0f\n\t"                        \
	"adrp x10, sig_fault_pc\n\t"            \
	"str x9, [x10, :lo12:sig_fault_pc]\n\t" \
	"adr x9, 1f\n\t"                        \
	"adrp x10, sig_resume_pc\n\t"           \
	"str x9, [x10, :lo12:sig_resume_pc]\n\t"

static inline __attribute__((always_inline)) void sig_arch_store(volatile void *addr)
{
	__asm__ volatile(SIG_ARCH_MARK "mov w11, #0x5a\n"
				       "0: strb w11, [%0]\n1:\n"
			 :
			 : "r"(addr)
			 : "x9", "x10", "x11", "memory");
}

static inline __attribute__((always_inline)) void sig_arch_undefined(void)
{
	__asm__ volatile(SIG_ARCH_MARK "0: udf #0\n1:\n" : : : "x9", "x10", "memory");
}

/* BRK: the saved PC is the BRK itself; the handler resumes after it. */
static inline __attribute__((always_inline)) void sig_arch_breakpoint(void)
{
	__asm__ volatile(SIG_ARCH_MARK "0: brk #0\n1:\n" : : : "x9", "x10", "memory");
}

/* No trap on arm64 (SDIV by 0 is 0): present so the generic case compiles; it is skipped. */
static inline __attribute__((always_inline)) void sig_arch_divide_by_zero(void)
{
	__asm__ volatile(SIG_ARCH_MARK "0: nop\n1:\n" : : : "x9", "x10", "memory");
}

/*
 * The register round trip: callee-saved x19-x23, caller-saved x9-x11,
 * d8 (callee-saved low half of v8) and d0, across a kill() whose handler
 * runs sig_arch_clobber().
 */
#define SIG_ARCH_NREGS 10
static const char *const sig_arch_reg_names[SIG_ARCH_NREGS] = {
	"x19", "x20", "x21", "x22", "x23", "x9", "x10", "x11", "d8", "d0",
};
unsigned long sig_regs_in[SIG_ARCH_NREGS], sig_regs_out[SIG_ARCH_NREGS];
long sig_regs_kill_result;

static inline __attribute__((always_inline)) void sig_arch_regs_roundtrip(long pid, long sig)
{
	register long x0 __asm__("x0") = pid;
	register long x1 __asm__("x1") = sig;
	register long x8 __asm__("x8") = __NR_kill;

	__asm__ volatile("adrp x12, sig_regs_in\n\t"
			 "add x12, x12, :lo12:sig_regs_in\n\t"
			 "ldp x19, x20, [x12, #0]\n\t"
			 "ldp x21, x22, [x12, #16]\n\t"
			 "ldp x23, x9, [x12, #32]\n\t"
			 "ldp x10, x11, [x12, #48]\n\t"
			 "ldr d8, [x12, #64]\n\t"
			 "ldr d0, [x12, #72]\n\t"
			 "svc #0\n\t"
			 "adrp x12, sig_regs_kill_result\n\t"
			 "str x0, [x12, :lo12:sig_regs_kill_result]\n\t"
			 "adrp x12, sig_regs_out\n\t"
			 "add x12, x12, :lo12:sig_regs_out\n\t"
			 "stp x19, x20, [x12, #0]\n\t"
			 "stp x21, x22, [x12, #16]\n\t"
			 "stp x23, x9, [x12, #32]\n\t"
			 "stp x10, x11, [x12, #48]\n\t"
			 "str d8, [x12, #64]\n\t"
			 "str d0, [x12, #72]\n\t"
			 : "+r"(x0), "+r"(x1)
			 : "r"(x8)
			 : "x9", "x10", "x11", "x12", "x19", "x20", "x21", "x22", "x23", "v0", "v8",
			   "memory");
}

static inline __attribute__((always_inline)) void sig_arch_clobber(void)
{
	__asm__ volatile("mov x19, #-1\n\t"
			 "mov x20, #-1\n\t"
			 "mov x21, #-1\n\t"
			 "mov x22, #-1\n\t"
			 "mov x23, #-1\n\t"
			 "mov x9, #-1\n\t"
			 "mov x10, #-1\n\t"
			 "mov x11, #-1\n\t"
			 "movi d8, #0xffffffffffffffff\n\t"
			 "movi d0, #0xffffffffffffffff\n\t"
			 :
			 :
			 : "x9", "x10", "x11", "x19", "x20", "x21", "x22", "x23", "v0", "v8");
}

/* ---- the Guarded Control Stack (docs/ABI.md §5.7, §5.8) ---- */

#define SIG_SS_NAME "GCS"

/* GCSPR_EL0 (gcs.h): only read it with GCS on. */
#define sig_ss_read() gcs_read_gcspr()
/* GCSSTTR (gcs.h): needs PR_SHADOW_STACK_WRITE. */
#define sig_ss_write(addr, value) gcs_sttr((addr), (value))

/*
 * Delivery pushes (docs/ABI.md §5.7): at old - 8 the signal cap (old - 8) &
 * ~0xfff, at old - 16 the sigtramp; so at SSP + 8 the cap of pre - 8.
 */
static inline unsigned long sig_ss_frame_token(unsigned long pre_ssp)
{
	return (pre_ssp - 8) & ~0xffful;
}

/* Corruptions rt_sigreturn must refuse: a cap of the wrong slot, and a nonzero token type. */
static inline unsigned long sig_ss_token_bit63_clear(unsigned long pre_ssp)
{
	return ((pre_ssp - 8) & ~0xffful) + 0x1000;
}

static inline unsigned long sig_ss_token_misaligned(unsigned long pre_ssp)
{
	return ((pre_ssp - 8) & ~0xffful) | 1;
}
#define SIG_SS_BAD_TOKEN_A_NAME "gcs_sigreturn_wrong_cap_kills_sigsegv"
#define SIG_SS_BAD_TOKEN_B_NAME "gcs_sigreturn_cap_token_type_kills_sigsegv"

/*
 * Returns to target instead of its caller: the saved x30 in its frame
 * record (at fp + 8) is overwritten, so the RET's GCS check fails.
 */
static __attribute__((noinline, unused)) int sig_arch_tamper_return(void (*target)(void))
{
	void **ret = (void **)__builtin_frame_address(0) + 1;

	*(void *volatile *)ret = (void *)target;
	__asm__ volatile("" : : : "memory");
	return 1;
}

/* The GCS fault is taken at the RET, with x30 already reloaded: put the true one back. */
static inline void sig_arch_fix_return(void *uc, unsigned long expected)
{
	((struct ucontext *)uc)->uc_mcontext.regs[30] = expected;
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 half of /bin/signals (user/signals.c): the restorer
 * trampoline, the ucontext the kernel hands a handler (struct rt_sigframe,
 * docs/ABI.md §4.7), instructions that fault in known ways with their addresses
 * recorded, the register round trip, and the shadow-stack pieces (CET:
 * RDSSP, WRSS, the 16-byte signal frame on the shadow stack).
 *
 * Include from exactly one file: it defines the trampoline and two globals.
 */
#ifndef USER_SIG_ARCH_H
#define USER_SIG_ARCH_H

/* Whether SEGV_CPERR's si_addr is the faulting PC (#CP: si_addr 0, docs/ABI.md §4.3). */
#define SIG_ARCH_CPERR_ADDR_IS_PC 0

/* The si_code of SIGILL for an undefined instruction (ILL_ILLOPN: #UD is an illegal operand). */
#define SIG_ARCH_UD_CODE 2

#include "shstk_enable.h"
#include <machine/prctl.h>
#include <machine/syscall.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <uapi/asm-x86_64/sigcontext.h>

#define SIG_ARCH_NAME "x86_64"

/*
 * The cases that are x86_64 rules run here: no kernel trampoline (a handler
 * without SA_RESTORER cannot be delivered), #DE on a division by zero, and
 * int3's SIGTRAP with SI_KERNEL.
 */
#define SIG_ARCH_X86 1

/* The trampoline a handler's RET lands in: rt_sigreturn, nothing else. */
void sig_restorer(void);
__asm__(".text\n"
	".globl sig_restorer\n"
	".type sig_restorer, @function\n"
	"sig_restorer:\n"
	"\tmovl $" __stringify(__NR_rt_sigreturn) ", %eax\n"
						  "\tsyscall\n"
						  "\tud2\n"
						  ".size sig_restorer, . - sig_restorer\n");

static inline unsigned long sig_uc_pc(const void *uc)
{
	return ((const struct ucontext *)uc)->uc_mcontext.rip;
}

static inline void sig_uc_set_pc(void *uc, unsigned long pc)
{
	((struct ucontext *)uc)->uc_mcontext.rip = pc;
}

static inline unsigned long sig_uc_sp(const void *uc)
{
	return ((const struct ucontext *)uc)->uc_mcontext.rsp;
}

static inline unsigned long sig_uc_sigmask(const void *uc)
{
	return ((const struct ucontext *)uc)->uc_sigmask;
}

/*
 * The faulting helpers record, before the instruction runs, its address
 * (sig_fault_pc) and the address right after it (sig_resume_pc), so a
 * handler can check si_addr exactly and skip it through the ucontext.
 */
volatile unsigned long sig_fault_pc, sig_resume_pc;

#define SIG_ARCH_MARK                        \
	"lea 0f(%%rip), %%rcx\n\t"           \
	"mov %%rcx, sig_fault_pc(%%rip)\n\t" \
	"lea 1f(%%rip), %%rcx\n\t"           \
	"mov %%rcx, sig_resume_pc(%%rip)\n\t"

/* A one-byte store to addr. */
static inline __attribute__((always_inline)) void sig_arch_store(volatile void *addr)
{
	__asm__ volatile(SIG_ARCH_MARK "0: movb $0x5a, (%0)\n1:\n" : : "r"(addr) : "rcx", "memory");
}

/* An undefined instruction (ud2): #UD. */
static inline __attribute__((always_inline)) void sig_arch_undefined(void)
{
	__asm__ volatile(SIG_ARCH_MARK "0: ud2\n1:\n" : : : "rcx", "memory");
}

/* A breakpoint (int3): #BP, a trap: the saved PC is already past it. */
static inline __attribute__((always_inline)) void sig_arch_breakpoint(void)
{
	__asm__ volatile(SIG_ARCH_MARK "0: int3\n1:\n" : : : "rcx", "memory");
}

/* An integer division by zero (div %ecx with ecx = 0): #DE. */
static inline __attribute__((always_inline)) void sig_arch_divide_by_zero(void)
{
	__asm__ volatile(SIG_ARCH_MARK "xor %%edx, %%edx\n\t"
				       "mov $1, %%eax\n\t"
				       "xor %%ecx, %%ecx\n"
				       "0: divl %%ecx\n1:\n"
			 :
			 :
			 : "rax", "rcx", "rdx", "memory");
}

/*
 * The register round trip: loads known values into callee-saved (rbx,
 * r12-r15), caller-saved (r8-r10) and SSE (xmm0, xmm1) registers, sends
 * itself sig with one `syscall` (the handler runs on its way back), then
 * stores what the registers hold. sig_arch_clobber() is what the handler
 * runs to change them all.
 */
#define SIG_ARCH_NREGS 10
static const char *const sig_arch_reg_names[SIG_ARCH_NREGS] = {
	"rbx", "r12", "r13", "r14", "r15", "r8", "r9", "r10", "xmm0", "xmm1",
};
unsigned long sig_regs_in[SIG_ARCH_NREGS], sig_regs_out[SIG_ARCH_NREGS];
long sig_regs_kill_result;

static inline __attribute__((always_inline)) void sig_arch_regs_roundtrip(long pid, long sig)
{
	long nr = __NR_kill;

	__asm__ volatile("mov sig_regs_in+0(%%rip), %%rbx\n\t"
			 "mov sig_regs_in+8(%%rip), %%r12\n\t"
			 "mov sig_regs_in+16(%%rip), %%r13\n\t"
			 "mov sig_regs_in+24(%%rip), %%r14\n\t"
			 "mov sig_regs_in+32(%%rip), %%r15\n\t"
			 "mov sig_regs_in+40(%%rip), %%r8\n\t"
			 "mov sig_regs_in+48(%%rip), %%r9\n\t"
			 "mov sig_regs_in+56(%%rip), %%r10\n\t"
			 "movq sig_regs_in+64(%%rip), %%xmm0\n\t"
			 "movq sig_regs_in+72(%%rip), %%xmm1\n\t"
			 "syscall\n\t"
			 "mov %%rax, sig_regs_kill_result(%%rip)\n\t"
			 "mov %%rbx, sig_regs_out+0(%%rip)\n\t"
			 "mov %%r12, sig_regs_out+8(%%rip)\n\t"
			 "mov %%r13, sig_regs_out+16(%%rip)\n\t"
			 "mov %%r14, sig_regs_out+24(%%rip)\n\t"
			 "mov %%r15, sig_regs_out+32(%%rip)\n\t"
			 "mov %%r8, sig_regs_out+40(%%rip)\n\t"
			 "mov %%r9, sig_regs_out+48(%%rip)\n\t"
			 "mov %%r10, sig_regs_out+56(%%rip)\n\t"
			 "movq %%xmm0, sig_regs_out+64(%%rip)\n\t"
			 "movq %%xmm1, sig_regs_out+72(%%rip)\n\t"
			 : "+a"(nr), "+D"(pid), "+S"(sig)
			 :
			 : "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14",
			   "r15", "xmm0", "xmm1", "memory");
}

/* Run by the handler: every register of the round trip gets another value. */
static inline __attribute__((always_inline)) void sig_arch_clobber(void)
{
	__asm__ volatile("mov $-1, %%rbx\n\t"
			 "mov $-1, %%r12\n\t"
			 "mov $-1, %%r13\n\t"
			 "mov $-1, %%r14\n\t"
			 "mov $-1, %%r15\n\t"
			 "mov $-1, %%r8\n\t"
			 "mov $-1, %%r9\n\t"
			 "mov $-1, %%r10\n\t"
			 "pcmpeqd %%xmm0, %%xmm0\n\t"
			 "pcmpeqd %%xmm1, %%xmm1\n\t"
			 :
			 :
			 : "rbx", "r8", "r9", "r10", "r12", "r13", "r14", "r15", "xmm0", "xmm1");
}

/* ---- shadow stacks (CET) ---- */

#define SIG_SS_NAME "CET shadow stack"

/* The shadow-stack pointer: the address of the newest entry. */
#define sig_ss_read() cet_rdssp()
/* A store to shadow-stack memory (WRSS). */
#define sig_ss_write(addr, value) cet_wrss((addr), (value))

/*
 * The two entries delivery pushes (docs/ABI.md §4.7): at SSP the restorer, at
 * SSP + 8 the pre-signal SSP with bit 63 set.
 */
static inline unsigned long sig_ss_frame_token(unsigned long pre_ssp)
{
	return pre_ssp | (1ul << 63);
}

/* Corruptions of that token which rt_sigreturn must refuse. */
static inline unsigned long sig_ss_token_bit63_clear(unsigned long pre_ssp)
{
	return pre_ssp;
}

static inline unsigned long sig_ss_token_misaligned(unsigned long pre_ssp)
{
	return (pre_ssp + 4) | (1ul << 63);
}
#define SIG_SS_BAD_TOKEN_A_NAME "shstk_sigreturn_token_bit63_clear_kills_sigsegv"
#define SIG_SS_BAD_TOKEN_B_NAME "shstk_sigreturn_token_misaligned_kills_sigsegv"

/*
 * Overwrites the caller-visible return address of its own frame with
 * target, so its RET raises #CP (the shadow stack disagrees). With the
 * frame pointer kept, the return address is at rbp + 8, and at the RET it
 * is where rsp points.
 */
static __attribute__((noinline, unused)) int sig_arch_tamper_return(void (*target)(void))
{
	void **ret = (void **)__builtin_frame_address(0) + 1;

	*(void *volatile *)ret = (void *)target;
	__asm__ volatile("" : : : "memory");
	return 1;
}

/*
 * The repair, from the handler of the #CP's SIGSEGV: the faulting RET has
 * not run, so the interrupted rsp points at the tampered return address;
 * put the shadow stack's (the true one) back there.
 */
static inline void sig_arch_fix_return(void *uc, unsigned long expected)
{
	*(unsigned long *)sig_uc_sp(uc) = expected;
}

#endif

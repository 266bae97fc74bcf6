/* SPDX-License-Identifier: MIT */
/*
 * CET shadow-stack constants: Intel SDM vol. 1 ch. 17 and vol. 3A §2.5,
 * §6.15 (#CP); MSR numbers from vol. 4 table 2-2. The arch_prctl codes
 * are the user ABI's, <uapi/asm-x86_64/prctl.h>.
 */
#ifndef ASM_CET_H
#define ASM_CET_H

#define MSR_IA32_U_CET 0x6a0u
#define MSR_IA32_S_CET 0x6a2u
#define MSR_IA32_PL0_SSP 0x6a4u
#define MSR_IA32_PL3_SSP 0x6a7u
#define MSR_IA32_INTERRUPT_SSP_TABLE 0x6a8u /* IA32_INTERRUPT_SSP_TABLE_ADDR */

#define CET_SHSTK_EN (1ul << 0) /* U_CET/S_CET: shadow stacks on */
#define CET_WRSS_EN (1ul << 1)	/* U_CET/S_CET: WRSS allowed */
/*
 * Indirect branch tracking (SDM vol. 1 §17.3; IA32_U_CET's layout: vol. 4
 * table 2-2): ENDBR_EN makes every indirect CALL/JMP put the tracker in
 * WAIT_FOR_ENDBRANCH, and any instruction but ENDBR64 then raises #CP
 * (ENDBRANCH); NO_TRACK_EN lets the NOTRACK prefix (GCC's jump tables)
 * skip that; TRACKER is the user tracker's state while the thread is not
 * executing (1 = WAIT_FOR_ENDBRANCH). LEG_IV_ENABLE (bit 3, the legacy
 * code bitmap) stays 0: Umbra has no legacy code to exempt.
 */
#define CET_ENDBR_EN (1ul << 2)
#define CET_NO_TRACK_EN (1ul << 4)
#define CET_WAIT_ENDBR (1ul << 11)

/* #CP error codes, bits 14:0 (SDM vol. 3A §6.15, interrupt 21). */
#define CP_NEAR_RET 1
#define CP_FAR_RET_IRET 2
#define CP_ENDBRANCH 3
#define CP_RSTORSSP 4
#define CP_SETSSBSY 5
#define CP_ENCL (1u << 15) /* in an enclave */

#include <uapi/asm-x86_64/prctl.h> /* ARCH_SHSTK_*: the user ABI */

/* A restore token (SDM vol. 1 §17.2.3): the address above it, bit 0 = 64-bit. */
#define SHSTK_TOKEN_64BIT 1ul

#ifndef __ASSEMBLER__
#include <kernel/types.h>

struct trap_frame;
struct task;

/* What x86_cet_enable_cpu() touches: the real instructions, or a unit test's record. */
struct x86_cet_hw {
	void (*wrmsr)(u32 msr, u64 value);
	u64 (*read_cr4)(void);
	void (*write_cr4)(u64 value);
};

/*
 * IA32_S_CET = s_cet (the kernel's own controls: CET_ENDBR_EN with kernel
 * IBT, else 0), IA32_U_CET, IA32_PL3_SSP = 0, then CR4.CET (cet_enable.c:
 * why that order).
 */
void x86_cet_enable_cpu(const struct x86_cet_hw *hw, u64 s_cet);

/*
 * CR4.CET on, when the CPU has shadow stacks and shstk=off is not given,
 * or kernel IBT is on (kernel_ibt.c).
 */
void x86_cet_init(void);

/* Kernel IBT (kernel_ibt.c): decided once on the boot CPU, kibt=off turns it off. */
void x86_kernel_ibt_init(void);
bool x86_kernel_ibt_on(void);
/* Supervisor shadow stacks (kernel_shstk.c; more in <asm/kernel_shstk.h>): kshstk=off. */
void x86_kernel_shstk_init(void);
bool x86_kernel_shstk_on(void);
/* For a kernel-mode #CP at a RET: the return address the shadow stack holds, or 0. */
u64 x86_kernel_shstk_expected_ret(const struct trap_frame *f);
/* What IA32_S_CET holds on every CPU: CET_ENDBR_EN with kernel IBT on, else 0. */
u64 x86_kernel_s_cet(void);
/*
 * On a secondary CPU, interrupts off: its CPUID CET bits must equal the
 * boot CPU's; with shadow stacks in use it sets CR4.CET and checks that
 * IA32_U_CET and IA32_PL3_SSP hold what WRMSR wrote (then zeroes them).
 * Returns an enum smp_shstk; *detail is the failing MSR or CPUID leaf.
 */
int x86_cet_check_secondary(u64 *detail);
/* Context switch of IA32_U_CET and IA32_PL3_SSP (not XSAVES: see shstk.c). */
void x86_cet_switch(struct task *prev, struct task *next);
/* On the way to user mode, big_lock held: false when the task was killed (ssp_refused). */
bool x86_cet_return_check(void);
/* The parent's live CET state into a new child. */
void x86_cet_fork(struct task *child, const struct task *parent);
/* ibt.c: user IBT on the CPU; arch_prctl(ARCH_SHSTK_ENABLE/DISABLE, ARCH_SHSTK_IBT). */
bool x86_ibt_supported(void);
/* shstk.c: IA32_U_CET from current's enabled features (from a system call). */
void x86_write_u_cet(void);
long x86_ibt_control(bool enable);
/* ibt.c: current's user tracker (IA32_U_CET.TRACKER) across a signal: read, set. */
bool x86_ibt_waiting(struct task *t);
void x86_ibt_set_waiting(struct task *t, bool wait);
/* #CP: from user mode a SIGSEGV (SEGV_CPERR), from the kernel a panic. */
void x86_cp_fault(struct trap_frame *f, bool from_user);
#endif

#endif

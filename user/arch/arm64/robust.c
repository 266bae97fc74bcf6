// SPDX-License-Identifier: MIT
/*
 * /bin/robust: everything arm64 user space controls on the way back to EL0,
 * KTAP, one case a line.
 *
 * User space chooses the PC the kernel ERETs to (a sigreturn frame's pc, a
 * handler or restorer address), the stack pointer (SP_EL0), TPIDR_EL0 and,
 * through a sigreturn frame, the PSTATE that goes into SPSR_EL1. Proves:
 *  - a frame's pstate that asks for EL1/EL2/EL3, AArch32 or masked D/A/I/F
 *    is refused as Linux's valid_native_regs() refuses it: SIGSEGV (caught
 *    here, SEGV_ACCERR at the frame's sp), the registers restored with only
 *    NZCV kept;
 *  - the bits Linux treats as RES0 (PAN, UAO, IL, bits 63:32 with GCS's
 *    EXLOCK, ...) and SS are silently cleared: the next exception shows
 *    exactly the NZCV asked for, and a fresh program's PSTATE is plain EL0t;
 *  - a PC in the kernel half or beyond the 48-bit user range gives
 *    SIGSEGV/SEGV_MAPERR at that address, a misaligned PC SIGBUS/BUS_ADRALN
 *    at it -- faults of the user, never of the kernel (a misaligned SP
 *    cannot be tested here: QEMU does not check SCTLR_EL1.SA0; the signal
 *    it must give is unit-tested, tests/unit/test_arm64_fault.c);
 *  - a kernel address in SP_EL0 or TPIDR_EL0 is only a number to the kernel:
 *    system calls and sleeps work and keep it; a signal that cannot be
 *    pushed on such a stack kills with SIGSEGV; with GCS on, a frame that
 *    points GCSPR_EL0 into the kernel half kills with SIGSEGV too;
 *  - what Linux lets EL0 do works: CTR_EL0, DC CVAU/IC IVAU, DC ZVA, WFE,
 *    WFI, and MIDR_EL1 whenever AT_HWCAP says HWCAP_CPUID.
 *
 * Each case runs in a forked child whose handler checks signal, si_code,
 * si_addr and the saved PSTATE, then exits 0; the parent checks the wait
 * status. System calls are raw, so nothing depends on TPIDR_EL0 or errno.
 */
/* sig_arch.h: the restorer trampoline and Linux's ucontext, shared with /bin/signals. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "sig_arch.h"
#pragma GCC diagnostic pop
#include <machine/syscall.h>
#include <auxv.h>
#include <ktap.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <uapi/asm-arm64/hwcap.h>
#include <unistd.h>

#define K_BUS_ADRALN 1
#define K_TRAP_BRKPT 1

/* SPSR_EL1 / PSTATE bits (Arm ARM C5.2.18), as a sigcontext's pstate holds them. */
#define PSR_N (1ul << 31)
#define PSR_V (1ul << 28)
#define PSR_NZCV (0xful << 28)
#define PSR_MODE_EL1T 0x4ul
#define PSR_MODE_EL1H 0x5ul
#define PSR_MODE_EL2H 0x9ul
#define PSR_MODE_EL3H 0xdul
#define PSR_NRW (1ul << 4) /* AArch32 */
#define PSR_RES0_BIT5 (1ul << 5)
#define PSR_F (1ul << 6)
#define PSR_I (1ul << 7)
#define PSR_A (1ul << 8)
#define PSR_D (1ul << 9)
#define PSR_SSBS (1ul << 12)
#define PSR_RES0_19_13 (0x7ful << 13)
#define PSR_IL (1ul << 20)
#define PSR_SS (1ul << 21)
#define PSR_PAN (1ul << 22)
#define PSR_UAO (1ul << 23)
#define PSR_RES0_27_26 (3ul << 26)
#define PSR_EXLOCK (1ul << 34) /* FEAT_GCS */
#define PSR_HIGH (0xfffffffful << 32)

/* Addresses no EL0 access may reach (arch/arm64/include/asm/page.h's layout). */
#define DIRECT_MAP_BASE 0xffff000000000000ul
#define DIRECT_MAP_RAM 0xffff000040000000ul /* QEMU virt's RAM through the direct map */
#define KERNEL_TEXT 0xffffffff80000000ul
#define BEYOND_USER 0x0001000000000000ul /* TASK_SIZE: the first address past 48 bits */

#define ASKED_NZCV (PSR_N | PSR_V)
#define SURVIVED 66	 /* the child outlived what should have stopped it */
#define WRONG 67	 /* a handler saw something else than expected */
#define ENABLE_FAILED 90 /* GCS could not be enabled in the child */

/* A BRK the sigreturn cases resume at; 8-byte aligned, so +2 is misaligned. */
void robust_brk_site(void);
__asm__(".text\n"
	".globl robust_brk_site\n"
	".type robust_brk_site, %function\n"
	".p2align 3\n"
	"robust_brk_site:\n"
	"\tbrk #0x7\n"
	"\tb robust_brk_site\n"
	".size robust_brk_site, . - robust_brk_site\n");

/* --- what the handlers change and expect (set by a case in its child) ---------------- */

#define SET_PC 1
#define SET_PSTATE 2

static volatile int set_what;
static volatile unsigned long set_pc, set_pstate;
static volatile unsigned long frame_sp; /* the sp the modified frame holds */

#define ADDR_IS_FRAME_SP 1ul /* want_addr: the sp of the frame sigreturn refused */
/* want_pstate: NZCV as it comes, the rest (bits 63:32 never are) what follows */
#define PSTATE_ANY_NZCV (1ul << 63)
#define PSTATE_BTYPE_CALL (2ul << 10) /* PSTATE.BTYPE, bits 11:10: 0b10, as after a BLR */

static volatile int want_sig, want_code;
static volatile unsigned long want_addr, want_pc, want_pstate;

static void raw_exit(int status)
{
	syscall1(__NR_exit_group, status);
	__builtin_unreachable();
}

static void note(const char *what, unsigned long got, unsigned long want)
{
	fflush_stdout();
	dprintf(STDOUT_FILENO, "# %s: got %#lx, want %#lx\n", what, got, want);
}

static long install(int sig, unsigned long handler, unsigned long restorer)
{
	struct kernel_sigaction a = { handler, SA_SIGINFO | SA_RESTORER, restorer, 0 };

	return syscall4(__NR_rt_sigaction, sig, (long)&a, 0, 8);
}

static long send_self(int sig)
{
	return syscall2(__NR_kill, syscall0(__NR_getpid), sig);
}

static unsigned long uc_pstate(const void *uc)
{
	return ((const struct ucontext *)uc)->uc_mcontext.pstate;
}

/* SIGUSR1: rewrites its own frame, then returns through rt_sigreturn. */
static void h_modify(int sig, siginfo_t *info, void *ucv)
{
	struct ucontext *uc = ucv;

	(void)sig, (void)info;
	frame_sp = uc->uc_mcontext.sp;
	if (set_what & SET_PC)
		uc->uc_mcontext.pc = set_pc;
	if (set_what & SET_PSTATE)
		uc->uc_mcontext.pstate = set_pstate;
}

/* The fault the case expects: checks it and ends the child (0: as expected). */
static void h_check(int sig, siginfo_t *info, void *uc)
{
	unsigned long addr = want_addr == ADDR_IS_FRAME_SP ? frame_sp : want_addr;
	/*
	 * SSBS is Linux's to set in a task's PSTATE (its Spectre-v4 mitigation
	 * state, arch/arm64/kernel/proton-pack.c); user space cannot rely on it.
	 */
	unsigned long ps = uc_pstate(uc) & ~PSR_SSBS;
	bool ok = true;

	if (sig != want_sig || info->si_code != want_code) {
		note("signal", (unsigned long)sig, (unsigned long)want_sig);
		note("si_code", (unsigned long)info->si_code, (unsigned long)want_code);
		ok = false;
	}
	if (info->si_addr != addr) {
		note("si_addr", info->si_addr, addr);
		ok = false;
	}
	if (want_pc && sig_uc_pc(uc) != want_pc) {
		note("saved pc", sig_uc_pc(uc), want_pc);
		ok = false;
	}
	if ((want_pstate & PSTATE_ANY_NZCV) ? (ps & ~PSR_NZCV) != (want_pstate & ~PSTATE_ANY_NZCV)
					    : ps != want_pstate) {
		note("saved pstate", ps,
		     (want_pstate & PSTATE_ANY_NZCV)
			     ? (ps & PSR_NZCV) | (want_pstate & ~PSTATE_ANY_NZCV)
			     : want_pstate);
		ok = false;
	}
	raw_exit(ok ? 0 : WRONG);
}

static void expect(int sig, int code, unsigned long addr, unsigned long pc, unsigned long pstate)
{
	want_sig = sig;
	want_code = code;
	want_addr = addr;
	want_pc = pc;
	want_pstate = pstate;
	install(SIGSEGV, (unsigned long)h_check, (unsigned long)sig_restorer);
	install(SIGBUS, (unsigned long)h_check, (unsigned long)sig_restorer);
	install(SIGTRAP, (unsigned long)h_check, (unsigned long)sig_restorer);
}

/* Runs a SIGUSR1 whose handler rewrites the frame as set_* say. */
static int sigreturn_with(int what, unsigned long pc, unsigned long pstate)
{
	set_what = what;
	set_pc = pc;
	set_pstate = pstate;
	install(SIGUSR1, (unsigned long)h_modify, (unsigned long)sig_restorer);
	send_self(SIGUSR1);
	return SURVIVED;
}

/* --- cases ------------------------------------------------------------------------------ */

struct rcase {
	const char *name;
	int (*body)(const struct rcase *c);
	unsigned long arg;
	int exit_code; /* when kill_sig is 0 */
	int kill_sig;  /* the signal the child must die by, or 0 */
	bool gcs;      /* runs with GCS enabled; skipped without GCS */
};

/*
 * A mode other than EL0t, AArch32, or D/A/I/F masked: SIGSEGV with the
 * frame's registers restored and the pstate forced to its NZCV (Linux).
 */
static int body_pstate_refused(const struct rcase *c)
{
	expect(SIGSEGV, SEGV_ACCERR, ADDR_IS_FRAME_SP, 0, ASKED_NZCV);
	return sigreturn_with(SET_PSTATE, 0, ASKED_NZCV | c->arg);
}

/* Bits Linux clears: the sigreturn works and the BRK it resumes at sees NZCV alone. */
static int body_pstate_cleared(const struct rcase *c)
{
	unsigned long site = (unsigned long)robust_brk_site;

	expect(SIGTRAP, K_TRAP_BRKPT, site, site, ASKED_NZCV);
	return sigreturn_with(SET_PC | SET_PSTATE, site, ASKED_NZCV | c->arg);
}

/* A fresh program runs at plain EL0t: no mode, mask, PAN or other kernel bit shows. */
static int body_pstate_fresh(const struct rcase *c)
{
	(void)c;
	expect(SIGTRAP, K_TRAP_BRKPT, 0, 0, PSTATE_ANY_NZCV);
	__asm__ volatile("adr x9, 0f\n\t"
			 "str x9, [%0]\n"
			 "0:\tbrk #0x7" ::"r"(&want_addr)
			 : "x9", "memory");
	return SURVIVED;
}

/* A PC the user cannot run: the fault is the user's, at that address. */
static int body_pc_segv(const struct rcase *c)
{
	expect(SIGSEGV, SEGV_MAPERR, c->arg, c->arg, PSTATE_ANY_NZCV);
	return sigreturn_with(SET_PC, c->arg, 0);
}

/* A misaligned PC: SIGBUS/BUS_ADRALN at it (Linux: si_addr = FAR). */
static int body_pc_misaligned(const struct rcase *c)
{
	unsigned long pc = (c->arg ? c->arg : (unsigned long)robust_brk_site) + 2;

	expect(SIGBUS, K_BUS_ADRALN, pc, pc, PSTATE_ANY_NZCV);
	return sigreturn_with(SET_PC, pc, 0);
}

static void dummy_handler(int sig)
{
	(void)sig;
}

/*
 * The PSTATE a fault at a handler's first instruction saves: entering a
 * handler is a BLR to it, BTYPE 0b10 (Arm ARM D8.6.2 "PSTATE.BTYPE"), when
 * the kernel supports BTI -- HWCAP2_BTI, as Linux's setup_return() sets it
 * on system_supports_bti() -- else untouched; NZCV may be anything.
 */
static unsigned long handler_entry_pstate(void)
{
	return (getauxval(AT_HWCAP2) & HWCAP2_BTI) ? PSTATE_BTYPE_CALL : 0;
}

/* A handler address in the kernel half: SIGSEGV/SEGV_MAPERR at it. */
static int body_handler_kernel(const struct rcase *c)
{
	expect(SIGSEGV, SEGV_MAPERR, c->arg, c->arg, PSTATE_ANY_NZCV | handler_entry_pstate());
	install(SIGUSR1, c->arg, (unsigned long)sig_restorer);
	send_self(SIGUSR1);
	return SURVIVED;
}

/* A misaligned handler address: SIGBUS/BUS_ADRALN at it. */
static int body_handler_misaligned(const struct rcase *c)
{
	unsigned long h = (unsigned long)dummy_handler + 2;

	(void)c;
	expect(SIGBUS, K_BUS_ADRALN, h, h, PSTATE_ANY_NZCV | handler_entry_pstate());
	install(SIGUSR1, h, (unsigned long)sig_restorer);
	send_self(SIGUSR1);
	return SURVIVED;
}

/* The handler returns to a restorer in the kernel half: SIGSEGV/SEGV_MAPERR at it. */
static int body_restorer_kernel(const struct rcase *c)
{
	expect(SIGSEGV, SEGV_MAPERR, c->arg, c->arg, PSTATE_ANY_NZCV);
	install(SIGUSR1, (unsigned long)dummy_handler, c->arg);
	send_self(SIGUSR1);
	return SURVIVED;
}

/* getpid with SP_EL0 = addr: the kernel never touches the user stack for a system call. */
static long getpid_on_stack(unsigned long addr)
{
	register long x0 __asm__("x0");
	register long x8 __asm__("x8") = __NR_getpid;

	__asm__ volatile("mov x19, sp\n\t"
			 "mov sp, %1\n\t"
			 "svc #0\n\t"
			 "mov sp, x19"
			 : "=r"(x0)
			 : "r"(addr), "r"(x8)
			 : "x19", "memory");
	return x0;
}

static int body_sp_kernel_syscall(const struct rcase *c)
{
	long pid = syscall0(__NR_getpid);

	return getpid_on_stack(c->arg) == pid ? 0 : WRONG;
}

/* kill(self, SIGUSR1) with SP_EL0 = addr and a handler: the frame cannot be pushed. */
static __attribute__((noinline)) void kill_self_on_stack(unsigned long addr, long pid)
{
	/* No call between these and the asm: it would reuse x0, x1 and x8. */
	register long x0 __asm__("x0") = pid;
	register long x1 __asm__("x1") = SIGUSR1;
	register long x8 __asm__("x8") = __NR_kill;

	__asm__ volatile("mov x19, sp\n\t"
			 "mov sp, %3\n\t"
			 "svc #0\n\t"
			 "mov sp, x19"
			 : "+r"(x0)
			 : "r"(x1), "r"(x8), "r"(addr)
			 : "x19", "memory");
}

static int body_sp_kernel_signal(const struct rcase *c)
{
	install(SIGUSR1, (unsigned long)dummy_handler, (unsigned long)sig_restorer);
	kill_self_on_stack(c->arg, syscall0(__NR_getpid));
	return SURVIVED;
}

/* TPIDR_EL0 = a kernel address across system calls and a sleep: kept, never used. */
static int body_tpidr_kernel(const struct rcase *c)
{
	struct timespec ts = { 0, 2000000 };
	unsigned long old, got;

	__asm__ volatile("mrs %0, tpidr_el0" : "=r"(old));
	__asm__ volatile("msr tpidr_el0, %0" ::"r"(c->arg) : "memory");
	syscall0(__NR_getpid);
	syscall0(__NR_sched_yield);
	syscall2(__NR_nanosleep, (long)&ts, 0);
	__asm__ volatile("mrs %0, tpidr_el0" : "=r"(got));
	__asm__ volatile("msr tpidr_el0, %0" ::"r"(old) : "memory");
	return got == c->arg ? 0 : WRONG;
}

/*
 * EL0 instructions Linux lets user space run (its SCTLR_EL1 sets UCT, UCI,
 * DZE and nTWE; a trapped WFI is skipped): reading CTR_EL0, cleaning and
 * invalidating caches by address (what __clear_cache does for a JIT),
 * DC ZVA, WFE and WFI. Each must simply work.
 */
static int body_ctr_el0(const struct rcase *c)
{
	unsigned long ctr;

	(void)c;
	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	return ctr ? 0 : WRONG; /* DminLine/IminLine are never 0 */
}

static int body_cache_maintenance(const struct rcase *c)
{
	unsigned long at = (unsigned long)body_cache_maintenance;

	(void)c;
	__asm__ volatile("dc cvau, %0\n\t"
			 "dsb ish\n\t"
			 "ic ivau, %0\n\t"
			 "dsb ish\n\t"
			 "isb" ::"r"(at)
			 : "memory");
	return 0;
}

static unsigned char zva_area[4096] __attribute__((aligned(2048)));

static int body_dc_zva(const struct rcase *c)
{
	unsigned long dczid;
	size_t block;

	(void)c;
	__asm__ volatile("mrs %0, dczid_el0" : "=r"(dczid));
	if (dczid & (1ul << 4)) /* DZP: DC ZVA prohibited */
		return WRONG;
	block = 4ul << (dczid & 0xf);
	if (block > sizeof(zva_area))
		return WRONG;
	for (size_t i = 0; i < sizeof(zva_area); i++)
		zva_area[i] = 0xa5;
	__asm__ volatile("dc zva, %0" ::"r"(zva_area) : "memory");
	for (size_t i = 0; i < sizeof(zva_area); i++) {
		if (zva_area[i] != (i < block ? 0 : 0xa5))
			return WRONG;
	}
	return 0;
}

static int body_wfe_wfi(const struct rcase *c)
{
	(void)c;
	__asm__ volatile("sevl\n\t"
			 "wfe\n\t" /* the event SEVL set: returns at once */
			 "wfi" ::
				 : "memory");
	return 0;
}

/* AT_HWCAP's HWCAP_CPUID promises that EL0 may read MIDR_EL1 and the ID registers. */
static int body_hwcap_cpuid(const struct rcase *c)
{
	unsigned long midr;

	(void)c;
	if (!(getauxval(AT_HWCAP) & HWCAP_CPUID))
		return 0; /* not promised: nothing to check */
	__asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
	return 0;
}

/*
 * With GCS on, a frame whose gcs_context puts GCSPR_EL0 in the kernel half:
 * the signal cap there is read through uaccess, which refuses it; the
 * frame is refused (SIGSEGV), and as the SIGSEGV cannot be pushed on that
 * GCS either, the process dies by it -- as on Linux.
 */
static void h_gcs_kernel(int sig, siginfo_t *info, void *uc)
{
	struct gcs_context *g = (struct gcs_context *)sig_find_record(uc, GCS_MAGIC);

	(void)sig, (void)info;
	if (!g)
		raw_exit(WRONG);
	g->gcspr = DIRECT_MAP_RAM;
}

static int body_gcs_gcspr_kernel(const struct rcase *c)
{
	(void)c;
	install(SIGUSR1, (unsigned long)h_gcs_kernel, (unsigned long)sig_restorer);
	send_self(SIGUSR1);
	return SURVIVED;
}

static const struct rcase cases[] = {
	{ "sigreturn_pstate_el1h_sigsegv", body_pstate_refused, PSR_MODE_EL1H, 0, 0, false },
	{ "sigreturn_pstate_el1t_sigsegv", body_pstate_refused, PSR_MODE_EL1T, 0, 0, false },
	{ "sigreturn_pstate_el2h_sigsegv", body_pstate_refused, PSR_MODE_EL2H, 0, 0, false },
	{ "sigreturn_pstate_el3h_sigsegv", body_pstate_refused, PSR_MODE_EL3H, 0, 0, false },
	{ "sigreturn_pstate_aarch32_sigsegv", body_pstate_refused, PSR_NRW, 0, 0, false },
	{ "sigreturn_pstate_d_masked_sigsegv", body_pstate_refused, PSR_D, 0, 0, false },
	{ "sigreturn_pstate_a_masked_sigsegv", body_pstate_refused, PSR_A, 0, 0, false },
	{ "sigreturn_pstate_i_masked_sigsegv", body_pstate_refused, PSR_I, 0, 0, false },
	{ "sigreturn_pstate_f_masked_sigsegv", body_pstate_refused, PSR_F, 0, 0, false },
	{ "sigreturn_pstate_el1h_il_pan_sigsegv", body_pstate_refused,
	  PSR_MODE_EL1H | PSR_IL | PSR_PAN, 0, 0, false },
	{ "sigreturn_pstate_il_cleared", body_pstate_cleared, PSR_IL, 0, 0, false },
	{ "sigreturn_pstate_ss_cleared", body_pstate_cleared, PSR_SS, 0, 0, false },
	{ "sigreturn_pstate_pan_cleared", body_pstate_cleared, PSR_PAN, 0, 0, false },
	{ "sigreturn_pstate_uao_cleared", body_pstate_cleared, PSR_UAO, 0, 0, false },
	{ "sigreturn_pstate_exlock_cleared", body_pstate_cleared, PSR_EXLOCK, 0, 0, false },
	{ "sigreturn_pstate_high_bits_cleared", body_pstate_cleared, PSR_HIGH, 0, 0, false },
	{ "sigreturn_pstate_res0_bits_cleared", body_pstate_cleared,
	  PSR_RES0_BIT5 | PSR_RES0_19_13 | PSR_RES0_27_26, 0, 0, false },
	{ "user_pstate_is_plain_el0t", body_pstate_fresh, 0, 0, 0, false },
	{ "sigreturn_pc_kernel_text_sigsegv_maperr", body_pc_segv, KERNEL_TEXT, 0, 0, false },
	{ "sigreturn_pc_direct_map_sigsegv_maperr", body_pc_segv, DIRECT_MAP_BASE, 0, 0, false },
	{ "sigreturn_pc_direct_map_ram_sigsegv_maperr", body_pc_segv, DIRECT_MAP_RAM, 0, 0, false },
	{ "sigreturn_pc_beyond_user_range_sigsegv_maperr", body_pc_segv, BEYOND_USER, 0, 0, false },
	{ "sigreturn_pc_misaligned_sigbus_adraln", body_pc_misaligned, 0, 0, 0, false },
	{ "handler_kernel_address_sigsegv_maperr", body_handler_kernel, KERNEL_TEXT, 0, 0, false },
	{ "handler_misaligned_sigbus_adraln", body_handler_misaligned, 0, 0, 0, false },
	{ "restorer_kernel_address_sigsegv_maperr", body_restorer_kernel, KERNEL_TEXT, 0, 0,
	  false },
	{ "sp_kernel_address_syscall_works", body_sp_kernel_syscall, DIRECT_MAP_RAM, 0, 0, false },
	{ "sp_kernel_address_signal_kills_sigsegv", body_sp_kernel_signal, DIRECT_MAP_RAM, 0,
	  SIGSEGV, false },
	{ "tpidr_el0_kernel_address_kept", body_tpidr_kernel, KERNEL_TEXT, 0, 0, false },
	{ "ctr_el0_readable", body_ctr_el0, 0, 0, 0, false },
	{ "dc_cvau_ic_ivau_work", body_cache_maintenance, 0, 0, 0, false },
	{ "dc_zva_zeroes_one_block", body_dc_zva, 0, 0, 0, false },
	{ "wfe_and_wfi_return", body_wfe_wfi, 0, 0, 0, false },
	{ "hwcap_cpuid_only_if_mrs_works", body_hwcap_cpuid, 0, 0, 0, false },
	{ "gcs_sigreturn_gcspr_kernel_address_kills_sigsegv", body_gcs_gcspr_kernel, 0, 0, SIGSEGV,
	  true },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

static int run_child(const struct rcase *c)
{
	int status = -1;
	pid_t pid;

	fflush_stdout();
	pid = fork();
	if (pid == 0) {
		/* GCS starts empty on the return from the enable: never return from here. */
		if (c->gcs && SHSTK_ENABLE() != 0)
			raw_exit(ENABLE_FAILED);
		raw_exit(c->body(c));
	}
	if (pid < 0 || syscall4(__NR_wait4, pid, (long)&status, 0, 0) != pid)
		return -1;
	return status;
}

int main(void)
{
	bool gcs = getauxval(AT_HWCAP) & HWCAP_GCS;

	ktap_header();
	ktap_plan(NCASES);
	for (unsigned int i = 0; i < NCASES; i++) {
		const struct rcase *c = &cases[i];

		if (c->gcs && !gcs) {
			ktap_skip(c->name, "GCS not supported");
			continue;
		}

		int st = run_child(c);
		bool ok = c->kill_sig
				  ? st != -1 && WIFSIGNALED(st) && WTERMSIG(st) == c->kill_sig
				  : st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == c->exit_code;

		if (!ok)
			ktap_print_msg("%s: wait status %#x", c->name, (unsigned int)st);
		ktap_ok(ok, "%s", c->name);
	}
	return ktap_finish();
}

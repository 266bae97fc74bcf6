// SPDX-License-Identifier: MIT
/*
 * /bin/archabi on arm64: what Linux tells a program about the CPU and its
 * faults (docs/ABI.md §5.9, §5.10), KTAP, one case a line.
 *
 * Proves: AT_HWCAP says CPUID, and an EL0 MRS of the ID registers is
 * emulated as Linux does it -- MIDR_EL1 the CPU's, MPIDR_EL1 0x80000000,
 * REVIDR_EL1 0, untracked registers of the ID space 0, hidden fields as
 * Linux's safe values (ID_AA64PFR0_EL1 EL0/EL1 = 1, ID_AA64DFR0_EL1 = 6),
 * the features Umbra does not run (SVE, SME, MTE, pointer
 * authentication, MOPS, FPMR) absent; every AT_HWCAP/AT_HWCAP2/AT_HWCAP3
 * bit is set exactly when Linux's table derives it from the registers the
 * program reads; HWCAP_GCS agrees with ID_AA64PFR1_EL1.GCS and with
 * PR_GET_SHADOW_STACK_STATUS; other system-register accesses (CRm 1 of the
 * ID space, an EL1 register, an MSR) stay SIGILL ILL_ILLOPC at the PC; and
 * a data abort's signal frame carries Linux's esr_context record.
 *
 * Each case runs in a forked child (run_child) whose exit status is the
 * verdict; fault cases end in a handler that checks siginfo and exits.
 */
#include "test.h"
#include <machine/syscall.h>
#include <auxv.h>
#include <errno.h>
#include <ktap.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <uapi/asm-arm64/hwcap.h>
#include <uapi/asm-arm64/sigcontext.h>

#define WRONG_SIGNAL 67 /* a handler saw another signal than the one expected */

/* MRS of op0 3, op1 0, CRn 0 (the ID space) or of any named register. */
#define MRS(name)                                                       \
	({                                                              \
		unsigned long v_;                                       \
		__asm__ volatile("mrs %0, " name : "=r"(v_)::"memory"); \
		v_;                                                     \
	})

#define MIDR "S3_0_C0_C0_0"
#define MPIDR "S3_0_C0_C0_5"
#define REVIDR "S3_0_C0_C0_6"
#define PFR0 "S3_0_C0_C4_0"
#define PFR1 "S3_0_C0_C4_1"
#define PFR2 "S3_0_C0_C4_2"
#define ZFR0 "S3_0_C0_C4_4"
#define SMFR0 "S3_0_C0_C4_5"
#define FPFR0 "S3_0_C0_C4_7"
#define DFR0 "S3_0_C0_C5_0"
#define AFR0 "S3_0_C0_C5_4"
#define ISAR0 "S3_0_C0_C6_0"
#define ISAR1 "S3_0_C0_C6_1"
#define ISAR2 "S3_0_C0_C6_2"
#define ISAR3 "S3_0_C0_C6_3"
#define MMFR0 "S3_0_C0_C7_0"
#define MMFR1 "S3_0_C0_C7_1"
#define MMFR2 "S3_0_C0_C7_2"
#define MMFR3 "S3_0_C0_C7_3"

static unsigned long field(unsigned long v, unsigned int shift)
{
	return (v >> shift) & 0xf;
}

/* --- HWCAP_CPUID and the three special registers ----------------------------------------- */

static int body_cpuid(void)
{
	unsigned long midr;

	EXPECT_TRUE("AT_HWCAP has HWCAP_CPUID", getauxval(AT_HWCAP) & HWCAP_CPUID);
	midr = MRS(MIDR);
	note("MIDR_EL1 %#lx", midr);
	EXPECT("MIDR_EL1.Architecture (0xf: features in the ID registers)", field(midr, 16), 0xf);
	EXPECT("MPIDR_EL1", MRS(MPIDR), 0x80000000UL);
	EXPECT("REVIDR_EL1", MRS(REVIDR), 0);
	return 0;
}

/* Hidden fields read Linux's safe values; untracked registers of the space read 0. */
static int body_hidden(void)
{
	unsigned long pfr0 = MRS(PFR0);

	note("ID_AA64PFR0_EL1 %#lx", pfr0);
	EXPECT("PFR0.EL0 (AArch64 only, whatever the CPU)", field(pfr0, 0), 1);
	EXPECT("PFR0.EL1", field(pfr0, 4), 1);
	EXPECT("PFR0 EL2, EL3, GIC, RAS, SVE, SEL2, MPAM, AMU, RME, CSV2, CSV3",
	       pfr0 & 0xfff0ffffff00ff00UL, 0);
	EXPECT("ID_AA64DFR0_EL1 (DebugVer 6 only)", MRS(DFR0), 6);
	EXPECT("ID_AA64AFR0_EL1 (untracked)", MRS(AFR0), 0);
	EXPECT("ID_AA64MMFR3_EL1 (S1PIE, TCRX hidden)", MRS(MMFR3), 0);
	EXPECT("MMFR1 but AFP", MRS(MMFR1) & ~(0xfUL << 44), 0);
	EXPECT("MMFR2 but AT", MRS(MMFR2) & ~(0xfUL << 32), 0);
	EXPECT("MMFR0: TGRAN{4,64,16}_2 1, TGRAN4 and TGRAN64 0xf, the rest hidden",
	       MRS(MMFR0) & ~(0xfUL << 60),
	       (1UL << 40) | (1UL << 36) | (1UL << 32) | (0xfUL << 28) | (0xfUL << 24));
	return 0;
}

/* What Umbra does not run reads as absent, and its HWCAPs are clear. */
static int body_absent(void)
{
	unsigned long h = getauxval(AT_HWCAP), h2 = getauxval(AT_HWCAP2);

	EXPECT("PFR0.SVE", field(MRS(PFR0), 32), 0);
	EXPECT("PFR1.SME", field(MRS(PFR1), 24), 0);
	EXPECT("PFR1.MTE", field(MRS(PFR1), 8), 0);
	EXPECT("PFR2.FPMR", field(MRS(PFR2), 32), 0);
	EXPECT("ID_AA64ZFR0_EL1", MRS(ZFR0), 0);
	EXPECT("ID_AA64SMFR0_EL1", MRS(SMFR0), 0);
	EXPECT("ID_AA64FPFR0_EL1", MRS(FPFR0), 0);
	EXPECT("ISAR1 APA, API, GPA, GPI", MRS(ISAR1) & 0xff000ff0UL, 0);
	EXPECT("ISAR2 MOPS, APA3, GPA3", MRS(ISAR2) & 0xfff00UL, 0);
	EXPECT("HWCAP EVTSTRM, SVE, PACA, PACG",
	       h & (HWCAP_EVTSTRM | HWCAP_SVE | HWCAP_PACA | HWCAP_PACG), 0);
	EXPECT("HWCAP2 MTE, SME, MOPS, FPMR, SVE2",
	       h2 & (HWCAP2_MTE | HWCAP2_SME | HWCAP2_MOPS | HWCAP2_FPMR | HWCAP2_SVE2), 0);
	return 0;
}

/* Linux's arm64_elf_hwcaps rows for the fields Umbra shows: register, field, least value. */
struct rule {
	int word;
	unsigned long bit;
	unsigned long (*reg)(void);
	unsigned int shift;
	long min;
	bool sign;
	const char *name;
};

static unsigned long r_pfr0(void)
{
	return MRS(PFR0);
}
static unsigned long r_pfr1(void)
{
	return MRS(PFR1);
}
static unsigned long r_isar0(void)
{
	return MRS(ISAR0);
}
static unsigned long r_isar1(void)
{
	return MRS(ISAR1);
}
static unsigned long r_isar2(void)
{
	return MRS(ISAR2);
}
static unsigned long r_isar3(void)
{
	return MRS(ISAR3);
}
static unsigned long r_mmfr0(void)
{
	return MRS(MMFR0);
}
static unsigned long r_mmfr1(void)
{
	return MRS(MMFR1);
}
static unsigned long r_mmfr2(void)
{
	return MRS(MMFR2);
}

static const struct rule rules[] = {
	{ 1, HWCAP_FP, r_pfr0, 16, 0, true, "FP" },
	{ 1, HWCAP_FPHP, r_pfr0, 16, 1, true, "FPHP" },
	{ 1, HWCAP_ASIMD, r_pfr0, 20, 0, true, "ASIMD" },
	{ 1, HWCAP_ASIMDHP, r_pfr0, 20, 1, true, "ASIMDHP" },
	{ 1, HWCAP_DIT, r_pfr0, 48, 1, false, "DIT" },
	{ 2, HWCAP2_BTI, r_pfr1, 0, 1, false, "BTI" },
	{ 1, HWCAP_AES, r_isar0, 4, 1, false, "AES" },
	{ 1, HWCAP_PMULL, r_isar0, 4, 2, false, "PMULL" },
	{ 1, HWCAP_SHA1, r_isar0, 8, 1, false, "SHA1" },
	{ 1, HWCAP_SHA2, r_isar0, 12, 1, false, "SHA2" },
	{ 1, HWCAP_SHA512, r_isar0, 12, 2, false, "SHA512" },
	{ 1, HWCAP_CRC32, r_isar0, 16, 1, false, "CRC32" },
	{ 1, HWCAP_ATOMICS, r_isar0, 20, 2, false, "ATOMICS" },
	{ 2, HWCAP2_LSE128, r_isar0, 20, 3, false, "LSE128" },
	{ 1, HWCAP_ASIMDRDM, r_isar0, 28, 1, false, "ASIMDRDM" },
	{ 1, HWCAP_SHA3, r_isar0, 32, 1, false, "SHA3" },
	{ 1, HWCAP_SM3, r_isar0, 36, 1, false, "SM3" },
	{ 1, HWCAP_SM4, r_isar0, 40, 1, false, "SM4" },
	{ 1, HWCAP_ASIMDDP, r_isar0, 44, 1, false, "ASIMDDP" },
	{ 1, HWCAP_ASIMDFHM, r_isar0, 48, 1, false, "ASIMDFHM" },
	{ 1, HWCAP_FLAGM, r_isar0, 52, 1, false, "FLAGM" },
	{ 2, HWCAP2_FLAGM2, r_isar0, 52, 2, false, "FLAGM2" },
	{ 2, HWCAP2_RNG, r_isar0, 60, 1, false, "RNG" },
	{ 1, HWCAP_DCPOP, r_isar1, 0, 1, false, "DCPOP" },
	{ 2, HWCAP2_DCPODP, r_isar1, 0, 2, false, "DCPODP" },
	{ 1, HWCAP_JSCVT, r_isar1, 12, 1, false, "JSCVT" },
	{ 1, HWCAP_FCMA, r_isar1, 16, 1, false, "FCMA" },
	{ 1, HWCAP_LRCPC, r_isar1, 20, 1, false, "LRCPC" },
	{ 1, HWCAP_ILRCPC, r_isar1, 20, 2, false, "ILRCPC" },
	{ 2, HWCAP2_LRCPC3, r_isar1, 20, 3, false, "LRCPC3" },
	{ 2, HWCAP2_FRINT, r_isar1, 32, 1, false, "FRINT" },
	{ 1, HWCAP_SB, r_isar1, 36, 1, false, "SB" },
	{ 2, HWCAP2_BF16, r_isar1, 44, 1, false, "BF16" },
	{ 2, HWCAP2_EBF16, r_isar1, 44, 2, false, "EBF16" },
	{ 2, HWCAP2_DGH, r_isar1, 48, 1, false, "DGH" },
	{ 2, HWCAP2_I8MM, r_isar1, 52, 1, false, "I8MM" },
	{ 2, HWCAP2_WFXT, r_isar2, 0, 2, false, "WFXT" },
	{ 2, HWCAP2_RPRES, r_isar2, 4, 1, false, "RPRES" },
	{ 2, HWCAP2_HBC, r_isar2, 20, 1, false, "HBC" },
	{ 2, HWCAP2_RPRFM, r_isar2, 48, 1, false, "RPRFM" },
	{ 2, HWCAP2_CSSC, r_isar2, 52, 1, false, "CSSC" },
	{ 1, HWCAP_CMPBR, r_isar2, 52, 2, false, "CMPBR" },
	{ 2, HWCAP2_LUT, r_isar2, 56, 1, false, "LUT" },
	{ 2, HWCAP2_FAMINMAX, r_isar3, 4, 1, false, "FAMINMAX" },
	{ 3, HWCAP3_LSFE, r_isar3, 16, 1, false, "LSFE" },
	{ 1, HWCAP_FPRCVT, r_isar3, 28, 1, false, "FPRCVT" },
	{ 1, HWCAP_SSBS, r_pfr1, 4, 2, false, "SSBS" },
	{ 1, HWCAP_GCS, r_pfr1, 44, 1, false, "GCS" },
	{ 2, HWCAP2_ECV, r_mmfr0, 60, 1, false, "ECV" },
	{ 2, HWCAP2_AFP, r_mmfr1, 44, 1, false, "AFP" },
	{ 1, HWCAP_USCAT, r_mmfr2, 32, 1, false, "USCAT" },
};

#define NRULES (sizeof(rules) / sizeof(rules[0]))

/* Each rule's bit is set exactly when its field (as MRS reads it) reaches the least value. */
static int body_hwcaps(void)
{
	unsigned long want[4] = { 0, HWCAP_CPUID, 0, 0 };
	unsigned long got[4] = { 0, getauxval(AT_HWCAP), getauxval(AT_HWCAP2),
				 getauxval(AT_HWCAP3) };

	for (unsigned int i = 0; i < NRULES; i++) {
		long v = (long)field(rules[i].reg(), rules[i].shift);

		if (rules[i].sign && v >= 8)
			v -= 16;
		if (v >= rules[i].min)
			want[rules[i].word] |= rules[i].bit;
	}
	note("AT_HWCAP %#lx AT_HWCAP2 %#lx AT_HWCAP3 %#lx", got[1], got[2], got[3]);
	EXPECT("AT_HWCAP", got[1], want[1]);
	EXPECT("AT_HWCAP2", got[2], want[2]);
	EXPECT("AT_HWCAP3", got[3], want[3]);
	return 0;
}

/* HWCAP_GCS, ID_AA64PFR1_EL1.GCS and PR_GET_SHADOW_STACK_STATUS agree. */
static int body_gcs(void)
{
	unsigned long mode = 0;
	bool hw = getauxval(AT_HWCAP) & HWCAP_GCS;
	long r = syscall5(__NR_prctl, PR_GET_SHADOW_STACK_STATUS, (long)&mode, 0, 0, 0);

	note("HWCAP_GCS %d, PFR1.GCS %lu, PR_GET %ld", hw, field(MRS(PFR1), 44), r);
	EXPECT("PFR1.GCS", field(MRS(PFR1), 44), hw ? 1 : 0);
	EXPECT("PR_GET_SHADOW_STACK_STATUS", r, hw ? 0 : -EINVAL);
	return 0;
}

/* --- what stays SIGILL --------------------------------------------------------------------- */

static volatile unsigned long fault_pc;

static void sigill_handler(int sig, siginfo_t *si, void *uc)
{
	unsigned long addr = si->si_addr;

	(void)uc;
	if (sig != SIGILL || si->si_code != ILL_ILLOPC || addr != fault_pc) {
		note("signal %d si_code %d si_addr %#lx, want SIGILL ILL_ILLOPC %#lx", sig,
		     si->si_code, addr, fault_pc);
		syscall1(__NR_exit_group, WRONG_SIGNAL);
	}
	syscall1(__NR_exit_group, 0);
}

static void catch_sigill(void)
{
	struct kernel_sigaction a = { (unsigned long)sigill_handler, SA_SIGINFO, 0, 0 };

	syscall4(__NR_rt_sigaction, SIGILL, (long)&a, 0, 8);
}

/* Records the address of the instruction at label 1 in fault_pc, then runs it. */
#define AT_FAULT(insn)                                           \
	__asm__ volatile("adr x9, 1f\n\tstr x9, [%0]\n1:\t" insn \
			 :                                       \
			 : "r"(&fault_pc)                        \
			 : "x0", "x9", "memory")

/* CRm 1 of the ID space (ID_PFR0_EL1): outside what Linux emulates. */
static int body_sigill_crm1(void)
{
	catch_sigill();
	AT_FAULT("mrs x0, S3_0_C0_C1_0");
	return SURVIVED;
}

/* An EL1 register (SCTLR_EL1). */
static int body_sigill_el1(void)
{
	catch_sigill();
	AT_FAULT("mrs x0, S3_0_C1_C0_0");
	return SURVIVED;
}

/* MIDR_EL1's op2 4 alias: Linux emulates only op2 0, 5, 6 of CRm 0. */
static int body_sigill_midr_alias(void)
{
	catch_sigill();
	AT_FAULT("mrs x0, S3_0_C0_C0_4");
	return SURVIVED;
}

/* An MSR to an ID register: only reads are emulated. */
static int body_sigill_msr(void)
{
	catch_sigill();
	AT_FAULT("msr S3_0_C0_C6_0, xzr");
	return SURVIVED;
}

/* --- esr_context (docs/ABI.md §5.10) ------------------------------------------------------ */

#define UC_RESERVED offsetof(struct ucontext, uc_mcontext.__reserved)
#define RESERVED_SIZE sizeof(((struct sigcontext *)0)->__reserved)
#define ESR_EC(esr) (((esr) >> 26) & 0x3f)
#define EC_DABT_LOW 0x24
#define ESR_IL (1UL << 25)
#define ESR_WNR (1UL << 6)
#define FSC_TYPE(esr) ((esr)&0x3c) /* the fault type without its level */
#define FSC_TRANSLATION 0x04
#define FSC_PERMISSION 0x0c
#define NO_ESR ~0UL

/* The esr of the frame's esr_context record, NO_ESR without one, NO_ESR - 1 if malformed. */
static unsigned long frame_esr(const void *uc)
{
	const unsigned char *r = (const unsigned char *)uc + UC_RESERVED;
	unsigned int off = 0;

	while (off + 8 <= RESERVED_SIZE) {
		unsigned int magic = *(const unsigned int *)(r + off);
		unsigned int size = *(const unsigned int *)(r + off + 4);

		if (!magic)
			return NO_ESR;
		if (size < 8 || off + size > RESERVED_SIZE)
			return NO_ESR - 1;
		if (magic == ESR_MAGIC)
			return size == 16 ? *(const unsigned long *)(r + off + 8) : NO_ESR - 1;
		off += size;
	}
	return NO_ESR - 1;
}

enum esr_want { WANT_NONE, WANT_READ_TRANSLATION, WANT_WRITE_PERMISSION, WANT_KERNEL_READ };
static volatile enum esr_want esr_want;

static void esr_handler(int sig, siginfo_t *si, void *uc)
{
	unsigned long esr = frame_esr(uc);
	bool ok;

	(void)si;
	note("signal %d, esr_context %#lx", sig, esr);
	switch (esr_want) {
	case WANT_NONE:
		ok = esr == NO_ESR;
		break;
	case WANT_READ_TRANSLATION:
		ok = ESR_EC(esr) == EC_DABT_LOW && !(esr & ESR_WNR) &&
		     FSC_TYPE(esr) == FSC_TRANSLATION;
		break;
	case WANT_WRITE_PERMISSION:
		ok = ESR_EC(esr) == EC_DABT_LOW && (esr & ESR_WNR) &&
		     FSC_TYPE(esr) == FSC_PERMISSION;
		break;
	default: /* a kernel address: only EC, IL and a level 0 translation fault */
		ok = esr == ((unsigned long)EC_DABT_LOW << 26 | ESR_IL | FSC_TRANSLATION);
		break;
	}
	syscall1(__NR_exit_group, ok ? 0 : WRONG_SIGNAL);
}

static void catch_for_esr(int sig, enum esr_want want)
{
	struct kernel_sigaction a = { (unsigned long)esr_handler, SA_SIGINFO, 0, 0 };

	esr_want = want;
	syscall4(__NR_rt_sigaction, sig, (long)&a, 0, 8);
}

/* A read of an unmapped user page: EC 0x24, WnR 0, a translation fault. */
static int body_esr_read(void)
{
	void *p = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT_TRUE("mmap", p != MAP_FAILED);
	EXPECT("munmap", munmap(p, PAGE), 0);
	catch_for_esr(SIGSEGV, WANT_READ_TRANSLATION);
	return *(volatile int *)p == 0 ? SURVIVED : SURVIVED + 1;
}

/* A write to a read-only user page: EC 0x24, WnR 1, a permission fault. */
static int body_esr_write(void)
{
	volatile int *p = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT_TRUE("mmap", p != MAP_FAILED);
	EXPECT("read it in", *p, 0);
	catch_for_esr(SIGSEGV, WANT_WRITE_PERMISSION);
	*p = 1;
	return SURVIVED;
}

/* A read of a kernel address: the ESR sanitised as Linux's set_thread_esr(). */
static int body_esr_kernel(void)
{
	catch_for_esr(SIGSEGV, WANT_KERNEL_READ);
	return *(volatile int *)0xffff000040000000UL == 0 ? SURVIVED : SURVIVED + 1;
}

/* A signal that is not a fault, in a process that never faulted: no esr_context. */
static int body_esr_none(void)
{
	catch_for_esr(SIGUSR1, WANT_NONE);
	syscall3(__NR_tgkill, syscall0(__NR_getpid), syscall0(__NR_gettid), SIGUSR1);
	return SURVIVED;
}

/* --- the case table ------------------------------------------------------------------ */

struct tcase {
	const char *name;
	int (*body)(void);
	const char *proves;
};

static const struct tcase cases[] = {
	{ "hwcap_cpuid_midr_mpidr_revidr", body_cpuid,
	  "HWCAP_CPUID; MRS MIDR_EL1 the CPU's, MPIDR_EL1 0x80000000, REVIDR_EL1 0" },
	{ "id_regs_hidden_fields_linux_safe_values", body_hidden,
	  "hidden fields read Linux's safe values, untracked registers 0" },
	{ "id_regs_unsupported_features_absent", body_absent,
	  "SVE, SME, MTE, PAC, MOPS, FPMR read 0 and their HWCAPs are clear" },
	{ "hwcaps_match_id_registers", body_hwcaps,
	  "AT_HWCAP/2/3 are exactly Linux's table applied to the registers MRS reads" },
	{ "hwcap_gcs_matches_id_field_and_prctl", body_gcs,
	  "HWCAP_GCS iff ID_AA64PFR1_EL1.GCS iff PR_GET_SHADOW_STACK_STATUS works" },
	{ "mrs_id_crm1_sigill", body_sigill_crm1,
	  "MRS ID_PFR0_EL1 (CRm 1) is SIGILL ILL_ILLOPC at the PC" },
	{ "mrs_el1_register_sigill", body_sigill_el1, "MRS SCTLR_EL1 is SIGILL ILL_ILLOPC" },
	{ "mrs_midr_alias_sigill", body_sigill_midr_alias,
	  "MRS S3_0_C0_C0_4 (not emulated by Linux) is SIGILL ILL_ILLOPC" },
	{ "msr_id_register_sigill", body_sigill_msr, "MSR to ID_AA64ISAR0_EL1 is SIGILL" },
	{ "esr_context_read_fault", body_esr_read,
	  "SIGSEGV of a read of an unmapped page: esr_context EC 0x24, WnR 0, translation" },
	{ "esr_context_write_fault", body_esr_write,
	  "SIGSEGV of a write to a read-only page: esr_context EC 0x24, WnR 1, permission" },
	{ "esr_context_kernel_address_sanitised", body_esr_kernel,
	  "a read of a kernel address: esr_context is EC 0x24 | IL | level 0 translation" },
	{ "esr_context_absent_without_fault", body_esr_none,
	  "a signal that follows no fault carries no esr_context" },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

int main(void)
{
	ktap_header();
	ktap_plan(NCASES);
	for (size_t i = 0; i < NCASES; i++) {
		ktap_print_msg("%s: %s", cases[i].name, cases[i].proves);
		ktap_ok(child_result(cases[i].body, 0, 0, 0), "%s", cases[i].name);
	}
	return ktap_finish();
}

// SPDX-License-Identifier: MIT
/*
 * What arm64 user space learns about the CPU, as Linux tells it
 * (docs/ABI.md §5.9): the ID registers an EL0 MRS reads, and AT_HWCAP,
 * AT_HWCAP2 and AT_HWCAP3, both made from one table of the fields Linux
 * shows (its cpufeature.c FTR_VISIBLE fields, with Umbra's configuration:
 * no SVE, SME, MTE, pointer authentication or POE, whose state or
 * page attributes Umbra does not handle, so they read as absent; GCS
 * shown when Umbra runs it, not after gcs=off, as Linux's arm64.nogcs).
 * Umbra also hides what Linux shows but needs the kernel's help, which
 * Umbra does not give: MOPS (SCTLR_EL1.MSCEn and the MOPS exception),
 * FPMR and the FP8 features of ID_AA64FPFR0_EL1 (SCTLR_EL1.EnFPM and FPMR
 * switching).
 *
 * An EL0 MRS of the ID space -- op0 3, op1 0, CRn 0, CRm 0 or 2..7 (Arm ARM
 * D19.2, "System instruction class encoding") -- is UNDEFINED on an
 * ARMv8.0 CPU (ESR class 0x00) and trapped with FEAT_IDST (class 0x18);
 * either way it is emulated here as Linux's emulate_mrs(): the user view
 * of a tracked register, 0 for the rest of the space, MIDR_EL1 as it is,
 * MPIDR_EL1 0x80000000, REVIDR_EL1 0. Any other encoding stays SIGILL.
 */
#include <asm/mmu.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <kernel/exec.h>
#include <kernel/uaccess.h>
#include <uapi/asm-arm64/hwcap.h>

/* A field's user view: its value (visible) or a fixed one (hidden, safe != 0). */
#define F_VIS 1	   /* visible: the CPU's value */
#define F_SIGNED 2 /* a signed 4-bit field (FP, AdvSIMD): 0xf is "not implemented" */
#define F_HIDDEN 4 /* hidden: reads as safe */
#define F_GCS 8	   /* visible while Umbra runs GCS, else 0 */

struct id_field {
	u8 shift, flags, safe;
};

/* An ID register: op0 3, op1 0, CRn 0, its CRm and op2. */
struct id_reg {
	u8 crm, op2;
	bool aarch32; /* tracked only when EL0 has AArch32 (Linux's 32-bit registers) */
	struct id_field f[16];
};

#define VIS(shift)                \
	{                         \
		(shift), F_VIS, 0 \
	}
#define SVIS(shift)                          \
	{                                    \
		(shift), F_VIS | F_SIGNED, 0 \
	}
#define HID(shift, safe)                  \
	{                                 \
		(shift), F_HIDDEN, (safe) \
	}

/*
 * Linux's visible fields (Arm ARM D19.2 for each register's layout), and
 * its hidden fields whose safe value is not 0. A field not listed reads 0.
 */
static const struct id_reg id_regs[] = {
	/* ID_ISAR5_EL1: CRC32, SHA2, SHA1, AES. */
	{ 2, 5, true, { VIS(16), VIS(12), VIS(8), VIS(4) } },
	/* ID_ISAR6_EL1: I8MM, BF16, SB, FHM, DP. */
	{ 2, 7, true, { VIS(24), VIS(20), VIS(12), VIS(8), VIS(4) } },
	/* MVFR0_EL1: FPDP. */
	{ 3, 0, true, { VIS(8) } },
	/* MVFR1_EL1: SIMDFMAC, FPHP, SIMDHP, SIMDSP, SIMDInt, SIMDLS. */
	{ 3, 1, true, { VIS(28), VIS(24), VIS(20), VIS(16), VIS(12), VIS(8) } },
	/* ID_PFR2_EL1: SSBS. */
	{ 3, 4, true, { VIS(4) } },
	/* ID_AA64PFR0_EL1: DIT, AdvSIMD, FP; EL1 and EL0 read 1 (AArch64 only). */
	{ 4, 0, false, { VIS(48), SVIS(20), SVIS(16), HID(4, 1), HID(0, 1) } },
	/* ID_AA64PFR1_EL1: GCS, SSBS, BT (Umbra runs BTI: bti.c). */
	{ 4, 1, false, { { 44, F_GCS, 0 }, VIS(4), VIS(0) } },
	/* ID_AA64PFR2_EL1: MTEFAR, MTESTOREONLY (FPMR hidden, above). */
	{ 4, 2, false, { VIS(8), VIS(4) } },
	/* ID_AA64DFR0_EL1: DebugVer reads 6. */
	{ 5, 0, false, { HID(0, 6) } },
	/* ID_AA64ISAR0_EL1: RNDR, TS, FHM, DP, SM4, SM3, SHA3, RDM, ATOMIC, CRC32, SHA2, SHA1, AES. */
	{ 6,
	  0,
	  false,
	  { VIS(60), VIS(52), VIS(48), VIS(44), VIS(40), VIS(36), VIS(32), VIS(28), VIS(20),
	    VIS(16), VIS(12), VIS(8), VIS(4) } },
	/* ID_AA64ISAR1_EL1: I8MM, DGH, BF16, SB, FRINTTS, LRCPC, FCMA, JSCVT, DPB. */
	{ 6,
	  1,
	  false,
	  { VIS(52), VIS(48), VIS(44), VIS(36), VIS(32), VIS(20), VIS(16), VIS(12), VIS(0) } },
	/* ID_AA64ISAR2_EL1: LUT, CSSC, RPRFM, BC, RPRES, WFxT (MOPS hidden, above). */
	{ 6, 2, false, { VIS(56), VIS(52), VIS(48), VIS(20), VIS(4), VIS(0) } },
	/* ID_AA64ISAR3_EL1: FPRCVT, LSFE, FAMINMAX. */
	{ 6, 3, false, { VIS(28), VIS(16), VIS(4) } },
	/* ID_AA64MMFR0_EL1: ECV; TGRAN{4,64,16}_2 read 1, TGRAN4 and TGRAN64 0xf. */
	{ 7, 0, false, { VIS(60), HID(40, 1), HID(36, 1), HID(32, 1), HID(28, 0xf), HID(24, 0xf) } },
	/* ID_AA64MMFR1_EL1: AFP. */
	{ 7, 1, false, { VIS(44) } },
	/* ID_AA64MMFR2_EL1: AT. */
	{ 7, 2, false, { VIS(32) } },
};

#define NREGS (sizeof(id_regs) / sizeof(id_regs[0]))

/* MPIDR_EL1 as EL0 reads it: bit 31 (RES1) alone, as Linux's SYS_MPIDR_SAFE_VAL. */
#define MPIDR_USER_VALUE UL(0x80000000)
#define ID_AA64PFR0_EL0_SHIFT 0
#define PFR0_EL0_AARCH32 2 /* EL0 runs AArch64 and AArch32 */

/* The CPU's value of ID register (3, 0, 0, crm, op2), for the registers of id_regs. */
#define READ_ID(crm, op2)                                                           \
	({                                                                          \
		u64 v_;                                                             \
		__asm__ __volatile__("mrs %0, S3_0_C0_C" #crm "_" #op2 : "=r"(v_)); \
		v_;                                                                 \
	})

static u64 read_id_reg(unsigned int crm, unsigned int op2)
{
	switch (crm * 8 + op2) {
	case 2 * 8 + 5:
		return READ_ID(2, 5);
	case 2 * 8 + 7:
		return READ_ID(2, 7);
	case 3 * 8 + 0:
		return READ_ID(3, 0);
	case 3 * 8 + 1:
		return READ_ID(3, 1);
	case 3 * 8 + 4:
		return READ_ID(3, 4);
	case 4 * 8 + 0:
		return READ_ID(4, 0);
	case 4 * 8 + 1:
		return READ_ID(4, 1);
	case 4 * 8 + 2:
		return READ_ID(4, 2);
	case 5 * 8 + 0:
		return READ_ID(5, 0);
	case 6 * 8 + 0:
		return READ_ID(6, 0);
	case 6 * 8 + 1:
		return READ_ID(6, 1);
	case 6 * 8 + 2:
		return READ_ID(6, 2);
	case 6 * 8 + 3:
		return READ_ID(6, 3);
	case 7 * 8 + 0:
		return READ_ID(7, 0);
	case 7 * 8 + 1:
		return READ_ID(7, 1);
	case 7 * 8 + 2:
		return READ_ID(7, 2);
	default:
		return 0;
	}
}

/* The user view of register r whose CPU value is raw (Linux's arm64_ftr_reg_user_value()). */
static u64 user_view(const struct id_reg *r, u64 raw, bool gcs)
{
	u64 v = 0;

	for (const struct id_field *f = r->f; f->flags; f++) {
		u64 mask = UL(0xf) << f->shift;

		if (f->flags & F_VIS)
			v |= raw & mask;
		else if (f->flags & F_GCS)
			v |= gcs ? raw & mask : 0;
		else
			v |= (u64)f->safe << f->shift;
	}
	return v;
}

static u64 user_values[NREGS];
static unsigned long hwcap[3];
static bool ready;

/* A 4-bit field of a user view, sign-extended for the signed ones. */
static long field_of(u64 v, unsigned int shift, bool sign)
{
	long x = (long)((v >> shift) & 0xf);

	return sign && x >= 8 ? x - 16 : x;
}

static u64 view_of(unsigned int crm, unsigned int op2)
{
	for (size_t i = 0; i < NREGS; i++)
		if (id_regs[i].crm == crm && id_regs[i].op2 == op2)
			return user_values[i];
	return 0;
}

/*
 * Linux's arm64_elf_hwcaps rows Umbra can meet: AT_HWCAPn word, bit, the
 * register, the field and the least value that grants it
 * (include/uapi/asm-arm64/hwcap.h has the bits).
 */
struct hwcap_rule {
	u8 word;
	unsigned long bit;
	u8 crm, op2, shift;
	s8 min;
	bool sign;
};

static const struct hwcap_rule hwcap_rules[] = {
	{ 0, HWCAP_AES, 6, 0, 4, 1, false },	   { 0, HWCAP_PMULL, 6, 0, 4, 2, false },
	{ 0, HWCAP_SHA1, 6, 0, 8, 1, false },	   { 0, HWCAP_SHA2, 6, 0, 12, 1, false },
	{ 0, HWCAP_SHA512, 6, 0, 12, 2, false },   { 0, HWCAP_CRC32, 6, 0, 16, 1, false },
	{ 0, HWCAP_ATOMICS, 6, 0, 20, 2, false },  { 1, HWCAP2_LSE128, 6, 0, 20, 3, false },
	{ 0, HWCAP_ASIMDRDM, 6, 0, 28, 1, false }, { 0, HWCAP_SHA3, 6, 0, 32, 1, false },
	{ 0, HWCAP_SM3, 6, 0, 36, 1, false },	   { 0, HWCAP_SM4, 6, 0, 40, 1, false },
	{ 0, HWCAP_ASIMDDP, 6, 0, 44, 1, false },  { 0, HWCAP_ASIMDFHM, 6, 0, 48, 1, false },
	{ 0, HWCAP_FLAGM, 6, 0, 52, 1, false },	   { 1, HWCAP2_FLAGM2, 6, 0, 52, 2, false },
	{ 1, HWCAP2_RNG, 6, 0, 60, 1, false },	   { 0, HWCAP_FPRCVT, 6, 3, 28, 1, false },
	{ 0, HWCAP_FP, 4, 0, 16, 0, true },	   { 0, HWCAP_FPHP, 4, 0, 16, 1, true },
	{ 0, HWCAP_ASIMD, 4, 0, 20, 0, true },	   { 0, HWCAP_ASIMDHP, 4, 0, 20, 1, true },
	{ 0, HWCAP_DIT, 4, 0, 48, 1, false },	   { 0, HWCAP_DCPOP, 6, 1, 0, 1, false },
	{ 1, HWCAP2_DCPODP, 6, 1, 0, 2, false },   { 0, HWCAP_JSCVT, 6, 1, 12, 1, false },
	{ 0, HWCAP_FCMA, 6, 1, 16, 1, false },	   { 0, HWCAP_LRCPC, 6, 1, 20, 1, false },
	{ 0, HWCAP_ILRCPC, 6, 1, 20, 2, false },   { 1, HWCAP2_LRCPC3, 6, 1, 20, 3, false },
	{ 1, HWCAP2_FRINT, 6, 1, 32, 1, false },   { 0, HWCAP_SB, 6, 1, 36, 1, false },
	{ 1, HWCAP2_BF16, 6, 1, 44, 1, false },	   { 1, HWCAP2_EBF16, 6, 1, 44, 2, false },
	{ 1, HWCAP2_DGH, 6, 1, 48, 1, false },	   { 1, HWCAP2_I8MM, 6, 1, 52, 1, false },
	{ 1, HWCAP2_LUT, 6, 2, 56, 1, false },	   { 1, HWCAP2_FAMINMAX, 6, 3, 4, 1, false },
	{ 2, HWCAP3_LSFE, 6, 3, 16, 1, false },	   { 0, HWCAP_USCAT, 7, 2, 32, 1, false },
	{ 0, HWCAP_GCS, 4, 1, 44, 1, false },	   { 0, HWCAP_SSBS, 4, 1, 4, 2, false },
	{ 1, HWCAP2_BTI, 4, 1, 0, 1, false },	   { 1, HWCAP2_ECV, 7, 0, 60, 1, false },
	{ 1, HWCAP2_AFP, 7, 1, 44, 1, false },	   { 1, HWCAP2_CSSC, 6, 2, 52, 1, false },
	{ 0, HWCAP_CMPBR, 6, 2, 52, 2, false },	   { 1, HWCAP2_RPRFM, 6, 2, 48, 1, false },
	{ 1, HWCAP2_RPRES, 6, 2, 4, 1, false },	   { 1, HWCAP2_WFXT, 6, 2, 0, 2, false },
	{ 1, HWCAP2_HBC, 6, 2, 20, 1, false },
};

/* Reads the ID registers once and derives the user views and the HWCAPs. */
static void setup(void)
{
	bool aarch32 = id_field(read_sysreg(id_aa64pfr0_el1), ID_AA64PFR0_EL0_SHIFT) ==
		       PFR0_EL0_AARCH32;

	for (size_t i = 0; i < NREGS; i++) {
		const struct id_reg *r = &id_regs[i];

		user_values[i] = r->aarch32 && !aarch32 ? 0
							: user_view(r, read_id_reg(r->crm, r->op2),
								    arm64_gcs_enabled);
	}
	/* CPUID: the MRS emulation below; no EVTSTRM: CNTKCTL_EL1.EVNTEN is 0 (timer.c). */
	hwcap[0] = HWCAP_CPUID;
	for (size_t i = 0; i < sizeof(hwcap_rules) / sizeof(hwcap_rules[0]); i++) {
		const struct hwcap_rule *h = &hwcap_rules[i];

		if (field_of(view_of(h->crm, h->op2), h->shift, h->sign) >= h->min)
			hwcap[h->word] |= h->bit;
	}
	ready = true;
}

unsigned long arm64_hwcap(unsigned int word)
{
	if (!ready)
		setup();
	return hwcap[word];
}

/*
 * The value EL0 reads from system register (op0, op1, crn, crm, op2), as
 * Linux's emulate_sys_reg(): 0 and *val, or -1 outside what it emulates.
 */
static int emulated_value(unsigned int op0, unsigned int op1, unsigned int crn, unsigned int crm,
			  unsigned int op2, u64 *val)
{
	if (op0 != 3 || op1 != 0 || crn != 0 || crm == 1 || crm > 7)
		return -1;
	if (!ready)
		setup();
	if (crm != 0) {
		*val = view_of(crm, op2);
		return 0;
	}
	switch (op2) {
	case 0: /* MIDR_EL1 */
		*val = arm64_features.midr;
		return 0;
	case 5: /* MPIDR_EL1 */
		*val = MPIDR_USER_VALUE;
		return 0;
	case 6: /* REVIDR_EL1: IMPLEMENTATION DEFINED, 0 */
		*val = 0;
		return 0;
	default:
		return -1;
	}
}

/* MRS: 1101 0101 0011 op0[0] op1 CRn CRm op2 Rt (Arm ARM C6.2, "MRS"). */
#define INSN_MRS_MASK 0xfff00000u
#define INSN_MRS_BITS 0xd5300000u

/*
 * The ISS of a trapped MSR/MRS (ESR class 0x18, Arm ARM D19.2.45): op0
 * 21:20, op2 19:17, op1 16:14, CRn 13:10, Rt 9:5, CRm 4:1, direction bit 0
 * (1: a read, MRS).
 */
#define ISS_SYS_READ UL(1)

static void write_rt(struct trap_frame *f, unsigned int rt, u64 v)
{
	if (rt != 31) /* XZR: the value is dropped */
		f->x[rt] = v;
}

bool arm64_emulate_mrs(struct trap_frame *f, unsigned int ec)
{
	unsigned int op0, op1, crn, crm, op2, rt;
	u32 insn;
	u64 v;

	if (ec == ESR_EC_SYS64) {
		u64 iss = f->esr;

		if (!(iss & ISS_SYS_READ))
			return false;
		op0 = (iss >> 20) & 3;
		op2 = (iss >> 17) & 7;
		op1 = (iss >> 14) & 7;
		crn = (iss >> 10) & 0xf;
		rt = (iss >> 5) & 0x1f;
		crm = (iss >> 1) & 0xf;
	} else {
		if (copy_from_user(&insn, (const void __user *)f->elr, sizeof(insn)) ||
		    (insn & INSN_MRS_MASK) != INSN_MRS_BITS)
			return false;
		op0 = 2 + ((insn >> 19) & 1);
		op1 = (insn >> 16) & 7;
		crn = (insn >> 12) & 0xf;
		crm = (insn >> 8) & 0xf;
		op2 = (insn >> 5) & 7;
		rt = insn & 0x1f;
	}
	if (emulated_value(op0, op1, crn, crm, op2, &v))
		return false;
	write_rt(f, rt, v);
	f->elr += 4;
	f->spsr &= ~SPSR_BTYPE; /* skipped: as Linux's arm64_skip_faulting_instruction() */
	return true;
}

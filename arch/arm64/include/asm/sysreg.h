/* SPDX-License-Identifier: MIT */
/*
 * System-register fields the arm64 code uses, with their source. Register
 * names binutils 2.40 does not know are written as S<op0>_<op1>_C<n>_C<m>_<op2>
 * (Arm ARM C5.3). "Arm ARM" is DDI 0487; section letters as in issue K.a.
 */
#ifndef ASM_SYSREG_H
#define ASM_SYSREG_H

#include <asm/const.h>

/* CurrentEL.EL, bits 3:2 (Arm ARM C5.2.1). */
#define CURRENTEL_EL1 (1 << 2)
#define CURRENTEL_EL2 (2 << 2)

/* SCTLR_EL1 (Arm ARM D19.2.118). */
#define SCTLR_M (UL(1) << 0)	 /* stage-1 MMU */
#define SCTLR_A (UL(1) << 1)	 /* alignment checks */
#define SCTLR_C (UL(1) << 2)	 /* data cacheable */
#define SCTLR_SA (UL(1) << 3)	 /* SP alignment check, EL1 */
#define SCTLR_SA0 (UL(1) << 4)	 /* SP alignment check, EL0 */
#define SCTLR_I (UL(1) << 12)	 /* instruction cacheable */
#define SCTLR_DZE (UL(1) << 14)	 /* EL0 may use DC ZVA */
#define SCTLR_UCT (UL(1) << 15)	 /* EL0 may read CTR_EL0 */
#define SCTLR_NTWI (UL(1) << 16) /* 0: WFI at EL0 traps */
#define SCTLR_NTWE (UL(1) << 18) /* 1: WFE at EL0 does not trap */
#define SCTLR_BT0 (UL(1) << 35)	 /* FEAT_BTI: EL0's PACIxSP is no landing pad for BTYPE 0b11 */
#define SCTLR_SPAN (UL(1) << 23) /* 0: taking an exception to EL1 sets PSTATE.PAN */
#define SCTLR_UCI (UL(1) << 26)	 /* EL0 may clean/invalidate caches by VA (DC CVAU, IC IVAU) */
#define SCTLR_BT1 (UL(1) << 36)	 /* EL1: PACIASP/PACIBSP are no landing pad for BTYPE 0b11 */
#define SCTLR_RES1 ((UL(1) << 11) | (UL(1) << 20) | (UL(1) << 22) | (UL(1) << 28) | (UL(1) << 29))
#define SCTLR_EL1_BOOT (SCTLR_RES1 | SCTLR_SPAN)
/*
 * What EL0 may do is Linux's (its INIT_SCTLR_EL1_MMU_ON): cache type and
 * maintenance by VA (a JIT's __clear_cache), DC ZVA (memset), WFE; WFI
 * still traps and is skipped (traps.c). EL0's cache maintenance and DC ZVA
 * are permission-checked as its own reads and writes.
 */
#define SCTLR_EL0_ALLOWED (SCTLR_UCT | SCTLR_UCI | SCTLR_DZE | SCTLR_NTWE)
#define SCTLR_EL1_ON \
	(SCTLR_EL1_BOOT | SCTLR_M | SCTLR_C | SCTLR_I | SCTLR_SA | SCTLR_SA0 | SCTLR_EL0_ALLOWED)

/* MPIDR_EL1's affinity fields Aff3 (39:32) and Aff2..Aff0 (23:0), Arm ARM D19.2.101. */
#define MPIDR_AFFINITY_MASK UL(0xff00ffffff)

/* HCR_EL2 (Arm ARM D19.2.48): RW = EL1 is AArch64; E2H, RES1 without FEAT_E2H0. */
#define HCR_EL2_RW (UL(1) << 31)
#define HCR_EL2_E2H (UL(1) << 34)
/* CPTR_EL2 under HCR_EL2.E2H has CPACR_EL1's layout: FPEN (21:20) = 0b11, no FP trap. */
#define CPTR_EL2_E2H_FPEN (UL(3) << 20)
/* HCRX_EL2 (S3_4_C1_C2_2, FEAT_HCX): booting.rst asks GCSEn for GCS, TCR2En for S1PIE. */
#define HCRX_EL2_TCR2EN (UL(1) << 14)
#define HCRX_EL2_GCSEN (UL(1) << 22)
/* Fine-grained traps (FEAT_FGT), booting.rst "GCS": the "n" bits must be 1. */
#define HFGITR_EL2_GCS \
	((UL(1) << 59) | (UL(1) << 58) | (UL(1) << 57)) /* nGCSEPP, nGCSSTR_EL1, nGCSPUSHM_EL1 */
#define HFGRTR_EL2_GCS ((UL(1) << 53) | (UL(1) << 52))	/* nGCS_EL1, nGCS_EL0 (also HFGWTR) */
/* Their SME and S1POE "n" bits: nTPIDR2_EL0, nSMPRI_EL1; nPOR_EL1, nPOR_EL0. */
#define HFGRTR_EL2_SME ((UL(1) << 55) | (UL(1) << 54))
#define HFGRTR_EL2_POE ((UL(1) << 60) | (UL(1) << 59))
/* The same registers' S1PIE "n" bits: EL1 may read and write PIR_EL1 and PIRE0_EL1. */
#define HFGRTR_EL2_PIE ((UL(1) << 58) | (UL(1) << 57)) /* nPIR_EL1, nPIRE0_EL1 (also HFGWTR) */
/* CNTHCTL_EL2: EL1PCTEN, EL1PCEN -- EL1 may use the physical counter and timer. */
#define CNTHCTL_EL2_EL1PC (UL(3) << 0)
/* SPSR for EL1h with D, A, I, F masked (Arm ARM C5.2.18). */
#define SPSR_EL1H_MASKED UL(0x3c5)

/* ID register fields (Arm ARM D19.2.x): shift of a 4-bit field. */
#define ID_AA64PFR0_FP_SHIFT 16	 /* 0xf: no FP */
#define ID_AA64PFR1_GCS_SHIFT 44 /* ID_AA64PFR1_EL1.GCS, bits 47:44 */
#define ID_AA64PFR1_BT_SHIFT 0	 /* ID_AA64PFR1_EL1.BT, bits 3:0: FEAT_BTI */
#define ID_AA64MMFR0_PARANGE_SHIFT 0
#define ID_AA64MMFR0_FGT_SHIFT 56
#define ID_AA64MMFR1_PAN_SHIFT 20
#define ID_AA64MMFR1_HCX_SHIFT 40
#define ID_AA64MMFR3_S1PIE_SHIFT 8  /* ID_AA64MMFR3_EL1.S1PIE, bits 11:8 */
#define ID_AA64MMFR3_S1POE_SHIFT 16 /* ID_AA64MMFR3_EL1.S1POE, bits 19:16 */
#define ID_AA64MMFR4_E2H0_SHIFT 24  /* ID_AA64MMFR4_EL1.E2H0, bits 27:24: negative = E2H RES1 */
#define ID_AA64PFR1_SME_SHIFT 24    /* ID_AA64PFR1_EL1.SME, bits 27:24 */
#define ID_AA64DFR0_PMUVER_SHIFT 8  /* ID_AA64DFR0_EL1.PMUVer, bits 11:8 (0xf: IMP DEF) */

/* ID registers binutils may not name: ID_AA64MMFR3_EL1 is S3_0_C0_C7_3. */
#define REG_ID_AA64MMFR3_EL1 "S3_0_C0_C7_3"
#define REG_HCRX_EL2 "S3_4_C1_C2_2"

/*
 * FEAT_GCS registers (Arm ARM D19.2, "GCSCR_EL1", "GCSCRE0_EL1", "GCSPR_EL0";
 * docs/ABI.md §5.1). GCSCRE0_EL1 controls EL0: PCRSEL makes BL push and RET pop,
 * RVCHKEN makes RET compare X30 with the popped entry (without it a
 * tampered RET silently goes to the recorded address: docs/DESIGN.md §4.3), PUSHMEn
 * allows GCSPUSHM, STREn allows GCSSTR/GCSSTTR, and nTR = 1 stops EL0 reads
 * of GCSPR_EL0 from trapping (seen on QEMU 11.1: without it MRS GCSPR_EL0
 * traps). There is no GCS enable in SCTLR_EL1: PCRSEL is the switch.
 */
#define REG_GCSCR_EL1 "S3_0_C2_C5_0"
#define REG_GCSPR_EL1 "S3_0_C2_C5_1"
#define REG_GCSCRE0_EL1 "S3_0_C2_C5_2"
#define REG_GCSPR_EL0 "S3_3_C2_C5_1"
#define GCSCR_PCRSEL (UL(1) << 0)
#define GCSCR_RVCHKEN (UL(1) << 5)
#define GCSCR_EXLOCKEN (UL(1) << 6) /* GCSCR_EL1 only: PSTATE.EXLOCK (kernel_gcs.c: left 0) */
#define GCSCR_PUSHMEN (UL(1) << 8)
#define GCSCR_STREN (UL(1) << 9)
#define GCSCRE0_NTR (UL(1) << 10)
/* GCSB DSYNC (hint #19): orders GCS writes with other accesses; a NOP without GCS. */
#define INSN_GCSB_DSYNC "hint #19"

/*
 * FEAT_S1PIE (Arm ARM D8.4, "Stage 1 permission indirection"): with
 * TCR2_EL1.PIE = 1 a leaf's UXN:PXN:DBM:AP[1] (bits 54, 53, 51, 6) form a
 * 4-bit index into PIRE0_EL1 (EL0 rights) and PIR_EL1 (EL1 rights), one
 * 4-bit permission code per index. AP[2] (bit 7) then only says "not
 * dirty": a write through a writable index with AP[2] = 1 faults, so every
 * writable leaf keeps AP[2] = 0, as before.
 */
#define REG_TCR2_EL1 "S3_0_C2_C0_3"
#define REG_PIRE0_EL1 "S3_0_C10_C2_2"
#define REG_PIR_EL1 "S3_0_C10_C2_3"
#define TCR2_PIE (UL(1) << 1)
#define ID_AA64MMFR3_TCRX_SHIFT 0 /* FEAT_TCR2: TCR2_EL1 exists */

/* Permission codes (Arm ARM D8.4; Linux's sysreg.h names, docs/ABI.md §5.2). */
#define PIE_NONE UL(0x0)
#define PIE_R_O UL(0x1)
#define PIE_X_O UL(0x2)
#define PIE_RX_O UL(0x3)
#define PIE_RW_O UL(0x5)
#define PIE_RWX_O UL(0x7)
#define PIE_R UL(0x8)
#define PIE_GCS UL(0x9) /* read by loads, written only by GCS operations */
#define PIE_RX UL(0xa)
#define PIE_RW UL(0xc)
#define PIE_RWX UL(0xe)
#define PIE_AT(idx, perm) ((perm) << (4 * (idx)))

/* TCR_EL1 (Arm ARM D19.2.139): 48-bit halves, 4 KiB granules, WB cacheable walks. */
#define TCR_T0SZ(n) ((UL(0) + (n)) << 0)
#define TCR_EPD0 (UL(1) << 7) /* no TTBR0 walks */
#define TCR_IRGN0_WBWA (UL(1) << 8)
#define TCR_ORGN0_WBWA (UL(1) << 10)
#define TCR_SH0_INNER (UL(3) << 12)
#define TCR_TG0_4K (UL(0) << 14)
#define TCR_T1SZ(n) ((UL(0) + (n)) << 16)
#define TCR_IRGN1_WBWA (UL(1) << 24)
#define TCR_ORGN1_WBWA (UL(1) << 26)
#define TCR_SH1_INNER (UL(3) << 28)
#define TCR_TG1_4K (UL(2) << 30)
#define TCR_IPS_SHIFT 32
#define TCR_EL1_BOOT                                                                   \
	(TCR_T0SZ(16) | TCR_IRGN0_WBWA | TCR_ORGN0_WBWA | TCR_SH0_INNER | TCR_TG0_4K | \
	 TCR_T1SZ(16) | TCR_IRGN1_WBWA | TCR_ORGN1_WBWA | TCR_SH1_INNER | TCR_TG1_4K)

/*
 * MAIR_EL1 attribute indices (Arm ARM D19.2.97): 0 = Device-nGnRE, 1 =
 * Normal write-back, 2 = Normal non-cacheable (0x44: Outer and Inner
 * Non-cacheable, for framebuffers).
 */
#define MAIR_IDX_DEVICE 0
#define MAIR_IDX_NORMAL 1
#define MAIR_IDX_NORMAL_NC 2
#define MAIR_EL1_VALUE (UL(0x04) | (UL(0xff) << 8) | (UL(0x44) << 16))

/* CPACR_EL1.FPEN, bits 21:20 = 0b11: EL0 and EL1 may use FP/SIMD (D19.2.32). */
#define CPACR_FPEN (UL(3) << 20)

/* DAIF bits as MRS/MSR DAIF see them (Arm ARM C5.2.2). */
#define DAIF_I (UL(1) << 7)

/*
 * SPSR_EL1 for AArch64 (Arm ARM C5.2.18; PSTATE itself: D1.4): on ERET
 * these become the interrupted PSTATE. M[3:0] is the EL and SP to return
 * to, M[4] = 1 AArch32; D, A, I, F mask debug, SError, IRQ, FIQ; IL set
 * makes the next instruction an Illegal Execution state exception (D1.4.x);
 * SS is software step; PAN and UAO change EL1's own accesses only.
 */
#define SPSR_MODE_MASK UL(0xf)
#define SPSR_MODE_EL0T UL(0x0)
#define SPSR_MODE_NRW (UL(1) << 4) /* M[4]: AArch32 */
#define SPSR_F (UL(1) << 6)
#define SPSR_I (UL(1) << 7)
#define SPSR_A (UL(1) << 8)
#define SPSR_D (UL(1) << 9)
#define SPSR_DAIF (SPSR_D | SPSR_A | SPSR_I | SPSR_F)
#define SPSR_BTYPE (UL(3) << 10)   /* FEAT_BTI */
#define SPSR_BTYPE_C (UL(2) << 10) /* what a BLR leaves: a "call" landing pad is needed */
#define SPSR_SSBS (UL(1) << 12)	   /* FEAT_SSBS */
#define SPSR_IL (UL(1) << 20)
#define SPSR_SS (UL(1) << 21)
#define SPSR_PAN (UL(1) << 22)
#define SPSR_UAO (UL(1) << 23)
#define SPSR_DIT (UL(1) << 24) /* FEAT_DIT */
#define SPSR_TCO (UL(1) << 25) /* FEAT_MTE */
#define SPSR_NZCV (UL(0xf) << 28)
/*
 * Everything a return to EL0 may carry: entry.S's ret_to_user clears the
 * rest (mode, M[4], DAIF, IL, SS, PAN, UAO, bits 63:32 with FEAT_GCS's
 * EXLOCK) whatever the frame says -- exactly what a pstate passing
 * arm64_user_pstate_valid() can hold.
 */
#define SPSR_USER_KEEP (SPSR_NZCV | SPSR_TCO | SPSR_DIT | SPSR_SSBS | SPSR_BTYPE)

/* The generic timer's CNTx_CTL_EL0 (Arm ARM D19.11). */
#define CNT_CTL_ENABLE (UL(1) << 0)
#define CNT_CTL_IMASK (UL(1) << 1)

/*
 * CNTKCTL_EL1 (Arm ARM D19.11, "CNTKCTL_EL1"): which parts of the generic
 * timer EL0 may use without trapping to EL1 (EC 0x18). EL0VCTEN opens
 * CNTVCT_EL0 and CNTFRQ_EL0; EL0PCTEN the physical count CNTPCT_EL0;
 * EL0VTEN and EL0PTEN the timers' own registers; EVNTEN the event stream.
 */
#define CNTKCTL_EL0PCTEN (UL(1) << 0)
#define CNTKCTL_EL0VCTEN (UL(1) << 1)
#define CNTKCTL_EVNTEN (UL(1) << 2)
#define CNTKCTL_EL0VTEN (UL(1) << 8)
#define CNTKCTL_EL0PTEN (UL(1) << 9)

/*
 * MSR PAN, #imm (FEAT_PAN, Arm ARM C6.2.227): MSR <pstatefield>, #imm with
 * op1 = 0, op2 = 4, CRm = imm. Emitted as words so an ARMv8.0 -march builds.
 */
#define INSN_SET_PAN 0xd500419f
#define INSN_CLEAR_PAN 0xd500409f

#ifndef __ASSEMBLER__
#include <kernel/types.h>

#define read_sysreg(reg)                                                     \
	({                                                                   \
		u64 __v;                                                     \
		__asm__ __volatile__("mrs %0, " #reg : "=r"(__v)::"memory"); \
		__v;                                                         \
	})
#define write_sysreg(reg, v) __asm__ __volatile__("msr " #reg ", %0" ::"r"((u64)(v)) : "memory")
#define isb() __asm__ __volatile__("isb" ::: "memory")
#define dsb(opt) __asm__ __volatile__("dsb " #opt ::: "memory")

static inline unsigned int id_field(u64 reg, unsigned int shift)
{
	return (unsigned int)((reg >> shift) & 0xf);
}
#endif

#endif

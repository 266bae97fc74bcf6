/* SPDX-License-Identifier: MIT */
/*
 * The Linux arm64 Image header and the first instructions.
 *
 * The loader (QEMU -kernel, U-Boot booti, GRUB) puts the Image at a 2 MiB-
 * aligned physical address and enters the header's first word with the MMU
 * off, x0 = the physical address of the DTB, x1-x3 = 0, interrupts masked,
 * at EL2 or EL1 (Documentation/arch/arm64/booting.rst, "Call the kernel
 * image"). The same file is a PE/COFF EFI application (boot/arm64/pe.S):
 * UEFI firmware calls efi_main() instead, which enters here the same way,
 * with x1 = the physical address of its handoff (arch/arm64/efi_stub.c). This code is linked at KERNEL_VMA but runs at the physical
 * address until the MMU is on, so it addresses memory only PC-relatively
 * (ADR/ADRP).
 *
 * Steps: leave EL2 for EL1 if need be; clear the BSS; build throw-away
 * tables that map the image alone -- an identity map of its first 2 MiB
 * (TTBR0), and all of it at KERNEL_VMA (TTBR1) beside an empty direct map
 * that C fills from the memory map -- turn the MMU on, jump to the link
 * address and call arm64_start(dtb). arch_mm_init() later replaces these
 * tables.
 */
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/smp.h>
#include <asm/sysreg.h>

/* booting.rst, "Image header": flags bit 0 = LE, bits 2:1 = 1 (4K pages), bit 3 = anywhere. */
#define IMAGE_FLAGS ((0 << 0) | (1 << 1) | (1 << 3))
#define IMAGE_MAGIC 0x644d5241 /* "ARM\x64" */
#define IMAGE_MZ_INSN 0x91005a4d /* add x13, x18, #0x16; its bytes start "MZ" */

#define BOOT_TABLE(ia, x) ((x) | PTE_VALID | PTE_TABLE)
#define BLOCK_NORMAL (PTE_VALID | PTE_ATTR(MAIR_IDX_NORMAL) | PTE_SH_INNER | PTE_AF)

/* Loads the physical (pre-MMU) address of sym. */
.macro adr_l reg, sym
	adrp	\reg, \sym
	add	\reg, \reg, :lo12:\sym
.endm

	.section .head.image, "ax"
	.globl _head
_head:
	/*
	 * code0: the PE/COFF "MZ" magic (PE/COFF spec §2) is the low half of
	 * ADD x13, x18, #0x16, which a -kernel boot executes harmlessly.
	 */
	.long	IMAGE_MZ_INSN
	b	primary_entry		/* code1 */
	.quad	0			/* text_offset */
	.quad	__image_size		/* image_size, bss included */
	.quad	IMAGE_FLAGS
	.quad	0, 0, 0			/* res2-res4 */
	.long	IMAGE_MAGIC
	.long	__pe_header_offset	/* res5: where the PE header is (boot/arm64/pe.S) */

	.section .head.text, "ax"
primary_entry:
	mov	x19, x0			/* the DTB, for arm64_start() */
	mov	x22, x1			/* 0, or the EFI stub's handoff (efi_stub.c) */
	adr_l	x20, _head		/* where we were loaded */
	mrs	x21, CurrentEL
	mov	x24, #0			/* x24-x26: what el2_to_el1 gave EL1, kept for the log */
	mov	x25, #0
	mov	x26, #0
	cmp	x21, #CURRENTEL_EL2
	b.ne	1f
	bl	el2_to_el1
1:	msr	daifset, #0xf
	ldr	x1, =SCTLR_EL1_BOOT	/* MMU and caches off, SPAN set */
	msr	sctlr_el1, x1
	isb

	/* Clear the BSS: MMU off means Device memory, so aligned stores only. */
	adr_l	x1, __bss_start
	adr_l	x2, __bss_end
2:	cmp	x1, x2
	b.hs	3f
	stp	xzr, xzr, [x1], #16
	b	2b
3:
	/*
	 * Only the image is mapped, Normal cacheable: it is RAM the loader
	 * gave us. A Normal mapping lets the CPU read what it names
	 * speculatively at any time and keep it in its caches (Arm ARM
	 * B2.8), so none may cover what the memory map does not call RAM --
	 * a device, firmware's reserved memory -- and the memory map is not
	 * known yet. arch/arm64/early_map.c maps the RAM once it is.
	 *
	 * TTBR0: identity map of the image's first 2 MiB, or less if it is
	 * smaller, in 4 KiB pages: .head.text runs there until the jump to
	 * the link address. L0, L1, L2 and L3 tables; the L0 index is 0 below
	 * 512 GiB.
	 */
	adr_l	x1, boot_ttbr0_l0
	adr_l	x2, boot_ttbr0_l1
	orr	x3, x2, #(PTE_VALID | PTE_TABLE)
	str	x3, [x1]
	adr_l	x3, boot_ttbr0_l2
	orr	x4, x3, #(PTE_VALID | PTE_TABLE)
	lsr	x5, x20, #30
	str	x4, [x2, x5, lsl #3]
	adr_l	x10, boot_ttbr0_l3
	orr	x4, x10, #(PTE_VALID | PTE_TABLE)
	ubfx	x5, x20, #21, #9
	str	x4, [x3, x5, lsl #3]
	ldr	x7, =__image_size
	mov	x9, #(1 << 21)
	cmp	x7, x9
	csel	x9, x7, x9, lo		/* x9 = MIN(image size, 2 MiB) */
	add	x9, x9, #4095
	lsr	x9, x9, #12
	ldr	x6, =(BLOCK_NORMAL | PTE_PAGE)
	mov	x4, #0
41:	add	x5, x20, x4, lsl #12
	orr	x5, x5, x6
	str	x5, [x10, x4, lsl #3]
	add	x4, x4, #1
	cmp	x4, x9
	b.lo	41b

	/*
	 * TTBR1 slot 0: the direct map, an empty level 1 table. Nothing of
	 * it is mapped until C maps pages (phys_map(), arm64_add_mmio()) and
	 * the memory map's RAM (early_map.c).
	 */
	adr_l	x1, boot_ttbr1_l0
	adr_l	x2, boot_direct_l1
	orr	x3, x2, #(PTE_VALID | PTE_TABLE)
	str	x3, [x1]

	/*
	 * TTBR1 slot 511, L1 slot 510: the image at KERNEL_VMA, 2 MiB blocks
	 * (a level 2 block descriptor, Arm ARM D8.3) where a whole 2 MiB is
	 * image, 4 KiB pages for its last part: past __image_size the loader
	 * promised nothing, so not even the rest of a block is mapped.
	 */
	adr_l	x2, boot_image_l1
	orr	x3, x2, #(PTE_VALID | PTE_TABLE)
	str	x3, [x1, #(PT_INDEX(KERNEL_VMA, 0) * 8)]
	adr_l	x3, boot_image_l2
	orr	x4, x3, #(PTE_VALID | PTE_TABLE)
	str	x4, [x2, #(PT_INDEX(KERNEL_VMA, 1) * 8)]
	ldr	x6, =BLOCK_NORMAL
	ldr	x7, =__image_size
	lsr	x8, x7, #21		/* x8 = whole blocks */
	mov	x4, #0
5:	cmp	x4, x8
	b.hs	51f
	add	x5, x20, x4, lsl #21
	orr	x5, x5, x6
	str	x5, [x3, x4, lsl #3]
	add	x4, x4, #1
	b	5b
51:	ubfx	x9, x7, #0, #21		/* the rest, in pages rounded up */
	add	x9, x9, #4095
	lsr	x9, x9, #12
	cbz	x9, 53f
	adr_l	x10, boot_image_l3
	orr	x11, x10, #(PTE_VALID | PTE_TABLE)
	str	x11, [x3, x8, lsl #3]
	add	x12, x20, x8, lsl #21
	orr	x6, x6, #PTE_PAGE
	mov	x4, #0
52:	add	x5, x12, x4, lsl #12
	orr	x5, x5, x6
	str	x5, [x10, x4, lsl #3]
	add	x4, x4, #1
	cmp	x4, x9
	b.lo	52b
53:

	/*
	 * The BSS and the boot tables in it were written with the MMU off,
	 * so straight to memory; the loader only had to clean the image to
	 * the PoC (booting.rst), so clean lines of its old contents may still
	 * be in the caches and would be read instead once they are on (the
	 * table walker reads through them too). Invalidate them (DC IVAC, by
	 * CTR_EL0.DminLine, Arm ARM D19.2), as Linux does for its MMU-off
	 * writes (dcache_inval_poc).
	 */
	mrs	x1, ctr_el0
	ubfx	x1, x1, #16, #4		/* DminLine: log2 of words */
	mov	x2, #4
	lsl	x2, x2, x1		/* line size in bytes */
	adr_l	x3, __bss_start
	sub	x4, x2, #1
	bic	x3, x3, x4
	adr_l	x4, __bss_end
6:	dc	ivac, x3
	add	x3, x3, x2
	cmp	x3, x4
	b.lo	6b
	dsb	sy

	/* MMU on (Arm ARM D8.2): attributes, TCR with the PA size the CPU has, roots. */
	ldr	x1, =MAIR_EL1_VALUE
	msr	mair_el1, x1
	ldr	x1, =TCR_EL1_BOOT
	mrs	x2, id_aa64mmfr0_el1
	and	x2, x2, #0x7		/* PARange -> TCR_EL1.IPS */
	bfi	x1, x2, #TCR_IPS_SHIFT, #3
	msr	tcr_el1, x1
	adr_l	x1, boot_ttbr0_l0
	msr	ttbr0_el1, x1
	adr_l	x1, boot_ttbr1_l0
	msr	ttbr1_el1, x1
	mov	x1, #CPACR_FPEN		/* FP/SIMD for user programs */
	msr	cpacr_el1, x1
	isb
	tlbi	vmalle1
	dsb	nsh
	isb
	ldr	x1, =SCTLR_EL1_ON
	msr	sctlr_el1, x1
	isb
	ldr	x1, =high
	br	x1

	.text
high:
	hint	#36			/* BTI J: reached by BR (kernel BTI, arch/arm64/kernel_bti.c) */
	ldr	x1, =boot_stack_top
	mov	sp, x1
	mov	x29, #0			/* backtraces end here */
	mov	x30, #0
	adrp	x1, arm64_kernel_phys_base
	str	x20, [x1, :lo12:arm64_kernel_phys_base]
	lsr	x21, x21, #2
	adrp	x1, arm64_boot_el
	str	w21, [x1, :lo12:arm64_boot_el]
	/* Stored only now: written with the MMU off, .data might be shadowed by stale cache lines. */
	adrp	x1, arm64_boot_el2_regs
	add	x1, x1, :lo12:arm64_boot_el2_regs
	stp	x24, x25, [x1]
	str	x26, [x1, #16]
	mov	x0, x19
	mov	x1, x22
	bl	arm64_start
6:	wfi
	b	6b

/*
 * A secondary CPU, started by PSCI CPU_ON (arch/arm64/smp.c) with the MMU
 * off, x0 = the physical address of its struct arm64_secondary_boot, at
 * EL2 or EL1 as the boot CPU was (DEN 0022D §6.4). The same EL2 set-up as
 * the boot CPU's; then the boot CPU's MAIR, TCR and SCTLR, TTBR1 = the
 * kernel's tables and TTBR0 = the boot identity map of the image's start
 * (still in place in .bss.boot) for the few instructions until the jump
 * to the link address. arm64_secondary_main() drops that TTBR0.
 */
	.section .head.text, "ax"
	.globl arm64_secondary_entry
arm64_secondary_entry:
	mov	x19, x0
	mrs	x21, CurrentEL
	cmp	x21, #CURRENTEL_EL2
	b.ne	1f
	bl	el2_to_el1
1:	msr	daifset, #0xf
	ldr	x1, =SCTLR_EL1_BOOT
	msr	sctlr_el1, x1
	isb
	ldr	x22, [x19, #SB_STACK]
	ldr	x23, [x19, #SB_CPU]
	ldr	x1, [x19, #SB_MAIR]
	msr	mair_el1, x1
	ldr	x1, [x19, #SB_TCR]
	msr	tcr_el1, x1
	adr_l	x1, boot_ttbr0_l0
	msr	ttbr0_el1, x1
	ldr	x1, [x19, #SB_TTBR1]
	msr	ttbr1_el1, x1
	mov	x1, #CPACR_FPEN
	msr	cpacr_el1, x1
	isb
	tlbi	vmalle1
	dsb	nsh
	isb
	ldr	x1, [x19, #SB_SCTLR]
	msr	sctlr_el1, x1
	isb
	ldr	x1, =secondary_high
	br	x1

	.text
secondary_high:
	hint	#36			/* BTI J: reached by BR into the guarded text (kernel_bti.c) */
	mov	sp, x22
	mov	x29, #0			/* backtraces end here */
	mov	x30, #0
	mov	x0, x23
	bl	arm64_secondary_main
2:	msr	daifset, #0xf
	wfi
	b	2b

/*
 * Entered at EL2 (e.g. QEMU -M virt,virtualization=on): make EL1 a plain
 * AArch64 kernel and return to lr at EL1h. booting.rst, "Call the kernel
 * image": the counter and timer must be EL1's; with GICv3 its system
 * registers must be EL1's; with FEAT_HCX and GCS, HCRX_EL2.GCSEn; with
 * FEAT_FGT and GCS, the fine-grained "n" trap bits set, GCSCR_EL2 = 0;
 * with S1PIE, TCR2En and the PIR/PIRE0 "n" bits (arm64_gcs_init() sets
 * TCR2_EL1.PIE, PIR_EL1 and PIRE0_EL1 from EL1).
 * Without GCSEn, GCS is silently not enforced (seen with QEMU 11.1).
 */
	.section .head.text, "ax"
el2_to_el1:
	/*
	 * HCR_EL2: EL1 is AArch64, nothing trapped. On a core without
	 * FEAT_E2H0 (ID_AA64MMFR4_EL1.E2H0 negative) E2H is RES1: VHE cannot
	 * be left, so it is set, and the registers whose layout E2H changes
	 * are written in that layout (CNTHCTL_EL2, CPTR_EL2), SCTLR_EL1
	 * through its EL12 alias -- Linux's init_el2_hcr and __check_hvhe.
	 * x6 = HCR_EL2.E2H from here on.
	 */
	mov	x1, #HCR_EL2_RW
	mrs	x6, S3_0_C0_C7_4	/* ID_AA64MMFR4_EL1 */
	sbfx	x6, x6, #ID_AA64MMFR4_E2H0_SHIFT, #4
	cmp	x6, #0
	cset	x6, lt
	cbz	x6, 1f
	orr	x1, x1, #HCR_EL2_E2H
1:	msr	hcr_el2, x1
	isb
	/* EL1PCTEN and EL1PCEN: bits 1:0, or 11:10 under E2H (Arm ARM D19.2, CNTHCTL_EL2). */
	mov	x1, #CNTHCTL_EL2_EL1PC
	cbz	x6, 1f
	lsl	x1, x1, #10
1:	msr	cnthctl_el2, x1
	msr	cntvoff_el2, xzr
	/* No FP trap: CPTR_EL2.TFP = 0 (RES1 bits set), or under E2H FPEN = 0b11. */
	mov	x1, #0x33ff
	cbz	x6, 1f
	mov	x1, #CPTR_EL2_E2H_FPEN
1:	msr	cptr_el2, x1
	/*
	 * What the kernel at EL1 reads as MIDR_EL1 and MPIDR_EL1 comes from
	 * VPIDR_EL2 and VMPIDR_EL2 (UNKNOWN at reset): this CPU's own
	 * values. No stage 2 (VTTBR_EL2 = 0), no trap of the AArch32 system
	 * registers (HSTR_EL2 = 0), no debug or PMU trap, and every PMU
	 * counter EL1's (MDCR_EL2.HPMN = PMCR_EL0.N) -- Linux's
	 * __init_el2_nvhe_idregs, __init_el2_stage2, __init_el2_debug.
	 */
	mrs	x1, midr_el1
	msr	vpidr_el2, x1
	mrs	x1, mpidr_el1
	msr	vmpidr_el2, x1
	msr	vttbr_el2, xzr
	msr	hstr_el2, xzr
	mov	x1, #0
	mrs	x2, id_aa64dfr0_el1
	ubfx	x2, x2, #ID_AA64DFR0_PMUVER_SHIFT, #4
	cbz	x2, 1f			/* no PMU */
	cmp	x2, #0xf
	b.eq	1f			/* an IMPLEMENTATION DEFINED one */
	mrs	x1, pmcr_el0
	ubfx	x1, x1, #11, #5		/* PMCR_EL0.N */
1:	msr	mdcr_el2, x1

	/* ID_AA64PFR0_EL1.GIC (27:24): ICC_SRE_EL2 (S3_4_C12_C9_5) SRE | Enable. */
	mrs	x1, id_aa64pfr0_el1
	ubfx	x1, x1, #24, #4
	cbz	x1, 1f
	mrs	x1, S3_4_C12_C9_5
	orr	x1, x1, #0x1		/* SRE */
	orr	x1, x1, #0x8		/* Enable: EL1 may use ICC_SRE_EL1 */
	msr	S3_4_C12_C9_5, x1
	isb
	msr	S3_4_C12_C11_0, xzr	/* ICH_HCR_EL2 = 0 */
1:
	mrs	x2, id_aa64pfr1_el1
	ubfx	x2, x2, #ID_AA64PFR1_GCS_SHIFT, #4	/* x2 = GCS */
	mrs	x3, S3_0_C0_C7_3
	ubfx	x3, x3, #ID_AA64MMFR3_S1PIE_SHIFT, #4	/* x3 = S1PIE */

	/* FEAT_HCX: ID_AA64MMFR1_EL1.HCX (43:40). */
	mrs	x1, id_aa64mmfr1_el1
	ubfx	x1, x1, #ID_AA64MMFR1_HCX_SHIFT, #4
	cbz	x1, 3f
	mov	x1, #0
	cbz	x2, 2f
	orr	x1, x1, #HCRX_EL2_GCSEN
2:	cbz	x3, 21f
	orr	x1, x1, #HCRX_EL2_TCR2EN
21:	msr	S3_4_C1_C2_2, x1
	mov	x24, x1			/* HCRX_EL2, for the log */
3:
	cbz	x2, 31f
	msr	S3_4_C2_C5_0, xzr	/* GCSCR_EL2 = 0 */
31:
	/*
	 * FEAT_FGT: ID_AA64MMFR0_EL1.FGT (59:56). The "n" bits trap when 0,
	 * and exist only with their feature: with GCS, EL1 may use the GCS
	 * registers and instructions; with S1PIE, PIR_EL1 and PIRE0_EL1.
	 */
	mrs	x1, id_aa64mmfr0_el1
	ubfx	x1, x1, #ID_AA64MMFR0_FGT_SHIFT, #4
	cbz	x1, 4f
	mov	x4, #0			/* x4 = the HFGRTR/HFGWTR bits */
	mov	x7, #0			/* x7 = the HFGITR bits */
	cbz	x2, 32f
	ldr	x7, =HFGITR_EL2_GCS
	ldr	x4, =HFGRTR_EL2_GCS
32:	cbz	x3, 33f
	ldr	x5, =HFGRTR_EL2_PIE
	orr	x4, x4, x5
33:	/* EL0's own registers of SME (TPIDR2_EL0) and S1POE (POR_EL0), and EL1's beside them. */
	mrs	x1, id_aa64pfr1_el1
	ubfx	x1, x1, #ID_AA64PFR1_SME_SHIFT, #4
	cbz	x1, 34f
	ldr	x5, =HFGRTR_EL2_SME
	orr	x4, x4, x5
34:	mrs	x1, S3_0_C0_C7_3	/* ID_AA64MMFR3_EL1 */
	ubfx	x1, x1, #ID_AA64MMFR3_S1POE_SHIFT, #4
	cbz	x1, 35f
	ldr	x5, =HFGRTR_EL2_POE
	orr	x4, x4, x5
35:	mov	x25, x7			/* HFGITR_EL2 and HFGRTR/HFGWTR_EL2, for the log */
	mov	x26, x4
	msr	S3_4_C1_C1_4, x4	/* HFGRTR_EL2 */
	msr	S3_4_C1_C1_5, x4	/* HFGWTR_EL2 */
	msr	S3_4_C1_C1_6, x7	/* HFGITR_EL2 */
	msr	S3_4_C3_C1_4, xzr	/* HDFGRTR_EL2: no debug register trapped */
	msr	S3_4_C3_C1_5, xzr	/* HDFGWTR_EL2 */
4:
	ldr	x1, =SCTLR_EL1_BOOT
	cbz	x6, 5f
	msr	S3_5_C1_C0_0, x1	/* SCTLR_EL12: under E2H, SCTLR_EL1 would name SCTLR_EL2 */
	b	6f
5:	msr	sctlr_el1, x1
6:	mov	x1, #SPSR_EL1H_MASKED
	msr	spsr_el2, x1
	msr	elr_el2, lr
	isb
	eret

	.section .bss.boot, "aw", %nobits
	.balign 4096
boot_ttbr0_l0:	.skip 4096
boot_ttbr0_l1:	.skip 4096
boot_ttbr0_l2:	.skip 4096
boot_ttbr0_l3:	.skip 4096
boot_ttbr1_l0:	.skip 4096
boot_direct_l1:	.skip 4096 /* filled from C: mmu.c's early_map(), early_map.c */
boot_image_l1:	.skip 4096
boot_image_l2:	.skip 4096
boot_image_l3:	.skip 4096
	.balign 16
boot_stack:	.skip 16384
boot_stack_top:

	.data
	.balign 8
	.globl arm64_kernel_phys_base
arm64_kernel_phys_base:
	.quad 0
	.globl arm64_boot_el
arm64_boot_el:
	.long 0
	/* The boot CPU's EL2 hand-off (el2_to_el1): HCRX_EL2, HFGITR_EL2, HFGRTR/HFGWTR_EL2; 0s at EL1. */
	.balign 8
	.globl arm64_boot_el2_regs
arm64_boot_el2_regs:
	.quad 0, 0, 0

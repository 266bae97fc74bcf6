// SPDX-License-Identifier: MIT
/*
 * Stage-1 permission indirection (FEAT_S1PIE, Arm ARM D8.4): with TCR2_EL1.PIE
 * set, a leaf's permission bits no longer encode rights directly but name an
 * index into PIR_EL1 (EL1's rights) and PIRE0_EL1 (EL0's). It is an MMU
 * feature in its own right; GCS needs it because GCS memory can only be
 * described through an index whose permission is "GCS" (gcs.c).
 *
 * Every leaf this port makes keeps its meaning with or without PIE: the PIE
 * indices of asm/pte.h are chosen so that the bits a leaf already carries
 * select the index with the same rights, and a writable VM_SHADOW_STACK leaf
 * gets the GCS index 0xb (a read-only one 0x9).
 */
#include <asm/mmu.h>
#include <asm/setup.h>
#include <asm/sysreg.h>

bool arm64_pie_enabled;

/*
 * The permission of each PIE index (asm/pte.h lists which leaf uses which).
 * EL0: Linux's POE-era table (docs/ABI.md §5.2), 0x5010_9080_7032_0000.
 * EL1: Linux's, except that the two user GCS indices are R for EL1, not
 * NONE: the kernel reads user memory with plain loads (uaccess.S), so a
 * fault report can show the top of a GCS. (An index that is X or GCS for
 * EL1 and W or GCS for EL0 is inaccessible to both; R is not: docs/DESIGN.md §4.3.)
 * Plus 0x6, the kernel's own GCS pages, which Linux (no GCS at EL1) leaves NONE.
 */
#define PIRE0_VALUE                                                              \
	(PIE_AT(0x4, PIE_X_O) | PIE_AT(0x5, PIE_RX_O) | PIE_AT(0x7, PIE_RWX_O) | \
	 PIE_AT(0x9, PIE_R) | PIE_AT(0xb, PIE_GCS) | PIE_AT(0xd, PIE_R_O) | PIE_AT(0xf, PIE_RW_O))
#define PIR_VALUE                                                                                \
	(PIE_AT(0x5, PIE_R) | PIE_AT(0x6, PIE_GCS) | PIE_AT(0x7, PIE_RW) | PIE_AT(0x8, PIE_RX) | \
	 PIE_AT(0x9, PIE_R) | PIE_AT(0xa, PIE_RWX) | PIE_AT(0xb, PIE_R) | PIE_AT(0xc, PIE_R) |   \
	 PIE_AT(0xd, PIE_R) | PIE_AT(0xe, PIE_RW) | PIE_AT(0xf, PIE_RW))
_Static_assert(PIRE0_VALUE == 0x5010908070320000ul, "PIRE0_EL1 as Linux's");
_Static_assert(PIR_VALUE == 0xcc888e8ac9800000ul,
	       "PIR_EL1: Linux's plus R for 0x9/0xb, GCS for 0x6");

const u64 arm64_pire0_value = PIRE0_VALUE;
const u64 arm64_pir_value = PIR_VALUE;

/* Loads both tables and sets TCR2_EL1.PIE on this CPU (D8.4; TCR2 is FEAT_TCR2). */
static void pie_load(void)
{
	u64 tcr2;

	__asm__ __volatile__("msr " REG_PIRE0_EL1 ", %0\n\t"
			     "msr " REG_PIR_EL1 ", %1\n\tisb" ::"r"(PIRE0_VALUE),
			     "r"(PIR_VALUE)
			     : "memory");
	__asm__ __volatile__("mrs %0, " REG_TCR2_EL1 : "=r"(tcr2));
	__asm__ __volatile__("msr " REG_TCR2_EL1 ", %0\n\tisb" ::"r"(tcr2 | TCR2_PIE) : "memory");
}

void arm64_pie_init(void)
{
	u64 mmfr3;

	__asm__ __volatile__("mrs %0, " REG_ID_AA64MMFR3_EL1 : "=r"(mmfr3));
	/* PIE is reached through TCR2_EL1, which only FEAT_TCR2 (MMFR3.TCRX) has. */
	if (!arm64_features.s1pie || !id_field(mmfr3, ID_AA64MMFR3_TCRX_SHIFT))
		return;
	pie_load();
	arm64_flush_all();
	arm64_pie_enabled = true;
}

int arm64_pie_init_secondary(void)
{
	u64 pir, pire0;

	if (!arm64_pie_enabled)
		return 0;
	/* As the boot CPU: the TLB may hold leaves read before the tables meant indices. */
	pie_load();
	__asm__ __volatile__("tlbi vmalle1\n\tdsb nsh\n\tisb" ::: "memory");
	__asm__ __volatile__("mrs %0, " REG_PIRE0_EL1 : "=r"(pire0));
	__asm__ __volatile__("mrs %0, " REG_PIR_EL1 : "=r"(pir));
	if (pire0 != PIRE0_VALUE)
		return -1;
	if (pir != PIR_VALUE)
		return -2;
	return 0;
}

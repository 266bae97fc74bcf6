// SPDX-License-Identifier: MIT
/*
 * What a stage 1 leaf of the EL1&0 regime lets each level do, as the Arm
 * ARM decodes it -- the W^X self-test and arch_translate() read the live
 * tables through this. Pure: unit-tested on the host (tests/unit/test_arm64.c).
 *
 * Direct permissions (D8.4.1.2, Table D8-65): EL1 may always read, write
 * unless AP[2], execute unless PXN -- and never where EL0 may write (rule
 * RVWLLR); EL0 reads and writes only with AP[1] (write also needs AP[2] =
 * 0) and executes unless UXN.
 *
 * Indirect permissions (FEAT_S1PIE, D8.4.1.3, Table D8-68): the leaf's
 * 4-bit index picks a code in PIR_EL1 (EL1) and PIRE0_EL1 (EL0); a pair
 * that lets EL1 execute or use GCS while EL0 may write or use GCS is
 * reserved and gives nobody anything. AP[2] = 1 still refuses writes (the
 * page is "not dirty", as asm/pte.h keeps it).
 */
#include <asm/pte.h>
#include <asm/pte_rights.h>
#include <asm/sysreg.h>
#include <kernel/kmem.h>

#define R KPROT_READ
#define W KPROT_WRITE
#define X KPROT_EXEC

static unsigned int pie_code(u64 code, bool *gcs)
{
	*gcs = code == PIE_GCS;
	switch (code) {
	case PIE_R_O:
	case PIE_R:
	case PIE_GCS: /* GCS pages: plain loads read them */
		return R;
	case PIE_X_O:
		return X;
	case PIE_RX_O:
	case PIE_RX:
		return R | X;
	case PIE_RW_O:
	case PIE_RW:
		return R | W;
	case 0x6: /* RWX with WXN applied: still RWX */
	case PIE_RWX_O:
	case PIE_RWX:
		return R | W | X;
	default:
		return 0; /* none, or reserved: treated as no access */
	}
}

struct pte_rights arm64_pte_rights(u64 e, bool pie, u64 pir, u64 pire0)
{
	struct pte_rights r;

	if (pie) {
		unsigned int idx = PTE_PIE_INDEX(e);
		bool gcs1, gcs0;

		r.el1 = pie_code((pir >> (4 * idx)) & 0xf, &gcs1);
		r.el0 = pie_code((pire0 >> (4 * idx)) & 0xf, &gcs0);
		if (((r.el1 & X) || gcs1) && ((r.el0 & W) || gcs0))
			return (struct pte_rights){ 0, 0 };
	} else {
		bool user = e & PTE_USER;

		r.el1 = R | W | ((e & PTE_PXN) ? 0 : X);
		r.el0 = (user ? R | W : 0) | ((e & PTE_UXN) ? 0 : X);
		if (user && !(e & PTE_RDONLY))
			r.el1 &= ~X;
	}
	if (e & PTE_RDONLY) {
		r.el1 &= ~W;
		r.el0 &= ~W;
	}
	return r;
}

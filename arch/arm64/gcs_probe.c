// SPDX-License-Identifier: MIT
/*
 * Before user GCS is reported in use: does it act? FEAT_GCS in the ID
 * registers and GCSCRE0_EL1 reading back what was written do not prove
 * it: a higher exception level that left HCRX_EL2.GCSEn clear (Arm ARM
 * D19.2, HCRX_EL2) disables GCS at EL1 and EL0, and then BL pushes
 * nothing and RET checks nothing, silently (seen with QEMU 11.1 before
 * head.S set GCSEn). So the kernel runs three instructions at EL0 with
 * GCS on, once, at boot:
 *
 *   0x10000  BL   0x10004           GCS on: GCSPR_EL0 -= 8, [GCSPR_EL0] = 0x10004
 *   0x10004  MRS  x0, GCSPR_EL0
 *   0x10008  SVC  #0                back to the kernel (gcs_probe.S)
 *
 * on a page table of its own (code page user RX, PIE index 0x5; a GCS page
 * below GCSPR_EL0, index 0xb), every interrupt masked, with the vectors
 * of gcs_probe.S. GCS acts when GCSPR_EL0 went down by 8 and the GCS
 * holds the return address.
 */
#include <asm/gcs.h>
#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/sysreg.h>
#include <asm/task.h>
#include <kernel/access_vm.h>
#include <kernel/kmem.h>
#include <string.h>

#define PROBE_CODE UL(0x10000)
#define PROBE_GCS (PROBE_CODE + PAGE_SIZE)
#define PROBE_GCS_TOP (PROBE_GCS + PAGE_SIZE)
#define PROBE_TABLES 4 /* levels 0-3 */
#define SPSR_EL0T_MASKED UL(0x3c0)
#define ESR_EC(esr) (((esr) >> 26) & 0x3f)
#define EC_SVC64 0x15

void cpu_switch(struct arm64_cpu_context *prev, struct arm64_cpu_context *next);
extern const char arm64_gcs_probe_vectors[], arm64_gcs_probe_eret[], arm64_vectors[];
/* gcs_probe.S's: the caller's context, one for the probe's way out, the probe's x0. */
struct arm64_cpu_context arm64_gcs_probe_kernel, arm64_gcs_probe_scratch;
u64 arm64_gcs_probe_x0;

static const u32 probe_code[] = {
	0x94000001, /* BL .+4 */
	0xd53b2520, /* MRS x0, S3_3_C2_C5_1 (GCSPR_EL0) */
	0xd4000001, /* SVC #0 */
};

#define LEAF (PTE_VALID | PTE_PAGE | PTE_AF | PTE_SH_INNER | PTE_ATTR(MAIR_IDX_NORMAL) | PTE_NG)

const char *arm64_gcs_probe(u64 gcscre0_on)
{
	phys_addr_t t[PROBE_TABLES], code, gcs;
	const char *why = NULL;
	u64 esr, gcspr, pushed, eret_stack[4] __attribute__((aligned(16)));
	struct arm64_cpu_context to_eret = {
		.sp = (u64)(eret_stack + 4), /* where the probe's exception is taken */
		.lr = (u64)arm64_gcs_probe_eret,
	};

	code = page_alloc_zeroed(1);
	gcs = page_alloc_zeroed(1);
	for (int i = 0; i < PROBE_TABLES; i++)
		t[i] = page_alloc_zeroed(1);
	for (int i = 0; i < PROBE_TABLES; i++) {
		if (!t[i] || !code || !gcs) {
			why = "no memory for the GCS probe";
			goto out;
		}
	}
	for (int level = 0; level < 3; level++)
		((u64 *)phys_to_virt(t[level]))[PT_INDEX(PROBE_CODE, level)] =
			t[level + 1] | PTE_VALID | PTE_TABLE;
	((u64 *)phys_to_virt(t[3]))[PT_INDEX(PROBE_CODE, 3)] = code | LEAF | PTE_USER | PTE_PXN;
	((u64 *)phys_to_virt(t[3]))[PT_INDEX(PROBE_GCS, 3)] = gcs | LEAF | PTE_USER_GCS;
	memcpy(phys_to_virt(code), probe_code, sizeof(probe_code));
	arch_sync_icache_range(phys_to_virt(code), sizeof(probe_code));

	__asm__ __volatile__("dsb ishst" ::: "memory");
	write_sysreg(ttbr0_el1, t[0]);
	write_sysreg(vbar_el1, (u64)arm64_gcs_probe_vectors);
	write_sysreg(elr_el1, PROBE_CODE);
	write_sysreg(spsr_el1, SPSR_EL0T_MASKED);
	__asm__ __volatile__("msr " REG_GCSPR_EL0 ", %0" ::"r"(PROBE_GCS_TOP) : "memory");
	__asm__ __volatile__("msr " REG_GCSCRE0_EL1 ", %0" ::"r"(gcscre0_on) : "memory");
	arm64_flush_all();
	cpu_switch(&arm64_gcs_probe_kernel, &to_eret); /* back here from probe_exit */
	esr = read_sysreg(esr_el1);
	gcspr = arm64_gcs_probe_x0;
	write_sysreg(vbar_el1, (u64)arm64_vectors);
	write_sysreg(ttbr0_el1, arm64_empty_pgd());
	__asm__ __volatile__("msr " REG_GCSPR_EL0 ", xzr" ::: "memory");
	arm64_flush_all();
	arm64_gcsb_dsync();
	pushed = *(const u64 *)phys_to_virt(gcs + PAGE_SIZE - 8);

	if (ESR_EC(esr) != EC_SVC64)
		why = "the EL0 GCS probe faulted instead of returning";
	else if (gcspr == PROBE_GCS_TOP && pushed == 0)
		why = "GCS does not act at EL0: BL pushed nothing (GCS disabled by a higher "
		      "exception level? HCRX_EL2.GCSEn)";
	else if (gcspr != PROBE_GCS_TOP - 8 || pushed != PROBE_CODE + 4)
		why = "the EL0 GCS probe saw a wrong push";
out:
	for (int i = 0; i < PROBE_TABLES; i++)
		if (t[i])
			page_free(t[i], 1);
	if (code)
		page_free(code, 1);
	if (gcs)
		page_free(gcs, 1);
	return why;
}

// SPDX-License-Identifier: MIT
/*
 * The arm64 seed for kernel/random.c: RNDR (FEAT_RNG), present when
 * ID_AA64ISAR0_EL1.RNDR (bits 63:60) is 1. A read of RNDR returns 64 bits
 * from a DRBG reseeded by the implementation's entropy source and sets
 * PSTATE.NZCV to 0000, or returns 0 with NZCV = 0100 (Z) when no number
 * could be made in reasonable time (Arm ARM, the RNDR register and
 * ID_AA64ISAR0_EL1 descriptions). The jitter fallback's counter is the
 * generic timer's CNTVCT_EL0.
 */
#include <asm/sysreg.h>
#include <kernel/random.h>

#define ID_AA64ISAR0_RNDR_SHIFT 60
#define RNDR_RETRIES 10
/* RNDR is S3_3_C2_C4_0; written by its encoding so an ARMv8.0 -march assembles it. */
#define SYS_RNDR "s3_3_c2_c4_0"

static bool rndr(u64 *v)
{
	u64 ok;

	__asm__ __volatile__("mrs %0, " SYS_RNDR "\n\tcset %1, ne" : "=r"(*v), "=r"(ok)::"cc");
	return ok;
}

const char *arch_random_seed(u64 seed[4])
{
	if (id_field(read_sysreg(id_aa64isar0_el1), ID_AA64ISAR0_RNDR_SHIFT) < 1)
		return NULL;
	for (int i = 0; i < 4; i++) {
		int tries = 0;

		while (!rndr(&seed[i])) {
			if (++tries == RNDR_RETRIES)
				return NULL;
		}
	}
	return "RNDR";
}

u64 arch_cycle_counter(void)
{
	return read_sysreg(cntvct_el0);
}

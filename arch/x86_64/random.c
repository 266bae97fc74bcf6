// SPDX-License-Identifier: MIT
/*
 * The x86_64 seed for kernel/random.c: RDSEED (an entropy source's
 * conditioned output, meant for seeding) when CPUID says the CPU has it,
 * else RDRAND (a DRBG reseeded from that source); both set CF on success
 * and may transiently fail, so each is retried a bounded number of times
 * (Intel SDM vol. 1 §7.3.17, "Random Number Generator Instructions").
 * The jitter fallback's counter is the TSC.
 */
#include <asm/cpu.h>
#include <kernel/random.h>

#define RDSEED_RETRIES 128 /* RDSEED fails while the entropy source refills */
#define RDRAND_RETRIES 10  /* the SDM's advice: ten tries, then give up */

static bool rdseed64(u64 *v)
{
	bool ok;

	__asm__ __volatile__("rdseed %0; setc %1" : "=r"(*v), "=qm"(ok)::"cc");
	return ok;
}

static bool rdrand64(u64 *v)
{
	bool ok;

	__asm__ __volatile__("rdrand %0; setc %1" : "=r"(*v), "=qm"(ok)::"cc");
	return ok;
}

static bool fill(u64 seed[4], bool (*insn)(u64 *), int retries)
{
	for (int i = 0; i < 4; i++) {
		int tries = 0;

		while (!insn(&seed[i])) {
			if (++tries == retries)
				return false;
			__asm__ __volatile__("pause");
		}
	}
	return true;
}

const char *arch_random_seed(u64 seed[4])
{
	if (cpuid(0, 0).eax >= 7 && (cpuid(7, 0).ebx & CPUID7_EBX_RDSEED) &&
	    fill(seed, rdseed64, RDSEED_RETRIES))
		return "RDSEED";
	if ((cpuid(1, 0).ecx & CPUID1_ECX_RDRAND) && fill(seed, rdrand64, RDRAND_RETRIES))
		return "RDRAND";
	return NULL;
}

u64 arch_cycle_counter(void)
{
	u32 lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}

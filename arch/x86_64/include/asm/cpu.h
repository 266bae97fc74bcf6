/* SPDX-License-Identifier: MIT */
/* Control registers, CPUID and the features the probe found. */
#ifndef ASM_CPU_H
#define ASM_CPU_H

#include <kernel/types.h>

static inline u64 read_cr0(void)
{
	u64 v;

	__asm__ __volatile__("mov %%cr0, %0" : "=r"(v));
	return v;
}

static inline u64 read_cr2(void)
{
	u64 v;

	__asm__ __volatile__("mov %%cr2, %0" : "=r"(v));
	return v;
}

static inline u64 read_cr3(void)
{
	u64 v;

	__asm__ __volatile__("mov %%cr3, %0" : "=r"(v));
	return v;
}

static inline void write_cr3(u64 v)
{
	__asm__ __volatile__("mov %0, %%cr3" ::"r"(v) : "memory");
}

static inline u64 read_cr4(void)
{
	u64 v;

	__asm__ __volatile__("mov %%cr4, %0" : "=r"(v));
	return v;
}

static inline void write_cr4(u64 v)
{
	__asm__ __volatile__("mov %0, %%cr4" ::"r"(v) : "memory");
}

struct cpuid_regs {
	u32 eax, ebx, ecx, edx;
};

static inline struct cpuid_regs cpuid(u32 leaf, u32 subleaf)
{
	struct cpuid_regs r;

	__asm__ __volatile__("cpuid"
			     : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx)
			     : "a"(leaf), "c"(subleaf));
	return r;
}

/*
 * CPUID feature bits, Intel SDM vol. 2A, CPUID, tables 3-8 (leaf 1),
 * 3-8 "Structured Extended Feature Flags" (leaf 7) and vol. 1 §13.2 (leaf 0xD);
 * the IA32_XSS component numbers CET_U = 11 and CET_S = 12 are from
 * vol. 1 §13.1, table 13-1.
 */
#define CPUID1_ECX_XSAVE (1u << 26)
#define CPUID1_EDX_PAT (1u << 16) /* the page attribute table, SDM vol. 3A §13.12.1 */
#define CPUID1_ECX_RDRAND (1u << 30)
#define CPUID1_ECX_HYPERVISOR (1u << 31) /* set by hypervisors, 0 on bare metal */
#define CPUID7_EBX_SMEP (1u << 7)
#define CPUID7_EBX_RDSEED (1u << 18)
#define CPUID7_EBX_SMAP (1u << 20)
#define CPUID7_ECX_CET_SS (1u << 7)
#define CPUID7_EDX_CET_IBT (1u << 20)
#define CPUIDD1_EAX_XSAVES (1u << 3)
#define XSS_CET_U (1u << 11)
#define XSS_CET_S (1u << 12)
#define CPUID80000001_EDX_NX (1u << 20)
#define CPUID80000001_EDX_LM (1u << 29)

/* What arch_cpu_probe() found; read-only after boot. */
struct x86_features {
	char vendor[13];
	bool shstk; /* CET shadow stack */
	bool ibt;   /* CET indirect-branch tracking */
	bool pat;
	bool xsave;
	bool xsaves;
	bool xss_cet_u; /* XSAVES can manage the user CET state */
	bool xss_cet_s; /* XSAVES can manage the supervisor CET state */
	bool smep;
	bool smap;
	bool nx;
	bool hypervisor;
};

extern struct x86_features x86_features;

/*
 * The processor brand string of CPUID leaves 0x80000002-0x80000004, spaces
 * trimmed at both ends, into name; false (name empty) when the CPU has none.
 */
#define X86_BRAND_LEN 49
bool x86_brand_string(char name[X86_BRAND_LEN]);

#endif

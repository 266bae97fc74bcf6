/* SPDX-License-Identifier: MIT */
/* arm64's register sets for ptrace (Linux's arch/arm64/include/uapi/asm/ptrace.h). */
#ifndef UAPI_ASM_ARM64_PTRACE_H
#define UAPI_ASM_ARM64_PTRACE_H

/* NT_PRSTATUS. */
struct user_pt_regs {
	unsigned long long regs[31];
	unsigned long long sp;
	unsigned long long pc;
	unsigned long long pstate;
};

/* NT_ARM_GCS: the PR_SHADOW_STACK_* mode, its locks, and GCSPR_EL0. */
struct user_gcs {
	unsigned long long features_enabled;
	unsigned long long features_locked;
	unsigned long long gcspr_el0;
};

#endif

/* SPDX-License-Identifier: MIT */
/*
 * /bin/ptrace's arm64 half: struct user_pt_regs (NT_PRSTATUS) with a
 * magic value in x19 across a system call, a PSTATE Linux refuses
 * (EINVAL: not EL0t), and NT_ARM_GCS, struct user_gcs: EINVAL on a CPU
 * without GCS; with GCS the mode, locks and GCSPR_EL0, EINVAL for an
 * unknown mode bit or a size not a multiple of 8 (Linux's gcs_set()).
 */
#ifndef USER_PTRACE_ARCH_H
#define USER_PTRACE_ARCH_H

#include <auxv.h>
#include <errno.h>
#include <signal.h>
#include <uapi/asm-arm64/ptrace.h>
#include <uapi/linux/prctl.h>

#include "gcs.h"

typedef struct user_pt_regs arch_regs;

#define ARCH_MAGIC 0x5eed0000c0de1234ul
#define ARCH_MAGIC2 0x0badc0dedeadbeeful
#define ARCH_REGS_MAGIC(r) ((r)->regs[19])
#define ARCH_REGS_NR(r) ((r)->regs[8]) /* the system call the stop came in */
#define ARCH_REGS_RET(r) ((r)->regs[0])
#define ARCH_KERNEL_ADDR 0xffff000000000000ul
#define ARCH_OTHER_NT NT_X86_SHSTK
#define ARCH_NOT_ENABLED_CASE "regset_arm64_gcs_without_gcs"

/* kill(getpid(), SIGSTOP) with magic in x19 (callee-saved) across it; x19 afterwards. */
static inline unsigned long arch_stop_with_magic(unsigned long magic)
{
	register unsigned long x19 __asm__("x19") = magic;
	register long x0 __asm__("x0") = syscall0(__NR_getpid);
	register long x1 __asm__("x1") = SIGSTOP;
	register long x8 __asm__("x8") = __NR_kill;

	__asm__ volatile("svc #0" : "+r"(x0), "+r"(x19) : "r"(x1), "r"(x8) : "memory");
	return x19;
}

/* The sets Linux's valid_user_regs() refuses with EINVAL: a PSTATE not of EL0t. */
static inline int arch_bad_regsets(int pid, const arch_regs *r)
{
	arch_regs bad = *r;
	struct iovec iov = { &bad, sizeof(bad) };

	bad.pstate = 0x5; /* EL1h */
	EXPECT("EL1h", pt(PTRACE_SETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov), -EINVAL);
	bad.pstate = r->pstate | 0x80; /* IRQs masked */
	EXPECT("I set", pt(PTRACE_SETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov), -EINVAL);
	return 0;
}

static inline bool cpu_has_gcs(void)
{
	return getauxval(AT_HWCAP) & HWCAP_GCS;
}

/* A stopped tracee without GCS: EINVAL without the CPU feature; else all zero, and set checks. */
static inline int arch_shstk_not_enabled(int pid)
{
	struct user_gcs g = { 1, 1, 1 };
	struct iovec iov = { &g, sizeof(g) };

	if (!cpu_has_gcs()) {
		EXPECT("GETREGSET", pt(PTRACE_GETREGSET, pid, NT_ARM_GCS, (unsigned long)&iov),
		       -EINVAL);
		EXPECT("SETREGSET", pt(PTRACE_SETREGSET, pid, NT_ARM_GCS, (unsigned long)&iov),
		       -EINVAL);
		return 0;
	}
	EXPECT("GETREGSET", pt(PTRACE_GETREGSET, pid, NT_ARM_GCS, (unsigned long)&iov), 0);
	EXPECT("mode", g.features_enabled, 0);
	EXPECT("locks", g.features_locked, 0);
	EXPECT("GCSPR_EL0", g.gcspr_el0, 0);
	g.features_enabled = 1ul << 3;
	EXPECT("unknown mode bit", pt(PTRACE_SETREGSET, pid, NT_ARM_GCS, (unsigned long)&iov),
	       -EINVAL);
	return 0;
}

#define arch_read_ssp() gcs_read_gcspr()

/* The tracee's GCSPR_EL0: 0 or -errno (or -1000 when its mode is not just ENABLE). */
static inline long arch_shstk_get(int pid, unsigned long *ssp)
{
	struct user_gcs g;
	struct iovec iov = { &g, sizeof(g) };
	long r = pt(PTRACE_GETREGSET, pid, NT_ARM_GCS, (unsigned long)&iov);

	if (r)
		return r;
	*ssp = g.gcspr_el0;
	return g.features_enabled == PR_SHADOW_STACK_ENABLE && g.features_locked == 0 ? 0 : -1000;
}

static inline long arch_shstk_set(int pid, unsigned long ssp)
{
	struct user_gcs g = { PR_SHADOW_STACK_ENABLE, 0, ssp };
	struct iovec iov = { &g, sizeof(g) };

	return pt(PTRACE_SETREGSET, pid, NT_ARM_GCS, (unsigned long)&iov);
}

/* gcs_set()'s refusals, then a short set that keeps what it does not reach. */
static inline int arch_shstk_bad_sets(int pid, unsigned long ssp)
{
	struct user_gcs g = { PR_SHADOW_STACK_ENABLE | (1ul << 3), 0, ssp };
	struct iovec iov = { &g, sizeof(g) };
	unsigned long now = 0;

	EXPECT("unknown mode bit", pt(PTRACE_SETREGSET, pid, NT_ARM_GCS, (unsigned long)&iov),
	       -EINVAL);
	iov.iov_len = 9;
	EXPECT("size 9", pt(PTRACE_SETREGSET, pid, NT_ARM_GCS, (unsigned long)&iov), -EINVAL);
	g.features_enabled = PR_SHADOW_STACK_ENABLE;
	iov.iov_len = 8;
	EXPECT("the mode alone", pt(PTRACE_SETREGSET, pid, NT_ARM_GCS, (unsigned long)&iov), 0);
	EXPECT("iov_len", iov.iov_len, 8);
	EXPECT("GCSPR_EL0 kept", arch_shstk_get(pid, &now), 0);
	EXPECT("GCSPR_EL0 value", now, ssp);
	return 0;
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * /bin/ptrace's x86_64 half: struct user_regs_struct (NT_PRSTATUS) with a
 * magic value in R12 across a system call, the sets Linux's putreg()
 * refuses, and NT_X86_SHSTK: the 8-byte SSP, ENODEV for a tracee without
 * a shadow stack, EINVAL for a size other than 8 or an SSP that is
 * unaligned or outside user space (Linux's ssp_set(); the cases of the
 * kselftest test_shadow_stack.c's test_ptrace()).
 */
#ifndef USER_PTRACE_ARCH_H
#define USER_PTRACE_ARCH_H

#include <errno.h>
#include <signal.h>
#include <sys/mman.h>
#include <uapi/asm-x86_64/ptrace.h>

#include "cet.h"

typedef struct user_regs_struct arch_regs;

#define ARCH_MAGIC 0x5eed0000c0de1234ul
#define ARCH_MAGIC2 0x0badc0dedeadbeeful
#define ARCH_REGS_MAGIC(r) ((r)->r12)
#define ARCH_REGS_NR(r) ((r)->orig_rax) /* the system call the stop came in */
#define ARCH_REGS_RET(r) ((r)->rax)
#define ARCH_KERNEL_ADDR 0xffff800000000000ul
#define ARCH_OTHER_NT NT_ARM_GCS
#define ARCH_NOT_ENABLED_CASE "regset_x86_shstk_enodev_without_shadow_stack"

/* kill(getpid(), SIGSTOP) with magic in R12 (callee-saved) across it; R12 afterwards. */
static inline unsigned long arch_stop_with_magic(unsigned long magic)
{
	register unsigned long r12 __asm__("r12") = magic;
	long pid = syscall0(__NR_getpid), rax = __NR_kill;

	__asm__ volatile("syscall"
			 : "+a"(rax), "+r"(r12)
			 : "D"(pid), "S"((long)SIGSTOP)
			 : "rcx", "r11", "memory");
	return r12;
}

/* The sets Linux's putreg() refuses with EIO. */
static inline int arch_bad_regsets(int pid, const arch_regs *r)
{
	arch_regs bad = *r;
	struct iovec iov = { &bad, sizeof(bad) };

	/*
	 * TASK_SIZE_MAX: 2^47 - 4096, or 2^56 - 4096 when Linux runs 5-level
	 * paging (QEMU's -cpu max has LA57), seen as an mmap hint above 2^47
	 * being honoured.
	 */
	void *hi = mmap((void *)(1ul << 48), 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	bad.fs_base = hi != MAP_FAILED && (unsigned long)hi >= (1ul << 47) ? 0xfffffffffff000ul
									   : 0x7ffffffff000ul;
	if (hi != MAP_FAILED)
		munmap(hi, 4096);
	EXPECT("fs_base past user space",
	       pt(PTRACE_SETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov), -EIO);
	bad = *r;
	bad.cs = 0;
	EXPECT("null CS", pt(PTRACE_SETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov), -EIO);
	bad = *r;
	bad.ds = 0x10; /* RPL 0 */
	EXPECT("a ring-0 DS", pt(PTRACE_SETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov), -EIO);
	return 0;
}

/* A stopped tracee without a shadow stack (and any CPU): ENODEV both ways. */
static inline int arch_shstk_not_enabled(int pid)
{
	unsigned long ssp = 8;
	struct iovec iov = { &ssp, sizeof(ssp) };

	EXPECT("GETREGSET", pt(PTRACE_GETREGSET, pid, NT_X86_SHSTK, (unsigned long)&iov), -ENODEV);
	EXPECT("SETREGSET", pt(PTRACE_SETREGSET, pid, NT_X86_SHSTK, (unsigned long)&iov), -ENODEV);
	return 0;
}

#define arch_read_ssp() cet_rdssp()

/* The tracee's SSP: 0 or -errno, the value in *ssp. */
static inline long arch_shstk_get(int pid, unsigned long *ssp)
{
	struct iovec iov = { ssp, sizeof(*ssp) };
	long r = pt(PTRACE_GETREGSET, pid, NT_X86_SHSTK, (unsigned long)&iov);

	return r ? r : (iov.iov_len == sizeof(*ssp) ? 0 : -1000);
}

static inline long arch_shstk_set(int pid, unsigned long ssp)
{
	struct iovec iov = { &ssp, sizeof(ssp) };

	return pt(PTRACE_SETREGSET, pid, NT_X86_SHSTK, (unsigned long)&iov);
}

/* test_shadow_stack.c's refused sets, then a too-long iovec cut to 8. */
static inline int arch_shstk_bad_sets(int pid, unsigned long ssp)
{
	unsigned long v[2] = { ssp, 0 };
	struct iovec iov = { v, 0 };

	EXPECT("size 0", pt(PTRACE_SETREGSET, pid, NT_X86_SHSTK, (unsigned long)&iov), -EINVAL);
	iov.iov_len = 9;
	EXPECT("size 9", pt(PTRACE_SETREGSET, pid, NT_X86_SHSTK, (unsigned long)&iov), -EINVAL);
	iov.iov_len = 8;
	v[0] = ssp + 1;
	EXPECT("unaligned", pt(PTRACE_SETREGSET, pid, NT_X86_SHSTK, (unsigned long)&iov), -EINVAL);
	v[0] = 0xffffffffffff0000ul;
	EXPECT("kernel range", pt(PTRACE_SETREGSET, pid, NT_X86_SHSTK, (unsigned long)&iov),
	       -EINVAL);
	v[0] = 0x7ffffffff000ul;
	EXPECT("TASK_SIZE_MAX", pt(PTRACE_SETREGSET, pid, NT_X86_SHSTK, (unsigned long)&iov),
	       -EINVAL);
	v[0] = ssp;
	iov.iov_len = 16;
	EXPECT("16 bytes: the 8 it has",
	       pt(PTRACE_SETREGSET, pid, NT_X86_SHSTK, (unsigned long)&iov), 0);
	EXPECT("iov_len cut to 8", iov.iov_len, 8);
	return 0;
}

#endif

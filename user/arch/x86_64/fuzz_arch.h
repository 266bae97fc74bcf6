/* SPDX-License-Identifier: MIT */
/*
 * The x86_64 half of /bin/fuzz (user/fuzz/): system-call numbers, the
 * interesting addresses of this address space, the instructions a
 * generated call needs (rt_sigreturn on a forged frame, a syscall with
 * EFLAGS.TF set, a clone whose child leaves at once) and the
 * shadow-stack controls, arch_prctl(ARCH_SHSTK_*) (docs/ABI.md §4.4).
 *
 * Include from ops code only after fuzz.h.
 */
#ifndef USER_FUZZ_ARCH_H
#define USER_FUZZ_ARCH_H

#include "cet.h"
#include <machine/prctl.h>
#include <machine/syscall.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <uapi/asm-x86_64/sigcontext.h>

/*
 * make test's pass (/init runs /bin/fuzz with no arguments): sized for this
 * architecture's slowest platform (Bochs).
 */
#define FZ_DEFAULT_WORKERS 16
#define FZ_DEFAULT_CALLS 40

#define FUZZ_ARCH_NAME "x86_64"

/* The calls the fuzzer makes by name (arm64 lacks some: its header has -1 there). */
#define FZ_NR_rt_sigreturn __NR_rt_sigreturn
#define FZ_NR_rt_sigpending __NR_rt_sigpending
#define FZ_NR_sigaltstack __NR_sigaltstack
#define FZ_NR_arch_prctl __NR_arch_prctl
#define FZ_NR_clock_nanosleep __NR_clock_nanosleep
#define FZ_NR_open __NR_open
#define FZ_NR_mknod __NR_mknod
#define FZ_NR_fork __NR_fork
#define FZ_NR_vfork __NR_vfork

/*
 * Numbers a random call must not make for real: reboot powers off (a
 * correct kernel does that for root), and so could iopl and ioperm, which
 * give root the I/O ports: a forged PC landing on a byte 0xee (OUT DX, AL)
 * would then write the emulator's exit port. The process-making calls are
 * made through fz_arch_spawn_call() so their children leave at once.
 */
#define FZ_NR_IS_REBOOT(nr) ((nr) == __NR_reboot || (nr) == __NR_iopl || (nr) == __NR_ioperm)
#define FZ_NR_IS_SPAWN(nr) \
	((nr) == __NR_clone || (nr) == __NR_clone3 || (nr) == __NR_fork || (nr) == __NR_vfork)

/*
 * Every number the kernel implements, for weighting: the one list the
 * kernel's table is made from (<uapi/asm-x86_64/unistd.h>, arch/x86_64/syscall_table.c),
 * so a call added there is drawn here too.
 */
static const uint16_t fz_arch_implemented[] = {
#define __SYSCALL(nr, name) nr,
#include <uapi/asm-x86_64/unistd.h>
#undef __SYSCALL
};

/* Where user space ends (4-level paging: 47 bits), and addresses beyond it. */
#define FZ_USER_TOP 0x00007ffffffff000ul
/* Where the worker's arena goes (user/fuzz/arena.c): 16 TiB, far from the mmap area. */
#define FZ_ARENA_BASE 0x100000000000ul
static const uint64_t fz_arch_kernel_addrs[] = {
	0xffff800000000000ul, /* the first canonical kernel-half address */
	0xffffffff80000000ul, /* where the kernel image is linked */
	0xffffffff80100000ul, 0xffffc00000000000ul, 0xfffffffffffff000ul, 0xfffffffffffffff8ul,
};
static const uint64_t fz_arch_noncanon_addrs[] = {
	0x0000800000000000ul, /* the first non-canonical address (Intel SDM vol. 1 §3.3.7.1) */
	0x0000800000001000ul, 0x8000000000000000ul, 0x7ffffffffffffffful,
	0xfff0000000000000ul, 0x00ff000000001000ul,
};

/* The ucontext a handler gets (struct ucontext, sigcontext at 40: docs/ABI.md §4.7). */
#define FZ_UC_SIZE 936 /* ucontext + the XSAVE area pointer's usual reach */
#define FZ_UC_PC_OFF offsetof(struct ucontext, uc_mcontext.rip)
#define FZ_UC_SP_OFF offsetof(struct ucontext, uc_mcontext.rsp)
#define FZ_UC_FLAGS_OFF offsetof(struct ucontext, uc_mcontext.eflags)
#define FZ_UC_SEG_OFF offsetof(struct ucontext, uc_mcontext.cs) /* cs, gs, fs, ss (16 bits each) */
#define FZ_UC_FPSTATE_OFF offsetof(struct ucontext, uc_mcontext.fpstate)
/* rt_sigreturn finds the ucontext right at the stack pointer (the restorer's RET popped pretcode). */
#define FZ_FRAME_UC_FROM_SP 0
#define FZ_FLAG_TRAP 0x100ul /* EFLAGS.TF (Intel SDM vol. 1 §3.4.3.3) */

/* The restorer a handler returns into: rt_sigreturn, nothing else. */
void fz_restorer(void);
#ifdef FZ_DEFINE_RESTORER /* in exactly one file: ops_sig.c */
__asm__(".text\n"
	".globl fz_restorer\n"
	".type fz_restorer, @function\n"
	"fz_restorer:\n"
	"\tmovl $" __stringify(__NR_rt_sigreturn) ", %eax\n"
						  "\tsyscall\n"
						  "\tud2\n"
						  ".size fz_restorer, . - fz_restorer\n");
#endif

/* rt_sigreturn with the stack pointer at sp: a frame of our making. */
static inline __attribute__((always_inline, noreturn)) void fz_arch_sigreturn_at(uintptr_t sp)
{
	__asm__ volatile("mov %0, %%rsp\n\t"
			 "mov $" __stringify(__NR_rt_sigreturn) ", %%eax\n\t"
								"syscall\n\t"
								"ud2"
			 :
			 : "r"(sp)
			 : "memory");
	__builtin_unreachable();
}

/* A system call made with EFLAGS.TF set: the #DB of the first step lands on the kernel's entry. */
#define FZ_ARCH_HAS_TF_SYSCALL 1
static inline long fz_arch_tf_syscall(long nr, long a0, long a1, long a2)
{
	long ret;

	__asm__ volatile("pushfq\n\t"
			 "orq $0x100, (%%rsp)\n\t"
			 "popfq\n\t"
			 "syscall\n\t"
			 "pushfq\n\t"
			 "andq $~0x100, (%%rsp)\n\t"
			 "popfq"
			 : "=a"(ret)
			 : "a"(nr), "D"(a0), "S"(a1), "d"(a2)
			 : "rcx", "r11", "memory", "cc");
	return ret;
}

/*
 * A process-making call (clone, clone3, fork, vfork) whose child leaves at
 * once through exit_group(0), touching no memory: it may share our stack.
 */
static inline __attribute__((always_inline)) long
fz_arch_spawn_call(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
{
	register long r10 __asm__("r10") = a3;
	register long r8 __asm__("r8") = a4;
	register long r9 __asm__("r9") = a5;
	long ret;

	__asm__ volatile("syscall\n\t"
			 "test %%rax, %%rax\n\t"
			 "jnz 1f\n\t"
			 "xor %%edi, %%edi\n\t"
			 "mov $" __stringify(__NR_exit_group) ", %%eax\n\t"
							      "syscall\n\t"
							      "ud2\n"
							      "1:"
			 : "=a"(ret)
			 : "a"(nr), "D"(a0), "S"(a1), "d"(a2), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}

/* exit_group(status) without a call. */
#define FZ_ARCH_EXIT(status) CET_EXIT(status)

/*
 * Turns shadow stacks on for the calling thread: 0 or -errno. Only from a
 * frame that never returns. (flags are arm64's WRITE and PUSH; WRSS is
 * fz_arch_shstk_ctl()'s here.)
 */
#define FZ_ARCH_SHSTK_ENABLE_FLAGS(flags) ((void)(flags), CET_ENABLE_SHSTK())
#define FZ_ARCH_SHSTK_DISABLE() CET_ARCH_PRCTL(ARCH_SHSTK_DISABLE, ARCH_SHSTK_SHSTK)

/* The shadow-stack controls other than a plain enable, with generated arguments. */
static inline void fz_arch_shstk_ctl(struct ctx *c)
{
	static const uint64_t codes[] = { ARCH_SHSTK_ENABLE,
					  ARCH_SHSTK_DISABLE,
					  ARCH_SHSTK_LOCK,
					  ARCH_SHSTK_UNLOCK,
					  ARCH_SHSTK_STATUS,
					  0x5006,
					  0x5000 };
	static const uint64_t feats[] = { ARCH_SHSTK_SHSTK, ARCH_SHSTK_WRSS, 4, 1ul << 63 };
	uint64_t code = codes[rng_below(&c->rng, sizeof(codes) / sizeof(codes[0]))];
	uint64_t arg = code == ARCH_SHSTK_STATUS
			       ? pick_ptr(c, 8)
			       : pick_flags(c, feats, sizeof(feats) / sizeof(feats[0]));

	/* A plain SHSTK enable is made in fuzz_run()'s own frame (worker.c). */
	if (code == ARCH_SHSTK_ENABLE && arg == ARCH_SHSTK_SHSTK)
		arg = ARCH_SHSTK_WRSS;
	FZ2(c, "arch_prctl", __NR_arch_prctl, code, arg);
}

/* The thread pointer: FS and GS bases through arch_prctl, canonical or not. */
static inline void fz_arch_tls(struct ctx *c)
{
	static const uint64_t codes[] = { ARCH_SET_FS, ARCH_SET_GS, ARCH_GET_FS, ARCH_GET_GS,
					  0x1005,      0x3001,	    0x1011,	 0x1012 };
	uint64_t code = codes[rng_below(&c->rng, sizeof(codes) / sizeof(codes[0]))];
	uint64_t arg;

	if (code == ARCH_GET_FS || code == ARCH_GET_GS) {
		arg = pick_ptr(c, 8);
	} else if (rng_one_in(&c->rng, 2)) {
		arg = (uint64_t)pick_buf(c, 64);
	} else {
		arg = pick_ptr(c, 8);
	}
	FZ2(c, "arch_prctl", __NR_arch_prctl, code, arg);
}

/* A one-byte store to at that a handler may skip: fz_resume_pc is the address after it. */
static inline __attribute__((always_inline)) void fz_arch_fault_store(uintptr_t at)
{
	__asm__ volatile("lea 1f(%%rip), %%rcx\n\t"
			 "mov %%rcx, fz_resume_pc(%%rip)\n\t"
			 "movb $0x5a, (%0)\n"
			 "1:"
			 :
			 : "r"(at)
			 : "rcx", "memory");
}

/*
 * The x86_64 parts of a forged frame (PC and SP are set): uc_flags, the
 * user segments (__USER_CS 0x33, __USER_DS 0x2b), EFLAGS, an XSAVE area
 * pointer, the mask, and the other registers.
 */
static inline void fz_arch_forge_frame(struct ctx *c, uint8_t *uc)
{
	static const uint64_t uc_flags[] = { 0, 0x2, 0x4, 0x6, 0x8, 0xe, 0x1 };
	struct rng *r = &c->rng;
	uint16_t *seg = (uint16_t *)(uc + FZ_UC_SEG_OFF);

	*(uint64_t *)uc = rng_one_in(r, 4) ? pick_int(c) : uc_flags[rng_below(r, 7)];
	for (int i = 0; i < 15; i++) /* r8..rcx */
		((uint64_t *)(uc + 40))[i] = pick_int(c);
	*(uint64_t *)(uc + FZ_UC_FLAGS_OFF) = rng_one_in(r, 4) ? pick_int(c) : 0x202;
	seg[0] = rng_one_in(r, 4) ? (uint16_t)pick_int(c) : 0x33;
	seg[3] = rng_one_in(r, 4) ? (uint16_t)pick_int(c) : 0x2b;
	if (rng_one_in(r, 3))
		*(uint64_t *)(uc + FZ_UC_FPSTATE_OFF) =
			rng_one_in(r, 2) ? (uint64_t)pick_buf(c, 1024) : pick_ptr(c, 1024);
	*(uint64_t *)(uc + 296) = rng_next(r); /* uc_sigmask */
}

#endif

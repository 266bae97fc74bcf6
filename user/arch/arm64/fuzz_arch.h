/* SPDX-License-Identifier: MIT */
/*
 * The arm64 half of /bin/fuzz (user/fuzz/): system-call numbers, the
 * interesting addresses of this address space, the instructions a
 * generated call needs (rt_sigreturn on a forged frame, a clone whose
 * child leaves at once) and the GCS controls,
 * prctl(PR_*_SHADOW_STACK_STATUS) (docs/ABI.md §5.4).
 *
 * Include from ops code only after fuzz.h.
 */
#ifndef USER_FUZZ_ARCH_H
#define USER_FUZZ_ARCH_H

#include <machine/syscall.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <uapi/asm-arm64/sigcontext.h>

/*
 * make test's pass (/init runs /bin/fuzz with no arguments): sized for this
 * architecture's slowest platform.
 */
#define FZ_DEFAULT_WORKERS 32
#define FZ_DEFAULT_CALLS 50

#define FUZZ_ARCH_NAME "arm64"

/* The calls the fuzzer makes by name; -1 where arm64 has no such call. */
#define FZ_NR_rt_sigreturn __NR_rt_sigreturn
#define FZ_NR_rt_sigpending __NR_rt_sigpending
#define FZ_NR_sigaltstack __NR_sigaltstack
#define FZ_NR_arch_prctl (-1)
#define FZ_NR_clock_nanosleep __NR_clock_nanosleep
/* No open, mknod, fork or vfork on arm64: -1 leaves those calls out. */
#define FZ_NR_open (-1)
#define FZ_NR_mknod (-1)
#define FZ_NR_fork (-1)
#define FZ_NR_vfork (-1)

/* See the x86_64 header: reboot is never made for real, spawns go through fz_arch_spawn_call(). */
#define FZ_NR_IS_REBOOT(nr) ((nr) == __NR_reboot)
#define FZ_NR_IS_SPAWN(nr) ((nr) == __NR_clone || (nr) == __NR_clone3)

/*
 * Every number the kernel implements, for weighting: the one list the
 * kernel's table is made from (<uapi/asm-arm64/unistd.h>, arch/arm64/syscall_table.c),
 * so a call added there is drawn here too.
 */
static const uint16_t fz_arch_implemented[] = {
#define __SYSCALL(nr, name) nr,
#include <uapi/asm-arm64/unistd.h>
#undef __SYSCALL
};

/* 48-bit virtual addresses, no top-byte ignore (arch/arm64/include/asm/page.h). */
#define FZ_USER_TOP 0x0000fffffffff000ul
/* Where the worker's arena goes (user/fuzz/arena.c): 16 TiB, far from the mmap area. */
#define FZ_ARENA_BASE 0x100000000000ul
static const uint64_t fz_arch_kernel_addrs[] = {
	0xffff000000000000ul, /* the direct map: physical 0 */
	0xffff000040000000ul, /* the direct map: QEMU virt's RAM */
	0xffff800000000000ul, /* kernel stacks */
	0xffffffff80000000ul, /* the kernel image */
	0xfffffffffffff000ul, 0xfffffffffffffff8ul,
};
/* Addresses neither TTBR0 nor TTBR1 translates (Arm ARM D8.2.2), and tagged ones. */
static const uint64_t fz_arch_noncanon_addrs[] = {
	0x0001000000000000ul, 0x0100000000001000ul, 0x8000000000000000ul,
	0xfffe000000000000ul, 0x00ff000000001000ul, 0x7ffffffffffffffful,
};

/* struct rt_sigframe: siginfo, then the ucontext (docs/ABI.md §5.7). */
#define FZ_UC_SIZE sizeof(struct ucontext)
#define FZ_UC_PC_OFF offsetof(struct ucontext, uc_mcontext.pc)
#define FZ_UC_SP_OFF offsetof(struct ucontext, uc_mcontext.sp)
#define FZ_UC_FLAGS_OFF offsetof(struct ucontext, uc_mcontext.pstate)
#define FZ_UC_RESERVED_OFF offsetof(struct ucontext, uc_mcontext.__reserved) /* the records */
#define FZ_FRAME_UC_FROM_SP offsetof(struct rt_sigframe, uc)
#define FZ_FLAG_TRAP (1ul << 21) /* PSTATE.SS, software step (Arm ARM D2.12) */

/* The record magics of the signal frame. */
static const uint32_t fz_arch_record_magics[] = {
	FPSIMD_MAGIC, ESR_MAGIC,    SVE_MAGIC, EXTRA_MAGIC,
	ZA_MAGIC,     TPIDR2_MAGIC, GCS_MAGIC, POE_MAGIC,
};

void fz_restorer(void);
#ifdef FZ_DEFINE_RESTORER /* in exactly one file: ops_sig.c */
__asm__(".text\n"
	".globl fz_restorer\n"
	".type fz_restorer, %function\n"
	".p2align 2\n"
	"fz_restorer:\n"
	"\tmov x8, #" __stringify(__NR_rt_sigreturn) "\n"
						     "\tsvc #0\n"
						     "\tudf #0\n"
						     ".size fz_restorer, . - fz_restorer\n");
#endif

static inline __attribute__((always_inline, noreturn)) void fz_arch_sigreturn_at(uintptr_t sp)
{
	register uintptr_t x0 __asm__("x0") = sp;

	__asm__ volatile("mov sp, x0\n\t"
			 "mov x8, #" __stringify(__NR_rt_sigreturn) "\n\t"
								    "svc #0\n\t"
								    "udf #0"
			 :
			 : "r"(x0)
			 : "memory");
	__builtin_unreachable();
}

/* Software step needs a debugger: there is no user-settable trap flag to fuzz. */
#define FZ_ARCH_HAS_TF_SYSCALL 0
static inline long fz_arch_tf_syscall(long nr, long a0, long a1, long a2)
{
	return syscall3(nr, a0, a1, a2);
}

static inline __attribute__((always_inline)) long
fz_arch_spawn_call(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
{
	register long x8 __asm__("x8") = nr;
	register long x0 __asm__("x0") = a0;
	register long x1 __asm__("x1") = a1;
	register long x2 __asm__("x2") = a2;
	register long x3 __asm__("x3") = a3;
	register long x4 __asm__("x4") = a4;
	register long x5 __asm__("x5") = a5;

	__asm__ volatile("svc #0\n\t"
			 "cbnz x0, 1f\n\t"
			 "mov x8, #" __stringify(__NR_exit_group) "\n\t"
								  "svc #0\n\t"
								  "udf #0\n"
								  "1:"
			 : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			 : "memory");
	return x0;
}

#define FZ_ARCH_EXIT(status)                                                        \
	do {                                                                        \
		register long fz_x8_ __asm__("x8") = __NR_exit_group;               \
		register long fz_x0_ __asm__("x0") = (status);                      \
		__asm__ volatile("svc #0" : : "r"(fz_x8_), "r"(fz_x0_) : "memory"); \
		__builtin_unreachable();                                            \
	} while (0)

/* prctl(PR_SET_SHADOW_STACK_STATUS, flags) as one svc: 0 or -errno. */
#define FZ_ARCH_GCS_SET(flags)                                                                     \
	({                                                                                         \
		register long fz_x8_ __asm__("x8") = __NR_prctl;                                   \
		register long fz_x0_ __asm__("x0") = PR_SET_SHADOW_STACK_STATUS;                   \
		register long fz_x1_ __asm__("x1") = (long)(flags);                                \
		register long fz_x2_ __asm__("x2") = 0;                                            \
		register long fz_x3_ __asm__("x3") = 0;                                            \
		register long fz_x4_ __asm__("x4") = 0;                                            \
		__asm__ volatile("svc #0"                                                          \
				 : "+r"(fz_x0_)                                                    \
				 : "r"(fz_x8_), "r"(fz_x1_), "r"(fz_x2_), "r"(fz_x3_), "r"(fz_x4_) \
				 : "memory");                                                      \
		fz_x0_;                                                                            \
	})

/* GCS on for the calling thread (with WRITE and PUSH as flags say): only from a frame that never returns. */
#define FZ_ARCH_SHSTK_ENABLE_FLAGS(flags)        \
	FZ_ARCH_GCS_SET(PR_SHADOW_STACK_ENABLE | \
			((flags) & (PR_SHADOW_STACK_WRITE | PR_SHADOW_STACK_PUSH)))
#define FZ_ARCH_SHSTK_DISABLE() FZ_ARCH_GCS_SET(0)

/* The GCS controls other than an enable, with generated arguments. */
static inline void fz_arch_shstk_ctl(struct ctx *c)
{
	static const uint64_t feats[] = { PR_SHADOW_STACK_ENABLE, PR_SHADOW_STACK_WRITE,
					  PR_SHADOW_STACK_PUSH, 8, 1ul << 63 };
	uint64_t flags = pick_flags(c, feats, sizeof(feats) / sizeof(feats[0]));

	switch (rng_below(&c->rng, 3)) {
	case 0:
		FZ5(c, "prctl", __NR_prctl, PR_GET_SHADOW_STACK_STATUS, pick_ptr(c, 8),
		    rng_one_in(&c->rng, 4) ? pick_int(c) : 0, 0, 0);
		break;
	case 1:
		/* Turning GCS on is fuzz_run()'s, in its own frame (worker.c): keep it off here. */
		FZ5(c, "prctl", __NR_prctl, PR_SET_SHADOW_STACK_STATUS,
		    flags & ~(uint64_t)PR_SHADOW_STACK_ENABLE,
		    rng_one_in(&c->rng, 4) ? pick_int(c) : 0, 0, 0);
		break;
	default:
		FZ5(c, "prctl", __NR_prctl, PR_LOCK_SHADOW_STACK_STATUS, flags,
		    rng_one_in(&c->rng, 4) ? pick_int(c) : 0, 0, 0);
		break;
	}
}

/* No system call sets the thread pointer on arm64 (TPIDR_EL0 is the program's). */
static inline void fz_arch_tls(struct ctx *c)
{
	(void)c;
}

/* A one-byte store to at that a handler may skip: fz_resume_pc is the address after it. */
static inline __attribute__((always_inline)) void fz_arch_fault_store(uintptr_t at)
{
	__asm__ volatile("adr x9, 1f\n\t"
			 "adrp x10, fz_resume_pc\n\t"
			 "str x9, [x10, :lo12:fz_resume_pc]\n\t"
			 "strb wzr, [%0]\n"
			 "1:"
			 :
			 : "r"(at)
			 : "x9", "x10", "memory");
}

/*
 * The arm64 parts of a forged frame (PC and SP are set): PSTATE (EL0t, or
 * other modes and bits), the registers, and the record area: an FPSIMD
 * record, maybe a GCS or another record, sizes right or wrong, and the
 * terminator.
 */
static inline void fz_arch_forge_frame(struct ctx *c, uint8_t *uc)
{
	struct rng *r = &c->rng;
	uint32_t *rec = (uint32_t *)(uc + FZ_UC_RESERVED_OFF);
	size_t at = 0; /* in 32-bit words */

	for (int i = 0; i < 31; i++)
		((uint64_t *)(uc + offsetof(struct ucontext, uc_mcontext.regs)))[i] = pick_int(c);
	*(uint64_t *)(uc + FZ_UC_FLAGS_OFF) = rng_one_in(r, 4) ? pick_int(c) : 0;
	*(uint64_t *)(uc + offsetof(struct ucontext, uc_sigmask)) = rng_next(r);
	if (!rng_one_in(r, 4)) {
		rec[at] = FPSIMD_MAGIC, rec[at + 1] = sizeof(struct fpsimd_context);
		at += sizeof(struct fpsimd_context) / 4;
	}
	for (unsigned int n = (unsigned int)rng_below(r, 3); n > 0; n--) {
		uint32_t size = rng_one_in(r, 4) ? (uint32_t)pick_int(c)
						 : 16 * (1 + (uint32_t)rng_below(r, 4));

		rec[at] = rng_one_in(r, 6) ? (uint32_t)rng_next(r)
					   : fz_arch_record_magics[rng_below(
						     r, sizeof(fz_arch_record_magics) / 4)];
		rec[at + 1] = size;
		*(uint64_t *)&rec[at + 2] = rng_one_in(r, 2) ? (uint64_t)pick_ptr(c, 64)
							     : pick_int(c);
		*(uint64_t *)&rec[at + 4] = pick_int(c);
		if (size < 16 || size > 512 || (size & 15))
			break;
		at += size / 4;
	}
	rec[at] = 0, rec[at + 1] = 0; /* the terminator */
}

#endif

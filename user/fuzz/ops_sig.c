// SPDX-License-Identifier: MIT
/*
 * Operations on signals: rt_sigaction with generated handlers, flags,
 * restorers and masks; kill, tkill and tgkill; masks, sigaltstack and
 * sigpending; faults caught by a handler that resumes past them; and
 * rt_sigreturn on frames of our making. The handler itself sometimes
 * rewrites the frame the kernel gave it (PC, SP, flags, segments, the
 * FPU/record area) before returning through it.
 */
#include "fuzz.h"
#define FZ_DEFINE_RESTORER
#include <fuzz_arch.h>
#include <signal.h>
#include <string.h>

#define PAGE 4096ul
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Linux's values of two flags the uapi header does not carry (Umbra does not act on them). */
#ifndef SA_UNSUPPORTED
#define SA_UNSUPPORTED 0x00000400ul
#endif
#ifndef SA_EXPOSE_TAGBITS
#define SA_EXPOSE_TAGBITS 0x00000800ul
#endif

/* The kernel's struct sigaction (x86_64 and arm64 alike: both have SA_RESTORER). */
#define LANDED 77 /* the exit status of a context that came back through fz_landing() */

/* The handler's PRNG: one per process, shared by its threads (races are harmless). */
static struct rng hrng;
static unsigned int deliveries;
/* Where a fault of op_fault() resumes, set just before the faulting store. */
volatile uintptr_t fz_resume_pc;

static void __attribute__((noreturn)) fz_landing(void)
{
	fz_exit_now(LANDED);
}

static uint64_t garbage_pc(void)
{
	switch (rng_below(&hrng, 4)) {
	case 0:
		return fz_arch_kernel_addrs[rng_below(&hrng, N(fz_arch_kernel_addrs))];
	case 1:
		return fz_arch_noncanon_addrs[rng_below(&hrng, N(fz_arch_noncanon_addrs))];
	case 2:
		return rng_below(&hrng, 2) ? 0 : 0x1000;
	default:
		return (uintptr_t)arena.none + rng_below(&hrng, 64);
	}
}

static bool is_fault(int sig)
{
	return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGTRAP;
}

/* Rewrites part of the frame the kernel built, before it is returned through. */
static void mutate_frame(uint8_t *uc)
{
	uint64_t *pc = (uint64_t *)(uc + FZ_UC_PC_OFF), *sp = (uint64_t *)(uc + FZ_UC_SP_OFF);
	uint64_t *flags = (uint64_t *)(uc + FZ_UC_FLAGS_OFF);

	switch (rng_below(&hrng, 12)) {
	case 0:
		*pc = (uintptr_t)fz_landing;
		break;
	case 1:
		*pc = garbage_pc();
		break;
	case 2:
		*flags |= FZ_FLAG_TRAP;
		break;
	case 3:
		*flags = rng_next(&hrng);
		break;
	case 4:
		*flags ^= 1ull << rng_below(&hrng, 64);
		break;
	case 5: /* x86: cs, gs, fs, ss; arm64: pstate (its mode field) */
#ifdef FZ_UC_SEG_OFF
		((uint16_t *)(uc + FZ_UC_SEG_OFF))[rng_below(&hrng, 4)] = (uint16_t)rng_next(&hrng);
#else
		*flags = (*flags & ~0xful) | rng_below(&hrng, 16);
#endif
		break;
	case 6: /* x86: the XSAVE area pointer; arm64: a record header */
#ifdef FZ_UC_FPSTATE_OFF
		*(uint64_t *)(uc + FZ_UC_FPSTATE_OFF) = rng_below(&hrng, 2) ? 0 : garbage_pc();
#else
		((uint32_t *)(uc + FZ_UC_RESERVED_OFF))[rng_below(&hrng, 4)] =
			(uint32_t)rng_next(&hrng);
#endif
		break;
	case 7:
		*sp = rng_below(&hrng, 2) ? garbage_pc() : *sp + 1;
		break;
	default:
		((uint64_t *)uc)[rng_below(&hrng, 32)] =
			rng_next(&hrng); /* anywhere in the first 256 bytes */
		break;
	}
}

/*
 * The SA_SIGINFO handler. A fault resumes after the faulting store of
 * op_fault() or leaves through fz_landing() (a fault handler that simply
 * returned would fault again forever); any other signal returns normally,
 * sometimes through a rewritten frame, or sends another signal first.
 */
static void fz_handler_info(int sig, void *info, void *ucp)
{
	uint8_t *uc = ucp;

	(void)info;
	deliveries++;
	if (is_fault(sig)) {
		uintptr_t resume = fz_resume_pc;

		fz_resume_pc = 0;
		*(uint64_t *)(uc + FZ_UC_PC_OFF) = resume ? resume : (uintptr_t)fz_landing;
		if (deliveries < 64 && rng_one_in(&hrng, 8))
			mutate_frame(uc);
		return;
	}
	/* SIGCHLD comes with every child's end: rewriting its frames would end most workers. */
	if (sig == SIGCHLD || deliveries >= 64)
		return;
	switch (rng_below(&hrng, 16)) {
	case 0:
	case 1:
		mutate_frame(uc);
		break;
	case 2:
		syscall2(__NR_kill, syscall0(__NR_getpid), (long)rng_below(&hrng, 65));
		break;
	default:
		break;
	}
}

/* The plain handler: no frame to look at (without SA_SIGINFO arm64 passes none). */
static void fz_handler_plain(int sig)
{
	deliveries++;
	if (is_fault(sig))
		fz_landing();
}

static const uint64_t sa_flags[] = {
	SA_NOCLDSTOP, SA_NOCLDWAIT, SA_SIGINFO, SA_UNSUPPORTED, SA_EXPOSE_TAGBITS,
	SA_RESTORER,  SA_ONSTACK,   SA_RESTART, SA_NODEFER,	SA_RESETHAND,
};

static void fill_action(struct ctx *c, struct kernel_sigaction *act)
{
	struct rng *r = &c->rng;

	act->sa_flags = pick_flags(c, sa_flags, N(sa_flags));
	if (!rng_one_in(r, 8))
		act->sa_flags |= SA_RESTORER;
	switch (rng_below(r, 8)) {
	case 0:
		act->sa_handler = 0; /* SIG_DFL */
		break;
	case 1:
		act->sa_handler = 1; /* SIG_IGN */
		break;
	case 2:
		act->sa_handler = garbage_pc();
		break;
	default:
		act->sa_handler = (act->sa_flags & SA_SIGINFO) ? (uintptr_t)fz_handler_info
							       : (uintptr_t)fz_handler_plain;
		break;
	}
	act->sa_restorer = rng_one_in(r, 8) ? garbage_pc() : (uintptr_t)fz_restorer;
	act->sa_mask = rng_one_in(r, 2) ? 0 : rng_next(r);
}

static void op_sigaction(struct ctx *c)
{
	struct rng *r = &c->rng;
	struct kernel_sigaction *act = pick_buf(c, sizeof(*act));
	uint64_t size = rng_one_in(r, 8) ? pick_len(c) : 8;

	fill_action(c, act);
	FZ4(c, "rt_sigaction", __NR_rt_sigaction, pick_sig(c),
	    /* An act from any readable memory has any handler: a non-canonical one too. */
	    rng_one_in(r, 6) ? pick_ptr(c, sizeof(*act)) : (uintptr_t)act,
	    rng_one_in(r, 2) ? 0 : pick_ptr(c, sizeof(*act)), size);
}

/* A signal that is handled or harmless by default, for sending to ourselves. */
static int gentle_sig(struct ctx *c)
{
	static const uint64_t sigs[] = { SIGUSR1, SIGUSR2, SIGCHLD, SIGURG, SIGWINCH };

	return (int)sigs[rng_below(&c->rng, N(sigs))];
}

/* Whether pid names this process or the worker (pid 2 of the nanny's namespace). */
static bool is_us(long pid)
{
	return pid == 0 || pid == -1 || pid == 2 || pid == syscall0(__NR_getpid) ||
	       pid == syscall0(__NR_gettid);
}

/*
 * kill, tkill, tgkill. A fatal signal to ourselves is mostly replaced by a
 * gentle one: the worker should live long enough to build up state.
 */
static void op_kill(struct ctx *c)
{
	struct rng *r = &c->rng;
	long self = syscall0(__NR_getpid), tid = syscall0(__NR_gettid);
	long target = rng_one_in(r, 3) ? (rng_one_in(r, 2) ? self : tid) : pick_pid(c);
	int sig = rng_one_in(r, 3) ? gentle_sig(c) : pick_sig(c);

	if (is_us(target) && !rng_one_in(r, 4))
		sig = gentle_sig(c);
	switch (rng_below(r, 3)) {
	case 0:
		FZ2(c, "kill", __NR_kill, target, sig);
		break;
	case 1:
		FZ2(c, "tkill", __NR_tkill, target, sig);
		break;
	default:
		FZ3(c, "tgkill", __NR_tgkill, rng_one_in(r, 2) ? self : pick_pid(c), target, sig);
		break;
	}
}

static void op_sigprocmask(struct ctx *c)
{
	struct rng *r = &c->rng;
	uint64_t *set = pick_buf(c, 8);

	*set = rng_one_in(r, 2) ? rng_next(r) : 1ull << rng_below(r, 64);
	FZ4(c, "rt_sigprocmask", __NR_rt_sigprocmask,
	    rng_one_in(r, 4) ? pick_int(c) : rng_below(r, 3),
	    rng_one_in(r, 4) ? pick_ptr(c, 8) : (uintptr_t)set,
	    rng_one_in(r, 2) ? 0 : pick_ptr(c, 8), rng_one_in(r, 8) ? pick_len(c) : 8);
}

static void op_sigaltstack(struct ctx *c)
{
	static const uint64_t sizes[] = { 0, 1, 2047, 2048, 8192, 16384, ARENA_STACK_SIZE };
	struct rng *r = &c->rng;
	struct {
		uint64_t sp;
		int32_t flags;
		int32_t pad;
		uint64_t size;
	} *ss = pick_buf(c, 24);

	ss->sp = rng_one_in(r, 2) ? arena.stacks[rng_below(r, ARENA_STACKS)] : pick_ptr(c, PAGE);
	ss->flags = rng_one_in(r, 2)
			    ? 0
			    : (int32_t)pick_flags(c, (const uint64_t[]){ 1, 2, 1u << 31 }, 3);
	ss->size = rng_one_in(r, 4) ? pick_len(c) : sizes[rng_below(r, N(sizes))];
	FZ2(c, "sigaltstack", FZ_NR_sigaltstack, rng_one_in(r, 6) ? pick_ptr(c, 24) : (uintptr_t)ss,
	    rng_one_in(r, 2) ? 0 : pick_ptr(c, 24));
}

static void op_sigpending(struct ctx *c)
{
	FZ2(c, "rt_sigpending", FZ_NR_rt_sigpending, pick_ptr(c, 8),
	    rng_one_in(&c->rng, 4) ? pick_len(c) : 8);
}

/*
 * A fault with a handler for it: a store to a read-only, PROT_NONE,
 * unmapped or kernel address; the handler resumes after the store.
 */
static void op_fault(struct ctx *c)
{
	struct rng *r = &c->rng;
	struct kernel_sigaction act;
	uintptr_t at;

	memset(&act, 0, sizeof(act));
	act.sa_handler = (uintptr_t)fz_handler_info;
	act.sa_flags = SA_SIGINFO | SA_RESTORER | (rng_one_in(r, 4) ? SA_ONSTACK : 0) |
		       (rng_one_in(r, 4) ? SA_NODEFER : 0);
	act.sa_restorer = (uintptr_t)fz_restorer;
	syscall4(__NR_rt_sigaction, SIGSEGV, (long)&act, 0, 8);
	syscall4(__NR_rt_sigaction, SIGBUS, (long)&act, 0, 8);
	switch (rng_below(r, 4)) {
	case 0:
		at = arena.ro;
		break;
	case 1:
		at = arena.none;
		break;
	case 2:
		at = arena.edge;
		break;
	default:
		at = pick_ptr(c, 1);
		break;
	}
	fz_trace(c, "fault: store to %#lx", (unsigned long)at);
	fz_arch_fault_store(at);
	fz_resume_pc = 0;
}

/*
 * A frame of our making handed to rt_sigreturn: a plausible one (PC at
 * fz_landing, a valid stack, the usual segments or records) with a few
 * words rewritten, or garbage. Made in a child: the frame usually ends it.
 */
static void forge_frame(struct ctx *c, uint8_t *uc)
{
	struct rng *r = &c->rng;

	memset(uc, 0, FZ_UC_SIZE);
	if (rng_one_in(r, 8)) {
		for (size_t i = 0; i < FZ_UC_SIZE / 8; i++)
			((uint64_t *)uc)[i] = pick_int(c);
		return;
	}
	*(uint64_t *)(uc + FZ_UC_PC_OFF) = (uintptr_t)fz_landing;
	*(uint64_t *)(uc + FZ_UC_SP_OFF) = arena.stacks[0] + ARENA_STACK_SIZE / 2;
	fz_arch_forge_frame(c, uc);
	for (unsigned int i = 0, n = (unsigned int)rng_below(r, 4); i < n; i++)
		((uint64_t *)uc)[rng_below(r, FZ_UC_SIZE / 8)] = pick_int(c);
	if (rng_one_in(r, 4))
		*(uint64_t *)(uc + FZ_UC_PC_OFF) = garbage_pc();
}

static void op_sigreturn(struct ctx *c)
{
	static uint8_t frame[FZ_FRAME_UC_FROM_SP + FZ_UC_SIZE] __attribute__((aligned(16)));
	struct rng *r = &c->rng;
	uintptr_t sp = (arena.stacks[ARENA_STACKS - 1] + ARENA_STACK_SIZE - sizeof(frame) - 64) &
		       ~15ul;
	size_t len = sizeof(frame);
	long pid;

	if (!arena.stacks[ARENA_STACKS - 1])
		return;
	forge_frame(c, frame + FZ_FRAME_UC_FROM_SP);
	if (rng_one_in(r, 2)) { /* a frame running off the end of its mapping */
		sp = (arena.edge - 16 - rng_below(r, PAGE - 16)) & ~15ul;
		if (len > arena.edge - sp)
			len = arena.edge - sp;
	}
	memcpy((void *)sp, frame, len);
	if (!rng_one_in(r, 8) && c->spawn) {
		pid = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
		if (pid != 0) {
			fz_trace(c, "sigreturn in child %ld, frame at %#lx", pid,
				 (unsigned long)sp);
			return;
		}
	}
	fz_trace(c, "sigreturn, frame at %#lx", (unsigned long)sp);
	fz_arch_sigreturn_at(sp);
}

/* A system call with the trap flag set (x86_64): made in a child, SIGTRAP ends it. */
static void op_tf_syscall(struct ctx *c)
{
	long pid;

	if (!FZ_ARCH_HAS_TF_SYSCALL)
		return;
	pid = syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
	if (pid == 0) {
		static const long nrs[] = { __NR_getpid, __NR_sched_yield, __NR_write, __NR_mmap };

		fz_arch_tf_syscall(nrs[rng_below(&c->rng, N(nrs))], pick_fd(c), pick_ptr(c, 8), 8);
		fz_exit_now(0);
	}
	fz_trace(c, "tf syscall in child %ld", pid);
}

void sig_setup_worker(struct ctx *c)
{
	struct kernel_sigaction act;

	hrng.s = rng_next(&c->rng);
	memset(&act, 0, sizeof(act));
	act.sa_handler = (uintptr_t)fz_handler_info;
	act.sa_flags = SA_SIGINFO | SA_RESTORER | SA_RESTART;
	act.sa_restorer = (uintptr_t)fz_restorer;
	syscall4(__NR_rt_sigaction, SIGUSR1, (long)&act, 0, 8);
	syscall4(__NR_rt_sigaction, SIGUSR2, (long)&act, 0, 8);
	syscall4(__NR_rt_sigaction, SIGCHLD, (long)&act, 0, 8);
}

const struct op ops_sig[] = {
	{ "rt_sigaction", 25, op_sigaction, false },
	{ "kill", 20, op_kill, false },
	{ "rt_sigprocmask", 10, op_sigprocmask, false },
	{ "sigaltstack", 10, op_sigaltstack, false },
	{ "rt_sigpending", 4, op_sigpending, false },
	{ "fault", 12, op_fault, false },
	{ "sigreturn", 12, op_sigreturn, true },
	{ "tf_syscall", FZ_ARCH_HAS_TF_SYSCALL ? 3 : 0, op_tf_syscall, true },
};
const unsigned int nr_ops_sig = N(ops_sig);

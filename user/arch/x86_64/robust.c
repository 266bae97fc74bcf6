// SPDX-License-Identifier: MIT
/*
 * /bin/robust: x86_64 user values that must never reach ring 0 unchecked,
 * KTAP, one case a line.
 *
 * Proves, each with Linux's user-visible answer:
 *  - a TLS base past the user half (non-canonical, or >= TASK_SIZE_MAX) is
 *    refused with EPERM by clone(CLONE_SETTLS), clone3's tls and
 *    arch_prctl(ARCH_SET_FS/ARCH_SET_GS), before it can reach WRMSR;
 *  - returning to a non-canonical RIP (a sigreturn frame, a signal
 *    handler's address) or through a bad CS or SS selector in a sigreturn
 *    frame is a #GP in user mode: SIGSEGV with SI_KERNEL, no address, trap
 *    number 13, the bad value in the handler's ucontext -- or death by
 *    SIGSEGV without a handler; the kernel never faults on IRET;
 *  - the privileged RFLAGS bits of a sigreturn frame (IOPL, NT, VM) never
 *    come back, IF always does;
 *  - single-stepping into `syscall` (TF set by POPF, or by a sigreturn
 *    frame that lands on a `syscall`) is harmless to the kernel, the call
 *    works, TF survives it, and the first SIGTRAP (TRAP_TRACE) comes after
 *    the instruction that follows the `syscall`.
 *
 * Every case runs in a forked child; the parent checks the exact wait
 * status. All system calls are raw, so a handler never touches errno.
 */
#include "sig_arch.h"
#include "test.h"
#include <machine/prctl.h>
#include <machine/syscall.h>
#include <errno.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define TRAP_GP 13 /* the #GP vector, as sigcontext.trapno reports it */

#define RFLAGS_TF 0x100ul
#define RFLAGS_IF 0x200ul
#define RFLAGS_IOPL 0x3000ul
#define RFLAGS_NT 0x4000ul
#define RFLAGS_VM 0x20000ul

/* Non-canonical: bit 63 set, bits 62..47 clear (4-level paging: 48-bit addresses). */
#define NONCANONICAL 0x8000000000000000ul
/*
 * Linux's TASK_SIZE_MAX: the top user page is not user space either. It is
 * 2^47 - 4096 with 4-level paging, 2^56 - 4096 when Linux runs 5-level
 * paging (LA57, Intel SDM vol. 3 §4.5; QEMU's -cpu max has it): Umbra
 * always runs 4-level, Linux on that CPU does not (make test-linux).
 */
#define TASK_SIZE_MAX_4LEVEL 0x00007ffffffff000ul
#define TASK_SIZE_MAX_5LEVEL 0x00fffffffffff000ul
static unsigned long task_size_max;
#define KERNEL_HALF 0xffff800000000000ul

#define CAUGHT 42 /* a child's "every check in the handler held" */

/* --- raw helpers -------------------------------------------------------------------- */

/* exit_group(CAUGHT) with no stack use: where a handler sends a repaired context. */
void robust_exit_caught(void);
__asm__(".text\n"
	".globl robust_exit_caught\n"
	".type robust_exit_caught, @function\n"
	"robust_exit_caught:\n"
	"\tmovl $" __stringify(__NR_exit_group) ", %eax\n"
						"\tmovl $" __stringify(
							CAUGHT) ", %edi\n"
								"\tsyscall\n"
								"\tud2\n"
								".size robust_exit_caught, . - "
								"robust_exit_caught\n");

static long on_signal(int sig, unsigned long handler)
{
	struct kernel_sigaction a = { handler, SA_SIGINFO | SA_RESTORER,
				      (unsigned long)sig_restorer, 0 };

	return syscall4(__NR_rt_sigaction, sig, (long)&a, 0, 8);
}

static void raw_exit(int status)
{
	syscall1(__NR_exit_group, status);
	__builtin_unreachable();
}

static long send_self(int sig)
{
	return syscall2(__NR_kill, syscall0(__NR_getpid), sig);
}

static long sys_wait4(long pid, int *status)
{
	return syscall4(__NR_wait4, pid, (long)status, 0, 0);
}

static long raw_clone(unsigned long flags, unsigned long tls)
{
	long ret;
	register long r10 __asm__("r10") = 0; /* child_tid */
	register long r8 __asm__("r8") = (long)tls;

	/* A fork-like clone: the child (if any) leaves at once, before any stack use. */
	__asm__ volatile("syscall\n\t"
			 "test %%rax, %%rax\n\t"
			 "jnz 1f\n\t"
			 "movl $" __stringify(__NR_exit_group) ", %%eax\n\t"
							       "xorl %%edi, %%edi\n\t"
							       "syscall\n"
							       "1:"
			 : "=a"(ret)
			 : "a"(__NR_clone), "D"(flags), "S"(0), "d"(0), "r"(r10), "r"(r8)
			 : "rcx", "r11", "memory");
	return ret;
}

static long raw_clone3(struct clone_args *args)
{
	return syscall_clone3_exit0(args, sizeof(*args));
}

/* Reaps a child that a wrongly successful clone left behind. */
static void reap_if_child(long r)
{
	int status;

	if (r > 0)
		sys_wait4(r, &status);
}

static unsigned long get_rflags(void)
{
	unsigned long f;

	__asm__ volatile("pushfq\n\tpopq %0" : "=r"(f));
	return f;
}

/* --- TLS bases ---------------------------------------------------------------------- */

static unsigned long bad_bases[] = { NONCANONICAL, 0 /* task_size_max */, KERNEL_HALF };

/*
 * 5-level paging shows to user space as an mmap hint above 2^47 being
 * honoured (Linux maps there only when asked to); with 4-level paging no
 * mapping can be there.
 */
static void find_task_size_max(void)
{
	void *p = mmap((void *)(1ul << 48), 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	bool five = p != MAP_FAILED && (unsigned long)p >= (1ul << 47);

	if (p != MAP_FAILED)
		munmap(p, 4096);
	task_size_max = five ? TASK_SIZE_MAX_5LEVEL : TASK_SIZE_MAX_4LEVEL;
	bad_bases[1] = task_size_max;
}

/* clone(CLONE_SETTLS): Linux's copy_thread refuses a base >= TASK_SIZE_MAX with EPERM. */
static int body_clone_settls(void)
{
	for (size_t i = 0; i < sizeof(bad_bases) / sizeof(bad_bases[0]); i++) {
		long r = raw_clone(CLONE_SETTLS | SIGCHLD, bad_bases[i]);

		reap_if_child(r);
		EXPECT("clone(CLONE_SETTLS, bad base)", r, -EPERM);
	}
	long r = raw_clone(CLONE_SETTLS | SIGCHLD, task_size_max - 4096);

	reap_if_child(r);
	EXPECT("clone(CLONE_SETTLS, last good page) is a pid", r > 0, 1);
	return 0;
}

/* clone3's tls with CLONE_SETTLS: the same rule; without the flag tls is ignored. */
static int body_clone3_tls(void)
{
	for (size_t i = 0; i < sizeof(bad_bases) / sizeof(bad_bases[0]); i++) {
		struct clone_args a = { .flags = CLONE_SETTLS,
					.exit_signal = SIGCHLD,
					.tls = bad_bases[i] };
		long r = raw_clone3(&a);

		reap_if_child(r);
		EXPECT("clone3(CLONE_SETTLS, bad tls)", r, -EPERM);
	}
	struct clone_args a = { .exit_signal = SIGCHLD, .tls = NONCANONICAL };
	long r = raw_clone3(&a);

	reap_if_child(r);
	EXPECT("clone3(bad tls without CLONE_SETTLS) is a pid", r > 0, 1);
	return 0;
}

/* arch_prctl(ARCH_SET_FS/ARCH_SET_GS): EPERM, and the old base stays. */
static int body_arch_prctl(void)
{
	static const int codes[] = { ARCH_SET_FS, ARCH_SET_GS };
	static const int get_codes[] = { ARCH_GET_FS, ARCH_GET_GS };

	for (size_t c = 0; c < 2; c++) {
		unsigned long before = 1, after = 2;

		EXPECT("get before", syscall2(__NR_arch_prctl, get_codes[c], (long)&before), 0);
		for (size_t i = 0; i < sizeof(bad_bases) / sizeof(bad_bases[0]); i++)
			EXPECT("arch_prctl(SET, bad base)",
			       syscall2(__NR_arch_prctl, codes[c], (long)bad_bases[i]), -EPERM);
		EXPECT("get after", syscall2(__NR_arch_prctl, get_codes[c], (long)&after), 0);
		EXPECT("base unchanged", after, before);
	}
	/* A good GS base reads back, and survives a context switch. */
	unsigned long gs = 0;
	static char block[64];

	EXPECT("SET_GS good", syscall2(__NR_arch_prctl, ARCH_SET_GS, (long)block), 0);
	syscall0(__NR_sched_yield);
	EXPECT("GET_GS", syscall2(__NR_arch_prctl, ARCH_GET_GS, (long)&gs), 0);
	EXPECT("GS base read back", gs, (unsigned long)block);
	return 0;
}

/* --- returns to user mode that the CPU refuses ---------------------------------------- */

/* The selectors user code runs with, read at start-up. */
static unsigned short user_cs, user_ss;

/* What the SIGSEGV handler must see, set by each case before the fault (0: any). */
static volatile unsigned long want_rip, want_cs, want_ss;
/* The #GP error code: 0, or the selector IRET refused with its RPL bits clear (SDM vol. 2A, IRET). */
static volatile unsigned long want_err;
static volatile int segv_bad; /* 0, or the first check that failed */

static void segv_check(int sig, siginfo_t *si, void *ucv)
{
	struct ucontext *uc = ucv;

	if (sig != SIGSEGV)
		segv_bad = 1;
	else if (si->si_code != SI_KERNEL)
		segv_bad = 2;
	else if (si->si_addr != 0)
		segv_bad = 3;
	else if (uc->uc_mcontext.trapno != TRAP_GP || uc->uc_mcontext.err != want_err)
		segv_bad = 4;
	else if (want_rip && uc->uc_mcontext.rip != want_rip)
		segv_bad = 5;
	else if (want_cs && uc->uc_mcontext.cs != want_cs)
		segv_bad = 6;
	else if (want_ss && uc->uc_mcontext.ss != want_ss)
		segv_bad = 7;
	/* Resume where the child reports what it saw, with a usable CS and SS. */
	if (segv_bad)
		raw_exit(100 + segv_bad);
	uc->uc_mcontext.rip = (unsigned long)robust_exit_caught;
	uc->uc_mcontext.cs = user_cs;
	uc->uc_mcontext.ss = user_ss;
}

/* The bad context a SIGUSR1 handler writes into its frame. */
static volatile unsigned long bad_rip, bad_cs, bad_ss;

static void usr1_corrupt(int sig, siginfo_t *si, void *ucv)
{
	struct ucontext *uc = ucv;

	(void)sig, (void)si;
	if (bad_rip)
		uc->uc_mcontext.rip = bad_rip;
	if (bad_cs)
		uc->uc_mcontext.cs = (unsigned short)bad_cs;
	if (bad_ss)
		uc->uc_mcontext.ss = (unsigned short)bad_ss;
}

/* Sends SIGUSR1 to itself with the frame corruption armed; with catch, SIGSEGV is handled. */
static int corrupt_return(unsigned long rip, unsigned long cs, unsigned long ss, bool catch)
{
	bad_rip = rip, bad_cs = cs, bad_ss = ss;
	want_rip = rip, want_cs = cs, want_ss = ss;
	/* #GP(selector) for a refused CS, else for a refused non-null SS; #GP(0) otherwise. */
	want_err = cs ? cs & 0xfffc : ss & 0xfffc;
	EXPECT("sigaction(SIGUSR1)", on_signal(SIGUSR1, (unsigned long)usr1_corrupt), 0);
	if (catch)
		EXPECT("sigaction(SIGSEGV)", on_signal(SIGSEGV, (unsigned long)segv_check), 0);
	send_self(SIGUSR1);
	return SURVIVED;
}

static int body_sigreturn_rip_caught(void)
{
	return corrupt_return(NONCANONICAL, 0, 0, true);
}

static int body_sigreturn_rip_killed(void)
{
	return corrupt_return(NONCANONICAL, 0, 0, false);
}

/* The kernel's code selector with RPL 3: not a user code segment. */
static int body_sigreturn_cs_caught(void)
{
	return corrupt_return(0, 0x08 | 3, 0, true);
}

/* A null SS (RPL 3): IRET to ring 3 refuses it. */
static int body_sigreturn_ss_caught(void)
{
	return corrupt_return(0, 0, 3, true);
}

static int body_handler_caught(void)
{
	want_rip = NONCANONICAL, want_cs = 0, want_ss = 0;
	EXPECT("sigaction(SIGUSR1, bad handler)", on_signal(SIGUSR1, NONCANONICAL), 0);
	EXPECT("sigaction(SIGSEGV)", on_signal(SIGSEGV, (unsigned long)segv_check), 0);
	send_self(SIGUSR1);
	return SURVIVED;
}

static int body_handler_killed(void)
{
	EXPECT("sigaction(SIGUSR1, bad handler)", on_signal(SIGUSR1, NONCANONICAL), 0);
	send_self(SIGUSR1);
	return SURVIVED;
}

/* A stack push on the non-canonical RSP a frame gave: #SS, which Linux makes SIGBUS. */
void robust_push(void);
__asm__(".text\n"
	".globl robust_push\n"
	"robust_push:\n"
	"\tpushq %rax\n"
	"\tud2\n");

static volatile int bus_bad;

static void bus_check(int sig, siginfo_t *si, void *ucv)
{
	struct ucontext *uc = ucv;

	if (sig != SIGBUS || si->si_code != SI_KERNEL || si->si_addr != 0)
		raw_exit(101);
	if (uc->uc_mcontext.rsp != NONCANONICAL ||
	    uc->uc_mcontext.rip != (unsigned long)robust_push)
		raw_exit(102);
	if (uc->uc_mcontext.trapno != 12 /* #SS */)
		raw_exit(103);
	raw_exit(CAUGHT);
}

static void usr1_bad_rsp(int sig, siginfo_t *si, void *ucv)
{
	struct ucontext *uc = ucv;

	(void)sig, (void)si;
	uc->uc_mcontext.rsp = NONCANONICAL;
	uc->uc_mcontext.rip = (unsigned long)robust_push;
}

static int body_sigreturn_rsp(void)
{
	static char altstack[16384] __attribute__((aligned(16)));
	struct {
		void *sp;
		int flags;
		unsigned long size;
	} ss = { altstack, 0, sizeof(altstack) };
	struct kernel_sigaction a = { (unsigned long)bus_check,
				      SA_SIGINFO | SA_RESTORER | SA_ONSTACK,
				      (unsigned long)sig_restorer, 0 };

	EXPECT("sigaltstack", syscall2(__NR_sigaltstack, (long)&ss, 0), 0);
	EXPECT("sigaction(SIGBUS)", syscall4(__NR_rt_sigaction, SIGBUS, (long)&a, 0, 8), 0);
	EXPECT("sigaction(SIGUSR1)", on_signal(SIGUSR1, (unsigned long)usr1_bad_rsp), 0);
	send_self(SIGUSR1);
	return SURVIVED;
}

/* The privileged RFLAGS bits a frame asks for. */
static void usr1_rflags(int sig, siginfo_t *si, void *ucv)
{
	struct ucontext *uc = ucv;

	(void)sig, (void)si;
	uc->uc_mcontext.eflags = (uc->uc_mcontext.eflags | RFLAGS_IOPL | RFLAGS_NT | RFLAGS_VM) &
				 ~RFLAGS_IF;
}

static int body_sigreturn_rflags(void)
{
	EXPECT("sigaction(SIGUSR1)", on_signal(SIGUSR1, (unsigned long)usr1_rflags), 0);
	send_self(SIGUSR1);

	unsigned long f = get_rflags();

	EXPECT("IOPL, NT, VM after sigreturn", f & (RFLAGS_IOPL | RFLAGS_NT | RFLAGS_VM), 0);
	EXPECT("IF after sigreturn", f & RFLAGS_IF, RFLAGS_IF);
	return 0;
}

/* --- single-stepping into the syscall entry ------------------------------------------- */

static volatile unsigned long first_trap_addr, first_trap_rip;
static volatile int traps, trap_bad;

static void trap_count(int sig, siginfo_t *si, void *ucv)
{
	struct ucontext *uc = ucv;

	if (sig != SIGTRAP || si->si_code != TRAP_TRACE || si->si_addr != uc->uc_mcontext.rip)
		trap_bad = 1;
	if (get_rflags() & RFLAGS_TF)
		trap_bad = 2; /* a handler never runs single-stepped */
	if (traps++ == 0) {
		first_trap_addr = si->si_addr;
		first_trap_rip = uc->uc_mcontext.rip;
	}
}

extern const char ss_after_nop[];

/*
 * POPF sets TF, so the instruction after it -- `syscall` -- is the first
 * one stepped: its trap would come right at the kernel's entry point.
 */
static int body_step_syscall(void)
{
	long pid = syscall0(__NR_getpid), got;
	unsigned long flags_after;

	EXPECT("sigaction(SIGTRAP)", on_signal(SIGTRAP, (unsigned long)trap_count), 0);
	__asm__ volatile("pushfq\n\t"
			 "orq $0x100, (%%rsp)\n\t"
			 "popfq\n\t"
			 "syscall\n\t"
			 "nop\n"
			 "ss_after_nop:\n\t"
			 "pushfq\n\t"
			 "popq %%rdx\n\t"
			 "pushfq\n\t"
			 "andq $~0x100, (%%rsp)\n\t"
			 "popfq"
			 : "=a"(got), "=d"(flags_after)
			 : "a"(__NR_getpid)
			 : "rcx", "r11", "memory", "cc");
	EXPECT("getpid under TF", got, pid);
	EXPECT("TF survived the syscall", flags_after & RFLAGS_TF, RFLAGS_TF);
	EXPECT("a bad SIGTRAP", trap_bad, 0);
	EXPECT("first SIGTRAP after the nop", first_trap_addr, (unsigned long)ss_after_nop);
	EXPECT("its ucontext rip", first_trap_rip, (unsigned long)ss_after_nop);
	return 0;
}

extern const char tf_land[], tf_land_after_nop[];
volatile long tf_land_result;
void tf_land_done(void);

/* Where a sigreturn frame with TF set lands: `syscall` first (rax = getpid). */
__asm__(".text\n"
	".globl tf_land\n"
	"tf_land:\n"
	"\tsyscall\n"
	"\tnop\n"
	".globl tf_land_after_nop\n"
	"tf_land_after_nop:\n"
	"\tmovq %rax, tf_land_result(%rip)\n"
	"\tpushfq\n"
	"\tandq $~0x100, (%rsp)\n"
	"\tpopfq\n"
	"\tandq $-16, %rsp\n"
	"\tcall tf_land_done\n"
	"\tud2\n");

void tf_land_done(void)
{
	if (tf_land_result != syscall0(__NR_getpid))
		raw_exit(101);
	if (trap_bad)
		raw_exit(102);
	if (first_trap_addr != (unsigned long)tf_land_after_nop)
		raw_exit(103);
	raw_exit(0);
}

static void usr1_step(int sig, siginfo_t *si, void *ucv)
{
	struct ucontext *uc = ucv;

	(void)sig, (void)si;
	uc->uc_mcontext.rip = (unsigned long)tf_land;
	uc->uc_mcontext.rax = __NR_getpid;
	uc->uc_mcontext.eflags |= RFLAGS_TF;
}

static int body_sigreturn_step_syscall(void)
{
	EXPECT("sigaction(SIGTRAP)", on_signal(SIGTRAP, (unsigned long)trap_count), 0);
	EXPECT("sigaction(SIGUSR1)", on_signal(SIGUSR1, (unsigned long)usr1_step), 0);
	send_self(SIGUSR1);
	return SURVIVED; /* tf_land_done exits */
}

/* --- the table ---------------------------------------------------------------------- */

/*
 * QEMU's TCG raises #GP, not the #SS the SDM gives, for a stack access at a
 * non-canonical address; it names itself in the hypervisor CPUID leaf.
 */
static bool on_qemu_tcg(void)
{
	unsigned int a = 0x40000000, b, c, d;
	char id[13];

	__asm__ volatile("cpuid" : "+a"(a), "=b"(b), "=c"(c), "=d"(d));
	memcpy(id, &b, 4);
	memcpy(id + 4, &c, 4);
	memcpy(id + 8, &d, 4);
	id[12] = '\0';
	return strcmp(id, "TCGTCGTCGTCG") == 0;
}

struct tcase {
	const char *name;
	int (*body)(void);
	int want_exit;	 /* the child's exit status, or -1 */
	int want_signal; /* the signal that must kill it, or 0 */
	const char *proves;
};

static const struct tcase cases[] = {
	{ "clone_settls_bad_base_eperm", body_clone_settls, 0, 0,
	  "clone(CLONE_SETTLS) with a non-canonical, TASK_SIZE_MAX or kernel base is EPERM" },
	{ "clone3_settls_bad_base_eperm", body_clone3_tls, 0, 0,
	  "clone3 tls with CLONE_SETTLS: the same EPERM; without the flag tls is ignored" },
	{ "arch_prctl_set_fs_gs_bad_base_eperm", body_arch_prctl, 0, 0,
	  "ARCH_SET_FS/ARCH_SET_GS with a bad base is EPERM and keeps the old one" },
	{ "sigreturn_noncanonical_rip_sigsegv", body_sigreturn_rip_caught, CAUGHT, 0,
	  "sigreturn to a non-canonical RIP: SIGSEGV SI_KERNEL, trapno 13, the RIP in uc" },
	{ "sigreturn_noncanonical_rip_killed", body_sigreturn_rip_killed, -1, SIGSEGV,
	  "the same without a SIGSEGV handler: killed by SIGSEGV" },
	{ "sigreturn_bad_cs_sigsegv", body_sigreturn_cs_caught, CAUGHT, 0,
	  "sigreturn with CS = the kernel's code selector | 3: SIGSEGV SI_KERNEL" },
	{ "sigreturn_null_ss_sigsegv", body_sigreturn_ss_caught, CAUGHT, 0,
	  "sigreturn with a null SS: SIGSEGV SI_KERNEL" },
	{ "sigreturn_noncanonical_rsp_sigbus", body_sigreturn_rsp, CAUGHT,
	  0, "a frame's non-canonical RSP is user space's problem: the push faults, SIGBUS SI_KERNEL" },
	{ "sigreturn_rflags_sanitised", body_sigreturn_rflags, 0, 0,
	  "IOPL, NT and VM from a frame are dropped, IF is forced on" },
	{ "handler_noncanonical_sigsegv", body_handler_caught, CAUGHT, 0,
	  "a handler at a non-canonical address: SIGSEGV SI_KERNEL with that RIP" },
	{ "handler_noncanonical_killed", body_handler_killed, -1, SIGSEGV,
	  "the same without a SIGSEGV handler: killed by SIGSEGV" },
	{ "single_step_syscall_sigtrap", body_step_syscall, 0, 0,
	  "TF set by POPF before syscall: the call works, TF stays, SIGTRAP after the next insn" },
	{ "sigreturn_tf_onto_syscall_sigtrap", body_sigreturn_step_syscall, 0, 0,
	  "a frame with TF landing on syscall: the call works, SIGTRAP after the next insn" },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

static bool run_case(const struct tcase *c)
{
	int status = 0;
	long pid;

	ktap_print_msg("%s: %s", c->name, c->proves);
	fflush_stdout();
	pid = fork();
	if (pid == 0)
		raw_exit(c->body());
	if (pid < 0 || sys_wait4(pid, &status) != pid) {
		note("fork/wait failed");
		return false;
	}
	if (c->want_signal) {
		if (WIFSIGNALED(status) && WTERMSIG(status) == c->want_signal)
			return true;
	} else if (WIFEXITED(status) && WEXITSTATUS(status) == c->want_exit) {
		return true;
	}
	if (WIFSIGNALED(status))
		note("child killed by signal %d", WTERMSIG(status));
	else
		note("child exited with status %d", WEXITSTATUS(status));
	return false;
}

int main(void)
{
	__asm__ volatile("mov %%cs, %0\n\tmov %%ss, %1" : "=r"(user_cs), "=r"(user_ss));
	find_task_size_max();
	ktap_header();
	ktap_plan(NCASES);
	for (size_t i = 0; i < NCASES; i++) {
		if (cases[i].body == body_sigreturn_rsp && on_qemu_tcg()) {
			ktap_skip(cases[i].name,
				  "QEMU TCG gives #GP, not #SS, on a non-canonical stack");
			continue;
		}
#ifdef ROBUST_ONLY
		if (strcmp(cases[i].name, ROBUST_ONLY) != 0) {
			ktap_skip(cases[i].name, "ROBUST_ONLY");
			continue;
		}
#endif
		ktap_ok(run_case(&cases[i]), "%s", cases[i].name);
	}
	return ktap_finish();
}

// SPDX-License-Identifier: MIT
/*
 * /bin/ioport: ioperm() and iopl() as Linux has had them since 5.5
 * (docs/ABI.md §7), KTAP, one case a line.
 *
 * Proves, each with Linux's exact answer:
 *  - without permission, IN and OUT are a #GP: SIGSEGV with SI_KERNEL, no
 *    address, trap number 13, error code 0, the PC at the instruction -- or
 *    death by SIGSEGV without a handler;
 *  - ioperm(from, num, 1) allows exactly ports from..from+num-1 (a word
 *    access needs both of its ports), the last port 0xffff included, and
 *    ioperm(..., 0) takes them away; turn_on is an int (only the low 32
 *    bits of the register count); clearing without a map is a no-op;
 *  - EINVAL when from + num wraps, is from (num 0) or passes 65536, before
 *    anything changes;
 *  - iopl(3) allows every port without touching RFLAGS.IOPL: CLI and STI
 *    still #GP, which Linux (5.15 on) steps over as no-ops for such a
 *    thread, the interrupt flag unchanged; HLT is still SIGSEGV; iopl(0),
 *    (1) and (2) bring the ioperm() bits back; iopl(4) and above EINVAL,
 *    level being an unsigned int;
 *  - both are per thread, inherited by fork and by a new thread (each side
 *    changing its own copy afterwards) and kept across execve;
 *  - the maps are freed with their threads: the free page count is exactly
 *    back after rounds of forks that share, copy and drop them.
 *
 * The port written is 0x80 (the POST diagnostic port: nothing listens on
 * the emulators, the kernel itself writes it as a delay); the ones only
 * read are unassigned or side-effect free. Every case runs in a forked
 * child, which starts without any permission.
 */
#include "sig_arch.h"
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <ktap.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread.h>
#include <unistd.h>

#define TRAP_GP 13	     /* the #GP vector, as sigcontext.trapno reports it */
#define RFLAGS_IF 0x200ul    /* the interrupt flag */
#define RFLAGS_IOPL 0x3000ul /* the I/O privilege level field */
#define PORT_POST 0x80	     /* written: the POST code port */
#define PORT_DMA_PAGE 0x81   /* read only: a DMA page register */
#define PORT_LAST 0xffff     /* read only: unassigned, the last bit of the map */
#define IO_PORTS 65536ul     /* Linux's IO_BITMAP_BITS */

static const char *self = "/bin/ioport";

/* --- probes: one faulting instruction each, the handler resumes after it ---------------- */

enum probe { P_INB, P_OUTB, P_INW, P_CLI, P_STI, P_HLT, NR_PROBES };

/* Each probe takes the port in edi; its instruction lies between probe_X_at and probe_X_end. */
#define PROBE(name, setup, insn)                                                    \
	".globl probe_" name "\n.type probe_" name ", @function\nprobe_" name ":\n" \
	"\t" setup "\n"                                                             \
	".globl probe_" name "_at\nprobe_" name "_at:\n"                            \
	"\t" insn "\n"                                                              \
	".globl probe_" name "_end\nprobe_" name "_end:\n"                          \
	"\tret\n"

__asm__(".text\n" PROBE("inb", "movl %edi, %edx", "inb %dx, %al")
		PROBE("outb", "movl %edi, %edx; xorl %eax, %eax", "outb %al, %dx")
			PROBE("inw", "movl %edi, %edx", "inw %dx, %ax") PROBE("cli", "", "cli")
				PROBE("sti", "", "sti") PROBE("hlt", "", "hlt"));

void probe_inb(unsigned int port), probe_outb(unsigned int port), probe_inw(unsigned int port);
void probe_cli(void), probe_sti(void), probe_hlt(void);
extern const char probe_inb_at[], probe_outb_at[], probe_inw_at[], probe_cli_at[], probe_sti_at[],
	probe_hlt_at[];
extern const char probe_inb_end[], probe_outb_end[], probe_inw_end[], probe_cli_end[],
	probe_sti_end[], probe_hlt_end[];

static const char *const probe_at[NR_PROBES] = { probe_inb_at, probe_outb_at, probe_inw_at,
						 probe_cli_at, probe_sti_at,  probe_hlt_at };
static const char *const probe_end[NR_PROBES] = { probe_inb_end, probe_outb_end, probe_inw_end,
						  probe_cli_end, probe_sti_end,	 probe_hlt_end };

static volatile int faults;   /* SIGSEGVs the handler took */
static volatile int segv_bad; /* 0, or the first check of Linux's siginfo that failed */

static void segv_handler(int sig, struct user_siginfo *si, void *ucv)
{
	struct ucontext *uc = ucv;
	unsigned long rip = uc->uc_mcontext.rip;
	int p;

	for (p = 0; p < NR_PROBES && rip != (unsigned long)probe_at[p]; p++)
		;
	if (sig != SIGSEGV)
		segv_bad = 1;
	else if (si->si_code != SI_KERNEL)
		segv_bad = 2;
	else if (si->si_addr != 0)
		segv_bad = 3;
	else if (uc->uc_mcontext.trapno != TRAP_GP || uc->uc_mcontext.err != 0)
		segv_bad = 4;
	if (p == NR_PROBES) /* not a probe: nowhere to resume */
		syscall1(__NR_exit_group, LANDED);
	faults++;
	uc->uc_mcontext.rip = (unsigned long)probe_end[p];
}

static long catch_segv(void)
{
	struct kernel_sigaction a = { (unsigned long)segv_handler, SA_SIGINFO | SA_RESTORER,
				      (unsigned long)sig_restorer, 0 };

	return syscall4(__NR_rt_sigaction, SIGSEGV, (long)&a, 0, 8);
}

/* Runs probe p on port; true when it faulted (with Linux's exact siginfo, else segv_bad). */
static bool faults_on(enum probe p, unsigned int port)
{
	int before = faults;

	switch (p) {
	case P_INB:
		probe_inb(port);
		break;
	case P_OUTB:
		probe_outb(port);
		break;
	case P_INW:
		probe_inw(port);
		break;
	case P_CLI:
		probe_cli();
		break;
	case P_STI:
		probe_sti();
		break;
	default:
		probe_hlt();
		break;
	}
	return faults != before;
}

static long sys_ioperm(unsigned long from, unsigned long num, unsigned long turn_on)
{
	return syscall3(__NR_ioperm, (long)from, (long)num, (long)turn_on);
}

static long sys_iopl(unsigned long level)
{
	return syscall1(__NR_iopl, (long)level);
}

static unsigned long rflags(void)
{
	unsigned long f;

	__asm__ volatile("pushfq\n\tpopq %0" : "=r"(f));
	return f;
}

#define EXPECT_FAULT(what, p, port) EXPECT(what " faults", faults_on(p, port), true)
#define EXPECT_NO_FAULT(what, p, port) EXPECT(what " faults", faults_on(p, port), false)
#define EXPECT_EXACT() EXPECT("every SIGSEGV as Linux's #GP (check number)", segv_bad, 0)

/* --- without permission ------------------------------------------------------------- */

static int body_no_permission(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT_FAULT("outb(0x80)", P_OUTB, PORT_POST);
	EXPECT_FAULT("inb(0x80)", P_INB, PORT_POST);
	EXPECT_FAULT("inb(0xffff)", P_INB, PORT_LAST);
	EXPECT("RFLAGS.IOPL", rflags() & RFLAGS_IOPL, 0);
	EXPECT_EXACT();
	return 0;
}

static int body_no_permission_killed(void)
{
	probe_outb(PORT_POST);
	return SURVIVED;
}

/* --- ioperm ------------------------------------------------------------------------- */

static int body_ioperm_allows(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT("ioperm(0x80, 1, 1)", sys_ioperm(PORT_POST, 1, 1), 0);
	EXPECT_NO_FAULT("outb(0x80)", P_OUTB, PORT_POST);
	EXPECT_NO_FAULT("inb(0x80)", P_INB, PORT_POST);
	syscall0(__NR_sched_yield); /* the TSS gets the map back after a switch */
	EXPECT_NO_FAULT("outb(0x80) after a yield", P_OUTB, PORT_POST);
	EXPECT_EXACT();
	return 0;
}

static int body_ioperm_exact_ports(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT("ioperm(0x80, 1, 1)", sys_ioperm(PORT_POST, 1, 1), 0);
	EXPECT_FAULT("inb(0x7f)", P_INB, PORT_POST - 1);
	EXPECT_FAULT("inb(0x81)", P_INB, PORT_DMA_PAGE);
	EXPECT_FAULT("inw(0x80), which needs 0x81 too", P_INW, PORT_POST);
	EXPECT("ioperm(0x81, 1, 1)", sys_ioperm(PORT_DMA_PAGE, 1, 1), 0);
	EXPECT_NO_FAULT("inw(0x80)", P_INW, PORT_POST);
	EXPECT_NO_FAULT("inb(0x81)", P_INB, PORT_DMA_PAGE);
	EXPECT_EXACT();
	return 0;
}

/* The map's last bit: the byte of ones after it must lie inside the TSS limit. */
static int body_ioperm_last_port(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT("ioperm(0xffff, 1, 1)", sys_ioperm(PORT_LAST, 1, 1), 0);
	EXPECT_NO_FAULT("inb(0xffff)", P_INB, PORT_LAST);
	EXPECT_FAULT("inb(0xfffe)", P_INB, PORT_LAST - 1);
	EXPECT_FAULT("inw(0xfffe)", P_INW, PORT_LAST - 1);
	EXPECT_FAULT("outb(0x80)", P_OUTB, PORT_POST);
	EXPECT_EXACT();
	return 0;
}

static int body_ioperm_off_again(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT("ioperm(0x80, 1, 0) without a map", sys_ioperm(PORT_POST, 1, 0), 0);
	EXPECT_FAULT("outb(0x80) still", P_OUTB, PORT_POST);
	EXPECT("ioperm(0x80, 2, 1)", sys_ioperm(PORT_POST, 2, 1), 0);
	EXPECT_NO_FAULT("outb(0x80)", P_OUTB, PORT_POST);
	EXPECT("ioperm(0x80, 1, 0)", sys_ioperm(PORT_POST, 1, 0), 0);
	EXPECT_FAULT("outb(0x80) after turning it off", P_OUTB, PORT_POST);
	EXPECT_NO_FAULT("inb(0x81) kept", P_INB, PORT_DMA_PAGE);
	/* turn_on is an int: 1 << 32 is 0, so this turns 0x81 off. */
	EXPECT("ioperm(0x81, 1, 1ul << 32)", sys_ioperm(PORT_DMA_PAGE, 1, 1ul << 32), 0);
	EXPECT_FAULT("inb(0x81) after turn_on 1 << 32", P_INB, PORT_DMA_PAGE);
	EXPECT_EXACT();
	return 0;
}

/* Every port, then none: the map refusing everything is dropped. */
static int body_ioperm_all_ports(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT("ioperm(0, 65536, 1)", sys_ioperm(0, IO_PORTS, 1), 0);
	EXPECT_NO_FAULT("outb(0x80)", P_OUTB, PORT_POST);
	EXPECT_NO_FAULT("inb(0xffff)", P_INB, PORT_LAST);
	EXPECT("ioperm(0, 65536, 0)", sys_ioperm(0, IO_PORTS, 0), 0);
	EXPECT_FAULT("outb(0x80)", P_OUTB, PORT_POST);
	EXPECT_FAULT("inb(0xffff)", P_INB, PORT_LAST);
	EXPECT_EXACT();
	return 0;
}

static const struct {
	unsigned long from, num, turn_on;
	long want;
} ranges[] = {
	{ 65535, 2, 1, -EINVAL },	 /* passes 65536 */
	{ 65536, 1, 1, -EINVAL },	 /* starts past the last port */
	{ 0, IO_PORTS + 1, 1, -EINVAL }, /* one port too many */
	{ PORT_POST, 0, 1, -EINVAL },	 /* num 0: from + num == from */
	{ PORT_POST, 0, 0, -EINVAL },
	{ ~0ul, 2, 1, -EINVAL },  /* from + num wraps */
	{ 1, ~0ul, 1, -EINVAL },  /* from + num wraps to from - 1 */
	{ 65535, 2, 0, -EINVAL }, /* checked before turn_on */
	{ 0, IO_PORTS, 0, 0 },	  /* the whole range, nothing to clear */
	{ 65535, 1, 0, 0 },
};

static int body_ioperm_einval(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
		long r = sys_ioperm(ranges[i].from, ranges[i].num, ranges[i].turn_on);

		if (r != ranges[i].want)
			note("ioperm(%#lx, %#lx, %lu)", ranges[i].from, ranges[i].num,
			     ranges[i].turn_on);
		EXPECT("ioperm", r, ranges[i].want);
	}
	EXPECT_FAULT("inb(0xffff) after the refused calls", P_INB, PORT_LAST);
	EXPECT_FAULT("outb(0x80) after the refused calls", P_OUTB, PORT_POST);
	EXPECT_EXACT();
	return 0;
}

/* --- iopl --------------------------------------------------------------------------- */

static int body_iopl3_every_port(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT("iopl(3)", sys_iopl(3), 0);
	EXPECT_NO_FAULT("outb(0x80)", P_OUTB, PORT_POST);
	EXPECT_NO_FAULT("inb(0x81)", P_INB, PORT_DMA_PAGE);
	EXPECT_NO_FAULT("inw(0xfffe)", P_INW, PORT_LAST - 1);
	EXPECT_NO_FAULT("inb(0xffff)", P_INB, PORT_LAST);
	EXPECT("RFLAGS.IOPL stays 0", rflags() & RFLAGS_IOPL, 0);
	EXPECT("iopl(3) again", sys_iopl(3), 0);
	EXPECT_EXACT();
	return 0;
}

/* CLI and STI still #GP at IOPL 0; the kernel steps over them for an iopl(3) thread. */
static int body_iopl3_cli_sti(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT_FAULT("cli at iopl 0", P_CLI, 0);
	EXPECT_FAULT("sti at iopl 0", P_STI, 0);
	EXPECT("iopl(3)", sys_iopl(3), 0);
	EXPECT_NO_FAULT("cli at iopl(3)", P_CLI, 0);
	EXPECT("RFLAGS.IF after cli", rflags() & RFLAGS_IF, RFLAGS_IF);
	EXPECT_NO_FAULT("sti at iopl(3)", P_STI, 0);
	EXPECT_NO_FAULT("cli again", P_CLI, 0);
	EXPECT_FAULT("hlt at iopl(3)", P_HLT, 0);
	EXPECT("iopl(0)", sys_iopl(0), 0);
	EXPECT_FAULT("cli after iopl(0)", P_CLI, 0);
	EXPECT_EXACT();
	return 0;
}

/* iopl(0..2) take iopl(3)'s ports away; the ioperm() bits apply again. */
static int body_iopl0_restores(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT("ioperm(0x80, 1, 1)", sys_ioperm(PORT_POST, 1, 1), 0);
	for (unsigned long level = 0; level < 3; level++) {
		EXPECT("iopl(3)", sys_iopl(3), 0);
		EXPECT_NO_FAULT("inb(0x81) at iopl(3)", P_INB, PORT_DMA_PAGE);
		/* A map changed under iopl(3) is the one in force afterwards. */
		EXPECT("ioperm(0x7f, 1, 1)", sys_ioperm(PORT_POST - 1, 1, 1), 0);
		EXPECT("iopl(level < 3)", sys_iopl(level), 0);
		EXPECT_FAULT("inb(0x81) after iopl(level < 3)", P_INB, PORT_DMA_PAGE);
		EXPECT_NO_FAULT("outb(0x80) kept", P_OUTB, PORT_POST);
		EXPECT_NO_FAULT("inb(0x7f) given under iopl(3)", P_INB, PORT_POST - 1);
		EXPECT("ioperm(0x7f, 1, 0)", sys_ioperm(PORT_POST - 1, 1, 0), 0);
	}
	EXPECT("ioperm(0x80, 1, 0)", sys_ioperm(PORT_POST, 1, 0), 0);
	EXPECT("iopl(3) without a map", sys_iopl(3), 0);
	EXPECT_NO_FAULT("outb(0x80) at iopl(3)", P_OUTB, PORT_POST);
	EXPECT("iopl(0) without a map", sys_iopl(0), 0);
	EXPECT_FAULT("outb(0x80) at iopl(0)", P_OUTB, PORT_POST);
	EXPECT_EXACT();
	return 0;
}

static int body_iopl_einval(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT("iopl(4)", sys_iopl(4), -EINVAL);
	EXPECT("iopl(0xffffffff)", sys_iopl(0xffffffffu), -EINVAL);
	EXPECT("iopl(-1)", sys_iopl(~0ul), -EINVAL);
	EXPECT_FAULT("outb(0x80) after the refused calls", P_OUTB, PORT_POST);
	/* level is an unsigned int: the register's upper half is not looked at. */
	EXPECT("iopl(1ul << 32 | 3)", sys_iopl(1ul << 32 | 3), 0);
	EXPECT_NO_FAULT("outb(0x80) at iopl(3)", P_OUTB, PORT_POST);
	EXPECT("iopl(4) at 3", sys_iopl(4), -EINVAL);
	EXPECT_NO_FAULT("outb(0x80) still at iopl(3)", P_OUTB, PORT_POST);
	EXPECT_EXACT();
	return 0;
}

/* --- inheritance -------------------------------------------------------------------- */

/* In a grandchild: 0x80 allowed, 0x81 not; then it drops 0x80 and gives itself 0x81. */
static int grandchild_ioperm(void)
{
	EXPECT_NO_FAULT("outb(0x80) in the child", P_OUTB, PORT_POST);
	EXPECT_FAULT("inb(0x81) in the child", P_INB, PORT_DMA_PAGE);
	EXPECT("ioperm(0x80, 1, 0) in the child", sys_ioperm(PORT_POST, 1, 0), 0);
	EXPECT("ioperm(0x81, 1, 1) in the child", sys_ioperm(PORT_DMA_PAGE, 1, 1), 0);
	EXPECT_FAULT("outb(0x80) in the child after", P_OUTB, PORT_POST);
	EXPECT_NO_FAULT("inb(0x81) in the child after", P_INB, PORT_DMA_PAGE);
	EXPECT_EXACT();
	return 0;
}

static int body_ioperm_fork(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT("ioperm(0x80, 1, 1)", sys_ioperm(PORT_POST, 1, 1), 0);
	EXPECT_TRUE("the child's checks", child_result(grandchild_ioperm, 0, 0, 0));
	/* The child's changes were its own. */
	EXPECT_NO_FAULT("outb(0x80) in the parent", P_OUTB, PORT_POST);
	EXPECT_FAULT("inb(0x81) in the parent", P_INB, PORT_DMA_PAGE);
	EXPECT_EXACT();
	return 0;
}

static int grandchild_iopl(void)
{
	EXPECT_NO_FAULT("inb(0x81) in the child", P_INB, PORT_DMA_PAGE);
	EXPECT("iopl(0) in the child", sys_iopl(0), 0);
	EXPECT_FAULT("inb(0x81) in the child at iopl(0)", P_INB, PORT_DMA_PAGE);
	EXPECT_EXACT();
	return 0;
}

static int body_iopl_fork(void)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT("iopl(3)", sys_iopl(3), 0);
	EXPECT_TRUE("the child's checks", child_result(grandchild_iopl, 0, 0, 0));
	EXPECT_NO_FAULT("inb(0x81) in the parent", P_INB, PORT_DMA_PAGE);
	EXPECT_EXACT();
	return 0;
}

/* A thread: it starts with its creator's bits, and what it changes is its own. */
static int thread_ioperm(void *arg)
{
	(void)arg;
	if (faults_on(P_OUTB, PORT_POST))
		return 1;
	if (!faults_on(P_INB, PORT_DMA_PAGE))
		return 2;
	if (sys_ioperm(PORT_POST, 1, 0) != 0)
		return 3;
	if (!faults_on(P_OUTB, PORT_POST))
		return 4;
	if (sys_iopl(3) != 0)
		return 5;
	if (faults_on(P_INB, PORT_DMA_PAGE))
		return 6;
	return segv_bad ? 7 : 0;
}

static int body_ioperm_thread(void)
{
	struct thread t;
	int res = -1;

	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT("ioperm(0x80, 1, 1)", sys_ioperm(PORT_POST, 1, 1), 0);
	EXPECT("thread_create", thread_create(&t, thread_ioperm, NULL, NULL), 0);
	EXPECT("thread_join", thread_join(&t, &res), 0);
	EXPECT("the thread's checks (0: all held)", res, 0);
	EXPECT_NO_FAULT("outb(0x80) in the creator", P_OUTB, PORT_POST);
	EXPECT_FAULT("inb(0x81) in the creator", P_INB, PORT_DMA_PAGE);
	EXPECT_EXACT();
	return 0;
}

/* --- execve ------------------------------------------------------------------------- */

/* The new image, run as "ioport exec-ioperm" or "ioport exec-iopl". */
static int after_exec(const char *mode)
{
	EXPECT("sigaction(SIGSEGV)", catch_segv(), 0);
	EXPECT_NO_FAULT("outb(0x80) after execve", P_OUTB, PORT_POST);
	EXPECT("inb(0x81) after execve faults (iopl(3) lets it through)",
	       faults_on(P_INB, PORT_DMA_PAGE), strcmp(mode, "exec-iopl") != 0);
	EXPECT_EXACT();
	return 0;
}

static int body_ioperm_exec(void)
{
	EXPECT("ioperm(0x80, 1, 1)", sys_ioperm(PORT_POST, 1, 1), 0);
	return exec_self(self, "exec-ioperm");
}

static int body_iopl_exec(void)
{
	EXPECT("iopl(3)", sys_iopl(3), 0);
	return exec_self(self, "exec-iopl");
}

/* --- pages -------------------------------------------------------------------------- */

static int child_share_copy_drop(void)
{
	/* Shares the map, copies it on change, then drops the copy and exits with iopl(3). */
	if (sys_ioperm(PORT_DMA_PAGE, 1, 1) != 0 || sys_iopl(3) != 0)
		return 1;
	if (sys_ioperm(0, IO_PORTS, 0) != 0)
		return 2;
	return sys_ioperm(PORT_POST, 1, 1) == 0 ? 0 : 3;
}

static int body_pages(void)
{
	unsigned long before = 0, after;

	EXPECT("ioperm(0x80, 1, 1)", sys_ioperm(PORT_POST, 1, 1), 0);
	for (int round = 0; round < 9; round++) {
		if (round == 1)
			before = free_pages(); /* round 0 was the warm-up */
		EXPECT_TRUE("child", child_result(child_share_copy_drop, 0, 0, 0));
	}
	after = free_pages();
	EXPECT("free pages after 8 rounds", after, before);
	return 0;
}

/* --- the table ---------------------------------------------------------------------- */

static const struct {
	const char *name;
	int (*body)(void);
	int sig; /* the death it must die, or 0 for exit status 0 */
} cases[] = {
	{ "io_without_permission_sigsegv", body_no_permission, 0 },
	{ "io_without_permission_killed", body_no_permission_killed, SIGSEGV },
	{ "ioperm_allows_outb", body_ioperm_allows, 0 },
	{ "ioperm_exact_ports", body_ioperm_exact_ports, 0 },
	{ "ioperm_last_port", body_ioperm_last_port, 0 },
	{ "ioperm_off_again_sigsegv", body_ioperm_off_again, 0 },
	{ "ioperm_all_ports_then_none", body_ioperm_all_ports, 0 },
	{ "ioperm_bad_range_einval", body_ioperm_einval, 0 },
	{ "iopl3_allows_every_port", body_iopl3_every_port, 0 },
	{ "iopl3_cli_sti_skipped_hlt_sigsegv", body_iopl3_cli_sti, 0 },
	{ "iopl0_restores_ioperm_bits", body_iopl0_restores, 0 },
	{ "iopl_bad_level_einval", body_iopl_einval, 0 },
	{ "ioperm_inherited_by_fork", body_ioperm_fork, 0 },
	{ "iopl_inherited_by_fork", body_iopl_fork, 0 },
	{ "ioperm_iopl_per_thread", body_ioperm_thread, 0 },
	{ "ioperm_kept_across_execve", body_ioperm_exec, 0 },
	{ "iopl_kept_across_execve", body_iopl_exec, 0 },
	{ "ioport_free_pages_exact", body_pages, 0 },
};

int main(int argc, char **argv)
{
	if (argc > 1)
		return after_exec(argv[1]);
	if (argc > 0 && argv[0])
		self = argv[0];
	ktap_header();
	ktap_plan(sizeof(cases) / sizeof(cases[0]));
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ktap_ok(child_result(cases[i].body, 0, cases[i].sig, 0), "%s", cases[i].name);
	return ktap_finish();
}

// SPDX-License-Identifier: MIT
/*
 * /bin/signals: POSIX signals with shadow-stack-aware frames
 * (docs/ABI.md §6, §4.7, §5.7), KTAP, one case a line.
 *
 * Proves: rt_sigaction/rt_sigprocmask/rt_sigpending/sigaltstack check their
 * arguments with Linux's errnos; handlers get exact siginfo (kill, tgkill,
 * faults, SIGCHLD) and may change the resume PC; a parent that ignores
 * SIGCHLD or sets SA_NOCLDWAIT has its children reaped as they exit; sigreturn gives back the
 * interrupted registers and mask; SA_RESETHAND, SA_NODEFER, sa_mask,
 * SA_ONSTACK and SA_RESTART do what Linux does; faults become catchable
 * signals, but a blocked one, or one that cannot be delivered, kills;
 * threads get their own masks, pending sets and alternate stacks; and with
 * shadow stacks on, a #CP can be caught and repaired, the handler runs on the
 * same shadow stack with exactly the 16-byte frame, a corrupted frame
 * kills, and a deep handler on an alternate stack overflows only a
 * shadow stack that was made too small -- with SIGSEGV, not corruption.
 *
 * Every case runs in a forked child (its handlers, masks and deaths stay
 * there) and the parent checks the exact wait status. All system calls are
 * raw, so a handler never touches errno. The arch half (trampoline,
 * ucontext, faulting instructions, shadow-stack helpers) is sig_arch.h.
 */
#include "sig_arch.h"
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread.h>
#include <time.h>
#include <unistd.h>

#define BIT(sig) (1ul << ((sig)-1))
#define BAD_PTR ((void *)8) /* in the unmapped page 0 */

static bool ss_supported; /* map_shadow_stack worked: shadow stacks can be enabled */

/* --- raw system calls ----------------------------------------------------------- */

static long sys_sigaction(long sig, const struct kernel_sigaction *act,
			  struct kernel_sigaction *old)
{
	return syscall4(__NR_rt_sigaction, sig, (long)act, (long)old, 8);
}

/* Installs fn for sig with SA_RESTORER and the trampoline; 0 or -errno. */
static long on_signal(int sig, void *fn, unsigned long flags, unsigned long mask)
{
	struct kernel_sigaction a = { (unsigned long)fn, flags | SA_RESTORER,
				      (unsigned long)sig_restorer, mask };

	return sys_sigaction(sig, &a, NULL);
}

static long sys_sigmask(int how, const unsigned long *set, unsigned long *old)
{
	return syscall4(__NR_rt_sigprocmask, how, (long)set, (long)old, 8);
}

static unsigned long blocked_now(void)
{
	unsigned long m = ~0ul;

	sys_sigmask(SIG_BLOCK, NULL, &m);
	return m;
}

static long block(unsigned long set)
{
	return sys_sigmask(SIG_BLOCK, &set, NULL);
}

static long unblock(unsigned long set)
{
	return sys_sigmask(SIG_UNBLOCK, &set, NULL);
}

static unsigned long pending_now(void)
{
	unsigned long p = ~0ul;

	syscall2(__NR_rt_sigpending, (long)&p, 8);
	return p;
}

static long sys_altstack(const struct user_stack *ss, struct user_stack *old)
{
	return syscall2(__NR_sigaltstack, (long)ss, (long)old);
}

static long my_pid(void)
{
	return syscall0(__NR_getpid);
}

static long my_tid(void)
{
	return syscall0(__NR_gettid);
}

static long send_self(int sig)
{
	return syscall2(__NR_kill, my_pid(), sig);
}

static long sys_wait4(long pid, int *status)
{
	return syscall4(__NR_wait4, pid, (long)status, 0, 0);
}

static void raw_exit(int status)
{
	syscall1(__NR_exit_group, status);
	__builtin_unreachable();
}

/*
 * Waits until *flag is non-zero (an asynchronous event: a signal handled,
 * a thread ready); true if it became so, false only after HANG_MS, a hang.
 */
static bool wait_for(volatile int *flag)
{
	return wait_flag(flag, "the event");
}

static void *map_rw(unsigned long size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* --- children --------------------------------------------------------------------- */

#define RUN_PLAIN 0
#define RUN_SS SHSTK_MODE_ENABLE /* shadow stacks enabled in the child first */
#define RUN_SS_WRITE (SHSTK_MODE_ENABLE | SHSTK_MODE_WRITE) /* and shadow-stack writes */

/* --- handlers and what they saw ----------------------------------------------------- */

static volatile int hits, hits2, depth, max_depth;
static volatile int seen_signo, seen_code, seen_pid, seen_status, seen_tid;
static volatile unsigned long seen_addr, seen_pc, seen_mask, seen_uc_mask, seen_local;
static volatile unsigned long seen_ssp, seen_ss0, seen_ss8;
static volatile long seen_ret;
static struct user_stack seen_stack;

static void record(int sig, siginfo_t *si)
{
	seen_signo = sig;
	seen_code = si->si_code;
	seen_pid = si->si_pid;
	seen_status = si->si_status;
	seen_addr = si->si_addr;
	seen_tid = (int)my_tid();
}

static void h_info(int sig, siginfo_t *si, void *uc)
{
	record(sig, si);
	seen_uc_mask = sig_uc_sigmask(uc);
	seen_mask = blocked_now();
	hits++;
}

static void h_plain(int sig)
{
	seen_signo = sig;
	seen_tid = (int)my_tid();
	hits++;
}

static void h_second(int sig)
{
	(void)sig;
	hits2++;
}

/* Skips the instruction that faulted: resume where sig_arch_*() said. */
static void h_skip(int sig, siginfo_t *si, void *uc)
{
	record(sig, si);
	seen_pc = sig_uc_pc(uc);
	sig_uc_set_pc(uc, sig_resume_pc);
	hits++;
}

/* --- handler basics ------------------------------------------------------------------- */

static int body_siginfo_kill(void)
{
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_info, SA_SIGINFO, 0), 0);
	EXPECT("kill", send_self(SIGUSR1), 0);
	EXPECT("handler runs", hits, 1);
	EXPECT("si_signo", seen_signo, SIGUSR1);
	EXPECT("si_code", seen_code, SI_USER);
	EXPECT("si_pid", seen_pid, my_pid());
	EXPECT("mask in handler has the signal", seen_mask & BIT(SIGUSR1), BIT(SIGUSR1));
	EXPECT("uc_sigmask is the interrupted mask", seen_uc_mask, 0);
	EXPECT("mask after return", blocked_now(), 0);
	return 0;
}

static int body_siginfo_tgkill(void)
{
	EXPECT("rt_sigaction", on_signal(SIGUSR2, h_info, SA_SIGINFO, 0), 0);
	EXPECT("tgkill", syscall3(__NR_tgkill, my_pid(), my_tid(), SIGUSR2), 0);
	EXPECT("handler runs", hits, 1);
	EXPECT("si_signo", seen_signo, SIGUSR2);
	EXPECT("si_code", seen_code, SI_TKILL);
	EXPECT("si_pid", seen_pid, my_pid());
	EXPECT("tkill", syscall2(__NR_tkill, my_tid(), SIGUSR2), 0);
	EXPECT("handler runs again", hits, 2);
	EXPECT("si_code (tkill)", seen_code, SI_TKILL);
	return 0;
}

static int body_no_siginfo(void)
{
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_plain, 0, 0), 0);
	EXPECT("kill", send_self(SIGUSR1), 0);
	EXPECT("handler runs", hits, 1);
	EXPECT("its argument", seen_signo, SIGUSR1);
	return 0;
}

static int body_sig_ign(void)
{
	struct kernel_sigaction ign = { SIG_IGN, 0, 0, 0 }, old;

	EXPECT("rt_sigaction SIG_IGN", sys_sigaction(SIGTERM, &ign, NULL), 0);
	EXPECT("kill", send_self(SIGTERM), 0);
	EXPECT("blocked", block(BIT(SIGTERM)), 0);
	EXPECT("kill while blocked", send_self(SIGTERM), 0);
	/* Blocked, it stays pending: the handler may change before it is unblocked. */
	EXPECT("pending while blocked", pending_now(), BIT(SIGTERM));
	EXPECT("unblocked", unblock(BIT(SIGTERM)), 0);
	EXPECT("dropped once unblocked", pending_now(), 0);
	EXPECT("read back", sys_sigaction(SIGTERM, NULL, &old), 0);
	EXPECT("handler read back", old.sa_handler, SIG_IGN);
	return 0;
}

static int body_sig_dfl_sigterm(void)
{
	send_self(SIGTERM);
	return SURVIVED;
}

static int body_resethand(void)
{
	struct kernel_sigaction old;

	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_plain, SA_RESETHAND, 0), 0);
	send_self(SIGUSR1);
	EXPECT("first delivery runs the handler", hits, 1);
	EXPECT("read back", sys_sigaction(SIGUSR1, NULL, &old), 0);
	EXPECT("handler is SIG_DFL again", old.sa_handler, SIG_DFL);
	send_self(SIGUSR1); /* the default action: terminate */
	return SURVIVED;
}

static void h_nest(int sig)
{
	depth++;
	if (depth > max_depth)
		max_depth = depth;
	hits++;
	if (hits == 1)
		send_self(sig);
	depth--;
}

static int body_nodefer(void)
{
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_nest, SA_NODEFER, 0), 0);
	send_self(SIGUSR1);
	EXPECT("deliveries", hits, 2);
	EXPECT("nesting depth", max_depth, 2);
	return 0;
}

static int body_defer_default(void)
{
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_nest, 0, 0), 0);
	send_self(SIGUSR1);
	EXPECT("deliveries", hits, 2);
	EXPECT("nesting depth (the second waits for the first)", max_depth, 1);
	return 0;
}

static void h_mask(int sig)
{
	(void)sig;
	seen_mask = blocked_now();
	send_self(SIGUSR2);
	seen_ret = (long)pending_now();
	seen_status = hits2; /* SIGUSR2's handler must not have run yet */
	hits++;
}

static int body_sa_mask(void)
{
	EXPECT("rt_sigaction USR2", on_signal(SIGUSR2, h_second, 0, 0), 0);
	EXPECT("rt_sigaction USR1", on_signal(SIGUSR1, h_mask, 0, BIT(SIGUSR2)), 0);
	EXPECT("block HUP", block(BIT(SIGHUP)), 0);
	send_self(SIGUSR1);
	EXPECT("handler runs", hits, 1);
	EXPECT("mask in handler", seen_mask, BIT(SIGHUP) | BIT(SIGUSR1) | BIT(SIGUSR2));
	EXPECT("USR2 pending in handler", (unsigned long)seen_ret, BIT(SIGUSR2));
	EXPECT("USR2 not delivered in handler", seen_status, 0);
	EXPECT("USR2 delivered after return", hits2, 1);
	EXPECT("mask restored", blocked_now(), BIT(SIGHUP));
	return 0;
}

static int body_pending(void)
{
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_plain, 0, 0), 0);
	EXPECT("block", block(BIT(SIGUSR1)), 0);
	EXPECT("kill", send_self(SIGUSR1), 0);
	EXPECT("not delivered while blocked", hits, 0);
	EXPECT("rt_sigpending", pending_now(), BIT(SIGUSR1));
	EXPECT("unblock", unblock(BIT(SIGUSR1)), 0);
	EXPECT("delivered on unblock", hits, 1);
	EXPECT("rt_sigpending after", pending_now(), 0);
	return 0;
}

static int body_kill_stop_fixed(void)
{
	struct kernel_sigaction act = { (unsigned long)h_plain, SA_RESTORER,
					(unsigned long)sig_restorer, 0 },
				old;
	struct kernel_sigaction ign = { SIG_IGN, 0, 0, 0 };
	unsigned long all = ~0ul;

	EXPECT("SIGKILL handler", sys_sigaction(SIGKILL, &act, NULL), -EINVAL);
	EXPECT("SIGKILL SIG_IGN", sys_sigaction(SIGKILL, &ign, NULL), -EINVAL);
	EXPECT("SIGSTOP handler", sys_sigaction(SIGSTOP, &act, NULL), -EINVAL);
	EXPECT("SIGSTOP SIG_IGN", sys_sigaction(SIGSTOP, &ign, NULL), -EINVAL);
	EXPECT("SIGKILL read", sys_sigaction(SIGKILL, NULL, &old), 0);
	EXPECT("SIGKILL still SIG_DFL", old.sa_handler, SIG_DFL);
	EXPECT("block everything", sys_sigmask(SIG_SETMASK, &all, NULL), 0);
	EXPECT("KILL and STOP not blocked", blocked_now() & (BIT(SIGKILL) | BIT(SIGSTOP)), 0);
	EXPECT("the rest blocked", blocked_now(), ~0ul & ~(BIT(SIGKILL) | BIT(SIGSTOP)));
	return 0;
}

static int body_sigsetsize(void)
{
	struct kernel_sigaction act = { (unsigned long)h_plain, SA_RESTORER,
					(unsigned long)sig_restorer, 0 };
	unsigned long set = 0;

	EXPECT("rt_sigaction size 4", syscall4(__NR_rt_sigaction, SIGUSR1, (long)&act, 0, 4),
	       -EINVAL);
	EXPECT("rt_sigaction size 16", syscall4(__NR_rt_sigaction, SIGUSR1, (long)&act, 0, 16),
	       -EINVAL);
	EXPECT("rt_sigprocmask size 4", syscall4(__NR_rt_sigprocmask, SIG_BLOCK, (long)&set, 0, 4),
	       -EINVAL);
	EXPECT("rt_sigprocmask size 16",
	       syscall4(__NR_rt_sigprocmask, SIG_BLOCK, (long)&set, 0, 16), -EINVAL);
	EXPECT("rt_sigpending size 16", syscall2(__NR_rt_sigpending, (long)&set, 16), -EINVAL);
	EXPECT("rt_sigprocmask bad how", syscall4(__NR_rt_sigprocmask, 3, (long)&set, 0, 8),
	       -EINVAL);
	return 0;
}

static int body_bad_signo(void)
{
	struct kernel_sigaction act = { (unsigned long)h_plain, SA_RESTORER,
					(unsigned long)sig_restorer, 0 };

	EXPECT("rt_sigaction 0", sys_sigaction(0, &act, NULL), -EINVAL);
	EXPECT("rt_sigaction 65", sys_sigaction(65, &act, NULL), -EINVAL);
	EXPECT("rt_sigaction -1", sys_sigaction(-1, &act, NULL), -EINVAL);
	EXPECT("rt_sigaction 64", sys_sigaction(64, &act, NULL), 0);
	EXPECT("kill 65", syscall2(__NR_kill, my_pid(), 65), -EINVAL);
	EXPECT("tgkill 65", syscall3(__NR_tgkill, my_pid(), my_tid(), 65), -EINVAL);
	EXPECT("kill 0 probes", syscall2(__NR_kill, my_pid(), 0), 0);
	return 0;
}

/* --- sigreturn and the ucontext ------------------------------------------------------- */

static void h_clobber(int sig)
{
	(void)sig;
	sig_arch_clobber();
	hits++;
}

static int body_regs_restored(void)
{
	for (int i = 0; i < SIG_ARCH_NREGS; i++)
		sig_regs_in[i] = 0x1111111111111111ul * (unsigned long)(i + 1) + 0x0102030405ul;
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_clobber, 0, 0), 0);
	sig_arch_regs_roundtrip(my_pid(), SIGUSR1);
	EXPECT("handler runs", hits, 1);
	EXPECT("the system call's result survives", sig_regs_kill_result, 0);
	for (int i = 0; i < SIG_ARCH_NREGS; i++) {
		if (sig_regs_out[i] != sig_regs_in[i]) {
			note("%s: got %#lx, want %#lx", sig_arch_reg_names[i], sig_regs_out[i],
			     sig_regs_in[i]);
			return 2;
		}
	}
	return 0;
}

static int body_skip_null_write(void)
{
	EXPECT("rt_sigaction", on_signal(SIGSEGV, h_skip, SA_SIGINFO, 0), 0);
	sig_arch_store((volatile void *)0);
	EXPECT("handler runs and we continue", hits, 1);
	EXPECT("si_signo", seen_signo, SIGSEGV);
	EXPECT("si_code", seen_code, SEGV_MAPERR);
	EXPECT("si_addr", seen_addr, 0);
	EXPECT("ucontext PC is the store", seen_pc, sig_fault_pc);
	sig_arch_store((volatile void *)0x18);
	EXPECT("second fault", hits, 2);
	EXPECT("si_addr 0x18", seen_addr, 0x18);
	return 0;
}

/* --- sigaltstack ---------------------------------------------------------------------- */

static char *alt;
#define ALT_SIZE (64 * 1024ul)

static void h_onstack(int sig)
{
	volatile char here = 0;
	struct user_stack ss = { alt, 0, ALT_SIZE };

	(void)sig;
	seen_local = (unsigned long)&here;
	sys_altstack(NULL, &seen_stack);
	seen_ret = sys_altstack(&ss, NULL);
	hits++;
}

static int body_altstack_used(void)
{
	struct user_stack ss, old;

	alt = map_rw(ALT_SIZE);
	EXPECT_TRUE("mmap", alt);
	EXPECT("initially disabled", sys_altstack(NULL, &old), 0);
	EXPECT("initial ss_flags", old.ss_flags, SS_DISABLE);
	ss = (struct user_stack){ alt, 0, ALT_SIZE };
	EXPECT("sigaltstack", sys_altstack(&ss, NULL), 0);
	EXPECT("read back", sys_altstack(NULL, &old), 0);
	EXPECT("ss_sp", (unsigned long)old.ss_sp, (unsigned long)alt);
	EXPECT("ss_size", old.ss_size, ALT_SIZE);
	EXPECT("ss_flags outside", old.ss_flags, 0);
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_onstack, SA_ONSTACK, 0), 0);
	send_self(SIGUSR1);
	EXPECT("handler runs", hits, 1);
	EXPECT_TRUE("handler's local on the alternate stack",
		    seen_local >= (unsigned long)alt && seen_local < (unsigned long)alt + ALT_SIZE);
	EXPECT("ss_flags inside", seen_stack.ss_flags, SS_ONSTACK);
	EXPECT("changing it while on it", seen_ret, -EPERM);
	EXPECT("ss_flags after", (sys_altstack(NULL, &old), old.ss_flags), 0);
	return 0;
}

static int body_altstack_errors(void)
{
	struct user_stack ss, old;

	alt = map_rw(ALT_SIZE);
	EXPECT_TRUE("mmap", alt);
	ss = (struct user_stack){ alt, 0, MINSIGSTKSZ - 1 };
	EXPECT("size MINSIGSTKSZ - 1", sys_altstack(&ss, NULL), -ENOMEM);
	ss.ss_size = MINSIGSTKSZ;
	EXPECT("size MINSIGSTKSZ", sys_altstack(&ss, NULL), 0);
	ss = (struct user_stack){ alt, 4, ALT_SIZE };
	EXPECT("flags 4", sys_altstack(&ss, NULL), -EINVAL);
	ss.ss_flags = SS_ONSTACK | SS_DISABLE;
	EXPECT("flags ONSTACK|DISABLE", sys_altstack(&ss, NULL), -EINVAL);
	EXPECT("still the old one", (sys_altstack(NULL, &old), old.ss_size), MINSIGSTKSZ);
	return 0;
}

static int body_altstack_disable(void)
{
	struct user_stack ss = { 0, 0, 0 }, old;

	alt = map_rw(ALT_SIZE);
	EXPECT_TRUE("mmap", alt);
	ss = (struct user_stack){ alt, 0, ALT_SIZE };
	EXPECT("sigaltstack", sys_altstack(&ss, NULL), 0);
	ss = (struct user_stack){ 0, SS_DISABLE, 0 };
	EXPECT("SS_DISABLE", sys_altstack(&ss, &old), 0);
	EXPECT("old was enabled", old.ss_flags, 0);
	EXPECT("read back", sys_altstack(NULL, &old), 0);
	EXPECT("ss_flags", old.ss_flags, SS_DISABLE);
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_onstack, SA_ONSTACK, 0), 0);
	send_self(SIGUSR1);
	EXPECT("handler runs", hits, 1);
	EXPECT_TRUE("handler on the normal stack", !(seen_local >= (unsigned long)alt &&
						     seen_local < (unsigned long)alt + ALT_SIZE));
	EXPECT("ss_flags inside", seen_stack.ss_flags, SS_DISABLE);
	return 0;
}

static struct user_stack seen_uc_stack;

static void h_uc_stack(int sig, siginfo_t *si, void *uc)
{
	const struct ucontext *u = uc;

	(void)sig;
	(void)si;
	seen_uc_stack =
		(struct user_stack){ u->uc_stack.ss_sp, u->uc_stack.ss_flags, u->uc_stack.ss_size };
	sys_altstack(NULL, &seen_stack);
	hits++;
}

/*
 * SS_AUTODISARM: the stack is given up while the handler runs on it, the frame's uc_stack
 * records it as registered (mode and SS_AUTODISARM), and rt_sigreturn puts it back -- what
 * Linux's kselftest signal/sas.c checks after swapcontext().
 */
static int body_altstack_autodisarm(void)
{
	struct user_stack ss, old;

	alt = map_rw(ALT_SIZE);
	EXPECT_TRUE("mmap", alt);
	ss = (struct user_stack){ alt, SS_ONSTACK | SS_AUTODISARM, ALT_SIZE };
	EXPECT("sigaltstack", sys_altstack(&ss, NULL), 0);
	EXPECT("read back", sys_altstack(NULL, &old), 0);
	EXPECT("ss_flags", old.ss_flags, (int)SS_AUTODISARM);
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_uc_stack, SA_ONSTACK | SA_SIGINFO, 0), 0);
	send_self(SIGUSR1);
	EXPECT("handler runs", hits, 1);
	EXPECT("disarmed inside", seen_stack.ss_flags, SS_DISABLE);
	EXPECT("uc_stack.ss_flags as registered", seen_uc_stack.ss_flags,
	       (int)(SS_ONSTACK | SS_AUTODISARM));
	EXPECT("uc_stack.ss_sp", (unsigned long)seen_uc_stack.ss_sp, (unsigned long)alt);
	EXPECT("uc_stack.ss_size", seen_uc_stack.ss_size, ALT_SIZE);
	EXPECT("after sigreturn", sys_altstack(NULL, &old), 0);
	EXPECT("ss_flags back", old.ss_flags, (int)SS_AUTODISARM);
	EXPECT("ss_sp back", (unsigned long)old.ss_sp, (unsigned long)alt);
	EXPECT("ss_size back", old.ss_size, ALT_SIZE);
	return 0;
}

static volatile int thread_flags;
static struct user_stack thread_seen;

static int thread_altstack(void *arg)
{
	(void)arg;
	sys_altstack(NULL, &thread_seen);
	return 0;
}

static int body_altstack_thread(void)
{
	struct user_stack ss;
	struct thread t;
	int res = -1, st = -1;
	long pid;

	alt = map_rw(ALT_SIZE);
	EXPECT_TRUE("mmap", alt);
	ss = (struct user_stack){ alt, 0, ALT_SIZE };
	EXPECT("sigaltstack", sys_altstack(&ss, NULL), 0);
	EXPECT("thread_create", thread_create(&t, thread_altstack, NULL, NULL), 0);
	thread_join(&t, &res);
	EXPECT("thread", res, 0);
	EXPECT("thread's ss_flags", thread_seen.ss_flags, SS_DISABLE);
	/* fork keeps it (the child has a copy of the same memory). */
	fflush_stdout();
	pid = fork();
	if (pid == 0) {
		struct user_stack o;

		sys_altstack(NULL, &o);
		raw_exit(o.ss_flags == 0 && o.ss_sp == alt && o.ss_size == ALT_SIZE ? 0 : 1);
	}
	EXPECT("fork child", sys_wait4(pid, &st), pid);
	EXPECT("fork child keeps the alternate stack", st, 0);
	return 0;
}

/* Delivery onto an unusable alternate stack cannot be caught: SIGSEGV kills. */
static int body_altstack_unmapped(void)
{
	struct user_stack ss;
	void *p = mmap(NULL, ALT_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT_TRUE("mmap", p != MAP_FAILED);
	ss = (struct user_stack){ p, 0, ALT_SIZE };
	EXPECT("sigaltstack", sys_altstack(&ss, NULL), 0);
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_plain, SA_ONSTACK, 0), 0);
	EXPECT("rt_sigaction SEGV", on_signal(SIGSEGV, h_second, SA_ONSTACK, 0), 0);
	send_self(SIGUSR1);
	return hits2 ? LANDED : SURVIVED;
}

/* x86_64 needs SA_RESTORER: without it delivery fails and SIGSEGV kills. */
static int body_no_restorer(void)
{
	struct kernel_sigaction act = { (unsigned long)h_plain, 0, 0, 0 };

	EXPECT("rt_sigaction", sys_sigaction(SIGUSR1, &act, NULL), 0);
	send_self(SIGUSR1);
	return hits ? LANDED : SURVIVED;
}

/* --- faults ----------------------------------------------------------------------------- */

static int body_sigill(void)
{
	EXPECT("rt_sigaction", on_signal(SIGILL, h_skip, SA_SIGINFO, 0), 0);
	sig_arch_undefined();
	EXPECT("caught and continued", hits, 1);
	EXPECT("si_signo", seen_signo, SIGILL);
	EXPECT("ucontext PC", seen_pc, sig_fault_pc);
	return 0;
}

static int body_sigill_info(void)
{
	EXPECT("rt_sigaction", on_signal(SIGILL, h_skip, SA_SIGINFO, 0), 0);
	sig_arch_undefined();
	EXPECT("caught", hits, 1);
	EXPECT("si_code (ILL_ILLOPN on x86_64, ILL_ILLOPC on arm64)", seen_code, SIG_ARCH_UD_CODE);
	EXPECT("si_addr", seen_addr, sig_fault_pc);
	return 0;
}

static int body_sigtrap(void)
{
	EXPECT("rt_sigaction", on_signal(SIGTRAP, h_skip, SA_SIGINFO, 0), 0);
	sig_arch_breakpoint();
	EXPECT("caught and continued", hits, 1);
	EXPECT("si_signo", seen_signo, SIGTRAP);
	return 0;
}

static int body_sigtrap_info(void)
{
	EXPECT("rt_sigaction", on_signal(SIGTRAP, h_skip, SA_SIGINFO, 0), 0);
	sig_arch_breakpoint();
	EXPECT("caught", hits, 1);
	EXPECT("si_code (SI_KERNEL)", seen_code, SI_KERNEL);
	return 0;
}

static int body_sigfpe(void)
{
	EXPECT("rt_sigaction", on_signal(SIGFPE, h_skip, SA_SIGINFO, 0), 0);
	sig_arch_divide_by_zero();
	EXPECT("caught and continued", hits, 1);
	EXPECT("si_signo", seen_signo, SIGFPE);
	EXPECT("ucontext PC", seen_pc, sig_fault_pc);
	return 0;
}

static int body_sigfpe_info(void)
{
	EXPECT("rt_sigaction", on_signal(SIGFPE, h_skip, SA_SIGINFO, 0), 0);
	sig_arch_divide_by_zero();
	EXPECT("caught", hits, 1);
	EXPECT("si_code (FPE_INTDIV)", seen_code, FPE_INTDIV);
	EXPECT("si_addr", seen_addr, sig_fault_pc);
	return 0;
}

static int body_segv_accerr(void)
{
	char *ro = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT_TRUE("mmap", ro != MAP_FAILED);
	EXPECT("rt_sigaction", on_signal(SIGSEGV, h_skip, SA_SIGINFO, 0), 0);
	sig_arch_store(ro + 0x123);
	EXPECT("caught and continued", hits, 1);
	EXPECT("si_code", seen_code, SEGV_ACCERR);
	EXPECT("si_addr", seen_addr, (unsigned long)ro + 0x123);
	EXPECT("the page is unchanged", ro[0x123], 0);
	return 0;
}

static int body_blocked_segv(void)
{
	EXPECT("rt_sigaction", on_signal(SIGSEGV, h_skip, SA_SIGINFO, 0), 0);
	EXPECT("block", block(BIT(SIGSEGV)), 0);
	sig_arch_store((volatile void *)0);
	return hits ? LANDED : SURVIVED;
}

static int body_ignored_segv(void)
{
	struct kernel_sigaction ign = { SIG_IGN, 0, 0, 0 };

	EXPECT("rt_sigaction", sys_sigaction(SIGSEGV, &ign, NULL), 0);
	sig_arch_store((volatile void *)0);
	return SURVIVED;
}

/* --- threads ------------------------------------------------------------------------------ */

static volatile int t_ready, t_done, t_go, t_tid, t_ping, t_pong;
static volatile unsigned long t_pending, t_pending_after;

static int thread_waits(void *arg)
{
	(void)arg;
	t_tid = (int)my_tid();
	t_ready = 1;
	return wait_for(&hits) ? 0 : 1;
}

static int body_tgkill_thread(void)
{
	struct thread t;
	int res = -1;

	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_info, SA_SIGINFO, 0), 0);
	EXPECT("thread_create", thread_create(&t, thread_waits, NULL, NULL), 0);
	EXPECT_TRUE("thread ready", wait_for(&t_ready));
	EXPECT("tgkill", syscall3(__NR_tgkill, my_pid(), t_tid, SIGUSR1), 0);
	thread_join(&t, &res);
	EXPECT("thread saw its handler", res, 0);
	EXPECT("handled once", hits, 1);
	EXPECT("gettid in the handler", seen_tid, t_tid);
	EXPECT("si_code", seen_code, SI_TKILL);
	EXPECT("nothing left pending in main", pending_now(), 0);
	return 0;
}

static int thread_unblocks_waits(void *arg)
{
	(void)arg;
	unblock(BIT(SIGUSR1));
	return thread_waits(NULL);
}

static int body_kill_picks_thread(void)
{
	struct thread t;
	int res = -1;

	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_info, SA_SIGINFO, 0), 0);
	EXPECT("block in main", block(BIT(SIGUSR1)), 0);
	EXPECT("thread_create", thread_create(&t, thread_unblocks_waits, NULL, NULL), 0);
	EXPECT_TRUE("thread ready", wait_for(&t_ready));
	EXPECT("kill (process-directed)", send_self(SIGUSR1), 0);
	thread_join(&t, &res);
	EXPECT("thread saw the handler", res, 0);
	EXPECT("handled once", hits, 1);
	EXPECT("gettid in the handler: the unblocking thread", seen_tid, t_tid);
	EXPECT("si_code", seen_code, SI_USER);
	EXPECT("nothing left pending in main", pending_now(), 0);
	return 0;
}

static int thread_blocks(void *arg)
{
	(void)arg;
	block(BIT(SIGUSR1));
	t_tid = (int)my_tid();
	t_ready = 1;
	/*
	 * After the tgkill: a system call and back, where a signal it does not
	 * block would be delivered, before saying so.
	 */
	if (!wait_for(&t_ping))
		return 1;
	pending_now();
	t_pong = 1;
	if (!wait_for(&t_go))
		return 1;
	t_pending = pending_now();
	unblock(BIT(SIGUSR1));
	t_pending_after = pending_now();
	t_done = 1;
	return 0;
}

static int body_per_thread_pending(void)
{
	struct thread t;
	int res = -1;

	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_info, SA_SIGINFO, 0), 0);
	EXPECT("thread_create", thread_create(&t, thread_blocks, NULL, NULL), 0);
	EXPECT_TRUE("thread ready", wait_for(&t_ready));
	EXPECT("tgkill", syscall3(__NR_tgkill, my_pid(), t_tid, SIGUSR1), 0);
	t_ping = 1;
	EXPECT_TRUE("the thread went through the kernel", wait_for(&t_pong));
	EXPECT("not delivered while the thread blocks it", hits, 0);
	EXPECT("not pending in main", pending_now(), 0);
	t_go = 1;
	thread_join(&t, &res);
	EXPECT("thread", res, 0);
	EXPECT("pending in the thread", t_pending, BIT(SIGUSR1));
	EXPECT("delivered on the thread's unblock", hits, 1);
	EXPECT("in the thread", seen_tid, t_tid);
	EXPECT("gone after", t_pending_after, 0);
	return 0;
}

/* --- children ------------------------------------------------------------------------------ */

static int body_sigchld_exited(void)
{
	int st = -1;
	long pid;

	EXPECT("rt_sigaction", on_signal(SIGCHLD, h_info, SA_SIGINFO, 0), 0);
	pid = fork();
	if (pid == 0)
		raw_exit(7);
	EXPECT_TRUE("SIGCHLD arrives", wait_for(&hits));
	EXPECT("si_signo", seen_signo, SIGCHLD);
	EXPECT("si_code", seen_code, CLD_EXITED);
	EXPECT("si_pid", seen_pid, pid);
	EXPECT("si_status", seen_status, 7);
	EXPECT("wait4", sys_wait4(pid, &st), pid);
	EXPECT_TRUE("WIFEXITED", WIFEXITED(st));
	EXPECT("WEXITSTATUS", WEXITSTATUS(st), 7);
	return 0;
}

static int body_sigchld_killed(void)
{
	int st = -1;
	long pid;

	EXPECT("rt_sigaction", on_signal(SIGCHLD, h_info, SA_SIGINFO, 0), 0);
	pid = fork();
	if (pid == 0) {
		send_self(SIGTERM);
		raw_exit(SURVIVED);
	}
	EXPECT_TRUE("SIGCHLD arrives", wait_for(&hits));
	EXPECT("si_signo", seen_signo, SIGCHLD);
	EXPECT("si_code", seen_code, CLD_KILLED);
	EXPECT("si_pid", seen_pid, pid);
	EXPECT("si_status", seen_status, SIGTERM);
	EXPECT("wait4", sys_wait4(pid, &st), pid);
	EXPECT_TRUE("WIFSIGNALED", WIFSIGNALED(st));
	EXPECT_TRUE("not WIFEXITED", !WIFEXITED(st));
	EXPECT("WTERMSIG", WTERMSIG(st), SIGTERM);
	return 0;
}

/*
 * SIGCHLD ignored: a child is reaped as it exits (Linux's do_notify_parent()),
 * so wait4() waits for the children still alive, then says ECHILD, and the
 * numbers of those that exited are gone. One child exits at once, the other
 * once the parent sleeps in wait4().
 */
static int body_sigchld_ign_autoreap(void)
{
	struct kernel_sigaction ign = { SIG_IGN, 0, 0, 0 };
	long parent = my_pid(), quick, slow;
	int st = -1;

	EXPECT("rt_sigaction SIG_IGN", sys_sigaction(SIGCHLD, &ign, NULL), 0);
	quick = fork();
	if (quick == 0)
		raw_exit(3);
	slow = fork();
	if (slow == 0) {
		wait_sleeping((int)parent);
		raw_exit(4);
	}
	EXPECT("wait4: both reaped, none left", sys_wait4(-1, &st), -ECHILD);
	EXPECT("status untouched", st, -1);
	EXPECT("the quick child's number is gone", syscall2(__NR_kill, quick, 0), -ESRCH);
	EXPECT("the slow child's number is gone", syscall2(__NR_kill, slow, 0), -ESRCH);
	EXPECT("no SIGCHLD pending", pending_now() & BIT(SIGCHLD), 0);
	return 0;
}

/* SA_NOCLDWAIT with a handler: SIGCHLD still comes, but nothing is left to wait for. */
static int body_sa_nocldwait(void)
{
	int st = -1;
	long pid;

	EXPECT("rt_sigaction", on_signal(SIGCHLD, h_info, SA_SIGINFO | SA_NOCLDWAIT, 0), 0);
	pid = fork();
	if (pid == 0)
		raw_exit(7);
	EXPECT_TRUE("SIGCHLD arrives", wait_for(&hits));
	EXPECT("si_code", seen_code, CLD_EXITED);
	EXPECT("si_pid", seen_pid, pid);
	EXPECT("si_status", seen_status, 7);
	EXPECT("wait4: reaped already", sys_wait4(pid, &st), -ECHILD);
	return 0;
}

static int body_wait_sigkill(void)
{
	int st = -1;
	long pid = fork();

	if (pid == 0) {
		for (;;)
			sleep_ms(1000); /* sleep-ok: the subject, a sleeper SIGKILL ends */
	}
	EXPECT_TRUE("the child sleeps", wait_sleeping((int)pid));
	EXPECT("kill SIGKILL", syscall2(__NR_kill, pid, SIGKILL), 0);
	EXPECT("wait4", sys_wait4(pid, &st), pid);
	EXPECT_TRUE("WIFSIGNALED", WIFSIGNALED(st));
	EXPECT("WTERMSIG", WTERMSIG(st), SIGKILL);
	EXPECT("status word", st, SIGKILL);
	return 0;
}

static struct gate nudged; /* h_nudged tells fork_nudger's child it ran */

static void h_nudged(int sig)
{
	h_plain(sig);
	write(nudged.wr, "h", 1);
}

/*
 * A child that sends its parent SIGUSR1 once the parent sleeps in the call
 * the case is about (its only sleep), then exits 0 once h_nudged has run:
 * the signal interrupts that call, and finds the child alive, however slow
 * the machine. The caller installs h_nudged.
 */
static long fork_nudger(void)
{
	long parent = my_pid(), pid;

	if (!gate_make(&nudged))
		return -1;
	pid = fork();
	if (pid == 0) {
		gate_waiter(&nudged);
		wait_sleeping((int)parent);
		syscall2(__NR_kill, parent, SIGUSR1);
		/* The handler's byte; without it (a wrong handler) a hang's bound. */
		poll(&(struct pollfd){ nudged.rd, POLLIN, 0 }, 1, HANG_MS);
		raw_exit(0);
	}
	return pid;
}

static int body_wait4_eintr(void)
{
	int st = -1;
	long pid;

	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_nudged, 0, 0), 0);
	pid = fork_nudger();
	EXPECT("wait4 interrupted", sys_wait4(pid, &st), -EINTR);
	EXPECT("handler ran", hits, 1);
	EXPECT("wait4 again", sys_wait4(pid, &st), pid);
	EXPECT("child's status", st, 0);
	gate_close(&nudged);
	return 0;
}

static int body_wait4_restart(void)
{
	int st = -1;
	long pid;

	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_nudged, SA_RESTART, 0), 0);
	pid = fork_nudger();
	EXPECT("wait4 restarted", sys_wait4(pid, &st), pid);
	EXPECT("handler ran", hits, 1);
	EXPECT("child's status", st, 0);
	gate_close(&nudged);
	return 0;
}

static int body_nanosleep_eintr(void)
{
	/* Only the signal ends it: a hang's bound, not a guess at the child's speed. */
	struct timespec ts = { HANG_MS / 1000, 0 }, rem = { 0, 0 };
	int st = -1;
	long pid;

	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_nudged, SA_RESTART, 0), 0);
	pid = fork_nudger();
	EXPECT("nanosleep interrupted (even with SA_RESTART)",
	       syscall2(__NR_nanosleep, (long)&ts, (long)&rem), -EINTR);
	EXPECT("handler ran", hits, 1);
	EXPECT("wait4", sys_wait4(pid, &st), pid);
	gate_close(&nudged);
	return 0;
}

/* --- waiting for a signal: rt_sigsuspend, pause ------------------------------------------- */

static long sys_sigsuspend(const unsigned long *mask, long size)
{
	return syscall2(__NR_rt_sigsuspend, (long)mask, size);
}

static bool sigchld_pending(void *unused)
{
	(void)unused;
	return (pending_now() & BIT(SIGCHLD)) != 0;
}

/*
 * A shell's `cmd & wait`: SIGCHLD is blocked before the fork, the child's
 * SIGCHLD is pending by the time the shell suspends with it unblocked, and
 * sigsuspend must take it at once: EINTR, the handler ran with the
 * suspend mask (plus SIGCHLD itself) blocked, and the blocked set is the
 * caller's again afterwards. (Without rt_sigsuspend busybox's `wait`
 * never returned.)
 */
static int body_sigsuspend_pending_sigchld(void)
{
	const unsigned long none = 0;
	long pid;
	int st = -1;

	EXPECT("rt_sigaction", on_signal(SIGCHLD, h_info, SA_SIGINFO, 0), 0);
	EXPECT("block SIGCHLD", block(BIT(SIGCHLD)), 0);
	pid = fork();
	if (pid == 0)
		raw_exit(5);
	wait_until(sigchld_pending, NULL, "SIGCHLD pending");
	EXPECT("SIGCHLD pending", pending_now() & BIT(SIGCHLD), BIT(SIGCHLD));
	EXPECT("rt_sigsuspend", sys_sigsuspend(&none, 8), -EINTR);
	EXPECT("handler ran", hits, 1);
	EXPECT("si_pid", seen_pid, pid);
	EXPECT("mask in the handler", seen_mask, BIT(SIGCHLD));
	EXPECT("saved mask in the frame", seen_uc_mask, BIT(SIGCHLD));
	EXPECT("mask after", blocked_now(), BIT(SIGCHLD));
	EXPECT("wait4", sys_wait4(pid, &st), pid);
	EXPECT("child's status", WEXITSTATUS(st), 5);
	return 0;
}

/* An ignored signal does not end the wait (Linux restarts it); a handled one does. */
static int body_sigsuspend_ignored_keeps_waiting(void)
{
	const unsigned long none = 0;
	long pid;
	int st = -1;

	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_plain, 0, 0), 0);
	pid = fork();
	if (pid == 0) { /* both signals find the parent in rt_sigsuspend, its only sleep */
		long parent = syscall0(__NR_getppid);

		wait_sleeping((int)parent);
		syscall2(__NR_kill, parent, SIGURG); /* ignored by default */
		/* A wrong wake-up by SIGURG would end the wait with no handler run. */
		sleep_ms(30); /* sleep-ok: a window for that to show, no synchronization */
		wait_sleeping((int)parent);
		syscall2(__NR_kill, parent, SIGUSR1);
		raw_exit(0);
	}
	EXPECT("rt_sigsuspend", sys_sigsuspend(&none, 8), -EINTR);
	EXPECT("ended by the handled signal", hits, 1);
	EXPECT("its number", seen_signo, SIGUSR1);
	EXPECT("wait4", sys_wait4(pid, &st), pid);
	return 0;
}

static int body_sigsuspend_errors(void)
{
	const unsigned long none = 0;

	EXPECT("sigsetsize 4", sys_sigsuspend(&none, 4), -EINVAL);
	EXPECT("sigsetsize 16", sys_sigsuspend(&none, 16), -EINVAL);
	EXPECT("mask unreadable", sys_sigsuspend(BAD_PTR, 8), -EFAULT);
	EXPECT("mask unchanged", blocked_now(), 0);
	return 0;
}

#ifdef __NR_pause
static int body_pause_eintr(void)
{
	int st = -1;
	long pid;

	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_nudged, SA_RESTART, 0), 0);
	pid = fork_nudger();
	EXPECT("pause interrupted (even with SA_RESTART)", syscall0(__NR_pause), -EINTR);
	EXPECT("handler ran", hits, 1);
	EXPECT("wait4", sys_wait4(pid, &st), pid);
	gate_close(&nudged);
	return 0;
}
#endif

/* --- EFAULT ---------------------------------------------------------------------------------- */

static int body_efault_act(void)
{
	EXPECT("rt_sigaction bad act", sys_sigaction(SIGUSR1, BAD_PTR, NULL), -EFAULT);
	return 0;
}

static int body_efault_oldact(void)
{
	EXPECT("rt_sigaction bad oldact", sys_sigaction(SIGUSR1, NULL, BAD_PTR), -EFAULT);
	return 0;
}

static int body_efault_set(void)
{
	EXPECT("rt_sigprocmask bad set", sys_sigmask(SIG_BLOCK, BAD_PTR, NULL), -EFAULT);
	EXPECT("mask unchanged", blocked_now(), 0);
	return 0;
}

static int body_efault_oldset(void)
{
	EXPECT("rt_sigprocmask bad oldset", sys_sigmask(SIG_BLOCK, NULL, BAD_PTR), -EFAULT);
	return 0;
}

static int body_efault_ss(void)
{
	EXPECT("sigaltstack bad ss", sys_altstack(BAD_PTR, NULL), -EFAULT);
	return 0;
}

static int body_efault_old_ss(void)
{
	EXPECT("sigaltstack bad old_ss", sys_altstack(NULL, BAD_PTR), -EFAULT);
	return 0;
}

static int body_efault_pending(void)
{
	EXPECT("rt_sigpending bad set", syscall2(__NR_rt_sigpending, (long)BAD_PTR, 8), -EFAULT);
	return 0;
}

/* --- the article's case, without shadow stacks --------------------------------------------- */

#define EXHAUST_FRAMES 48  /* 1 KiB each, of a 64 KiB thread stack */
#define HANDLER_DEPTH 2000 /* calls deep in the handler */
#define THREAD_STACK (64 * 1024ul)
#define BIG_ALT (256 * 1024ul)

static volatile int reached_depth;

static __attribute__((noinline)) long recurse(int n)
{
	long r;

	if (n > reached_depth)
		reached_depth = n;
	if (n >= HANDLER_DEPTH)
		return 0;
	r = recurse(n + 1);
	__asm__ volatile("" : "+r"(r));
	return r + 1;
}

static void h_deep(int sig)
{
	(void)sig;
	seen_local = (unsigned long)__builtin_frame_address(0);
	seen_ret = recurse(0);
	hits++;
}

static __attribute__((noinline)) long exhaust(int n)
{
	volatile char pad[1024];
	long r;

	pad[0] = (char)n;
	if (n == 0) {
		syscall3(__NR_tgkill, my_pid(), my_tid(), SIGUSR1);
		return pad[0];
	}
	r = exhaust(n - 1);
	__asm__ volatile("" : "+r"(r));
	return r + pad[0];
}

static int thread_deep(void *arg)
{
	struct user_stack ss = { arg, 0, BIG_ALT };

	if (sys_altstack(&ss, NULL) != 0)
		return 2;
	exhaust(EXHAUST_FRAMES);
	if (!hits)
		return 3;
	return 0;
}

static int deep_in_thread(const struct thread_attr *attr)
{
	struct thread t;
	int res = -1;
	void *a = map_rw(BIG_ALT);

	EXPECT_TRUE("mmap", a);
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_deep, SA_ONSTACK, 0), 0);
	/* A SIGSEGV handler that must not run: a full shadow stack has no room for its frame. */
	EXPECT("rt_sigaction SEGV", on_signal(SIGSEGV, h_second, SA_ONSTACK, 0), 0);
	EXPECT("thread_create", thread_create(&t, thread_deep, a, attr), 0);
	thread_join(&t, &res);
	EXPECT("thread result", res, 0);
	EXPECT("handler ran", hits, 1);
	EXPECT("recursion depth", reached_depth, HANDLER_DEPTH);
	EXPECT("recursion result", seen_ret, HANDLER_DEPTH);
	EXPECT_TRUE("handler on the alternate stack",
		    seen_local >= (unsigned long)a && seen_local < (unsigned long)a + BIG_ALT);
	return 0;
}

static int body_deep_altstack(void)
{
	struct thread_attr attr = { .stack_size = THREAD_STACK };

	return deep_in_thread(&attr);
}

/* --- shadow stacks ------------------------------------------------------------------------- */

static volatile unsigned long pre_ssp, post_ssp;

static __attribute__((noinline, noreturn)) void landing(void)
{
	SHSTK_EXIT(LANDED);
}

/* The #CP's SIGSEGV: put the true return address (the shadow stack's) back. */
static void h_cperr(int sig, siginfo_t *si, void *uc)
{
	unsigned long ssp = sig_ss_read();
	unsigned long expected = *(volatile unsigned long *)(ssp + 16);

	record(sig, si);
	seen_ssp = ssp;
	seen_pc = sig_uc_pc(uc); /* where the check failed, before the repair moves it */
	sig_arch_fix_return(uc, expected);
	hits++;
}

static int body_ss_tamper(void)
{
	EXPECT("rt_sigaction", on_signal(SIGSEGV, h_cperr, SA_SIGINFO, 0), 0);
	EXPECT("tampered function returns", sig_arch_tamper_return(landing), 1);
	EXPECT("handler ran", hits, 1);
	EXPECT("si_signo", seen_signo, SIGSEGV);
	EXPECT("si_code (SEGV_CPERR)", seen_code, SEGV_CPERR);
	/* x86_64 reports no address for #CP; arm64 the PC of the failed check. */
	EXPECT("si_addr", seen_addr, SIG_ARCH_CPERR_ADDR_IS_PC ? seen_pc : 0);
	return 0;
}

static void h_ss(int sig)
{
	unsigned long ssp = sig_ss_read();

	(void)sig;
	seen_ssp = ssp;
	seen_ss0 = *(volatile unsigned long *)ssp;
	seen_ss8 = *(volatile unsigned long *)(ssp + 8);
	hits++;
}

/* Reads SSP, sends itself SIGUSR1 (delivered on the way back), reads SSP: no call between. */
#define SS_AROUND_SIGNAL(pid, tid)                                       \
	do {                                                             \
		pre_ssp = sig_ss_read();                                 \
		seen_ret = syscall3(__NR_tgkill, (pid), (tid), SIGUSR1); \
		post_ssp = sig_ss_read();                                \
	} while (0)

static int body_ss_same_stack(void)
{
	long pid = my_pid(), tid = my_tid();

	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_ss, 0, 0), 0);
	SS_AROUND_SIGNAL(pid, tid);
	EXPECT("handler ran", hits, 1);
	EXPECT_TRUE("SSP non-zero", pre_ssp != 0);
	EXPECT("SSP in the handler", seen_ssp, pre_ssp - 16);
	EXPECT("SSP after return", post_ssp, pre_ssp);
	return 0;
}

static int body_ss_frame(void)
{
	long pid = my_pid(), tid = my_tid();

	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_ss, 0, 0), 0);
	SS_AROUND_SIGNAL(pid, tid);
	EXPECT("handler ran", hits, 1);
	EXPECT("[SSP] is the restorer", seen_ss0, (unsigned long)sig_restorer);
	EXPECT("[SSP + 8] is the pre-signal SSP token", seen_ss8, sig_ss_frame_token(pre_ssp));
	EXPECT("SSP after return", post_ssp, pre_ssp);
	return 0;
}

static volatile int bad_kind;

static void h_ss_corrupt(int sig)
{
	unsigned long ssp = sig_ss_read();
	unsigned long pre = ssp + 16;

	(void)sig;
	sig_ss_write(ssp + 8,
		     bad_kind ? sig_ss_token_misaligned(pre) : sig_ss_token_bit63_clear(pre));
	hits++;
}

static int ss_corrupt(int kind)
{
	long pid = my_pid(), tid = my_tid();

	bad_kind = kind;
	EXPECT("rt_sigaction", on_signal(SIGUSR1, h_ss_corrupt, 0, 0), 0);
	SS_AROUND_SIGNAL(pid, tid);
	return SURVIVED;
}

static int body_ss_corrupt_a(void)
{
	return ss_corrupt(0);
}

static int body_ss_corrupt_b(void)
{
	return ss_corrupt(1);
}

static int body_ss_deep_default(void)
{
	struct thread_attr attr = { .stack_size = THREAD_STACK };

	return deep_in_thread(&attr);
}

#define SMALL_SS 4096ul /* 512 entries: far fewer than HANDLER_DEPTH */

static int body_ss_deep_small(void)
{
	long ss = syscall3(__NR_map_shadow_stack, 0, SMALL_SS, 0);
	struct thread_attr attr = { .stack_size = THREAD_STACK };

	EXPECT_TRUE("map_shadow_stack", ss > 0);
	attr.shadow_stack = (uint64_t)ss;
	attr.shadow_stack_size = SMALL_SS;
	deep_in_thread(&attr);
	return hits2 ? LANDED : SURVIVED;
}

/* --- the table --------------------------------------------------------------------------- */

struct sig_case {
	const char *name;
	int (*body)(void);
	int mode;     /* RUN_* */
	int exit;     /* the child's expected exit status (when sig == 0) */
	int sig;      /* the signal it must die of, or 0 */
	bool ss;      /* needs shadow stacks: skipped without them */
	bool x86only; /* an x86_64 rule (SA_RESTORER required, #DE, int3's SI_KERNEL) */
};

static const struct sig_case cases[] = {
	{ "sigaction_siginfo_kill_si_user_pid", body_siginfo_kill, RUN_PLAIN, 0, 0, false, false },
	{ "sigaction_siginfo_tgkill_si_tkill", body_siginfo_tgkill, RUN_PLAIN, 0, 0, false, false },
	{ "sigaction_handler_without_siginfo", body_no_siginfo, RUN_PLAIN, 0, 0, false, false },
	{ "sig_ign_drops_signal", body_sig_ign, RUN_PLAIN, 0, 0, false, false },
	{ "sig_dfl_sigterm_kills", body_sig_dfl_sigterm, RUN_PLAIN, 0, SIGTERM, false, false },
	{ "sa_resethand_second_delivery_default", body_resethand, RUN_PLAIN, 0, SIGUSR1, false,
	  false },
	{ "sa_nodefer_nests_depth_2", body_nodefer, RUN_PLAIN, 0, 0, false, false },
	{ "signal_blocked_during_own_handler", body_defer_default, RUN_PLAIN, 0, 0, false, false },
	{ "sa_mask_blocked_in_handler_restored_after", body_sa_mask, RUN_PLAIN, 0, 0, false,
	  false },
	{ "blocked_signal_pending_delivered_on_unblock", body_pending, RUN_PLAIN, 0, 0, false,
	  false },
	{ "sigkill_sigstop_cannot_be_caught_or_blocked", body_kill_stop_fixed, RUN_PLAIN, 0, 0,
	  false, false },
	{ "sigsetsize_not_8_einval", body_sigsetsize, RUN_PLAIN, 0, 0, false, false },
	{ "signal_0_and_65_einval", body_bad_signo, RUN_PLAIN, 0, 0, false, false },
	{ "sigreturn_restores_registers", body_regs_restored, RUN_PLAIN, 0, 0, false, false },
	{ "segv_maperr_null_write_skipped_via_ucontext", body_skip_null_write, RUN_PLAIN, 0, 0,
	  false, false },
	{ "sigaltstack_handler_runs_on_it_onstack_eperm", body_altstack_used, RUN_PLAIN, 0, 0,
	  false, false },
	{ "sigaltstack_enomem_einval", body_altstack_errors, RUN_PLAIN, 0, 0, false, false },
	{ "sigaltstack_ss_disable", body_altstack_disable, RUN_PLAIN, 0, 0, false, false },
	{ "sigaltstack_autodisarm_restored_by_sigreturn", body_altstack_autodisarm, RUN_PLAIN, 0, 0,
	  false, false },
	{ "sigaltstack_clone_vm_thread_starts_disabled", body_altstack_thread, RUN_PLAIN, 0, 0,
	  false, false },
	{ "sigaltstack_unmapped_delivery_kills_sigsegv", body_altstack_unmapped, RUN_PLAIN, 0,
	  SIGSEGV, false, false },
	{ "no_sa_restorer_delivery_kills_sigsegv", body_no_restorer, RUN_PLAIN, 0, SIGSEGV, false,
	  true },
	{ "sigill_ud_caught", body_sigill, RUN_PLAIN, 0, 0, false, false },
	{ "sigill_si_code_and_si_addr", body_sigill_info, RUN_PLAIN, 0, 0, false, false },
	{ "sigtrap_breakpoint_caught", body_sigtrap, RUN_PLAIN, 0, 0, false, false },
	{ "sigtrap_si_code_si_kernel", body_sigtrap_info, RUN_PLAIN, 0, 0, false, true },
	{ "sigfpe_divide_by_zero_caught", body_sigfpe, RUN_PLAIN, 0, 0, false, true },
	{ "sigfpe_si_code_fpe_intdiv_si_addr", body_sigfpe_info, RUN_PLAIN, 0, 0, false, true },
	{ "segv_accerr_read_only_page_si_addr", body_segv_accerr, RUN_PLAIN, 0, 0, false, false },
	{ "blocked_sigsegv_fault_kills", body_blocked_segv, RUN_PLAIN, 0, SIGSEGV, false, false },
	{ "ignored_sigsegv_fault_kills", body_ignored_segv, RUN_PLAIN, 0, SIGSEGV, false, false },
	{ "tgkill_handler_runs_in_target_thread", body_tgkill_thread, RUN_PLAIN, 0, 0, false,
	  false },
	{ "kill_picks_unblocking_thread", body_kill_picks_thread, RUN_PLAIN, 0, 0, false, false },
	{ "blocked_pending_per_thread", body_per_thread_pending, RUN_PLAIN, 0, 0, false, false },
	{ "sigchld_cld_exited_si_pid_status", body_sigchld_exited, RUN_PLAIN, 0, 0, false, false },
	{ "sigchld_cld_killed_si_pid_status", body_sigchld_killed, RUN_PLAIN, 0, 0, false, false },
	{ "sigchld_ignored_children_reaped_wait4_echild", body_sigchld_ign_autoreap, RUN_PLAIN, 0,
	  0, false, false },
	{ "sa_nocldwait_sigchld_comes_child_reaped", body_sa_nocldwait, RUN_PLAIN, 0, 0, false,
	  false },
	{ "wait_status_sigkill_wtermsig", body_wait_sigkill, RUN_PLAIN, 0, 0, false, false },
	{ "wait4_eintr_without_sa_restart", body_wait4_eintr, RUN_PLAIN, 0, 0, false, false },
	{ "wait4_restarted_with_sa_restart", body_wait4_restart, RUN_PLAIN, 0, 0, false, false },
	{ "nanosleep_eintr", body_nanosleep_eintr, RUN_PLAIN, 0, 0, false, false },
	{ "sigsuspend_takes_sigchld_pending_since_fork", body_sigsuspend_pending_sigchld, RUN_PLAIN,
	  0, 0, false, false },
	{ "sigsuspend_ignored_signal_keeps_waiting", body_sigsuspend_ignored_keeps_waiting,
	  RUN_PLAIN, 0, 0, false, false },
	{ "sigsuspend_sigsetsize_einval_mask_efault", body_sigsuspend_errors, RUN_PLAIN, 0, 0,
	  false, false },
#ifdef __NR_pause /* x86_64 only: arm64's libc pauses with ppoll */
	{ "pause_eintr_even_with_sa_restart", body_pause_eintr, RUN_PLAIN, 0, 0, false, true },
#endif
	{ "rt_sigaction_act_efault", body_efault_act, RUN_PLAIN, 0, 0, false, false },
	{ "rt_sigaction_oldact_efault", body_efault_oldact, RUN_PLAIN, 0, 0, false, false },
	{ "rt_sigprocmask_set_efault", body_efault_set, RUN_PLAIN, 0, 0, false, false },
	{ "rt_sigprocmask_oldset_efault", body_efault_oldset, RUN_PLAIN, 0, 0, false, false },
	{ "sigaltstack_ss_efault", body_efault_ss, RUN_PLAIN, 0, 0, false, false },
	{ "sigaltstack_old_ss_efault", body_efault_old_ss, RUN_PLAIN, 0, 0, false, false },
	{ "rt_sigpending_set_efault", body_efault_pending, RUN_PLAIN, 0, 0, false, false },
	{ "thread_deep_handler_on_altstack", body_deep_altstack, RUN_PLAIN, 0, 0, false, false },
	{ "shstk_tamper_caught_segv_cperr_repaired", body_ss_tamper, RUN_SS_WRITE, 0, 0, true,
	  false },
	{ "shstk_handler_ssp_is_pre_signal_minus_16", body_ss_same_stack, RUN_SS, 0, 0, true,
	  false },
	{ "shstk_signal_frame_restorer_and_token", body_ss_frame, RUN_SS, 0, 0, true, false },
	{ SIG_SS_BAD_TOKEN_A_NAME, body_ss_corrupt_a, RUN_SS_WRITE, 0, SIGSEGV, true, false },
	{ SIG_SS_BAD_TOKEN_B_NAME, body_ss_corrupt_b, RUN_SS_WRITE, 0, SIGSEGV, true, false },
	{ "shstk_altstack_deep_handler_default_size_holds", body_ss_deep_default, RUN_SS, 0, 0,
	  true, false },
	{ "shstk_altstack_deep_handler_small_clone3_shstk_sigsegv", body_ss_deep_small, RUN_SS, 0,
	  SIGSEGV, true, false },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

int main(void)
{
	ss_supported = have_shadow_stacks();
	ktap_header();
	ktap_plan(NCASES);
	for (unsigned int i = 0; i < NCASES; i++) {
		const struct sig_case *c = &cases[i];

		if (c->ss && !ss_supported) {
			ktap_skip(c->name, "shadow stacks not supported");
			continue;
		}
		if (c->x86only && !SIG_ARCH_X86) {
			ktap_skip(c->name, "not an %s rule", SIG_ARCH_NAME);
			continue;
		}
		ktap_ok(status_is(run_child(c->body, c->mode), c->exit, c->sig), "%s", c->name);
	}
	return ktap_finish();
}

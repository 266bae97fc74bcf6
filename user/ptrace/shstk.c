// SPDX-License-Identifier: MIT
/*
 * /bin/ptrace's shadow-stack cases, live with CET (x86_64) or GCS (arm64);
 * skipped where enabling shadow stacks fails. A child enables them, notes
 * its own shadow-stack pointer, and stops one call deeper:
 *  - the register set (NT_X86_SHSTK / NT_ARM_GCS) reads that pointer less
 *    one entry, refuses Linux's bad sets, and a set of pointer + 8 makes
 *    the child's next return a violation: SIGSEGV with SEGV_CPERR (the
 *    kselftest test_shadow_stack.c's test_ptrace(), and its arm64 twin);
 *  - PEEK, process_vm_readv and /proc/PID/mem read the top entry alike;
 *    POKE and /proc/PID/mem write it (Linux's FOLL_FORCE), while
 *    process_vm_writev may not (EFAULT); with the entry put back the child
 *    returns through it normally.
 */
#include <errno.h>
#include <fcntl.h>
#include <ktap.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "ptrace_test.h"
#include "ptrace_arch.h"
#include "shstk_enable.h"

#define SS_UNSUPPORTED 77 /* the child could not enable shadow stacks */
#define CPERR_WRONG 43	  /* SIGSEGV, but not SEGV_CPERR */
#define RETURNED 44	  /* the tampered return went through */

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	SHSTK_EXIT(sig == SIGSEGV && si->si_code == SEGV_CPERR ? 0 : CPERR_WRONG);
}

static __attribute__((noinline, noreturn)) void landing(void)
{
	SHSTK_EXIT(RETURNED);
}

/* One call deep: the stop's shadow-stack pointer is the caller's less one entry. */
static __attribute__((noinline)) void stop_here(void)
{
	syscall2(__NR_kill, syscall0(__NR_getpid), SIGSTOP);
	__asm__ volatile("" ::: "memory");
}

/* A call of its own, so an entry lies above stop_here's: the one the tampered return meets. */
static __attribute__((noinline)) int child_body(void)
{
	struct kernel_sigaction a = { (unsigned long)on_segv, SA_SIGINFO | SA_RESTORER,
				      (unsigned long)landing, 0 };

	if (syscall4(__NR_rt_sigaction, SIGSEGV, (long)&a, 0, 8) != 0)
		return 92;
	if (pt(PTRACE_TRACEME, 0, 0, 0) != 0)
		return 91;
	shared[5] = arch_read_ssp();
	stop_here();
	return 0;
}

/* Forks the child; its PID, or 0 (after a skip) when shadow stacks cannot be enabled. */
static int start_child(const char *name)
{
	int pid = fork(), st;

	if (pid == 0) {
		/* Enabled inline: this frame never returns, it leaves by exit_group. */
		if (SHSTK_ENABLE() != 0)
			SHSTK_EXIT(SS_UNSUPPORTED);
		SHSTK_EXIT(child_body());
	}
	st = wait_status(pid);
	if (st == SS_UNSUPPORTED << 8) {
		ktap_skip(name, "shadow stacks not supported");
		return 0;
	}
	if (st != STOPPED_WITH(SIGSTOP)) {
		note("%s: child status %#x", name, st);
		return -1;
	}
	return pid;
}

static int regset_tamper(int pid)
{
	unsigned long ssp = 0;

	EXPECT("get", arch_shstk_get(pid, &ssp), 0);
	EXPECT("one entry below the caller's", ssp, shared[5] - 8);
	EXPECT("refused sets", arch_shstk_bad_sets(pid, ssp), 0);
	EXPECT("set pointer + 8", arch_shstk_set(pid, ssp + 8), 0);
	EXPECT("get it back", arch_shstk_get(pid, &ssp), 0);
	EXPECT("the new pointer", ssp, shared[5]);
	EXPECT("DETACH", pt(PTRACE_DETACH, pid, 0, 0), 0);
	EXPECT("the return faulted SEGV_CPERR", wait_status(pid), 0);
	return 0;
}

static int peek_poke(int pid)
{
	unsigned long ssp = 0, top = 0, v = 0, w;
	struct iovec l = { &v, 8 }, r;
	char path[32];
	int fd;

	EXPECT("get", arch_shstk_get(pid, &ssp), 0);
	r = (struct iovec){ (void *)ssp, 8 };
	EXPECT("PEEK the top entry", pt(PTRACE_PEEKDATA, pid, ssp, (unsigned long)&top), 0);
	EXPECT_TRUE("a return address", top != 0);
	EXPECT("process_vm_readv",
	       syscall6(__NR_process_vm_readv, pid, (long)&l, 1, (long)&r, 1, 0), 8);
	EXPECT("the same entry", v, top);
	EXPECT("POKE", pt(PTRACE_POKEDATA, pid, ssp, top + 4), 0);
	EXPECT("PEEK", pt(PTRACE_PEEKDATA, pid, ssp, (unsigned long)&v), 0);
	EXPECT("poked", v, top + 4);
	EXPECT("process_vm_writev: not without force",
	       syscall6(__NR_process_vm_writev, pid, (long)&l, 1, (long)&r, 1, 0), -EFAULT);
	snprintf(path, sizeof(path), "/proc/%d/mem", pid);
	fd = open(path, O_RDWR);
	EXPECT_TRUE("open", fd >= 0);
	w = top;
	EXPECT("/proc/PID/mem puts it back", syscall4(__NR_pwrite64, fd, (long)&w, 8, (long)ssp),
	       8);
	EXPECT("/proc/PID/mem reads it", syscall4(__NR_pread64, fd, (long)&v, 8, (long)ssp), 8);
	close(fd);
	EXPECT("the original entry", v, top);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("returned through it, exit 0", wait_status(pid), 0);
	return 0;
}

static void run(const char *name, int (*fn)(int pid))
{
	int pid = start_child(name), code;

	if (pid == 0)
		return;
	code = pid < 0 ? -1 : fn(pid);
	if (code) {
		note("%s: failed at line code %d", name, code);
		if (pid > 0)
			kill_child(pid);
	}
	ktap_ok(code == 0, "%s", name);
}

void shstk_cases(void)
{
	run("shstk_regset_set_makes_return_fault", regset_tamper);
	run("shstk_peek_poke_proc_mem", peek_poke);
}

// SPDX-License-Identifier: MIT
/*
 * /bin/glibc_vdso and /bin/musl_vdso: one program built with Debian's
 * glibc (gcc -static) and with Debian's musl (musl-gcc -static), never
 * with Umbra's libc. It shows that these libraries, unmodified, read the
 * clocks through the vDSO the kernel maps, also with the thread's shadow
 * stack on.
 *
 * How it tells the vDSO from a system call: clock_gettime() with a pointer
 * into the unmapped page 0. The system call checks the pointer and says
 * EFAULT; the vDSO is user code and stores through it, so the store
 * faults with SIGSEGV at an instruction inside the vDSO (Linux behaves the
 * same: the vDSO never validates pointers). A child makes the call; its
 * handler checks the fault's address and that the faulting instruction
 * lies in the vDSO image auxv's AT_SYSINFO_EHDR names, and exits 0. Both
 * libraries pass the caller's pointer straight to the vDSO on 64-bit
 * machines, for CLOCK_MONOTONIC and CLOCK_REALTIME alike.
 *
 * With the shadow stack on, the child first enables it (x86_64:
 * arch_prctl ARCH_SHSTK_ENABLE; arm64: prctl PR_SET_SHADOW_STACK_STATUS)
 * in a function that never returns and checks it is on; every call after
 * the switch, the library's and the vDSO's, then returns on the shadow
 * stack. A kernel or CPU without shadow stacks refuses the switch: that
 * case skips. Before the faulting call, each child checks LOOPS good
 * readings lie between two system calls' readings of the same clock.
 * Prints its own KTAP; runs unchanged on Linux (make test-linux).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include <uapi/linux/prctl.h>
#ifdef __x86_64__
#include <uapi/asm-x86_64/prctl.h>
#endif

#define LOOPS 100
#define SKIP_EXIT 77 /* the child's exit status: no shadow stacks here */

static int passed, failed, skipped, number;

static void report(int result, const char *name)
{
	number++;
	if (result == SKIP_EXIT) {
		skipped++;
		printf("ok %d %s # SKIP no shadow stacks\n", number, name);
		return;
	}
	if (result == 0)
		passed++;
	else
		failed++;
	if (result)
		printf("# %s: check %d failed (libc_vdso.c)\n", name, result);
	printf("%sok %d %s\n", result == 0 ? "" : "not ", number, name);
}

/* ---- the vDSO's bounds ---- */

static unsigned long vdso_start, vdso_end;

/* The vDSO image's extent: its ELF header and loadable segments (linked at 0). */
static int find_vdso(void)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)getauxval(AT_SYSINFO_EHDR);

	if (!eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0)
		return -1;
	vdso_start = (unsigned long)eh;
	vdso_end = vdso_start;
	for (int i = 0; i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = (const Elf64_Phdr *)(vdso_start + eh->e_phoff) + i;

		if (ph->p_type == PT_LOAD && vdso_start + ph->p_vaddr + ph->p_memsz > vdso_end)
			vdso_end = vdso_start + ph->p_vaddr + ph->p_memsz;
	}
	return vdso_end > vdso_start ? 0 : -1;
}

/* ---- the child ---- */

#define BAD_POINTER ((struct timespec *)8) /* in the unmapped page 0 */

static unsigned long interrupted_pc(const void *uc)
{
	const ucontext_t *u = uc;

#ifdef __x86_64__
	return (unsigned long)u->uc_mcontext.gregs[REG_RIP];
#else
	return (unsigned long)u->uc_mcontext.pc;
#endif
}

/* The store through BAD_POINTER: 0 when it faulted inside the vDSO. */
static void on_segv(int sig, siginfo_t *si, void *uc)
{
	unsigned long pc = interrupted_pc(uc);

	(void)sig;
	if (si->si_addr != (void *)BAD_POINTER)
		_exit(30);
	_exit(pc >= vdso_start && pc < vdso_end ? 0 : 31);
}

static int before_or_same(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec <= b->tv_nsec);
}

/* LOOPS readings of clock by the library, each between two system calls'. 0 or a check number. */
static int readings_agree(clockid_t clock)
{
	for (int i = 0; i < LOOPS; i++) {
		struct timespec before, lib, after;

		if (syscall(SYS_clock_gettime, clock, &before) || clock_gettime(clock, &lib) ||
		    syscall(SYS_clock_gettime, clock, &after))
			return 20;
		if (!before_or_same(&before, &lib) || !before_or_same(&lib, &after))
			return 21;
	}
	return 0;
}
/* 1 when the calling thread's shadow stack is on, 0 off, -1 unknown. */
static int shadow_stack_on(void)
{
	unsigned long features = 0;
#ifdef __x86_64__
	if (syscall(SYS_arch_prctl, ARCH_SHSTK_STATUS, &features))
		return -1;
	return (features & ARCH_SHSTK_SHSTK) != 0;
#else
	if (syscall(SYS_prctl, PR_GET_SHADOW_STACK_STATUS, &features, 0, 0, 0))
		return -1;
	return (features & PR_SHADOW_STACK_ENABLE) != 0;
#endif
}

/*
 * Switches the shadow stack on with an inline system call: a call through
 * syscall() would return to an address the new, empty shadow stack never
 * saw. 0 or -errno.
 */
static inline __attribute__((always_inline)) long shadow_stack_enable(void)
{
#ifdef __x86_64__
	long r;

	__asm__ volatile("syscall"
			 : "=a"(r)
			 : "0"((long)SYS_arch_prctl), "D"((long)ARCH_SHSTK_ENABLE),
			   "S"((long)ARCH_SHSTK_SHSTK)
			 : "rcx", "r11", "memory");
	return r;
#else
	register long x0 __asm__("x0") = PR_SET_SHADOW_STACK_STATUS;
	register long x1 __asm__("x1") = PR_SHADOW_STACK_ENABLE;
	register long x2 __asm__("x2") = 0, x3 __asm__("x3") = 0, x4 __asm__("x4") = 0;
	register long x8 __asm__("x8") = SYS_prctl;

	__asm__ volatile("svc #0"
			 : "+r"(x0)
			 : "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x8)
			 : "memory");
	return x0;
#endif
}

/* The child: never returns; exits 0 when the library's call faulted inside the vDSO. */
static void __attribute__((noreturn)) child(clockid_t clock, int with_shadow_stack)
{
	struct sigaction sa;
	long r;

	if (with_shadow_stack) {
		r = shadow_stack_enable();
		/* No shadow stacks here (EINVAL on Linux's, EOPNOTSUPP without the CPU's). */
		if (r)
			_exit(r == -EINVAL || r == -EOPNOTSUPP || r == -ENOTSUP ? SKIP_EXIT : 10);
		if (shadow_stack_on() != 1)
			_exit(11);
	}
	r = readings_agree(clock);
	if (r)
		_exit((int)r);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	if (sigaction(SIGSEGV, &sa, NULL))
		_exit(12);
	/* Through the vDSO this never returns; the system call would say EFAULT. */
	r = clock_gettime(clock, BAD_POINTER);
	_exit(r == -1 && errno == EFAULT ? 13 : 14);
}

/* Runs child(clock, with_shadow_stack): 0, SKIP_EXIT, or the check that failed. */
static int run_child(clockid_t clock, int with_shadow_stack)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		child(clock, with_shadow_stack);
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 101;
	if (!WIFEXITED(status)) {
		printf("# the child was killed by signal %d\n", WTERMSIG(status));
		return 102;
	}
	if (WEXITSTATUS(status) == 13)
		printf("# clock_gettime said EFAULT: a system call, not the vDSO\n");
	return WEXITSTATUS(status);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n1..5\n");
	report(find_vdso(), "vdso_found_through_auxv");
	report(run_child(CLOCK_MONOTONIC, 0), "clock_gettime_monotonic_runs_in_vdso");
	report(run_child(CLOCK_REALTIME, 0), "clock_gettime_realtime_runs_in_vdso");
	report(run_child(CLOCK_MONOTONIC, 1), "clock_gettime_monotonic_in_vdso_on_shadow_stack");
	report(run_child(CLOCK_REALTIME, 1), "clock_gettime_realtime_in_vdso_on_shadow_stack");
	printf("# Totals: pass:%d fail:%d xfail:0 xpass:0 skip:%d error:0\n", passed, failed,
	       skipped);
	return failed ? 1 : 0;
}

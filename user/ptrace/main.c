// SPDX-License-Identifier: MIT
/*
 * /bin/ptrace: a parent traces its children as Linux's ptrace(2) lets it
 * (docs/ABI.md §7.5).
 *
 * Proves, each with the exact status, siginfo or errno Linux gives:
 * PTRACE_TRACEME then execve stops with SIGTRAP (SI_USER, from itself);
 * PTRACE_ATTACH stops with SIGSTOP (SI_KERNEL); PEEK/POKE of data, of
 * read-only text and rodata (written through, the parent's copy untouched)
 * and of PROT_NONE memory; a stopped tracee does not run and its signals
 * queue; PTRACE_CONT/DETACH with a signal deliver that one instead, 0
 * cancels; PTRACE_KILL ends a stop; wait4 reports a stop once, waitid as
 * CLD_TRAPPED; PTRACE_SEIZE + PTRACE_INTERRUPT give a PTRACE_EVENT_STOP,
 * PTRACE_O_TRACEEXEC a PTRACE_EVENT_EXEC; NT_PRSTATUS reads and writes a
 * known register (the arch half says which); and the errnos: EPERM
 * (oneself, init, twice, a zombie), ESRCH (not traced, running, no such
 * PID), EIO (unknown request, bad signal, bad address), EINVAL, EFAULT.
 * mem.c and shstk.c add process_vm_readv/writev, /proc/PID/mem and the
 * shadow stack.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <ktap.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ptrace_test.h"
#include "ptrace_arch.h"
#include "sig_arch.h"

#define NTESTS (20 + MEM_CASES + SHSTK_CASES)
#define EXEC_MODE "exit42"
#define EXEC_EXIT 42
#define NO_SUCH_PID 99999

volatile unsigned long *shared;
static const char *self_path = "/bin/ptrace";
static volatile unsigned long data_word = 0x1122334455667788ul;
static const unsigned long ro_word = 0x0123456789abcdeful; /* .rodata: r-- */
#define RO_WORD (*(const volatile unsigned long *)&ro_word)

int wait_status(int pid)
{
	int st;

	if (wait4(pid, &st, 0, NULL) != pid) {
		note("wait4(%d): errno %d", pid, errno);
		return -1;
	}
	return st;
}

void stop_self(void)
{
	syscall2(__NR_kill, getpid(), SIGSTOP);
}

void kill_child(int pid)
{
	kill(pid, SIGKILL);
	wait4(pid, NULL, 0, NULL);
}

int fork_traced(int (*body)(void))
{
	int pid = fork();

	if (pid == 0) {
		if (pt(PTRACE_TRACEME, 0, 0, 0) != 0)
			_exit(90);
		_exit(body());
	}
	return pid;
}

/* ---- stops ---- */

static int exec_body(void)
{
	return exec_self(self_path, EXEC_MODE);
}

static int traceme_exec(void)
{
	struct user_siginfo si;
	int pid = fork_traced(exec_body);

	EXPECT("stop after execve", wait_status(pid), STOPPED_WITH(SIGTRAP));
	EXPECT("GETSIGINFO", pt(PTRACE_GETSIGINFO, pid, 0, (unsigned long)&si), 0);
	EXPECT("si_signo", si.si_signo, SIGTRAP);
	EXPECT("si_code SI_USER", si.si_code, SI_USER);
	EXPECT("si_pid: itself", si.si_pid, pid);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("the new program's exit", wait_status(pid), EXEC_EXIT << 8);
	return 0;
}

static __attribute__((noreturn)) int wait_forever(void)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };

	for (;;)
		nanosleep(&ts, NULL);
}

static int attach_sigstop(void)
{
	struct user_siginfo si;
	int pid = fork(), st;

	if (pid == 0)
		_exit(wait_forever());
	EXPECT("ATTACH", pt(PTRACE_ATTACH, pid, 0, 0), 0);
	st = wait_status(pid);
	EXPECT("GETSIGINFO", pt(PTRACE_GETSIGINFO, pid, 0, (unsigned long)&si), 0);
	EXPECT("DETACH", pt(PTRACE_DETACH, pid, 0, 0), 0);
	kill_child(pid);
	EXPECT("stop after ATTACH", st, STOPPED_WITH(SIGSTOP));
	EXPECT("si_signo", si.si_signo, SIGSTOP);
	EXPECT("si_code SI_KERNEL", si.si_code, SI_KERNEL);
	EXPECT("si_pid", si.si_pid, 0);
	return 0;
}

static int check_data_poked(void)
{
	stop_self();
	return data_word == 0xfeedfacecafebeeful ? 0 : 1;
}

static int peek_poke_data(void)
{
	unsigned long v = 0;
	int pid = fork_traced(check_data_poked);

	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("PEEKDATA", pt(PTRACE_PEEKDATA, pid, (unsigned long)&data_word, (unsigned long)&v),
	       0);
	EXPECT("value peeked", v, 0x1122334455667788ul);
	EXPECT("POKEDATA",
	       pt(PTRACE_POKEDATA, pid, (unsigned long)&data_word, 0xfeedfacecafebeeful), 0);
	EXPECT("PEEKDATA again",
	       pt(PTRACE_PEEKDATA, pid, (unsigned long)&data_word, (unsigned long)&v), 0);
	EXPECT("value poked", v, 0xfeedfacecafebeeful);
	EXPECT("the parent's own copy", data_word, 0x1122334455667788ul);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("the child saw the poke", wait_status(pid), 0);
	return 0;
}

/* Code to poke (never run after): its first word, as the child reads it. */
static __attribute__((noinline)) int poke_target(int x)
{
	return x * 3 + 1;
}

static int check_text_poked(void)
{
	stop_self();
	if (*(volatile unsigned long *)(void *)poke_target != 0x5a5a5a5a5a5a5a5aul)
		return 1;
	return RO_WORD == 0x0fedcba987654321ul ? 0 : 2;
}

static int poke_readonly(void)
{
	unsigned long text = (unsigned long)(void *)poke_target, v = 0;
	unsigned long orig = *(volatile unsigned long *)text;
	const struct area *a = find_area(text), *r = find_area((unsigned long)&ro_word);
	int pid = fork_traced(check_text_poked);

	EXPECT_TRUE("text is r-x", a && strcmp(a->perms, "r-xp") == 0);
	EXPECT_TRUE("rodata is r--", r && strcmp(r->perms, "r--p") == 0);
	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("PEEKTEXT", pt(PTRACE_PEEKTEXT, pid, text, (unsigned long)&v), 0);
	EXPECT("text peeked", v, orig);
	EXPECT("POKETEXT", pt(PTRACE_POKETEXT, pid, text, 0x5a5a5a5a5a5a5a5aul), 0);
	EXPECT("POKEDATA rodata",
	       pt(PTRACE_POKEDATA, pid, (unsigned long)&ro_word, 0x0fedcba987654321ul), 0);
	EXPECT("PEEKTEXT again", pt(PTRACE_PEEKTEXT, pid, text, (unsigned long)&v), 0);
	EXPECT("text poked", v, 0x5a5a5a5a5a5a5a5aul);
	EXPECT("the parent's text", *(volatile unsigned long *)text, orig);
	EXPECT("the parent's rodata", RO_WORD, 0x0123456789abcdeful);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("the child saw both", wait_status(pid), 0);
	EXPECT("poke_target still runs here", poke_target(2), 7);
	return 0;
}

static int stop_and_exit(void)
{
	stop_self();
	return 0;
}

static int bad_addresses(void)
{
	char *none = mmap(NULL, 2 * PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned long v = 1;
	int pid;

	munmap(none + PAGE, PAGE); /* a hole after it */
	pid = fork_traced(stop_and_exit);
	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("PEEK 0", pt(PTRACE_PEEKDATA, pid, 0, (unsigned long)&v), -EIO);
	EXPECT("PEEK kernel half", pt(PTRACE_PEEKDATA, pid, ARCH_KERNEL_ADDR, (unsigned long)&v),
	       -EIO);
	EXPECT("POKE 0", pt(PTRACE_POKEDATA, pid, 0, 1), -EIO);
	EXPECT("PEEK across the end of a mapping",
	       pt(PTRACE_PEEKDATA, pid, (unsigned long)none + PAGE - 4, (unsigned long)&v), -EIO);
	EXPECT("PEEK into a bad pointer",
	       pt(PTRACE_PEEKDATA, pid, (unsigned long)&data_word, (unsigned long)8), -EFAULT);
	/* A debugger reads what the program may not (Linux's FOLL_FORCE): never touched, zero. */
	EXPECT("PEEK PROT_NONE", pt(PTRACE_PEEKDATA, pid, (unsigned long)none, (unsigned long)&v),
	       0);
	EXPECT("PROT_NONE reads zero", v, 0);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("exit", wait_status(pid), 0);
	munmap(none, PAGE);
	return 0;
}

/* ---- resuming with a signal ---- */

static void on_usr1(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	shared[1] = (unsigned long)sig;
	shared[2] = (unsigned long)si->si_code;
	shared[3] = (unsigned long)si->si_pid;
}

static int raise_usr2_under_handler(void)
{
	struct kernel_sigaction a = { (unsigned long)on_usr1, SA_SIGINFO | SA_RESTORER,
				      (unsigned long)sig_restorer, 0 };

	if (syscall4(__NR_rt_sigaction, SIGUSR1, (long)&a, 0, 8) != 0)
		return 4;
	syscall2(__NR_kill, getpid(), SIGUSR2); /* SIGUSR2 would kill: the tracer swaps it */
	return shared[1] == SIGUSR1 ? 0 : 3;
}

static int cont_with_signal(void)
{
	int pid;

	shared[1] = shared[2] = shared[3] = 0;
	pid = fork_traced(raise_usr2_under_handler);
	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGUSR2));
	/* The tracer's signal replaces SIGUSR2 and goes to the handler at once: no second stop. */
	EXPECT("CONT SIGUSR1", pt(PTRACE_CONT, pid, 0, SIGUSR1), 0);
	EXPECT("exit", wait_status(pid), 0);
	EXPECT("handler's si_code: SI_USER", shared[2], SI_USER);
	EXPECT("handler's si_pid: the tracer", shared[3], getpid());
	return 0;
}

static int raise_term(void)
{
	syscall2(__NR_kill, getpid(), SIGTERM);
	return 5;
}

static int cont_cancels(void)
{
	int pid = fork_traced(raise_term), st;

	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGTERM));
	EXPECT("CONT 0", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("survived SIGTERM", wait_status(pid), 5 << 8);
	pid = fork_traced(raise_term);
	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGTERM));
	EXPECT("CONT SIGTERM", pt(PTRACE_CONT, pid, 0, SIGTERM), 0);
	st = wait_status(pid);
	EXPECT("killed by the signal the tracer passed", st, SIGTERM);
	return 0;
}

static int detach_with_signal(void)
{
	int pid;

	shared[1] = 0;
	pid = fork_traced(raise_usr2_under_handler);
	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGUSR2));
	EXPECT("DETACH SIGUSR1", pt(PTRACE_DETACH, pid, 0, SIGUSR1), 0);
	EXPECT("no longer traced", pt(PTRACE_CONT, pid, 0, 0), -ESRCH);
	EXPECT("the handler ran, no second stop", wait_status(pid), 0);
	return 0;
}

static int kill_stop(void)
{
	int pid = fork_traced(stop_and_exit);

	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("KILL", pt(PTRACE_KILL, pid, 0, 0), 0);
	EXPECT("killed", wait_status(pid), SIGKILL);
	pid = fork_traced(stop_and_exit);
	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("kill(SIGKILL)", kill(pid, SIGKILL), 0);
	EXPECT("killed", wait_status(pid), SIGKILL);
	return 0;
}

static __attribute__((noreturn)) int count_after_stop(void)
{
	stop_self();
	for (;;)
		shared[0]++;
}

static int real_stop(void)
{
	struct timespec ts = { 0, 30 * 1000 * 1000 };
	int pid, st;
	unsigned long before;

	shared[0] = 0;
	pid = fork_traced(count_after_stop);
	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("kill(SIGUSR1) to the stopped tracee", kill(pid, SIGUSR1), 0);
	nanosleep(&ts, NULL);
	EXPECT("no step while stopped", shared[0], 0);
	EXPECT("WNOHANG: nothing new", wait4(pid, &st, WNOHANG, NULL), 0);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("the queued SIGUSR1 stops it next", wait_status(pid), STOPPED_WITH(SIGUSR1));
	before = shared[0];
	nanosleep(&ts, NULL);
	EXPECT("stopped again", shared[0], before);
	kill_child(pid);
	return 0;
}

/*
 * The child becomes a tracee only after its parent sleeps in wait4(), then
 * stops: the parent's wait, which looked at its children before it knew
 * of any tracee, must report the stop (kernel/proc/wait.c).
 */
static int late_traceme_body(void)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };

	nanosleep(&ts, NULL);
	if (pt(PTRACE_TRACEME, 0, 0, 0) != 0)
		return 90;
	stop_self();
	return 7;
}

static int traceme_while_waited(void)
{
	int pid = fork();

	if (pid == 0)
		_exit(late_traceme_body());
	EXPECT("the stop the sleeping wait4 reports", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("CONT, SIGSTOP cancelled", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("its exit", wait_status(pid), 7 << 8);
	return 0;
}

static long set_sigchld(unsigned long handler)
{
	struct kernel_sigaction a = { handler, 0, 0, 0 };

	return syscall4(__NR_rt_sigaction, SIGCHLD, (long)&a, 0, 8);
}

/*
 * A parent that ignores SIGCHLD has its children reaped as they exit, but
 * not one that dies traced by it (Linux's do_notify_parent()): its tracer's
 * wait4 reports that exit.
 */
static int traced_exit_sigchld_ignored(void)
{
	int pid, st, plain;

	EXPECT("SIGCHLD ignored", set_sigchld((unsigned long)SIG_IGN), 0);
	pid = fork_traced(stop_and_exit);
	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	st = wait_status(pid);
	plain = fork();
	if (plain == 0)
		_exit(0);
	EXPECT("an untraced child: reaped at its exit", wait4(plain, NULL, 0, NULL), -1);
	EXPECT("SIGCHLD default", set_sigchld((unsigned long)SIG_DFL), 0);
	EXPECT("the traced child's exit, for the tracer's wait", st, 0);
	return 0;
}

static int waitid_trapped(void)
{
	siginfo_t si;
	int pid = fork_traced(stop_and_exit), st;

	memset(&si, 0, sizeof(si));
	EXPECT("waitid(WSTOPPED)", waitid(P_PID, pid, &si, WSTOPPED), 0);
	EXPECT("si_code CLD_TRAPPED", si.si_code, CLD_TRAPPED);
	EXPECT("si_status", si.si_status, SIGSTOP);
	EXPECT("si_pid", si.si_pid, pid);
	EXPECT("reported once", wait4(pid, &st, WNOHANG, NULL), 0);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("exit", wait_status(pid), 0);
	return 0;
}

static int seize_interrupt(void)
{
	struct user_siginfo si;
	int pid = fork(), st;

	if (pid == 0)
		_exit(wait_forever());
	EXPECT("SEIZE", pt(PTRACE_SEIZE, pid, 0, 0), 0);
	EXPECT("running: PEEK is ESRCH", pt(PTRACE_PEEKDATA, pid, 0, (unsigned long)&st), -ESRCH);
	EXPECT("INTERRUPT", pt(PTRACE_INTERRUPT, pid, 0, 0), 0);
	st = wait_status(pid);
	EXPECT("GETSIGINFO", pt(PTRACE_GETSIGINFO, pid, 0, (unsigned long)&si), 0);
	kill_child(pid);
	EXPECT("event stop", st, STOPPED_WITH(SIGTRAP | (PTRACE_EVENT_STOP << 8)));
	EXPECT("si_signo", si.si_signo, SIGTRAP);
	EXPECT("si_code", si.si_code, SIGTRAP | (PTRACE_EVENT_STOP << 8));
	EXPECT("si_pid", si.si_pid, pid);
	return 0;
}

static int stop_then_exec(void)
{
	stop_self();
	return exec_self(self_path, EXEC_MODE);
}

static int traceexec(void)
{
	unsigned long msg = 0;
	int pid = fork_traced(stop_then_exec);

	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("SETOPTIONS", pt(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACEEXEC), 0);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("exec event", wait_status(pid), STOPPED_WITH(SIGTRAP | (PTRACE_EVENT_EXEC << 8)));
	EXPECT("GETEVENTMSG", pt(PTRACE_GETEVENTMSG, pid, 0, (unsigned long)&msg), 0);
	EXPECT("event message: the TID", msg, pid);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("exit", wait_status(pid), EXEC_EXIT << 8);
	return 0;
}

/* ---- errnos ---- */

static int traceme_twice(void)
{
	return pt(PTRACE_TRACEME, 0, 0, 0) == -EPERM ? 0 : 1;
}

/* Reads /proc/PID/FILE into buf (NUL-terminated); its length or -1. */
static long read_proc(int pid, const char *file, char *buf, size_t size)
{
	char path[64];
	long n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/%s", pid, file);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n >= 0)
		buf[n] = 0;
	return n;
}

/* A stopped tracee as /proc shows it: Linux's "t (tracing stop)", its tracer's PID. */
static int proc_shows_tracing_stop(void)
{
	char buf[2048], want[32], *state;
	int pid = fork_traced(stop_and_exit);

	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT_TRUE("read status", read_proc(pid, "status", buf, sizeof(buf)) > 0);
	EXPECT_TRUE("State: t (tracing stop)", strstr(buf, "\nState:\tt (tracing stop)\n") != NULL);
	snprintf(want, sizeof(want), "\nTracerPid:\t%d\n", getpid());
	EXPECT_TRUE("TracerPid: the tracer", strstr(buf, want) != NULL);
	EXPECT_TRUE("read stat", read_proc(pid, "stat", buf, sizeof(buf)) > 0);
	state = strrchr(buf, ')');
	EXPECT_TRUE("stat's state letter t", state && state[1] == ' ' && state[2] == 't');
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("exit", wait_status(pid), 0);
	EXPECT_TRUE("read own status", read_proc(getpid(), "status", buf, sizeof(buf)) > 0);
	EXPECT_TRUE("an untraced task's TracerPid is 0", strstr(buf, "\nTracerPid:\t0\n") != NULL);
	return 0;
}

static int errnos(void)
{
	int pid = fork(), zombie;

	if (pid == 0)
		_exit(wait_forever());
	EXPECT("CONT, not traced", pt(PTRACE_CONT, pid, 0, 0), -ESRCH);
	EXPECT("ATTACH oneself", pt(PTRACE_ATTACH, getpid(), 0, 0), -EPERM);
	/*
	 * Only children (docs/ABI.md §7.5). Linux lets root attach init, and
	 * the SIGSTOP would stop the test runner there: Umbra's rule only.
	 */
	if (on_umbra())
		EXPECT("ATTACH init", pt(PTRACE_ATTACH, 1, 0, 0), -EPERM);
	EXPECT("ATTACH no such PID", pt(PTRACE_ATTACH, NO_SUCH_PID, 0, 0), -ESRCH);
	EXPECT("PEEK no such PID", pt(PTRACE_PEEKDATA, NO_SUCH_PID, 0, 0), -ESRCH);
	EXPECT("SEIZE, addr not 0", pt(PTRACE_SEIZE, pid, 1, 0), -EIO);
	EXPECT("SEIZE, unknown option", pt(PTRACE_SEIZE, pid, 0, 1ul << 30), -EIO);
	EXPECT("ATTACH", pt(PTRACE_ATTACH, pid, 0, 0), 0);
	EXPECT("ATTACH twice", pt(PTRACE_ATTACH, pid, 0, 0), -EPERM);
	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("unknown request", pt(0x1234, pid, 0, 0), -EIO);
	EXPECT("CONT, signal 65", pt(PTRACE_CONT, pid, 0, 65), -EIO);
	EXPECT("DETACH, signal 65", pt(PTRACE_DETACH, pid, 0, 65), -EIO);
	EXPECT("SETOPTIONS, unknown bit", pt(PTRACE_SETOPTIONS, pid, 0, 1ul << 30), -EINVAL);
	EXPECT("INTERRUPT, not seized", pt(PTRACE_INTERRUPT, pid, 0, 0), -EIO);
	EXPECT("GETSIGINFO, bad pointer", pt(PTRACE_GETSIGINFO, pid, 0, 8), -EFAULT);
	kill_child(pid);
	EXPECT("TRACEME twice", wait_status(fork_traced(traceme_twice)), 0);
	zombie = fork();
	if (zombie == 0)
		_exit(0);
	waitid(P_PID, zombie, &(siginfo_t){ 0 }, WEXITED | WNOWAIT); /* a zombie, not reaped */
	EXPECT("ATTACH a zombie", pt(PTRACE_ATTACH, zombie, 0, 0), -EPERM);
	wait4(zombie, NULL, 0, NULL);
	return 0;
}

/* ---- registers ---- */

static int stop_with_magic(void)
{
	unsigned long after = arch_stop_with_magic(ARCH_MAGIC);

	return after == ARCH_MAGIC2 ? 0 : 1;
}

static int regs_get_set(void)
{
	arch_regs r;
	struct iovec iov = { &r, sizeof(r) };
	int pid = fork_traced(stop_with_magic);

	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("GETREGSET", pt(PTRACE_GETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov), 0);
	EXPECT("iov_len: the whole set", iov.iov_len, sizeof(r));
	EXPECT("the register holding the magic", ARCH_REGS_MAGIC(&r), ARCH_MAGIC);
	EXPECT("the system call's number", ARCH_REGS_NR(&r), __NR_kill);
	EXPECT("its result", ARCH_REGS_RET(&r), 0);
	ARCH_REGS_MAGIC(&r) = ARCH_MAGIC2;
	EXPECT("SETREGSET", pt(PTRACE_SETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov), 0);
	EXPECT("arch's refused sets", arch_bad_regsets(pid, &r), 0);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("the child saw the new value", wait_status(pid), 0);
	return 0;
}

static int regset_errnos(void)
{
	unsigned long words[4] = { 0 };
	struct iovec iov = { words, sizeof(words[0]) };
	int pid = fork_traced(stop_and_exit);

	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	EXPECT("one register", pt(PTRACE_GETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov), 0);
	EXPECT("iov_len kept", iov.iov_len, sizeof(words[0]));
	EXPECT("unknown note type", pt(PTRACE_GETREGSET, pid, 0x9999, (unsigned long)&iov),
	       -EINVAL);
	EXPECT("the other arch's note",
	       pt(PTRACE_GETREGSET, pid, ARCH_OTHER_NT, (unsigned long)&iov), -EINVAL);
	iov.iov_len = 3;
	EXPECT("iov_len not a multiple",
	       pt(PTRACE_GETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov), -EINVAL);
	EXPECT("bad iovec", pt(PTRACE_GETREGSET, pid, NT_PRSTATUS, 8), -EFAULT);
	iov = (struct iovec){ (void *)8, sizeof(words[0]) };
	EXPECT("bad iov_base", pt(PTRACE_GETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov),
	       -EFAULT);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("exit", wait_status(pid), 0);
	return 0;
}

static int shstk_not_enabled(void)
{
	int pid = fork_traced(stop_and_exit), code;

	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	code = arch_shstk_not_enabled(pid);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("exit", wait_status(pid), 0);
	return code;
}

static void run(const char *name, int (*fn)(void))
{
	int code = fn();

	if (code)
		note("%s: failed at line code %d", name, code);
	ktap_ok(code == 0, "%s", name);
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], EXEC_MODE) == 0)
		return EXEC_EXIT;
	if (argc >= 1 && strchr(argv[0], '/'))
		self_path = argv[0];
	shared = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ktap_header();
	ktap_plan(NTESTS);
	run("traceme_exec_stops_with_sigtrap", traceme_exec);
	run("attach_stops_with_sigstop", attach_sigstop);
	run("peek_poke_data", peek_poke_data);
	run("poke_readonly_text_and_rodata", poke_readonly);
	run("peek_poke_bad_addresses", bad_addresses);
	run("cont_with_signal_delivers_it", cont_with_signal);
	run("cont_zero_cancels_signal", cont_cancels);
	run("detach_with_signal", detach_with_signal);
	run("kill_ends_stop", kill_stop);
	run("stopped_tracee_does_not_run", real_stop);
	run("waitid_reports_cld_trapped_once", waitid_trapped);
	run("traceme_while_parent_waits_reports_the_stop", traceme_while_waited);
	run("traced_exit_reaped_by_tracer_despite_sigchld_ignored", traced_exit_sigchld_ignored);
	run("seize_interrupt_event_stop", seize_interrupt);
	run("traceexec_event_stop", traceexec);
	run("errnos", errnos);
	run("regset_prstatus_get_set", regs_get_set);
	run("regset_errnos", regset_errnos);
	run("proc_shows_tracing_stop", proc_shows_tracing_stop);
	run(ARCH_NOT_ENABLED_CASE, shstk_not_enabled);
	mem_cases();
	shstk_cases();
	return ktap_finish();
}

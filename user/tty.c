// SPDX-License-Identifier: MIT
/*
 * /bin/tty: the terminal and job control, against Linux's
 * drivers/tty/n_tty.c, tty_io.c, tty_jobctrl.c, kernel/sys.c (setsid,
 * setpgid) and kernel/signal.c (stop and continue), everything a program
 * can check without anyone typing:
 *
 * termios read back after TCSETS/TCSETSF, the window size, FIONREAD and
 * TCFLSH; non-canonical reads with VMIN/VTIME 0 and VTIME's time-out;
 * O_NONBLOCK's EAGAIN; setsid/getsid/getpgid/setpgid with their EPERM,
 * ESRCH, EINVAL and EACCES (a child that ran execve); /dev/tty's ENXIO
 * without a controlling terminal; TIOCSCTTY, TIOCGPGRP, TIOCSPGRP (ENOTTY,
 * EINVAL, ESRCH, EPERM), TIOCGSID, TIOCNOTTY; SIGTTOU for a background
 * write under TOSTOP (and none when SIGTTOU is ignored), SIGTTIN for a
 * background read and EIO when SIGTTIN is ignored; SIGSTOP/SIGTSTP
 * stopping, SIGCONT continuing, as wait4's WUNTRACED/WCONTINUED and
 * waitid's CLD_STOPPED/CLD_CONTINUED report them; SIGTSTP dropped for an
 * orphaned process group; kill(0), kill(-pgrp) and wait4(-pgrp); and no
 * stop for a background read or write through /dev/console, whose files
 * skip job control.
 *
 * Every case runs in a child, and main puts the console's termios back
 * after each: a failing case leaves the console as it found it.
 */
#include "sig_arch.h"
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <fcntl.h>
#include <ktap.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <uapi/linux/ioctls.h>
#include <uapi/linux/termios.h>

#ifndef WCONTINUED
#define WCONTINUED 8
#endif

static long sys_ioctl(int fd, unsigned long cmd, void *arg)
{
	return syscall(__NR_ioctl, fd, cmd, arg);
}

static long sys_setsid(void)
{
	return syscall(__NR_setsid);
}

static long sys_setpgid(long pid, long pgid)
{
	return syscall(__NR_setpgid, pid, pgid);
}

static long sys_getpgid(long pid)
{
	return syscall(__NR_getpgid, pid);
}

static long sys_getsid(long pid)
{
	return syscall(__NR_getsid, pid);
}

static long set_handler(int sig, unsigned long handler)
{
	struct kernel_sigaction a = { handler, SA_RESTORER, (unsigned long)sig_restorer, 0 };

	return syscall(__NR_rt_sigaction, sig, &a, 0, 8);
}

static long block(int sig)
{
	unsigned long set = 1ul << (sig - 1);

	return syscall(__NR_rt_sigprocmask, SIG_BLOCK, &set, 0, 8);
}

/* A child that waits for its parent to say go on the pipe, then exits with code. */
static pid_t waiting_child(int fds[2], int code, bool own_group)
{
	pid_t pid;
	char c;

	if (pipe(fds))
		return -1;
	pid = fork();
	if (pid == 0) {
		if (own_group)
			sys_setpgid(0, 0);
		close(fds[1]);
		(void)read(fds[0], &c, 1);
		_exit(code);
	}
	close(fds[0]);
	return pid;
}

static void release(int fds[2])
{
	(void)write(fds[1], "g", 1);
	close(fds[1]);
}

static int termios_round_trip(void)
{
	struct termios t, t2, want;
	struct winsize ws = { 24, 80, 640, 384 }, ws2;
	int n = -1;

	EXPECT("TCGETS", sys_ioctl(0, TCGETS, &t), 0);
	EXPECT("VEOF is ^D", t.c_cc[VEOF], 4);
	EXPECT("VERASE is DEL", t.c_cc[VERASE], 0177);
	EXPECT("VKILL is ^U", t.c_cc[VKILL], 025);
	EXPECT("VSUSP is ^Z", t.c_cc[VSUSP], 032);
	EXPECT("VQUIT is ^\\", t.c_cc[VQUIT], 034);
	EXPECT("VWERASE is ^W", t.c_cc[VWERASE], 027);
	want = t;
	want.c_lflag = ISIG | ECHO | ECHONL | TOSTOP;
	want.c_iflag = 0;
	want.c_oflag = 0;
	want.c_cc[VMIN] = 3;
	want.c_cc[VTIME] = 7;
	EXPECT("TCSETS", sys_ioctl(0, TCSETS, &want), 0);
	EXPECT("TCGETS", sys_ioctl(1, TCGETS, &t2), 0);
	EXPECT("read back", memcmp(&t2, &want, sizeof(t2)), 0);
	EXPECT("TCSETSF", sys_ioctl(0, TCSETSF, &t), 0);
	EXPECT("TCGETS", sys_ioctl(2, TCGETS, &t2), 0);
	EXPECT("read back after TCSETSF", memcmp(&t2, &t, sizeof(t2)), 0);
	EXPECT_TRUE("TCSETS EFAULT", fails_with(sys_ioctl(0, TCSETS, (void *)8), EFAULT));
	EXPECT("TIOCSWINSZ", sys_ioctl(1, TIOCSWINSZ, &ws), 0);
	EXPECT("TIOCGWINSZ", sys_ioctl(0, TIOCGWINSZ, &ws2), 0);
	EXPECT("window read back", memcmp(&ws, &ws2, sizeof(ws)), 0);
	memset(&ws, 0, sizeof(ws));
	EXPECT("TIOCSWINSZ 0 x 0", sys_ioctl(1, TIOCSWINSZ, &ws), 0);
	EXPECT("FIONREAD: nothing typed", sys_ioctl(0, FIONREAD, &n), 0);
	EXPECT("no bytes", n, 0);
	EXPECT("TCFLSH TCIFLUSH", sys_ioctl(0, TCFLSH, (void *)TCIFLUSH), 0);
	EXPECT_TRUE("TCFLSH 3", fails_with(sys_ioctl(0, TCFLSH, (void *)3), EINVAL));
	return 0;
}

static int noncanonical_reads(void)
{
	struct termios t, raw;
	char buf[8];
	long long t0;
	int fd;

	EXPECT("TCGETS", sys_ioctl(0, TCGETS, &t), 0);
	raw = t;
	raw.c_lflag &= ~(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	EXPECT("TCSETS raw", sys_ioctl(0, TCSETS, &raw), 0);
	EXPECT("VMIN 0 VTIME 0: 0 at once", read(0, buf, sizeof(buf)), 0);
	raw.c_cc[VTIME] = 2;
	EXPECT("TCSETS VTIME 2", sys_ioctl(0, TCSETS, &raw), 0);
	t0 = monotonic_ns();
	EXPECT("VMIN 0 VTIME 2: 0 after the time-out", read(0, buf, sizeof(buf)), 0);
	EXPECT_TRUE("waited about 0.2 s", monotonic_ns() - t0 >= 150000000ll);
	EXPECT("TCSETS back", sys_ioctl(0, TCSETS, &t), 0);
	fd = open("/dev/console", O_RDWR | O_NONBLOCK);
	EXPECT_TRUE("open /dev/console", fd >= 3);
	EXPECT_TRUE("canonical, nothing typed: EAGAIN", fails_with(read(fd, buf, 1), EAGAIN));
	close(fd);
	return 0;
}

static int setsid_getsid_getpgid(void)
{
	pid_t me = getpid(), child;
	int st, fds[2];

	EXPECT("getsid(0) under init: init's session 0", sys_getsid(0), 0);
	EXPECT("getpgid(0): init's group 0", sys_getpgid(0), 0);
	EXPECT("setsid", sys_setsid(), me);
	EXPECT("getsid(0)", sys_getsid(0), me);
	EXPECT("getsid(me)", sys_getsid(me), me);
	EXPECT("getpgid(0)", sys_getpgid(0), me);
#ifdef __NR_getpgrp
	EXPECT("getpgrp", syscall(__NR_getpgrp), me);
#endif
	EXPECT_TRUE("setsid again: EPERM", fails_with(sys_setsid(), EPERM));
	EXPECT_TRUE("getsid(no such pid)", fails_with(sys_getsid(32766), ESRCH));
	EXPECT_TRUE("getpgid(-1)", fails_with(sys_getpgid(-1), ESRCH));
	/* A group leader (not of a session) cannot start one: its group would be in two. */
	child = fork();
	if (child == 0) {
		if (sys_setpgid(0, 0))
			_exit(1);
		_exit(fails_with(sys_setsid(), EPERM) ? 0 : 2);
	}
	EXPECT("leader's setsid EPERM", waitpid(child, &st, 0), child);
	EXPECT("exit 0", st, 0);
	/* A child sees our session and group until its own setsid(). */
	child = waiting_child(fds, 0, false);
	EXPECT("child's session", sys_getsid(child), me);
	EXPECT("child's group", sys_getpgid(child), me);
	release(fds);
	EXPECT("reaped", waitpid(child, &st, 0), child);
	return 0;
}

/* For wait_until(): the child *pid leads a session of its own (it called setsid()). */
static bool leads_own_session(void *pid)
{
	pid_t a = *(pid_t *)pid;

	return sys_getsid(a) == a;
}

/* For wait_until(): the child *pid leads a group of its own. */
static bool leads_own_group(void *pid)
{
	pid_t a = *(pid_t *)pid;

	return sys_getpgid(a) == a;
}

/*
 * For wait_until(): the child *pid has run execve(), so setpgid() on it is
 * EACCES; until then each try moved it into a group, which is undone.
 */
static bool has_run_execve(void *pid)
{
	pid_t a = *(pid_t *)pid;

	if (sys_setpgid(a, a) == -1 && errno == EACCES)
		return true;
	sys_setpgid(a, (pid_t)sys_getpgid(0));
	return false;
}

static int setpgid_rules(void)
{
	pid_t me, a, b;
	int st, fa[2], fb[2];
	char *argv[] = { "/bin/tty", "wait", NULL };

	me = (pid_t)sys_setsid();
	EXPECT_TRUE("setsid", me > 0);
	EXPECT_TRUE("negative pgid", fails_with(sys_setpgid(0, -1), EINVAL));
	EXPECT_TRUE("a session leader", fails_with(sys_setpgid(0, 0), EPERM));
	EXPECT_TRUE("no such pid", fails_with(sys_setpgid(32766, 0), ESRCH));
	EXPECT_TRUE("not our child (our parent)", fails_with(sys_setpgid(getppid(), 0), ESRCH));
	a = waiting_child(fa, 0, false);
	EXPECT("a child leads a new group", sys_setpgid(a, a), 0);
	EXPECT("its group", sys_getpgid(a), a);
	b = waiting_child(fb, 0, false);
	EXPECT("another joins it", sys_setpgid(b, a), 0);
	EXPECT("b's group", sys_getpgid(b), a);
	EXPECT_TRUE("a group that does not exist", fails_with(sys_setpgid(b, 32766), EPERM));
	EXPECT("back to ours", sys_setpgid(b, me), 0);
	release(fb);
	EXPECT("b reaped", waitpid(b, &st, 0), b);
	release(fa);
	EXPECT("a reaped", waitpid(a, &st, 0), a);
	/* A child in another session: EPERM. */
	if (pipe(fa))
		return 90;
	a = fork();
	if (a == 0) {
		char c;

		sys_setsid();
		close(fa[1]);
		(void)read(fa[0], &c, 1);
		_exit(0);
	}
	close(fa[0]);
	EXPECT_TRUE("the child's setsid", wait_until(leads_own_session, &a, "the child's setsid"));
	EXPECT_TRUE("a child in another session", fails_with(sys_setpgid(a, a), EPERM));
	release(fa);
	EXPECT("reaped", waitpid(a, &st, 0), a);
	/* A child that ran execve(): EACCES. */
	if (pipe(fa))
		return 91;
	a = fork();
	if (a == 0) {
		dup2(fa[0], 0);
		close(fa[1]);
		execve("/bin/tty", argv, NULL);
		_exit(99);
	}
	close(fa[0]);
	wait_until(has_run_execve, &a, "the child's execve");
	EXPECT_TRUE("after execve: EACCES", fails_with(sys_setpgid(a, a), EACCES));
	release(fa);
	EXPECT("reaped", waitpid(a, &st, 0), a);
	EXPECT("it exited 0", st, 0);
	return 0;
}

/* Puts us in a new session with the console as its controlling terminal. */
static int take_console(void)
{
	pid_t me = (pid_t)sys_setsid();
	int n = -1;

	EXPECT_TRUE("setsid", me > 0);
	EXPECT_TRUE("TIOCGPGRP without a terminal",
		    fails_with(sys_ioctl(0, TIOCGPGRP, &n), ENOTTY));
	EXPECT_TRUE("TIOCGSID without a terminal", fails_with(sys_ioctl(0, TIOCGSID, &n), ENOTTY));
	EXPECT_TRUE("/dev/tty without a terminal", fails_with(open("/dev/tty", O_RDWR), ENXIO));
	EXPECT("TIOCSCTTY", sys_ioctl(0, TIOCSCTTY, 0), 0);
	EXPECT("TIOCSCTTY again: already ours", sys_ioctl(1, TIOCSCTTY, 0), 0);
	EXPECT("TIOCGSID", sys_ioctl(0, TIOCGSID, &n), 0);
	EXPECT("our session", n, me);
	EXPECT("TIOCGPGRP", sys_ioctl(0, TIOCGPGRP, &n), 0);
	EXPECT("our group in the foreground", n, me);
	return 0;
}

static volatile int got_hup;

static void on_hup(int sig)
{
	got_hup = sig;
}

/*
 * Gives the terminal up, as the session leader: it belongs to no session
 * again, and its foreground group -- ours -- gets SIGHUP (and SIGCONT).
 */
static int give_console_back(void)
{
	int n;

	EXPECT("SIGHUP handler", set_handler(SIGHUP, (unsigned long)on_hup), 0);
	EXPECT("TIOCNOTTY", sys_ioctl(0, TIOCNOTTY, 0), 0);
	EXPECT("SIGHUP to the foreground group", got_hup, SIGHUP);
	EXPECT_TRUE("TIOCGPGRP after", fails_with(sys_ioctl(0, TIOCGPGRP, &n), ENOTTY));
	EXPECT_TRUE("TIOCNOTTY again", fails_with(sys_ioctl(0, TIOCNOTTY, 0), ENOTTY));
	return 0;
}

static int controlling_terminal(void)
{
	pid_t me, a;
	int st, n, fa[2], fd, r;

	r = take_console();
	if (r)
		return r;
	me = getpid();
	fd = open("/dev/tty", O_RDWR);
	EXPECT_TRUE("/dev/tty opens now", fd >= 3);
	close(fd);
	n = -1;
	EXPECT_TRUE("TIOCSPGRP -1", fails_with(sys_ioctl(0, TIOCSPGRP, &n), EINVAL));
	n = 32766;
	EXPECT_TRUE("TIOCSPGRP no such group", fails_with(sys_ioctl(0, TIOCSPGRP, &n), ESRCH));
	n = 1;
	EXPECT_TRUE("TIOCSPGRP init's (another session)",
		    fails_with(sys_ioctl(0, TIOCSPGRP, &n), EPERM));
	EXPECT_TRUE("TIOCSPGRP EFAULT", fails_with(sys_ioctl(0, TIOCSPGRP, (void *)8), EFAULT));
	a = waiting_child(fa, 0, false);
	EXPECT("child's group", sys_setpgid(a, a), 0);
	n = a;
	EXPECT("TIOCSPGRP the child's group", sys_ioctl(0, TIOCSPGRP, &n), 0);
	n = 0;
	EXPECT("TIOCGPGRP", sys_ioctl(1, TIOCGPGRP, &n), 0);
	EXPECT("the child's group in the foreground", n, a);
	n = me;
	/* We are in the background now: SIGTTOU, blocked, lets TIOCSPGRP through. */
	EXPECT("block SIGTTOU", block(SIGTTOU), 0);
	EXPECT("TIOCSPGRP ours back", sys_ioctl(0, TIOCSPGRP, &n), 0);
	release(fa);
	EXPECT("reaped", waitpid(a, &st, 0), a);
	/* Another session cannot take it while it is ours. */
	a = fork();
	if (a == 0) {
		sys_setsid();
		_exit(fails_with(sys_ioctl(0, TIOCSCTTY, 0), EPERM) ? 0 : 1);
	}
	EXPECT("other session's TIOCSCTTY", waitpid(a, &st, 0), a);
	EXPECT("EPERM", st, 0);
	/* Not a session leader: EPERM. */
	a = fork();
	if (a == 0)
		_exit(fails_with(sys_ioctl(0, TIOCSCTTY, 0), EPERM) ? 0 : 1);
	EXPECT("non-leader's TIOCSCTTY", waitpid(a, &st, 0), a);
	EXPECT("EPERM", st, 0);
	return give_console_back();
}

/*
 * A background child: write under TOSTOP, read; the stop, then the
 * foreground. Through /dev/tty: the console's own files (fd 0-2, opened
 * as /dev/console) never stop anyone (console_never_stops_background).
 */
static int background_stops(void)
{
	struct termios t, tostop;
	pid_t me, a;
	int st, n, r, tty, hold[2];
	siginfo_t si;

	r = take_console();
	if (r)
		return r;
	me = getpid();
	tty = open("/dev/tty", O_RDWR);
	EXPECT_TRUE("open /dev/tty", tty >= 3);
	EXPECT("TCGETS", sys_ioctl(0, TCGETS, &t), 0);
	tostop = t;
	tostop.c_lflag |= TOSTOP;
	EXPECT("TOSTOP on", sys_ioctl(0, TCSETS, &tostop), 0);
	/*
	 * The child holds its exit until we have seen it continued: wait4
	 * reports a zombie before a continue (Linux's wait_consider_task()
	 * looks at exit_state first), so a child that wrote and exited on
	 * another CPU before our WCONTINUED wait would be reported as exited.
	 */
	if (pipe(hold))
		return FAIL_CODE;
	a = fork();
	if (a == 0) {
		char c;
		bool wrote;

		sys_setpgid(0, 0);
		close(hold[1]);
		wrote = write(tty, "# tty: written from the foreground\n", 35) == 35;
		(void)read(hold[0], &c, 1);
		_exit(wrote ? 0 : 1);
	}
	close(hold[0]);
	sys_setpgid(a, a);
	EXPECT("stopped by SIGTTOU", waitpid(a, &st, WUNTRACED), a);
	EXPECT_TRUE("WIFSTOPPED", WIFSTOPPED(st));
	EXPECT("WSTOPSIG", WSTOPSIG(st), SIGTTOU);
	n = a;
	EXPECT("to the foreground", sys_ioctl(0, TIOCSPGRP, &n), 0);
	EXPECT("SIGCONT", kill(a, SIGCONT), 0);
	EXPECT("continued", waitpid(a, &st, WCONTINUED), a);
	EXPECT("status 0xffff", st, 0xffff);
	release(hold);
	EXPECT("it wrote and exited", waitpid(a, &st, 0), a);
	EXPECT("exit 0", st, 0);
	n = me;
	EXPECT("block SIGTTOU", block(SIGTTOU), 0);
	EXPECT("back to us", sys_ioctl(0, TIOCSPGRP, &n), 0);
	/* SIGTTOU ignored: the background write goes through. */
	a = fork();
	if (a == 0) {
		sys_setpgid(0, 0);
		set_handler(SIGTTOU, (unsigned long)SIG_IGN);
		_exit(write(tty, "# tty: written from the background\n", 35) == 35 ? 0 : 1);
	}
	EXPECT("ignored SIGTTOU: written", waitpid(a, &st, WUNTRACED), a);
	EXPECT("exit 0", st, 0);
	/* A background read: SIGTTIN, seen by waitid as CLD_STOPPED. */
	a = fork();
	if (a == 0) {
		char c;

		sys_setpgid(0, 0);
		(void)read(tty, &c, 1);
		_exit(3);
	}
	sys_setpgid(a, a);
	memset(&si, 0, sizeof(si));
	EXPECT("waitid WSTOPPED", waitid(P_PID, a, &si, WSTOPPED), 0);
	EXPECT("CLD_STOPPED", si.si_code, CLD_STOPPED);
	EXPECT("by SIGTTIN", si.u.proc.status, SIGTTIN);
	EXPECT("SIGKILL", kill(a, SIGKILL), 0);
	EXPECT("killed", waitpid(a, &st, 0), a);
	EXPECT_TRUE("by SIGKILL", WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	/* SIGTTIN ignored: the background read fails with EIO. */
	a = fork();
	if (a == 0) {
		char c;

		sys_setpgid(0, 0);
		set_handler(SIGTTIN, (unsigned long)SIG_IGN);
		_exit(fails_with(read(tty, &c, 1), EIO) ? 0 : 1);
	}
	EXPECT("ignored SIGTTIN", waitpid(a, &st, 0), a);
	EXPECT("EIO", st, 0);
	EXPECT("TOSTOP off", sys_ioctl(0, TCSETS, &t), 0);
	close(tty);
	return give_console_back();
}

/*
 * The same background child through /dev/console (our fd 1, and one
 * opened O_NONBLOCK): its write under TOSTOP goes out and its read finds
 * nothing typed, EAGAIN -- neither SIGTTOU nor SIGTTIN, as Linux's
 * n_tty_write() and job_control() skip the console's files.
 */
static int console_never_stops_background(void)
{
	struct termios t, tostop;
	pid_t me, a;
	int st, n, r;

	r = take_console();
	if (r)
		return r;
	me = getpid();
	EXPECT("TCGETS", sys_ioctl(0, TCGETS, &t), 0);
	tostop = t;
	tostop.c_lflag |= TOSTOP;
	EXPECT("TOSTOP on", sys_ioctl(0, TCSETS, &tostop), 0);
	a = fork();
	if (a == 0) {
		char c;
		int fd;

		sys_setpgid(0, 0);
		if (write(1, "# tty: written to /dev/console from the background\n", 51) != 51)
			_exit(1);
		fd = open("/dev/console", O_RDWR | O_NONBLOCK);
		if (fd < 0)
			_exit(2);
		_exit(fails_with(read(fd, &c, 1), EAGAIN) ? 0 : 3);
	}
	sys_setpgid(a, a);
	EXPECT("not stopped: exited", waitpid(a, &st, WUNTRACED), a);
	EXPECT("wrote, then read EAGAIN", st, 0);
	n = me;
	EXPECT("TIOCGPGRP", sys_ioctl(0, TIOCGPGRP, &n), 0);
	EXPECT("still ours in the foreground", n, me);
	EXPECT("TOSTOP off", sys_ioctl(0, TCSETS, &t), 0);
	return give_console_back();
}

static int stop_and_continue(void)
{
	pid_t a;
	int st, fa[2];
	siginfo_t si;

	/* Our own group, so that a child's group has a parent outside it: not orphaned. */
	EXPECT("setpgid", sys_setpgid(0, 0), 0);
	a = waiting_child(fa, 7, true);
	EXPECT_TRUE("the child's own group",
		    wait_until(leads_own_group, &a, "the child's setpgid"));
	EXPECT("SIGSTOP", kill(a, SIGSTOP), 0);
	EXPECT("stopped", waitpid(a, &st, WUNTRACED), a);
	EXPECT("status", st, (SIGSTOP << 8) | 0x7f);
	EXPECT("reported once", waitpid(a, &st, WUNTRACED | WNOHANG), 0);
	EXPECT("SIGCONT", kill(a, SIGCONT), 0);
	memset(&si, 0, sizeof(si));
	EXPECT("waitid WCONTINUED", waitid(P_PID, a, &si, WCONTINUED), 0);
	EXPECT("CLD_CONTINUED", si.si_code, CLD_CONTINUED);
	EXPECT("si_status SIGCONT", si.u.proc.status, SIGCONT);
	EXPECT("SIGTSTP to the group", kill(-a, SIGTSTP), 0);
	EXPECT("stopped by SIGTSTP", waitpid(-a, &st, WUNTRACED), a);
	EXPECT("WSTOPSIG", WSTOPSIG(st), SIGTSTP);
	EXPECT("SIGCONT", kill(a, SIGCONT), 0);
	release(fa);
	EXPECT("exited", waitpid(a, &st, 0), a);
	EXPECT("code 7", WEXITSTATUS(st), 7);
	EXPECT_TRUE("kill(-no such group)", fails_with(kill(-32766, SIGCONT), ESRCH));
	EXPECT_TRUE("wait4(-no such group)", fails_with(waitpid(-32766, &st, 0), ECHILD));
	return 0;
}

static int orphaned_group_ignores_tstp(void)
{
	pid_t a;
	int st, fa[2];

	/*
	 * Our child stays in our group, whose members' parents are in it or
	 * are init: an orphaned group, so SIGTSTP is dropped, SIGSTOP is not.
	 */
	a = waiting_child(fa, 5, false);
	EXPECT("SIGTSTP", kill(a, SIGTSTP), 0);
	sleep_ms(50); /* sleep-ok: room for a stop that must not come (SIGSTOP below does) */
	EXPECT("not stopped", waitpid(a, &st, WUNTRACED | WNOHANG), 0);
	EXPECT("SIGSTOP", kill(a, SIGSTOP), 0);
	EXPECT("stopped by SIGSTOP", waitpid(a, &st, WUNTRACED), a);
	EXPECT("SIGCONT", kill(a, SIGCONT), 0);
	release(fa);
	EXPECT("exited", waitpid(a, &st, 0), a);
	EXPECT("code 5", WEXITSTATUS(st), 5);
	return 0;
}

static int kill_group_and_wait_group(void)
{
	pid_t a, b, c, p1, p2;
	int st, fa[2], fb[2], fc[2];

	EXPECT("setpgid", sys_setpgid(0, 0), 0);
	a = waiting_child(fa, 1, true);
	b = waiting_child(fb, 2, false);
	c = waiting_child(fc, 3, false);
	EXPECT("a's group", sys_setpgid(a, a), 0);
	EXPECT("b joins", sys_setpgid(b, a), 0);
	EXPECT("kill(-a)", kill(-a, SIGKILL), 0);
	p1 = waitpid(-a, &st, 0);
	p2 = waitpid(-a, &st, 0);
	EXPECT("wait4(-a) took a and b", (p1 == a && p2 == b) || (p1 == b && p2 == a), 1);
	EXPECT_TRUE("none left in a's group", fails_with(waitpid(-a, &st, WNOHANG), ECHILD));
	/* kill(0): our group -- c and ourselves; we ignore it, c dies. */
	EXPECT("ignore SIGUSR2", set_handler(SIGUSR2, (unsigned long)SIG_IGN), 0);
	EXPECT("kill(0)", kill(0, SIGUSR2), 0);
	EXPECT("c killed by it", waitpid(0, &st, 0), c);
	EXPECT_TRUE("by SIGUSR2", WIFSIGNALED(st) && WTERMSIG(st) == SIGUSR2);
	close(fa[1]);
	close(fb[1]);
	close(fc[1]);
	return 0;
}

static const struct {
	const char *name;
	int (*fn)(void);
} cases[] = {
	{ "termios_round_trip_winsize_fionread_tcflsh", termios_round_trip },
	{ "noncanonical_vmin_vtime_and_nonblock_eagain", noncanonical_reads },
	{ "setsid_getsid_getpgid_eperm_esrch", setsid_getsid_getpgid },
	{ "setpgid_einval_eperm_esrch_eacces", setpgid_rules },
	{ "controlling_terminal_tiocsctty_tiocspgrp_errnos", controlling_terminal },
	{ "background_write_sigttou_read_sigttin_eio", background_stops },
	{ "console_never_stops_background_write_or_read", console_never_stops_background },
	{ "sigstop_sigtstp_sigcont_wuntraced_wcontinued", stop_and_continue },
	{ "orphaned_group_drops_sigtstp_not_sigstop", orphaned_group_ignores_tstp },
	{ "kill_and_wait4_by_process_group", kill_group_and_wait_group },
};

int main(int argc, char **argv)
{
	struct termios saved;
	bool have_termios;

	if (argc > 1 && !strcmp(argv[1], "wait")) {
		char c;

		/* setpgid_rules' child after its execve: waits for the word on fd 0. */
		return read(0, &c, 1) == 1 ? 0 : 1;
	}
	have_termios = sys_ioctl(0, TCGETS, &saved) == 0;
	ktap_header();
	ktap_plan(sizeof(cases) / sizeof(cases[0]));
	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int st = run_child(cases[i].fn, 0);

		if (have_termios)
			sys_ioctl(0, TCSETS, &saved);
		if (WIFEXITED(st) && WEXITSTATUS(st))
			note("%s: failed at check %d", cases[i].name, WEXITSTATUS(st));
		ktap_ok(status_is(st, 0, 0), "%s", cases[i].name);
	}
	return ktap_finish();
}

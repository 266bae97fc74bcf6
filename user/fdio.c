// SPDX-License-Identifier: MIT
/*
 * /bin/fdio: descriptors, pidfds and the small calls Linux test programs
 * lean on, against Linux's fs/file.c, fs/fcntl.c, kernel/pid.c,
 * drivers/tty, fs/namespace.c, drivers/char/random.c, kernel/sched and
 * kernel/sys.c.
 *
 * Proves: dup, dup2 and dup3 (EINVAL, EBADF, closing the old newfd,
 * O_CLOEXEC) and fcntl's F_DUPFD(_CLOEXEC), F_GETFD/F_SETFD, F_GETFL/
 * F_SETFL (O_NONBLOCK kept, O_DIRECT refused on a terminal), EINVAL for an
 * unknown command, EBADF/EMFILE/EINVAL at RLIMIT_NOFILE; the console's
 * termios (TCGETS as Linux's serial console, TCSETS read back, tcdrain) and
 * 0 x 0 window, ENOTTY elsewhere; open's ENOENT and EEXIST (the rest of
 * open is /bin/fs's); mount's ENOENT/ENODEV/EINVAL; the kselftest harness's
 * wait -- fork, pidfd_open, poll for POLLIN, waitpid -- and pidfd_open's
 * EINVAL/ESRCH/ENOENT, PIDFD_NONBLOCK's EAGAIN from waitid,
 * pidfd_send_signal; ppoll's temporary mask and EINVAL cases; getrandom's
 * flags and bytes; sched_getaffinity/setaffinity and getcpu; and
 * PR_SET_PDEATHSIG: the signal comes when the parent process, or the
 * parent thread alone, exits.
 */
#include "sig_arch.h"
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <fcntl.h>
#include <ktap.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread.h>
#include <time.h>
#include <unistd.h>
#include <uapi/linux/ioctls.h>
#include <uapi/linux/mount.h>
#include <uapi/linux/pidfd.h>
#include <uapi/linux/termios.h>

static volatile int got_signal;

static void on_usr1(int sig)
{
	got_signal = sig;
}

static long on_signal(int sig, void (*fn)(int), unsigned long flags)
{
	struct kernel_sigaction a = { (unsigned long)fn, flags | SA_RESTORER,
				      (unsigned long)sig_restorer, 0 };

	return syscall4(__NR_rt_sigaction, sig, (long)&a, 0, 8);
}

static long sys_ioctl(int fd, unsigned long cmd, void *arg)
{
	return syscall(__NR_ioctl, fd, cmd, arg);
}

static int pidfd_open(pid_t pid, unsigned int flags)
{
	return (int)syscall(__NR_pidfd_open, pid, flags);
}

static int dup_family(void)
{
	int fd = dup(1), fd2, fds[2];

	EXPECT_TRUE("dup", fd >= 3);
	EXPECT_TRUE("dup(-1)", fails_with(dup(-1), EBADF));
	EXPECT("dup3 O_CLOEXEC", dup3(1, 40, O_CLOEXEC), 40);
	EXPECT("cloexec", fcntl(40, F_GETFD), FD_CLOEXEC);
	EXPECT("dup3 over an open fd", dup3(fd, 40, 0), 40);
	EXPECT("flag cleared", fcntl(40, F_GETFD), 0);
	EXPECT_TRUE("dup3 same fd", fails_with(dup3(40, 40, 0), EINVAL));
	EXPECT_TRUE("dup3 bad flags", fails_with(dup3(fd, 41, O_NONBLOCK), EINVAL));
	EXPECT_TRUE("dup3 closed oldfd", fails_with(dup3(77, 41, 0), EBADF));
	EXPECT_TRUE("dup3 newfd -1", fails_with(dup3(fd, -1, 0), EBADF));
	EXPECT_TRUE("dup3 newfd at the limit", fails_with(dup3(fd, 1024, 0), EBADF));
#ifdef __NR_dup2
	EXPECT("dup2 same open fd", syscall(__NR_dup2, 40, 40), 40);
	EXPECT_TRUE("dup2 same closed fd", fails_with(syscall(__NR_dup2, 41, 41), EBADF));
	EXPECT("dup2", syscall(__NR_dup2, fd, 41), 41);
	close(41);
#endif
	fd2 = fcntl(fd, F_DUPFD, 100);
	EXPECT("F_DUPFD from 100", fd2, 100);
	EXPECT("F_DUPFD_CLOEXEC", fcntl(fd, F_DUPFD_CLOEXEC, 100), 101);
	EXPECT("cloexec", fcntl(101, F_GETFD), FD_CLOEXEC);
	EXPECT_TRUE("F_DUPFD past the limit", fails_with(fcntl(fd, F_DUPFD, 1024), EINVAL));
	EXPECT("F_DUPFD_QUERY same", fcntl(fd, F_DUPFD_QUERY, 100), 1);
	EXPECT("F_DUPFD_QUERY fds 0 and 1: init's one console file", fcntl(0, F_DUPFD_QUERY, 1), 1);
	EXPECT("pipe", pipe(fds), 0);
	EXPECT("F_DUPFD_QUERY other", fcntl(fds[0], F_DUPFD_QUERY, 100), 0);
	close(fds[0]);
	close(fds[1]);
	close(fd);
	close(40);
	close(100);
	close(101);
	return 0;
}

static int fcntl_flags(void)
{
	EXPECT("console F_GETFL", fcntl(1, F_GETFL), O_RDWR);
	EXPECT("F_SETFL", fcntl(1, F_SETFL, O_NONBLOCK | O_APPEND | O_RDONLY | O_CREAT), 0);
	EXPECT("kept", fcntl(1, F_GETFL), O_RDWR | O_NONBLOCK | O_APPEND);
	EXPECT("F_SETFL 0", fcntl(1, F_SETFL, 0), 0);
	EXPECT_TRUE("O_DIRECT on a terminal", fails_with(fcntl(1, F_SETFL, O_DIRECT), EINVAL));
	EXPECT_TRUE("unknown command", fails_with(fcntl(1, 99999), EINVAL));
	/* Umbra has no record locks (docs/ABI.md §7.1): EINVAL; Linux reads the NULL flock. */
	EXPECT_TRUE("record locks", fails_with(fcntl(1, F_GETLK, 0), on_umbra() ? EINVAL : EFAULT));
	EXPECT_TRUE("bad fd", fails_with(fcntl(555, F_GETFD), EBADF));
	EXPECT("F_SETFD", fcntl(1, F_SETFD, FD_CLOEXEC | 2), 0);
	EXPECT("F_GETFD", fcntl(1, F_GETFD), FD_CLOEXEC);
	EXPECT("FIONCLEX", sys_ioctl(1, FIONCLEX, NULL), 0);
	EXPECT("F_GETFD", fcntl(1, F_GETFD), 0);
	return 0;
}

static int nofile_limits(void)
{
	struct rlimit rl, small = { 8, 4096 }, big = { 1024, (1u << 20) + 1 };
	int fd, n = 0;

	EXPECT("getrlimit", getrlimit(RLIMIT_NOFILE, &rl), 0);
	EXPECT("Linux's defaults", rl.rlim_cur * 10000 + rl.rlim_max, 1024 * 10000 + 4096);
	EXPECT_TRUE("hard limit past nr_open", fails_with(setrlimit(RLIMIT_NOFILE, &big), EPERM));
	EXPECT("lower", setrlimit(RLIMIT_NOFILE, &small), 0);
	while ((fd = dup(0)) >= 0)
		n++;
	EXPECT_TRUE("EMFILE", errno == EMFILE);
	EXPECT("fds 3..7 were free", n, 5);
	for (fd = 3; fd < 8; fd++)
		close(fd);
	EXPECT_TRUE("dup3 to 8", fails_with(dup3(0, 8, 0), EBADF));
	EXPECT_TRUE("F_DUPFD from 8", fails_with(fcntl(0, F_DUPFD, 8), EINVAL));
	EXPECT("restore", setrlimit(RLIMIT_NOFILE, &rl), 0);
	EXPECT("an fd far up grows the table", dup3(0, 1000, 0), 1000);
	close(1000);
	return 0;
}

static int console_termios(void)
{
	struct termios t, t2;
	struct winsize ws = { 1, 2, 3, 4 };
	int fds[2];

	EXPECT("TCGETS", sys_ioctl(0, TCGETS, &t), 0);
	EXPECT("c_cflag", t.c_cflag, B115200 | CS8 | CREAD | HUPCL | CLOCAL);
	EXPECT("c_iflag", t.c_iflag, ICRNL | IXON);
	EXPECT("c_oflag", t.c_oflag, OPOST | ONLCR);
	EXPECT("c_lflag", t.c_lflag,
	       ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHOCTL | ECHOKE | IEXTEN);
	EXPECT("VINTR", t.c_cc[VINTR], 3);
	EXPECT("VMIN", t.c_cc[VMIN], 1);
	t2 = t;
	t2.c_lflag &= ~ECHO;
	EXPECT("TCSETSW", sys_ioctl(0, TCSETSW, &t2), 0);
	EXPECT("TCGETS", sys_ioctl(1, TCGETS, &t2), 0);
	EXPECT("read back", t2.c_lflag, t.c_lflag & ~ECHO);
	EXPECT("TCSETS", sys_ioctl(0, TCSETS, &t), 0);
	EXPECT("tcdrain", sys_ioctl(1, TCSBRK, (void *)1), 0);
	EXPECT("TIOCGWINSZ", sys_ioctl(1, TIOCGWINSZ, &ws), 0);
	EXPECT("0 x 0", ws.ws_row | ws.ws_col | ws.ws_xpixel | ws.ws_ypixel, 0);
	EXPECT_TRUE("EFAULT", fails_with(sys_ioctl(1, TCGETS, (void *)8), EFAULT));
	EXPECT_TRUE("unknown request", fails_with(sys_ioctl(1, 0x5499, &t), ENOTTY));
	EXPECT("pipe", pipe(fds), 0);
	EXPECT_TRUE("pipe is no tty", fails_with(sys_ioctl(fds[0], TCGETS, &t), ENOTTY));
	close(fds[0]);
	close(fds[1]);
	EXPECT_TRUE("bad fd", fails_with(sys_ioctl(99, TCGETS, &t), EBADF));
	return 0;
}

static int open_missing_and_existing(void)
{
	int fd;

	EXPECT_TRUE("missing, for writing", fails_with(open("/nope", O_WRONLY), ENOENT));
	EXPECT_TRUE("existing, O_CREAT|O_EXCL",
		    fails_with(open("/init", O_RDONLY | O_CREAT | O_EXCL, 0644), EEXIST));
	fd = open("/init", O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
	EXPECT_TRUE("existing, O_CREAT read-only opens", fd >= 0);
	EXPECT("F_GETFL", fcntl(fd, F_GETFL), O_RDONLY | O_LARGEFILE);
	close(fd);
	return 0;
}

static int mount_errnos(void)
{
	EXPECT_TRUE("missing target",
		    fails_with(syscall(__NR_mount, "none", "/nope", "tmpfs", 0, 0), ENOENT));
	EXPECT_TRUE("unknown type",
		    fails_with(syscall(__NR_mount, "none", "/bin", "nosuchfs", 0, 0), ENODEV));
	EXPECT_TRUE("no type", fails_with(syscall(__NR_mount, "none", "/", 0, 0, 0), EINVAL));
	/*
	 * Umbra has no bind mounts (README); on Linux one would work and hide /
	 * from the programs still to run. (tmpfs mounts work on both: /bin/procfs.)
	 */
	if (on_umbra())
		EXPECT_TRUE("bind",
			    fails_with(syscall(__NR_mount, "/bin", "/", 0, MS_BIND, 0), EINVAL));
	EXPECT_TRUE("bad type pointer",
		    fails_with(syscall(__NR_mount, "none", "/", (void *)8, 0, 0), EFAULT));
	return 0;
}

/*
 * The kselftest harness's wait for a test: fork, pidfd_open, poll POLLIN,
 * waitpid. The child exits only once the parent has seen it running (a
 * gate), however slow the machine.
 */
static int harness_wait(void)
{
	struct pollfd p;
	struct gate running;
	int st, pidfd;
	pid_t pid;

	EXPECT_TRUE("gate", gate_make(&running));
	pid = fork();
	if (pid == 0) {
		gate_waiter(&running);
		gate_pass(&running);
		_exit(7);
	}
	pidfd = pidfd_open(pid, 0);
	EXPECT_TRUE("pidfd_open", pidfd >= 3);
	EXPECT("O_CLOEXEC", fcntl(pidfd, F_GETFD), FD_CLOEXEC);
	p = (struct pollfd){ pidfd, POLLIN, 0 };
	EXPECT("still running", poll(&p, 1, 0), 0);
	gate_lift(&running);
	EXPECT("POLLIN once it exits", poll(&p, 1, HANG_MS), 1);
	EXPECT("revents", p.revents, POLLIN);
	EXPECT("waitpid", waitpid(pid, &st, 0), pid);
	EXPECT_TRUE("its status", status_is(st, 7, 0));
	EXPECT("reaped", poll(&p, 1, 0), 1);
	EXPECT("revents", p.revents, POLLIN | POLLHUP);
	EXPECT_TRUE("read", fails_with(read(pidfd, &st, 4), EINVAL));
	close(pidfd);
	gate_close(&running);
	return 0;
}

static struct gate thread_held;

/* A thread that lives until the main thread lifts thread_held. */
static int thread_waits(void *arg)
{
	(void)arg;
	gate_pass(&thread_held);
	return 0;
}

static int pidfd_open_errnos(void)
{
	struct thread th;
	siginfo_t si;
	int pidfd, st;
	pid_t pid;

	EXPECT_TRUE("flags", fails_with(pidfd_open(getpid(), 1), EINVAL));
	/* Umbra has no PIDFD_THREAD (docs/ABI.md §7.1, as before Linux 6.9); Linux 6.9+ opens one. */
	if (on_umbra()) {
		EXPECT_TRUE("PIDFD_THREAD", fails_with(pidfd_open(getpid(), PIDFD_THREAD), EINVAL));
	} else {
		pidfd = pidfd_open(getpid(), PIDFD_THREAD);
		EXPECT_TRUE("PIDFD_THREAD", pidfd >= 3);
		close(pidfd);
	}
	EXPECT_TRUE("pid 0", fails_with(pidfd_open(0, 0), EINVAL));
	EXPECT_TRUE("pid -1", fails_with(pidfd_open(-1, 0), EINVAL));
	EXPECT_TRUE("no such pid", fails_with(pidfd_open(32000, 0), ESRCH));
	EXPECT_TRUE("gate", gate_make(&thread_held));
	EXPECT("thread", thread_create(&th, thread_waits, NULL, NULL), 0);
	EXPECT_TRUE("a thread that leads nothing",
		    fails_with(pidfd_open(th.created_tid, 0), ENOENT));
	gate_lift(&thread_held);
	thread_join(&th, NULL);
	pid = fork();
	if (pid == 0) { /* held until the parent has seen it running */
		gate_waiter(&thread_held);
		gate_pass(&thread_held);
		_exit(0);
	}
	pidfd = pidfd_open(pid, PIDFD_NONBLOCK);
	EXPECT("F_GETFL", fcntl(pidfd, F_GETFL), O_RDWR | O_NONBLOCK);
	EXPECT_TRUE("waitid nonblocking", fails_with(waitid(P_PIDFD, pidfd, &si, WEXITED), EAGAIN));
	gate_lift(&thread_held);
	EXPECT("waitpid", waitpid(pid, &st, 0), pid);
	EXPECT_TRUE("reaped", fails_with(pidfd_open(pid, 0), ESRCH));
	close(pidfd);
	gate_close(&thread_held);
	return 0;
}

static int pidfd_send_signal_cases(void)
{
	struct gate never;
	int pidfd, st;
	pid_t pid;

	EXPECT_TRUE("gate", gate_make(&never));
	pid = fork();
	if (pid == 0) { /* lives until the SIGKILL (or, after a failed check, our exit) */
		gate_waiter(&never);
		gate_pass(&never);
		_exit(0);
	}
	pidfd = pidfd_open(pid, 0);
	EXPECT_TRUE("unknown flag",
		    fails_with(syscall(__NR_pidfd_send_signal, pidfd, SIGKILL, 0, 8), EINVAL));
	/* Umbra has no scope flags (docs/ABI.md §7.1); on Linux 1 is PIDFD_SIGNAL_THREAD. */
	if (on_umbra())
		EXPECT_TRUE("flags",
			    fails_with(syscall(__NR_pidfd_send_signal, pidfd, SIGKILL, 0, 1),
				       EINVAL));
	EXPECT_TRUE("not a pidfd",
		    fails_with(syscall(__NR_pidfd_send_signal, 1, SIGKILL, 0, 0), EBADF));
	EXPECT_TRUE("bad signal",
		    fails_with(syscall(__NR_pidfd_send_signal, pidfd, 65, 0, 0), EINVAL));
	EXPECT("SIGKILL", syscall(__NR_pidfd_send_signal, pidfd, SIGKILL, 0, 0), 0);
	EXPECT("waitpid", waitpid(pid, &st, 0), pid);
	EXPECT_TRUE("killed", status_is(st, 0, SIGKILL));
	EXPECT_TRUE("reaped",
		    fails_with(syscall(__NR_pidfd_send_signal, pidfd, SIGKILL, 0, 0), ESRCH));
	close(pidfd);
	gate_close(&never);
	return 0;
}

static int ppoll_mask_and_errors(void)
{
	unsigned long usr1 = 1ul << (SIGUSR1 - 1), none = 0, old;
	struct timespec ts = { HANG_MS / 1000, 0 }, bad = { 0, 1000000000 };
	struct pollfd p = { -1, 0, 0 };
	pid_t parent = getpid(), pid;
	int st;

	EXPECT_TRUE("bad timespec", fails_with(ppoll(&p, 1, &bad, NULL), EINVAL));
	EXPECT_TRUE("bad sigsetsize",
		    fails_with(syscall(__NR_ppoll, &p, 1, &ts, &none, 4), EINVAL));
	EXPECT("handler", on_signal(SIGUSR1, on_usr1, 0), 0);
	EXPECT("block SIGUSR1", syscall(__NR_rt_sigprocmask, SIG_BLOCK, &usr1, 0, 8), 0);
	got_signal = 0;
	pid = fork();
	if (pid == 0) { /* the signal finds the parent asleep in ppoll, its only sleep */
		wait_sleeping(parent);
		kill(parent, SIGUSR1);
		_exit(0);
	}
	EXPECT_TRUE("ppoll's mask lets it in", fails_with(ppoll(&p, 1, &ts, &none), EINTR));
	EXPECT("the handler ran", got_signal, SIGUSR1);
	EXPECT("the old mask is back", syscall(__NR_rt_sigprocmask, SIG_BLOCK, 0, &old, 8), 0);
	EXPECT("blocked again", old & usr1, usr1);
	EXPECT("waitpid", waitpid(pid, &st, 0), pid);
	EXPECT("unblock", syscall(__NR_rt_sigprocmask, SIG_UNBLOCK, &usr1, 0, 8), 0);
	EXPECT("default", on_signal(SIGUSR1, (void (*)(int))SIG_DFL, 0), 0);
	return 0;
}

static int getrandom_cases(void)
{
	unsigned char a[64], b[64], zero[64] = { 0 };

	EXPECT_TRUE("unknown flag", fails_with(getrandom(a, 8, 8), EINVAL));
	EXPECT_TRUE("RANDOM|INSECURE",
		    fails_with(getrandom(a, 8, GRND_RANDOM | GRND_INSECURE), EINVAL));
	EXPECT("64 bytes", getrandom(a, sizeof(a), 0), 64);
	EXPECT("64 more", getrandom(b, sizeof(b), GRND_NONBLOCK | GRND_RANDOM), 64);
	EXPECT_TRUE("not zero", memcmp(a, zero, 64) != 0);
	EXPECT_TRUE("not the same", memcmp(a, b, 64) != 0);
	EXPECT("0 bytes", getrandom(a, 0, GRND_INSECURE), 0);
	EXPECT_TRUE("EFAULT", fails_with(getrandom((void *)8, 8, 0), EFAULT));
	return 0;
}

/*
 * The mask holds CPU 0 and, with several CPUs scheduling, the others up to
 * the last (each platform starts its CPUs without gaps). Pinned to one
 * CPU, the caller runs there by the time sched_setaffinity() returns.
 */
static int affinity_and_getcpu(void)
{
	unsigned long mask[2] = { ~0ul, ~0ul }, all, one;
	unsigned int cpu = 99, node = 9;

	EXPECT("getaffinity", syscall(__NR_sched_getaffinity, 0, 16, mask), 8);
	all = mask[0];
	/* Every CPU of these machines is online: CPUs 0..n-1. */
	EXPECT_TRUE("CPUs 0..n-1", all != 0 && (all & (all + 1)) == 0);
	EXPECT("untouched", mask[1], ~0ul);
	EXPECT_TRUE("len 0", fails_with(syscall(__NR_sched_getaffinity, 0, 0, mask), EINVAL));
	EXPECT_TRUE("len 4", fails_with(syscall(__NR_sched_getaffinity, 0, 4, mask), EINVAL));
	EXPECT_TRUE("no such pid",
		    fails_with(syscall(__NR_sched_getaffinity, 32000, 8, mask), ESRCH));
	mask[0] = 1ul << 63; /* no such CPU: nothing left to run on */
	EXPECT_TRUE("no CPU of the mask exists",
		    fails_with(syscall(__NR_sched_setaffinity, 0, 8, mask), EINVAL));
	EXPECT("getcpu", syscall(__NR_getcpu, &cpu, &node, 0), 0);
	EXPECT_TRUE("a CPU of the mask, node 0", cpu < 64 && (all >> cpu & 1) && node == 0);
	EXPECT("getcpu NULLs", syscall(__NR_getcpu, 0, 0, 0), 0);
	/* Pinned to the highest CPU: getcpu says so at once (the call moves the caller). */
	one = 1ul << (63 - __builtin_clzl(all));
	EXPECT("setaffinity to the last CPU", syscall(__NR_sched_setaffinity, 0, 8, &one), 0);
	EXPECT("getcpu there", syscall(__NR_getcpu, &cpu, 0, 0), 0);
	EXPECT("on the last CPU", 1ul << cpu, one);
	mask[0] = ~0ul;
	EXPECT("getaffinity pinned", syscall(__NR_sched_getaffinity, 0, 8, mask), 8);
	EXPECT("the one CPU", mask[0], one);
	EXPECT("setaffinity back", syscall(__NR_sched_setaffinity, 0, 8, &all), 0);
	return 0;
}

static int pdeathsig(void)
{
	int sig = 5;

	EXPECT_TRUE("bad signal", fails_with(prctl(PR_SET_PDEATHSIG, 65, 0, 0, 0), EINVAL));
	EXPECT("none yet", prctl(PR_GET_PDEATHSIG, (unsigned long)&sig, 0, 0, 0), 0);
	EXPECT("0", sig, 0);
	EXPECT("set", prctl(PR_SET_PDEATHSIG, SIGUSR2, 0, 0, 0), 0);
	prctl(PR_GET_PDEATHSIG, (unsigned long)&sig, 0, 0, 0);
	EXPECT("read back", sig, SIGUSR2);
	EXPECT("clear", prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0), 0);
	return 0;
}

/* The grandchild shares a pipe with us through its parent (the middle child). */
static int pdeathsig_on_parent_exit(void)
{
	struct gate ready;
	int fds[2], st;
	char c[2] = { 0, 0 };
	pid_t mid;

	EXPECT("pipe", pipe(fds), 0);
	EXPECT_TRUE("gate", gate_make(&ready));
	mid = fork();
	if (mid == 0) {
		pid_t pid = fork();

		if (pid == 0) {
			if (prctl(PR_SET_PDEATHSIG, SIGUSR1, 0, 0, 0) ||
			    on_signal(SIGUSR1, on_usr1, 0))
				_exit(2);
			write(fds[1], "r", 1);
			gate_lift(&ready);
			wait_flag(&got_signal, "the parent-death signal");
			write(fds[1], got_signal == SIGUSR1 ? "s" : "n", 1);
			_exit(0);
		}
		gate_waiter(&ready);
		gate_pass(&ready); /* it is ready: leave */
		_exit(0);
	}
	gate_close(&ready);
	close(fds[1]);
	EXPECT("ready", read(fds[0], &c[0], 1), 1);
	EXPECT("waitpid", waitpid(mid, &st, 0), mid);
	EXPECT("the grandchild's word", read(fds[0], &c[1], 1), 1);
	EXPECT("signalled", c[1], 's');
	close(fds[0]);
	return 0;
}

/* A thread that forks, then ends once its child has asked for the parent-death signal. */
static int pdeath_fds[2];

static int forking_thread(void *arg)
{
	pid_t *child = arg;
	char r;

	*child = fork();
	if (*child == 0) {
		if (prctl(PR_SET_PDEATHSIG, SIGUSR1, 0, 0, 0) || on_signal(SIGUSR1, on_usr1, 0))
			_exit(2);
		write(pdeath_fds[1], "r", 1);
		wait_flag(&got_signal, "the parent-death signal");
		write(pdeath_fds[1], got_signal == SIGUSR1 ? "s" : "n", 1);
		_exit(0);
	}
	return read(pdeath_fds[0], &r, 1) == 1 && r == 'r' ? 0 : 1;
}

/*
 * The signal follows the parent *thread*, not the process (prctl(2)): a
 * thread forks, its child asks for SIGUSR1 when its parent dies, and the
 * thread ends while the process goes on. The child gets the signal, and
 * stays the process's child: this thread reaps it. The ending thread's
 * exit is the kind that takes the big lock (a child names it its parent
 * thread: kernel/proc/exit.c), beside the exits that do not.
 */
static int pdeathsig_on_parent_thread_exit(void)
{
	static struct thread t;
	pid_t child = -1;
	int st, res = -1;
	char c;

	EXPECT("pipe", pipe(pdeath_fds), 0);
	EXPECT("thread_create", thread_create(&t, forking_thread, &child, NULL), 0);
	thread_join(&t, &res);
	EXPECT("the thread saw its child ready", res, 0);
	EXPECT_TRUE("fork", child > 0);
	EXPECT("the child's word", read(pdeath_fds[0], &c, 1), 1);
	EXPECT("signalled", c, 's');
	EXPECT("waitpid from another thread of its parent", waitpid(child, &st, 0), child);
	EXPECT("its status", st, 0);
	return 0;
}

static const struct test_case cases[] = {
	{ "dup_dup2_dup3_f_dupfd", dup_family },
	{ "fcntl_fd_and_status_flags", fcntl_flags },
	{ "rlimit_nofile_emfile_ebadf_einval", nofile_limits },
	{ "console_termios_winsize_enotty", console_termios },
	{ "open_enoent_and_o_excl_eexist", open_missing_and_existing },
	{ "mount_enoent_enodev_einval", mount_errnos },
	{ "harness_fork_pidfd_poll_waitpid", harness_wait },
	{ "pidfd_open_einval_esrch_enoent_nonblock", pidfd_open_errnos },
	{ "pidfd_send_signal_kills_then_esrch", pidfd_send_signal_cases },
	{ "ppoll_sigmask_eintr_einval", ppoll_mask_and_errors },
	{ "getrandom_flags_and_bytes", getrandom_cases },
	{ "sched_affinity_one_cpu_getcpu", affinity_and_getcpu },
	{ "prctl_pdeathsig_set_get_einval", pdeathsig },
	{ "pdeathsig_sent_when_parent_exits", pdeathsig_on_parent_exit },
	{ "pdeathsig_sent_when_parent_thread_exits", pdeathsig_on_parent_thread_exit },
};

int main(void)
{
	/* Each in a child: a failure leaves no fd, limit or mask behind for the next. */
	return test_cases_run(cases, sizeof(cases) / sizeof(cases[0]), true);
}

// SPDX-License-Identifier: MIT
/*
 * /bin/pipes: pipes and poll(), against Linux's fs/pipe.c and fs/select.c.
 *
 * Proves: pipe2's flag checks (EINVAL; O_NOTIFICATION_PIPE → ENOPKG) and
 * that a failed copy-out installs no fd; the ends' F_GETFL (O_RDONLY,
 * O_WRONLY | O_NONBLOCK | O_DIRECT); a round trip; the 64 KiB capacity
 * (F_GETPIPE_SZ, EAGAIN when full -- after 16 x 4000 bytes written 1000 at a
 * time, as Linux merges only whole writes --, a big non-blocking write cut
 * at 65536);
 * PIPE_BUF atomicity (a small write that does not fit is refused whole); end
 * of file once the last writer is gone (also a child's, at its exit, and
 * before its parent can reap it: fds 63 and 300 copied by the fork);
 * EPIPE and SIGPIPE once the last reader is gone; a blocked read woken by a
 * child's write and a blocked write by a child's read; a signal ending a
 * blocked read with EINTR, or restarting it under SA_RESTART; packet mode
 * (O_DIRECT); F_SETPIPE_SZ; FIONREAD; poll's POLLIN/POLLOUT/POLLHUP/POLLERR
 * on pipe ends, POLLNVAL on a closed fd, a negative fd skipped, a time-out,
 * nfds 0 as a sleep, EINVAL past RLIMIT_NOFILE, EFAULT; and that pipes
 * leave no page behind.
 */
#include "sig_arch.h"
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <fcntl.h>
#include <ktap.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <uapi/linux/ioctls.h>

#define CAPACITY 65536 /* Linux's default: 16 pages */
#define PIPE_BUF 4096
#define O_NOTIFICATION_PIPE O_EXCL

static char buf[CAPACITY + 8192];
static volatile int got_signal;
static struct gate usr1_seen = { -1, -1 }; /* on_usr1 tells poke_later's child it ran */

static void on_usr1(int sig)
{
	got_signal = sig;
	if (usr1_seen.wr >= 0)
		write(usr1_seen.wr, "s", 1);
}

static void usr1_seen_close(void)
{
	gate_close(&usr1_seen);
	usr1_seen = (struct gate){ -1, -1 };
}

static long on_signal(int sig, void (*fn)(int), unsigned long flags)
{
	struct kernel_sigaction a = { (unsigned long)fn, flags | SA_RESTORER,
				      (unsigned long)sig_restorer, 0 };

	return syscall4(__NR_rt_sigaction, sig, (long)&a, 0, 8);
}

static long fionread(int fd)
{
	int n = -1;
	long r = syscall3(__NR_ioctl, fd, FIONREAD, (long)&n);

	return r ? r : n;
}

/* The fd the next open would get: nothing leaked when it stays the same. */
static int next_fd(void)
{
	int fd = dup(0);

	close(fd);
	return fd;
}

static int pipe2_bad_flags(void)
{
	int fds[2];

	EXPECT_TRUE("O_APPEND", fails_with(pipe2(fds, O_APPEND), EINVAL));
	EXPECT_TRUE("O_NOTIFICATION_PIPE", fails_with(pipe2(fds, O_NOTIFICATION_PIPE), ENOPKG));
	return 0;
}

static int pipe2_efault_installs_nothing(void)
{
	int before = next_fd();

	EXPECT_TRUE("pipe2(1)", fails_with(syscall(__NR_pipe2, 1L, 0L), EFAULT));
	EXPECT("next fd", next_fd(), before);
	return 0;
}

static int pipe_ends_flags(void)
{
	int fds[2];

	EXPECT("pipe2", pipe2(fds, O_NONBLOCK | O_DIRECT | O_CLOEXEC), 0);
	EXPECT("read end F_GETFL", fcntl(fds[0], F_GETFL), O_RDONLY | O_NONBLOCK);
	EXPECT("write end F_GETFL", fcntl(fds[1], F_GETFL), O_WRONLY | O_NONBLOCK | O_DIRECT);
	EXPECT("F_GETFD", fcntl(fds[0], F_GETFD), FD_CLOEXEC);
	EXPECT_TRUE("read the write end", fails_with(read(fds[1], buf, 1), EBADF));
	EXPECT_TRUE("write the read end", fails_with(write(fds[0], "x", 1), EBADF));
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int pipe_round_trip(void)
{
	int fds[2];

	EXPECT("pipe", pipe(fds), 0);
	EXPECT("write", write(fds[1], "hello", 5), 5);
	EXPECT("write 0", write(fds[1], "", 0), 0);
	memset(buf, 0, 8);
	EXPECT("read", read(fds[0], buf, sizeof(buf)), 5);
	EXPECT("bytes", memcmp(buf, "hello", 5), 0);
	EXPECT("read 0", read(fds[0], buf, 0), 0);
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int pipe_capacity_64k(void)
{
	int fds[2];
	long total = 0, r;

	EXPECT("pipe2", pipe2(fds, O_NONBLOCK), 0);
	EXPECT("F_GETPIPE_SZ", fcntl(fds[1], F_GETPIPE_SZ), CAPACITY);
	while ((r = write(fds[1], buf, 1000)) > 0)
		total += r;
	EXPECT_TRUE("full", r == -1 && errno == EAGAIN);
	/* A write tops up the last page only when it fits there whole: four per page. */
	EXPECT("bytes held", total, 16 * 4000);
	close(fds[0]);
	close(fds[1]);
	EXPECT("pipe2", pipe2(fds, O_NONBLOCK), 0);
	EXPECT("a big non-blocking write is cut", write(fds[1], buf, CAPACITY + 4000), CAPACITY);
	EXPECT_TRUE("then full", fails_with(write(fds[1], buf, 1), EAGAIN));
	EXPECT("FIONREAD", fionread(fds[0]), CAPACITY);
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int pipe_buf_writes_are_atomic(void)
{
	int fds[2];

	EXPECT("pipe2", pipe2(fds, O_NONBLOCK), 0);
	/* 15 full pages, then 4000 bytes in the 16th slot: 96 bytes of room. */
	EXPECT("fill", write(fds[1], buf, 15 * 4096 + 4000), 15 * 4096 + 4000);
	EXPECT_TRUE("200 bytes do not fit whole", fails_with(write(fds[1], buf, 200), EAGAIN));
	EXPECT("96 bytes do", write(fds[1], buf, 96), 96);
	EXPECT_TRUE("now full", fails_with(write(fds[1], buf, 1), EAGAIN));
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int eof_after_last_writer(void)
{
	int fds[2], st;
	pid_t pid;

	EXPECT("pipe", pipe(fds), 0);
	pid = fork();
	if (pid == 0) { /* writes once the parent is blocked in its read (its only sleep) */
		close(fds[0]);
		wait_sleeping(getppid());
		_exit(write(fds[1], "abc", 3) == 3 ? 0 : 1); /* the exit closes the last writer */
	}
	close(fds[1]);
	EXPECT("read the child's bytes", read(fds[0], buf, sizeof(buf)), 3);
	EXPECT("then end of file", read(fds[0], buf, sizeof(buf)), 0);
	EXPECT("wait", wait4(pid, &st, 0, NULL), pid);
	EXPECT_TRUE("child", status_is(st, 0, 0));
	close(fds[0]);
	return 0;
}

/*
 * A child's exit closes every fd it held -- 63, at the end of the first
 * table size, and 300, past it, copied by its fork -- before its parent
 * can reap it (Linux's exit_files() comes before exit_notify()): once
 * wait4 returns, a non-blocking read finds end of file, not EAGAIN.
 */
static int eof_once_reaped_child_held_high_fds(void)
{
	int fds[2], st;
	pid_t pid;

	EXPECT("pipe", pipe2(fds, O_NONBLOCK), 0);
	EXPECT("dup2 to 63", dup2(fds[1], 63), 63);
	EXPECT("dup2 to 300", dup2(fds[1], 300), 300);
	close(fds[1]);
	pid = fork();
	if (pid == 0)
		_exit(write(63, "a", 1) == 1 && write(300, "b", 1) == 1 ? 0 : 1);
	close(63);
	close(300);
	EXPECT("wait", wait4(pid, &st, 0, NULL), pid);
	EXPECT_TRUE("child wrote through both", status_is(st, 0, 0));
	EXPECT("read both bytes", read(fds[0], buf, sizeof(buf)), 2);
	EXPECT("then end of file", read(fds[0], buf, sizeof(buf)), 0);
	close(fds[0]);
	return 0;
}

static int sigpipe_child(void)
{
	int fds[2];

	if (pipe(fds))
		return 1;
	close(fds[0]);
	write(fds[1], "x", 1);
	return SURVIVED;
}

static int epipe_and_sigpipe(void)
{
	int fds[2];

	EXPECT_TRUE("default SIGPIPE kills", child_result(sigpipe_child, 0, SIGPIPE, 0));
	EXPECT("pipe", pipe(fds), 0);
	close(fds[0]);
	EXPECT("ignore SIGPIPE", on_signal(SIGPIPE, (void (*)(int))SIG_IGN, 0), 0);
	EXPECT_TRUE("EPIPE", fails_with(write(fds[1], "x", 1), EPIPE));
	EXPECT("poll says POLLERR|POLLOUT", ({
		       struct pollfd p = { fds[1], POLLOUT, 0 };
		       poll(&p, 1, 0) == 1 ? p.revents : -1;
	       }),
	       POLLOUT | POLLERR);
	EXPECT("default again", on_signal(SIGPIPE, (void (*)(int))SIG_DFL, 0), 0);
	close(fds[1]);
	return 0;
}

static int read_blocks_until_write(void)
{
	int fds[2], st;
	pid_t pid;

	EXPECT("pipe", pipe(fds), 0);
	pid = fork();
	if (pid == 0) { /* writes once the parent is blocked in its read (its only sleep) */
		wait_sleeping(getppid());
		_exit(write(fds[1], "late", 4) == 4 ? 0 : 1);
	}
	EXPECT("the blocked read gets the write", read(fds[0], buf, sizeof(buf)), 4);
	EXPECT("wait", wait4(pid, &st, 0, NULL), pid);
	EXPECT_TRUE("child", status_is(st, 0, 0));
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int write_blocks_until_read(void)
{
	int fds[2], st;
	pid_t pid;

	EXPECT("pipe", pipe(fds), 0);
	EXPECT("fill", write(fds[1], buf, CAPACITY), CAPACITY);
	pid = fork();
	if (pid == 0) {
		long got = 0, r;

		close(fds[1]);
		wait_sleeping(getppid()); /* reads once the parent's write blocks */
		while ((r = read(fds[0], buf, sizeof(buf))) > 0)
			got += r;
		_exit(got == CAPACITY + 5000 ? 0 : 1);
	}
	close(fds[0]);
	EXPECT("the blocked write completes", write(fds[1], buf, 5000), 5000);
	close(fds[1]);
	EXPECT("wait", wait4(pid, &st, 0, NULL), pid);
	EXPECT_TRUE("child read everything", status_is(st, 0, 0));
	return 0;
}

/*
 * A child signals us with SIGUSR1 once we are blocked in the read (our only
 * sleep), then (restart) writes a byte once on_usr1 has run: the read was
 * interrupted, or restarted, before the byte came, on any machine.
 */
static pid_t poke_later(int wfd, bool then_write)
{
	pid_t parent = getpid(), pid;

	if (!gate_make(&usr1_seen))
		return -1;
	pid = fork();
	if (pid == 0) {
		gate_waiter(&usr1_seen);
		wait_sleeping(parent);
		kill(parent, SIGUSR1);
		if (then_write) {
			gate_pass(&usr1_seen);
			write(wfd, "r", 1);
		}
		_exit(0);
	}
	return pid;
}

static int signal_ends_blocked_read(void)
{
	int fds[2], st;
	pid_t pid;

	EXPECT("pipe", pipe(fds), 0);
	EXPECT("handler", on_signal(SIGUSR1, on_usr1, 0), 0);
	got_signal = 0;
	pid = poke_later(fds[1], false);
	EXPECT_TRUE("EINTR", fails_with(read(fds[0], buf, 1), EINTR));
	EXPECT("the handler ran", got_signal, SIGUSR1);
	EXPECT("wait", wait4(pid, &st, 0, NULL), pid);
	usr1_seen_close();

	EXPECT("SA_RESTART handler", on_signal(SIGUSR1, on_usr1, SA_RESTART), 0);
	got_signal = 0;
	pid = poke_later(fds[1], true);
	EXPECT("restarted, then the byte", read(fds[0], buf, 1), 1);
	EXPECT("the handler ran", got_signal, SIGUSR1);
	EXPECT("wait", wait4(pid, &st, 0, NULL), pid);
	usr1_seen_close();
	EXPECT("default", on_signal(SIGUSR1, (void (*)(int))SIG_DFL, 0), 0);
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int packet_mode(void)
{
	int fds[2];

	EXPECT("pipe2", pipe2(fds, O_DIRECT), 0);
	EXPECT("first", write(fds[1], "aaaa", 4), 4);
	EXPECT("second", write(fds[1], "bb", 2), 2);
	EXPECT("a read takes one packet, cut", read(fds[0], buf, 3), 3);
	EXPECT("the next packet", read(fds[0], buf, 100), 2);
	EXPECT("its bytes", memcmp(buf, "bb", 2), 0);
	EXPECT("F_SETFL clears O_DIRECT", fcntl(fds[1], F_SETFL, 0), 0);
	EXPECT("F_GETFL", fcntl(fds[1], F_GETFL), O_WRONLY);
	EXPECT("stream", write(fds[1], "cc", 2) + write(fds[1], "dd", 2), 4);
	EXPECT("merged", read(fds[0], buf, 100), 4);
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int setpipe_size(void)
{
	int fds[2];

	EXPECT("pipe2", pipe2(fds, O_NONBLOCK), 0);
	EXPECT("F_SETPIPE_SZ rounds up", fcntl(fds[0], F_SETPIPE_SZ, 5000), 8192);
	EXPECT("F_GETPIPE_SZ", fcntl(fds[1], F_GETPIPE_SZ), 8192);
	EXPECT("two pages hold", write(fds[1], buf, 3 * 4096), 2 * 4096);
	EXPECT_TRUE("shrinking below the data",
		    fails_with(fcntl(fds[0], F_SETPIPE_SZ, 4096), EBUSY));
	EXPECT_TRUE("0 pages", fails_with(fcntl(fds[0], F_SETPIPE_SZ, 0x80000001u), EINVAL));
	EXPECT_TRUE("not a pipe", fails_with(fcntl(0, F_GETPIPE_SZ), EBADF));
	EXPECT("FIONREAD", fionread(fds[0]), 8192);
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int poll_pipe_ends(void)
{
	int fds[2];
	struct pollfd p[4];

	EXPECT("pipe", pipe(fds), 0);
	p[0] = (struct pollfd){ fds[0], POLLIN, 0 };
	p[1] = (struct pollfd){ fds[1], POLLOUT, 0 };
	p[2] = (struct pollfd){ -1, POLLIN, 0 };
	p[3] = (struct pollfd){ 1000, POLLIN, 0 };
	EXPECT("empty: the write end and the closed fd", poll(p, 4, 0), 2);
	EXPECT("read end", p[0].revents, 0);
	EXPECT("write end", p[1].revents, POLLOUT);
	EXPECT("negative fd", p[2].revents, 0);
	EXPECT("closed fd", p[3].revents, POLLNVAL);
	write(fds[1], "x", 1);
	EXPECT("data", poll(p, 2, 0), 2);
	EXPECT("POLLIN", p[0].revents, POLLIN);
	close(fds[1]);
	EXPECT("writer gone", poll(p, 1, 0), 1);
	EXPECT("POLLIN|POLLHUP", p[0].revents, POLLIN | POLLHUP);
	read(fds[0], buf, 1);
	p[0].events = POLLIN | POLLRDNORM;
	EXPECT("drained", poll(p, 1, 0), 1);
	EXPECT("POLLHUP alone", p[0].revents, POLLHUP);
	close(fds[0]);
	return 0;
}

static int poll_timeouts_and_errors(void)
{
	int fds[2];
	struct pollfd p;
	long long t0;
	struct rlimit rl;

	EXPECT("pipe", pipe(fds), 0);
	p = (struct pollfd){ fds[0], POLLIN, 0 };
	t0 = monotonic_ns();
	EXPECT("time-out", poll(&p, 1, 30), 0);
	EXPECT_TRUE("waited 30 ms", monotonic_ns() - t0 >= 30000000);
	t0 = monotonic_ns();
	EXPECT("nfds 0 sleeps", poll(NULL, 0, 30), 0);
	EXPECT_TRUE("waited 30 ms", monotonic_ns() - t0 >= 30000000);
	EXPECT("getrlimit", getrlimit(RLIMIT_NOFILE, &rl), 0);
	EXPECT_TRUE("nfds > RLIMIT_NOFILE", fails_with(poll(&p, rl.rlim_cur + 1, 0), EINVAL));
	EXPECT_TRUE("EFAULT", fails_with(poll((struct pollfd *)8, 1, 0), EFAULT));
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int pipes_leave_no_pages(void)
{
	unsigned long before;
	int fds[2];

	for (int round = 0; round < 2; round++) {
		if (round == 1)
			before = free_pages();
		for (int i = 0; i < 20; i++) {
			EXPECT("pipe", pipe(fds), 0);
			EXPECT("write", write(fds[1], buf, 3 * 4096 + 10), 3 * 4096 + 10);
			close(fds[0]);
			close(fds[1]);
		}
	}
	EXPECT("free pages", free_pages(), before);
	return 0;
}

static const struct test_case cases[] = {
	{ "pipe2_bad_flags_einval_enopkg", pipe2_bad_flags },
	{ "pipe2_efault_installs_no_fd", pipe2_efault_installs_nothing },
	{ "pipe_ends_flags_and_modes", pipe_ends_flags },
	{ "pipe_write_read_round_trip", pipe_round_trip },
	{ "pipe_capacity_64k_eagain", pipe_capacity_64k },
	{ "pipe_buf_write_is_atomic", pipe_buf_writes_are_atomic },
	{ "pipe_eof_after_last_writer_exits", eof_after_last_writer },
	{ "pipe_eof_once_reaped_child_held_high_fds", eof_once_reaped_child_held_high_fds },
	{ "pipe_epipe_and_sigpipe", epipe_and_sigpipe },
	{ "pipe_read_blocks_until_child_writes", read_blocks_until_write },
	{ "pipe_write_blocks_until_child_reads", write_blocks_until_read },
	{ "pipe_read_eintr_or_restarted", signal_ends_blocked_read },
	{ "pipe_packet_mode_o_direct", packet_mode },
	{ "pipe_setpipe_sz_and_fionread", setpipe_size },
	{ "poll_pipe_ends_in_out_hup_nval", poll_pipe_ends },
	{ "poll_timeout_nfds0_einval_efault", poll_timeouts_and_errors },
	{ "pipes_free_pages_exact", pipes_leave_no_pages },
};

int main(void)
{
	return test_cases_run(cases, sizeof(cases) / sizeof(cases[0]), false);
}

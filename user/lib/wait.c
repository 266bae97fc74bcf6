// SPDX-License-Identifier: MIT
/*
 * How the test programs wait for one another (test.h): a handshake through
 * a pipe, or a poll of what the kernel reports, bounded only by HANG_MS --
 * never a fixed sleep that guesses how long the other side takes.
 */
#include "test.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

bool wait_until(bool (*cond)(void *), void *arg, const char *what)
{
	long long end = monotonic_ns() + HANG_MS * 1000000LL;

	while (!cond(arg)) {
		if (monotonic_ns() >= end) {
			note("%s: not after %d ms: a hang", what, HANG_MS);
			return false;
		}
		sleep_ms(1); /* sleep-ok: the poll's interval, letting the other side run */
	}
	return true;
}

static bool flag_set(void *flag)
{
	return __atomic_load_n((volatile int *)flag, __ATOMIC_SEQ_CST) != 0;
}

bool wait_flag(volatile int *flag, const char *what)
{
	return wait_until(flag_set, (void *)flag, what);
}

char task_state(int tid)
{
	char path[40], buf[512], *s;
	long n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/status", tid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	s = strstr(buf, "\nState:\t");
	return s ? s[8] : 0;
}

static bool is_sleeping(void *tid)
{
	return task_state((int)(long)tid) == 'S';
}

bool wait_sleeping(int tid)
{
	return wait_until(is_sleeping, (void *)(long)tid, "an interruptible sleep (State S)");
}

bool gate_make(struct gate *g)
{
	int fds[2];

	if (pipe(fds) != 0) {
		note("gate: pipe: errno %d", errno);
		return false;
	}
	g->rd = fds[0];
	g->wr = fds[1];
	return true;
}

void gate_waiter(struct gate *g)
{
	close(g->wr);
	g->wr = -1;
}

void gate_lift(struct gate *g)
{
	if (write(g->wr, "g", 1) != 1)
		note("gate: write: errno %d", errno);
}

bool gate_pass(struct gate *g)
{
	char c;
	long r;

	while ((r = read(g->rd, &c, 1)) < 0 && errno == EINTR)
		;
	return r == 1;
}

void gate_close(struct gate *g)
{
	close(g->rd);
	if (g->wr >= 0)
		close(g->wr);
}

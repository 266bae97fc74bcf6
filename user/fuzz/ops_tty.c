// SPDX-License-Identifier: MIT
/*
 * The terminal (kernel/tty, docs/ABI.md §7.1): /dev/console and
 * /dev/tty opened, the termios requests (TCGETS, TCSETS, TCSETSW, TCSETSF
 * with flags flipped from the console's own), the job-control ones
 * (TIOCSCTTY, TIOCNOTTY, TIOCGPGRP, TIOCSPGRP, TIOCGSID), the window and
 * queue ones, read and write on the console, and the session calls
 * (setsid, setpgid, getpgid, getsid).
 *
 * The console is also the report's, so: the fuzzer's terminal fds sit at
 * FZ_TTY_FD and above, where no other pool draws an fd (pick_fd()); what a
 * worker writes there is a KTAP comment line or nothing (a bad pointer);
 * and the termios the fuzzer found at its start is put back after every
 * worker (tty_restore(), by the root) and at the end. A blocking read
 * waits for input that never comes, until the root kills the worker: how
 * a reader asleep on the terminal is shown to die.
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <fcntl.h>
#include <string.h>
#include <uapi/linux/ioctls.h>
#include <uapi/linux/termios.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define FZ_TTY_FD 100 /* the fuzzer's terminal fds: 100..103 */
#define FZ_TTY_FDS 4

static struct termios saved;
static bool saved_ok;

void tty_save(void)
{
	long fd = syscall4(__NR_openat, AT_FDCWD, (long)"/dev/console", O_RDWR | O_NOCTTY, 0);

	if (fd < 0)
		return;
	saved_ok = syscall3(__NR_ioctl, fd, TCGETS, (long)&saved) == 0;
	syscall1(__NR_close, fd);
}

void tty_restore(void)
{
	long fd;

	if (!saved_ok)
		return;
	fd = syscall4(__NR_openat, AT_FDCWD, (long)"/dev/console", O_RDWR | O_NOCTTY, 0);
	if (fd < 0)
		return;
	syscall3(__NR_ioctl, fd, TCSETS, (long)&saved);
	syscall1(__NR_close, fd);
}

/* One of the fuzzer's terminal fds (some may be closed or never opened), or a pool's. */
static long tty_fd(struct ctx *c)
{
	if (rng_one_in(&c->rng, 8))
		return pick_fd(c);
	return FZ_TTY_FD + (long)rng_below(&c->rng, FZ_TTY_FDS);
}

static void op_tty_open(struct ctx *c)
{
	static const uint64_t flags[] = { O_RDWR,     O_RDONLY, O_WRONLY,
					  O_NONBLOCK, O_NOCTTY, O_CLOEXEC };
	struct rng *r = &c->rng;
	const char *path = rng_one_in(r, 3) ? "/dev/tty" : "/dev/console";
	uint64_t how = pick_flags(c, flags, N(flags));
	long fd;

	if (!rng_one_in(r, 4))
		how |= O_NONBLOCK; /* mostly: a blocking read waits until the worker is killed */
	fd = FZ4(c, "openat", __NR_openat, AT_FDCWD, path, how, 0);
	if (fd < 0)
		return;
	/* Up where only tty_fd() finds it: the other pools' reads and writes stay off the console. */
	FZ3(c, "dup3", __NR_dup3, fd, FZ_TTY_FD + (long)rng_below(r, FZ_TTY_FDS),
	    rng_one_in(r, 2) ? O_CLOEXEC : 0);
	syscall1(__NR_close, fd);
}

/* A termios: the console's own with a few flags flipped and small VMIN/VTIME, or garbage. */
static void make_termios(struct ctx *c, struct termios *t)
{
	static const unsigned int lflags[] = { ISIG,   ICANON, ECHO,	ECHOE,	ECHOK, ECHONL,
					       NOFLSH, TOSTOP, ECHOCTL, ECHOKE, IEXTEN };
	static const unsigned int iflags[] = { IGNBRK, BRKINT, ISTRIP, INLCR,
					       IGNCR,  ICRNL,  IXON,   IXOFF };
	static const unsigned int oflags[] = { OPOST, ONLCR, OCRNL, ONOCR, ONLRET };
	struct rng *r = &c->rng;

	if (syscall3(__NR_ioctl, tty_fd(c), TCGETS, (long)t) != 0 || rng_one_in(r, 8)) {
		uint8_t *b = (uint8_t *)t;

		for (size_t i = 0; i < sizeof(*t); i++)
			b[i] = (uint8_t)rng_next(r);
		return;
	}
	for (unsigned int i = 0, k = (unsigned int)rng_below(r, 4); i < k; i++) {
		t->c_lflag ^= lflags[rng_below(r, N(lflags))];
		t->c_iflag ^= rng_one_in(r, 2) ? iflags[rng_below(r, N(iflags))] : 0;
		t->c_oflag ^= rng_one_in(r, 3) ? oflags[rng_below(r, N(oflags))] : 0;
	}
	if (rng_one_in(r, 3)) {
		t->c_cc[VMIN] = (unsigned char)rng_below(r, 3);
		t->c_cc[VTIME] = (unsigned char)rng_below(r, 3);
	}
	if (rng_one_in(r, 4))
		t->c_cc[rng_below(r, NCCS)] = (unsigned char)rng_next(r);
	if (rng_one_in(r, 8))
		t->c_line = (unsigned char)rng_next(r);
}

static void op_tty_ioctl(struct ctx *c)
{
	static const uint64_t cmds[] = { TCGETS,     TCSETS,	 TCSETSW,   TCSETSF,   TCSBRK,
					 TCFLSH,     TIOCSCTTY,	 TIOCGPGRP, TIOCSPGRP, TIOCOUTQ,
					 TIOCGWINSZ, TIOCSWINSZ, FIONREAD,  TIOCNOTTY, TIOCGSID };
	struct rng *r = &c->rng;
	uint64_t cmd = cmds[rng_below(r, N(cmds))];
	long fd = tty_fd(c);
	uintptr_t arg;

	switch (cmd) {
	case TCSETS:
	case TCSETSW:
	case TCSETSF: {
		struct termios *t = pick_buf(c, sizeof(*t));

		make_termios(c, t);
		arg = rng_one_in(r, 6) ? pick_ptr(c, sizeof(*t)) : (uintptr_t)t;
		break;
	}
	case TIOCSPGRP: {
		int *pgrp = pick_buf(c, sizeof(int));

		*pgrp = rng_one_in(r, 2) ? (int)syscall1(__NR_getpgid, 0) : pick_pid(c);
		arg = rng_one_in(r, 6) ? pick_ptr(c, sizeof(int)) : (uintptr_t)pgrp;
		break;
	}
	case TIOCSWINSZ: {
		unsigned short *ws = pick_buf(c, 8);

		for (int i = 0; i < 4; i++)
			ws[i] = (unsigned short)(rng_one_in(r, 2) ? rng_below(r, 200)
								  : rng_next(r));
		arg = rng_one_in(r, 6) ? pick_ptr(c, 8) : (uintptr_t)ws;
		break;
	}
	case TCSBRK:
	case TCFLSH:
	case TIOCSCTTY:
		arg = rng_one_in(r, 4) ? pick_int(c) : rng_below(r, 4);
		break;
	default:
		arg = pick_ptr(c, sizeof(struct termios));
		break;
	}
	FZ3(c, "ioctl", __NR_ioctl, fd, cmd, arg);
}

static void op_tty_rw(struct ctx *c)
{
	static const char line[] = "# fuzz: a worker writes to the console\n";
	struct rng *r = &c->rng;
	uint64_t len;

	if (c->trace && rng_one_in(r, 2))
		return; /* a traced worker's own lines are enough */
	if (rng_one_in(r, 2)) {
		len = rng_one_in(r, 3) ? pick_len(c) : rng_below(r, 256);
		FZ3(c, "read", __NR_read, tty_fd(c), pick_ptr(c, len), len);
		return;
	}
	/* Whole comment lines, or a pointer the kernel must refuse before writing anything. */
	if (rng_one_in(r, 3)) {
		len = rng_one_in(r, 2) ? pick_len(c) : 1 + rng_below(r, 64);
		FZ3(c, "write", __NR_write, tty_fd(c), pick_bad_ptr(c, len), len);
	} else {
		FZ3(c, "write", __NR_write, tty_fd(c), line, sizeof(line) - 1);
	}
}

static void op_session(struct ctx *c)
{
	struct rng *r = &c->rng;

	switch (rng_below(r, 5)) {
	case 0:
		FZ0(c, "setsid", __NR_setsid);
		break;
	case 1:
		FZ2(c, "setpgid", __NR_setpgid, rng_one_in(r, 2) ? 0 : pick_pid(c),
		    rng_one_in(r, 2) ? 0 : pick_pid(c));
		break;
	case 2:
		FZ1(c, "getpgid", __NR_getpgid, pick_pid(c));
		break;
	default:
		FZ1(c, "getsid", __NR_getsid, pick_pid(c));
		break;
	}
}

const struct op ops_tty[] = {
	{ "tty_open", 4, op_tty_open, false },
	{ "tty_ioctl", 12, op_tty_ioctl, false },
	{ "tty_read_write", 5, op_tty_rw, false },
	{ "session", 6, op_session, false },
};
const unsigned int nr_ops_tty = N(ops_tty);

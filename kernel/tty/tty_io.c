// SPDX-License-Identifier: MIT
/*
 * The console's terminal as files (see <kernel/tty.h>): read, write, poll
 * and the terminal ioctls, as Linux's drivers/tty/tty_io.c and
 * tty_ioctl.c answer them for a serial console.
 *
 * It starts with what Linux's serial console reports: the tty defaults
 * (tty_std_termios) with the console's line settings, 115200 8N1
 * (B115200 | CS8 | CREAD | HUPCL | CLOCAL, serial_core's console cflag),
 * and a window of 0 rows and 0 columns until TIOCSWINSZ sets one. The
 * line settings (c_cflag) are stored and read back; the UART keeps its
 * 115200 8N1 (docs/ABI.md §7.1).
 */
#include <kernel/console.h>
#include <kernel/file.h>
#include <kernel/poll.h>
#include <kernel/signal.h>
#include <kernel/task.h>
#include <kernel/tty.h>
#include <kernel/uaccess.h>
#include <kernel/vfs.h>
#include <string.h>
#include <asm/fcntl.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/ioctls.h>
#include <uapi/linux/poll.h>
#include <uapi/linux/signal.h>

struct tty console_tty = {
	.termios = {
		.c_iflag = ICRNL | IXON,
		.c_oflag = OPOST | ONLCR,
		.c_cflag = B115200 | CS8 | CREAD | HUPCL | CLOCAL,
		.c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHOCTL | ECHOKE | IEXTEN,
		.c_line = 0, /* N_TTY */
		/* Linux's INIT_C_CC: ^C ^\ DEL ^U ^D, VTIME 0, VMIN 1, ^Q ^S ^Z, ^R ^O ^W ^V. */
		.c_cc = { [VINTR] = 003,
			  [VQUIT] = 034,
			  [VERASE] = 0177,
			  [VKILL] = 025,
			  [VEOF] = 004,
			  [VMIN] = 1,
			  [VSTART] = 021,
			  [VSTOP] = 023,
			  [VSUSP] = 032,
			  [VREPRINT] = 022,
			  [VDISCARD] = 017,
			  [VWERASE] = 027,
			  [VLNEXT] = 026 },
	},
};

/*
 * Two kinds of open file share the one terminal, as Linux's tty_fops and
 * console_fops do: a file opened through /dev/tty (5:0) is the terminal,
 * so a background group's read (and its write under TOSTOP) is stopped;
 * a file opened through /dev/console (5:1), as init's first three are,
 * never stops its reader or writer (drivers/tty/n_tty.c: job_control()
 * and n_tty_write() skip a file whose write is redirected_tty_write).
 * The termios and job-control ioctls check the same way on both.
 */
static long console_read(struct file *f, char __user *buf, size_t n)
{
	return n_tty_read(&console_tty, f, buf, n);
}

static long console_write(struct file *f, const char __user *buf, size_t n)
{
	(void)f;
	return n_tty_write(&console_tty, buf, n);
}

static long ctty_read(struct file *f, char __user *buf, size_t n)
{
	long r = tty_check_change(&console_tty, SIGTTIN);

	if (r)
		return r;
	return n_tty_read(&console_tty, f, buf, n);
}

static long ctty_write(struct file *f, const char __user *buf, size_t n)
{
	if (console_tty.termios.c_lflag & TOSTOP) {
		long r = tty_check_change(&console_tty, SIGTTOU);

		if (r)
			return r;
	}
	return console_write(f, buf, n);
}

/* Always writable (output is polled out at once); readable as a read would not block. */
static unsigned int console_poll(struct file *f)
{
	(void)f;
	return POLLOUT | POLLWRNORM | (n_tty_read_ready(&console_tty) ? POLLIN | POLLRDNORM : 0);
}

/* A terminal takes no O_DIRECT (Linux: no direct I/O on a tty). */
static int no_direct_io(struct file *f, unsigned int flags)
{
	(void)f;
	return (flags & O_DIRECT) ? -EINVAL : 0;
}

static long set_termios(struct tty *tty, unsigned int cmd, const struct termios __user *u)
{
	struct termios t, old = tty->termios;
	long r = tty_check_change(tty, SIGTTOU);

	if (r)
		return r;
	if (copy_from_user(&t, u, sizeof(t)))
		return -EFAULT;
	if (cmd != TCSETS)
		arch_console_flush(); /* W and F: once the output drained */
	if (cmd == TCSETSF)
		n_tty_flush_input(tty);
	tty->termios = t;
	n_tty_set_termios(tty, &old);
	return 0;
}

static long flush(struct tty *tty, unsigned long arg)
{
	long r = tty_check_change(tty, SIGTTOU);

	if (r)
		return r;
	switch (arg) {
	case TCIFLUSH:
	case TCIOFLUSH:
		n_tty_flush_input(tty);
		return 0;
	case TCOFLUSH:
		return 0; /* nothing waits to go out: output is written at once */
	default:
		return -EINVAL;
	}
}

long console_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct tty *tty = &console_tty;
	void __user *u = (void __user *)arg;
	struct winsize ws;

	switch (cmd) {
	case TCGETS:
		return copy_to_user(u, &tty->termios, sizeof(tty->termios));
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
		return set_termios(tty, cmd, u);
	case TCSBRK:
		/*
		 * tcdrain (arg != 0): wait until the output has left. arg 0
		 * would then send a break; Umbra's UART drivers send none
		 * (docs/ABI.md §7.1).
		 */
		arch_console_flush();
		return 0;
	case TCFLSH:
		return flush(tty, arg);
	case TIOCGWINSZ:
		return copy_to_user(u, &tty->winsize, sizeof(tty->winsize));
	case TIOCSWINSZ:
		if (copy_from_user(&ws, u, sizeof(ws)))
			return -EFAULT;
		if (memcmp(&ws, &tty->winsize, sizeof(ws))) {
			tty->winsize = ws;
			tty_signal_foreground(tty, SIGWINCH); /* as Linux's tty_do_resize() */
		}
		return 0;
	case FIONREAD: /* TIOCINQ */
		return put_user((int)n_tty_readable(tty), (int __user *)u);
	case TIOCOUTQ:
		return put_user(0, (int __user *)u); /* output never waits */
	case TIOCSCTTY:
	case TIOCNOTTY:
	case TIOCGPGRP:
	case TIOCSPGRP:
	case TIOCGSID:
		return tty_jobctrl_ioctl(tty, f, cmd, arg);
	default:
		return -ENOTTY;
	}
}

static const struct file_ops console_ops = { .read = console_read,
					     .write = console_write,
					     .poll = console_poll,
					     .ioctl = console_ioctl,
					     .check_flags = no_direct_io,
					     .fasync = true };

static const struct file_ops ctty_ops = { .read = ctty_read,
					  .write = ctty_write,
					  .poll = console_poll,
					  .ioctl = console_ioctl,
					  .check_flags = no_direct_io,
					  .fasync = true };

bool tty_file_job_control(const struct file *f)
{
	return f->ops == &ctty_ops;
}

struct file *console_file_new(void)
{
	return file_new(&console_ops);
}

struct file *tty_open(u32 rdev, int flags, long *err)
{
	struct file *f;

	(void)flags; /* 5:1 is never made a controlling terminal by open, as Linux */
	if (rdev == MKDEV(5, 0) && !current->proc->tty) {
		*err = -ENXIO; /* /dev/tty without a controlling terminal */
		return NULL;
	}
	f = file_new(rdev == MKDEV(5, 0) ? &ctty_ops : &console_ops);
	if (!f)
		*err = -ENOMEM;
	return f;
}

/* Bytes read from the hardware per tick at most: a UART's FIFO and a few keys. */
#define INPUT_BYTES_PER_TICK 64

void tty_poll_input(void)
{
	for (int i = 0; i < INPUT_BYTES_PER_TICK; i++) {
		int c = arch_console_read_byte();

		if (c < 0)
			break;
		n_tty_receive(&console_tty, (u8)c);
	}
}

// SPDX-License-Identifier: MIT
/*
 * The console as a terminal: the termios requests a program's libc makes
 * (isatty, tcgetattr, tcsetattr, tcdrain) and the window size. It starts
 * with what Linux's serial console reports: the tty defaults
 * (tty_std_termios) with the console's line settings, 115200 8N1
 * (B115200 | CS8 | CREAD | HUPCL | CLOCAL, serial_core's console cflag),
 * and a window of 0 rows and 0 columns (nobody ever set it). TCSETS*
 * store the settings, so TCGETS reads back what was set; the console's
 * output is not processed differently by them (docs/ABI.md §7.1).
 */
#include <kernel/console.h>
#include <kernel/file.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/ioctls.h>
#include <uapi/linux/termios.h>

static struct termios console_termios = {
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
};

static struct winsize console_winsize; /* 0 x 0, as a serial line that was never told */

long console_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	void __user *u = (void __user *)arg;
	struct termios t;

	(void)f;
	switch (cmd) {
	case TCGETS:
		return copy_to_user(u, &console_termios, sizeof(console_termios));
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
		if (copy_from_user(&t, u, sizeof(t)))
			return -EFAULT;
		if (cmd != TCSETS)
			arch_console_flush(); /* W and F: once the output drained (no input to flush) */
		console_termios = t;
		return 0;
	case TCSBRK:
		/*
		 * tcdrain (arg != 0): wait until the output has left. arg 0
		 * would then send a break; Umbra's UART drivers send none
		 * (docs/ABI.md §7.1).
		 */
		arch_console_flush();
		return 0;
	case TIOCGWINSZ:
		return copy_to_user(u, &console_winsize, sizeof(console_winsize));
	case FIONREAD: /* TIOCINQ: no input is ever waiting */
		return put_user(0, (int __user *)u);
	default:
		return -ENOTTY;
	}
}

/* SPDX-License-Identifier: MIT */
/*
 * The terminal (kernel/tty/): the console as Linux's tty with its N_TTY
 * line discipline. One terminal: what is typed on the serial console and
 * on the screen's keyboard goes to the same input queue, and what is
 * written to it goes to every console sink (<kernel/console.h>). Its
 * device nodes are /dev/console (5:1, which never becomes a controlling
 * terminal by open, as Linux's, and whose files a background group
 * reads and writes without being stopped) and /dev/tty (5:0: the
 * caller's controlling terminal, ENXIO without one).
 */
#ifndef KERNEL_TTY_H
#define KERNEL_TTY_H

#include <kernel/types.h>
#include <kernel/uaccess.h>
#include <kernel/waitq.h>
#include <uapi/linux/termios.h>

struct file;
struct pid;
struct process;

#define TTY_BUF_SIZE 4096 /* Linux's N_TTY_BUF_SIZE */

struct tty {
	struct termios termios;
	struct winsize winsize;
	struct pid *session; /* the session it is the controlling terminal of, or NULL */
	struct pid *pgrp;    /* its foreground process group, or NULL */

	/*
	 * The input queue (kernel/tty/n_tty.c), counters that only grow,
	 * each taken modulo TTY_BUF_SIZE: [read_tail, canon_head) may be
	 * read; [canon_head, read_head) is the line being edited (canonical
	 * mode only). mark[] says which bytes end a line, and which of those
	 * is an end of file (VEOF, not itself read).
	 */
	u8 buf[TTY_BUF_SIZE];
	u8 mark[TTY_BUF_SIZE];
	u32 read_tail, canon_head, read_head;
	unsigned int column;	 /* the echo's cursor column, for erasing a tab */
	unsigned int line_start; /* the column the line being edited started at */
	bool stopped_output;	 /* IXON: ^S stopped output, ^Q starts it */
	struct waitq read_wait;
};

/* The console's terminal. */
extern struct tty console_tty;

/* ---- the line discipline (kernel/tty/n_tty.c) ---- */

/* One byte typed: editing, echo and the signal keys. */
void n_tty_receive(struct tty *tty, u8 c);
/* read(2) on the terminal: canonical lines or raw bytes by VMIN/VTIME; O_NONBLOCK: -EAGAIN. */
long n_tty_read(struct tty *tty, struct file *f, char __user *buf, size_t n);
/* write(2): output processing (OPOST, ONLCR, OCRNL, ONLRET). */
long n_tty_write(struct tty *tty, const char __user *buf, size_t n);
/* Bytes a read could return now (FIONREAD), and whether a read would not block. */
size_t n_tty_readable(const struct tty *tty);
bool n_tty_read_ready(const struct tty *tty);
/* Discards what was typed and not yet read (TCFLSH, TCSETSF, a signal key without NOFLSH). */
void n_tty_flush_input(struct tty *tty);
/* The termios changed: a switch out of canonical mode makes the edited line readable. */
void n_tty_set_termios(struct tty *tty, const struct termios *old);

/* ---- input from the hardware ---- */

/*
 * From the boot CPU's clock tick: feeds the terminal whatever the serial
 * console and the keyboard received since the last tick.
 */
void tty_poll_input(void);
/* The arch's input: one byte typed (a UART byte, a key as ASCII), or -1 when none waits. */
int arch_console_read_byte(void);

/* ---- job control (kernel/tty/tty_jobctrl.c) ---- */

/*
 * Linux's tty_check_change(): a process of a background group touching
 * its controlling terminal. 0 to go on; -ERESTARTSYS after sending sig
 * (SIGTTIN, SIGTTOU) to its group; -EIO when sig cannot stop it (an
 * orphaned group; for SIGTTIN also a blocked or ignored one).
 */
long tty_check_change(struct tty *tty, int sig);
/* The job-control ioctls: TIOCSCTTY, TIOCNOTTY, TIOCGPGRP, TIOCSPGRP, TIOCGSID; -ENOTTY for others. */
long tty_jobctrl_ioctl(struct tty *tty, struct file *f, unsigned int cmd, unsigned long arg);
/* A session leader's exit: its terminal is no one's (SIGHUP and SIGCONT to the foreground group). */
void tty_session_leader_exit(struct process *p);
/* Sends sig to the terminal's foreground group (a signal key). */
void tty_signal_foreground(struct tty *tty, int sig);

/* ---- the files (kernel/tty/tty_io.c) ---- */

/* Opens the terminal device rdev (5:0 or 5:1); NULL with *err set on failure. */
struct file *tty_open(u32 rdev, int flags, long *err);
/*
 * f was opened through /dev/tty, so a background group's read and write
 * stop; false for /dev/console's files (init's three), which never stop.
 */
bool tty_file_job_control(const struct file *f);

#endif

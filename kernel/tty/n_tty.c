// SPDX-License-Identifier: MIT
/*
 * The N_TTY line discipline (see <kernel/tty.h>), with the behaviour of
 * Linux's drivers/tty/n_tty.c:
 *
 * - Input: ISTRIP, IGNCR, ICRNL, INLCR; with ISIG the VINTR, VQUIT and
 *   VSUSP keys send SIGINT, SIGQUIT and SIGTSTP to the foreground group
 *   and flush the queue unless NOFLSH; with IXON, VSTOP/VSTART stop and
 *   start output; with IEXTEN, VLNEXT takes the next byte literally.
 * - Canonical mode (ICANON): a line is readable once ended by NL, VEOL or
 *   VEOF; VERASE erases a byte, VWERASE a word (IEXTEN), VKILL the line.
 *   VEOF ends the line without itself being read, so at the start of a
 *   line read() returns 0: end of file.
 * - Echo: ECHO (control bytes as ^X with ECHOCTL), ECHOE (erase as
 *   backspace-space-backspace), ECHOK (a newline after VKILL), ECHOKE
 *   (VKILL erases the line on the screen), ECHONL (NL even without ECHO).
 * - Non-canonical mode: VMIN and VTIME as termios(3) says: MIN bytes, or
 *   TIME tenths of a second since the last byte (MIN 0: since the read).
 *
 * The queue holds TTY_BUF_SIZE bytes; bytes typed into a full queue are
 * dropped, but in canonical mode the last byte is kept free for the line
 * end, so a full line can always be ended and read (as Linux).
 */
#include <kernel/console.h>
#include <kernel/file.h>
#include <kernel/poll.h>
#include <kernel/signal.h>
#include <kernel/task.h>
#include <kernel/timer.h>
#include <kernel/tty.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/signal.h>

#define MARK_LINE_END 1
#define MARK_EOF 2
#define MARK_LITERAL 4 /* typed after VLNEXT: never a control character */

#define L(tty, f) ((tty)->termios.c_lflag & (f))
#define I(tty, f) ((tty)->termios.c_iflag & (f))
#define O(tty, f) ((tty)->termios.c_oflag & (f))
#define CC(tty, i) ((tty)->termios.c_cc[i])

static bool lnext_pending; /* the last byte typed was VLNEXT */

static u32 slot(u32 counter)
{
	return counter % TTY_BUF_SIZE;
}

/* ---- output ---- */

/* One byte out through OPOST's mapping; the echo's column follows it. */
static void put_out(struct tty *tty, u8 c)
{
	if (O(tty, OPOST)) {
		if (c == '\n' && O(tty, ONLRET))
			tty->column = 0;
		if (c == '\n' && O(tty, ONLCR)) {
			console_putc('\n'); /* the console's sinks send a newline as CR LF */
			tty->column = 0;
			return;
		}
		if (c == '\r' && O(tty, OCRNL))
			c = '\n';
		else if (c == '\r' && O(tty, ONOCR) && tty->column == 0)
			return;
	}
	/*
	 * The console's sinks end every line with CR LF, so a newline
	 * returns the cursor even without ONLCR (docs/ABI.md §7.1).
	 */
	console_putc((char)c);
	if (c == '\r')
		tty->column = 0;
	else if (c == '\b')
		tty->column -= tty->column ? 1 : 0;
	else if (c == '\t')
		tty->column = (tty->column | 7) + 1;
	else if (c >= ' ' && c != 0x7f)
		tty->column++;
}

long n_tty_write(struct tty *tty, const char __user *buf, size_t n)
{
	char chunk[128];
	size_t done = 0;

	while (done < n) {
		size_t k = MIN(n - done, sizeof(chunk));

		if (copy_from_user(chunk, buf + done, k))
			return done ? (long)done : -EFAULT;
		for (size_t i = 0; i < k; i++)
			put_out(tty, (u8)chunk[i]);
		done += k;
	}
	return (long)done;
}

/* ---- echo ---- */

static bool is_ctl(u8 c)
{
	return c < ' ' || c == 0x7f;
}

static void echo_char(struct tty *tty, u8 c, bool literal)
{
	if (L(tty, ECHOCTL) && is_ctl(c) && (literal || (c != '\t' && c != '\n'))) {
		put_out(tty, '^');
		put_out(tty, c == 0x7f ? '?' : c ^ 0100);
		return;
	}
	put_out(tty, c);
}

/* How many columns byte c took when echoed (tabs: see erase_echo). */
static unsigned int echo_width(const struct tty *tty, u8 c, u8 mark)
{
	if (L(tty, ECHOCTL) && is_ctl(c) && ((mark & MARK_LITERAL) || c != '\t'))
		return 2;
	return 1;
}

/* The column where the echo of the byte at counter pos started. */
static unsigned int column_before(const struct tty *tty, u32 pos)
{
	unsigned int col = tty->line_start;

	for (u32 i = tty->canon_head; i != pos; i++) {
		u8 c = tty->buf[slot(i)];

		if (c == '\t' && !(tty->mark[slot(i)] & MARK_LITERAL))
			col = (col | 7) + 1;
		else
			col += echo_width(tty, c, tty->mark[slot(i)]);
	}
	return col;
}

/* Takes the last byte of the edited line off the screen. */
static void erase_echo(struct tty *tty, u8 c, u8 mark)
{
	unsigned int n;

	if (!L(tty, ECHO))
		return;
	if (!L(tty, ECHOE)) {
		echo_char(tty, CC(tty, VERASE), false); /* echoed as itself */
		return;
	}
	if (c == '\t' && !(mark & MARK_LITERAL)) {
		unsigned int from = column_before(tty, tty->read_head);

		n = tty->column > from ? tty->column - from : 0;
		while (n--)
			put_out(tty, '\b');
		return;
	}
	for (n = echo_width(tty, c, mark); n; n--) {
		put_out(tty, '\b');
		put_out(tty, ' ');
		put_out(tty, '\b');
	}
}

/* ---- input ---- */

static size_t queued(const struct tty *tty)
{
	return tty->read_head - tty->read_tail;
}

static void wake_readers(struct tty *tty)
{
	waitq_wake(&tty->read_wait, -1);
	poll_wake();
}

static void put_in(struct tty *tty, u8 c, u8 mark)
{
	tty->buf[slot(tty->read_head)] = c;
	tty->mark[slot(tty->read_head)] = mark;
	tty->read_head++;
}

/* The edited line becomes readable (canonical mode: NL, VEOL, VEOF). */
static void commit(struct tty *tty)
{
	tty->canon_head = tty->read_head;
	tty->line_start = tty->column;
	wake_readers(tty);
}

/* VERASE (one byte), VWERASE (a word and the blanks after it) or VKILL (the line). */
static void erase(struct tty *tty, u8 key)
{
	bool word = key == CC(tty, VWERASE), kill = key == CC(tty, VKILL), seen_word = false;

	if (tty->read_head == tty->canon_head)
		return;
	if (kill && L(tty, ECHO) && !L(tty, ECHOKE) && !L(tty, ECHOE)) {
		/* Without ECHOE/ECHOKE the line stays on the screen: the key, then (ECHOK) a newline. */
		tty->read_head = tty->canon_head;
		echo_char(tty, key, false);
		if (L(tty, ECHOK))
			put_out(tty, '\n');
		tty->line_start = tty->column;
		return;
	}
	while (tty->read_head != tty->canon_head) {
		u32 last = tty->read_head - 1;
		u8 c = tty->buf[slot(last)], mark = tty->mark[slot(last)];
		bool blank = c == ' ' || c == '\t';

		if (word) {
			if (blank && seen_word)
				break;
			seen_word |= !blank;
		}
		tty->read_head = last;
		erase_echo(tty, c, mark);
		if (!word && !kill)
			break;
	}
	if (kill && L(tty, ECHO) && !L(tty, ECHOKE) && L(tty, ECHOK))
		put_out(tty, '\n');
}

static bool is_key(const struct tty *tty, u8 c, int index)
{
	return CC(tty, index) && c == CC(tty, index); /* _POSIX_VDISABLE is 0 */
}

static void signal_key(struct tty *tty, u8 c, int sig)
{
	if (!L(tty, NOFLSH))
		n_tty_flush_input(tty);
	if (L(tty, ECHO))
		echo_char(tty, c, false);
	tty_signal_foreground(tty, sig);
}

void n_tty_receive(struct tty *tty, u8 c)
{
	bool canon = L(tty, ICANON), literal = lnext_pending;
	size_t room = TTY_BUF_SIZE - queued(tty);

	lnext_pending = false;
	if (I(tty, ISTRIP))
		c &= 0x7f;
	if (!literal) {
		if (I(tty, IXON) && is_key(tty, c, VSTOP)) {
			tty->stopped_output = true;
			return;
		}
		if (I(tty, IXON) && is_key(tty, c, VSTART)) {
			tty->stopped_output = false;
			return;
		}
		if (c == '\r' && I(tty, IGNCR))
			return;
		if (c == '\r' && I(tty, ICRNL))
			c = '\n';
		else if (c == '\n' && I(tty, INLCR))
			c = '\r';
		if (L(tty, ISIG)) {
			if (is_key(tty, c, VINTR)) {
				signal_key(tty, c, SIGINT);
				return;
			}
			if (is_key(tty, c, VQUIT)) {
				signal_key(tty, c, SIGQUIT);
				return;
			}
			if (is_key(tty, c, VSUSP)) {
				signal_key(tty, c, SIGTSTP);
				return;
			}
		}
	}
	if (!canon) {
		if (!room)
			return;
		put_in(tty, c, 0);
		if (L(tty, ECHO))
			echo_char(tty, c, literal);
		else if (c == '\n' && L(tty, ECHONL))
			put_out(tty, '\n');
		commit(tty);
		return;
	}
	if (!literal) {
		if (L(tty, IEXTEN) && is_key(tty, c, VLNEXT)) {
			lnext_pending = true;
			if (L(tty, ECHO) && L(tty, ECHOCTL)) {
				put_out(tty, '^');
				put_out(tty, '\b');
			}
			return;
		}
		if (is_key(tty, c, VERASE) || is_key(tty, c, VKILL) ||
		    (L(tty, IEXTEN) && is_key(tty, c, VWERASE))) {
			erase(tty, c);
			return;
		}
		if (is_key(tty, c, VEOF)) {
			if (!room)
				return;
			put_in(tty, c, MARK_LINE_END | MARK_EOF);
			commit(tty);
			return;
		}
		if (c == '\n' || is_key(tty, c, VEOL) ||
		    (L(tty, IEXTEN) && is_key(tty, c, VEOL2))) {
			if (!room)
				return;
			put_in(tty, c, MARK_LINE_END);
			if (L(tty, ECHO))
				echo_char(tty, c, false);
			else if (c == '\n' && L(tty, ECHONL))
				put_out(tty, '\n');
			commit(tty);
			return;
		}
	}
	if (room <= 1)
		return; /* the last byte is kept for the line's end */
	put_in(tty, c, literal ? MARK_LITERAL : 0);
	if (L(tty, ECHO))
		echo_char(tty, c, literal);
}

void n_tty_flush_input(struct tty *tty)
{
	tty->read_tail = tty->canon_head = tty->read_head;
	lnext_pending = false;
}

void n_tty_set_termios(struct tty *tty, const struct termios *old)
{
	if ((old->c_lflag & ICANON) && !L(tty, ICANON) && tty->canon_head != tty->read_head)
		commit(tty); /* the line being edited is input now */
	if (!(old->c_lflag & ICANON) && L(tty, ICANON))
		tty->line_start = tty->column;
	if (!I(tty, IXON))
		tty->stopped_output = false;
	wake_readers(tty);
}

/* ---- reading ---- */

/* Whether a complete line (or end of file) waits, in canonical mode. */
static bool line_ready(const struct tty *tty)
{
	return tty->canon_head != tty->read_tail;
}

size_t n_tty_readable(const struct tty *tty)
{
	size_t n = 0;

	/* Linux's TIOCINQ counts what read() would copy: not a VEOF marker. */
	for (u32 i = tty->read_tail; i != tty->canon_head; i++)
		n += !(tty->mark[slot(i)] & MARK_EOF);
	return n;
}

bool n_tty_read_ready(const struct tty *tty)
{
	if (L(tty, ICANON))
		return line_ready(tty);
	return tty->canon_head != tty->read_tail || (!CC(tty, VMIN) && !CC(tty, VTIME));
}

/* Copies up to n bytes of a canonical line: stops after its end. */
static long read_canon(struct tty *tty, char __user *buf, size_t n)
{
	size_t done = 0;

	while (done < n && tty->read_tail != tty->canon_head) {
		u8 c = tty->buf[slot(tty->read_tail)], mark = tty->mark[slot(tty->read_tail)];

		if (mark & MARK_EOF) {
			tty->read_tail++;
			break; /* VEOF is not copied: at a line's start, read() returns 0 */
		}
		if (put_user((char)c, buf + done))
			return done ? (long)done : -EFAULT;
		tty->read_tail++;
		done++;
		if (mark & MARK_LINE_END)
			break;
	}
	return (long)done;
}

static long read_raw(struct tty *tty, char __user *buf, size_t n)
{
	size_t done = 0;

	while (done < n && tty->read_tail != tty->canon_head) {
		if (put_user((char)tty->buf[slot(tty->read_tail)], buf + done))
			return done ? (long)done : -EFAULT;
		tty->read_tail++;
		done++;
	}
	return (long)done;
}

/* Ticks in VTIME tenths of a second. */
static u64 vtime_ticks(const struct tty *tty)
{
	return ((u64)CC(tty, VTIME) * HZ + 9) / 10;
}

long n_tty_read(struct tty *tty, struct file *f, char __user *buf, size_t n)
{
	size_t done = 0;
	long r;

	if (!n)
		return 0;
	for (;;) {
		bool canon = L(tty, ICANON);
		unsigned int vmin = CC(tty, VMIN), vtime = CC(tty, VTIME);
		size_t want = canon ? 1 : MIN((size_t)vmin, n);
		u64 timeout = 0;
		int err;

		if (canon && line_ready(tty))
			return read_canon(tty, buf, n);
		if (!canon && tty->canon_head != tty->read_tail) {
			r = read_raw(tty, buf + done, n - done);
			if (r < 0)
				return done ? (long)done : r;
			done += (size_t)r;
			if (done >= want || done == n)
				return (long)done;
		}
		if (!canon && !vmin && !vtime)
			return (long)done; /* a poll: what was there */
		if (f->f_flags & O_NONBLOCK)
			return done ? (long)done : -EAGAIN;
		/* VTIME: since the read started (VMIN 0) or since the last byte (after one came). */
		if (!canon && vtime && (!vmin || done))
			timeout = vtime_ticks(tty);
		err = waitq_sleep(&tty->read_wait, timeout);
		if (err == -ETIMEDOUT)
			return (long)done;
		if (err)
			return done ? (long)done : -ERESTARTSYS;
		/* it may have been sent to the background (not through /dev/console: tty_io.c) */
		r = tty_file_job_control(f) ? tty_check_change(tty, SIGTTIN) : 0;
		if (r)
			return done ? (long)done : r;
	}
}

// SPDX-License-Identifier: MIT
/*
 * What is typed on x86_64: bytes from the serial console, and keys from
 * the PC's i8042 keyboard controller (QEMU's, and a laptop's whose
 * firmware emulates one), as a US keyboard's ASCII. USB keyboards are not
 * read (firmware stops emulating an i8042 for them once the OS runs).
 *
 * Only when the FADT says an 8042 is there (IAPC_BOOT_ARCH bit 1, ACPI
 * 6.5 §5.2.9.3; no FADT: a PC/AT), as for the verdict's hold key. Both
 * are read from the clock tick (kernel/tty/tty_io.c), not from their
 * interrupts: a person types far slower than the 100 Hz tick reads, the
 * 16550's FIFO holds 16 bytes, and QEMU holds back what it cannot take.
 *
 * The controller hands over scan code set 1 when its command byte's
 * translation bit (bit 6) is set -- what firmware leaves -- else the
 * keyboard's own set 2 (IBM PC/AT Technical Reference, "Keyboard
 * Controller"; Linux's drivers/input/serio/i8042.h I8042_CTR_XLATE). A
 * set 2 code is turned into its set 1 code here, as the controller would.
 */
#include <asm/acpi_hw.h>
#include <asm/io.h>
#include <asm/setup.h>
#include <kernel/tty.h>

#define I8042_DATA 0x60
#define I8042_STATUS 0x64     /* read */
#define I8042_COMMAND 0x64    /* write */
#define I8042_STATUS_OBF 0x01 /* a byte waits for us */
#define I8042_STATUS_IBF 0x02 /* the controller has not taken our last byte */
#define I8042_STATUS_AUX 0x20 /* ... the waiting byte is the mouse's */
#define I8042_CMD_READ_CTR 0x20
#define I8042_CTR_XLATE 0x40

/* Set 1 codes (make; a break code is make | 0x80). */
#define SC_LCTRL 0x1d
#define SC_LSHIFT 0x2a
#define SC_RSHIFT 0x36
#define SC_CAPS 0x3a
#define SC_EXTENDED 0xe0

/* US layout, set 1 codes 0x00-0x39: unshifted, shifted. 0: no character. */
static const char keymap[2][0x3a] = {
	{ 0,	0x1b, '1', '2', '3', '4', '5', '6', '7', '8', '9',  '0', '-', '=',  0x7f,
	  '\t', 'q',  'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p',  '[', ']', '\r', 0,
	  'a',	's',  'd', 'f', 'g', 'h', 'j', 'k', 'l', ';', '\'', '`', 0,   '\\', 'z',
	  'x',	'c',  'v', 'b', 'n', 'm', ',', '.', '/', 0,   '*',  0,	 ' ' },
	{ 0,	0x1b, '!', '@', '#', '$', '%', '^', '&', '*', '(', ')', '_', '+',  0x7f,
	  '\t', 'Q',  'W', 'E', 'R', 'T', 'Y', 'U', 'I', 'O', 'P', '{', '}', '\r', 0,
	  'A',	'S',  'D', 'F', 'G', 'H', 'J', 'K', 'L', ':', '"', '~', 0,   '|',  'Z',
	  'X',	'C',  'V', 'B', 'N', 'M', '<', '>', '?', 0,   '*', 0,	' ' },
};

/*
 * Set 2 to set 1 for the keys keymap[] knows and the modifiers (the
 * controller's translation, IBM PC/AT Technical Reference): index a set 2
 * code, read its set 1 code, 0 for a key not translated here.
 */
static const unsigned char set2_to_set1[0x80] = {
	[0x76] = 0x01,
	[0x16] = 0x02,
	[0x1e] = 0x03,
	[0x26] = 0x04,
	[0x25] = 0x05,
	[0x2e] = 0x06,
	[0x36] = 0x07,
	[0x3d] = 0x08,
	[0x3e] = 0x09,
	[0x46] = 0x0a,
	[0x45] = 0x0b,
	[0x4e] = 0x0c,
	[0x55] = 0x0d,
	[0x66] = 0x0e,
	[0x0d] = 0x0f,
	[0x15] = 0x10,
	[0x1d] = 0x11,
	[0x24] = 0x12,
	[0x2d] = 0x13,
	[0x2c] = 0x14,
	[0x35] = 0x15,
	[0x3c] = 0x16,
	[0x43] = 0x17,
	[0x44] = 0x18,
	[0x4d] = 0x19,
	[0x54] = 0x1a,
	[0x5b] = 0x1b,
	[0x5a] = 0x1c,
	[0x14] = 0x1d,
	[0x1c] = 0x1e,
	[0x1b] = 0x1f,
	[0x23] = 0x20,
	[0x2b] = 0x21,
	[0x34] = 0x22,
	[0x33] = 0x23,
	[0x3b] = 0x24,
	[0x42] = 0x25,
	[0x4b] = 0x26,
	[0x4c] = 0x27,
	[0x52] = 0x28,
	[0x0e] = 0x29,
	[0x12] = 0x2a,
	[0x5d] = 0x2b,
	[0x1a] = 0x2c,
	[0x22] = 0x2d,
	[0x21] = 0x2e,
	[0x2a] = 0x2f,
	[0x32] = 0x30,
	[0x31] = 0x31,
	[0x3a] = 0x32,
	[0x41] = 0x33,
	[0x49] = 0x34,
	[0x4a] = 0x35,
	[0x59] = 0x36,
	[0x7c] = 0x37,
	[0x11] = 0x38,
	[0x29] = 0x39,
	[0x58] = 0x3a,
	/* extended (after 0xe0): the arrows and Delete */
	[0x75] = 0x48,
	[0x6b] = 0x4b,
	[0x74] = 0x4d,
	[0x72] = 0x50,
	[0x71] = 0x53,
};

static struct {
	bool probed, set2;
	bool extended, released; /* the prefix bytes seen: 0xe0, and set 2's 0xf0 */
	bool shift_l, shift_r, ctrl, caps;
	char out[4]; /* an escape sequence's bytes still to hand over */
	unsigned int out_len, out_pos;
} kbd;

static bool controller_ready_to_read(void)
{
	for (int i = 0; i < 10000; i++) {
		u8 s = inb(I8042_STATUS);

		if (s == 0xff)
			return false;
		if (s & I8042_STATUS_OBF)
			return true;
	}
	return false;
}

/* Reads the command byte once: is the controller translating to set 1? */
static void probe(void)
{
	kbd.probed = true;
	for (int i = 0; i < 10000 && (inb(I8042_STATUS) & I8042_STATUS_IBF); i++)
		;
	outb(I8042_COMMAND, I8042_CMD_READ_CTR);
	if (controller_ready_to_read())
		kbd.set2 = !(inb(I8042_DATA) & I8042_CTR_XLATE);
}

static void queue_sequence(const char *s, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		kbd.out[i] = s[i];
	kbd.out_len = n;
	kbd.out_pos = 0;
}

/* One set 1 code, extended or not, pressed or released: the character it types, or -1. */
static int key_event(u8 code, bool extended, bool released)
{
	bool shift = kbd.shift_l || kbd.shift_r;
	char c;

	if (code == SC_LSHIFT && !extended)
		kbd.shift_l = !released;
	else if (code == SC_RSHIFT && !extended)
		kbd.shift_r = !released;
	else if (code == SC_LCTRL)
		kbd.ctrl = !released; /* left, or right (extended) */
	else if (code == SC_CAPS && !extended && !released)
		kbd.caps = !kbd.caps;
	if (released)
		return -1;
	if (extended) {
		/* The cursor keys as a VT100 sends them (what Linux's console sends too). */
		static const char arrows[] = { [0x48 - 0x48] = 'A',
					       [0x50 - 0x48] = 'B',
					       [0x4d - 0x48] = 'C',
					       [0x4b - 0x48] = 'D' };

		if (code == 0x1c)
			return '\r'; /* the keypad's Enter */
		if (code == 0x53) {
			queue_sequence("\033[3~", 4);
			return -1;
		}
		if (code >= 0x48 && code <= 0x50 && arrows[code - 0x48]) {
			char seq[3] = { 033, '[', arrows[code - 0x48] };

			queue_sequence(seq, 3);
		}
		return -1;
	}
	if (code >= sizeof(keymap[0]) || !keymap[0][code])
		return -1;
	c = keymap[shift][code];
	if (kbd.caps && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
		c ^= 0x20;
	if (kbd.ctrl && c >= '@' && c <= '~')
		c &= 0x1f;
	return (u8)c;
}

/* One byte from the controller, set 1 or 2. */
static int keyboard_byte(u8 b)
{
	bool extended, released;

	if (b == SC_EXTENDED) {
		kbd.extended = true;
		return -1;
	}
	if (kbd.set2 && b == 0xf0) {
		kbd.released = true;
		return -1;
	}
	extended = kbd.extended;
	kbd.extended = false;
	if (kbd.set2) {
		released = kbd.released;
		kbd.released = false;
		b = b < 0x80 ? set2_to_set1[b] : 0;
		if (!b)
			return -1;
	} else {
		released = b & 0x80;
		b &= 0x7f;
	}
	return key_event(b, extended, released);
}

static int keyboard_read(void)
{
	if (kbd.out_pos < kbd.out_len)
		return (u8)kbd.out[kbd.out_pos++];
	if (!x86_acpi_power.has_8042)
		return -1;
	if (!kbd.probed)
		probe();
	for (int i = 0; i < 16; i++) {
		u8 s = inb(I8042_STATUS);
		int c;

		if (s == 0xff || !(s & I8042_STATUS_OBF))
			return -1; /* 0xff: nothing decodes the port */
		u8 b = inb(I8042_DATA);

		if (s & I8042_STATUS_AUX)
			continue; /* the mouse's */
		c = keyboard_byte(b);
		if (c >= 0)
			return c;
		if (kbd.out_pos < kbd.out_len)
			return (u8)kbd.out[kbd.out_pos++];
	}
	return -1;
}

int arch_console_read_byte(void)
{
	int c = x86_serial_read_byte();

	return c >= 0 ? c : keyboard_read();
}

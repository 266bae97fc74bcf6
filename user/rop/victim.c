// SPDX-License-Identifier: MIT
/*
 * The vulnerable half of /bin/rop (docs/labs/rop.md): a function that
 * copies attacker-controlled bytes into a fixed-size stack buffer without
 * comparing the length with the buffer's size.
 *
 * Built -O0 (user/build.mk says why): every function keeps one frame with
 * a frame record, one epilogue ending in one RET, and the functions stay
 * in this file's order, so each one's code ends where the next begins.
 *
 * Where the overflow lands depends on where the compiler puts the frame
 * record (the saved frame pointer and return address) relative to the
 * locals:
 *
 *   x86_64 (System V psABI §3.2.2): CALL pushes the return address, the
 *   prologue pushes RBP below it and points RBP there; locals go below
 *   RBP. Writing up from buf runs into the saved RBP, then rop_victim's
 *   own return address at RBP + 8. rop_victim's RET takes the bait.
 *
 *       higher  | rop_frontend's frame        |
 *               | return into rop_frontend    | <- RBP + 8: slot
 *               | saved RBP                   | <- RBP
 *               | buf[0..31]                  |
 *       lower   | ...                         | <- RSP
 *
 *   arm64 (AAPCS64 §6.4.6): a frame record is two 64-bit words, the
 *   caller's x29 then x30 (LR), and x29 points at it. GCC stores it at the
 *   bottom of the frame, *below* the locals (`stp x29, x30, [sp, #-N]!`),
 *   so buf cannot reach rop_victim's own saved LR. Writing up from buf
 *   leaves rop_victim's frame and reaches the frame record at the bottom
 *   of rop_frontend's: rop_frontend's saved x29 and x30. rop_victim
 *   returns normally; rop_frontend's epilogue (`ldp x29, x30, [sp], #16;
 *   ret`) loads the bait and its RET takes it. A leaf function keeps LR in
 *   x30 and saves nothing, so both functions here call something.
 *
 *       higher  | attack_body's frame (main.c)| <- rop_frontend's CFA: sp_after
 *               | rop_frontend's saved x30    | <- slot
 *               | rop_frontend's saved x29    | <- rop_frontend's x29
 *               | buf[0..31]                  |
 *               | rop_victim's saved x30, x29 | <- rop_victim's x29 = SP
 *       lower
 *
 * rop_locate() works out which case it is from the frame records
 * themselves and checks them, so a compiler that lays the frames out
 * otherwise fails the self-check instead of sending the exploit astray.
 */
#include "rop.h"
#include "rop_arch.h"

struct rop_frame rop_frame;
const unsigned char *rop_input;
size_t rop_input_len;
unsigned int rop_layout;

ROP_DEFINE_GADGET();

/* What rop_frontend() knew about itself: its frame record and return. */
static unsigned long *frontend_fp, *frontend_cfa;
static unsigned long frontend_ret;

typedef void (*rop_code_end)(const unsigned char *, size_t);

void rop_victim(const unsigned char *in, size_t n);
void rop_victim_48(const unsigned char *in, size_t n);
void rop_victim_64(const unsigned char *in, size_t n);
void rop_victim_80(const unsigned char *in, size_t n);
void rop_victim_96(const unsigned char *in, size_t n);
void rop_victim_112(const unsigned char *in, size_t n);
void rop_victim_128(const unsigned char *in, size_t n);
void rop_victim_144(const unsigned char *in, size_t n);
void rop_frontend_end(void);
static const rop_code_end rop_victim_ends[ROP_LAYOUTS];

/*
 * Fills in rop_frame for a victim's frame: buf its size-byte buffer, fp its
 * frame pointer, cfa its canonical frame address (the SP its caller had
 * before the call), ret its return address, end where its code ends. Reads
 * the stack only: called before the copy.
 */
static void rop_locate(char *buf, size_t size, unsigned long *fp, unsigned long *cfa,
		       unsigned long ret, rop_code_end end)
{
	struct rop_frame *f = &rop_frame;

	f->buf = buf;
	f->bad = NULL;
	if ((char *)fp > buf) {
		/* The frame record sits above the locals: buf reaches our own saved return. */
		f->own = true;
		f->slot = fp + 1;
		f->sp_after = cfa;
		f->ret_pc = rop_last_ret((unsigned long)end);
		if (fp[1] != ret)
			f->bad = "the word above rop_victim's frame pointer is not its return "
				 "address";
		else if (cfa != fp + 2)
			f->bad = "rop_victim's CFA is not just above its return address";
	} else {
		/* Our record is below the locals: buf reaches the caller's, the next one up. */
		f->own = false;
		f->slot = frontend_fp + 1;
		f->sp_after = frontend_cfa;
		f->ret_pc = rop_last_ret((unsigned long)rop_frontend_end);
		if ((unsigned long *)fp[0] != frontend_fp)
			f->bad = "rop_victim's frame record does not chain to rop_frontend's";
		else if (frontend_fp[1] != frontend_ret)
			f->bad = "rop_frontend's frame record does not hold its return address";
		else if ((char *)f->slot < buf + size)
			f->bad = "rop_frontend's frame record is not above the buffer";
		else if (frontend_cfa < f->slot + 1)
			f->bad = "rop_frontend's CFA is below its frame record";
	}
	if (!f->bad && !f->ret_pc)
		f->bad = "the hijacked function's code does not end with a RET";
	f->saved = *f->slot;
}

/* The bug: n is never compared with the size of dst. */
static void rop_copy(char *dst, const unsigned char *src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = (char)src[i];
}

/*
 * Copies n bytes of in into a size-byte buffer on its stack: rop_victim()
 * is the handout's (32 bytes), the others a student variant's. Each is a
 * function of its own, so its frame is laid out for its size.
 */
#define ROP_VICTIM(name, size)                                                           \
	void name(const unsigned char *in, size_t n)                                     \
	{                                                                                \
		char buf[size];                                                          \
                                                                                         \
		rop_locate(buf, size, __builtin_frame_address(0), __builtin_dwarf_cfa(), \
			   (unsigned long)__builtin_return_address(0),                   \
			   rop_victim_ends[rop_layout]);                                 \
		rop_copy(buf, in, n);                                                    \
	}

ROP_VICTIM(rop_victim, ROP_BUF_SIZE)
ROP_VICTIM(rop_victim_48, 48)
ROP_VICTIM(rop_victim_64, 64)
ROP_VICTIM(rop_victim_80, 80)
ROP_VICTIM(rop_victim_96, 96)
ROP_VICTIM(rop_victim_112, 112)
ROP_VICTIM(rop_victim_128, 128)
ROP_VICTIM(rop_victim_144, 144)

static void (*const rop_victims[ROP_LAYOUTS])(const unsigned char *, size_t) = {
	rop_victim,    rop_victim_48,  rop_victim_64,  rop_victim_80,
	rop_victim_96, rop_victim_112, rop_victim_128, rop_victim_144,
};
/* Where each victim's code ends: the next function (this file's order, -fno-toplevel-reorder). */
static const rop_code_end rop_victim_ends[ROP_LAYOUTS] = {
	rop_victim_48,	rop_victim_64,	rop_victim_80,	rop_victim_96,
	rop_victim_112, rop_victim_128, rop_victim_144, (rop_code_end)rop_frontend,
};

void rop_frontend(void)
{
	frontend_fp = __builtin_frame_address(0);
	frontend_cfa = __builtin_dwarf_cfa();
	frontend_ret = (unsigned long)__builtin_return_address(0);
	rop_victims[rop_layout](rop_input, rop_input_len);
}

/* Marks where rop_frontend's code ends; never called. */
void rop_frontend_end(void)
{
}

struct rop_notice rop_notice;

void rop_report_quietly(unsigned long arg)
{
	(void)arg;
}

void rop_post_notice(const unsigned char *in, size_t n)
{
	rop_notice.report = rop_report_quietly;
	rop_copy(rop_notice.text, in, n);
	rop_notice.report(0);
}

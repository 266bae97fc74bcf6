/* SPDX-License-Identifier: MIT */
/*
 * /bin/rop (docs/labs/rop.md): what the vulnerable half (victim.c, built
 * with fixed frames) and the exploit half (main.c) share.
 *
 * The call chain is main.c -> rop_frontend() -> rop_victim(). rop_victim()
 * copies rop_input (rop_input_len bytes, no bounds check) into a
 * ROP_BUF_SIZE-byte stack buffer. Before the copy it describes its frame in
 * rop_frame, so the exploit computes its offsets at run time instead of
 * trusting the compiler's layout.
 */
#ifndef USER_ROP_H
#define USER_ROP_H

#include <stdbool.h>
#include <stddef.h>

/* rop_victim()'s buffer: the handout's layout (docs/labs/rop.md §3), a student's variant 0. */
#define ROP_BUF_SIZE 32

/*
 * A student's variant (docs/labs/rop.md §9): a number from the student's id
 * (user/build.mk: ROP_VARIANT, 0 without an id) that picks the buffer's
 * size, so the frame's layout, and win()'s key. rop_layout is the index of
 * the victim rop_frontend() calls: 0 is rop_victim(), the handout's.
 */
#define ROP_LAYOUTS 8
extern unsigned int rop_layout;

/* The forward-edge half (§8): a notice whose text is copied without a bound, then reported. */
#define ROP_NOTICE_SIZE 32
struct rop_notice {
	char text[ROP_NOTICE_SIZE];
	void (*report)(unsigned long arg); /* called with 0 after the copy */
};
extern struct rop_notice rop_notice;

/* The notice's honest report: does nothing. */
void rop_report_quietly(unsigned long arg);

/* Copies in into rop_notice.text (no bound), then calls rop_notice.report(0). */
void rop_post_notice(const unsigned char *in, size_t n);

/* Runs rop_granted() when password is right (rop_arch.h, in asm: its check's bytes are fixed). */
void rop_admin(unsigned long password);

/* A child's probe for x86_64's rop_fwd_live(): 0 when IBT can be turned on. */
int rop_fwd_probe(void);

/* The password rop_admin() wants (rop_arch.h); the hijack skips its check instead. */
#define ROP_ADMIN_PASSWORD_TEXT "0x6e696d6461"

/* What rop_victim() saw on its last call, before its copy. */
struct rop_frame {
	char *buf;		 /* the overflowed buffer */
	unsigned long *slot;	 /* the saved return address the overflow reaches first */
	unsigned long *sp_after; /* SP once the RET that loads *slot has run: the chain goes here */
	unsigned long saved;	 /* *slot before the copy: the honest return address */
	unsigned long ret_pc;	 /* the address of that RET instruction */
	bool own;	 /* slot is rop_victim's own (x86_64); else rop_frontend's (arm64) */
	const char *bad; /* why the self-check failed, or NULL */
};

extern struct rop_frame rop_frame;
extern const unsigned char *rop_input;
extern size_t rop_input_len;

/* Copies rop_input into rop_victim()'s buffer; returns only when the return address survived. */
void rop_frontend(void);

/* The first instruction of the planted gadget (rop_arch.h): loads an argument and a return. */
void rop_gadget(void);

#endif

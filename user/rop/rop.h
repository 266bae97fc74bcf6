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

#define ROP_BUF_SIZE 32

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

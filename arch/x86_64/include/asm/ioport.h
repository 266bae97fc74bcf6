/* SPDX-License-Identifier: MIT */
/*
 * User port I/O: ioperm() and iopl() (docs/ABI.md §7), the I/O permission
 * bit map in the TSS (SDM vol. 1 §19.5.2, vol. 3A §8.2.1).
 */
#ifndef ASM_IOPORT_H
#define ASM_IOPORT_H

#include <asm/trap.h>
#include <kernel/atomic.h>
#include <kernel/types.h>

#define IO_BITMAP_BITS 65536 /* one bit per port: the whole 16-bit I/O space */
#define IO_BITMAP_BYTES (IO_BITMAP_BITS / 8)
#define IOPL_MAX 3 /* RFLAGS.IOPL is two bits wide */

/* A thread's ioperm() bits, shared after fork until one side changes them. */
struct io_bitmap {
	refcount_t refs;	  /* threads holding it */
	u64 seq;		  /* new and unique at every change: tags the TSS's copy */
	u8 bits[IO_BITMAP_BYTES]; /* bit set = port refused, as the CPU reads it */
};

/* Which I/O permissions the TSS gives ring 3 (arch/x86_64/gdt.c). */
enum tss_io {
	TSS_IO_NONE, /* map base past the TSS limit: every port faults */
	TSS_IO_MAP,  /* the running thread's ioperm() bits, tss_io_map() */
	TSS_IO_ALL,  /* an all-zero map: iopl(3) */
};

void tss_set_io(enum tss_io which);
/* The TSS's copy of the running thread's ioperm() bits: IO_BITMAP_BYTES. */
u8 *tss_io_map(void);

struct task;
/* The child inherits the parent's iopl() level and ioperm() bits (Linux: copy_thread). */
void x86_io_fork(struct task *child, const struct task *parent);
/* Drops t's bits; t is not running. */
void x86_io_free(struct task *t);
/* Gives the TSS next's permissions: on every context switch. */
void x86_io_switch(const struct task *next);
/* A user #GP on CLI/STI under iopl(3) steps over it, as Linux does: true if so. */
bool x86_iopl_gp_fixup(struct trap_frame *f);

#endif

// SPDX-License-Identifier: MIT
/*
 * ioperm(from, num, turn_on) and iopl(level): user access to I/O ports, as
 * Linux has done them since 5.5 (docs/ABI.md §7).
 *
 * Ring 3 may use IN/OUT only where the I/O permission bit map in the TSS
 * has the port's bit clear: RFLAGS.IOPL stays 0, so CPL 3 > IOPL and the
 * CPU always consults the map (SDM vol. 1 §19.5.1, §19.5.2). A map base at
 * or past the TSS limit means no permission at all: a #GP, which user
 * space sees as SIGSEGV with SI_KERNEL (arch/x86_64/traps.c).
 *
 * ioperm() gives a thread its own 8 KiB map (bit set = refused), copied
 * into the TSS while the thread runs. iopl(3) does not raise RFLAGS.IOPL
 * either (that would let user space run CLI and STI): it points the TSS at
 * a second map of all zeros, so every port is allowed; iopl(0..2) takes
 * that away again, and the thread's ioperm() bits apply as before. Both are
 * per thread, inherited by fork and clone and kept across execve (Linux's
 * flush_thread() leaves them alone); a forked child shares the map until
 * either side changes it.
 */
#include <asm/ioport.h>
#include <asm/syscalls.h>
#include <kernel/kmem.h>
#include <kernel/printk.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define OPCODE_CLI 0xfa
#define OPCODE_STI 0xfb

static u64 io_seq; /* the last number handed to a changed map (under big_lock) */

/*
 * On the CPU that is about to run next. Each CPU's TSS holds its own copy
 * of a map, tagged with the map's number in this_cpu()->arch.io_map_seq
 * (0: none yet), so a thread that moves to another CPU gets its bits
 * copied there, and one that comes back to a CPU whose copy is still its
 * latest map is spared the 8 KiB copy.
 */
void x86_io_switch(const struct task *next)
{
	const struct io_bitmap *b = next->arch.io_bitmap;
	u64 *tss_seq = &this_cpu()->arch.io_map_seq;

	if (next->arch.iopl_emul == IOPL_MAX) {
		tss_set_io(TSS_IO_ALL); /* iopl(3) wins over any ioperm() bits */
	} else if (b) {
		if (*tss_seq != b->seq) {
			memcpy(tss_io_map(), b->bits, IO_BITMAP_BYTES);
			*tss_seq = b->seq;
		}
		tss_set_io(TSS_IO_MAP);
	} else {
		tss_set_io(TSS_IO_NONE);
	}
}

void x86_io_fork(struct task *child, const struct task *parent)
{
	child->arch.iopl_emul = parent->arch.iopl_emul;
	child->arch.iopl_warned = false;
	child->arch.io_bitmap = parent->arch.io_bitmap;
	if (child->arch.io_bitmap)
		refcount_inc(&child->arch.io_bitmap->refs);
}

void x86_io_free(struct task *t)
{
	struct io_bitmap *b = t->arch.io_bitmap;

	t->arch.io_bitmap = NULL;
	if (b && refcount_dec_and_test(&b->refs))
		kfree(b);
}

static bool all_refused(const struct io_bitmap *b)
{
	for (size_t i = 0; i < IO_BITMAP_BYTES; i++) {
		if (b->bits[i] != 0xff)
			return false;
	}
	return true;
}

/*
 * The calling thread's own, unshared map: a fresh one refusing every port,
 * or a copy of one it shares since a fork. NULL when out of memory.
 */
static struct io_bitmap *own_bitmap(struct task *t)
{
	struct io_bitmap *b = t->arch.io_bitmap, *mine;

	if (b && refcount_read(&b->refs) == 1)
		return b;
	mine = kmalloc(sizeof(*mine));
	if (!mine)
		return NULL;
	if (b)
		memcpy(mine->bits, b->bits, IO_BITMAP_BYTES);
	else
		memset(mine->bits, 0xff, IO_BITMAP_BYTES);
	refcount_set(&mine->refs, 1);
	x86_io_free(t); /* the shared one keeps its other holders */
	t->arch.io_bitmap = mine;
	return mine;
}

/*
 * Linux's order: the range (EINVAL when from + num wraps, is from itself --
 * num 0 -- or passes port 65535), then the capability (everything here is
 * root, so no EPERM), then the change. Clearing bits of a thread without a
 * map changes nothing; a map left refusing every port is freed.
 */
SYSCALL(ioperm)
{
	unsigned long from = a[0], num = a[1];
	int turn_on = (int)a[2]; /* an int in Linux's prototype */
	struct task *t = current;
	struct io_bitmap *b;

	if (from + num <= from || from + num > IO_BITMAP_BITS)
		return -EINVAL;
	if (!t->arch.io_bitmap && !turn_on)
		return 0;
	b = own_bitmap(t);
	if (!b)
		return -ENOMEM;
	for (unsigned long port = from; port < from + num; port++) {
		if (turn_on)
			b->bits[port / 8] &= (u8) ~(1u << (port % 8));
		else
			b->bits[port / 8] |= (u8)(1u << (port % 8));
	}
	if (all_refused(b))
		x86_io_free(t);
	else
		b->seq = ++io_seq;
	x86_io_switch(t);
	return 0;
}

/* level is an unsigned int in Linux's prototype: the upper half of the register is ignored. */
SYSCALL(iopl)
{
	unsigned int level = (unsigned int)a[0];

	if (level > IOPL_MAX)
		return -EINVAL;
	current->arch.iopl_emul = (u8)level;
	x86_io_switch(current);
	return 0;
}

/*
 * Programs written for a real IOPL of 3 may run CLI or STI, which #GP at
 * CPL 3 > IOPL 0 with CR4.PVI clear (SDM vol. 2A, CLI and STI). For a
 * thread at iopl(3) Linux (since 5.15: fixup_iopl_exception()) steps over
 * the one-byte instruction as if it were a NOP and logs it once per
 * thread; the interrupt flag never changes. Every other #GP, HLT's
 * included, is still SIGSEGV.
 */
bool x86_iopl_gp_fixup(struct trap_frame *f)
{
	struct task *t = current;
	u8 opcode;

	if (t->arch.iopl_emul != IOPL_MAX)
		return false;
	if (copy_from_user(&opcode, (const void __user *)f->rip, 1))
		return false;
	if (opcode != OPCODE_CLI && opcode != OPCODE_STI)
		return false;
	if (!t->arch.iopl_warned) {
		printk("umbra: %s[%d]: CLI/STI at %#lx under iopl(3) skipped as a no-op\n", t->name,
		       task_tid_in(t, task_active_pid_ns(t)), (unsigned long)f->rip);
		t->arch.iopl_warned = true;
	}
	f->rip += 1;
	return true;
}

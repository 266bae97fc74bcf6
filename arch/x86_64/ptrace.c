// SPDX-License-Identifier: MIT
/*
 * x86_64's register sets for ptrace (<kernel/ptrace.h>): NT_PRSTATUS, the
 * general registers as struct user_regs_struct, with Linux's putreg()
 * rules (arch/x86/kernel/proc/ptrace.c); NT_X86_SHSTK, the user shadow-stack
 * pointer, with Linux's ssp_get()/ssp_set() rules
 * (arch/x86/kernel/fpu/regset.c). The tracee is stopped: its registers are
 * the trap frame at the top of its kernel stack, its SSP arch.pl3_ssp.
 */
#include <asm/page.h>
#include <asm/segment.h>
#include <asm/task.h>
#include <asm/trap.h>
#include <kernel/access_vm.h>
#include <kernel/compiler.h>
#include <kernel/ptrace.h>
#include <kernel/shstk.h>
#include <kernel/task.h>
#include <uapi/asm-x86_64/ptrace.h>
#include <uapi/linux/elf.h>
#include <uapi/linux/errno.h>

#define REG(name) __builtin_offsetof(struct user_regs_struct, name)

/*
 * The RFLAGS bits a tracer may change (Linux's FLAG_MASK): CF, PF, AF, ZF,
 * SF, TF, DF, OF, RF, AC (SDM vol. 1 §3.4.3).
 */
#define FLAG_MASK 0x50dd5ul

#define SELECTOR_RPL_MASK 3 /* SDM vol. 3A §3.4.2 */

/*
 * The system call f's entry made, else -1: Linux's orig_ax. The entry
 * keeps the number in the error-code slot, RAX becomes the result.
 */
static u64 frame_syscall_nr(const struct trap_frame *f)
{
	return f->vector == SYSCALL_VECTOR ? f->error_code : (u64)-1;
}

int arch_task_syscall(const struct task *t, unsigned long args[6])
{
	const struct trap_frame *f = task_user_frame(t);
	int nr = (int)frame_syscall_nr(f);

	if (nr < 0)
		return nr;
	/* The x86-64 system call convention (Linux's): RDI, RSI, RDX, R10, R8, R9. */
	args[0] = f->rdi;
	args[1] = f->rsi;
	args[2] = f->rdx;
	args[3] = f->r10;
	args[4] = f->r8;
	args[5] = f->r9;
	return nr;
}

/* Where each general register of user_regs_struct lives in the trap frame. */
static u64 *gpr_slot(struct trap_frame *f, size_t off)
{
	switch (off) {
	case REG(r15):
		return &f->r15;
	case REG(r14):
		return &f->r14;
	case REG(r13):
		return &f->r13;
	case REG(r12):
		return &f->r12;
	case REG(rbp):
		return &f->rbp;
	case REG(rbx):
		return &f->rbx;
	case REG(r11):
		return &f->r11;
	case REG(r10):
		return &f->r10;
	case REG(r9):
		return &f->r9;
	case REG(r8):
		return &f->r8;
	case REG(rax):
		return &f->rax;
	case REG(rcx):
		return &f->rcx;
	case REG(rdx):
		return &f->rdx;
	case REG(rsi):
		return &f->rsi;
	case REG(rdi):
		return &f->rdi;
	case REG(rip):
		return &f->rip;
	case REG(rsp):
		return &f->rsp;
	default:
		return NULL;
	}
}

static int gpr_get(struct task *t, void *buf)
{
	const struct trap_frame *f = task_user_frame(t);
	struct user_regs_struct *r = buf;

	*r = (struct user_regs_struct){ 0 }; /* ds, es, fs, gs: Umbra keeps no such selectors */
	for (size_t off = 0; off < sizeof(*r); off += sizeof(u64)) {
		u64 *slot = gpr_slot((struct trap_frame *)f, off);

		if (slot)
			*(u64 *)((char *)r + off) = *slot;
	}
	r->orig_rax = frame_syscall_nr(f); /* kept for restarts */
	r->cs = f->cs;
	r->ss = f->ss;
	r->eflags = f->rflags;
	r->fs_base = t->arch.fs_base;
	r->gs_base = t->arch.gs_base;
	return 0;
}

/* Linux's putreg(): one word of user_regs_struct at off. 0 or -EIO. */
static int putreg(struct task *t, size_t off, unsigned long value)
{
	struct trap_frame *f = task_user_frame(t);
	u16 sel = (u16)value; /* Linux's set_segment_reg() takes a u16 */
	u64 *slot = gpr_slot(f, off);

	if (slot) {
		*slot = value; /* a RIP the CPU refuses is arch_user_frame_check()'s SIGSEGV, as Linux's */
		return 0;
	}
	switch (off) {
	case REG(cs):
	case REG(ss):
		if (sel == 0 || (sel & SELECTOR_RPL_MASK) != 3)
			return -EIO;
		if (off == REG(cs))
			f->cs = sel;
		else
			f->ss = sel;
		return 0;
	case REG(ds):
	case REG(es):
	case REG(fs):
	case REG(gs):
		/* Linux refuses a selector not of ring 3; Umbra, which has none, any but 0. */
		return sel ? -EIO : 0;
	case REG(eflags):
		f->rflags = (f->rflags & ~FLAG_MASK) | (value & FLAG_MASK);
		return 0;
	case REG(fs_base):
	case REG(gs_base):
		if (!user_base_ok(value))
			return -EIO; /* Linux: at or above TASK_SIZE_MAX */
		if (off == REG(fs_base))
			t->arch.fs_base = value;
		else
			t->arch.gs_base = value;
		return 0;
	case REG(orig_rax):
		/* -1: no system call (nothing to restart); else this one's number. */
		if (value == (unsigned long)-1) {
			f->vector = 0;
		} else {
			f->vector = SYSCALL_VECTOR;
			f->error_code = value;
		}
		return 0;
	default:
		return -EIO;
	}
}

/* Linux's genregs_set(): word by word, stopping at the first fault or refusal. */
static int gpr_set(struct task *t, const void __user *ubuf, size_t count)
{
	const unsigned long __user *u = ubuf;

	for (size_t off = 0; off < count; off += sizeof(unsigned long)) {
		unsigned long word;
		int err;

		if (get_user(word, u + off / sizeof(unsigned long)))
			return -EFAULT;
		err = putreg(t, off, word);
		if (err)
			return err;
	}
	return 0;
}

static int ssp_get(struct task *t, void *buf)
{
	if (!arch_shstk_supported() || !arch_shstk_enabled(t))
		return -ENODEV;
	*(u64 *)buf = arch_shstk_get_ssp(t);
	return 0;
}

static int ssp_set(struct task *t, const void __user *ubuf, size_t count)
{
	u64 ssp;

	if (!arch_shstk_supported() || !arch_shstk_enabled(t))
		return -ENODEV;
	if (count != sizeof(ssp))
		return -EINVAL;
	if (copy_from_user(&ssp, ubuf, sizeof(ssp)))
		return -EFAULT;
	/* What IA32_PL3_SSP would refuse, or points outside user space (Linux: TASK_SIZE_MAX). */
	if (ssp >= TASK_SIZE || !IS_ALIGNED(ssp, 8))
		return -EINVAL;
	arch_shstk_set_ssp(t, ssp);
	return 0;
}

const struct regset arch_regsets[] = {
	{ NT_PRSTATUS, sizeof(struct user_regs_struct) / sizeof(u64), sizeof(u64), gpr_get,
	  gpr_set },
	{ NT_X86_SHSTK, 1, sizeof(u64), ssp_get, ssp_set },
};

const unsigned int arch_nr_regsets = sizeof(arch_regsets) / sizeof(arch_regsets[0]);

_Static_assert(sizeof(struct user_regs_struct) == 27 * 8, "Linux's user_regs_struct");
_Static_assert(sizeof(struct user_regs_struct) <= REGSET_MAX_BYTES, "fits the regset buffer");

/* Stores through another linear address reach the instruction side by themselves (SDM vol. 3A §11.6). */
void arch_sync_icache_range(const void *kaddr, size_t len)
{
	(void)kaddr;
	(void)len;
}

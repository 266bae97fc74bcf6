// SPDX-License-Identifier: MIT
/*
 * x86_64 signal frames, laid out as Linux's rt_sigframe so any handler
 * written for Linux (musl's, glibc's, hand-written) finds what it expects:
 * struct rt_sigframe (pretcode, the ucontext, the siginfo; the FXSAVE image
 * 64-byte aligned above it) is <uapi/asm-x86_64/sigcontext.h>'s, the types
 * user space reads it with.
 *
 * With shadow stacks on, the frame has a shadow-stack half too (docs/ABI.md §4.7):
 * the old SSP with bit 63 set, then the restorer address, so the handler's
 * RET into the restorer matches; rt_sigreturn checks and pops it. User
 * space cannot pick another shadow stack this way: the SSP comes from the
 * shadow stack itself, never from the ucontext.
 */
#include <asm/cet.h>
#include <asm/msr.h>
#include <asm/segment.h>
#include <asm/setup.h>
#include <asm/syscalls.h>
#include <asm/trap.h>
#include <asm/x86.h>
#include <kernel/exit.h>
#include <kernel/pid.h>
#include <kernel/printk.h>
#include <kernel/shstk.h>
#include <kernel/signal.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/asm-x86_64/sigcontext.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>
#include <uapi/linux/signal.h>

#define SYSCALL_INSN_LEN 2 /* 0f 05 */
#define RED_ZONE 128	   /* System V ABI: below rsp, the leaf function's */
#define FPSTATE_ALIGN 64
#define SHSTK_DATA_BIT (1ull << 63) /* marks an SSP on the shadow stack: never a RET target */

/* RFLAGS bits user space may change through sigreturn (Linux's FIX_EFLAGS). */
#define RFLAGS_USER_MASK                                                               \
	(0x1ul /*CF*/ | 0x4ul /*PF*/ | 0x10ul /*AF*/ | 0x40ul /*ZF*/ | 0x80ul /*SF*/ | \
	 0x100ul /*TF*/ | 0x400ul /*DF*/ | 0x800ul /*OF*/ | 0x40000ul /*AC*/ | 0x10000ul /*RF*/)

void arch_syscall_restart(struct task *t, enum syscall_restart how)
{
	struct trap_frame *f = task_user_frame(t);

	if (f->vector != SYSCALL_VECTOR ||
	    (f->rax != (u64)-ERESTARTSYS && f->rax != (u64)-ERESTARTNOHAND))
		return;
	/* ERESTARTNOHAND: a handler always makes it EINTR, as Linux's. */
	if (how == RESTART_HANDLER_EINTR ||
	    (how != RESTART_NO_HANDLER && f->rax == (u64)-ERESTARTNOHAND)) {
		f->rax = (u64)-EINTR;
		return;
	}
	/* Run the system call again: its number was kept in the error-code slot. */
	f->rax = f->error_code;
	f->rip -= SYSCALL_INSN_LEN;
}

/* Pushes the 16-byte shadow-stack frame (docs/ABI.md §4.7); 0 or -EFAULT. */
static int push_shstk_frame(struct task *t, uintptr_t restorer)
{
	uintptr_t ssp = arch_shstk_get_ssp(t);
	u64 entries[2] = { restorer, ssp | SHSTK_DATA_BIT }; /* at ssp - 16, ssp - 8 */

	if (!restorer || !ssp || (ssp & 7))
		return -EFAULT;
	/*
	 * Written through the direct map (the pages are this process's own)
	 * and only into writable shadow-stack memory, where WRUSS could write
	 * (a read-only one fails as in Linux): a full stack runs into its guard.
	 */
	struct vma *v;
	bool full;

	mm_lock(t->mm); /* the area checked is the one written */
	v = vma_find(&t->mm->vmas, ssp - 16);
	full = !v || !(v->flags & VM_SHADOW_STACK) || !(v->prot & PROT_WRITE) || ssp > v->end ||
	       mm_write(t->mm, ssp - 16, entries, sizeof(entries));
	mm_unlock(t->mm);
	if (full)
		return -ENOSPC; /* the shadow stack is full: reported as its overflow */
	arch_shstk_set_ssp(t, ssp - 16);
	return 0;
}

int arch_signal_setup_frame(struct task *t, int sig, const struct k_sigaction *ka,
			    const struct ksiginfo *info, u64 old_mask)
{
	struct trap_frame *f = task_user_frame(t);
	struct rt_sigframe frame;
	bool to_altstack;
	uintptr_t sp = sigframe_stack(t, ka, f->rsp, f->rsp - RED_ZONE, &to_altstack);

	if (!(ka->flags & SA_RESTORER) || !ka->restorer)
		return -EFAULT; /* x86_64 has no kernel-provided trampoline */

	uintptr_t fpstate = ALIGN_DOWN(sp - FXSAVE_SIZE, FPSTATE_ALIGN);
	/* At the handler's entry (%rsp + 8) is 16-byte aligned, as after a CALL. */
	uintptr_t at = ALIGN_DOWN(fpstate - sizeof(frame), 16) - 8;

	memset(&frame, 0, sizeof(frame));
	frame.pretcode = ka->restorer;
	frame.uc.uc_flags = UC_SIGCONTEXT_SS | UC_STRICT_RESTORE_SS;
	if (x86_ibt_waiting(t))
		frame.uc.uc_flags |= UC_WAIT_ENDBR; /* rt_sigreturn resumes waiting */
	sigframe_save_altstack(t, f->rsp, &frame.uc.uc_stack);

	struct sigcontext *sc = &frame.uc.uc_mcontext;

	sc->r8 = f->r8, sc->r9 = f->r9, sc->r10 = f->r10, sc->r11 = f->r11;
	sc->r12 = f->r12, sc->r13 = f->r13, sc->r14 = f->r14, sc->r15 = f->r15;
	sc->rdi = f->rdi, sc->rsi = f->rsi, sc->rbp = f->rbp, sc->rbx = f->rbx;
	sc->rdx = f->rdx, sc->rax = f->rax, sc->rcx = f->rcx, sc->rsp = f->rsp;
	sc->rip = f->rip, sc->eflags = f->rflags;
	/* What the interrupted context had: a bad selector from sigreturn shows here, as on Linux. */
	sc->cs = (u16)f->cs, sc->ss = (u16)f->ss;
	sc->err = f->vector == SYSCALL_VECTOR ? 0 : f->error_code;
	sc->trapno = f->vector == SYSCALL_VECTOR ? 0 : f->vector;
	sc->oldmask = old_mask;
	sc->cr2 = info->addr;
	sc->fpstate = fpstate;
	frame.uc.uc_sigmask = old_mask;
	siginfo_to_user(&frame.info, info);

	/* The live FPU state is this task's: it is current, on its way to user mode. */
	__asm__ __volatile__("fxsave64 %0" : "=m"(t->arch.fpu));
	if (copy_to_user((void __user *)fpstate, t->arch.fpu, FXSAVE_SIZE) ||
	    copy_to_user((void __user *)at, &frame, sizeof(frame)))
		return -EFAULT;
	if (arch_shstk_enabled(t)) {
		int err = push_shstk_frame(t, ka->restorer);

		if (err)
			return err;
	}
	sigframe_delivered(t, to_altstack);
	/* Entered as if called indirectly: the handler must start with ENDBR64 (ibt.c). */
	x86_ibt_set_waiting(t, true);

	f->rsp = at;
	f->rip = ka->handler;
	f->rdi = (u64)sig;
	f->rsi = at + offsetof(struct rt_sigframe, info);
	f->rdx = at + offsetof(struct rt_sigframe, uc);
	f->rax = 0;
	f->cs = USER_CS; /* the handler runs in 64-bit user mode whatever was interrupted */
	f->ss = USER_DS;
	f->rflags &=
		~(0x100ul | 0x400ul | 0x10000ul); /* no TF or RF, DF clear: the ABI's entry state */
	f->vector = 0;				  /* no longer a system call: nothing to restart */
	x86_fpu_reset(t); /* a clean FPU for the handler; the old state is in the frame */
	return 0;
}

/*
 * Pops the shadow-stack frame: SSP points at "old SSP | bit 63" once the
 * handler's RET has consumed the restorer entry. Every rule of docs/ABI.md §4.7,
 * so rt_sigreturn cannot move the shadow stack anywhere else.
 */
static int pop_shstk_frame(struct task *t)
{
	uintptr_t ssp = arch_shstk_get_ssp(t);
	u64 token;

	if (ssp & 7)
		return -EINVAL;
	/* A page-aligned SSP may sit one past the end of some other stack. */
	if (IS_ALIGNED(ssp, PAGE_SIZE)) {
		struct vma *v;
		bool shstk;

		mm_lock(t->mm);
		v = vma_find(&t->mm->vmas, ssp);
		shstk = v && (v->flags & VM_SHADOW_STACK);
		mm_unlock(t->mm);
		if (!shstk)
			return -EFAULT;
	}
	if (copy_from_user(&token, (const void __user *)ssp, sizeof(token)))
		return -EFAULT;
	if (!(token & SHSTK_DATA_BIT))
		return -EINVAL;
	token &= ~SHSTK_DATA_BIT;
	if ((token & 7) || token >= TASK_SIZE)
		return -EINVAL;
	arch_shstk_set_ssp(t, token);
	return 0;
}

SYSCALL(rt_sigreturn)
{
	struct task *t = current;
	struct trap_frame *f = task_user_frame(t);
	/* The handler's RET popped pretcode: the frame starts 8 bytes below. */
	uintptr_t at = f->rsp - 8;
	struct rt_sigframe frame;
	u8 fx[FXSAVE_SIZE] __attribute__((aligned(16)));

	(void)a;
	if (copy_from_user(&frame, (const void __user *)at, sizeof(frame)))
		goto bad;

	const struct sigcontext *sc = &frame.uc.uc_mcontext;

	if (sc->fpstate && copy_from_user(fx, (const void __user *)sc->fpstate, sizeof(fx)))
		goto bad;
	if (arch_shstk_enabled(t) && pop_shstk_frame(t))
		goto bad;
	x86_ibt_set_waiting(t, frame.uc.uc_flags & UC_WAIT_ENDBR);

	f->r8 = sc->r8, f->r9 = sc->r9, f->r10 = sc->r10, f->r11 = sc->r11;
	f->r12 = sc->r12, f->r13 = sc->r13, f->r14 = sc->r14, f->r15 = sc->r15;
	f->rdi = sc->rdi, f->rsi = sc->rsi, f->rbp = sc->rbp, f->rbx = sc->rbx;
	f->rdx = sc->rdx, f->rax = sc->rax, f->rcx = sc->rcx, f->rsp = sc->rsp;
	f->rip = sc->rip;
	/* User space keeps its privilege: only the arithmetic and a few control flags come back. */
	f->rflags = (f->rflags & ~RFLAGS_USER_MASK) | (sc->eflags & RFLAGS_USER_MASK) | RFLAGS_IF;
	/*
	 * As Linux: any selector, with RPL 3. One the CPU would refuse (and a
	 * non-canonical RIP) becomes SIGSEGV in arch_user_frame_check(), before the
	 * IRET. Without UC_STRICT_RESTORE_SS a bad SS is replaced (Linux's
	 * force_valid_ss(), for old programs that leave it 0).
	 */
	f->cs = sc->cs | 3;
	f->ss = sc->ss | 3;
	if (!(frame.uc.uc_flags & UC_STRICT_RESTORE_SS) && f->ss != USER_DS)
		f->ss = USER_DS;
	f->vector = 0; /* not restartable: the registers are the interrupted ones */
	if (sc->fpstate) {
		/* Reserved MXCSR bits would make FXRSTOR fault: keep only the defined ones. */
		u32 *mxcsr = (u32 *)(fx + 24);

		*mxcsr &= 0xffbf;
		memcpy(t->arch.fpu, fx, sizeof(fx));
		__asm__ __volatile__("fxrstor64 %0" ::"m"(t->arch.fpu));
	}
	signal_set_mask(t, frame.uc.uc_sigmask);
	sigframe_restore_altstack(t, f->rsp, &frame.uc.uc_stack);
	return (long)f->rax; /* the syscall return path stores this in rax: keep it */
bad:
	/*
	 * Linux's signal_fault(): force_sig(SIGSEGV), si_code SI_KERNEL and no
	 * address -- catchable, unless SIGSEGV is blocked or ignored.
	 */
	signal_force_fault(SIGSEGV, SI_KERNEL, 0, "bad signal frame");
	return 0;
}

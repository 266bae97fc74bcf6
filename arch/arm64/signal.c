// SPDX-License-Identifier: MIT
/*
 * arm64 signal frames, laid out as Linux's so any handler written for
 * Linux finds what it expects: struct rt_sigframe and its records are
 * <uapi/asm-arm64/sigcontext.h>'s, the types user space reads them with.
 * __reserved holds fpsimd_context (V0-V31, FPSR, FPCR), then esr_context
 * after a fault (the ESR Linux reports), then gcs_context when the CPU
 * has GCS, then a zero terminator.
 *
 * The handler returns to sa_restorer, or, as on Linux, to the vDSO's
 * __kernel_rt_sigreturn ("mov x8, #__NR_rt_sigreturn; svc #0"). With
 * GCS on, a signal cap ((GCSPR - 8) & ~0xfff, token type 0: never a valid
 * return address) and the trampoline's address are pushed on the GCS, and
 * rt_sigreturn consumes the cap and zeroes it (docs/ABI.md §5.7).
 */
#include <asm/gcs.h>
#include <asm/page.h>
#include <asm/pstate.h>
#include <asm/setup.h>
#include <asm/trap.h>
#include <kernel/big_lock.h>
#include <kernel/exec.h>
#include <kernel/exit.h>
#include <kernel/kmem.h>
#include <kernel/pid.h>
#include <kernel/printk.h>
#include <kernel/shstk.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <kernel/vdso.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/asm-arm64/sigcontext.h>
#include <uapi/asm-arm64/unistd.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>
#include <uapi/linux/prctl.h>
#include <uapi/linux/signal.h>

#define SVC_INSN_LEN 4

/* __kernel_rt_sigreturn's address in every program, looked up once. */
static uintptr_t vdso_sigreturn(void)
{
	static uintptr_t addr;

	if (!addr)
		addr = vdso_symbol("__kernel_rt_sigreturn");
	return addr;
}

/* exec: the vDSO (kernel/time/vdso.c) holds the signal return; nothing else to add. */
int arch_exec_mm(struct mm *mm)
{
	(void)mm;
	return 0;
}

void arch_syscall_restart(struct task *t, enum syscall_restart how)
{
	struct trap_frame *f = task_user_frame(t);

	if (!arm64_frame_is_svc(f) ||
	    (f->x[0] != (u64)-ERESTARTSYS && f->x[0] != (u64)-ERESTARTNOHAND))
		return;
	/* ERESTARTNOHAND: a handler always makes it EINTR, as Linux's. */
	if (how == RESTART_HANDLER_EINTR ||
	    (how != RESTART_NO_HANDLER && f->x[0] == (u64)-ERESTARTNOHAND)) {
		f->x[0] = (u64)-EINTR;
		return;
	}
	f->x[0] = f->pad; /* arm64_syscall() kept the first argument there */
	f->elr -= SVC_INSN_LEN;
}

/*
 * Pushes the signal cap and the return address on the GCS; 0 or -ENOSPC.
 * Only into a writable GCS, where Linux's GCSSTTR could store.
 */
static int push_gcs_frame(struct task *t, uintptr_t ret)
{
	uintptr_t gcspr = arch_shstk_get_ssp(t);
	u64 entries[2] = { ret, (gcspr - 8) & ~0xfffull }; /* at gcspr - 16, gcspr - 8 */
	struct vma *v;
	bool full;

	arm64_gcsb_dsync(); /* the task's own GCS effects before our stores beside them */
	mm_lock(t->mm);	    /* the area checked is the one written */
	v = vma_find(&t->mm->vmas, gcspr - 16);
	full = !v || !(v->flags & VM_SHADOW_STACK) || !(v->prot & PROT_WRITE) || gcspr > v->end ||
	       mm_write(t->mm, gcspr - 16, entries, sizeof(entries));
	mm_unlock(t->mm);
	if (full)
		return -ENOSPC; /* the GCS is full: reported as its overflow */
	/* Our stores, then the handler's RET that pops them: DSB, then GCSB DSYNC. */
	__asm__ __volatile__("dsb ish" ::: "memory");
	arm64_gcsb_dsync();
	arch_shstk_set_ssp(t, gcspr - 16);
	return 0;
}

int arch_signal_setup_frame(struct task *t, int sig, const struct k_sigaction *ka,
			    const struct ksiginfo *info, u64 old_mask)
{
	struct trap_frame *f = task_user_frame(t);
	/*
	 * 4.7 KiB: too big for a kernel stack. One for every CPU: it is used
	 * only under big_lock, and nothing between filling it and copying it
	 * out sleeps (a fault in copy_to_user() pages memory in, never waits).
	 */
	static struct rt_sigframe frame;
	bool to_altstack;
	uintptr_t sp = sigframe_stack(t, ka, f->sp, f->sp, &to_altstack);
	uintptr_t ret = (ka->flags & SA_RESTORER) ? ka->restorer : vdso_sigreturn();

	uintptr_t at = ALIGN_DOWN(sp - sizeof(frame), 16);

	assert_big_lock_held();
	memset(&frame, 0, sizeof(frame));
	siginfo_to_user(&frame.info, info);
	sigframe_save_altstack(t, f->sp, &frame.uc.uc_stack);
	frame.uc.uc_sigmask = old_mask;

	struct sigcontext *sc = &frame.uc.uc_mcontext;

	memcpy(sc->regs, f->x, sizeof(sc->regs));
	sc->sp = f->sp;
	sc->pc = f->elr;
	sc->pstate = f->spsr;
	sc->fault_address = info->addr;

	/* The records: FP/SIMD, the fault's ESR, GCS where the CPU has it, the terminator. */
	struct fpsimd_context *fp = (struct fpsimd_context *)sc->__reserved;

	arm64_fpsimd_save_current(t);
	fp->head = (struct _aarch64_ctx){ FPSIMD_MAGIC, sizeof(*fp) };
	fp->fpsr = (u32)t->arch.fpsimd.fpsr;
	fp->fpcr = (u32)t->arch.fpsimd.fpcr;
	memcpy(fp->vregs, t->arch.fpsimd.v, sizeof(fp->vregs));

	size_t used = sizeof(*fp);

	/* The last fault's ESR, as Linux, while there is one (docs/ABI.md §5.10). */
	if (t->arch.fault_code) {
		struct esr_context *e = (struct esr_context *)(sc->__reserved + used);

		e->head = (struct _aarch64_ctx){ ESR_MAGIC, sizeof(*e) };
		e->esr = t->arch.fault_code;
		used += sizeof(*e);
	}
	if (arch_shstk_supported()) {
		struct gcs_context *g = (struct gcs_context *)(sc->__reserved + used);
		bool on = arch_shstk_enabled(t);

		g->head = (struct _aarch64_ctx){ GCS_MAGIC, sizeof(*g) };
		/* The GCSPR the handler will see, minus 8: the signal cap's slot. */
		g->gcspr = on ? arch_shstk_get_ssp(t) - 8 : arch_shstk_get_ssp(t);
		g->features_enabled = arm64_gcs_mode(t);
		used += sizeof(*g);
	}
	/* The terminator: a zero head, already there from the memset. */

	frame.fp = f->x[29];
	frame.lr = f->x[30];
	if (copy_to_user((void __user *)at, &frame, sizeof(frame)))
		return -EFAULT;
	if (arch_shstk_enabled(t)) {
		int err = push_gcs_frame(t, ret);

		if (err)
			return err;
	}
	sigframe_delivered(t, to_altstack);

	f->x[0] = (u64)sig;
	f->x[1] = at + offsetof(struct rt_sigframe, info);
	f->x[2] = at + offsetof(struct rt_sigframe, uc);
	f->x[29] = at + offsetof(struct rt_sigframe, fp);
	f->x[30] = ret;
	f->sp = at;
	f->elr = ka->handler;
	arm64_bti_signal_entry(&f->spsr);
	f->kind = TRAP_SYNC;
	f->esr = 0; /* no longer a system call: nothing to restart */
	arm64_fpsimd_reset(t);
	return 0;
}

/*
 * rt_sigreturn's GCS part (docs/ABI.md §5.7): the record may disable GCS but not
 * enable it or touch locked bits; then the cap the handler's RET uncovered
 * must be the signal cap of its own address, and is used up (zeroed).
 */
static int restore_gcs(struct task *t, const struct sigcontext *sc)
{
	const struct _aarch64_ctx *h = (const struct _aarch64_ctx *)sc->__reserved;
	size_t off = 0;

	while (off + sizeof(*h) <= sizeof(sc->__reserved) && h->magic) {
		if (h->size < sizeof(*h) || h->size > sizeof(sc->__reserved) - off)
			return -EINVAL;
		if (h->magic == GCS_MAGIC) {
			const struct gcs_context *g = (const struct gcs_context *)h;
			int err;

			if (h->size != sizeof(*g))
				return -EINVAL;
			err = arm64_gcs_sigreturn_mode(t, g->features_enabled);
			if (err)
				return err;
			if (arch_shstk_enabled(t))
				arch_shstk_set_ssp(t, g->gcspr);
		}
		off += h->size;
		h = (const struct _aarch64_ctx *)(sc->__reserved + off);
	}
	if (!arch_shstk_enabled(t))
		return 0;

	uintptr_t gcspr = arch_shstk_get_ssp(t);
	u64 cap, zero = 0;
	int err;

	/* The handler's GCS effects (its pops, a GCSSTR) before our reads (Linux's gcs_restore_signal). */
	arm64_gcsb_dsync();
	if (copy_from_user(&cap, (const void __user *)gcspr, sizeof(cap)))
		return -EFAULT;
	if (cap != (gcspr & ~0xfffull))
		return -EINVAL;
	mm_lock(t->mm);
	err = mm_write(t->mm, gcspr, &zero, sizeof(zero));
	mm_unlock(t->mm);
	if (err)
		return -EFAULT;
	__asm__ __volatile__("dsb ish" ::: "memory");
	arm64_gcsb_dsync(); /* the zeroed cap before the GCS loads after sigreturn */
	arch_shstk_set_ssp(t, gcspr + 8);
	return 0;
}

/*
 * The si_code Linux's arm64_notify_segfault() gives a refused frame:
 * SEGV_ACCERR when some area ends above addr (find_vma() found one),
 * SEGV_MAPERR when none does.
 */
static int refused_frame_code(const struct mm *mm, uintptr_t addr)
{
	bool above;

	mm_lock(mm);
	above = vma_first_above(&mm->vmas, addr);
	mm_unlock(mm);
	return above ? SEGV_ACCERR : SEGV_MAPERR;
}

/*
 * As Linux's restore_sigframe(): the mask and registers come back first,
 * then the pstate is checked (pstate.c) and the records parsed. A refused
 * frame raises SIGSEGV at the (restored) sp, catchable as on Linux, with
 * the pstate forced to its NZCV and x0 = 0; it never reaches ERET.
 */
SYSCALL(rt_sigreturn)
{
	struct task *t = current;
	struct trap_frame *f = task_user_frame(t);
	uintptr_t at = f->sp;		 /* the handler returned with sp where we put the frame */
	static struct rt_sigframe frame; /* as arch_signal_setup_frame()'s: under big_lock */
	bool pstate_ok;
	u64 pstate;

	(void)a;
	assert_big_lock_held();
	f->esr = 0; /* never restarted */
	if ((at & 15) || copy_from_user(&frame, (const void __user *)at, sizeof(frame)))
		goto bad;

	const struct sigcontext *sc = &frame.uc.uc_mcontext;
	const struct fpsimd_context *fp = (const struct fpsimd_context *)sc->__reserved;

	signal_set_mask(t, frame.uc.uc_sigmask);
	memcpy(f->x, sc->regs, sizeof(f->x));
	f->sp = sc->sp;
	f->elr = sc->pc;
	pstate = sc->pstate;
	pstate_ok = arm64_user_pstate_valid(&pstate);
	f->spsr = pstate;
	if (!pstate_ok)
		goto bad;
	if (fp->head.magic != FPSIMD_MAGIC || fp->head.size != sizeof(*fp))
		goto bad;
	if (restore_gcs(t, sc))
		goto bad;
	t->arch.fpsimd.fpsr = fp->fpsr;
	t->arch.fpsimd.fpcr = fp->fpcr;
	memcpy(t->arch.fpsimd.v, fp->vregs, sizeof(fp->vregs));
	arm64_fpsimd_load_current(t);
	sigframe_restore_altstack(t, f->sp, &frame.uc.uc_stack);
	return (long)f->x[0]; /* the syscall path stores this in x0: keep it */
bad:
	signal_force_fault(SIGSEGV, refused_frame_code(t->mm, f->sp), f->sp, "bad signal frame");
	return 0;
}

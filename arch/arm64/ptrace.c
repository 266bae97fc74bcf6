// SPDX-License-Identifier: MIT
/*
 * arm64's register sets for ptrace (<kernel/ptrace.h>), Linux's
 * (arch/arm64/kernel/proc/ptrace.c): NT_PRSTATUS, the general registers as
 * struct user_pt_regs, refused (EINVAL) unless the PSTATE is one EL0 may
 * return to (Linux's valid_user_regs(): arm64_user_pstate_valid() here);
 * NT_ARM_GCS, struct user_gcs: the GCS mode, its locks and GCSPR_EL0,
 * EINVAL without GCS, and on a set EINVAL for mode bits Linux does not
 * know (PR_SHADOW_STACK_SUPPORTED_STATUS_MASK) -- nothing else is
 * checked, as in Linux. The tracee is stopped: its registers are the trap
 * frame at the top of its kernel stack, its GCS state in arch_task.
 */
#include <asm/pstate.h>
#include <asm/task.h>
#include <asm/trap.h>
#include <kernel/access_vm.h>
#include <kernel/ptrace.h>
#include <kernel/shstk.h>
#include <kernel/task.h>
#include <string.h>
#include <uapi/asm-arm64/ptrace.h>
#include <uapi/linux/elf.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/prctl.h>

#define GCS_MODE_BITS (PR_SHADOW_STACK_ENABLE | PR_SHADOW_STACK_WRITE | PR_SHADOW_STACK_PUSH)

int arch_task_syscall(const struct task *t, unsigned long args[6])
{
	const struct trap_frame *f = task_user_frame(t);

	/*
	 * Linux's arm64 forgets the call (syscallno = NO_SYSCALL, in its
	 * do_signal()) before it acts on a signal on the way back to user
	 * mode, so a task that stopped there reads -1; x86 keeps orig_ax.
	 */
	if (!arm64_frame_is_svc(f) || task_in_group_stop(t))
		return -1;
	/* X0 becomes the result: the call's entry kept the first argument (Linux's orig_x0). */
	args[0] = f->pad;
	for (int i = 1; i < 6; i++)
		args[i] = f->x[i];
	return (int)f->x[8];
}

static int gpr_get(struct task *t, void *buf)
{
	const struct trap_frame *f = task_user_frame(t);
	struct user_pt_regs *r = buf;

	memcpy(r->regs, f->x, sizeof(r->regs));
	r->sp = f->sp;
	r->pc = f->elr;
	r->pstate = f->spsr;
	return 0;
}

static int gpr_set(struct task *t, const void __user *ubuf, size_t count)
{
	struct trap_frame *f = task_user_frame(t);
	struct user_pt_regs r;
	u64 pstate;

	gpr_get(t, &r); /* a short set keeps the registers it does not reach */
	if (copy_from_user(&r, ubuf, count))
		return -EFAULT;
	pstate = r.pstate;
	if (!arm64_user_pstate_valid(&pstate))
		return -EINVAL;
	memcpy(f->x, r.regs, sizeof(r.regs));
	f->sp = r.sp;
	f->elr = r.pc;
	f->spsr = pstate;
	return 0;
}

static int gcs_get(struct task *t, void *buf)
{
	struct user_gcs *g = buf;

	if (!arch_shstk_supported())
		return -EINVAL;
	g->features_enabled = t->arch.gcs_mode;
	g->features_locked = t->arch.gcs_locked;
	g->gcspr_el0 = arch_shstk_get_ssp(t);
	return 0;
}

static int gcs_set(struct task *t, const void __user *ubuf, size_t count)
{
	struct user_gcs g;

	if (gcs_get(t, &g))
		return -EINVAL;
	if (copy_from_user(&g, ubuf, count))
		return -EFAULT;
	if (g.features_enabled & ~(u64)GCS_MODE_BITS)
		return -EINVAL;
	/* GCSCRE0_EL1 follows the mode when the tracee is next switched to. */
	t->arch.gcs_mode = g.features_enabled;
	t->arch.gcs_locked = g.features_locked;
	arch_shstk_set_ssp(t, g.gcspr_el0);
	return 0;
}

const struct regset arch_regsets[] = {
	{ NT_PRSTATUS, sizeof(struct user_pt_regs) / sizeof(u64), sizeof(u64), gpr_get, gpr_set },
	{ NT_ARM_GCS, sizeof(struct user_gcs) / sizeof(u64), sizeof(u64), gcs_get, gcs_set },
};

const unsigned int arch_nr_regsets = sizeof(arch_regsets) / sizeof(arch_regsets[0]);

_Static_assert(sizeof(struct user_pt_regs) == 34 * 8, "Linux's user_pt_regs");
_Static_assert(sizeof(struct user_pt_regs) <= REGSET_MAX_BYTES, "fits the regset buffer");

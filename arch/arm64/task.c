// SPDX-License-Identifier: MIT
/*
 * The arm64 half of tasks: the layout of a new kernel stack, the context
 * switch (callee-saved registers, FP/SIMD state, TPIDR_EL0, GCSPR_EL0 and
 * GCSCRE0_EL1 through gcs.c, the address space), system-call entry, and the ELF auxv values.
 *
 * A task's kernel stack, from the top down:
 *
 *	[ struct trap_frame ]   the user registers, restored by restore_frame
 *	[ kernel frames ]       down to where cpu_switch saved SP in arch.ctx
 *
 * With kernel GCS (kernel_gcs.c) the task's GCS page lies below the stack,
 * in its guard area, and GCSPR_EL1 is switched with SP in cpu_switch.
 *
 * The kernel is built with -mgeneral-regs-only, so V0-V31, FPCR and FPSR
 * always hold the user state of the current task: saved when switching
 * away, loaded when switching in.
 */
#include <asm/gcs.h>
#include <asm/kernel_gcs.h>
#include <asm/mmu.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <kernel/exec.h>
#include <kernel/init.h>
#include <kernel/kmem.h>
#include <kernel/sched.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <string.h>

extern char ret_from_fork[], kthread_entry[];
void cpu_switch(struct arm64_cpu_context *prev, struct arm64_cpu_context *next);
_Static_assert(offsetof(struct arm64_cpu_context, gcspr) == 104, "entry.S: CTX_GCSPR");

const unsigned short arch_elf_machine = 183; /* EM_AARCH64 */
const char arch_elf_platform[] = "aarch64";

static void fpsimd_save(struct arm64_fpsimd *s)
{
	__asm__ __volatile__(".arch_extension fp\n\t.arch_extension simd\n\t"
			     "stp q0, q1, [%0, #0]\n\tstp q2, q3, [%0, #32]\n\t"
			     "stp q4, q5, [%0, #64]\n\tstp q6, q7, [%0, #96]\n\t"
			     "stp q8, q9, [%0, #128]\n\tstp q10, q11, [%0, #160]\n\t"
			     "stp q12, q13, [%0, #192]\n\tstp q14, q15, [%0, #224]\n\t"
			     "stp q16, q17, [%0, #256]\n\tstp q18, q19, [%0, #288]\n\t"
			     "stp q20, q21, [%0, #320]\n\tstp q22, q23, [%0, #352]\n\t"
			     "stp q24, q25, [%0, #384]\n\tstp q26, q27, [%0, #416]\n\t"
			     "stp q28, q29, [%0, #448]\n\tstp q30, q31, [%0, #480]" ::"r"(s->v)
			     : "memory");
	s->fpsr = read_sysreg(fpsr);
	s->fpcr = read_sysreg(fpcr);
}

static void fpsimd_load(const struct arm64_fpsimd *s)
{
	__asm__ __volatile__(".arch_extension fp\n\t.arch_extension simd\n\t"
			     "ldp q0, q1, [%0, #0]\n\tldp q2, q3, [%0, #32]\n\t"
			     "ldp q4, q5, [%0, #64]\n\tldp q6, q7, [%0, #96]\n\t"
			     "ldp q8, q9, [%0, #128]\n\tldp q10, q11, [%0, #160]\n\t"
			     "ldp q12, q13, [%0, #192]\n\tldp q14, q15, [%0, #224]\n\t"
			     "ldp q16, q17, [%0, #256]\n\tldp q18, q19, [%0, #288]\n\t"
			     "ldp q20, q21, [%0, #320]\n\tldp q22, q23, [%0, #352]\n\t"
			     "ldp q24, q25, [%0, #384]\n\tldp q26, q27, [%0, #416]\n\t"
			     "ldp q28, q29, [%0, #448]\n\tldp q30, q31, [%0, #480]" ::"r"(s->v)
			     : "memory");
	write_sysreg(fpsr, s->fpsr);
	write_sysreg(fpcr, s->fpcr);
}

void arm64_task_setup(void)
{
	/* CPACR_EL1.FPEN is set by head.S; nothing else to prepare yet. */
}

void arch_task_init_idle(struct task *t)
{
	/* It runs on the stack it has and never returns to user space. */
	memset(&t->arch.fpsimd, 0, sizeof(t->arch.fpsimd));
}

/* arm64 tasks hold nothing beyond struct task itself. */
void arch_task_free(struct task *t)
{
	(void)t;
}

static void set_resume(struct task *t, void *resume, u64 x19)
{
	memset(&t->arch.ctx, 0, sizeof(t->arch.ctx));
	t->arch.ctx.lr = (u64)resume;
	t->arch.ctx.sp = (u64)task_user_frame(t);
	t->arch.ctx.x19 = x19;
	/* With kernel GCS, the entry cpu_switch's RET pops and checks against lr. */
	t->arch.ctx.gcspr = arm64_kgcs_new_task(&t->kstack, (u64)resume);
}

int arch_task_fork(struct task *child, const struct task *parent, uintptr_t new_sp, bool set_tls,
		   uintptr_t tls)
{
	struct trap_frame *f = task_user_frame(child);

	*f = *task_user_frame(parent);
	f->x[0] = 0; /* the child's return value */
	if (new_sp)
		f->sp = new_sp;
	child->arch.fpsimd = parent->arch.fpsimd;
	child->arch.fault_code = parent->arch.fault_code; /* Linux copies the thread struct */
	if (parent == current)
		fpsimd_save(&child->arch.fpsimd); /* the live state */
	child->arch.tpidr_el0 =
		set_tls ? tls
			: (parent == current ? read_sysreg(tpidr_el0) : parent->arch.tpidr_el0);
	/* GCS state is inherited as Linux does; kernel/shstk/shstk.c picks the child's stack. */
	arm64_gcs_fork(child, parent);
	set_resume(child, ret_from_fork, 0);
	return 0; /* TPIDR_EL0 holds any 64-bit value: no TLS base to refuse */
}

/* A task whose first act is fn() in the kernel (init's exec), then user space. */
void arch_task_start_in_kernel(struct task *t, void (*fn)(void))
{
	memset(task_user_frame(t), 0, sizeof(struct trap_frame));
	memset(&t->arch.fpsimd, 0, sizeof(t->arch.fpsimd));
	t->arch.tpidr_el0 = 0;
	t->arch.gcspr_el0 = 0;
	t->arch.gcs_mode = 0;
	t->arch.gcs_locked = 0;
	t->arch.fault_code = 0;
	set_resume(t, kthread_entry, (u64)fn);
}

void arch_task_exec(struct task *t, uintptr_t entry, uintptr_t sp)
{
	struct trap_frame *f = task_user_frame(t);

	memset(f, 0, sizeof(*f));
	f->elr = entry;
	f->sp = sp;
	/* EL0t, interrupts unmasked: a plain user PSTATE (PAN is set on entry, cpu.c). */
	f->spsr = SPSR_MODE_EL0T;
	t->arch.tpidr_el0 = 0;
	memset(&t->arch.fpsimd, 0, sizeof(t->arch.fpsimd));
	if (t == current) {
		fpsimd_load(&t->arch.fpsimd);
		write_sysreg(tpidr_el0, 0);
	}
}

void arch_switch_to(struct task *prev, struct task *next)
{
	fpsimd_save(&prev->arch.fpsimd);
	prev->arch.tpidr_el0 = read_sysreg(tpidr_el0);
	mm_activate(next->mm);
	fpsimd_load(&next->arch.fpsimd);
	write_sysreg(tpidr_el0, next->arch.tpidr_el0);
	arm64_gcs_switch(prev, next);
	cpu_switch(&prev->arch.ctx, &next->arch.ctx);
}

uintptr_t arch_task_user_ip(const struct task *t)
{
	return task_user_frame(t)->elr;
}

uintptr_t arch_task_user_sp(const struct task *t)
{
	return task_user_frame(t)->sp;
}

/* traps.c, for ESR class SVC64: x8 = number, x0-x5 = arguments, x0 = result. */
void arm64_syscall(struct trap_frame *f);

void arm64_syscall(struct trap_frame *f)
{
	const unsigned long args[6] = { f->x[0], f->x[1], f->x[2], f->x[3], f->x[4], f->x[5] };

	f->pad = f->x[0]; /* the first argument, which the result overwrites: for restarts */
	f->x[0] = (u64)syscall_dispatch(f->x[8], args);
}

/* ---- FP/SIMD for signal frames (arch/arm64/signal.c) ---- */

void arm64_fpsimd_save_current(struct task *t)
{
	if (t == current)
		fpsimd_save(&t->arch.fpsimd);
}

void arm64_fpsimd_load_current(struct task *t)
{
	if (t == current)
		fpsimd_load(&t->arch.fpsimd);
}

void arm64_fpsimd_reset(struct task *t)
{
	memset(&t->arch.fpsimd, 0, sizeof(t->arch.fpsimd));
	arm64_fpsimd_load_current(t);
}

/* ---- ELF auxiliary vector ---- */

/* Made from the ID registers as Linux makes them (cpufeature.c, docs/ABI.md §5.9). */
unsigned long arch_elf_hwcap(void)
{
	return arm64_hwcap(0);
}

unsigned long arch_elf_hwcap2(void)
{
	return arm64_hwcap(1);
}

const bool arch_elf_has_hwcap3 = true;

unsigned long arch_elf_hwcap3(void)
{
	return arm64_hwcap(2);
}

// SPDX-License-Identifier: MIT
/*
 * The x86_64 half of tasks: the layout of a new kernel stack, the context
 * switch (callee-saved registers, FPU/SSE state, FS base, address space,
 * the stack the CPU enters the kernel on), and the syscall entry set-up.
 *
 * A task's kernel stack, from the top down:
 *
 *	[ struct trap_frame ]   the user registers, restored by trap_return
 *	[ switch frame ]        r15 r14 r13 r12 rbx rbp, then where to resume
 *
 * The kernel is built without SSE (-mgeneral-regs-only), so the FPU/SSE
 * registers always hold the user state of the current task: FXSAVE on the
 * way out of a task, FXRSTOR on the way in (SDM vol. 1 §10.5).
 */
#include <asm/cet.h>
#include <asm/cpu.h>
#include <asm/ioport.h>
#include <asm/kernel_shstk.h>
#include <asm/msr.h>
#include <asm/segment.h>
#include <asm/setup.h>
#include <asm/tlb.h>
#include <asm/trap.h>
#include <asm/x86.h>
#include <kernel/entry.h>
#include <kernel/exec.h>
#include <kernel/init.h>
#include <kernel/kmem.h>
#include <kernel/sched.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define MSR_STAR 0xc0000081u /* SDM vol. 4 table 2-2 */
#define MSR_LSTAR 0xc0000082u
#define MSR_FMASK 0xc0000084u

#define CR0_MP (1ul << 1)
#define CR0_EM (1ul << 2)
#define CR0_TS (1ul << 3)
#define CR4_OSXMMEXCPT (1ul << 10)
#define MXCSR_DEFAULT 0x1f80 /* all SIMD exceptions masked */

#define RFLAGS_TF (1ul << 8)
#define RFLAGS_DF (1ul << 10)
#define RFLAGS_NT (1ul << 14)
#define RFLAGS_AC (1ul << 18)
#define RFLAGS_RESERVED1 (1ul << 1) /* always reads 1 */

extern char syscall_entry[], ret_from_fork[], kthread_entry[];
void switch_stacks(uintptr_t *save, uintptr_t next, uintptr_t *save_ssp, uintptr_t next_ssp);

const unsigned short arch_elf_machine = 62; /* EM_X86_64 */
const char arch_elf_platform[] = "x86_64";

static u8 fpu_initial[FXSAVE_SIZE] __attribute__((aligned(16)));

struct switch_frame {
	u64 r15, r14, r13, r12, rbx, rbp;
	u64 resume; /* popped by switch_stacks' ret */
};

static void write_cr0(u64 v)
{
	__asm__ __volatile__("mov %0, %%cr0" ::"r"(v) : "memory");
}

/*
 * SSE for user space and the SYSCALL MSRs: control registers and MSRs are
 * each CPU's own, so every CPU runs this before it runs a task.
 */
void x86_task_setup_cpu(void)
{
	write_cr0((read_cr0() | CR0_MP) & ~(CR0_EM | CR0_TS));
	write_cr4(read_cr4() | CR4_OSFXSR | CR4_OSXMMEXCPT);
	wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_SCE);
	/* STAR[47:32]: SYSCALL's CS (SS = +8); STAR[63:48]: SYSRET's base (CS = +16, SS = +8). */
	wrmsr(MSR_STAR, ((u64)(USER_DS - 8) << 48) | ((u64)KERNEL_CS << 32));
	wrmsr(MSR_LSTAR, (u64)syscall_entry);
	wrmsr(MSR_FMASK, RFLAGS_IF | RFLAGS_TF | RFLAGS_DF | RFLAGS_NT | RFLAGS_AC);
	x86_getcpu_setup_cpu();
}

/* The boot CPU's set-up, with the FPU image every new program starts from. */
void x86_task_setup(void)
{
	u32 mxcsr = MXCSR_DEFAULT;

	x86_task_setup_cpu();
	__asm__ __volatile__("fninit; ldmxcsr %1; fxsave64 %0"
			     : "=m"(fpu_initial)
			     : "m"(mxcsr)
			     : "memory");
}

void arch_task_init_idle(struct task *t)
{
	/* It runs on the stack it has and never returns to user space. */
	memcpy(t->arch.fpu, fpu_initial, FXSAVE_SIZE);
}

static void set_resume(struct task *t, void *resume, u64 rbx)
{
	struct switch_frame *sf = (struct switch_frame *)task_user_frame(t) - 1;

	memset(sf, 0, sizeof(*sf));
	sf->resume = (u64)resume;
	sf->rbx = rbx;
	t->arch.ksp = (uintptr_t)sf;
	t->arch.kssp = x86_kshstk_new_task(&t->kstack, sf->resume);
}

int arch_task_fork(struct task *child, const struct task *parent, uintptr_t new_sp, bool set_tls,
		   uintptr_t tls)
{
	struct trap_frame *f = task_user_frame(child);

	/* Checked here, not at the next context switch's WRMSR (as Linux's copy_thread). */
	if (set_tls && !user_base_ok(tls))
		return -EPERM;
	*f = *task_user_frame(parent);
	f->rax = 0; /* the child's return value */
	if (new_sp)
		f->rsp = new_sp;
	memcpy(child->arch.fpu, parent->arch.fpu, FXSAVE_SIZE);
	child->arch.fs_base = set_tls ? tls : parent->arch.fs_base;
	child->arch.gs_base = parent->arch.gs_base;
	x86_cet_fork(child, parent); /* CET controls; shstk_clone() picks the child's SSP */
	x86_io_fork(child, parent);  /* last: nothing below fails, arch_task_free() undoes it */
	if (parent == current)
		__asm__ __volatile__("fxsave64 %0" : "=m"(child->arch.fpu)); /* the live state */
	set_resume(child, ret_from_fork, 0);
	return 0;
}

void arch_task_free(struct task *t)
{
	x86_io_free(t);
}

/* A task whose first act is fn() in the kernel (init's exec), then user space. */
void arch_task_start_in_kernel(struct task *t, void (*fn)(void))
{
	memset(task_user_frame(t), 0, sizeof(struct trap_frame));
	memcpy(t->arch.fpu, fpu_initial, FXSAVE_SIZE);
	set_resume(t, kthread_entry, (u64)fn);
}

void arch_task_exec(struct task *t, uintptr_t entry, uintptr_t sp)
{
	struct trap_frame *f = task_user_frame(t);

	memset(f, 0, sizeof(*f));
	f->rip = entry;
	f->rsp = sp;
	f->cs = USER_CS;
	f->ss = USER_DS;
	f->rflags = RFLAGS_IF | RFLAGS_RESERVED1;
	f->vector = SYSCALL_VECTOR;
	t->arch.fs_base = 0;
	t->arch.gs_base = 0;
	memcpy(t->arch.fpu, fpu_initial, FXSAVE_SIZE);
	if (t == current) {
		__asm__ __volatile__("fxrstor64 %0" ::"m"(t->arch.fpu));
		wrmsr(MSR_FS_BASE, 0);
		wrmsr(MSR_KERNEL_GS_BASE, 0); /* the user's GS, swapped in on return */
	}
}

void arch_switch_to(struct task *prev, struct task *next)
{
	__asm__ __volatile__("fxsave64 %0" : "=m"(prev->arch.fpu));
	mm_activate(next->mm);
	__asm__ __volatile__("fxrstor64 %0" ::"m"(next->arch.fpu));
	/* Both bases passed user_base_ok() when they were set: canonical. */
	wrmsr(MSR_FS_BASE, next->arch.fs_base);
	wrmsr(MSR_KERNEL_GS_BASE, next->arch.gs_base); /* the user's half while in the kernel */
	x86_cet_switch(prev, next);
	x86_io_switch(next);
	x86_tlb_kernel_sync();	/* next's stack may lie where a freed one was */
	if (next->kstack.top) { /* the idle task never enters from user mode */
		tss_set_kernel_stack(next->kstack.top);
		this_cpu()->arch.entry_rsp = next->kstack.top;
		if (next->kstack.shadow_top) /* its shadow stack, as RSP0 its stack */
			wrmsr(MSR_IA32_PL0_SSP, x86_kshstk_token(&next->kstack));
	}
	switch_stacks(&prev->arch.ksp, next->arch.ksp, &prev->arch.kssp, next->arch.kssp);
}

void x86_fpu_reset(struct task *t)
{
	memcpy(t->arch.fpu, fpu_initial, FXSAVE_SIZE);
	if (t == current)
		__asm__ __volatile__("fxrstor64 %0" ::"m"(t->arch.fpu));
}

uintptr_t arch_task_user_ip(const struct task *t)
{
	return task_user_frame(t)->rip;
}

uintptr_t arch_task_user_sp(const struct task *t)
{
	return task_user_frame(t)->rsp;
}

/* Called by syscall_entry with interrupts off. */
void x86_syscall(struct trap_frame *f);

void x86_syscall(struct trap_frame *f)
{
	const unsigned long args[6] = { f->rdi, f->rsi, f->rdx, f->r10, f->r8, f->r9 };

	enter_syscall(f->rax); /* trap_return's return_to_user_mode() leaves */
	f->rax = (u64)syscall_dispatch(f->rax, args);
}

/* x86_64 programs bring their own signal restorer (SA_RESTORER): nothing to add. */
int arch_exec_mm(struct mm *mm)
{
	(void)mm;
	return 0;
}

/* ---- ELF auxiliary vector ---- */

unsigned long arch_elf_hwcap(void)
{
	return cpuid(1, 0).edx; /* as Linux: CPUID.1:EDX */
}

unsigned long arch_elf_hwcap2(void)
{
	return 0;
}

const bool arch_elf_has_hwcap3 = false; /* Linux's x86 has no AT_HWCAP3 */

unsigned long arch_elf_hwcap3(void)
{
	return 0;
}

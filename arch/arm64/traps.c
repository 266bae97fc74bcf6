// SPDX-License-Identifier: MIT
/*
 * trap_dispatch(): where every synchronous exception and SError lands
 * (entry.S). From EL0: system calls, demand paging, or a signal. From EL1:
 * a user-access fault inside arch_copy_user (paged in or fixed up), an
 * expected self-test trap, else a kernel bug and a panic report: the ESR
 * class, FAR, ELR, SPSR, x0-x30, SP, the task and a backtrace.
 * ESR_EL1 fields: Arm ARM D19.2.45 (EC bits 31:26, IL bit 25, ISS 24:0).
 */
#include <asm/gcs.h>
#include <asm/kernel_gcs.h>
#include <asm/page.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <asm/user_fault.h>
#include <kernel/arch.h>
#include <kernel/entry.h>
#include <kernel/kstack.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/lockdep.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <kernel/vm.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/signal.h>

_Static_assert(KSTACK_AREA_GIB == KSTACK_AREA_BASE >> 30, "entry.S's kernel-stack test");
_Static_assert(KSTACK_SLOT_PAGES *PAGE_SIZE == 1ul << 16 && KSTACK_PAGES * PAGE_SIZE == 1ul << 15,
	       "entry.S tests bit 15: 64 KiB slots, the stack in their top half");

extern const char arm64_vectors[];

static const char *const ec_names[ESR_EC_MAX + 1] = {
	[ESR_EC_UNKNOWN] = "undefined instruction",
	[ESR_EC_WFX] = "WFI/WFE trap",
	[ESR_EC_FP] = "FP/SIMD access trap",
	[ESR_EC_BTI] = "Branch Target exception",
	[ESR_EC_ILL] = "illegal execution state",
	[ESR_EC_SVC64] = "SVC",
	[ESR_EC_SYS64] = "system register trap",
	[ESR_EC_IABT_LOW] = "instruction abort from EL0",
	[ESR_EC_IABT_CUR] = "instruction abort",
	[ESR_EC_PC_ALIGN] = "PC alignment fault",
	[ESR_EC_DABT_LOW] = "data abort from EL0",
	[ESR_EC_DABT_CUR] = "data abort",
	[ESR_EC_SP_ALIGN] = "SP alignment fault",
	[ESR_EC_FP_EXC64] = "FP exception",
	[ESR_EC_GCS] = "GCS exception",
	[ESR_EC_SERROR] = "SError",
	[ESR_EC_BRK_LOW] = "breakpoint from EL0",
	[ESR_EC_BRK_CUR] = "breakpoint",
	[ESR_EC_SSTEP_LOW] = "software step from EL0",
	[ESR_EC_SSTEP_CUR] = "software step",
	[ESR_EC_WATCH_LOW] = "watchpoint from EL0",
	[ESR_EC_WATCH_CUR] = "watchpoint",
	[ESR_EC_BRK64] = "BRK instruction",
};

/* The self-tests' expected exception (trap_expect_fault), and what it saw. */
static struct {
	unsigned int ec;
	enum trap_resume resume;
	bool armed;
	struct trap_seen seen;
} expected;

void arm64_traps_init(void)
{
	write_sysreg(vbar_el1, (u64)arm64_vectors);
	isb();
}

void trap_expect_fault(unsigned int ec, enum trap_resume resume)
{
	expected.ec = ec;
	expected.resume = resume;
	expected.seen = (struct trap_seen){ 0 };
	expected.armed = true;
}

void trap_expect(unsigned int ec)
{
	trap_expect_fault(ec, TRAP_RESUME_NEXT);
}

unsigned int trap_expect_hits(void)
{
	return expected.seen.hits;
}

const struct trap_seen *trap_expect_seen(void)
{
	return &expected.seen;
}

/* PSTATE.PAN now (MRS PAN, S3_0_C4_C2_3): only with FEAT_PAN. */
static bool pan_now(void)
{
	u64 v;

	if (!arm64_features.pan)
		return false;
	__asm__ __volatile__("mrs %0, S3_0_C4_C2_3" : "=r"(v));
	return v & SPSR_PAN;
}

/* A kernel-mode exception a self-test armed: recorded, then resumed as it asked. */
static bool expected_exception(struct trap_frame *f, unsigned int ec)
{
	if (!expected.armed || ec != expected.ec)
		return false;
	expected.armed = false;
	expected.seen = (struct trap_seen){ .esr = f->esr,
					    .far = f->far,
					    .elr = f->elr,
					    .spsr = f->spsr,
					    .pan = pan_now(),
					    .hits = 1 };
	/* BRK, UDF and aborts are reported at the instruction itself. */
	f->elr = expected.resume == TRAP_RESUME_LR ? f->x[30] : f->elr + 4;
	/*
	 * Not where the branch went: the BTYPE it left in SPSR would make the
	 * resume address a Branch Target exception in the guarded kernel text
	 * (kernel_bti.c; ERET restores PSTATE.BTYPE, Arm ARM D8.4.1).
	 */
	f->spsr &= ~SPSR_BTYPE;
	return true;
}

static unsigned int esr_ec(u64 esr)
{
	return (unsigned int)((esr >> ESR_EC_SHIFT) & ESR_EC_MAX);
}

static const char *ec_name(unsigned int ec)
{
	return ec_names[ec] ? ec_names[ec] : "unexpected exception";
}

static bool from_user(const struct trap_frame *f)
{
	return (f->spsr & SPSR_MODE_MASK) == SPSR_MODE_EL0T;
}

void arch_dump_stack(void)
{
	backtrace_from((uintptr_t)__builtin_return_address(0),
		       (uintptr_t)__builtin_frame_address(0));
}

static bool is_abort(unsigned int ec)
{
	return ec == ESR_EC_DABT_CUR || ec == ESR_EC_DABT_LOW || ec == ESR_EC_IABT_CUR ||
	       ec == ESR_EC_IABT_LOW;
}

static const char *fsc_name(u64 esr)
{
	switch (esr & ESR_ISS_FSC_MASK & FSC_TYPE_MASK) {
	case FSC_ADDR_SIZE:
		return "address size fault";
	case FSC_TRANSLATION:
		return "no page for";
	case FSC_ACCESS_FLAG:
		return "access flag fault on";
	case FSC_PERMISSION:
		return "protection violation on";
	default:
		return "other fault on";
	}
}

static void print_abort_cause(const struct trap_frame *f)
{
	unsigned int ec = esr_ec(f->esr);
	bool instr = ec == ESR_EC_IABT_CUR || ec == ESR_EC_IABT_LOW;

	printk("%s: %s %s-mode %s at %#lx (FSC %#lx)%s\n",
	       instr ? "instruction abort" : "data abort", fsc_name(f->esr),
	       from_user(f) ? "user" : "kernel",
	       instr			? "instruction fetch"
	       : (f->esr & ESR_ISS_WNR) ? "write"
					: "read",
	       (unsigned long)f->far, (unsigned long)(f->esr & ESR_ISS_FSC_MASK),
	       (f->esr & ESR_ISS2_GCS) ? ", GCS access" : "");
}

static void print_registers(const struct trap_frame *f)
{
	printk("PC: %016lx SPSR: %016lx\n", (unsigned long)f->elr, (unsigned long)f->spsr);
	printk("SP: %016lx LR: %016lx\n", (unsigned long)f->sp, (unsigned long)f->x[30]);
	for (int i = 0; i < 30; i += 3)
		printk("X%02d: %016lx X%02d: %016lx X%02d: %016lx\n", i, (unsigned long)f->x[i],
		       i + 1, (unsigned long)f->x[i + 1], i + 2, (unsigned long)f->x[i + 2]);
	printk("ESR: %016lx FAR: %016lx TTBR0: %016lx TTBR1: %016lx\n", (unsigned long)f->esr,
	       (unsigned long)f->far, (unsigned long)read_sysreg(ttbr0_el1),
	       (unsigned long)read_sysreg(ttbr1_el1));
}

/* held: the spinlock the trap came under (arch_trap_fatal()), or NULL. */
static __noreturn void kernel_fault(struct trap_frame *f, const struct spinlock *held)
{
	unsigned int ec = esr_ec(f->esr);

	if (f->kind == TRAP_SERROR)
		panic_begin("SError (ESR class %#x) in kernel mode", ec);
	else
		panic_begin("%s (ESR class %#x) in kernel mode", ec_name(ec), ec);
	if (held)
		lockdep_print_held(held);
	if (is_abort(ec))
		print_abort_cause(f);
	if (ec == ESR_EC_GCS && f->kind == TRAP_SYNC) {
		arm64_gcs_describe(f->esr);
		arm64_kernel_gcs_describe(f);
	}
	if (ec == ESR_EC_BTI && f->kind == TRAP_SYNC)
		arm64_kernel_bti_describe(f);
	/* FAR means something only for an abort (a GCS exception's is UNKNOWN). */
	if ((is_abort(ec) && kstack_is_guard(f->far)) || kstack_is_guard(f->sp))
		printk("kernel stack overflow: the access hit the guard page below a kernel "
		       "stack\n");
	print_registers(f);
	backtrace_from(f->elr, f->x[29]);
	poweroff(POWEROFF_PANIC);
}

void arch_trap_fatal(struct trap_frame *f, const struct spinlock *held)
{
	kernel_fault(f, held);
}

/* entry.S, when a kernel exception found its stack overflowed (on overflow_stack). */
__noreturn void arm64_stack_overflow(struct trap_frame *f);

void arm64_stack_overflow(struct trap_frame *f)
{
	kernel_fault(f, NULL);
}

__noreturn void arm64_bad_vector(struct trap_frame *f);

void arm64_bad_vector(struct trap_frame *f)
{
	panic_begin("unexpected exception vector (FIQ, SP_EL0 or AArch32) from %s",
		    from_user(f) ? "EL0" : "EL1");
	print_registers(f);
	backtrace_from(f->elr, f->x[29]);
	poweroff(POWEROFF_PANIC);
}

static enum fault_access abort_access(u64 esr)
{
	unsigned int ec = esr_ec(esr);

	if (esr & ESR_ISS2_GCS)
		return FAULT_SHSTK;
	if (ec == ESR_EC_IABT_LOW || ec == ESR_EC_IABT_CUR)
		return FAULT_EXEC;
	return (esr & ESR_ISS_WNR) ? FAULT_WRITE : FAULT_READ;
}

/*
 * The ESR a fault signal reports in the frame's esr_context, as Linux's
 * set_thread_esr(): whole for a user address; for any other only EC, IL,
 * CM and WnR of a data abort (EC and IL of an instruction abort), with a
 * level 0 translation fault -- to user space, the kernel's mappings do not
 * exist (docs/ABI.md §5.10).
 */
static u64 user_fault_esr(u64 esr, u64 far)
{
	unsigned int ec = esr_ec(esr);

	if (far < TASK_SIZE)
		return esr;
	if (ec == ESR_EC_DABT_LOW)
		return (esr &
			((u64)ESR_EC_MAX << ESR_EC_SHIFT | ESR_IL | ESR_ISS_CM | ESR_ISS_WNR)) |
		       FSC_TRANSLATION;
	return (esr & ((u64)ESR_EC_MAX << ESR_EC_SHIFT | ESR_IL)) | FSC_TRANSLATION;
}

/* A user-mode abort: demand paging, or SIGSEGV with MAPERR / ACCERR. */
static void user_abort(struct trap_frame *f)
{
	int err = current->mm && f->far < TASK_SIZE
			  ? mm_fault(current->mm, f->far, abort_access(f->esr))
			  : -EFAULT;

	if (err == 0)
		return;
	current->arch.fault_code = user_fault_esr(f->esr, f->far);
	if (err == -ENOMEM) {
		signal_force_fault(SIGKILL, 0, f->far, "out of memory in a page fault");
		return;
	}
	if (err == -EIO) { /* a file mapping's page past the file's end, as Linux */
		signal_force_fault(SIGBUS, BUS_ADRERR, f->far, "bus error");
		return;
	}
	signal_force_fault(SIGSEGV, err == -EFAULT ? SEGV_MAPERR : SEGV_ACCERR, f->far,
			   (f->esr & ESR_ISS2_GCS) ? "GCS access fault" : "segfault");
}

void arm64_syscall(struct trap_frame *f);

/* What an exception from EL0 does: a system call, paging, a GCS fault, else a signal. */
static void user_exception(struct trap_frame *f)
{
	unsigned int ec = esr_ec(f->esr);
	struct user_signal s;

	switch (ec) {
	case ESR_EC_SVC64:
		arm64_syscall(f);
		break;
	case ESR_EC_DABT_LOW:
	case ESR_EC_IABT_LOW:
		user_abort(f);
		break;
	case ESR_EC_GCS:
		current->arch.fault_code = 0; /* Linux reports no ESR for these */
		arm64_gcs_user_fault(f);
		break;
	case ESR_EC_WFX:
		f->elr += 4; /* a WFI (SCTLR_EL1.nTWI = 0): a no-op, as Linux's wfi_handler */
		f->spsr &= ~SPSR_BTYPE;
		break;
	case ESR_EC_UNKNOWN:
	case ESR_EC_SYS64:
		if (arm64_emulate_mrs(f, ec)) /* an ID register: docs/ABI.md §5.9 */
			break;
		__attribute__((fallthrough)); /* anything else is SIGILL */
	default:
		s = arm64_user_signal(ec, f->elr, f->far, f->sp);
		/* Linux reports the ESR of an alignment fault; not of an undefined instruction. */
		if (ec == ESR_EC_PC_ALIGN || ec == ESR_EC_SP_ALIGN)
			current->arch.fault_code = f->esr;
		else if (s.sig == SIGILL)
			current->arch.fault_code = 0;
		signal_force_fault(s.sig, s.code, s.addr, ec_name(ec));
		break;
	}
}

/* The user page of a kernel-mode data abort paged in or made writable: it resolved. */
static bool kernel_uaccess_paged_in(const struct trap_frame *f)
{
	u64 fsc = f->esr & ESR_ISS_FSC_MASK & FSC_TYPE_MASK;

	return current && current->mm && f->far < TASK_SIZE &&
	       (fsc == FSC_TRANSLATION || fsc == FSC_PERMISSION) &&
	       mm_fault(current->mm, f->far, abort_access(f->esr)) == 0;
}

/*
 * A data abort in kernel mode is legitimate only inside the user-access
 * routine: page user memory in (a translation fault) or copy a
 * copy-on-write page (a permission fault: STTR is checked with EL0's
 * rights, Arm ARM D8.4), or resume at its fix-up. Any other address (a
 * kernel one an LDTR/STTR was refused) is fixed up too: the copy fails
 * with -EFAULT.
 */
static bool kernel_uaccess_fault(struct trap_frame *f)
{
	u64 fixup = extable_fixup(f->elr);

	if (!fixup)
		return false;
	if (kernel_uaccess_paged_in(f))
		return true;
	f->elr = fixup;
	f->spsr &= ~SPSR_BTYPE; /* a resume, not a branch (expected_exception()) */
	return true;
}

static void dispatch(struct trap_frame *f, bool user)
{
	unsigned int ec = esr_ec(f->esr);

	if (f->kind == TRAP_SYNC && user) {
		user_exception(f);
		return;
	}
	if (f->kind == TRAP_SYNC) {
		if (ec == ESR_EC_DABT_CUR && kernel_uaccess_fault(f))
			return;
		if (ec == ESR_EC_UNKNOWN && extable_fixup(f->elr)) {
			f->elr = extable_fixup(f->elr); /* poweroff's probe of semihosting */
			f->spsr &= ~SPSR_BTYPE;
			return;
		}
		if (expected_exception(f, ec))
			return;
	}
	kernel_fault(f, NULL);
}

/*
 * What an exception from EL0 may do without big_lock: a system call of
 * <kernel/syscall_unlocked.h>, and an abort that demand paging or
 * copy-on-write of memory no shared object backs resolves under the
 * address space's own lock (<kernel/vm.h>). Anything else declines and
 * comes again through dispatch() holding the lock. arm64 has no entry
 * that must run without it: its TLB maintenance is broadcast by the
 * hardware and needs no answer from another CPU (asm/pgtable.h), so
 * nothing waits on a CPU that waits for the lock.
 */
static bool el0_sync_unlocked(struct trap_frame *f)
{
	unsigned int ec = esr_ec(f->esr);

	if (ec == ESR_EC_SVC64 && syscall_runs_unlocked(f->x[8])) {
		arm64_syscall(f);
		return true;
	}
	if ((ec == ESR_EC_DABT_LOW || ec == ESR_EC_IABT_LOW) && current->mm && f->far < TASK_SIZE)
		return mm_fault(current->mm, f->far, abort_access(f->esr)) == 0;
	return false;
}

/*
 * A data abort in kernel mode inside the user-access routine, first
 * without big_lock too: the same paging and copy-on-write, so a system
 * call that runs unlocked, or let the lock go before its copy-out (wait4),
 * does not queue for it on a page of its own. Anything else declines and
 * comes again through dispatch() holding the lock (kernel_uaccess_fault()).
 */
static bool el1_sync_unlocked(struct trap_frame *f)
{
	return esr_ec(f->esr) == ESR_EC_DABT_CUR && extable_fixup(f->elr) &&
	       kernel_uaccess_paged_in(f);
}

static const struct entry_rule arm64_entry_rules[] = {
	{ TRAP_SYNC, ENTRY_FROM_USER, ENTRY_NO_LOCK, el0_sync_unlocked },
	{ TRAP_SYNC, ENTRY_FROM_KERNEL, ENTRY_NO_LOCK, el1_sync_unlocked },
};

/* entry.S: a synchronous exception or SError (kernel/entry.c takes big_lock, or the rule above runs). */
void trap_dispatch(struct trap_frame *f)
{
	entry_trap(f, f->kind, from_user(f), arm64_entry_rules, ARRAY_SIZE(arm64_entry_rules),
		   dispatch);
}

/*
 * Nothing to catch up with: every TLB invalidation was broadcast. An
 * interrupt in the kernel that took the lock is one arch_idle_wait()
 * wakes for.
 */
void arch_entry_locked(bool from_user)
{
	if (!from_user)
		this_cpu()->arch.locked_irqs++;
}

/*
 * ret_to_user (entry.S) masks the SPSR to SPSR_USER_KEEP itself, so no
 * frame can make the ERET go anywhere but EL0; a bad PC or SP faults there.
 */
bool arch_user_frame_check(struct trap_frame *f)
{
	(void)f;
	return true;
}

bool arch_user_frame_fits(const struct trap_frame *f)
{
	(void)f;
	return true;
}

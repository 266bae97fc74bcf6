// SPDX-License-Identifier: MIT
/*
 * trap_dispatch(): where every interrupt and exception lands. IRQs go to
 * their handlers; an exception in the kernel is a kernel bug and gets a
 * panic report: vector, error code, the registers, CR2/CR3, a backtrace.
 */
#include <asm/apic.h>
#include <asm/cet.h>
#include <asm/cpu.h>
#include <asm/ioport.h>
#include <asm/kernel_shstk.h>
#include <asm/pic.h>
#include <asm/smp.h>
#include <asm/tlb.h>
#include <asm/trap.h>
#include <kernel/arch.h>
#include <kernel/entry.h>
#include <kernel/kstack.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/lockdep.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/signal.h>
#include <kernel/task.h>
#include <kernel/timer.h>
#include <kernel/uaccess.h>
#include <kernel/vm.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/signal.h>

static const char *const exception_names[NR_EXCEPTIONS] = {
	[VEC_DIVIDE] = "#DE divide error",
	[VEC_DEBUG] = "#DB debug",
	[VEC_NMI] = "NMI",
	[VEC_BREAKPOINT] = "#BP breakpoint",
	[VEC_OVERFLOW] = "#OF overflow",
	[VEC_BOUND] = "#BR bound range",
	[VEC_INVALID_OPCODE] = "#UD invalid opcode",
	[VEC_DEVICE_NA] = "#NM device not available",
	[VEC_DOUBLE_FAULT] = "#DF double fault",
	[VEC_INVALID_TSS] = "#TS invalid TSS",
	[VEC_SEGMENT_NP] = "#NP segment not present",
	[VEC_STACK_FAULT] = "#SS stack fault",
	[VEC_GP] = "#GP general protection",
	[VEC_PAGE_FAULT] = "#PF page fault",
	[VEC_X87] = "#MF x87 error",
	[VEC_ALIGNMENT] = "#AC alignment check",
	[VEC_MACHINE_CHECK] = "#MC machine check",
	[VEC_SIMD] = "#XM SIMD exception",
	[VEC_VIRT] = "#VE virtualization",
	[VEC_CONTROL_PROTECTION] = "#CP control protection",
};

/* DR6 (SDM vol. 3B §18.2.3): what raised a #DB. */
#define DR6_B0_B3 0xful	       /* a hardware breakpoint matched */
#define DR6_BS (1ul << 14)     /* single step (RFLAGS.TF) */
#define DR6_RESET 0xffff0ff0ul /* its value with no condition recorded */

static struct {
	unsigned int vector;
	unsigned int insn_len;
	uintptr_t resume; /* where to go on instead, when not 0 */
	unsigned int hits;
	u64 error_code, cr2; /* of the last hit */
	bool armed;
} expected;

void trap_expect(unsigned int vector, unsigned int insn_len)
{
	expected.vector = vector;
	expected.insn_len = insn_len;
	expected.resume = 0;
	expected.hits = 0;
	expected.armed = true;
}

void trap_expect_resume(unsigned int vector, uintptr_t resume)
{
	trap_expect(vector, 0);
	expected.resume = resume;
}

void trap_expect_last(u64 *error_code, u64 *cr2)
{
	*error_code = expected.error_code;
	*cr2 = expected.cr2;
}

unsigned int trap_expect_hits(void)
{
	return expected.hits;
}

static const char *exception_name(u64 vec)
{
	if (vec < NR_EXCEPTIONS && exception_names[vec])
		return exception_names[vec];
	return vec < NR_EXCEPTIONS ? "reserved exception" : "unexpected interrupt";
}

void arch_dump_stack(void)
{
	uintptr_t rbp = (uintptr_t)__builtin_frame_address(0);

	backtrace_from((uintptr_t)__builtin_return_address(0), rbp);
}

static void print_page_fault_cause(u64 err, u64 cr2)
{
	printk("page fault: %s %s-mode %s at %#lx%s%s%s\n",
	       (err & PF_PRESENT) ? "protection violation on" : "no page for",
	       (err & PF_USER) ? "user" : "kernel",
	       (err & PF_INSTR)	  ? "instruction fetch"
	       : (err & PF_WRITE) ? "write"
				  : "read",
	       (unsigned long)cr2, (err & PF_RSVD) ? ", reserved bit set" : "",
	       (err & PF_SHSTK) ? ", shadow-stack access" : "",
	       (err & PF_PK) ? ", protection key" : "");
}

/* held: the spinlock the trap came under (arch_trap_fatal()), or NULL. */
static __noreturn void kernel_fault(struct trap_frame *f, const struct spinlock *held)
{
	u64 cr2 = read_cr2();

	x86_smp_stop_others(); /* the report is this CPU's alone */
	panic_begin("%s (vector %lu) in kernel mode", exception_name(f->vector),
		    (unsigned long)f->vector);
	if (held)
		lockdep_print_held(held);
	printk("error code: %#lx\n", (unsigned long)f->error_code);
	if (f->vector == VEC_PAGE_FAULT)
		print_page_fault_cause(f->error_code, cr2);
	if (kstack_is_guard(cr2) || kstack_is_guard(f->rsp))
		printk("kernel stack overflow: the access hit the guard page below a kernel "
		       "stack\n");
	printk("RIP: %04lx:%016lx RFLAGS: %016lx\n", (unsigned long)f->cs, (unsigned long)f->rip,
	       (unsigned long)f->rflags);
	printk("RSP: %04lx:%016lx\n", (unsigned long)f->ss, (unsigned long)f->rsp);
	printk("RAX: %016lx RBX: %016lx RCX: %016lx\n", (unsigned long)f->rax,
	       (unsigned long)f->rbx, (unsigned long)f->rcx);
	printk("RDX: %016lx RSI: %016lx RDI: %016lx\n", (unsigned long)f->rdx,
	       (unsigned long)f->rsi, (unsigned long)f->rdi);
	printk("RBP: %016lx R08: %016lx R09: %016lx\n", (unsigned long)f->rbp, (unsigned long)f->r8,
	       (unsigned long)f->r9);
	printk("R10: %016lx R11: %016lx R12: %016lx\n", (unsigned long)f->r10,
	       (unsigned long)f->r11, (unsigned long)f->r12);
	printk("R13: %016lx R14: %016lx R15: %016lx\n", (unsigned long)f->r13,
	       (unsigned long)f->r14, (unsigned long)f->r15);
	printk("CR0: %016lx CR2: %016lx CR3: %016lx CR4: %016lx\n", (unsigned long)read_cr0(),
	       (unsigned long)cr2, (unsigned long)read_cr3(), (unsigned long)read_cr4());
	backtrace_from(f->rip, f->rbp);
	poweroff(POWEROFF_PANIC);
}

void arch_trap_fatal(struct trap_frame *f, const struct spinlock *held)
{
	kernel_fault(f, held);
}

static enum fault_access pf_access(u64 err)
{
	if (err & PF_SHSTK)
		return FAULT_SHSTK;
	if (err & PF_INSTR)
		return FAULT_EXEC;
	return (err & PF_WRITE) ? FAULT_WRITE : FAULT_READ;
}

/* A page fault in user mode: demand paging, or SIGSEGV. */
static void user_page_fault(struct trap_frame *f, u64 cr2)
{
	int err = current->mm ? mm_fault(current->mm, cr2, pf_access(f->error_code)) : -EFAULT;

	if (err == 0)
		return;
	if (err == -ENOMEM) {
		signal_force_fault(SIGKILL, 0, cr2, "out of memory in a page fault");
		return;
	}
	if (err == -EIO) { /* a file mapping's page past the file's end, as Linux */
		signal_force_fault(SIGBUS, BUS_ADRERR, cr2, "bus error");
		return;
	}
	signal_force_fault(SIGSEGV, err == -EFAULT ? SEGV_MAPERR : SEGV_ACCERR, cr2, "segfault");
}

/*
 * DR6's conditions, and DR6 reset: the CPU never clears them itself (SDM
 * vol. 3B §18.2.3), so a stale bit would colour the next #DB.
 */
static u64 read_clear_dr6(void)
{
	u64 dr6;

	__asm__ __volatile__("mov %%dr6, %0" : "=r"(dr6));
	__asm__ __volatile__("mov %0, %%dr6" ::"r"(DR6_RESET));
	return dr6 ^ DR6_RESET; /* the reserved ones-bits out of the way */
}

/*
 * A #DB in kernel mode. The kernel never sets TF or a breakpoint, so a
 * single-step trap here comes from user space: a SYSCALL executed with TF
 * set traps after it, on the first instruction of syscall_entry, still on
 * the user's stack (SDM vol. 3B §18.3.1.4; the gate's IST stack makes that
 * safe). IA32_FMASK has already cleared TF for the kernel, and the user's
 * TF is in R11, the RFLAGS the return restores: returning here loses
 * nothing, and user space gets its SIGTRAP after its next instruction, as
 * on Linux. A single step anywhere else means TF leaked into the kernel:
 * drop it. True when handled.
 */
static bool kernel_debug_trap(struct trap_frame *f)
{
	extern const char syscall_entry[], syscall_entry_on_kstack[];
	u64 dr6 = read_clear_dr6();

	if (!(dr6 & DR6_BS))
		return false;
	if (f->rip >= (u64)syscall_entry && f->rip < (u64)syscall_entry_on_kstack)
		return true;
	printk("umbra: single-step trap in the kernel at %#lx: TF cleared\n",
	       (unsigned long)f->rip);
	f->rflags &= ~(u64)0x100; /* RFLAGS.TF */
	return true;
}

/* The signal each user-mode exception raises (signal(7), Linux's traps.c mapping). */
static void user_exception(struct trap_frame *f)
{
	switch (f->vector) {
	case VEC_PAGE_FAULT:
		user_page_fault(f, read_cr2());
		break;
	case VEC_DIVIDE:
		signal_force_fault(SIGFPE, FPE_INTDIV, f->rip, exception_name(f->vector));
		break;
	case VEC_X87:
	case VEC_SIMD:
		signal_force_fault(SIGFPE, FPE_FLTINV, f->rip, exception_name(f->vector));
		break;
	case VEC_INVALID_OPCODE:
		signal_force_fault(SIGILL, ILL_ILLOPN, f->rip, exception_name(f->vector));
		break;
	case VEC_DEBUG: {
		/* As Linux's get_si_code(): single step, hardware breakpoint, else icebp. */
		u64 dr6 = read_clear_dr6();
		int code = (dr6 & DR6_BS)      ? TRAP_TRACE
			   : (dr6 & DR6_B0_B3) ? TRAP_HWBKPT
					       : TRAP_BRKPT;

		signal_force_fault(SIGTRAP, code, f->rip, exception_name(f->vector));
		break;
	}
	case VEC_BREAKPOINT:
		/* As Linux: int3 is SIGTRAP with SI_KERNEL, no address. */
		signal_force_fault(SIGTRAP, SI_KERNEL, 0, exception_name(f->vector));
		break;
	case VEC_ALIGNMENT:
		signal_force_fault(SIGBUS, BUS_ADRALN, f->rip, exception_name(f->vector));
		break;
	case VEC_STACK_FAULT:
	case VEC_SEGMENT_NP:
		/* As Linux: #SS (e.g. a push on a non-canonical RSP) and #NP are SIGBUS, SI_KERNEL. */
		signal_force_fault(SIGBUS, SI_KERNEL, 0, exception_name(f->vector));
		break;
	case VEC_CONTROL_PROTECTION:
		x86_cp_fault(f, true);
		break;
	case VEC_GP:
		/* iopl(3)'s CLI/STI are stepped over (docs/ABI.md §7); other #GPs as below. */
		if (!x86_iopl_gp_fixup(f))
			signal_force_fault(SIGSEGV, SI_KERNEL, 0, exception_name(f->vector));
		break;
	default:
		/* #GP and friends: SIGSEGV with SI_KERNEL and no address, as Linux. */
		signal_force_fault(SIGSEGV, SI_KERNEL, 0, exception_name(f->vector));
		break;
	}
}

/* The user page at cr2 of a kernel-mode fault paged in or made writable: it resolved. */
static bool kernel_uaccess_paged_in(const struct trap_frame *f, u64 cr2)
{
	return current && current->mm && mm_fault(current->mm, cr2, pf_access(f->error_code)) == 0;
}

/*
 * A page fault in kernel mode at a user address is legitimate only inside
 * the user-access routines: page the memory in (or copy a copy-on-write
 * page: CR0.WP makes ring 0 honour R/W = 0 too, SDM vol. 3A §4.6.1), or
 * resume at their fix-up.
 */
static bool kernel_uaccess_fault(struct trap_frame *f)
{
	u64 cr2 = read_cr2(), fixup = extable_fixup(f->rip);

	if (!fixup || cr2 >= TASK_SIZE)
		return false;
	if (kernel_uaccess_paged_in(f, cr2))
		return true;
	x86_kernel_frame_set_rip(f, fixup);
	return true;
}

struct trap_frame *x86_frame_to_task_stack(struct trap_frame *f)
{
	/* The top of current's kernel stack, which RSP0 names too. */
	struct trap_frame *t = (struct trap_frame *)(this_cpu()->arch.entry_rsp - sizeof(*t));

	if (t != f)
		*t = *f;
	return t;
}

/*
 * Interrupts (vectors 32..255). The APIC timer's is the tick. The 8259's
 * lines and LINT0 are masked, so an 8259 can only raise its spurious IRQ
 * 7/15 (ignored without an EOI, 8259A data sheet); the APIC's spurious
 * vector takes no EOI either (SDM vol. 3A §11.9). Anything else is an
 * interrupt firmware left routed to us (an I/O APIC entry or MSI it
 * enabled): acknowledged at the local APIC, or it would block its
 * priority class (§11.8.4), and dropped, the first one logged.
 */
static void irq_dispatch(u64 vector, bool from_user)
{
	static bool unexpected_seen;

	switch (vector) {
	case VEC_APIC_TIMER:
		/* Every CPU ticks; the boot CPU's tick alone is the clock. */
		if (this_cpu()->id == 0)
			timer_tick();
		lapic_eoi();
		sched_tick(from_user);
		break;
	case VEC_IPI_RESCHEDULE:
		/* need_resched is set: the way out (exit_to_user_mode, the idle loop) acts. */
		lapic_eoi();
		break;
	case VEC_APIC_ERROR:
		lapic_error_irq();
		break;
	default:
		if (vector < VEC_IRQ_BASE + 16 && x86_has_8259() &&
		    pic_is_spurious((unsigned int)(vector - VEC_IRQ_BASE)))
			break;
		if (!unexpected_seen) {
			unexpected_seen = true;
			pr_warn("irq: unexpected interrupt, vector %lu; dropped\n",
				(unsigned long)vector);
		}
		lapic_eoi();
		break;
	}
}

/* Under big_lock, but for the entries of x86_entry_rules[] that report only. */
static void dispatch(struct trap_frame *f, bool from_user)
{
	if (f->vector >= VEC_IRQ_BASE) {
		irq_dispatch(f->vector, from_user);
		return;
	}
	if (from_user) {
		user_exception(f);
		return;
	}
	if (f->vector == VEC_PAGE_FAULT && kernel_uaccess_fault(f))
		return;
	if (f->vector == VEC_DEBUG && kernel_debug_trap(f))
		return;
	if (f->vector == VEC_CONTROL_PROTECTION)
		x86_cp_fault(f, false);
	if (expected.armed && f->vector == expected.vector) {
		expected.hits++;
		expected.armed = false;
		expected.error_code = f->error_code;
		expected.cr2 = read_cr2();
		/* #BP is a trap: RIP is already past int3. Faults restart the insn. */
		if (expected.resume)
			x86_kernel_frame_set_rip(f, expected.resume);
		else if (f->vector != VEC_BREAKPOINT)
			x86_kernel_frame_set_rip(f, f->rip + expected.insn_len);
		return;
	}
	kernel_fault(f, NULL);
}

/*
 * The entries that run without big_lock (kernel/entry.c reads this table
 * first). The stop NMI comes first of all, anywhere: its entry
 * (trap_paranoid) has made GS the kernel's even when it came between a
 * SYSCALL and its SWAPGS (asm/percpu.h). A TLB shootdown is answered without the lock, which its
 * sender holds (tlb.c); from user mode it then returns with nothing to
 * check. A reschedule IPI in the kernel (the idle wait's HLT) only wakes
 * the CPU: the idle loop reads need_resched itself. wrmsr_safe()'s #GP may
 * come on a secondary before it may take the lock. NMI, #DF and #MC in
 * the kernel come anywhere, even halfway through taking a lock, and only
 * report. An idle secondary's tick has nothing to preempt, and the run
 * queue's news reach it by IPI: when big_lock is busy it is skipped rather
 * than waited for; the boot CPU's tick is the clock and always waits.
 */
static bool nmi_entry(struct trap_frame *f)
{
	x86_smp_stop_if_asked();
	if ((f->cs & 3) == 3)
		return false; /* from user mode: a user exception, under the lock */
	dispatch(f, false);
	return true;
}

static bool tlb_ipi(struct trap_frame *f)
{
	(void)f;
	x86_tlb_service();
	lapic_eoi();
	return true;
}

/* A lock waiter's wake-up (cpu.c): its loop looks at the lock itself. */
static bool kick_ipi(struct trap_frame *f)
{
	(void)f;
	lapic_eoi();
	return true;
}

/* Nothing was delivered, so nothing to acknowledge (no EOI, SDM Vol. 3A §11.9). */
static bool spurious_irq(struct trap_frame *f)
{
	(void)f;
	return true;
}

static bool reschedule_ipi_in_kernel(struct trap_frame *f)
{
	(void)f;
	lapic_eoi();
	return true;
}

static bool msr_probe_gp(struct trap_frame *f)
{
	u64 fixup = extable_fixup(f->rip);

	if (!fixup)
		return false;
	x86_kernel_frame_set_rip(f, fixup);
	return true;
}

static bool report_only(struct trap_frame *f)
{
	dispatch(f, false);
	return true;
}

/*
 * A user page fault, first without big_lock: demand paging and
 * copy-on-write of memory no shared object backs take only the address
 * space's lock (<kernel/vm.h>); anything else -- a signal, a file's page --
 * declines, and the fault comes again through dispatch() holding the lock.
 */
static bool user_page_fault_unlocked(struct trap_frame *f)
{
	return current->mm && mm_fault(current->mm, read_cr2(), pf_access(f->error_code)) == 0;
}

/*
 * A kernel-mode fault inside a user-access routine, first without
 * big_lock too: the same paging and copy-on-write, so a system call that
 * runs unlocked, or let the lock go before its copy-out (wait4), does not
 * queue for it on a page of its own. Anything else declines: the fault
 * comes again holding the lock, where kernel_uaccess_fault() fills a
 * shared object's page or resumes at the fix-up.
 */
static bool kernel_uaccess_fault_unlocked(struct trap_frame *f)
{
	u64 cr2 = read_cr2();

	return extable_fixup(f->rip) && cr2 < TASK_SIZE && kernel_uaccess_paged_in(f, cr2);
}

static bool skip_idle_tick(struct trap_frame *f)
{
	(void)f;
	if (this_cpu()->id == 0)
		return false;
	lapic_eoi();
	return true;
}

static const struct entry_rule x86_entry_rules[] = {
	{ VEC_PAGE_FAULT, ENTRY_FROM_USER, ENTRY_NO_LOCK, user_page_fault_unlocked },
	{ VEC_PAGE_FAULT, ENTRY_FROM_KERNEL, ENTRY_NO_LOCK, kernel_uaccess_fault_unlocked },
	{ VEC_NMI, ENTRY_FROM_ANY, ENTRY_NO_LOCK, nmi_entry },
	{ VEC_IPI_TLB, ENTRY_FROM_ANY, ENTRY_NO_LOCK, tlb_ipi },
	{ VEC_IPI_KICK, ENTRY_FROM_ANY, ENTRY_NO_LOCK, kick_ipi },
	{ VEC_APIC_SPURIOUS, ENTRY_FROM_ANY, ENTRY_NO_LOCK, spurious_irq },
	{ VEC_IPI_RESCHEDULE, ENTRY_FROM_KERNEL, ENTRY_NO_LOCK, reschedule_ipi_in_kernel },
	{ VEC_GP, ENTRY_FROM_KERNEL, ENTRY_NO_LOCK, msr_probe_gp },
	{ VEC_DOUBLE_FAULT, ENTRY_FROM_KERNEL, ENTRY_NO_LOCK, report_only },
	{ VEC_MACHINE_CHECK, ENTRY_FROM_KERNEL, ENTRY_NO_LOCK, report_only },
	{ VEC_APIC_TIMER, ENTRY_FROM_KERNEL, ENTRY_TRY_LOCK, skip_idle_tick },
};

/*
 * Whoever takes the lock catches up with kernel-stack unmaps first; an
 * interrupt in the kernel that took it is one arch_idle_wait() wakes for.
 */
void arch_entry_locked(bool from_user)
{
	x86_tlb_kernel_sync();
	if (!from_user)
		this_cpu()->arch.locked_irqs++;
}

/* Every vector's entry (trap_entry.S). */
void trap_dispatch(struct trap_frame *f)
{
	entry_trap(f, (unsigned int)f->vector, (f->cs & 3) == 3, x86_entry_rules,
		   ARRAY_SIZE(x86_entry_rules), dispatch);
}

// SPDX-License-Identifier: MIT
/*
 * trap_dispatch(): where every interrupt and exception lands. IRQs go to
 * their handlers; an exception in the kernel is a kernel bug and gets a
 * panic report: vector, error code, the registers, CR2/CR3, a backtrace.
 */
#include <asm/cpu.h>
#include <asm/pic.h>
#include <asm/trap.h>
#include <kernel/arch.h>
#include <kernel/kstack.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/printk.h>

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

static void (*irq_handlers[16])(void);

static struct {
	unsigned int vector;
	unsigned int insn_len;
	unsigned int hits;
	bool armed;
} expected;

void irq_set_handler(unsigned int irq, void (*fn)(void))
{
	irq_handlers[irq] = fn;
}

void trap_expect(unsigned int vector, unsigned int insn_len)
{
	expected.vector = vector;
	expected.insn_len = insn_len;
	expected.hits = 0;
	expected.armed = true;
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

/* True when the 8 bytes at addr can be read without faulting. */
static bool readable_u64(uintptr_t addr)
{
	phys_addr_t phys;
	unsigned int prot;

	return IS_ALIGNED(addr, 8) && arch_translate(addr, &phys, &prot) && (prot & KPROT_READ);
}

/* Walks the frame-pointer chain: [rbp] = caller's rbp, [rbp + 8] = return. */
static void backtrace_from(uintptr_t rip, uintptr_t rbp)
{
	extern const char __text_start[], __text_end[];

	printk("backtrace:\n  [<%016lx>]\n", (unsigned long)rip);
	for (int depth = 0; depth < 16 && rbp; depth++) {
		if (!readable_u64(rbp) || !readable_u64(rbp + 8))
			break;
		uintptr_t ret = ((uintptr_t *)rbp)[1];

		if (ret < (uintptr_t)__text_start || ret >= (uintptr_t)__text_end)
			break;
		printk("  [<%016lx>]\n", (unsigned long)ret);
		rbp = ((uintptr_t *)rbp)[0];
	}
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

static __noreturn void kernel_fault(struct trap_frame *f)
{
	u64 cr2 = read_cr2();

	panic_begin("%s (vector %lu) in kernel mode", exception_name(f->vector),
		    (unsigned long)f->vector);
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

void trap_dispatch(struct trap_frame *f)
{
	if (f->vector >= VEC_IRQ_BASE && f->vector < VEC_IRQ_BASE + 16) {
		unsigned int irq = (unsigned int)(f->vector - VEC_IRQ_BASE);

		if (pic_is_spurious(irq))
			return;
		if (irq_handlers[irq])
			irq_handlers[irq]();
		pic_eoi(irq);
		return;
	}
	if (expected.armed && f->vector == expected.vector) {
		expected.hits++;
		expected.armed = false;
		/* #BP is a trap: RIP is already past int3. Faults restart the insn. */
		if (f->vector != VEC_BREAKPOINT)
			f->rip += expected.insn_len;
		return;
	}
	kernel_fault(f);
}

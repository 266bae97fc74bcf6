// SPDX-License-Identifier: MIT
/*
 * Self-tests of SMEP and SMAP (SDM vol. 3A §4.6.1): with a user page mapped
 * (present, readable, writable, executable), a plain kernel read of it and a
 * kernel jump into it must both fault -- #PF, present, supervisor access,
 * CR2 the user address, the jump an instruction fetch -- while a read with
 * RFLAGS.AC set (the user-access path) works. Each probe is an arch
 * function whose fault resumes at a known label (trap_expect_resume).
 * Skipped where CPUID lacks the feature.
 */
#include <asm/cpu.h>
#include <asm/trap.h>
#include <asm/x86.h>
#include <kernel/arch.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <kernel/vm.h>
#include <uapi/linux/mman.h>

#define PROBE_VA 0x10000000ul /* any user address: the test's own address space */
#define RET_INSN 0xc3

/* Reads the byte at %rdi; a fault there resumes at x86_probe_read_resume. */
unsigned long x86_probe_read(uintptr_t addr);
/* Jumps to %rdi (no CALL: the stack stays as it is); resumes at x86_probe_exec_resume. */
void x86_probe_exec(uintptr_t addr);
extern const char x86_probe_read_resume[], x86_probe_exec_resume[];
__asm__(".text\n"
	".globl x86_probe_read\n"
	"x86_probe_read:\n"
	"\txorl %eax, %eax\n"
	"\tmovb (%rdi), %al\n"
	".globl x86_probe_read_resume\n"
	"x86_probe_read_resume:\n"
	"\tret\n"
	".globl x86_probe_exec\n"
	"x86_probe_exec:\n"
	"\tjmp *%rdi\n"
	".globl x86_probe_exec_resume\n"
	"x86_probe_exec_resume:\n"
	"\tret\n");

/* A fresh address space with one user RWX page holding a RET, made current. */
static struct mm *user_page_mm(struct ktest_ctx *ctx)
{
	static const u8 ret = RET_INSN;
	struct mm *mm = mm_create();

	if (!KTEST_EXPECT(ctx, mm != NULL))
		return NULL;
	mm_lock(mm); /* not held while the tests run: their faults take it */
	if (!KTEST_EXPECT_EQ(ctx,
			     mm_map(mm, PROBE_VA, PAGE_SIZE, PROT_READ | PROT_WRITE | PROT_EXEC, 0,
				    true),
			     0) ||
	    !KTEST_EXPECT_EQ(ctx, mm_write(mm, PROBE_VA, &ret, 1), 0)) {
		mm_unlock(mm);
		mm_put(mm);
		return NULL;
	}
	mm_unlock(mm);
	mm_activate(mm);
	return mm;
}

static void drop_mm(struct mm *mm)
{
	mm_activate(current->mm);
	mm_put(mm);
}

/* The page really is there for the kernel: present, executable, readable with AC set. */
static void expect_user_page_usable(struct ktest_ctx *ctx)
{
	phys_addr_t phys;
	unsigned int prot = 0;
	u8 byte = 0;

	KTEST_EXPECT(ctx, arch_translate(PROBE_VA, &phys, &prot));
	KTEST_EXPECT_EQ(ctx, prot, KPROT_READ | KPROT_WRITE | KPROT_EXEC);
	KTEST_EXPECT_EQ(ctx, arch_copy_user(&byte, (const void *)PROBE_VA, 1), 0);
	KTEST_EXPECT_EQ(ctx, byte, RET_INSN);
}

KTEST(x86_smap_blocks_kernel_read_of_user_page)
{
	u64 err = 0, cr2 = 0;

	if (!x86_features.smap) {
		ktest_skip(ctx, "no SMAP (CPUID.(7,0):EBX[20])");
		return;
	}
	unsigned long flags = arch_irq_save(); /* no context switch may change CR3 */
	struct mm *mm = user_page_mm(ctx);

	if (mm) {
		expect_user_page_usable(ctx);
		trap_expect_resume(VEC_PAGE_FAULT, (uintptr_t)x86_probe_read_resume);
		x86_probe_read(PROBE_VA);
		KTEST_EXPECT_EQ(ctx, trap_expect_hits(), 1);
		trap_expect_last(&err, &cr2);
		KTEST_EXPECT_EQ(ctx, err, PF_PRESENT); /* a supervisor read of a present page */
		KTEST_EXPECT_EQ(ctx, cr2, PROBE_VA);
		drop_mm(mm);
	}
	arch_irq_restore(flags);
}

KTEST(x86_smep_blocks_kernel_exec_of_user_page)
{
	u64 err = 0, cr2 = 0;

	if (!x86_features.smep) {
		ktest_skip(ctx, "no SMEP (CPUID.(7,0):EBX[7])");
		return;
	}
	unsigned long flags = arch_irq_save();
	struct mm *mm = user_page_mm(ctx);

	if (mm) {
		expect_user_page_usable(ctx);
		trap_expect_resume(VEC_PAGE_FAULT, (uintptr_t)x86_probe_exec_resume);
		x86_probe_exec(PROBE_VA);
		KTEST_EXPECT_EQ(ctx, trap_expect_hits(), 1);
		trap_expect_last(&err, &cr2);
		KTEST_EXPECT_EQ(ctx, err, PF_PRESENT | PF_INSTR); /* a supervisor fetch */
		KTEST_EXPECT_EQ(ctx, cr2, PROBE_VA);
		drop_mm(mm);
	}
	arch_irq_restore(flags);
}

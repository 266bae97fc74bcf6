// SPDX-License-Identifier: MIT
/*
 * CET user shadow stacks, the hardware half (the policy is kernel/shstk/shstk.c).
 *
 * With CR4.CET set and IA32_U_CET.SH_STK_EN set for a thread, every user
 * CALL also pushes the return address on the shadow stack at SSP and every
 * RET compares, raising #CP on a mismatch (SDM vol. 1 §17.2). While the
 * kernel runs, the user SSP sits in IA32_PL3_SSP: the CPU stores it there
 * on entry from ring 3 and loads it on the way back (SDM vol. 1 §17.2.5,
 * vol. 3A §6.14.6). So a context switch swaps IA32_U_CET and IA32_PL3_SSP
 * -- with RDMSR/WRMSR rather than XSAVES: Bochs 2.7's XSAVES of the CET_U
 * component is broken, and real CPUs are happy either way.
 */
#include <asm/cet.h>
#include <asm/cpu.h>
#include <asm/msr.h>
#include <asm/syscalls.h>
#include <asm/trap.h>
#include <asm/x86.h>
#include <kernel/arch.h>
#include <kernel/cmdline.h>
#include <kernel/exit.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/pid.h>
#include <kernel/printk.h>
#include <kernel/shstk.h>
#include <kernel/signal.h>
#include <kernel/smp.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>
#include <uapi/linux/signal.h>

static bool cet_on;

/* shstk=off (x86_cet_init), kibt=off, kshstk=off (kernel_*.c) are the kernel's, never init's. */
const char *const arch_cmdline_params[] = { "shstk", "kibt", "kshstk", NULL };

static void hw_wrmsr(u32 msr, u64 value)
{
	wrmsr(msr, value);
}

static const struct x86_cet_hw cet_hw = {
	.wrmsr = hw_wrmsr,
	.read_cr4 = read_cr4,
	.write_cr4 = write_cr4,
};

/*
 * Linux enables user shadow stacks only where XSAVES manages the CET_U
 * state component (CPUID.(EAX=0DH,ECX=1):ECX[11]; SDM vol. 1 §13.2),
 * because Linux switches IA32_U_CET and IA32_PL3_SSP with XSAVES/XRSTORS.
 * Umbra switches them with RDMSR/WRMSR (x86_cet_switch()), which needs
 * only the MSRs, so it does not require the bit: Bochs 2.7 hides it while
 * implementing the MSRs, and there CET stays live. The log says what the
 * CPU reports (docs/DESIGN.md §4.2).
 */
void x86_cet_init(void)
{
	const char *opt = cmdline_get(&kernel_cmdline, "shstk");

	x86_kernel_ibt_init();
	if (x86_features.shstk && opt && strcmp(opt, "off") == 0)
		pr_info("cet: shadow stacks switched off by shstk=off\n");
	else if (x86_features.shstk)
		cet_on = true;
	if (!cet_on && !x86_kernel_ibt_on() && !x86_kernel_shstk_on())
		return;
	/* QEMU TCG hangs on the CR4 write: we got here via CPUID, which TCG does not set. */
	x86_cet_enable_cpu(&cet_hw, x86_kernel_s_cet());
	if (cet_on)
		pr_info("cet: user shadow stacks available (switched by RDMSR/WRMSR; XSAVES CET_U "
			"%s)\n",
			x86_features.xss_cet_u ? "present, unused" : "absent, not needed");
}

/* Values the secondary check writes: every U_CET control we use, an aligned user SSP. */
#define CHECK_U_CET (CET_SHSTK_EN | CET_WRSS_EN)
#define CHECK_PL3_SSP 0x00007fffffffeff8ul
#define CPUID_LEAF_FEATURES7 7

int x86_cet_check_secondary(u64 *detail)
{
	static const struct {
		u32 msr;
		u64 value;
	} probe[] = { { MSR_IA32_U_CET, CHECK_U_CET }, { MSR_IA32_PL3_SSP, CHECK_PL3_SSP } };
	struct cpuid_regs r7 = { 0 };

	if (cpuid(0, 0).eax >= CPUID_LEAF_FEATURES7)
		r7 = cpuid(CPUID_LEAF_FEATURES7, 0);
	if (!!(r7.ecx & CPUID7_ECX_CET_SS) != x86_features.shstk ||
	    !!(r7.edx & CPUID7_EDX_CET_IBT) != x86_features.ibt) {
		*detail = CPUID_LEAF_FEATURES7;
		return SMP_SHSTK_MISMATCH;
	}
	/* As x86_cet_init() on the boot CPU: kernel IBT or shadow stacks alone need CR4.CET too. */
	if (!cet_on) {
		if (x86_kernel_ibt_on() || x86_kernel_shstk_on())
			x86_cet_enable_cpu(&cet_hw, x86_kernel_s_cet());
		return SMP_SHSTK_ABSENT;
	}
	x86_cet_enable_cpu(&cet_hw, x86_kernel_s_cet());
	for (unsigned int i = 0; i < ARRAY_SIZE(probe); i++) {
		/* WRMSR/RDMSR of the CET MSRs: SDM vol. 4 table 2-2; vol. 1 §17.2.5. */
		if (wrmsr_safe(probe[i].msr, probe[i].value) ||
		    rdmsr(probe[i].msr) != probe[i].value) {
			*detail = probe[i].msr;
			return SMP_SHSTK_BAD_REG;
		}
	}
	wrmsr(MSR_IA32_U_CET, 0);
	wrmsr(MSR_IA32_PL3_SSP, 0);
	return SMP_SHSTK_OK;
}

bool arch_shstk_supported(void)
{
	return cet_on;
}

/* IBT needs CR4.CET, which Umbra sets only with shadow stacks (x86_cet_init()). */
bool x86_ibt_supported(void)
{
	return cet_on && x86_features.ibt;
}

bool arch_shstk_enabled(const struct task *t)
{
	return t->arch.shstk_features & ARCH_SHSTK_SHSTK;
}

/*
 * Whether ssp may go into IA32_PL3_SSP. WRMSR refuses a non-canonical value
 * or one with bits 1:0 set (#GP; SDM vol. 4 table 2-2, IA32_PL3_SSP), and a
 * 64-bit shadow stack holds 8-byte entries, its tokens 8-byte aligned (SDM
 * vol. 1 §17.2.3): the kernel only ever writes an 8-byte-aligned user
 * address. The seed's clone3 checks only the pointer's alignment
 * (docs/ABI.md §4.6), so pointer + an odd size gets here and is refused.
 */
static bool pl3_ssp_ok(u64 ssp)
{
	return IS_ALIGNED(ssp, 8) && ssp < TASK_SIZE;
}

/* current's live value is in the MSR, everyone else's in its task. */
uintptr_t arch_shstk_get_ssp(const struct task *t)
{
	if (!cet_on)
		return 0;
	return t == current ? rdmsr(MSR_IA32_PL3_SSP) : t->arch.pl3_ssp;
}

/* A bad value is kept for the task, never written: x86_cet_switch() refuses it. */
void arch_shstk_set_ssp(struct task *t, uintptr_t ssp)
{
	t->arch.pl3_ssp = ssp;
	if (t == current && pl3_ssp_ok(ssp))
		wrmsr(MSR_IA32_PL3_SSP, ssp);
}

/* CET: SSP at the exclusive top, no token (Linux's alloc_shstk()). */
uintptr_t arch_shstk_thread_ssp(uintptr_t base, u64 size)
{
	return base + size;
}

void arch_shstk_reset(struct task *t)
{
	t->arch.shstk_features = 0;
	t->arch.shstk_locked = 0;
	t->arch.u_cet = 0;
	t->arch.pl3_ssp = 0;
	if (t == current && cet_on) {
		wrmsr(MSR_IA32_U_CET, 0);
		wrmsr(MSR_IA32_PL3_SSP, 0);
	}
}

const struct shstk_rules *const arch_shstk_rules = &shstk_rules_x86;

/*
 * The restore token RSTORSSP expects at addr + size - 8 (the unrounded
 * size): (addr + size) | 1. The pages are this process's own, so the kernel
 * writes through its direct map rather than with WRUSS.
 */
int arch_shstk_map_token(struct mm *mm, uintptr_t addr, u64 size, unsigned int flags)
{
	if (!(flags & SHADOW_STACK_SET_TOKEN))
		return 0;

	u64 top = addr + size, token = top | SHSTK_TOKEN_64BIT;

	if (top & 7)
		return -EINVAL;
	return mm_write(mm, top - 8, &token, sizeof(token)) ? -EINVAL : 0;
}

/*
 * clone3_shstk=token: the restore token of a stack whose SSP will be addr +
 * 8 -- (addr + 8) | 1, what RSTORSSP checks and consumes (SDM vol. 1
 * §17.2.3) and map_shadow_stack(SET_TOKEN) writes. x86 has no user-mode
 * shadow-stack compare-and-exchange, so the kernel does a plain atomic one
 * on its own view of the page.
 */
int arch_shstk_consume_token(struct mm *mm, uintptr_t addr)
{
	int r = mm_cmpxchg_u64(mm, addr, (addr + 8) | SHSTK_TOKEN_64BIT, 0);

	return r > 0 ? -EINVAL : r;
}

void x86_cet_switch(struct task *prev, struct task *next)
{
	if (!cet_on)
		return;
	prev->arch.u_cet = rdmsr(MSR_IA32_U_CET);
	prev->arch.pl3_ssp = rdmsr(MSR_IA32_PL3_SSP);
	wrmsr(MSR_IA32_U_CET, next->arch.u_cet);
	if (pl3_ssp_ok(next->arch.pl3_ssp)) {
		wrmsr(MSR_IA32_PL3_SSP, next->arch.pl3_ssp);
		return;
	}
	/*
	 * A seed-style clone3 stack of an odd size: the task cannot run on it.
	 * The switch holds its run queue's lock, not big_lock, which a kill needs: the
	 * return to user mode kills it (x86_cet_return_check()).
	 */
	wrmsr(MSR_IA32_PL3_SSP, 0);
	if (next->proc)
		next->arch.ssp_refused = true;
}

bool x86_cet_return_check(void)
{
	struct task *t = current;

	if (!t->arch.ssp_refused)
		return true;
	t->arch.ssp_refused = false;
	printk("umbra: pid %d (%s): shadow-stack pointer %#lx is not 8-byte aligned: "
	       "killed by signal %d\n",
	       task_tid_in(t, &init_pid_ns), t->name, (unsigned long)t->arch.pl3_ssp, SIGSEGV);
	process_begin_exit(t->proc, WAIT_STATUS_SIGNALED(SIGSEGV));
	return false;
}

void x86_cet_fork(struct task *child, const struct task *parent)
{
	child->arch.shstk_features = parent->arch.shstk_features;
	child->arch.shstk_locked = parent->arch.shstk_locked;
	if (!cet_on)
		return;
	child->arch.u_cet = parent == current ? rdmsr(MSR_IA32_U_CET) : parent->arch.u_cet;
	/* PL3_SSP: shstk_clone() decides the child's. */
}

/* From a system call: the tracker is idle (the SYSCALL was reached by no indirect branch). */
void x86_write_u_cet(void)
{
	unsigned long f = current->arch.shstk_features;
	u64 v = 0;

	if (f & ARCH_SHSTK_SHSTK)
		v |= CET_SHSTK_EN;
	if (f & ARCH_SHSTK_WRSS)
		v |= CET_WRSS_EN;
	if (f & ARCH_SHSTK_IBT)
		v |= CET_ENDBR_EN | CET_NO_TRACK_EN;
	wrmsr(MSR_IA32_U_CET, v);
}

static long cet_enable(void)
{
	struct task *t = current;
	int err;

	if (arch_shstk_enabled(t))
		return 0;
	if (!cet_on)
		return -EOPNOTSUPP;
	err = shstk_enable(t); /* the stack, and PL3_SSP at its empty top: no token, as Linux */
	if (err)
		return err;
	t->arch.shstk_features |= ARCH_SHSTK_SHSTK;
	x86_write_u_cet();
	return 0;
}

static long shstk_disable(void)
{
	struct task *t = current;

	if (!cet_on)
		return -EOPNOTSUPP;
	if (!arch_shstk_enabled(t))
		return 0;
	t->arch.shstk_features &= ~(ARCH_SHSTK_SHSTK | ARCH_SHSTK_WRSS);
	x86_write_u_cet();
	wrmsr(MSR_IA32_PL3_SSP, 0);
	shstk_release(t, t->mm);
	return 0;
}

static long wrss_control(bool enable)
{
	struct task *t = current;

	if (!cet_on)
		return -EOPNOTSUPP;
	/* Both ways, as Linux: WRSS exists only while shadow stacks are on. */
	if (!arch_shstk_enabled(t))
		return -EPERM;
	if (enable)
		t->arch.shstk_features |= ARCH_SHSTK_WRSS;
	else
		t->arch.shstk_features &= ~ARCH_SHSTK_WRSS;
	x86_write_u_cet();
	return 0;
}

/* arch_prctl(ARCH_SHSTK_*): Linux's order of checks (docs/ABI.md §4.4). */
long x86_shstk_prctl(int option, unsigned long features)
{
	struct task *t = current;

	if (option == ARCH_SHSTK_STATUS)
		return put_user(t->arch.shstk_features, (unsigned long __user *)features);
	if (option == ARCH_SHSTK_LOCK) {
		t->arch.shstk_locked |= features;
		return 0;
	}
	if (option == ARCH_SHSTK_UNLOCK)
		return -EINVAL; /* only through ptrace, which Umbra does not have */
	if (features & t->arch.shstk_locked)
		return -EPERM;
	if (features & (features - 1)) /* more than one bit */
		return -EINVAL;
	if (features & ARCH_SHSTK_IBT)
		return x86_ibt_control(option == ARCH_SHSTK_ENABLE);
	if (option == ARCH_SHSTK_DISABLE) {
		if (features & ARCH_SHSTK_WRSS)
			return wrss_control(false);
		if (features & ARCH_SHSTK_SHSTK)
			return shstk_disable();
		return -EINVAL;
	}
	if (features & ARCH_SHSTK_SHSTK)
		return cet_enable();
	if (features & ARCH_SHSTK_WRSS)
		return wrss_control(true);
	return -EINVAL;
}

/* x86 controls its shadow stack with arch_prctl: the prctl options are EINVAL, as Linux. */
long arch_shstk_status_get(unsigned long __user *mode)
{
	(void)mode;
	return -EINVAL;
}

long arch_shstk_status_set(unsigned long mode)
{
	(void)mode;
	return -EINVAL;
}

long arch_shstk_status_lock(unsigned long mode)
{
	(void)mode;
	return -EINVAL;
}

/* ---- #CP ---- */

static const char *cp_name(u64 code)
{
	switch (code & 0x7fff) {
	case CP_NEAR_RET:
		return "near ret";
	case CP_FAR_RET_IRET:
		return "far ret/iret";
	case CP_ENDBRANCH:
		return "endbranch";
	case CP_RSTORSSP:
		return "rstorssp";
	case CP_SETSSBSY:
		return "setssbsy";
	default:
		return "unknown";
	}
}

/* Prints up to n words at a user address, or why it could not. */
static void dump_user_words(const char *what, uintptr_t at, int n)
{
	printk("  %s top at %#lx:", what, (unsigned long)at);
	for (int i = 0; i < n; i++) {
		u64 w;

		if (copy_from_user(&w, (const void __user *)(at + 8 * i), sizeof(w))) {
			printk(" (unreadable)");
			break;
		}
		printk(" %016lx", (unsigned long)w);
	}
	printk("\n");
}

void x86_cp_fault(struct trap_frame *f, bool from_user)
{
	uintptr_t ssp = cet_on ? rdmsr(MSR_IA32_PL3_SSP) : 0;

	if (!from_user) {
		panic_begin("#CP control protection (%s, error code %#lx) in kernel mode",
			    cp_name(f->error_code), (unsigned long)f->error_code);
		if ((f->error_code & 0x7fff) == CP_ENDBRANCH)
			printk("kernel IBT: an indirect CALL or JMP landed at %#lx, not on an "
			       "ENDBR64\n",
			       (unsigned long)f->rip);
		if ((f->error_code & 0x7fff) == CP_NEAR_RET)
			printk("kernel shadow stack: the RET at %#lx would return to %#lx, "
			       "the shadow stack says %#lx\n",
			       (unsigned long)f->rip, (unsigned long)*(const u64 *)f->rsp,
			       (unsigned long)x86_kernel_shstk_expected_ret(f));
		printk("RIP: %016lx RSP: %016lx user SSP: %016lx\n", (unsigned long)f->rip,
		       (unsigned long)f->rsp, (unsigned long)ssp);
		arch_dump_stack();
		poweroff(POWEROFF_PANIC);
	}
	printk("umbra: pid %d (%s): control protection fault (%s, error code %#lx) at ip %#lx sp "
	       "%#lx ssp %#lx\n",
	       task_tid_in(current, &init_pid_ns), current->name, cp_name(f->error_code),
	       (unsigned long)f->error_code, (unsigned long)f->rip, (unsigned long)f->rsp,
	       (unsigned long)ssp);
	dump_user_words("stack", f->rsp, 4);
	dump_user_words("shadow stack", ssp, 4);
	signal_force_fault(SIGSEGV, SEGV_CPERR, 0, "control protection");
}
